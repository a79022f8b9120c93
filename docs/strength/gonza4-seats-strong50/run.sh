#!/bin/bash
# Issue 27 item 5: Gonza Index 4p seat order with every seat strong:ms=50 (CPU clock),
# then strong:ms=50 vs casual at 2p in 4-game chunks until stopped.
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu PYTHONUNBUFFERED=1
mkdir -p runs/seats
nice -n 19 .venv/bin/motherlode study run gonza -p 4 -b strong:ms=50 -n 600 -j 1 --seed 1 --out runs/seats/gonza4-strong50 > runs/seats/study.log 2>&1
