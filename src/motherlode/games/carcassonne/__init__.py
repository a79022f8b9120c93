"""Carcassonne with The Goldmines: the base game's 72 land tiles and the gold expansion.

``GAME`` is what the registry loads (entry point ``carcassonne``).
"""

from __future__ import annotations

from motherlode.engine import Game
from motherlode.games.carcassonne.actions import ACTION_TYPES
from motherlode.games.carcassonne.bots import HeuristicBot, JudgeBot
from motherlode.games.carcassonne.options import CarcassonneOptions
from motherlode.games.carcassonne.render import PROMPT, render
from motherlode.games.carcassonne.rules import CarcassonneState
from motherlode.games.carcassonne.space import action_space

GAME = Game(
    id="carcassonne",
    title="Carcassonne with The Goldmines",
    min_players=2,
    max_players=5,
    state_class=CarcassonneState,
    options_class=CarcassonneOptions,
    action_types=ACTION_TYPES,
    rules_version="1",
    summary="Lay land tiles, claim roads, cities, cloisters and farms, and dig for gold.",
    action_space_factory=action_space,
    render=render,
    prompt=PROMPT,
    bots={"heuristic": HeuristicBot, "judge": JudgeBot},
    usual_players=2,
    sample_moves=14,
    search_defaults={"cutoff": 10, "eval": "heuristic"},
)

__all__ = ["GAME", "CarcassonneOptions", "CarcassonneState"]
