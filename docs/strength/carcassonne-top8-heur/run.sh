#!/bin/bash
# Issue 27's Carcassonne target: expert:ms=250 (the heuristic's 8 best-ranked moves at the root,
# cut-off 10 valued by the heuristic) against the heuristic, 2 players, 200 seat-rotated games in
# 20 chunks of 10 (seeds 9100-9119), CPU-clock budgets; resumes where it stopped.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-top8-heur/chunk-*.json
cd "$(dirname "$0")" && exec ../chunks.sh docs/strength/carcassonne-top8-heur carcassonne 9100 20 \
  -b expert:ms=250 -b heuristic -p 2
