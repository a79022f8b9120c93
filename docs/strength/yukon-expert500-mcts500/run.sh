#!/bin/bash
# Issue 27's equal-time target in Gold am Yukon: expert:ms=500 (the learned evaluator at the
# cut-off) against mcts:ms=500 (the game's tuned search without it), 3 players. The third seat
# is casual (the heuristic), so each game seats one of each and every seat order comes round;
# the target's figure is the expert's head-to-head rate against mcts:ms=500 (which of the two
# finished ahead). Seeds 9400-9409 (never used for a choice), chunks of 3 seat-rotated games,
# CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py yukon --from docs/strength/yukon-expert500-mcts500/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/yukon-expert500-mcts500 yukon \
  9400 10 -b expert:ms=500 -b mcts:ms=500 -b casual -p 3
