"""The game's heuristic bot: the classic "hold at 20" rule of Pig, plus "stash a win"."""

from __future__ import annotations

import random

from motherlode.engine import Action, Agent, State
from panning.actions import Stash, Swirl
from panning.rules import PanningState

HOLD_AT = 20
"""Stash once the pan holds this much: about where a further swirl stops paying on average."""


class HeuristicBot(Agent):
    def __init__(self, seed: int | None = None, hold: int = HOLD_AT) -> None:
        self.rng = random.Random(seed)
        self.hold = hold

    def evaluate(self, state: State, seat: int) -> float:
        """A seat's standing in [0, 1]: its share of the gold stashed and in the pan."""
        assert isinstance(state, PanningState)
        mine = state.poke[seat] + (state.pan if state.turn == seat else 0)
        return min(1.0, mine / state.options.target)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, PanningState)
        pan = state.pan
        need = state.options.target - state.poke[seat]
        if pan and (pan >= need or pan >= self.hold):
            return Stash()
        return Swirl()


BOTS = {"heuristic": HeuristicBot}
