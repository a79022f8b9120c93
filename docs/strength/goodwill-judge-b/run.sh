#!/bin/bash
# docs/strength/goodwill-judge/run.sh's match on 60 new deals (seeds 32-33, chunks of 30),
# beside docs/strength/goodwill-heur-b (the same deals with the heuristic's forecast at the
# cut-off) for the pairing.
# Pair: python bench/paired.py --before docs/strength/goodwill-heur-b/chunk-*.json \
#   --after docs/strength/goodwill-judge-b/chunk-*.json
CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-judge-b goodwill 32 2 \
  -p 3 -b strong:ms=250,eval=judge,cutoff=8 -b casual -b casual
