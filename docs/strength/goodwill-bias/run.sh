#!/bin/bash
# Issue 27: Goodwill's strong search with a stronger progressive bias towards the heuristic's
# move, against two heuristic bots; CPU-clock budgets, the same deals for every setting.
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu PYTHONUNBUFFERED=1
mkdir -p runs/goodwill-bias
for b in 16 4 1; do
  nice -n 15 .venv/bin/motherlode arena goodwill -b strong:ms=250,bias=$b -b casual -b casual -p 3 -n 30 --jobs 1 --seed 27 --out runs/goodwill-bias/bias-$b.json > runs/goodwill-bias/bias-$b.log 2>&1
done
# 2026-11-28: the ranked root (top=K: only the K prices nearest the heuristic's own), same deals,
# and top=5 again on 30 other deals (--seed 28)
for k in 3 5; do
  nice -n 15 .venv/bin/motherlode arena goodwill -b strong:ms=250,top=$k -b casual -b casual -p 3 -n 30 --jobs 1 --seed 27 --out runs/goodwill-bias/top-$k.json > runs/goodwill-bias/top-$k.log 2>&1
done
nice -n 15 .venv/bin/motherlode arena goodwill -b strong:ms=250,top=5 -b casual -b casual -p 3 -n 30 --jobs 1 --seed 28 --out runs/goodwill-bias/top-5-s28.json > runs/goodwill-bias/top-5-s28.log 2>&1
