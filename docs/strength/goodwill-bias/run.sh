#!/bin/bash
# Issue 27: Goodwill's strong search with a stronger progressive bias towards the heuristic's
# move, against two heuristic bots; CPU-clock budgets, the same deals for every setting.
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu PYTHONUNBUFFERED=1
mkdir -p runs/goodwill-bias
for b in 16 4 1; do
  nice -n 15 .venv/bin/motherlode arena goodwill -b strong:ms=250,bias=$b -b casual -b casual -p 3 -n 30 --jobs 1 --seed 27 --out runs/goodwill-bias/bias-$b.json > runs/goodwill-bias/bias-$b.log 2>&1
done
