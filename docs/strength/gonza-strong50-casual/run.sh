#!/bin/bash
# Issue 27 item 5: are strong:ms=50 players (the seat study's) stronger than the heuristic?
# Gonza 2p, seat-rotated 4-game chunks, CPU clock, until stopped.
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu PYTHONUNBUFFERED=1
mkdir -p runs/seats/check
for c in $(seq 0 199); do
  s=$((9000 + c))
  [ -f runs/seats/check/chunk-$s.json ] && continue
  nice -n 19 .venv/bin/motherlode arena gonza -b strong:ms=50 -b casual -p 2 -n 4 --jobs 1 --seed $s --out runs/seats/check/chunk-$s.json > /dev/null 2>&1
done
