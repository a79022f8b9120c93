#!/bin/bash
# GOLDFIX's skill ladder again, after the searching levels left an auction's bids to the
# heuristic (issue 27): random and the four levels at their lobby settings, 3 players, seed 59
# (30 games), in chunks of 3, CPU-clock budgets (about 3.5 hours of a core); resumes where it
# stopped, two copies may run side by side.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-ladder-2/chunk-*.json
"$(dirname "$0")/../ladder-chunks.sh" docs/strength/goldfix-ladder-2 goldfix 59 30 3
