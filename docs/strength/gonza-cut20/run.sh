#!/bin/bash
# The Gonza expert with its learned net valuing the position after 20 random rollout moves
# (cutoff=20; the level's tuned cut-off is 6), expert:ms=250 against heuristic, on the same 40
# deals and bot seeds as docs/strength/gonza-net-here (seeds 7000-7009, chunks of 4), played by
# commit 4e86972's src (the first to allow cutoff=0; any commit since 94b469f plays this one alike).
# Pair: python bench/paired.py --before docs/strength/gonza-net-here/chunk-*.json \
#   --after docs/strength/gonza-cut20/chunk-*.json
CHUNK=4 COMMIT=4e86972 "$(dirname "$0")/../chunks.sh" docs/strength/gonza-cut20 gonza \
  7000 10 -b expert:ms=250,cutoff=20 -b heuristic -p 2
