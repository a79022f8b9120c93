#!/bin/bash
# Issue 27's equal-time target in Carcassonne: expert:ms=500 (the ranked root, top=8) against
# mcts:ms=500 (the game's tuned search without it: cut-off 10, heuristic evaluation), 2 players,
# seat-rotated chunks of 10 games (seeds 9300-9319), CPU-clock budgets; resumes where it stopped.
# Stopped on 2026-11-28 after six chunks (60 games) for the session's end.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-expert500-mcts500/chunk-*.json
cd "$(dirname "$0")" && exec ../chunks.sh docs/strength/carcassonne-expert500-mcts500 carcassonne \
  9300 20 -b expert:ms=500 -b mcts:ms=500 -p 2
