"""Balance studies: a designed experiment over options, player counts and bot seatings.

A study is a grid.  Its factors are the options named by ``--vary`` (each with a list of
values), the player counts (``--players 3-6``) and the bot *seatings* (``--bots heuristic``,
or a mix written ``heuristic+random``); every combination is a *cell*, and every cell plays
``-n`` games.  Where a seating mixes bots, seats are filled by the arena's balanced
schedule (:func:`motherlode.sim.arena.schedule`), so every bot sits in every seat equally
often and shares the deals.

Reproducibility: game ``i`` of a cell is dealt from a seed derived from the run's seed, the
cell's key (its settings, not its position in the grid) and ``i``, so a cell gives the same
games whichever grid it is part of, on either backend and any number of workers.

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
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from motherlode.agents.specs import make_agent, parse_spec
from motherlode.engine import BadOptions, MotherlodeError, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim.arena import BOT_SEEDS, check_bots, entrant_names, schedule
from motherlode.sim.backends import Backend, LocalBackend
from motherlode.sim.figures import key_figures, probe_for
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    err_console,
    live_progress,
    open_backend,
    speed_line,
)
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
from motherlode.table import Seat, Table

SIGNIFICANCE = 0.05

# -------------------------------------------------------------------- the grid


def parse_players(text: str, low: int, high: int) -> list[int]:
    """'3-6', '3,5' or '4' into player counts, each within the game's ``low``-``high``."""
    counts: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, sep, last = part.partition("-")
        try:
            span = range(int(first), int(last) + 1) if sep else range(int(first), int(first) + 1)
        except ValueError:
            raise BadOptions(f"--players is a count or a range like 3-6, not {text!r}") from None
        if not span:
            raise BadOptions(f"--players {text!r}: the range is empty")
        for k in span:
            if not low <= k <= high:
                raise BadOptions(f"the game is for {low}-{high} players, not {k}")
            if k not in counts:
                counts.append(k)
    return counts


def parse_vary(items: Sequence[str]) -> dict[str, list[str]]:
    """``["auction_level=A,B", ...]`` into option name -> values, in the order given."""
    out: dict[str, list[str]] = {}
    for item in items:
        key, sep, values = item.partition("=")
        key = key.strip().replace("-", "_")
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not key or not listed:
            raise BadOptions(f"--vary is written option=value1,value2, got {item!r}")
        if key in out:
            raise BadOptions(f"--vary {key} is given twice")
        if len(set(listed)) != len(listed):
            raise BadOptions(f"--vary {key}: a value is listed twice")
        out[key] = listed
    return out


def parse_seating(text: str) -> tuple[str, ...]:
    """'heuristic' or 'heuristic+random': the bots seated in a cell (normalised specs)."""
    parts = [p for p in text.split("+") if p.strip()]
    if not parts:
        raise BadOptions(f"--bots names bots joined by '+', like heuristic+random, not {text!r}")
    return tuple(str(parse_spec(p)) for p in parts)


@dataclass(frozen=True)
class Cell:
    """One setting of the grid: a player count, the varied options' values, a seating."""

    index: int
    players: int
    varied: tuple[tuple[str, str], ...]
    bots: tuple[str, ...]

    @property
    def key(self) -> str:
        """Stable name of the cell's settings (its games' seeds derive from it)."""
        opts = "".join(f"|{k}={v}" for k, v in self.varied)
        return f"players={self.players}{opts}|bots={'+'.join(self.bots)}"

    @property
    def label(self) -> str:
        """Short and readable: '4p auction_level=EZ1' (bots only when they differ)."""
        parts = [f"{self.players}p", *(f"{k}={v}" for k, v in self.varied)]
        if len(self.bots) > 1 or self.bots != ("heuristic",):
            parts.append("+".join(self.bots))
        return " ".join(parts)

    def factors(self) -> dict[str, str]:
        """Every factor's value, for comparisons: players, each varied option, bots."""
        out = {"players": str(self.players)}
        out.update(self.varied)
        out["bots"] = "+".join(self.bots)
        return out


