#!/bin/bash
# GOLDFIX at equal time (issue 27): expert:ms=500 (the levels' search: heuristic rollouts to a
# cut-off of 40 moves valued by the heuristic's evaluate, an auction's bids and a deal's edits
# left to the heuristic) against mcts:ms=500 (the game's tuned search: the same, but its cut-off
# at 20), with casual in the third seat, 3 players, fresh deals (seeds 9900-9919, chunks of 3
# seat-rotated games), CPU-clock budgets; resumes, two copies may run side by side.  A game is
# about 10 minutes of a core.  Chunks 9900-9904 were played by commit 4e86972's src
# (COMMIT=4e86972 in the environment; GOLDFIX's bots and search are the same on main since).
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-expert500-mcts500/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/goldfix-expert500-mcts500 goldfix \
  9900 20 -p 3 -b expert:ms=500 -b mcts:ms=500 -b casual
