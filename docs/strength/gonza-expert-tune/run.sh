#!/bin/bash
# Optuna (TPE) tunes Gonza Index's expert level with its learned net at the cut-off (issue 27:
# each level's search parameters tuned by an optimiser; the expert had borrowed the strong
# level's values, tuned with the heuristic's worth at the cut-off and 300 iterations).
# 900 iterations a decision (about what 250 ms of this machine's CPU buys the expert), 24
# seat-rotated games a trial against casual, every trial on the same deals (--same-deals), the
# cut-off between 4 and 24 (shorter played worse: docs/bots.md, "Gonza Index's cut-off with the
# net"); played by commit e926e3c's src.  Resumes from study.db beside this script: run it again
# to go on to 40 trials.  Add --write once the best is confirmed on other deals.
cd "$(dirname "$0")/../../.."
[ -d runs/src-e926e3c ] || git worktree add --detach runs/src-e926e3c e926e3c > /dev/null
nice -n 5 .venv/bin/python runs/src-e926e3c/bench/tune_levels.py gonza --level expert --iters 900 \
  --games 24 --same-deals --space c,cutoff,bias,win,widen --range cutoff=4:24 --trials 40 \
  --seed 12 -j 1 --storage sqlite:///docs/strength/gonza-expert-tune/study.db \
  >> docs/strength/gonza-expert-tune/log.txt 2>&1