@dataclass(frozen=True)
class Plan:
    """The study's design: its game, fixed options, cells, games per cell and seed."""

    game: str
    options: dict[str, str]
    vary: dict[str, list[str]]
    cells: tuple[Cell, ...]
    games: int
    seed: int

    def cell_options(self, cell: Cell) -> dict[str, str]:
        return {**self.options, **dict(cell.varied)}

    @property
    def total(self) -> int:
        return self.games * len(self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "vary": {k: list(v) for k, v in self.vary.items()},
            "players": sorted({c.players for c in self.cells}),
            "seatings": sorted({"+".join(c.bots) for c in self.cells}),
            "games_per_cell": self.games,
            "seed": self.seed,
        }


def plan_study(
    game_id: str,
    *,
    vary: Mapping[str, Sequence[str]] | None = None,
    players: Sequence[int] | None = None,
    seatings: Sequence[Sequence[str]] | None = None,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
) -> Plan:
    """Check every setting (options, player counts, bots) before a game is played."""
    game = get_game(game_id)
    base = {k: str(v) for k, v in (options or {}).items()}
    varied = {k: [str(x) for x in v] for k, v in (vary or {}).items()}
    clash = set(base) & set(varied)
    if clash:
        raise BadOptions(f"option {sorted(clash)[0]} is both fixed (--option) and varied (--vary)")
    counts = list(players or range(game.min_players, game.max_players + 1))
    for count in counts:
        game.check_players(count)
    default = "heuristic" if "heuristic" in game.bots else "random"
    lineups = [tuple(str(parse_spec(b)) for b in s) for s in (seatings or [[default]])]
    for lineup in lineups:
        if not lineup:
            raise BadOptions("a seating names at least one bot")
        check_bots(game, lineup)
    if games < 1:
        raise BadOptions("the number of games must be at least 1")
    names = list(varied)
    cells: list[Cell] = []
    for count in counts:
        for values in itertools.product(*(varied[k] for k in names)):
            chosen = tuple(zip(names, values, strict=True))
            game.options({**base, **dict(chosen)})  # a bad value or combination fails here
            for lineup in lineups:
                cells.append(Cell(len(cells), count, chosen, lineup))
    return Plan(game_id, base, varied, tuple(cells), games, seed)


# ------------------------------------------------------------------- the games


def study_seed(run_seed: int, key: str, index: int) -> int:
    """The deal of game ``index`` (or rotation period) of the cell named ``key``."""
    return random.Random(f"motherlode-study:{run_seed}:{key}:{index}").getrandbits(63)


@dataclass(frozen=True)
class GameRow:
    """One finished game of a study: what it was and every figure read from it."""

    cell: int
    index: int
    seed: int
    lineup: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    decisions: int
    turns: int
    rounds: float
    end: str
    figures: tuple[float, ...]
    first: int = 0
    """The seat that moved first."""

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0]

    def position(self, seat: int) -> int:
        """``seat``'s place in turn order: 0 for the first player."""
        return (seat - self.first) % len(self.lineup)

    @property
    def margin(self) -> float:
        """The winner's score minus the best score of a player who did not win (0 if all
        won).  It can be negative where the rulebook's winner is not the top score (a
        GOLDFIX player who reached the target cash first)."""
        others = [s for i, s in enumerate(self.scores) if i not in self.ranking[0]]
        if not others:
            return 0.0
        return max(self.scores[i] for i in self.ranking[0]) - max(others)

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": self.cell,
            "index": self.index,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "scores": list(self.scores),
            "ranking": [list(g) for g in self.ranking],
            "decisions": self.decisions,
            "turns": self.turns,
            "rounds": self.rounds,
            "end": self.end,
            "figures": list(self.figures),
            "first": self.first,
        }


@dataclass(frozen=True)
class Chunk:
    """A task for a backend: some games of one cell."""

    game: str
    cell: int
    options: dict[str, str]
    bots: tuple[str, ...]
    games: tuple[tuple[int, int, int, tuple[int, ...]], ...]  # index, seed, bot seed, lineup


