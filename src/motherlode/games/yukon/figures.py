"""Gold am Yukon's key figures for studies: the numbers that tell the story of a game.

Found by :func:`motherlode.sim.figures.probe_for` through the game's package (``PROBE`` and
``KEY_FIGURES``); docs/studies.md explains each.
"""

from __future__ import annotations

from typing import Any

from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "claims_staked": "claims staked by all teams (Game End: every claim is staked)",
    "nuggets": "nuggets in the staked claims, all teams",
    "teams_retired": "teams that staked the claim for 6 nuggets and so took no further turns",
}
"""Figure name -> what it counts."""


class YukonProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.mover

    def end_reason(self, state: Any) -> str:
        reason: str = state.end_reason
        if reason.startswith("every claim"):
            return "every claim staked"
        if reason.startswith("only"):
            return "only one team could still move"
        if reason.startswith("no team"):
            return "no team could move"
        if reason.startswith("no claim was staked"):
            return "stalemate (no claim staked for many rounds)"
        return reason or "unknown"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "claims_staked": float(sum(len(s) for s in state.staked)),
            "nuggets": float(sum(state.nuggets)),
            "teams_retired": float(sum(state.retired)),
        }


PROBE = YukonProbe
