"""Key figures for `motherlode study`: how often pans wash out, and the winning margin."""

from __future__ import annotations

from typing import Any

from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "washouts": "pans washed out by a 1, all players",
    "winner_score": "the winner's stash",
}


class PanningProbe(Probe):
    def end_reason(self, state: Any) -> str:
        return "a prospector reached the target"

    def figures(self, state: Any) -> dict[str, float]:
        return {"washouts": float(sum(state.washed)), "winner_score": max(state.scores())}


PROBE = PanningProbe
