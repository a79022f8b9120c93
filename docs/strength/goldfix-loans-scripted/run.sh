#!/bin/bash
# GOLDFIX with the bank's loan decisions left to the heuristic as well as the auctions' bids
# (games/goldfix/bots.py `scripted` with LOAN added): expert:ms=250 against two heuristic bots on
# the very deals and bot seeds of docs/strength/goldfix-bids-scripted (seeds 8000-8027 but 8026,
# chunks of 3 seat-rotated games), CPU-clock budgets; resumes where it stopped, two copies may
# run side by side.  Run with the code under test first on PYTHONPATH where it has not landed.
# Pool: python bench/strength.py goldfix --from docs/strength/goldfix-loans-scripted/chunk-*.json
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu
out=docs/strength/goldfix-loans-scripted
mkdir -p runs
for seed in $(seq 8000 8025) 8027; do
  [ -f "$out/chunk-$seed.json" ] && continue
  pgrep -f "arena goldfix .*--seed $seed " > /dev/null && continue
  nice -n 5 .venv/bin/motherlode arena goldfix -n 3 --jobs 1 --seed "$seed" -p 3 \
    -b expert:ms=250 -b heuristic -b heuristic \
    --out "runs/loans-goldfix-$seed.json" > /dev/null 2>&1 && mv "runs/loans-goldfix-$seed.json" "$out/chunk-$seed.json"
done
