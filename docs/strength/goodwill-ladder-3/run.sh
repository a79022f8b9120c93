#!/bin/bash
# Goodwill's skill ladder again (issue 27), after strong and expert came to value their cut-off
# 8 moves on by the heuristic's forecast (levels.toml): random and the four levels at their
# lobby settings, 3 players, seeds 57 and 157 (30 games each), in chunks of 3, CPU-clock
# budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-ladder-3/chunk-*.json
for seed in 57 157; do
  "$(dirname "$0")/../ladder-chunks.sh" docs/strength/goodwill-ladder-3 goodwill $seed 30 3
done
