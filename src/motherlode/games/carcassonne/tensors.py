"""Carcassonne with The Goldmines: the board is open; hidden is the order of the tile bag
(the bag's contents are public, as ``remaining``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from motherlode.games.carcassonne.rules import PHASES, TALLY
from motherlode.rl.tensors.schema import (
    Cat,
    Ctx,
    Custom,
    LayoutError,
    Node,
    Num,
    Opt,
    Out,
    Path,
    Rec,
    Seat,
    Seats,
    SeatSet,
    Seq,
    Skip,
    Tup,
    where,
)

if TYPE_CHECKING:
    from motherlode.engine import State

LEGAL = "the legal actions: the same as the action mask"
NAMED = "the drawn tile's name in words, for people: the same as 'tile'"


def _counts(vocab: tuple[str, ...]) -> Node:
    index = {v: i for i, v in enumerate(vocab)}

    def put(value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, dict):
            raise LayoutError(f"{where(path)}: expected tile counts, got {value!r}")
        for tile, count in value.items():
            if tile not in index or type(count) is not int or count <= 0:
                raise LayoutError(f"{where(path)}: bad count {tile!r}: {count!r}")
            out[at + index[tile]] = float(count)

    return Custom(lambda ctx: len(vocab), put, f"count per tile type ({len(vocab)})")


def fields(state: State) -> dict[str, Node]:
    tiles = tuple(state.tileset.ids)  # type: ignore[attr-defined]
    room = len(state.bag) + 2  # type: ignore[attr-defined]
    xy = (Num(10), Num(10))
    tile = Cat(tiles)
    return {
        "phase": Cat(PHASES),
        "active": Seat(),
        "tile": Opt(tile),
        "tile_name": Skip(NAMED),
        "bag": Num(10),
        "remaining": _counts(tiles),
        "discarded": Seq(tile, room),
        "board": Seq(Tup(*xy, tile, Cat(range(4))), room),
        "last": Opt(Tup(*xy)),
        "followers": Seq(Tup(*xy, Num(), Seat()), room),
        "points": Seats(Num(10)),
        "supply": Seats(Num()),
        "design": Skip("design numbers, the same all game (the table's parameters)"),
        "tally": Rec({kind: Seats(Num(10)) for kind in TALLY}),
        "gold": Seq(Tup(*xy, Num()), room),
        "bars": Seats(Num()),
        "placements": Skip(LEGAL),
        "free_features": Skip(LEGAL),
        "gold_targets": Skip(LEGAL),
        "claims": Seq(Tup(*xy, SeatSet()), room),
        "gold_turn": Seat(),
    }


OPTIONAL = ("gold", "bars", "placements", "free_features", "gold_targets", "claims", "gold_turn")
