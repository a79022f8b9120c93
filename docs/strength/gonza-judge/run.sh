#!/bin/bash
# Gonza Index's fitted judgement (bots.py JudgeBot, data/judge.toml) at the search's cut-off:
# expert:ms=250,eval=judge (the expert otherwise as it ships: the strong level's tuned search,
# cut-off 6) against heuristic, 2 players, on the 200 deals and bot seeds of the device run
# docs/strength/device-gonza-expert250-heur.json (seeds 7000-7049, chunks of 4 seat-rotated
# games), CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py gonza --from docs/strength/gonza-judge/chunk-*.json
CHUNK=4 "$(dirname "$0")/../chunks.sh" docs/strength/gonza-judge gonza \
  7000 50 -b expert:ms=250,eval=judge -b heuristic -p 2
