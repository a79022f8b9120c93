"""A study's statistics: every cell's figures, each factor's effect, and the comparisons
between cells.

For every cell: win rate by seat with 95% Wilson intervals and Pearson's chi-square test
that all seats win equally often, seats counted in turn order from the player who moved
first (Gonza Index draws its first player: there seat 1 is whoever the deal made first;
the rates by seat number as dealt are kept too); win rate by bot (mixed seatings); the
distribution of scores and of the margin of victory (the winner's score minus the best
other score); game length in turns, rounds and decisions; how games ended; and the game's
key figures (:mod:`motherlode.sim.figures`).  Cells that differ in exactly one factor are
compared on the first player's win rate, length, margin, key figures and each bot's win
rate; the p-values of all comparisons in a study are adjusted together by Holm's method,
and a difference is called significant when its adjusted p is below 5%.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from motherlode.sim.grid import Cell, Plan
from motherlode.sim.play import GameRow, entrant_names
from motherlode.sim.stats import (
    chi_square_uniform,
    holm,
    mean,
    quantile,
    stdev,
    two_means,
    two_proportions,
    wilson_interval,
)

SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class Dist:
    """A distribution in a few numbers."""

    n: int
    mean: float
    sd: float
    min: float
    p10: float
    p25: float
    median: float
    p75: float
    p90: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Dist:
        v = sorted(values)
        if not v:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        q = partial(quantile, v)
        return cls(len(v), mean(v), stdev(v), v[0], q(0.1), q(0.25), q(0.5), q(0.75), q(0.9), v[-1])

    def to_json(self) -> dict[str, float]:
        return {k: float(getattr(self, k)) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class Rate:
    """Wins (a shared win splits) out of games, with the 95% Wilson interval."""

    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, float]:
        lo, hi = self.interval
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": self.rate,
            "ci95_low": lo,
            "ci95_high": hi,
        }


def rate_half(rate: Rate) -> float:
    """The half-width of a win rate's 95% Wilson interval."""
    low, high = rate.interval
    return (high - low) / 2


def mean_half(dist: Dist) -> float:
    """The half-width of the 95% interval of a mean (normal approximation)."""
    return 1.96 * dist.sd / math.sqrt(max(1, dist.n))


@dataclass(frozen=True)
class BotRate:
    bot: str
    rate: Rate
    seats: int
    fair_share: float


@dataclass
class CellSummary:
    """Every figure of one cell (see the module docstring)."""

    cell: Cell
    games: int
    seats: list[Rate]
    """Win rate by seat in turn order (``seats[0]``: the first player)."""
    chi_square: float
    chi_square_p: float
    dealt: list[Rate]
    """Win rate by seat number as dealt (differs from ``seats`` where the first player is
    drawn, as in Gonza Index)."""
    bots: list[BotRate]
    scores: Dist
    winner_scores: Dist
    margin: Dist
    decisions: Dist
    turns: Dist
    rounds: Dist
    ends: dict[str, int]
    figures: dict[str, Dist]

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": self.cell.index,
            "label": self.cell.label,
            "players": self.cell.players,
            "options": dict(self.cell.varied),
            "bots": list(self.cell.bots),
            "games": self.games,
            "seats": [{"seat": s + 1, **r.to_json()} for s, r in enumerate(self.seats)],
            "all_seats_equal": {"chi_square": self.chi_square, "p": self.chi_square_p},
            "seats_as_dealt": [{"seat": s + 1, **r.to_json()} for s, r in enumerate(self.dealt)],
            "bot_rates": [
                {"bot": b.bot, "seats": b.seats, "fair_share": b.fair_share, **b.rate.to_json()}
                for b in self.bots
            ],
            "scores": self.scores.to_json(),
            "winner_scores": self.winner_scores.to_json(),
            "margin": self.margin.to_json(),
            "length": {
                "decisions": self.decisions.to_json(),
                "turns": self.turns.to_json(),
                "rounds": self.rounds.to_json(),
            },
            "ends": dict(self.ends),
            "figures": {k: d.to_json() for k, d in self.figures.items()},
        }


def summarise(cell: Cell, rows: Sequence[GameRow], figure_names: Sequence[str]) -> CellSummary:
    """Every figure of one cell from its games."""
    n = len(rows)
    wins = [0.0] * cell.players
    dealt = [0.0] * cell.players
    for r in rows:
        for s in r.winners:
            wins[r.position(s)] += 1 / len(r.winners)
            dealt[s] += 1 / len(r.winners)
    seats = [Rate(w, n) for w in wins]
    statistic, p = chi_square_uniform(wins)
    bots: list[BotRate] = []
    if len(cell.bots) > 1:
        names = entrant_names(cell.bots)
        for e, name in enumerate(names):
            played = [r for r in rows if e in r.lineup]
            won = sum(
                sum(1 for s in r.winners if r.lineup[s] == e) / len(r.winners) for r in played
            )
            fair = mean([r.lineup.count(e) / len(r.lineup) for r in played])
            held = sum(r.lineup.count(e) for r in played)
            bots.append(BotRate(name, Rate(won, len(played)), held, fair))
    return CellSummary(
        cell=cell,
        games=n,
        seats=seats,
        chi_square=statistic,
        chi_square_p=p,
        dealt=[Rate(w, n) for w in dealt],
        bots=bots,
        scores=Dist.of([s for r in rows for s in r.scores]),
        winner_scores=Dist.of([max(r.scores[s] for s in r.winners) for r in rows]),
        margin=Dist.of([r.margin for r in rows]),
        decisions=Dist.of([float(r.decisions) for r in rows]),
        turns=Dist.of([float(r.turns) for r in rows]),
        rounds=Dist.of([r.rounds for r in rows]),
        ends=_ends(rows),
        figures=_figures(rows, figure_names),
    )


