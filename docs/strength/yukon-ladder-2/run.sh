#!/bin/bash
# Gold am Yukon's skill ladder again, with the beginner of 4 iterations (issue 27): random and
# the four levels at their lobby settings, 3 players, seeds 58 and 158 (30 games each), in
# chunks of 3, CPU-clock budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py yukon --from docs/strength/yukon-ladder-2/chunk-*.json
for seed in 58 158; do
  "$(dirname "$0")/../ladder-chunks.sh" docs/strength/yukon-ladder-2 yukon $seed 30 3
done
