"""A fitted judgement: each seat's final score foretold from what it holds now.

A game writes down per seat its *holdings* (its points first, then what it has that will
turn into points: unfinished features, stocks, cards, credits to come), and how much of
the game is left, ``t`` (1 at the start, 0 at the end).  The judgement foretells a seat's
final score as its points plus the sum over its other holdings ``h`` of ``h * (a + b*t +
c*t*t)``: weights that change smoothly through the game, fitted by ridge least squares on
the final scores of thousands of games (``bench/judge_fit.py``) and shipped as a small TOML
file in the game's ``data`` folder.  A game's ``judge`` bot hands the foretold margins to
the search's cut-off (``mcts eval=judge``).

This is the same judgement a learned value net would give, made linear in the holdings a
game's heuristic already reads: a few dozen weights that fit in minutes on one core, cost
microseconds a position, and can be read by a person.
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

Weights = tuple[tuple[float, float, float], ...]
"""Per holding after the points: (a, b, c), its weight at t left being a + b·t + c·t²."""

_WARNED: set[str] = set()


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@cache
def load_weights(path: Path, holdings: tuple[str, ...]) -> Weights:
    """The weights of ``path`` for ``holdings`` (points first, so not weighted): a
    ``ValueError`` naming the file where it is not TOML, or does not give every holding
    after the points exactly three numbers."""
    with open(path, "rb") as f:
        try:
            table = tomllib.load(f).get("weights")
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"{path}: not TOML ({exc})") from None
    if not isinstance(table, dict) or set(table) != set(holdings[1:]):
        raise ValueError(f"{path}: the weights must name every holding of {holdings[1:]}")
    rows = []
    for name in holdings[1:]:
        row = table[name]
        if not isinstance(row, list) or len(row) != 3 or not all(_number(v) for v in row):
            raise ValueError(f"{path}: {name!r} needs three numbers, got {row!r}")
        a, b, c = (float(v) for v in row)
        rows.append((a, b, c))
    return tuple(rows)


def weights_or_none(title: str, path: Path, holdings: tuple[str, ...]) -> Weights | None:
    """The weights, or None where the file cannot serve (said once a process in the log: a
    bot is built per move, and the judge then judges as the game's heuristic does)."""
    try:
        return load_weights(path, holdings)
    except (OSError, ValueError) as exc:
        if str(exc) not in _WARNED:
            _WARNED.add(str(exc))
            log.warning("%s judge: %s; it judges as the heuristic does", title, exc)
        return None


def foretell(rows: Sequence[Sequence[float]], left: float, weights: Weights) -> list[float]:
    """Each seat's foretold final score from its holdings ``rows`` with ``left`` of the game
    still to play."""
    t = left
    coef = [a + t * (b + t * c) for a, b, c in weights]
    return [row[0] + sum(h * w for h, w in zip(row[1:], coef, strict=True)) for row in rows]


__all__ = ["Weights", "foretell", "load_weights", "weights_or_none"]
