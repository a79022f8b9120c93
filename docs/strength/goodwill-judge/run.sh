#!/bin/bash
# Goodwill's fitted judgement (bots.py JudgeBot, data/judge.toml) at the search's cut-off: the
# levels' search (top=5, cut-off 8) at 250 ms with eval=judge instead of the heuristic's
# forecast, against two casual bots, on the deals and bot seeds of the target run (seeds 28-31,
# chunks of 30: 28-29 in docs/strength/goodwill-eval/heuristic-cut8-s2{8,9}.json, 30-31 in
# docs/strength/goodwill-rank6), CPU-clock budgets; resumes, two copies may run side by side.
# Pool: python bench/strength.py goodwill --from docs/strength/goodwill-judge/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/goodwill-eval/heuristic-cut8-s2{8,9}.json \
#   docs/strength/goodwill-rank6/chunk-*.json --after docs/strength/goodwill-judge/chunk-*.json
CHUNK=30 "$(dirname "$0")/../chunks.sh" docs/strength/goodwill-judge goodwill 28 4 \
  -p 3 -b strong:ms=250,eval=judge,cutoff=8 -b casual -b casual
