#!/bin/bash
# Goodwill at equal time (issue 27): expert:ms=500 (the levels' search: top=5, cut-off 8, the
# heuristic's forecast at the cut-off) against mcts:ms=500 (the game's tuned search as it was:
# heuristic rollouts to cut-off 20 valued by the score, the heuristic as the others' model),
# with casual in the third seat, 3 players, fresh deals (seeds 9800-9809, chunks of 6
# seat-rotated games), CPU-clock budgets; resumes, two copies may run side by side.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-expert500-mcts500/chunk-*.json
CHUNK=6 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-expert500-mcts500 goodwill \
  9800 10 -p 3 -b expert:ms=500 -b mcts:ms=500 -b casual
