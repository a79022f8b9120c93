#!/bin/bash
# Issue 27's equal-time target in Carcassonne with the fitted judgement at the cut-off:
# expert:ms=500,eval=judge (top=8, cut-off 20) against mcts:ms=500 (the game's tuned search:
# cut-off 10, the heuristic's evaluation, every move at the root), 2 players, on the deals and
# bot seeds of docs/strength/carcassonne-expert500-mcts500-cut20 (seeds 9300-9313, chunks of
# 10 seat-rotated games), CPU-clock budgets; resumes where it stopped, two copies may run side
# by side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-judge-expert500-mcts500/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-expert500-mcts500-cut20/chunk-*.json \
#   --after docs/strength/carcassonne-judge-expert500-mcts500/chunk-*.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-judge-expert500-mcts500 carcassonne \
  9300 14 -b expert:ms=500,eval=judge -b mcts:ms=500 -p 2
