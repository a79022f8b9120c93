#!/bin/bash
# Gonza Index: expert:ms=250 with a ranked root (top=8: the heuristic's 8 best moves, its own
# first) against the heuristic, 2 players, seat-rotated chunks of 10 games (seeds 9200-9219),
# CPU-clock budgets; resumes where it stopped.  Stopped on 2026-11-28 after two chunks (20 games:
# 35.0%, clearly below the expert without top), so the other seeds were not played.
# Pool: python bench/strength.py gonza --from docs/strength/gonza-top8-heur/chunk-*.json
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu
out=docs/strength/gonza-top8-heur
for c in $(seq 0 19); do
  seed=$((9200 + c))
  [ -f $out/chunk-$seed.json ] && continue
  nice -n 5 .venv/bin/motherlode arena gonza -b expert:ms=250,top=8 -b heuristic -p 2 -n 10 \
    --jobs 1 --seed $seed --out runs/chunk-$seed.json > /dev/null 2>&1 && mv runs/chunk-$seed.json $out/
done
