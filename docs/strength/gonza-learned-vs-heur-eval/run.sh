#!/bin/bash
# Gonza Index (issue 27): is the learned evaluator a better cut-off value than the heuristic's
# worth?  The expert's and the strong level's searches differ only in that (eval=learned and
# eval=heuristic, the tuned settings otherwise) and in time; here both get 100 ms of CPU a
# decision: 60 seat-rotated 2-player games in chunks of 10 (seeds 9400-9405), resumable.
# Pool: python bench/strength.py gonza --from docs/strength/gonza-learned-vs-heur-eval/chunk-*.json
exec "$(dirname "$0")/../chunks.sh" docs/strength/gonza-learned-vs-heur-eval gonza 9400 6 \
  -p 2 -b expert:ms=100 -b strong:ms=100
