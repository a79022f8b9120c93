"""Small statistics: confidence intervals for win rates, Student's t, Holm.

The standard library has no t distribution; :func:`t_two_sided` computes it from the
regularized incomplete beta function (a continued fraction, exact to rounding; checked
against SciPy in tests/sim), so that small studies get honest intervals and large ones
keep their tiny p-values instead of rounding them to 0.
"""

from __future__ import annotations

import math
from functools import lru_cache

Z95 = 1.959963984540054
"""The two-sided 5% point of the standard normal (a 95% interval is ± this many SEs)."""
Z80 = 0.8416212335729143
"""The one-sided 20% point: with it, a test at 5% has 80% power."""


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and behaves at
    0% and 100%, which bot match-ups often reach.  ``successes`` may be fractional
    (a shared win counts 1/k to each of k winners).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


class WinTally:
    """For results that count ``wins`` (fractional for shared wins) out of ``games``."""

    wins: float
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The win rate's 95% Wilson interval."""
        return wilson_interval(self.wins, self.games)


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def quantile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile of already sorted values, interpolated linearly (numpy's default)."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def stdev(values: list[float]) -> float:
    """The sample standard deviation (0 for fewer than two values)."""
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square X with ``df`` degrees of freedom (closed forms for an
    integer ``df``, exact up to rounding; the stdlib has no incomplete gamma)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= half / k
            total += term
        return min(1.0, math.exp(-half) * total)
    sf = math.erfc(math.sqrt(half))
    term = math.sqrt(x) * math.exp(-half) * math.sqrt(2 / math.pi)
    for k in range(1, (df - 1) // 2 + 1):
        sf += term
        term *= x / (2 * k + 1)
    return min(1.0, sf)


def chi_square_uniform(counts: list[float]) -> tuple[float, float]:
    """Pearson's chi-square test that every category is equally likely: (statistic, p).

    Used for "all seats win equally often": the counts are each seat's wins (a shared win
    splits), the expectation their total over the number of seats."""
    k = len(counts)
    total = sum(counts)
    if k < 2 or total <= 0:
        return (0.0, 1.0)
    expected = total / k
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return (statistic, chi_square_sf(statistic, k - 1))


def two_proportions(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, float]:
    """Difference of two proportions (b - a) and the two-sided p of the pooled z test."""
    if n_a <= 0 or n_b <= 0:
        return (0.0, 1.0)
    pa, pb = wins_a / n_a, wins_b / n_b
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return (pb - pa, 1.0)
    return (pb - pa, normal_two_sided((pb - pa) / se))


def two_means(a: list[float], b: list[float]) -> tuple[float, float]:
    """Difference of two means (b - a) and the two-sided p of Welch's test, with the normal
    distribution for the statistic (studies compare hundreds of games a side)."""
    if len(a) < 2 or len(b) < 2:
        return (mean(b) - mean(a), 1.0)
    se = math.sqrt(stdev(a) ** 2 / len(a) + stdev(b) ** 2 / len(b))
    diff = mean(b) - mean(a)
    if se == 0:
        return (diff, 1.0 if diff == 0 else 0.0)
    return (diff, normal_two_sided(diff / se))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment of p-values for many comparisons (controls the chance
    of any false positive, like Bonferroni, but rejects more)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def newcombe_interval(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, float]:
    """95% interval of a difference of two proportions (b - a) from their Wilson intervals
    (Newcombe's hybrid score method: inside [-1, 1], good at 0% and 100%)."""
    if n_a <= 0 or n_b <= 0:
        return (-1.0, 1.0)
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson_interval(wins_a, n_a)
    lb, ub = wilson_interval(wins_b, n_b)
    d = pb - pa
    return (d - math.hypot(pb - lb, ua - pa), d + math.hypot(ub - pb, pa - la))


# ------------------------------------------------------------------ Student's t


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for aa in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return h


def beta_regularized(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1 - math.exp(log_front) * _beta_fraction(b, a, 1 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's T with ``df`` degrees of freedom (normal beyond 1e7)."""
    if math.isnan(t):
        return 1.0
    if df > 1e7:
        return normal_two_sided(t)
    return beta_regularized(df / 2, 0.5, df / (df + t * t))


@lru_cache(maxsize=4096)
def t_critical(alpha: float, df: float) -> float:
    """The ``t`` with P(|T| >= t) = ``alpha`` (bisection; 0.05 for a 95% interval)."""
    low, high = 0.0, 2.0
    while t_two_sided(high, df) > alpha:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if t_two_sided(mid, df) > alpha:
            low = mid
        else:
            high = mid
        if high - low < 1e-12:
            break
    return (low + high) / 2


def detectable(se: float, df: float = math.inf) -> float:
    """The smallest true difference a two-sided test at 5% finds with 80% power, given the
    standard error ``se`` of the estimate (the *minimum detectable effect*)."""
    if math.isinf(df) or df > 1e7:
        return (Z95 + Z80) * se
    return (t_critical(0.05, round(df, 6)) + t_critical(0.40, round(df, 6))) * se


def format_p(p: float) -> str:
    """A p-value for people: two digits, ``p < 1e-12`` below that (never "p 0")."""
    if p < 1e-12:
        return "p < 1e-12"
    return f"p {p:.2g}"
