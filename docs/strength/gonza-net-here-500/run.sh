#!/bin/bash
# docs/strength/gonza-net-here/run.sh with twice the budget, expert:ms=500 against heuristic,
# on the same 40 deals and bot seeds (seeds 7000-7009, chunks of 4), on this machine: does a
# longer budget here buy what the device host's faster cores bought at 250 ms?
# Pair: python bench/paired.py --before docs/strength/gonza-net-here/chunk-*.json \
#   --after docs/strength/gonza-net-here-500/chunk-*.json
CHUNK=4 "$(dirname "$0")/../chunks.sh" docs/strength/gonza-net-here-500 gonza \
  7000 10 -b expert:ms=500 -b heuristic -p 2
