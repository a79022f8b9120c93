#!/bin/bash
# The Gonza expert as it ships (the learned net at its cut-off 6), expert:ms=250 against
# heuristic, on the first 40 deals and bot seeds of the device run
# docs/strength/device-gonza-expert250-heur.json (seeds 7000-7009, chunks of 4), on this
# machine: the side-by-side baseline for docs/strength/gonza-judge, whose 40 games were played
# here while the device run's were played on a faster host's CPU.
# Pair: python bench/paired.py --before docs/strength/gonza-net-here/chunk-*.json \
#   --after docs/strength/gonza-judge/chunk-*.json
CHUNK=4 "$(dirname "$0")/../chunks.sh" docs/strength/gonza-net-here gonza \
  7000 10 -b expert:ms=250 -b heuristic -p 2
