#!/bin/bash
# Does the Carcassonne expert's best cut-off depend on its budget?  At 500 ms against
# mcts:ms=500, cut-off 10 won 55.8% and cut-off 20 42.5% of the same 60 games (seeds
# 9300-9305).  This run plays cut-off 10 (expert:ms=500,cutoff=10: the expert as it was then)
# on new deals, seeds 9306-9319, while carcassonne-expert500-mcts500-cut20/run.sh plays cut-off
# 20 on the same ones, for the pairing.  CPU-clock budgets, chunks of 10 seat-rotated games.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-expert500-mcts500-cut10b/chunk-*.json
# Pair: python bench/paired.py --before docs/strength/carcassonne-expert500-mcts500-cut10b/chunk-*.json \
#   --after docs/strength/carcassonne-expert500-mcts500-cut20/chunk-93{06..19}.json
"$(dirname "$0")/../chunks.sh" docs/strength/carcassonne-expert500-mcts500-cut10b carcassonne \
  9306 14 -b expert:ms=500,cutoff=10 -b mcts:ms=500 -p 2
