"""What each player sees, and what they cannot: the observation and the hidden re-draw.

Everything is on the table but the order of the broker deck's unseen cards, which event
cards are in the game and their order, and the corporation deck (see ``rules``).  The
view shows the rest; ``_redraw_hidden`` re-deals exactly the unseen part for search.
"""

from __future__ import annotations

import random

from motherlode.engine.actions import JsonValue
from motherlode.games.gonza.components import FACES
from motherlode.games.gonza.core import GonzaCore
from motherlode.games.gonza.tables import PHASES

DECISION_TEXT = {
    "place": "which corporation it invests in",
    "insider": "which corporation it invests in (Insider Tip)",
    "up": "which corporation's stock it increases",
    "down": "which corporation's stock it decreases",
    "bid": "which broker card it bids on",
}
"""The prompt of a decision for the Minister AI, by kind (after 'Decide for <seat>')."""


class GonzaView(GonzaCore):
    """The observation of a seat (or of a spectator) and the re-draw of hidden cards."""

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        # Written out flat (no helper calls per item): a live table builds this view for
        # every seat after every move, and the undo check several times more.
        n = self.num_players
        card = self.comp.card
        event = self.comp.event
        pos, placed, total, bids = self.pos, self.placed, self.total, self.bids
        used, dice = self.used, self.dice
        black = len(dice) - 1 if self.black else -1
        view: dict[str, JsonValue] = {
            "phase": PHASES[self.phase],
            "active": self.active,
            "first_player": self.first,
            "minister": [s for s, ai in enumerate(self.ai) if ai],
            "corporations": [
                {
                    "id": corp.id,
                    "name": corp.name,
                    "type": corp.type,
                    "track": list(corp.track),
                    "start": corp.start,
                    "position": pos[c],
                    "value": corp.track[pos[c]],
                    "credits": placed[c * n : c * n + n],
                    "total": total[c],
                }
                for c, corp in enumerate(self.corps)
            ],
            "cap": self.cap,
            "corporation_deck": len(self.corp_deck),
            "event_tokens": self.tokens,
            "design": {  # what the board prints: a designer's variant shows its own
                "event_tokens": self.params.event_tokens,
                "hand_limit": self.params.hand_limit,
                "rerolls": self.params.rerolls,
            },
            "event_deck": len(self.event_deck),
            "events_done": [
                {"id": e, "name": event[e].name, "text": event[e].text} for e in self.events_done
            ],
            "current_event": self.current_event,
            "event_cancelled": self.event_cancelled,
            "broker": [
                {
                    "id": cid,
                    "name": (broker := card[cid]).name,
                    "ai": broker.ai,
                    "when": broker.when,
                    "text": broker.text,
                    "bids": bids[i * n : i * n + n],
                }
                for i, cid in enumerate(self.face_up)
            ],
            "broker_deck": len(self.broker_deck),
            "broker_deck_bottom": self.broker_deck[self.deck_hidden :],
            "players": [
                {
                    "supply": self.supply[s],
                    "credits": self.personal[s],
                    "paid": self.paid[s],
                    "cards": [
                        {"id": cid, "name": (held := card[cid]).name, "when": held.when}
                        for cid in hand
                    ],
                    "score": self.score(s),
                }
                for s, hand in enumerate(self.hands)
            ],
            "dice": [
                {"face": FACES[f], "used": used[i], "black": i == black} for i, f in enumerate(dice)
            ],
            "rerolls_left": self.rerolls_left,
            "final_round": self.final,
            "final_dice": list(self.params.final_dice[n - 2]),
            "dice_in_final_round": list(self.dice_final),
            "decision": None,
            "protect": None,
        }
        if self.decision is not None:
            kind, ai_seat, choices, amount = self.decision
            view["decision"] = {
                "kind": kind,
                "for": ai_seat,
                "choices": list(choices),
                "amount": amount,
                "text": f"Decide for {self.seat_name(ai_seat)} {DECISION_TEXT[kind]}",
            }
        if self.protect_offer is not None:
            holder, cid, _ = self.protect_offer
            view["protect"] = {"seat": holder, "card": cid}
        return view

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """What no seat sees is all that is hidden in Gonza Index (hands are face up)."""
        self._redraw_unseen(rng)

    def _redraw_unseen(self, rng: random.Random) -> None:
        """Shuffle the unseen top of the broker deck, re-deal the unseen event cards between
        the event deck and the box, and shuffle the corporation deck."""
        hidden = self.broker_deck[: self.deck_hidden]
        rng.shuffle(hidden)
        self.broker_deck[: self.deck_hidden] = hidden
        pool = self.event_deck + self.event_box
        rng.shuffle(pool)
        self.event_deck = pool[: len(self.event_deck)]
        self.event_box = pool[len(self.event_deck) :]
        rng.shuffle(self.corp_deck)
