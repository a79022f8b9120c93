"""The two moves of a turn, and their fixed integer numbering for the RL adapters."""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action, ActionSpace, GameOptions


@dataclass(frozen=True, slots=True)
class Swirl(Action):
    """Roll the die: 2-6 grains go into the pan, a 1 washes it out."""

    TYPE = "swirl"


@dataclass(frozen=True, slots=True)
class Stash(Action):
    """Add the pan to one's poke; the turn passes."""

    TYPE = "stash"


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    return ActionSpace([Swirl(), Stash()])
