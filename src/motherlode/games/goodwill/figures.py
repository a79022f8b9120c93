"""Goodwill's key figures for studies: the numbers that tell the story of a game.

Found by :func:`motherlode.sim.figures.probe_for` through the game's package (``PROBE`` and
``KEY_FIGURES``); docs/studies.md explains each.
"""

from __future__ import annotations

from typing import Any

from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "bankruptcies": "companies bankrupt at the end (RESULTS: a capital below zero)",
    "boss_replacements": "bosses replaced, by a shareholders' vote or an event",
    "winner_score": "the winner's final worth (cash + shares, or cash only)",
}
"""Figure name -> what it counts."""


class GoodwillProbe(Probe):
    def __init__(self) -> None:
        super().__init__()
        self.replacements = 0
        self._bosses: tuple[int | None, ...] = ()

    def turn_owner(self, state: Any) -> object:
        return state.year

    def start(self, state: Any) -> None:
        super().start(state)
        self._bosses = tuple(state.boss)

    def after_move(self, state: Any) -> None:
        super().after_move(state)
        bosses = tuple(state.boss)
        if bosses != self._bosses:
            self.replacements += sum(
                1
                for old, new in zip(self._bosses, bosses, strict=True)
                if new != old and new is not None
            )
            self._bosses = bosses

    def rounds(self, state: Any) -> float:
        return float(state.options.years)

    def end_reason(self, state: Any) -> str:
        return "the end of 1957"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "bankruptcies": float(sum(state.bankrupt)),
            "boss_replacements": float(self.replacements),
            "winner_score": max(state.scores()),
        }


PROBE = GoodwillProbe
