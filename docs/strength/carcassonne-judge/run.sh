#!/bin/bash
# Carcassonne's fitted judgement (bots.py JudgeBot, data/judge.toml) at the search's cut-off:
# expert:ms=250,eval=judge (the expert otherwise as it ships: top=8, cut-off 20) against
# heuristic, 2 players, on the 200 deals and bot seeds of docs/strength/carcassonne-cutoff-20
# (seeds 9700-9719, chunks of 10 seat-rotated games), CPU-clock budgets; resumes where it
# stopped, two copies may run side by side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-judge/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-cutoff-20/chunk-*.json \
#   --after docs/strength/carcassonne-judge/chunk-*.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-judge carcassonne \
  9700 20 -b expert:ms=250,eval=judge -b heuristic -p 2
