#!/bin/bash
# Issue 27's Carcassonne target again, after the faster cut-off (evaluate_seats): expert:ms=250
# against the heuristic, 2 players, 200 seat-rotated games in 20 chunks of 10 on deals no setting
# was chosen on (seeds 9700-9719), CPU-clock budgets; resumes where it stopped.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-top8-heur-2/chunk-*.json
cd "$(dirname "$0")" && exec ../chunks.sh docs/strength/carcassonne-top8-heur-2 carcassonne 9700 20 \
  -b expert:ms=250 -b heuristic -p 2