def _ends(rows: Sequence[GameRow]) -> dict[str, int]:
    """How many games ended each way, the commonest first."""
    return dict(Counter(r.end for r in rows).most_common())


def _figures(rows: Sequence[GameRow], figure_names: Sequence[str]) -> dict[str, Dist]:
    """Each key figure's distribution over ``rows``."""
    return {name: Dist.of([r.figures[i] for r in rows]) for i, name in enumerate(figure_names)}


@dataclass(frozen=True)
class Effect:
    """One value of one factor, its games pooled over every other factor (a main effect)."""

    factor: str
    value: str
    games: int
    first_player: Rate
    fair_share: float
    turns: Dist
    decisions: Dist
    margin: Dist
    ends: dict[str, int]
    figures: dict[str, Dist]

    def to_json(self) -> dict[str, Any]:
        return {
            "factor": self.factor,
            "value": self.value,
            "games": self.games,
            "first_player": self.first_player.to_json(),
            "fair_share": self.fair_share,
            "turns": self.turns.to_json(),
            "decisions": self.decisions.to_json(),
            "margin": self.margin.to_json(),
            "ends": dict(self.ends),
            "figures": {k: d.to_json() for k, d in self.figures.items()},
        }


def effect(factor: str, value: str, rows: Sequence[GameRow], figure_names: Sequence[str]) -> Effect:
    """One value of one factor over ``rows``, the games played at that value."""
    first = sum((r.first in r.winners) / len(r.winners) for r in rows)
    return Effect(
        factor=factor,
        value=value,
        games=len(rows),
        first_player=Rate(first, len(rows)),
        fair_share=mean([1 / len(r.lineup) for r in rows]),
        turns=Dist.of([float(r.turns) for r in rows]),
        decisions=Dist.of([float(r.decisions) for r in rows]),
        margin=Dist.of([r.margin for r in rows]),
        ends=_ends(rows),
        figures=_figures(rows, figure_names),
    )


@dataclass(frozen=True)
class Comparison:
    """Cell ``b`` against cell ``a``, which differ in one factor only."""

    a: int
    b: int
    factor: str
    metric: str
    value_a: float
    value_b: float
    p: float
    p_holm: float

    @property
    def difference(self) -> float:
        return self.value_b - self.value_a

    @property
    def significant(self) -> bool:
        return self.p_holm < SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "factor": self.factor,
            "metric": self.metric,
            "value_a": self.value_a,
            "value_b": self.value_b,
            "difference": self.difference,
            "p": self.p,
            "p_holm": self.p_holm,
            "significant": self.significant,
        }


def effects(
    plan: Plan, by_cell: Mapping[int, Sequence[GameRow]], figure_names: Sequence[str]
) -> list[Effect]:
    """Each value of each factor that takes several values (players, a varied option, the
    seating), over all the games played at that value; ``by_cell``: each cell's games."""
    out: list[Effect] = []
    cells = plan.cells
    for name in ["players", *plan.vary, "bots"]:
        values = list(dict.fromkeys(c.factors()[name] for c in cells))
        if len(values) < 2:
            continue
        for value in values:
            rows = [r for c in cells if c.factors()[name] == value for r in by_cell[c.index]]
            out.append(effect(name, value, rows, figure_names))
    return out


def comparisons(
    plan: Plan,
    by_cell: Mapping[int, Sequence[GameRow]],
    summaries: Sequence[CellSummary],
    figure_names: Sequence[str],
) -> list[Comparison]:
    """Every pair of cells differing in one factor, on every metric; Holm-adjusted."""
    raw: list[tuple[int, int, str, str, float, float, float]] = []
    for a, b in itertools.combinations(plan.cells, 2):
        fa, fb = a.factors(), b.factors()
        differ = [k for k in fa if fa[k] != fb[k]]
        if len(differ) != 1:
            continue
        factor = differ[0]
        ra, rb = by_cell[a.index], by_cell[b.index]
        if factor != "players":
            sa, sb = summaries[a.index], summaries[b.index]
            diff, p = two_proportions(sa.seats[0].wins, sa.games, sb.seats[0].wins, sb.games)
            raw.append(
                (
                    a.index,
                    b.index,
                    factor,
                    "first player win rate",
                    sa.seats[0].rate,
                    sa.seats[0].rate + diff,
                    p,
                )
            )
        metrics: list[tuple[str, Callable[[GameRow], float]]] = [
            ("mean turns", lambda r: float(r.turns)),
            ("mean decisions", lambda r: float(r.decisions)),
            ("mean margin", lambda r: r.margin),
        ]
        for i, name in enumerate(figure_names):
            metrics.append((f"mean {name}", lambda r, i=i: r.figures[i]))  # type: ignore[misc]
        for metric, read in metrics:
            xa, xb = [read(r) for r in ra], [read(r) for r in rb]
            diff, p = two_means(xa, xb)
            raw.append((a.index, b.index, factor, metric, mean(xa), mean(xa) + diff, p))
        if factor == "players" or a.bots != b.bots:
            continue
        for bot_a, bot_b in zip(summaries[a.index].bots, summaries[b.index].bots, strict=True):
            diff, p = two_proportions(
                bot_a.rate.wins, bot_a.rate.games, bot_b.rate.wins, bot_b.rate.games
            )
            raw.append(
                (
                    a.index,
                    b.index,
                    factor,
                    f"{bot_a.bot} win rate",
                    bot_a.rate.rate,
                    bot_a.rate.rate + diff,
                    p,
                )
            )
    adjusted = holm([t[6] for t in raw])
    return [Comparison(*t, q) for t, q in zip(raw, adjusted, strict=True)]
