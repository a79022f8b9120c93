"""Gonza Index: everything on the table is open; hidden are only the decks' unseen parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.games.gonza.components import FACES
from motherlode.games.gonza.rules import DECISION_TEXT
from motherlode.games.gonza.tables import PHASES
from motherlode.rl.tensors.schema import (
    Cat,
    Code,
    Flag,
    Node,
    Num,
    Opt,
    Rec,
    Seat,
    Seats,
    SeatSet,
    Seq,
    Skip,
)

if TYPE_CHECKING:
    from motherlode.engine import State

BY_ID = "derived from the card's id (component data)"


def fields(state: State) -> dict[str, Node]:
    comp = state.comp  # type: ignore[attr-defined]
    cards = list(comp.card)
    events = list(comp.event)
    corps = [c.id for c in comp.corporations]
    card = Cat(cards)
    return {
        "phase": Cat(PHASES),
        "active": Opt(Seat()),
        "first_player": Seat(),
        "minister": SeatSet(),
        "corporations": Seq(
            Rec(
                {
                    "id": Cat(corps),
                    "name": Skip(BY_ID),
                    "type": Skip(BY_ID),
                    "track": Skip(BY_ID),
                    "start": Skip(BY_ID),
                    "position": Num(),
                    "value": Skip("the track's value at the position"),
                    "credits": Seats(Num()),
                    "total": Num(),
                }
            ),
            len(corps),
        ),
        "cap": Num(),
        "corporation_deck": Num(),
        "event_tokens": Num(),
        "design": Skip("design numbers, the same all game (the table's parameters)"),
        "event_deck": Num(),
        "events_done": Seq(
            Rec({"id": Cat(events), "name": Skip(BY_ID), "text": Skip(BY_ID)}), len(events)
        ),
        "current_event": Opt(Cat(events)),
        "event_cancelled": Flag(),
        "broker": Seq(
            Rec(
                {
                    "id": card,
                    "name": Skip(BY_ID),
                    "ai": Skip(BY_ID),
                    "when": Skip(BY_ID),
                    "text": Skip(BY_ID),
                    "bids": Seats(Num()),
                }
            ),
            len(cards),
        ),
        "broker_deck": Num(),
        "broker_deck_bottom": Seq(card, len(cards)),
        "players": Seats(
            Rec(
                {
                    "supply": Num(10),
                    "credits": Num(),
                    "paid": Num(),
                    "cards": Seq(
                        Rec({"id": card, "name": Skip(BY_ID), "when": Skip(BY_ID)}), len(cards)
                    ),
                    "score": Num(10),
                }
            )
        ),
        "dice": Seq(Rec({"face": Cat(FACES), "used": Flag(), "black": Flag()}), 8),
        "rerolls_left": Num(),
        "final_round": Flag(),
        "final_dice": Skip("fixed for the player count"),
        "dice_in_final_round": Seats(Num()),
        "decision": Opt(
            Rec(
                {
                    "kind": Cat(DECISION_TEXT),
                    "for": Seat(),
                    "choices": Seq(Code([*corps, *cards]), max(len(corps), len(cards))),
                    "amount": Num(),
                    "text": Skip("narration of kind and for"),
                }
            )
        ),
        "protect": Opt(Rec({"seat": Seat(), "card": card})),
    }
