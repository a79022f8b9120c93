#!/bin/bash
# GOLDFIX's 250 ms target run: `expert:ms=250` against two heuristic bots, 3 players, full
# games, in chunks of 3 seat-rotated games (seeds 8000...), CPU-clock budgets.  Resumable:
# a finished chunk is skipped.  Pool: python bench/strength.py goldfix --from runs/goldfix-target/chunk-*.json
cd "$(dirname "$0")/../../.." || exit 1  # the repository
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MOTHERLODE_CLOCK=cpu
mkdir -p runs/goldfix-target
for c in $(seq 0 33); do
  f=runs/goldfix-target/chunk-$((8000+c)).json
  [ -f "$f" ] && continue
  motherlode arena goldfix -p 3 -n 3 --jobs 1 --seed $((8000+c)) -b expert:ms=250 \
    -b heuristic -b heuristic --out runs/goldfix-target/tmp-$c.json > /dev/null \
    && mv runs/goldfix-target/tmp-$c.json "$f"
done
