"""The agent contract: what a bot may see and how it answers.

An agent is handed the live state, but it may read only what its seat may know:
``state.observe(seat)``, ``state.legal_actions(seat)``, ``state.events_for(seat)``, or any
attribute of :func:`seat_view`, a copy in which everything hidden from the seat is re-drawn.
That is how heuristic bots read a game's own fields quickly without ever cheating.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from motherlode.engine.actions import Action
from motherlode.engine.state import State


class Agent(ABC):
    """Chooses an action for a seat that is asked."""

    name: str = "agent"

    @abstractmethod
    def act(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


BotFactory = Callable[..., Agent]
"""Builds a game's bot: called with ``seed=`` and the spec's ``key=value`` parameters."""


def seat_view(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` that is safe for ``seat`` to read in full.

    A state that is already a determinization (inside a search) is returned as it is.
    """
    return state if state.determinized else state.determinize(seat, rng)
