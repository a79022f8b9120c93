#!/bin/bash
# GOLDFIX's search valued 40 moves on instead of the game's 20 (`cutoff=40`, the heuristic's
# evaluate at the cut-off; 8 moves did worse, docs/strength/goldfix-cutoff-8):
# expert:ms=250,cutoff=40 against two heuristic bots on the very deals and bot seeds of
# docs/strength/goldfix-bids-scripted (seeds 8000-8026) and, on 8027-8033, of the rest of the
# 102-game target run (docs/strength/goldfix-expert250-heur): chunks of 3 seat-rotated games,
# CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-cutoff-40/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goldfix-bids-scripted/chunk-*.json \
#   --after docs/strength/goldfix-cutoff-40/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/goldfix-cutoff-40 goldfix 8000 34 \
  -p 3 -b expert:ms=250,cutoff=40 -b heuristic -b heuristic
