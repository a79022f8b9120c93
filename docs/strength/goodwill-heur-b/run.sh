#!/bin/bash
# The levels' Goodwill search as it ships (top=5, cut-off 8, the heuristic's forecast) at
# 250 ms against two casual bots, on the deals of docs/strength/goodwill-judge-b (seeds 32-33,
# chunks of 30): the side-by-side baseline for the judge there.
CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-heur-b goodwill 32 2 \
  -p 3 -b strong:ms=250,eval=heuristic,cutoff=8 -b casual -b casual
