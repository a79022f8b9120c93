"""Scoring, as the base game's rulebook and The Goldmines ("Scoring") count points.

Small pure functions so each rule reads on its own and is tested on its own; the rules
module decides when they apply and who scores (the majority of followers on a feature).
"""

from __future__ import annotations

from collections.abc import Iterable


def road_points(tiles: int) -> int:
    """A road scores 1 point per tile, complete or not (end of the game)."""
    return tiles


def city_points(tiles: int, pennants: int, complete: bool) -> int:
    """A completed city: 2 per tile and 2 per pennant; incomplete at the end: 1 and 1."""
    per = 2 if complete else 1
    return per * (tiles + pennants)


def cloister_points(tiles_around: int) -> int:
    """A cloister: 1 for itself and 1 per tile around it (9 once surrounded)."""
    return 1 + tiles_around


FARM_POINTS_PER_CITY = 3
"""Farms (end of the game): 3 points for each completed city the farm borders."""


def farm_points(completed_cities: int) -> int:
    return FARM_POINTS_PER_CITY * completed_cities


def gold_points(bars: int) -> int:
    """The Goldmines, "Scoring": each bar is worth 1 / 2 / 3 / 4 points to a player holding
    1-3 / 4-6 / 7-9 / 10 or more bars."""
    if bars <= 0:
        return 0
    per_bar = 1 if bars <= 3 else 2 if bars <= 6 else 3 if bars <= 9 else 4
    return per_bar * bars


def majority(counts: Iterable[int]) -> tuple[int, ...]:
    """The seats with the most followers on a feature (none if nobody has one): every
    player tied for the most scores the feature in full."""
    counts = list(counts)
    top = max(counts, default=0)
    if top == 0:
        return ()
    return tuple(seat for seat, c in enumerate(counts) if c == top)
