"""What ``motherlode tune`` minimises: the objective's parts, read from a candidate's games.

Each part has its own figure, read from the :class:`~motherlode.sim.play.GameRow` of every
game one candidate played (probed: rounds, turns, the first seat, key figures), and a
*loss*, its distance from perfect as a share, so that parts can be mixed by weight:

* ``fairness``: the largest deviation of any seat's win rate from its fair share
  1/players, seats counted in turn order (seat 1 moved first); the loss is the deviation;
* ``length``: the mean game length, in rounds where the game's probe counts them (a game
  with a probe of its own, :func:`motherlode.sim.figures.probe_for`), else in moves; the
  loss is its distance from ``--target-length`` as a share of the target (0.1: 10% off);
* ``ladder``: does the better bot still win?  The win share of the first of two bots
  seated (``--bots strong+casual``: ``strong`` is meant to be the better, a shared win
  counting a part); the loss is 1 − that share;
* ``fn``: a designer's own function (``--objective-fn module:function`` or
  ``path/to/file.py:function``), called as ``fn(rows) -> float`` with the rows of every
  game one candidate played so far, sorted by index; smaller is better (return the
  negative of what should grow), and the value is the loss.  It is called many times (at
  each evaluation step and a few hundred times for the intervals), so it should be cheap
  and depend on nothing but the rows.  For example::

      def short_and_close(rows):  # games near 40 rounds, won by a narrow margin
          rounds = sum(r.rounds for r in rows) / len(rows)
          margin = sum(r.margin for r in rows) / len(rows)
          return abs(rounds - 40) / 40 + margin / 10

The objective is the weighted sum of the losses (``fairness:1,length:0.5``).  Intervals
are percentile bootstraps over deals (the games of one rotation period share a deal and are
resampled together); a paired one resamples the same deals in two candidates' games.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from motherlode.engine import BadOptions
from motherlode.sim.figures import Probe, probe_for
from motherlode.sim.play import GameRow
from motherlode.sim.stats import mean, quantile

PARTS = ("fairness", "length", "ladder", "fn")
BOOTSTRAP = 400
"""Resamples for a trial's intervals (the re-check uses twice as many)."""

ObjectiveFn = Callable[[Sequence[GameRow]], float]


def seat_wins(rows: Sequence[GameRow]) -> list[float]:
    """Wins by seat in turn order (seat 1 moved first); a shared win counts 1/k."""
    if not rows:
        return []
    wins = [0.0] * len(rows[0].lineup)
    for row in rows:
        winners = row.ranking[0]
        for seat in winners:
            wins[row.position(seat)] += 1 / len(winners)
    return wins


def fairness(rows: Sequence[GameRow]) -> float:
    """The largest deviation of any seat's win rate from its fair share 1/players."""
    if not rows:
        return 0.0
    wins = seat_wins(rows)
    fair = 1 / len(wins)
    return max(abs(w / len(rows) - fair) for w in wins)


def fair_floor(players: int, games: int, *, draws: int = 200, seed: int = 0) -> float:
    """What ``fairness`` reads, on average, for a perfectly fair table of ``players`` over
    ``games`` games (one winner each, every seat alike): its noise floor.  A setting that
    reads near it cannot be told from fair at that many games."""
    rng = random.Random(seed)
    total = 0.0
    for _ in range(draws):
        wins = [0] * players
        for _ in range(games):
            wins[rng.randrange(players)] += 1
        total += max(abs(w / games - 1 / players) for w in wins)
    return total / draws


def mean_length(rows: Sequence[GameRow], unit: str) -> float:
    return mean([row.rounds if unit == "rounds" else float(row.moves) for row in rows])


def ladder_share(rows: Sequence[GameRow]) -> float:
    """The first entrant's share of the wins (a shared win counts a part)."""
    if not rows:
        return 0.0
    return sum(row.win_share(0) for row in rows) / len(rows)


def load_objective_fn(text: str) -> ObjectiveFn:
    """``module:function`` or ``path/to/file.py:function``: a designer's objective."""
    where, sep, name = text.rpartition(":")
    if not sep or not where or not name.isidentifier():
        raise BadOptions(
            f"--objective-fn is module:function or path/to/file.py:function, not {text!r}"
        )
    try:
        if where.endswith(".py"):
            path = Path(where)
            spec = importlib.util.spec_from_file_location(f"_tune_objective_{path.stem}", path)
            if spec is None or spec.loader is None or not path.is_file():
                raise BadOptions(f"--objective-fn: no Python file {where}")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            if os.getcwd() not in sys.path:  # a module beside the designer, like python -m
                sys.path.insert(0, os.getcwd())
            module = importlib.import_module(where)
    except ImportError as exc:
        raise BadOptions(f"--objective-fn: cannot import {where}: {exc}") from None
    fn = getattr(module, name, None)
    if not callable(fn):
        raise BadOptions(f"--objective-fn: {where} has no function {name}")
    return fn  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Objective:
    """The parts of the objective and their weights; smaller is better.

    :meth:`values` reads each part's own figure from the games (the seat deviation, the
    mean length, the better bot's share, the designer's number), :meth:`loss` turns them
    into the number minimised: the weighted sum of each part's distance from perfect."""

    weights: tuple[tuple[str, float], ...]
    target_length: float | None = None
    length_unit: str = "moves"
    fn: ObjectiveFn | None = field(default=None, compare=False)
    fn_name: str = ""

    @property
    def parts(self) -> list[str]:
        return [name for name, _ in self.weights]

    def value(self, name: str, rows: Sequence[GameRow]) -> float:
        """One part's own figure from a candidate's games."""
        if name == "fairness":
            return fairness(rows)
        if name == "length":
            return mean_length(rows, self.length_unit)
        if name == "ladder":
            return ladder_share(rows)
        assert self.fn is not None
        value = self.fn(list(rows))
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadOptions(f"--objective-fn {self.fn_name} returned {value!r}, not a number")
        return float(value)

    def values(self, rows: Sequence[GameRow]) -> dict[str, float]:
        return {name: self.value(name, rows) for name in self.parts}

    def part_loss(self, name: str, value: float) -> float:
        if name == "length":
            assert self.target_length is not None
            return abs(value - self.target_length) / self.target_length
        if name == "ladder":
            return 1 - value
        return value

    def loss(self, values: Mapping[str, float]) -> float:
        return sum(w * self.part_loss(name, values[name]) for name, w in self.weights)

    def describe(self) -> str:
        words = {
            "fairness": "seat fairness (largest deviation from 1/players, smaller is better)",
            "length": f"game length near {self.target_length:g} {self.length_unit}"
            if self.target_length
            else "game length",
            "ladder": "the first bot's win share (larger is better)",
            "fn": f"{self.fn_name} (smaller is better)",
        }
        return " + ".join(f"{w:g} × {words[name]}" for name, w in self.weights)

    def to_json(self) -> dict[str, Any]:
        return {
            "weights": dict(self.weights),
            "target_length": self.target_length,
            "length_unit": self.length_unit,
            "fn": self.fn_name or None,
        }


