#!/bin/bash
# The levels' Goodwill search with worlds weighed by the prices the others said this year
# (mcts belief=heuristic: goodwill/bots.py, believed) and its root ranked around the share's
# worth in those worlds, on the deals of the levels' target run (seeds 28-31: 28-29 in
# docs/strength/goodwill-eval/heuristic-cut8-s2{8,9}.json, 30-31 in docs/strength/goodwill-rank6)
# for the pairing.  Pool: python bench/strength.py goodwill --from docs/strength/goodwill-belief/chunk-*.json
CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-belief goodwill 28 4 \
  -p 3 -b strong:ms=250,eval=heuristic,cutoff=8,belief=heuristic -b casual -b casual
