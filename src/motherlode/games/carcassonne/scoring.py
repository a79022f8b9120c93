"""Scoring, as the base game's rulebook and The Goldmines ("Scoring") count points.

Small pure functions so each rule reads on its own and is tested on its own; the rules
module decides when they apply and who scores (the majority of followers on a feature).
The point values are design numbers (``data/parameters.toml``): each function takes the
game's :class:`Parameters` (``None``: the rulebook's).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from motherlode.engine.parameters import Parameters
from motherlode.games.carcassonne.options import CarcassonneOptions


def rulebook() -> Parameters:
    """The rulebook's numbers (the defaults of ``data/parameters.toml``)."""
    return CarcassonneOptions().parameters


def road_points(tiles: int, p: Parameters | None = None, *, complete: bool = True) -> int:
    """A road scores 1 point per tile, complete or not (end of the game)."""
    p = p or rulebook()
    per_tile: int = p.road_points_per_tile if complete else p.incomplete_road_points_per_tile
    return tiles * per_tile


def city_points(tiles: int, pennants: int, complete: bool, p: Parameters | None = None) -> int:
    """A completed city: 2 per tile and 2 per pennant; incomplete at the end: 1 and 1."""
    p = p or rulebook()
    per_tile: int = p.city_points_per_tile if complete else p.incomplete_city_points_per_tile
    per_pennant: int = (
        p.city_points_per_pennant if complete else p.incomplete_city_points_per_pennant
    )
    return tiles * per_tile + pennants * per_pennant


def cloister_points(tiles_around: int, p: Parameters | None = None) -> int:
    """A cloister: 1 for itself and 1 per tile around it (9 once surrounded)."""
    per_tile: int = (p or rulebook()).cloister_points_per_tile
    return (1 + tiles_around) * per_tile


def farm_points(completed_cities: int, p: Parameters | None = None) -> int:
    """Farms (end of the game): 3 points for each completed city the farm borders."""
    per_city: int = (p or rulebook()).farm_points_per_city
    return completed_cities * per_city


def gold_points(bars: int, p: Parameters | None = None) -> int:
    """The Goldmines, "Scoring": each bar is worth 1 / 2 / 3 / 4 points to a player holding
    1-3 / 4-6 / 7-9 / 10 or more bars (``gold_bar_tiers``, ``gold_bar_points``)."""
    if bars <= 0:
        return 0
    p = p or rulebook()
    per_bar: int = p.gold_bar_points[bisect_left(p.gold_bar_tiers, bars)]
    return per_bar * bars


def majority(counts: Iterable[int]) -> tuple[int, ...]:
    """The seats with the most followers on a feature (none if nobody has one): every
    player tied for the most scores the feature in full."""
    counts = list(counts)
    top = max(counts, default=0)
    if top == 0:
        return ()
    return tuple(seat for seat, c in enumerate(counts) if c == top)
