#!/bin/bash
# GOLDFIX's skill ladder (issue 27): random and the four levels at their lobby settings, 3 players,
# the 30 games of seed 55's schedule in chunks of 3, CPU-clock budgets; resumes where it stopped,
# and two copies may run side by side.  The first four chunks are named chunk-00 ... chunk-09.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-ladder/chunk-*.json --markdown
exec "$(dirname "$0")/../ladder-chunks.sh" docs/strength/goldfix-ladder goldfix 55 30 3
