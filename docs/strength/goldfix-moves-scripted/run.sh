#!/bin/bash
# GOLDFIX with how far to move (`MOVE`) left to the heuristic as well as the auctions' bids
# (games/goldfix/bots.py `scripted` with MOVE added; worse, not landed: docs/bots.md
# "GOLDFIX's auctions"): expert:ms=250 against two heuristic bots on the very deals and bot
# seeds of docs/strength/goldfix-bids-scripted (seeds 8000-8026, chunks of 3 seat-rotated
# games; 8000-8016 were played), CPU-clock budgets; resumes where it stopped, two copies may
# run side by side.  Run with the code under test first on PYTHONPATH.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-moves-scripted/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goldfix-bids-scripted/chunk-*.json \
#   --after docs/strength/goldfix-moves-scripted/chunk-*.json
CHUNK=3 "$(dirname "$0")/../chunks.sh" docs/strength/goldfix-moves-scripted goldfix 8000 27 \
  -p 3 -b expert:ms=250 -b heuristic -b heuristic
