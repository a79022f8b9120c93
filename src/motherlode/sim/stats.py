"""Small statistics: confidence intervals for win rates."""

from __future__ import annotations

import math


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
