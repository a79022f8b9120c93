#!/bin/bash
# Gold am Yukon (issue 27): the beginner level ranked above casual in the ladder (a search of
# 24 iterations with the heuristic's rollouts already out-plays the greedy heuristic there).
# Candidates for a beginner below casual, each one beginner against two casual bots, 30
# seat-rotated games on the same deals (seeds 9500-9502, chunks of 10), CPU-clock budgets.
# Pool one: python bench/strength.py yukon --from docs/strength/yukon-beginner/iters-24/chunk-*.json
cd "$(dirname "$0")"
for iters in 24 6 3; do
  ../chunks.sh docs/strength/yukon-beginner/iters-$iters yukon 9500 3 \
    -p 3 -b beginner:iters=$iters -b casual -b casual
done
