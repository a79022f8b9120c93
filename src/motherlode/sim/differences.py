"""The difference between two sets of games on one measure: paired where they share their
deals, else Welch's; always with a 95% interval, a p-value and the smallest effect the
sample could detect.

Cells of a study play the same deals (common random numbers: game ``i`` of every cell is
dealt from the same seed, its bots seeded alike; :mod:`motherlode.sim.study`).  Two cells'
game ``i`` then differ only by the setting compared, so the per-game differences have far
less spread than the games themselves, and the *paired* t test on them sees effects that
Welch's test, comparing two independent samples, misses.  Games pair when both sets hold
the same game numbers dealt from the same seeds; otherwise (different player counts
rotate seats differently, runs with other seeds) the comparison falls back to Welch's
test, or, for a win rate, the two-proportion z test with Newcombe's interval.

*Minimum detectable effect*: the true difference that a two-sided test at 5% would find
four times out of five (80% power), ``(t_0.975 + t_0.8) × standard error``; the standard
error is the one the test used, so pairing shows as a smaller detectable effect.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from motherlode.sim.play import GameRow
from motherlode.sim.stats import (
    detectable,
    mean,
    newcombe_interval,
    stdev,
    t_critical,
    t_two_sided,
    two_proportions,
)

PAIRED = "paired"
WELCH = "Welch"
PROPORTIONS = "two proportions"


@dataclass(frozen=True)
class Difference:
    """``mean_b - mean_a`` with its 95% interval, two-sided p and minimum detectable effect
    (80% power, 5% two-sided); ``n`` is the number of pairs, or the smaller sample."""

    mean_a: float
    mean_b: float
    low: float
    high: float
    p: float
    method: str
    n: int
    mde: float

    @property
    def estimate(self) -> float:
        return self.mean_b - self.mean_a

    def to_json(self) -> dict[str, Any]:
        return {
            "value_a": self.mean_a,
            "value_b": self.mean_b,
            "difference": self.estimate,
            "ci95_low": finite(self.low),
            "ci95_high": finite(self.high),
            "p": self.p,
            "method": self.method,
            "n": self.n,
            "mde80": finite(self.mde),
        }


def finite(x: float) -> float | None:
    """``x``, or None where it is not a number (JSON has no NaN)."""
    return x if math.isfinite(x) else None


def _mean(values: Sequence[float]) -> float:
    """The mean of sorted values: the same float as the cell's distribution reports."""
    return mean(sorted(values))


def paired(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The paired t test on ``b[i] - a[i]`` (the games of one deal)."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    ma, mb = _mean(a), _mean(b)
    if n < 2:
        return Difference(ma, mb, math.nan, math.nan, 1.0, PAIRED, n, math.nan)
    d, se = mean(diffs), stdev(diffs) / math.sqrt(n)
    if se == 0:
        return Difference(ma, mb, d, d, 1.0 if d == 0 else 0.0, PAIRED, n, 0.0)
    half = t_critical(0.05, n - 1) * se
    p = t_two_sided(d / se, n - 1)
    return Difference(ma, mb, d - half, d + half, p, PAIRED, n, detectable(se, n - 1))


def welch(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Welch's t test on two independent samples (Welch-Satterthwaite degrees of freedom)."""
    xa, xb = list(a), list(b)
    ma, mb = _mean(xa), _mean(xb)
    n = min(len(xa), len(xb))
    if n < 2:
        return Difference(ma, mb, math.nan, math.nan, 1.0, WELCH, n, math.nan)
    va, vb = stdev(xa) ** 2 / len(xa), stdev(xb) ** 2 / len(xb)
    se = math.sqrt(va + vb)
    d = mb - ma
    if se == 0:
        return Difference(ma, mb, d, d, 1.0 if d == 0 else 0.0, WELCH, n, 0.0)
    df = (va + vb) ** 2 / (va**2 / (len(xa) - 1) + vb**2 / (len(xb) - 1))
    half = t_critical(0.05, round(df, 6)) * se
    return Difference(
        ma, mb, d - half, d + half, t_two_sided(d / se, df), WELCH, n, detectable(se, df)
    )


def proportions(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Two independent win rates (each game's win share, a shared win split): the pooled
    two-proportion z test, Newcombe's interval."""
    wa, wb = sum(a), sum(b)
    na, nb = len(a), len(b)
    ma, mb = _mean(a), _mean(b)
    if na < 1 or nb < 1:
        return Difference(ma, mb, math.nan, math.nan, 1.0, PROPORTIONS, min(na, nb), math.nan)
    _, p = two_proportions(wa, na, wb, nb)
    low, high = newcombe_interval(wa, na, wb, nb)
    pooled = (wa + wb) / (na + nb)
    se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    return Difference(ma, mb, low, high, p, PROPORTIONS, min(na, nb), detectable(se))


def pairs(rows_a: Sequence[GameRow], rows_b: Sequence[GameRow]) -> list[tuple[GameRow, GameRow]]:
    """The games of ``rows_a`` and ``rows_b`` that share their deal, matched by number;
    [] unless every game of each has its partner (same numbers, same seeds)."""
    if len(rows_a) != len(rows_b) or len(rows_a) < 2:
        return []
    by_index = {r.index: r for r in rows_b}
    out = []
    for ra in rows_a:
        rb = by_index.get(ra.index)
        if rb is None or rb.seed != ra.seed:
            return []
        out.append((ra, rb))
    return out


def difference(
    rows_a: Sequence[GameRow],
    rows_b: Sequence[GameRow],
    read: Callable[[GameRow], float],
    *,
    rate: bool = False,
) -> Difference:
    """``read`` over the games of b minus over those of a: paired where they share their
    deals, else Welch's test (a ``rate``: the two-proportion test)."""
    matched = pairs(rows_a, rows_b)
    if matched:
        return paired([read(x) for x, _ in matched], [read(y) for _, y in matched])
    xa, xb = [read(r) for r in rows_a], [read(r) for r in rows_b]
    return proportions(xa, xb) if rate else welch(xa, xb)


def seat_detectable(players: int, games: int) -> float:
    """How far a seat's win rate must be from its fair share 1/players for ``games`` games
    to show it (80% power, 5% two-sided, one seat)."""
    fair = 1 / players
    return detectable(math.sqrt(fair * (1 - fair) / max(1, games)))