def play_study_game(
    game_id: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    cell: int,
    job: tuple[int, int, int, tuple[int, ...]],
) -> GameRow:
    """One game through the table service, watched by the game's probe."""
    index, seed, bot_seed, lineup = job
    game = get_game(game_id)
    state = game.new_state(len(lineup), seed, options)
    state.logging = False  # no one reads it (see simulate.play_one)
    seeder = random.Random(bot_seed)
    seats = []
    for s, e in enumerate(lineup):
        spec = parse_spec(bots[e])
        seats.append(
            Seat(f"{bots[e]} {s + 1}", spec, make_agent(spec, game, seeder.getrandbits(63)))
        )
    table = Table(game, state, seats)
    probe = probe_for(game_id)
    probe.start(state)
    first = probe.first_seat(state)
    table.on_move.append(lambda t, _seat, _action: probe.after_move(t.state))
    final = table.play()
    names = list(key_figures(game_id))
    figures = probe.figures(final)
    return GameRow(
        cell=cell,
        index=index,
        seed=seed,
        lineup=lineup,
        scores=final.scores(),
        ranking=final.ranking(),
        decisions=final.move_count,
        turns=probe.turns,
        rounds=probe.rounds(final),
        end=probe.end_reason(final),
        figures=tuple(figures[k] for k in names),
        first=first,
    )


def play_chunk(chunk: Chunk) -> list[GameRow]:
    """Every game of a chunk (the function backends run)."""
    return [
        play_study_game(chunk.game, chunk.options, chunk.bots, chunk.cell, job)
        for job in chunk.games
    ]


