"""GOLDFIX: the DASHBOARD, face-up HOLD cards and revealed lots are public; hidden are the
decks' unknown order and the other bidders' sealed bids until the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from motherlode.games.goldfix import core, money
from motherlode.games.goldfix.actions import liquidation_assets
from motherlode.games.goldfix.auctions import ASSET_NAMES
from motherlode.rl.tensors.schema import (
    Cat,
    Ctx,
    Custom,
    Flag,
    LayoutError,
    Node,
    Num,
    Opt,
    Out,
    Path,
    Rec,
    Seat,
    Seats,
    SeatSeq,
    Seq,
    Skip,
    where,
)

if TYPE_CHECKING:
    from motherlode.engine import State

PHASES = tuple(v for k, v in vars(core).items() if k.isupper() and isinstance(v, str))
"""The decision kinds, as core.py names them (IDLE ... OVER), in its order."""
OPTION = "a game option, fixed for the environment"
CONSTANT = "the board, fixed for the environment"
BY_ID = "derived from the card's id (component data)"


def _per_mine(mines: tuple[str, ...]) -> Node:
    """A deal's mine leases or drill reports (names in ascending order, a mine twice for
    both its reports) as a count per mine."""
    index = {m: i for i, m in enumerate(mines)}

    def put(value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list) or value != sorted(value, key=lambda m: index.get(m, -1)):
            raise LayoutError(f"{where(path)}: expected mines in order, got {value!r}")
        for m in value:
            if m not in index:
                raise LayoutError(f"{where(path)}: {m!r} is not a mine")
            out[at + index[m]] = out.get(at + index[m], 0.0) + 1.0

    return Custom(lambda ctx: len(mines), put, f"count per mine ({len(mines)})")


def fields(state: State) -> dict[str, Node]:
    mines = tuple(state.board.mines)  # type: ignore[attr-defined]
    cards = tuple(dict.fromkeys(c.id for c in state.cards))  # type: ignore[attr-defined]
    titles = tuple(dict.fromkeys(c.title for c in state.cards))  # type: ignore[attr-defined]
    mine = Cat(mines)
    card = Cat(cards)
    lots = Cat(f"{m} {name}" for name in ASSET_NAMES.values() for m in mines)
    n_cards = len(state.cards)  # type: ignore[attr-defined]
    owner = Seat((-1,))
    side = Rec(
        {
            "seat": Seat(),
            "mine_leases": _per_mine(mines),
            "drill_reports": _per_mine(mines),
            "bullion": Num(),
            "cash": Num(100),
            "notes": Num(),
            "value": Num(100),
            "overdrafts": Num(),
            "gain": Num(100),
        }
    )
    deal = Rec(
        {
            "drafter": Seat(),
            "partner": Seat(),
            "gives": side,
            "gets": side,
            "proposed": Flag(),
            "proposals": Num(),
            "rounds": Num(),
            "edits_left": Num(),
            "countering": Flag(),
        }
    )
    decision = Rec(
        {
            "kind": Cat(PHASES),
            "text": Skip("narration of the decision (its fields are encoded)"),
            "step": Num(),
            "offers_left": Num(),
            "with": Seat((-1,)),
            "seller": Seat(),
            "buyer": Seat(),
            "asset": Cat((*liquidation_assets(mines), *ASSET_NAMES)),
            "price": Num(100),
            "percent": Num(100),
            "amount": Num(100),
            "broker": Seat((-1,)),
            "minimum_bid": Num(100),
            "lots": Seq(lots, lambda ctx: 2 * ctx.max_players),
            "tie_bid": Num(100),
            "tied": SeatSeq(),
            "source": Cat(("BULLION MARKET", "GOLDFIX CORNER", *titles)),
            "rates": Seq(Num(100), len(money.COMMISSION_RATES)),
            "rate": Opt(Num(100)),
            "drop": Num(100),
            "card": card,
            "title": Skip(BY_ID),
            "question": Skip(BY_ID),
            "in_play": Seq(mine, len(mines)),
            "bidder": Seat(),
            "mine": mine,
            "red": Num(),
            "owed": Num(100),
            "overdrafts": Num(),
            "deal": deal,
        },
        optional=(
            "step",
            "offers_left",
            "with",
            "seller",
            "buyer",
            "asset",
            "price",
            "percent",
            "amount",
            "broker",
            "minimum_bid",
            "lots",
            "tie_bid",
            "tied",
            "source",
            "rates",
            "rate",
            "drop",
            "card",
            "title",
            "question",
            "in_play",
            "bidder",
            "mine",
            "deal",
            "red",
            "owed",
            "overdrafts",
        ),
    )
    return {
        "goldfix": Num(1000),
        "tax": Cat(("LOW", "HIGH")),
        "prices": Rec({k: Num(100) for k in ("mine_lease", "headgear", "drill_report")}),
        "interest_per_note": Num(10),
        "winner_cash": Skip(OPTION),
        "circuit_limit": Skip(OPTION),
        "time_limit": Skip(OPTION),
        "time_up": Flag(),
        "auction_timer": Skip(OPTION),
        "design": Skip("design numbers, the same all game (the table's parameters)"),
        "turn": Seat(),
        "phase": Cat(PHASES),
        "dice": Opt(Seq(Num(6), 3)),
        "players": Seats(
            Rec(
                {
                    "seat": Skip("the slot"),
                    "name": Skip("a name"),
                    "cocopan": Skip("a colour, fixed by the seat"),
                    "active": Flag(),
                    "cash": Num(100),
                    "notes": Num(),
                    "bullion": Num(),
                    "position": Num(10),
                    "square": Skip("the name of the square at position"),
                    "circuits": Num(),
                    "net_worth": Num(100),
                    "holds": Seq(card, n_cards),
                }
            )
        ),
        "mines": Rec(
            {
                "names": Skip(CONSTANT),
                "squares": Skip(CONSTANT),
                "lease": Seq(owner, len(mines)),
                "headgear": Seq(Flag(), len(mines)),
                "drill_reports": Seq(owner, 2 * len(mines)),
            }
        ),
        "board": Skip(CONSTANT),
        "decks": Rec(
            {
                "mine_leases": Num(10),
                "drill_reports": Num(10),
                "risk": Num(10),
                "mine_leases_bottom": Seq(mine, len(mines)),
                "drill_reports_bottom": Seq(mine, 2 * len(mines)),
                "risk_bottom": Seq(card, n_cards),
            }
        ),
        "decision": Opt(decision),
        "winner": Opt(Seat()),
        "end": Skip("narration of the end (winner and scores show it)"),
    }


OPTIONAL = ("auction_timer",)
