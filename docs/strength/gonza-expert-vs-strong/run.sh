#!/bin/bash
# Gonza Index's top step at the lobby's settings: expert (1 s, the learned evaluator) against
# strong (0.3 s, the heuristic's worth), 2 players, seat-rotated chunks of 4 games on fresh deals
# (seeds 9500-9529), CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py gonza --from docs/strength/gonza-expert-vs-strong/chunk-*.json
CHUNK=4 "$(dirname "$0")/../chunks.sh" docs/strength/gonza-expert-vs-strong gonza 9500 30 \
  -p 2 -b expert -b strong
