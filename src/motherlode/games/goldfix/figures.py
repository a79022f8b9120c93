"""GOLDFIX's key figures for studies: the numbers that tell the story of a game.

Found by :func:`motherlode.sim.figures.probe_for` through the game's package (``PROBE`` and
``KEY_FIGURES``); docs/studies.md explains each.
"""

from __future__ import annotations

from typing import Any

from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "circuits": "circuits of the board completed by the player who went round most",
    "bankruptcies": "players who went BANKRUPT (seven LOAN NOTES)",
    "loan_notes": "LOAN NOTES still held at the end, all players",
    "bullion_made": "gold bullion produced by the mines over the game",
    "goldfix_price": "the GOLDFIX price at the end",
    "deals_proposed": "deals proposed between players (counter-offers included)",
    "deals_made": "deals accepted and settled between players",
}
"""Figure name -> what it counts."""


class GoldfixProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.turn

    def end_reason(self, state: Any) -> str:
        reason: str = state.end_reason
        if "bankrupt" in reason:
            return "every other player bankrupt"
        if "circuit limit" in reason:
            return "circuit limit"
        if "no loan notes" in reason:
            return "a winner reached the target cash"
        return reason or "unknown"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "circuits": float(max(state.circuits)),
            "bankruptcies": float(len(state.eliminated)),
            "loan_notes": float(sum(state.notes)),
            "bullion_made": float(state.bullion_made),
            "goldfix_price": float(state.goldfix),
            "deals_proposed": float(state.deals_proposed),
            "deals_made": float(state.deals_made),
        }


PROBE = GoldfixProbe
