#!/bin/bash
# GOLDFIX with the auctions' bids left to the heuristic (games/goldfix/bots.py `scripted`):
# expert:ms=250 (the same search as then) against two heuristic bots on the deals of the 250 ms target run before it
# (seeds 8000-8033, chunks of 3 seat-rotated games, docs/strength/goldfix-expert250-heur), CPU-clock
# budgets; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-bids-scripted/chunk-*.json
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu
out=docs/strength/goldfix-bids-scripted
for seed in $(seq 8000 8033); do
  [ -f "$out/chunk-$seed.json" ] && continue
  pgrep -f "arena goldfix .*--seed $seed " > /dev/null && continue
  nice -n 5 .venv/bin/motherlode arena goldfix -n 3 --jobs 1 --seed "$seed" -p 3 \
    -b expert:ms=250 -b heuristic -b heuristic \
    --out "runs/chunk-goldfix-$seed.json" > /dev/null 2>&1 && mv "runs/chunk-goldfix-$seed.json" "$out/chunk-$seed.json"
done
