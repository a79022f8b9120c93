"""The seeded random agent: uniform over legal actions, the baseline of every arena."""

from __future__ import annotations

import random

from motherlode.engine import Action, Agent, State


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
