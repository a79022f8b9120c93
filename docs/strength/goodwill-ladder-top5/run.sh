#!/bin/bash
# Goodwill's skill ladder with the ranked root (strong and expert at top=5, issue 27): random and
# the four levels at their lobby settings, 3 players, seeds 56 and 156 (30 games each, as the
# ladder before them had), in chunks of 3, CPU-clock budgets; resumes where it stopped.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-ladder-top5/chunk-*.json
for seed in 56 156; do
  "$(dirname "$0")/../ladder-chunks.sh" docs/strength/goodwill-ladder-top5 goodwill $seed 30 3
done
