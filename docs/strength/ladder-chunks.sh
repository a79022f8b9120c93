#!/bin/bash
# A skill ladder (bench/strength.py) in chunks of one seed's schedule, each kept as it ends, so a
# long ladder resumes where it stopped and two copies may run side by side (each skips the chunks
# the other has or plays).  CPU-clock budgets, niced, one job a copy.
#   docs/strength/ladder-chunks.sh FOLDER GAME SEED GAMES CHUNK [STRENGTH_ARGS...]
# plays `bench/strength.py GAME -n CHUNK --seed SEED --first F` for F = 0, CHUNK, ... < GAMES
# into FOLDER/chunk-SEED-F.json (FOLDER/chunk-F.json for GOLDFIX's older chunks); pool with
#   python bench/strength.py GAME --from FOLDER/chunk-*.json --markdown
cd "$(dirname "$0")/../.."
export MOTHERLODE_CLOCK=cpu
out=$1 game=$2 seed=$3 games=$4 chunk=$5
shift 5
mkdir -p "$out" runs
for first in $(seq 0 "$chunk" $((games - 1))); do
  name=chunk-$seed-$(printf %02d "$first").json
  [ -f "$out/$name" ] && continue
  [ -f "$out/chunk-$(printf %02d "$first").json" ] && continue
  pgrep -f "strength.py $game .*--seed $seed --first $first " > /dev/null && continue
  nice -n 5 .venv/bin/python bench/strength.py "$game" -n "$chunk" --seed "$seed" \
    --first "$first" -j 1 "$@" --out "runs/ladder-$game-$name" > /dev/null 2>&1 \
    && mv "runs/ladder-$game-$name" "$out/$name"
done
