"""Carcassonne's moves in a player's words (issue 28): what a web button or "why can't I"
says; never the notation (``place 0 -1 2``) nor a tile's or a half-edge's code.

:func:`sentence` gives them as words a page translates (:class:`~motherlode.engine.words.T`);
:func:`words` is their English, as ``PromptHelp.words`` wants a ``str`` until the web layer
renders words in the page's language.
"""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.words import T
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import CITY, FIELD, ROAD, TileSet, feature_words


def where(x: int, y: int) -> T:
    """A square by where it lies from the first tile (east and south grow)."""
    if not y:
        if not x:
            return T("on the first tile's square")
        if x > 0:
            return T("{east} east of the first tile", east=x)
        return T("{west} west of the first tile", west=-x)
    if not x:
        if y > 0:
            return T("{south} south of the first tile", south=y)
        return T("{north} north of the first tile", north=-y)
    if y > 0:
        if x > 0:
            return T("{south} south and {east} east of the first tile", south=y, east=x)
        return T("{south} south and {west} west of the first tile", south=y, west=-x)
    if x > 0:
        return T("{north} north and {east} east of the first tile", north=-y, east=x)
    return T("{north} north and {west} west of the first tile", north=-y, west=-x)


def _follower(kind: int, feature: T) -> T:
    if kind == ROAD:
        return T("Place a thief on the {feature}", feature=feature)
    if kind == CITY:
        return T("Place a knight on the {feature}", feature=feature)
    if kind == FIELD:
        return T("Place a farmer on the {feature}", feature=feature)
    return T("Place a monk on the {feature}", feature=feature)


def sentence(state: State, seat: int, action: Action) -> T | str:
    """The move in words (the notation for an action of another game)."""
    if isinstance(action, Place):
        quarter = action.rotation % 4
        if quarter:
            return T(
                "Place the tile {where}, turned {degrees}°",
                where=where(action.x, action.y),
                degrees=90 * quarter,
            )
        return T("Place the tile {where}", where=where(action.x, action.y))
    if isinstance(action, Follower):
        tileset: TileSet = state.tileset  # type: ignore[attr-defined]
        _, variant, _ = state.placed[state.board[state.last]]  # type: ignore[attr-defined]
        tile = tileset.types[variant >> 2]
        if 0 <= action.feature < len(tile.features):
            feature = tile.features[action.feature]
            name = feature_words(tile.features, action.feature, variant & 3)
            return _follower(feature.kind, name)
        return T("Place a follower")
    if isinstance(action, Pass):
        return T("Place no follower")
    if isinstance(action, GoldBar):
        return T("Put the second gold bar on the tile {where}", where=where(action.x, action.y))
    if isinstance(action, TakeGold):
        return T("Take a gold bar from the tile {where}", where=where(action.x, action.y))
    return str(action)


def words(state: State, seat: int, action: Action) -> str:
    """:func:`sentence` in English."""
    return str(sentence(state, seat, action))