def chunks(plan: Plan, size: int) -> list[Chunk]:
    """The study cut into tasks of at most ``size`` games of one cell."""
    out: list[Chunk] = []
    for cell in plan.cells:
        lineups = schedule(len(cell.bots), cell.players)
        period = len(lineups)
        jobs = [
            (
                i,
                study_seed(plan.seed, cell.key, i // period),
                study_seed(plan.seed, cell.key, i) ^ BOT_SEEDS,
                lineups[i % period],
            )
            for i in range(plan.games)
        ]
        options = plan.cell_options(cell)
        for start in range(0, len(jobs), size):
            part = tuple(jobs[start : start + size])
            out.append(Chunk(plan.game, cell.index, options, cell.bots, part))
    return out


def run_study(
    plan: Plan,
    *,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    play: Callable[[Chunk], list[GameRow]] = play_chunk,
) -> Study:
    """Play every cell of ``plan`` on ``backend`` (default: this process); ``progress(k)``
    after each k games.  ``play`` runs a chunk (tests wrap it)."""
    own = backend is None
    runner = LocalBackend(1) if backend is None else backend
    rows: list[GameRow] = []
    try:
        size = max(1, runner.chunk_size(plan.total))
        for _, done in runner.map_unordered(play, chunks(plan, size)):
            rows.extend(done)
            if progress:
                progress(len(done))
    finally:
        if own:
            runner.close()
    rows.sort(key=lambda r: (r.cell, r.index))
    return Study(plan, rows)


# ----------------------------------------------------------------- the figures


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


@dataclass
class Study:
    """A played study: its plan and every game, by cell then index."""

    plan: Plan
    rows: list[GameRow] = field(default_factory=list)

    @property
    def figure_names(self) -> list[str]:
        return list(key_figures(self.plan.game))

    def rows_of(self, cell: Cell) -> list[GameRow]:
        return [r for r in self.rows if r.cell == cell.index]

    @cached_property
    def summaries(self) -> list[CellSummary]:
        names = self.figure_names
        return [summarise(cell, self.rows_of(cell), names) for cell in self.plan.cells]

    @cached_property
    def effects(self) -> list[Effect]:
        """Each value of each factor that takes several values (players, a varied option,
        the seating), over all the games played at that value."""
        out: list[Effect] = []
        cells = self.plan.cells
        for name in ["players", *self.plan.vary, "bots"]:
            values = list(dict.fromkeys(c.factors()[name] for c in cells))
            if len(values) < 2:
                continue
            for value in values:
                rows = [r for c in cells if c.factors()[name] == value for r in self.rows_of(c)]
                out.append(effect(name, value, rows, self.figure_names))
        return out

    @cached_property
    def comparisons(self) -> list[Comparison]:
        """Every pair of cells differing in one factor, on every metric; Holm-adjusted."""
        raw: list[tuple[int, int, str, str, float, float, float]] = []
        by_cell = {c.index: self.rows_of(c) for c in self.plan.cells}
        for a, b in itertools.combinations(self.plan.cells, 2):
            fa, fb = a.factors(), b.factors()
            differ = [k for k in fa if fa[k] != fb[k]]
            if len(differ) != 1:
                continue
            factor = differ[0]
            ra, rb = by_cell[a.index], by_cell[b.index]
            if factor != "players":
                sa, sb = self.summaries[a.index], self.summaries[b.index]
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
            for i, name in enumerate(self.figure_names):
                metrics.append((f"mean {name}", lambda r, i=i: r.figures[i]))  # type: ignore[misc]
            for metric, read in metrics:
                xa, xb = [read(r) for r in ra], [read(r) for r in rb]
                diff, p = two_means(xa, xb)
                raw.append((a.index, b.index, factor, metric, mean(xa), mean(xa) + diff, p))
            if factor == "players" or a.bots != b.bots:
                continue
            for bot_a, bot_b in zip(
                self.summaries[a.index].bots, self.summaries[b.index].bots, strict=True
            ):
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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Study:
        """A study back from its ``study.json``, to draw its report again without playing."""
        head = data["plan"]
        cells = tuple(
            Cell(
                c["cell"],
                c["players"],
                tuple((k, str(v)) for k, v in c["options"].items()),
                tuple(c["bots"]),
            )
            for c in data["cells"]
        )
        plan = Plan(
            head["game"],
            {k: str(v) for k, v in head["options"].items()},
            {k: [str(x) for x in v] for k, v in head["vary"].items()},
            cells,
            head["games_per_cell"],
            head["seed"],
        )
        rows = [
            GameRow(
                g["cell"],
                g["index"],
                g["seed"],
                tuple(g["lineup"]),
                tuple(float(x) for x in g["scores"]),
                tuple(tuple(group) for group in g["ranking"]),
                g["decisions"],
                g["turns"],
                float(g["rounds"]),
                g["end"],
                tuple(float(x) for x in g["figures"]),
                g.get("first", 0),
            )
            for g in data["games"]
        ]
        return cls(plan, rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "plan": self.plan.to_json(),
            "key_figures": key_figures(self.plan.game),
            "cells": [s.to_json() for s in self.summaries],
            "effects": [e.to_json() for e in self.effects],
            "comparisons": [c.to_json() for c in self.comparisons],
            "games": [r.to_json() for r in self.rows],
        }


# -------------------------------------------------------------------- the command


def study_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary", "-v", help="An option and its values to compare: key=v1,v2 (repeat)."
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player counts: 4, 3-6 or 3,5 (default: all)."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="A seating: one bot for every seat (heuristic) or a mix (heuristic+random), "
            "seat-rotated; repeat to compare seatings (default: heuristic).",
        ),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Games per cell.")] = 100,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A fixed game option: key=value.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same results.")] = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Folder for report.html, study.json and CSV files (default: study-GAME)."
        ),
    ] = None,
    redraw: Annotated[
        Path | None,
        typer.Option(
            "--redraw", help="Draw the report of an earlier study again from its study.json."
        ),
    ] = None,
) -> None:
    """A designed balance experiment: every cell of options x players x bots, -n games each;
    an HTML report with plots, JSON and CSV of every figure, and a summary here.

    With --redraw, no games are played: the report of an earlier study is drawn again from
    its study.json (into --out, or beside the JSON)."""
    from motherlode.sim.report import console, print_summary, write_report

    if redraw is not None:
        try:
            study = Study.from_json(json.loads(redraw.read_text()))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            console.print(f"[bold red]error:[/] cannot read {redraw}: {escape(str(exc))}")
            raise typer.Exit(2) from None
        if study.plan.game != game_id:
            console.print(f"[bold red]error:[/] {redraw} is a study of {study.plan.game}")
            raise typer.Exit(2)
        print_summary(study, console)
        written = write_report(study, out or redraw.parent)
        console.print(f"Report: {written}", soft_wrap=True)
        return
    try:
        game = get_game(game_id)
        counts = parse_players(players, game.min_players, game.max_players) if players else None
        plan = plan_study(
            game_id,
            vary=parse_vary(vary or []),
            players=counts,
            seatings=[parse_seating(b) for b in bots] if bots else None,
            games=n,
            seed=seed,
            options=parse_option_pairs(option or []),
        )
        folder = out or Path(f"study-{game_id}")
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            description = f"{game.title}: {len(plan.cells)} cells x {n} games"
            with live_progress(description, plan.total) as advance:
                study = run_study(plan, backend=runner, progress=advance)
            elapsed = time.perf_counter() - start
            speed = speed_line(plan.total, elapsed, runner)
    except MotherlodeError as exc:
        console.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    print_summary(study, console)
    written = write_report(study, folder)
    console.print(f"Report: {written} (with study.json and CSV files beside it)", soft_wrap=True)
    err_console.print(speed)
