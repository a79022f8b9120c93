#!/bin/bash
# Carcassonne's search at cut-off 20 with a wider ranked root: the heuristic's 12 best moves
# instead of the levels' 8 (expert:ms=250,cutoff=20,top=12, the heuristic's evaluation at the
# cut-off) against the heuristic, on the very deals and bot seeds of
# docs/strength/carcassonne-cutoff-20 (seeds 9700-9719), 2 players, chunks of 10 seat-rotated
# games, CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-cutoff-20-top-12/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-cutoff-20/chunk-*.json \
#   --after docs/strength/carcassonne-cutoff-20-top-12/chunk-*.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-cutoff-20-top-12 carcassonne 9700 20 \
  -p 2 -b expert:ms=250,cutoff=20,top=12 -b heuristic
