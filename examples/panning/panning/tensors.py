"""The observation tensor's layout (every key of the view, by the schema's building blocks)."""

from __future__ import annotations

from motherlode.engine import State
from motherlode.rl.tensors.schema import Node, Num, Opt, Seat, Seats


def fields(state: State) -> dict[str, Node]:
    target = float(state.options.target)  # type: ignore[attr-defined]
    return {
        "target": Num(100),
        "turn": Opt(Seat()),
        "pan": Num(target),
        "last_roll": Opt(Num(6)),
        "poke": Seats(Num(target)),
        "winner": Opt(Seat()),
    }
