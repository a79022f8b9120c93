"""Carcassonne's moves in a player's words (issue 28): what a web button or "why can't I"
says; never the notation (``place 0 -1 2``) nor a tile's or a half-edge's code."""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import (
    CITY,
    CLOISTER,
    FIELD,
    ROAD,
    TileSet,
    feature_name,
)

ROLE = {ROAD: "thief", CITY: "knight", FIELD: "farmer", CLOISTER: "monk"}


def where(x: int, y: int) -> str:
    """A square by where it lies from the first tile (east and south grow)."""
    if (x, y) == (0, 0):
        return "on the first tile's square"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'south' if y > 0 else 'north'}")
    if x:
        parts.append(f"{abs(x)} {'east' if x > 0 else 'west'}")
    return " and ".join(parts) + " of the first tile"


def words(state: State, seat: int, action: Action) -> str:
    if isinstance(action, Place):
        turn = "" if action.rotation % 4 == 0 else f", turned {90 * (action.rotation % 4)}°"
        return f"Place the tile {where(action.x, action.y)}{turn}"
    if isinstance(action, Follower):
        tileset: TileSet = state.tileset  # type: ignore[attr-defined]
        _, variant, _ = state.placed[state.board[state.last]]  # type: ignore[attr-defined]
        tile = tileset.types[variant >> 2]
        if 0 <= action.feature < len(tile.features):
            feature = tile.features[action.feature]
            name = feature_name(tile.features, action.feature, variant & 3)
            return f"Place a {ROLE[feature.kind]} on the {name}"
        return "Place a follower"
    if isinstance(action, Pass):
        return "Place no follower"
    if isinstance(action, GoldBar):
        return f"Put the second gold bar on the tile {where(action.x, action.y)}"
    if isinstance(action, TakeGold):
        return f"Take a gold bar from the tile {where(action.x, action.y)}"
    return str(action)
