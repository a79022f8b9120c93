"""The actions of Gold am Yukon: what a player decides, and nothing the die decides.

A space is written ``claim hour`` (the space at that hour of the claim's clock face, named by
the lowest claim number holding it): ``move 19 3`` moves onto space 19:3.  The throw of the
die is chance, drawn by the rules from the game's own random generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from motherlode.engine import Action
from motherlode.games.yukon.components import Board


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Preparation: put the first gold-digger of the team on a free start space."""

    TYPE = "place"
    claim: int
    hour: int


@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Game Play: for one pip, bring a gold-digger onto a free space next to an end of the team."""

    TYPE = "enter"
    claim: int
    hour: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """For one pip, the stone at one end of the team moves onto this free space at the other.

    The first move of a turn chooses the direction: the end next to the space leads, for the
    whole turn.  Later, a space next to the rear is the forced change of direction after
    meeting an opposing team ("Changing Direction").
    """

    TYPE = "move"
    claim: int
    hour: int


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """How does one stake a claim: for one pip, the rear stone guards this surrounded claim."""

    TYPE = "stake"
    claim: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Lose the rest of the pips instead of staking, when the team cannot move."""

    TYPE = "pass"


ACTION_TYPES: tuple[type[Action], ...] = (Place, Enter, Move, Stake, Pass)


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Every action of one board, built once: the rules hand these out instead of new ones."""

    start_place: tuple[Place, ...]
    """Per start space, in the order of ``Board.start_spaces``."""
    enter: tuple[Enter, ...]
    """Per space."""
    move: tuple[Move, ...]
    """Per space."""
    stake: tuple[Stake, ...]
    """Per claim index."""
    pass_: Pass

    def all_actions(self) -> list[Action]:
        """The fixed list behind the integer action space."""
        return [*self.start_place, *self.enter, *self.move, *self.stake, self.pass_]


@lru_cache(maxsize=16)
def actions_for(board: Board) -> ActionTable:
    names = board.names
    return ActionTable(
        start_place=tuple(Place(*names[s]) for s in board.start_spaces),
        enter=tuple(Enter(*n) for n in names),
        move=tuple(Move(*n) for n in names),
        stake=tuple(Stake(c.number) for c in board.claims),
        pass_=Pass(),
    )
