#!/bin/bash
# Issue 27's equal-time target in Carcassonne: expert:ms=500 (the ranked root, top=8) against
# mcts:ms=500 (the game's tuned search without it: cut-off 10, heuristic evaluation), 2 players,
# seat-rotated chunks of 10 games (seeds 9300-9319), CPU-clock budgets; resumes where it stopped.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-expert500-mcts500/chunk-*.json
cd "$(dirname "$0")/../../.."
export MOTHERLODE_CLOCK=cpu
out=docs/strength/carcassonne-expert500-mcts500
for c in $(seq 0 19); do
  seed=$((9300 + c))
  [ -f $out/chunk-$seed.json ] && continue
  pgrep -f "seed $seed " > /dev/null && continue
  nice -n 5 .venv/bin/motherlode arena carcassonne -b expert:ms=500 -b mcts:ms=500 -p 2 -n 10 \
    --jobs 1 --seed $seed --out runs/chunk-$seed.json > /dev/null 2>&1 && mv runs/chunk-$seed.json $out/
done
