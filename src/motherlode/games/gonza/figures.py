"""Gonza Index's key figures for studies: the numbers that tell the story of a game.

Found by :func:`motherlode.sim.figures.probe_for` through the game's package (``PROBE`` and
``KEY_FIGURES``); docs/studies.md explains each.
"""

from __future__ import annotations

from typing import Any

from motherlode.sim.figures import Probe

KEY_FIGURES: dict[str, str] = {
    "events": "event cards activated (EVENTS; each is followed by the broker auction)",
    "auction_credits": "credits paid for broker cards won at auctions (AUCTIONS)",
    "broker_cards_held": "broker cards in hands at the end (scored at ENDGAME)",
    "winner_score": "the winner's final score",
}
"""Figure name -> what it counts."""


class GonzaProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.active

    def first_seat(self, state: Any) -> int:
        """SETUP: the first player is chosen (option ``first_player``; 0 draws one)."""
        return int(state.first)

    def end_reason(self, state: Any) -> str:
        return "all event cards activated"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "events": float(len(state.events_done)),
            "auction_credits": float(sum(state.paid)),
            "broker_cards_held": float(sum(len(hand) for hand in state.hands)),
            "winner_score": max(state.scores()),
        }


PROBE = GonzaProbe
