"""Carcassonne's moves in a player's words (issue 28): what a web button or "why can't I"
says; never the notation (``place 0 -1 2``) nor a tile's or a half-edge's code.

:func:`sentence` gives them as words a page translates (:class:`~motherlode.engine.words.T`);
:func:`words` is their English, as ``PromptHelp.words`` wants a ``str`` until the web layer
renders words in the page's language.
"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, State
from motherlode.engine.words import T
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import CITY, FIELD, ROAD, TileSet, feature_words


@lru_cache(maxsize=1 << 12)
def where(x: int, y: int) -> T:
    """A square by where it lies from the first tile (east and south grow); made once per
    square (every placement a decision offers names one)."""
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


@lru_cache(maxsize=1 << 14)
def _place(x: int, y: int, quarter: int) -> T:
    """A placement's button, made once per square and turn: a tile decision offers every
    placement, and each view lists them all."""
    if quarter:
        return T(
            "Place the tile {where}, turned {degrees}°", where=where(x, y), degrees=90 * quarter
        )
    return T("Place the tile {where}", where=where(x, y))


@lru_cache(maxsize=1 << 10)
def follower_feature(tileset: TileSet, variant: int, index: int) -> T | None:
    """Feature ``index`` of the tile variant ``variant`` (tile type × 4 + turn) as a player
    points at it, made once per tile set, variant and feature; None for no such feature."""
    tile = tileset.types[variant >> 2]
    if 0 <= index < len(tile.features):
        return feature_words(tile.features, index, variant & 3)
    return None


@lru_cache(maxsize=1 << 10)
def _follower_move(tileset: TileSet, variant: int, index: int) -> T:
    """A follower's button, made once per tile set, variant and feature."""
    name = follower_feature(tileset, variant, index)
    if name is None:
        return _PLACE_FOLLOWER
    return _follower(tileset.types[variant >> 2].features[index].kind, name)


@lru_cache(maxsize=1 << 10)
def _gold_bar(x: int, y: int) -> T:
    """Putting the second gold bar on square (x, y), made once per square."""
    return T("Put the second gold bar on the tile {where}", where=where(x, y))


@lru_cache(maxsize=1 << 10)
def _take_gold(x: int, y: int) -> T:
    """Taking a gold bar from square (x, y), made once per square."""
    return T("Take a gold bar from the tile {where}", where=where(x, y))


def sentence(state: State, seat: int, action: Action) -> T | str:
    """The move in words (the notation for an action of another game).  The same words for
    the same move are one object, English rendered once: a view lists every move a decision
    offers."""
    if isinstance(action, Place):
        return _place(action.x, action.y, action.rotation % 4)
    if isinstance(action, Follower):
        _, variant, _ = state.placed[state.board[state.last]]  # type: ignore[attr-defined]
        return _follower_move(state.tileset, variant, action.feature)  # type: ignore[attr-defined]
    if isinstance(action, Pass):
        return _PLACE_NO_FOLLOWER
    if isinstance(action, GoldBar):
        return _gold_bar(action.x, action.y)
    if isinstance(action, TakeGold):
        return _take_gold(action.x, action.y)
    return str(action)


_PLACE_FOLLOWER = T("Place a follower")
_PLACE_NO_FOLLOWER = T("Place no follower")


def words(state: State, seat: int, action: Action) -> str:
    """:func:`sentence` in English."""
    return str(sentence(state, seat, action))
