#!/bin/bash
# Issue 27's equal-time target in Carcassonne again, with the expert as it now ships (the ranked
# root top=8 and the cut-off 20 moves on): expert:ms=500 against mcts:ms=500 (the game's tuned
# search: cut-off 10, heuristic evaluation, every move at the root), 2 players, on the deals and
# bot seeds of docs/strength/carcassonne-expert500-mcts500 (seeds 9300-9319, chunks of 10
# seat-rotated games), CPU-clock budgets; resumes where it stopped, two copies may run side by
# side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-expert500-mcts500-cut20/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-expert500-mcts500/chunk-*.json \
#   --after docs/strength/carcassonne-expert500-mcts500-cut20/chunk-*.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-expert500-mcts500-cut20 carcassonne \
  9300 20 -b expert:ms=500 -b mcts:ms=500 -p 2
