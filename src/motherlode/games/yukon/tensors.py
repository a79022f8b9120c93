"""Gold am Yukon: nothing is hidden but the future throws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.rl.tensors.schema import (
    Cat,
    Flag,
    Node,
    Num,
    Opt,
    Rec,
    Seat,
    Seats,
    Seq,
    Skip,
    Split,
    Tup,
)

if TYPE_CHECKING:
    from motherlode.engine import State


def fields(state: State) -> dict[str, Node]:
    board = state.board  # type: ignore[attr-defined]
    stones = state.params.stones  # type: ignore[attr-defined]
    claims = len(board.claims)
    starts = len(board.start_spaces)
    space = Split(":", Num(10), Num(10))
    return {
        "board": Skip("the map's name, fixed for the environment"),
        "phase": Cat(("placing", "playing", "over")),
        "turn": Opt(Seat()),
        "throws": Seq(Num(6), 8),
        "pips": Num(10),
        "steered": Flag(),
        "turned_back": Flag(),
        "claims": Seq(Tup(Skip("claim number"), Num(), Num(), Num(), Seat((None,))), claims),
        "teams": Seats(
            Rec(
                {
                    "chain": Seq(space, stones),  # a team's gold-diggers
                    "front": Opt(space),
                    "waiting": Num(),
                    "claims": Seq(Num(10), claims),
                    "nuggets": Num(),
                    "guards": Num(),
                    "retired": Flag(),
                    "active": Flag(),
                    "walled": Num(),
                }
            )
        ),
        "start_spaces": Seq(space, starts),
        "this_turn": Skip("narration of the turn so far (throws, chain and claims show it)"),
        "rounds_without_stake": Num(10),
        "end_reason": Skip("narration of the end (phase and scores show it)"),
        "words": Skip("this_turn and end_reason again, as words a page translates"),
    }
