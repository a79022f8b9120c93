#!/bin/bash
# GOLDFIX's skill ladder (issue 27): random and the four levels at their lobby settings, 3 players,
# the 30 games of seed 55's schedule in chunks of 3 (--first 0, 3, ..., 27), CPU-clock budgets,
# one niced process; resumes where it stopped (a chunk is kept once its 3 games are played).
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-ladder/chunk-*.json --markdown
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu
out=docs/strength/goldfix-ladder
for c in $(seq 0 9); do
  first=$((3 * c))
  name=chunk-$(printf %02d $first).json
  [ -f $out/$name ] && continue
  nice -n 5 .venv/bin/python bench/strength.py goldfix -n 3 --seed 55 --first $first -j 1 \
    --out runs/goldfix-ladder-$name > /dev/null 2>&1 && mv runs/goldfix-ladder-$name $out/$name
done
