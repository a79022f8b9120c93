#!/bin/bash
# Carcassonne's skill ladder with strong and expert valuing their cut-off by the fitted judge
# (eval = "judge" in levels.toml): the same command, seed and deals as
# docs/strength/carcassonne-ladder-cut20.json (bench/strength.py carcassonne -n 60 --seed 53),
# in chunks of 6 games of that schedule; resumes where it stopped, two copies may run side by side.
# Pool: python bench/strength.py carcassonne --from docs/strength/carcassonne-ladder-judge/chunk-*.json --markdown
"$(dirname "$0")/../ladder-chunks.sh" docs/strength/carcassonne-ladder-judge carcassonne 53 60 6
