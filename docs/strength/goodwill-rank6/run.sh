#!/bin/bash
# The match of docs/strength/goodwill-rank40 on its new deals (seeds 30-31) with the code before
# it (commit 6514f12: the root ranked around the heuristic bot's own 6-world price), for the
# pairing; that commit's src is checked out by chunks.sh (COMMIT) and put first on PYTHONPATH.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-rank6/chunk-*.json
COMMIT=6514f12 CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-rank6 goodwill 30 2 \
  -p 3 -b strong:ms=250,eval=heuristic,cutoff=8 -b casual -b casual
