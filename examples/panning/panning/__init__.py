"""Panning for Gold: push your luck at the creek (an example game package for motherlode)."""

from __future__ import annotations

from motherlode.engine import Game, PromptHelp
from panning.actions import Stash, Swirl, action_space
from panning.bots import BOTS
from panning.options import PanningOptions
from panning.render import render, words
from panning.rules import PanningState

GAME = Game(
    id="panning",
    title="Panning for Gold",
    min_players=2,
    max_players=4,
    state_class=PanningState,
    options_class=PanningOptions,
    action_types=(Swirl, Stash),
    rules_version="1",
    summary="Swirl the pan for gold, or stash it before a 1 washes it out.",
    action_space_factory=action_space,
    render=render,
    prompt=PromptHelp(words=words),
    bots=BOTS,
    sample_moves=9,
)

__all__ = ["GAME", "PanningOptions", "PanningState", "Stash", "Swirl"]
