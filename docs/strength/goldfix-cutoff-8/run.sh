#!/bin/bash
# GOLDFIX's search valued 8 moves on instead of the game's 20 (`cutoff=8`, the heuristic's
# evaluate at the cut-off, as Goodwill's levels do since docs/bots.md "Goodwill's cut-off"):
# expert:ms=250,cutoff=8 against two heuristic bots on the very deals and bot seeds of
# docs/strength/goldfix-bids-scripted (seeds 8000-8026, chunks of 3 seat-rotated games;
# stopped after 8000-8008, worse: docs/bots.md "GOLDFIX's cut-off"), CPU-clock budgets;
# resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-cutoff-8/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goldfix-bids-scripted/chunk-*.json \
#   --after docs/strength/goldfix-cutoff-8/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/goldfix-cutoff-8 goldfix 8000 27 \
  -p 3 -b expert:ms=250,cutoff=8 -b heuristic -b heuristic
