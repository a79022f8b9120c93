"""A study's statistics: every cell's figures, each factor's effect, and the comparisons
between cells.

For every cell: win rate by seat with 95% Wilson intervals and Pearson's chi-square test
that all seats win equally often, seats counted in turn order from the player who moved
first (Gonza Index draws its first player: there seat 1 is whoever the deal made first;
the rates by seat number as dealt are kept too); win rate by bot (mixed seatings); the
distribution of scores and of the margin of victory (the winner's score minus the best
other score); game length in turns, rounds and decisions; how games ended; and the game's
key figures (:mod:`motherlode.sim.figures`).

Cells that differ in exactly one factor are compared on the first player's win rate,
each bot's win rate, the margin, the length, the key figures and the decisions, in that
order of interest (seat fairness first, mechanical counts last).  Every difference has a
95% interval and the smallest effect its sample could detect; it is *paired* where the
cells share their deals (:mod:`motherlode.sim.differences`).  The p-values of all
comparisons in a study are adjusted together by Holm's method, and a difference is called
significant when its adjusted p is below 5%.  *Main effects* pool, for each value of a
factor, every pair of cells that differ from the factor's first (baseline) value in that
factor only: the designer's headline question ("what does this option change?"), with
its own Holm family.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from motherlode.sim.differences import (
    Difference,
    difference,
    finite,
    paired,
    pairs,
    proportions,
    welch,
)
from motherlode.sim.grid import Cell, Plan
from motherlode.sim.play import GameRow, entrant_names
from motherlode.sim.stats import (
    chi_square_uniform,
    holm,
    mean,
    quantile,
    stdev,
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
class Metric:
    """A measure read from every game, and how interesting a change in it is."""

    name: str
    read: Callable[[GameRow], float]
    rank: int
    """0 seat fairness, 1 margin, 2 length, 3 key figures, 4 mechanical counts."""
    rate: bool = False


def first_share(row: GameRow) -> float:
    """The first player's share of the win (1, 1/k for a k-way tie, or 0)."""
    return (row.first in row.winners) / len(row.winners)


def first_edge(row: GameRow) -> float:
    """The first player's share of the win minus the fair share 1/players."""
    return first_share(row) - 1 / len(row.lineup)


def bot_share(entrant: int) -> Callable[[GameRow], float]:
    """Entrant ``entrant``'s share of the win in a game it plays."""

    def read(row: GameRow) -> float:
        return sum(1 for s in row.winners if row.lineup[s] == entrant) / len(row.winners)

    return read


FIRST_PLAYER = Metric("first player win rate", first_share, 0, rate=True)
FIRST_EDGE = Metric("first player win rate − fair share", first_edge, 0)


def game_metrics(figure_names: Sequence[str]) -> list[Metric]:
    """Margin, length, key figures and decisions, the most interesting first."""
    out = [
        Metric("mean margin", lambda r: r.margin, 1),
        Metric("mean turns", lambda r: float(r.turns), 2),
    ]
    for i, name in enumerate(figure_names):
        out.append(Metric(f"mean {name}", lambda r, i=i: r.figures[i], 3))  # type: ignore[misc]
    out.append(Metric("mean decisions", lambda r: float(r.decisions), 4))
    return out


def factor_rank(plan: Plan, factor: str) -> int:
    """The varied options first (in the order given), then the seating, then players."""
    order = [*plan.vary, "bots", "players"]
    return order.index(factor) if factor in order else len(order)


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
    low: float = math.nan
    """The 95% interval of the difference b - a."""
    high: float = math.nan
    method: str = ""
    """paired, Welch or two proportions (:mod:`motherlode.sim.differences`)."""
    mde: float = math.nan
    """The smallest difference this comparison could detect (80% power, 5% two-sided)."""
    rank: int = 0
    """How interesting the metric is (:attr:`Metric.rank`)."""

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
            "ci95_low": finite(self.low),
            "ci95_high": finite(self.high),
            "p": self.p,
            "p_holm": self.p_holm,
            "significant": self.significant,
            "method": self.method,
            "mde80": finite(self.mde),
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


def compare_games(
    ra: Sequence[GameRow],
    rb: Sequence[GameRow],
    *,
    seats: bool,
    bots: Sequence[str],
    figure_names: Sequence[str],
) -> list[tuple[Metric, Difference]]:
    """Every metric over two sets of games: the first player's win rate where ``seats``
    (same player count), each of ``bots``' win rates (the same mixed seating), then the
    game metrics."""
    out: list[tuple[Metric, Difference]] = []
    if seats:
        out.append((FIRST_PLAYER, difference(ra, rb, first_share, rate=True)))
    if len(bots) > 1:
        for e, name in enumerate(entrant_names(bots)):
            read = bot_share(e)
            xa = [r for r in ra if e in r.lineup]
            xb = [r for r in rb if e in r.lineup]
            out.append(
                (
                    Metric(f"{name} win rate", read, 0, rate=True),
                    difference(xa, xb, read, rate=True),
                )
            )
    for metric in game_metrics(figure_names):
        out.append((metric, difference(ra, rb, metric.read)))
    return out


