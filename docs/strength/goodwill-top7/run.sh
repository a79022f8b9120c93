#!/bin/bash
# Goodwill's search with a wider ranked root: the 7 prices nearest the heuristic bot's own
# instead of the levels' 5 (strong:ms=250,top=7 with the forecast 8 moves on, as in
# levels.toml) against two casual bots, 3 players, 30 seat-rotated games a seed, seeds 28-30
# (the deals of docs/strength/goodwill-eval/heuristic-cut8-s28.json, -s29.json and
# docs/strength/goodwill-rank6/chunk-30.json: the same match with top=5), CPU-clock budgets;
# run on commit 6514f12's src (checked out by chunks.sh, COMMIT, first on PYTHONPATH), whose
# ranking is the one the levels use.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-top7/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goodwill-eval/heuristic-cut8-s2[89].json \
#   docs/strength/goodwill-rank6/chunk-30.json --after docs/strength/goodwill-top7/chunk-*.json
COMMIT=6514f12 CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-top7 goodwill 28 3 -p 3 \
  -b strong:ms=250,eval=heuristic,cutoff=8,top=7 -b casual -b casual
