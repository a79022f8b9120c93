"""Marks the rules and the explanations of refused moves (``explain``) both read.

They live apart from the rules so that ``explain`` needs nothing else from ``rules``, which
imports it: the two modules then import each other in one direction only.
"""

from __future__ import annotations

FREE = -1
"""Owner of an empty space or of an unstaked claim."""

PLACING, PLAYING, OVER = "placing", "playing", "over"
"""Phases: start spaces being chosen, turns being played, the game ended."""
