"""The actions of a Carcassonne turn, in the order of the turn.

A turn is: place the drawn tile (``place x y rotation``); with The Goldmines, put the second
gold bar next to a new gold tile (``gold x y``); place a follower on a feature of the new
tile or not (``follower n`` / ``pass``); and, when scorers share gold, take a bar
(``take x y``).  Squares are map coordinates (x east, y south, start tile at 0 0);
``rotation`` is in quarter turns clockwise; ``n`` is the feature's number on the tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the drawn tile on square (x, y), turned ``rotation`` quarter turns clockwise."""

    TYPE = "place"
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class GoldBar(Action):
    """The Goldmines: put the second gold bar on the placed tile at (x, y) next to the new one."""

    TYPE = "gold"
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Follower(Action):
    """Place a follower from the supply on feature ``feature`` of the tile just placed."""

    TYPE = "follower"
    feature: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Place no follower this turn."""

    TYPE = "pass"


@dataclass(frozen=True, slots=True)
class TakeGold(Action):
    """The Goldmines: take one gold bar from the tile at (x, y) when sharing out gold."""

    TYPE = "take"
    x: int
    y: int


ACTION_TYPES: tuple[type[Action], ...] = (Place, GoldBar, Follower, Pass, TakeGold)
