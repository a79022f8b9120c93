"""Carcassonne's key figures for studies: the numbers that tell the story of a game.

Found by :func:`motherlode.sim.figures.probe_for` through the game's package (``PROBE`` and
``KEY_FIGURES``); docs/studies.md explains each.
"""

from __future__ import annotations

from typing import Any

from motherlode.games.carcassonne.rules import TALLY
from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "road_points": "points scored for roads, all players",
    "city_points": "points scored for cities, all players",
    "cloister_points": "points scored for cloisters, all players",
    "farm_points": "points scored for farms, all players",
    "gold_points": "points scored for gold bars (The Goldmines), all players",
    "gold_bars": "gold bars taken by the players (The Goldmines)",
    "tiles_discarded": "tiles that could not be placed and left the game",
}
"""Figure name -> what it counts."""


class CarcassonneProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.active

    def end_reason(self, state: Any) -> str:
        return "the last tile was placed"

    def figures(self, state: Any) -> dict[str, float]:
        out = {
            f"{kind}_points": float(sum(row[i] for row in state.tally))
            for i, kind in enumerate(TALLY)
        }
        out["gold_bars"] = float(sum(state.bars))
        out["tiles_discarded"] = float(len(state.discarded))
        return out


PROBE = CarcassonneProbe
