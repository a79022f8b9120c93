#!/bin/bash
# Goodwill's search with its root ranked by a 40-world worth (HeuristicBot.ranked with
# RANK_SAMPLES = 40, commit 48f63ba, reverted by the next Goodwill commit) instead of the bot's
# own 6-world price and its dollar of jitter: one strong:ms=250 (top=5, the heuristic's forecast
# 8 moves on, as in levels.toml) against two casual bots, 3 players, 30 seat-rotated games a
# seed, seeds 28-31, CPU-clock budgets; that commit's src is checked out by chunks.sh
# (COMMIT) and put first on PYTHONPATH.  Seeds 28 and 29 are the deals of
# docs/strength/goodwill-eval/heuristic-cut8-s28.json and -s29.json (the same match before);
# docs/strength/goodwill-rank6 plays seeds 30-31 before the change.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-rank40/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goodwill-eval/heuristic-cut8-s2[89].json \
#   docs/strength/goodwill-rank6/chunk-*.json --after docs/strength/goodwill-rank40/chunk-*.json
COMMIT=48f63ba CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-rank40 goodwill 28 4 \
  -p 3 -b strong:ms=250,eval=heuristic,cutoff=8 -b casual -b casual
