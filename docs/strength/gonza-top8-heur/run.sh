#!/bin/bash
# Gonza Index: expert:ms=250 with a ranked root (top=8: the heuristic's 8 best moves, its own
# first) against the heuristic, 2 players, seat-rotated chunks of 10 games (seeds 9200-9219),
# CPU-clock budgets; resumes where it stopped.  Stopped on 2026-11-28 after two chunks (20 games:
# 35.0%, clearly below the expert without top), so the other seeds were not played.
# Pool: python bench/strength.py gonza --from docs/strength/gonza-top8-heur/chunk-*.json
cd "$(dirname "$0")" && exec ../chunks.sh docs/strength/gonza-top8-heur gonza 9200 20 \
  -b expert:ms=250,top=8 -b heuristic -p 2
