#!/bin/bash
# Carcassonne's search valued 20 moves on instead of the game's 10 (`cutoff=20`, the heuristic's
# evaluation at the cut-off, the ranked root top=8 as in levels.toml): expert:ms=250,cutoff=20
# against the heuristic on the very deals and bot seeds of docs/strength/carcassonne-top8-heur-2
# (seeds 9700-9719), 2 players, chunks of 10 seat-rotated games, CPU-clock budgets; resumes where
# it stopped, two copies may run side by side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-cutoff-20/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-top8-heur-2/chunk-*.json \
#   --after docs/strength/carcassonne-cutoff-20/chunk-*.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-cutoff-20 carcassonne 9700 20 \
  -p 2 -b expert:ms=250,cutoff=20 -b heuristic