def comparisons(
    plan: Plan,
    by_cell: Mapping[int, Sequence[GameRow]],
    summaries: Sequence[CellSummary],
    figure_names: Sequence[str],
) -> list[Comparison]:
    """Every pair of cells differing in one factor, on every metric; Holm-adjusted."""
    raw: list[tuple[Cell, Cell, str, Metric, Difference]] = []
    for a, b in itertools.combinations(plan.cells, 2):
        fa, fb = a.factors(), b.factors()
        differ = [k for k in fa if fa[k] != fb[k]]
        if len(differ) != 1:
            continue
        factor = differ[0]
        measured = compare_games(
            by_cell[a.index],
            by_cell[b.index],
            seats=factor != "players",
            bots=a.bots if factor != "players" and a.bots == b.bots else (),
            figure_names=figure_names,
        )
        raw.extend((a, b, factor, metric, diff) for metric, diff in measured)
    adjusted = holm([d.p for *_, d in raw])
    return [
        Comparison(
            a.index,
            b.index,
            factor,
            metric.name,
            d.mean_a,
            d.mean_b,
            d.p,
            q,
            d.low,
            d.high,
            d.method,
            d.mde,
            metric.rank,
        )
        for (a, b, factor, metric, d), q in zip(raw, adjusted, strict=True)
    ]


def by_interest(plan: Plan, found: Sequence[Comparison]) -> list[Comparison]:
    """Seat fairness first, mechanical counts last; within a metric, the varied options
    before the seating and the player count, then by p."""
    return sorted(found, key=lambda c: (c.rank, factor_rank(plan, c.factor), c.p))


@dataclass(frozen=True)
class MainEffect:
    """A factor's value against its first (baseline) value, every other factor held: the
    games of every pair of cells that differ in that factor only, pooled."""

    factor: str
    baseline: str
    value: str
    metric: str
    rank: int
    cells: int
    """How many pairs of cells were pooled."""
    difference: Difference
    p_holm: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_holm < SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {
            "factor": self.factor,
            "baseline": self.baseline,
            "value": self.value,
            "metric": self.metric,
            "cell_pairs": self.cells,
            **self.difference.to_json(),
            "p_holm": self.p_holm,
            "significant": self.significant,
        }


def pooled(
    matches: Sequence[tuple[Sequence[GameRow], Sequence[GameRow]]],
    read: Callable[[GameRow], float],
    rate: bool,
) -> Difference:
    """One difference over several pairs of cells: paired if every pair shares its deals."""
    matched = [pairs(ra, rb) for ra, rb in matches]
    if all(matched):
        both = [pair for found in matched for pair in found]
        return paired([read(x) for x, _ in both], [read(y) for _, y in both])
    xa = [read(r) for ra, _ in matches for r in ra]
    xb = [read(r) for _, rb in matches for r in rb]
    return proportions(xa, xb) if rate else welch(xa, xb)


def main_effects(
    plan: Plan, by_cell: Mapping[int, Sequence[GameRow]], figure_names: Sequence[str]
) -> list[MainEffect]:
    """Each value of each factor against the factor's first value, on every metric
    (the first player's edge over the fair share where the player count varies); the
    p-values adjusted together by Holm's method."""
    found: list[MainEffect] = []
    for factor in ["players", *plan.vary, "bots"]:
        values = list(dict.fromkeys(c.factors()[factor] for c in plan.cells))
        if len(values) < 2:
            continue
        base = values[0]
        for value in values[1:]:
            matches: list[tuple[Cell, Cell]] = []
            for a in plan.cells:
                fa = a.factors()
                if fa[factor] != base:
                    continue
                want = {**fa, factor: value}
                matches.extend((a, b) for b in plan.cells if b.factors() == want)
            if not matches:
                continue
            games = [(by_cell[a.index], by_cell[b.index]) for a, b in matches]
            first = FIRST_EDGE if factor == "players" else FIRST_PLAYER
            for metric in [first, *game_metrics(figure_names)]:
                diff = pooled(games, metric.read, metric.rate)
                found.append(
                    MainEffect(factor, base, value, metric.name, metric.rank, len(matches), diff)
                )
    adjusted = holm([m.difference.p for m in found])
    return [
        MainEffect(m.factor, m.baseline, m.value, m.metric, m.rank, m.cells, m.difference, q)
        for m, q in zip(found, adjusted, strict=True)
    ]
