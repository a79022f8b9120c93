"""Goodwill: open information except the information pairs (a seat sees those of the spaces
it faces) and the other players' secret prices and votes (held by the engine until the
reveal, so never in an observation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.games.goodwill.components import COMPANIES, Components
from motherlode.games.goodwill.rulebook import OVER, PARTNER, PRICE, PROPOSE, VOTE
from motherlode.rl.tensors.schema import (
    Cat,
    Flag,
    Node,
    Num,
    Opt,
    Rec,
    Seat,
    SeatMap,
    Seats,
    SeatSet,
    Seq,
    Skip,
    Tup,
)

if TYPE_CHECKING:
    from motherlode.engine import State

BY_NAME = "derived from the boss's name (component data)"
BY_CARD = "derived from the event card's number (component data)"


def fields(state: State) -> dict[str, Node]:
    comp: Components = state.comp  # type: ignore[attr-defined]
    resources = comp.resources
    bosses = [b.name for b in comp.bosses]
    boss = Rec(
        {
            "name": Cat(bosses),
            "salary": Skip(BY_NAME),
            "innovation": Skip(BY_NAME),
            "efficiency": Skip(BY_NAME),
            "advertising": Skip(BY_NAME),
            "policy": Skip(BY_NAME),
            "dividends": Skip(BY_NAME),
        }
    )
    spaces = len(comp.visible)
    pair = Rec(
        {
            "space": Num(),
            "seen_by": SeatSet(),
            "percentage": Num(100),
            "card": Cat(range(len(comp.events))),
            "left": Skip(BY_CARD),
            "right": Skip(BY_CARD),
        },
        optional=("percentage", "card", "left", "right"),
    )
    return {
        "year": Num(1000),
        "first_year": Skip("a game option, fixed for the environment"),
        "last_year": Skip("a constant"),
        "phase": Cat((PRICE, PARTNER, PROPOSE, VOTE, OVER)),
        "company": Opt(Cat(COMPANIES)),
        "transaction": Opt(Num()),
        "asking": Skip("narration of the decision (phase, company, transaction show it)"),
        "resource_prices": Rec({r: Num(10) for r in resources}),
        "design": Skip("design numbers, the same all game (the table's parameters)"),
        "companies": Seq(
            Rec(
                {
                    "name": Skip("the companies' fixed order"),
                    "capital": Num(100),
                    "share_value": Num(10),
                    "market_share": Num(100),
                    "resources": Rec({r: Num() for r in resources}),
                    "resource_cost": Num(100),
                    "boss": Opt(boss),
                    "bankrupt": Flag(),
                    "shares": Num(10),
                }
            ),
            len(COMPANIES),
        ),
        "available_bosses": Seq(boss, len(bosses)),
        "boss_deck": Rec({"cards": Num(), "known_bottom": Seq(Cat(bosses), len(bosses))}),
        "vote_threshold": Num(),
        "players": Seats(
            Rec(
                {
                    "name": Skip("a name"),
                    "cash": Num(100),
                    "shares": Rec({c: Num() for c in COMPANIES}),
                }
            )
        ),
        "information": Seq(pair, spaces),
        "revealed": Seq(pair, spaces),
        "last_transaction": Opt(
            Rec(
                {
                    "prices": Seats(Num(10)),
                    "price": Opt(Num(10)),
                    "buyers": SeatSet(),
                    "sellers": SeatSet(),
                    "excluded": SeatSet(),
                    "trades": Seq(Tup(Seat(), Seat()), lambda ctx: 2 * ctx.max_players),
                }
            )
        ),
        "partner_choice": Opt(
            Rec(
                {
                    "chooser": Seat(),
                    "chooses": Cat(("seller", "buyer")),
                    "candidates": SeatSet(),
                    "waiting": Seq(Seat(), lambda ctx: ctx.max_players),
                    "price": Num(10),
                }
            )
        ),
        "proposal": Opt(Rec({"proposer": Seat(), "boss": boss, "voters": SeatMap(Num())})),
        "last_vote": Opt(
            Rec({"boss": Cat(bosses), "yes": Num(), "passed": Flag(), "voted_yes": SeatSet()})
        ),
        "my_information": Skip("fixed by the seat"),
    }


OPTIONAL = ("my_information",)
