#!/bin/bash
# GOLDFIX with the auctions' bids left to the heuristic (games/goldfix/bots.py `scripted`):
# expert:ms=250 (the same search as then) against two heuristic bots on the deals of the 250 ms
# target run before it (seeds 8000-8033, chunks of 3 seat-rotated games,
# docs/strength/goldfix-expert250-heur; 8000-8027 but 8026 were played), CPU-clock budgets;
# resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-bids-scripted/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/goldfix-bids-scripted goldfix 8000 34 \
  -p 3 -b expert:ms=250 -b heuristic -b heuristic