def parse_objective(
    game_id: str,
    text: str | None,
    *,
    bots: Sequence[str],
    target_length: float | None = None,
    fn: str | None = None,
) -> Objective:
    """``fairness``, ``fairness:1,length:0.5``...; ``--objective-fn`` adds the part ``fn``
    (weight 1 unless named), and alone it is the whole objective."""
    weights: dict[str, float] = {}
    if text is None:
        text = "" if fn else "fairness"
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, sep, weight_text = item.partition(":")
        name = name.strip()
        if name not in PARTS:
            raise BadOptions(f"--objective parts are {', '.join(PARTS)}, not {name!r}")
        if name in weights:
            raise BadOptions(f"--objective names {name} twice")
        try:
            weight = float(weight_text) if sep else 1.0
        except ValueError:
            raise BadOptions(f"--objective {name}: the weight is a number") from None
        if not math.isfinite(weight) or weight <= 0:
            raise BadOptions(f"--objective {name}: the weight must be above 0")
        weights[name] = weight
    if fn and "fn" not in weights:
        weights["fn"] = 1.0
    if not weights:
        raise BadOptions("--objective names at least one part, e.g. fairness")
    if "fn" in weights and not fn:
        raise BadOptions("--objective fn needs --objective-fn module:function")
    if "length" in weights and (target_length is None or target_length <= 0):
        raise BadOptions("--objective length needs --target-length (above 0)")
    if "ladder" in weights and len(bots) != 2:
        raise BadOptions(
            "--objective ladder seats two bots, the better first: --bots strong+casual"
        )
    unit = "moves" if type(probe_for(game_id)) is Probe else "rounds"
    return Objective(
        tuple(weights.items()),
        target_length if "length" in weights else None,
        unit,
        load_objective_fn(fn) if fn else None,
        fn or "",
    )


# ----------------------------------------------------------------------- intervals


def blocks(rows: Sequence[GameRow]) -> list[list[GameRow]]:
    """Rows grouped by deal (the games of one rotation period share it), in order."""
    out: dict[int, list[GameRow]] = {}
    for row in rows:
        out.setdefault(row.seed, []).append(row)
    return list(out.values())


def _interval(values: list[float]) -> tuple[float, float]:
    values.sort()
    return (quantile(values, 0.025), quantile(values, 0.975))


def bootstrap(
    rows: Sequence[GameRow],
    stats: Mapping[str, Callable[[Sequence[GameRow]], float]],
    *,
    seed: int,
    reps: int = BOOTSTRAP,
) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of each statistic, resampling whole deals."""
    groups = blocks(rows)
    if len(groups) < 2:
        return {name: (stat(rows), stat(rows)) for name, stat in stats.items()}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in stats}
    for _ in range(reps):
        sample = [row for _ in groups for row in groups[rng.randrange(len(groups))]]
        for name, stat in stats.items():
            draws[name].append(stat(sample))
    return {name: _interval(values) for name, values in draws.items()}


def paired_bootstrap(
    a: Sequence[GameRow],
    b: Sequence[GameRow],
    stats: Mapping[str, Callable[[Sequence[GameRow]], float]],
    *,
    seed: int,
    reps: int = 2 * BOOTSTRAP,
) -> dict[str, tuple[float, float]]:
    """95% intervals of ``stat(b) - stat(a)`` for paired games (the same deals in ``a``
    and ``b``), resampling the deals jointly."""
    ga, gb = blocks(a), blocks(b)
    if [g[0].seed for g in ga] != [g[0].seed for g in gb]:
        raise ValueError("paired games must share their deals")
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in stats}
    for _ in range(reps):
        picks = [rng.randrange(len(ga)) for _ in ga]
        sa = [row for i in picks for row in ga[i]]
        sb = [row for i in picks for row in gb[i]]
        for name, stat in stats.items():
            draws[name].append(stat(sb) - stat(sa))
    return {name: _interval(values) for name, values in draws.items()}
