#!/bin/bash
# Seat-rotated arena games in chunks of 10 (or $CHUNK), each kept as it ends, so a long run
# resumes where it stopped and two copies may run side by side (each skips the chunks the other
# has or plays).
#   docs/strength/chunks.sh FOLDER GAME FIRST_SEED CHUNKS ARENA_ARGS...
# plays `motherlode arena GAME -n ${CHUNK:-10} --jobs 1 --seed S ARENA_ARGS...` for
# S = FIRST_SEED ... FIRST_SEED + CHUNKS - 1 into FOLDER/chunk-S.json, with CPU-clock budgets;
# pool the chunks with
#   python bench/strength.py GAME --from FOLDER/chunk-*.json
# With COMMIT=REV the games are played by that commit's src (a worktree in runs/src-REV, first
# on PYTHONPATH): a change tried and reverted can be replayed from main.
cd "$(dirname "$0")/../.."
export MOTHERLODE_CLOCK=cpu
if [ -n "$COMMIT" ]; then
  [ -d "runs/src-$COMMIT" ] || git worktree add --detach "runs/src-$COMMIT" "$COMMIT" > /dev/null
  export PYTHONPATH="$PWD/runs/src-$COMMIT/src"
fi
out=$1 game=$2 first=$3 chunks=$4
shift 4
mkdir -p "$out" runs
for seed in $(seq "$first" $((first + chunks - 1))); do
  [ -f "$out/chunk-$seed.json" ] && continue
  # the partial file is named for the run's folder, so two runs on the same seeds keep apart
  part="runs/chunk-$(basename "$out")-$seed.json"
  pgrep -f -- "--out $part" > /dev/null && continue
  nice -n 5 .venv/bin/motherlode arena "$game" -n "${CHUNK:-10}" --jobs 1 --seed "$seed" "$@" \
    --out "$part" > /dev/null 2>&1 && mv "$part" "$out/chunk-$seed.json"
done
