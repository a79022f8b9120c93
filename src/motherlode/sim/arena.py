"""The arena: bots play seat-rotated games; win rates with 95% CIs, ratings, plots, files.

Seats are filled by a fixed schedule so that every bot plays every seat equally often over
each *period* of games:

* with no more bots than players, bots are cycled round the table: in rotation ``r`` seat
  ``s`` holds bot ``(s + r) mod k``; a bot may hold several seats of one game (with 2 bots
  in a 4-player game: A B A B, then B A B A); the period is ``k`` games;
* with more bots than players, every combination of ``players`` bots sits in each of its
  rotations, so every bot meets every other equally often; the period is
  ``C(k, players) × players`` games.

All games of one period are played on the same deal (the same game seed, derived from the
run seed like :func:`motherlode.sim.simulate.game_seed`), so luck of the deal is shared out
evenly too; the bots' own seeds are derived per game, so two copies of one bot swapping
seats still play different games.  A run is reproducible from ``--seed`` whatever
``--jobs`` is, as long as the bots have iteration budgets (a bot thinking for ``ms``
depends on the machine's speed).

A bot's *win rate* is its share of the games it sat in: a win shared by k seats counts 1/k
to each, so a bot holding two seats of a game collects both shares.  Its *fair share* is what
an equally strong bot would expect (its seats over the players, averaged over its games).
*Head to head*, bot a beats bot b in a game where a's best seat places above b's best seat
(a tie counts a half).

Each game also records the seconds each seat's bot spent deciding (wall clock, in the
process that played it: the calls to ``act``, not the engine's own moves) and how many
decisions it made; :meth:`Arena.thinking` sums them per bot.  Timings differ from run to
run, so they take no part in comparing results and are left out of the files unless asked
for (``to_json(timings=True)``).
"""

from __future__ import annotations

import csv
import itertools
import json
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from motherlode.agents.specs import make_agent, parse_spec
from motherlode.engine import Action, Agent, BadOptions, Game, MotherlodeError, State, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim.backends import Backend, LocalBackend
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    err_console,
    live_progress,
    open_backend,
    speed_line,
)
from motherlode.sim.ratings import RatedGame, Rating, rate
from motherlode.sim.simulate import game_seed
from motherlode.sim.stats import WinTally, mean
from motherlode.table import Seat, Table

OUTPUT_FORMATS = (".json", ".csv")
BOT_SEEDS = 0x0B075EED  # keeps the bots' seeds apart from the deals' seeds


# ----------------------------------------------------------------------- schedule


def schedule(bots: int, players: int) -> list[tuple[int, ...]]:
    """One period of line-ups (the bot in each seat), balanced over seats; see the module."""
    if bots < 1 or players < 1:
        raise BadOptions("an arena needs at least one bot and one seat")
    if bots <= players:
        return [tuple((s + r) % bots for s in range(players)) for r in range(bots)]
    return [
        tuple(combo[(s + r) % players] for s in range(players))
        for combo in itertools.combinations(range(bots), players)
        for r in range(players)
    ]


def default_players(game: Game, bots: int) -> int:
    """As many players as bots, within the game's player counts."""
    return min(max(bots, game.min_players), game.max_players)


# ------------------------------------------------------------------------ results


@dataclass(frozen=True)
class ArenaGame:
    index: int
    seed: int
    bot_seed: int
    lineup: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    moves: int
    think: tuple[float, ...] = field(default=(), compare=False)
    """Seconds each seat's bot spent deciding (wall clock; () where not measured)."""
    decisions: tuple[int, ...] = field(default=(), compare=False)
    """How many decisions each seat's bot made."""

    def places(self) -> list[int]:
        """Each seat's place, 0 for the winners; tied seats share a place."""
        out = [0] * len(self.lineup)
        for place, group in enumerate(self.ranking):
            for seat in group:
                out[seat] = place
        return out

    def to_json(self, *, timings: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "lineup": list(self.lineup),
            "scores": list(self.scores),
            "ranking": [list(g) for g in self.ranking],
            "moves": self.moves,
        }
        if timings:
            out["think_s"] = list(self.think)
            out["decisions"] = list(self.decisions)
        return out


@dataclass(frozen=True)
class BotSummary(WinTally):
    entrant: int
    bot: str
    games: int
    seats: int
    wins: float
    fair_share: float
    mean_score: float
    mean_place: float
    rating: Rating

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95_low": self.interval[0],
            "ci95_high": self.interval[1],
            "fair_share": self.fair_share,
            "mean_score": self.mean_score,
            "mean_place": self.mean_place,
            "rating_mu": self.rating.mu,
            "rating_sigma": self.rating.sigma,
            "rating_ordinal": self.rating.ordinal,
        }


@dataclass(frozen=True)
class HeadToHead(WinTally):
    """How often ``bot`` placed above ``other`` in the games where both sat."""

    bot: int
    other: int
    wins: float
    games: int

    @property
    def rate(self) -> float:
        """How often ``bot`` placed above ``other`` (the tally's win rate)."""
        return self.win_rate


@dataclass(frozen=True)
class BotThinking:
    """The time a bot spent deciding, over the ``games`` it sat in (all its seats)."""

    entrant: int
    bot: str
    games: int
    seconds: float
    decisions: int

    @property
    def per_game(self) -> float:
        return self.seconds / self.games if self.games else 0.0

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "seconds": self.seconds,
            "decisions": self.decisions,
            "seconds_per_game": self.per_game,
            "seconds_per_decision": self.per_decision,
        }


@dataclass
class Arena:
    """A finished (or growing) arena run: its settings and every game, in index order."""

    game: str
    bots: list[str]
    players: int
    seed: int
    options: dict[str, Any]
    results: list[ArenaGame] = field(default_factory=list)
    _rated: tuple[int, list[Rating], list[list[Rating]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Arena:
        """A saved run (:meth:`to_json`, with or without timings) as an arena again, so its
        figures can be laid out anew without playing its games again."""
        arena = cls(
            str(data["game"]),
            [str(b) for b in data["bots"]],
            int(data["players"]),
            int(data["seed"]),
            dict(data.get("options") or {}),
        )
        for g in data["games"]:
            arena.results.append(
                ArenaGame(
                    int(g["index"]),
                    int(g["seed"]),
                    int(g["bot_seed"]),
                    tuple(int(e) for e in g["lineup"]),
                    tuple(float(x) for x in g["scores"]),
                    tuple(tuple(int(s) for s in group) for group in g["ranking"]),
                    int(g["moves"]),
                    tuple(float(x) for x in g.get("think_s", ())),
                    tuple(int(x) for x in g.get("decisions", ())),
                )
            )
        return arena

    @property
    def _ratings(self) -> tuple[list[Rating], list[list[Rating]]]:
        """Ratings of the games so far, recomputed only when games were added."""
        if self._rated is None or self._rated[0] != len(self.results):
            games = [RatedGame(g.lineup, g.places()) for g in self.results]
            self._rated = (len(self.results), *rate(len(self.bots), games))
        return self._rated[1], self._rated[2]

    @property
    def ratings(self) -> list[Rating]:
        return self._ratings[0]

    @property
    def rating_history(self) -> list[list[Rating]]:
        """``rating_history[e][k]``: bot ``e``'s rating after ``k`` games."""
        return self._ratings[1]

    def summaries(self) -> list[BotSummary]:
        out = []
        for e, bot in enumerate(self.bots):
            played = [g for g in self.results if e in g.lineup]
            seats = [(g, s) for g in played for s, who in enumerate(g.lineup) if who == e]
            wins = sum(
                sum(1 for s in g.ranking[0] if g.lineup[s] == e) / len(g.ranking[0]) for g in played
            )
            fair = mean([g.lineup.count(e) / len(g.lineup) for g in played])
            out.append(
                BotSummary(
                    entrant=e,
                    bot=bot,
                    games=len(played),
                    seats=len(seats),
                    wins=wins,
                    fair_share=fair,
                    mean_score=mean([g.scores[s] for g, s in seats]),
                    mean_place=mean([1.0 + g.places()[s] for g, s in seats]),
                    rating=self.ratings[e],
                )
            )
        return out

    def head_to_head(self) -> list[HeadToHead]:
        """Every ordered pair of distinct bots that met."""
        wins: dict[tuple[int, int], float] = {}
        met: dict[tuple[int, int], int] = {}
        for g in self.results:
            places = g.places()
            best: dict[int, int] = {}
            for seat, e in enumerate(g.lineup):
                best[e] = min(best.get(e, places[seat]), places[seat])
            for a, b in itertools.permutations(best, 2):
                met[a, b] = met.get((a, b), 0) + 1
                if best[a] < best[b]:
                    wins[a, b] = wins.get((a, b), 0.0) + 1.0
                elif best[a] == best[b]:
                    wins[a, b] = wins.get((a, b), 0.0) + 0.5
        return [
            HeadToHead(a, b, wins.get((a, b), 0.0), met[a, b])
            for a in range(len(self.bots))
            for b in range(len(self.bots))
            if (a, b) in met
        ]

    def thinking(self) -> list[BotThinking]:
        """Each bot's time spent deciding, summed over its seats of the games it sat in."""
        out = []
        for e, bot in enumerate(self.bots):
            played = [g for g in self.results if e in g.lineup]
            seats = [(g, s) for g in played for s, who in enumerate(g.lineup) if who == e]
            out.append(
                BotThinking(
                    e,
                    bot,
                    len(played),
                    sum(g.think[s] for g, s in seats if g.think),
                    sum(g.decisions[s] for g, s in seats if g.decisions),
                )
            )
        return out

    @property
    def mean_moves(self) -> float:
        return mean([float(g.moves) for g in self.results])

    @property
    def period(self) -> int:
        return len(schedule(len(self.bots), self.players))

    def to_json(self, *, timings: bool = False) -> dict[str, Any]:
        """Everything, in a JSON-ready form; ``timings`` adds each bot's and each game's
        time spent deciding (which differs from run to run)."""
        out: dict[str, Any] = {
            "game": self.game,
            "bots": list(self.bots),
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "period": self.period,
            "summary": [s.to_json() for s in self.summaries()],
            "head_to_head": [
                {
                    "bot": self.bots[h.bot],
                    "other": self.bots[h.other],
                    "games": h.games,
                    "wins": h.wins,
                    "rate": h.win_rate,
                    "ci95_low": h.interval[0],
                    "ci95_high": h.interval[1],
                }
                for h in self.head_to_head()
            ],
            "games": [g.to_json(timings=timings) for g in self.results],
        }
        if timings:
            out["thinking"] = [t.to_json() for t in self.thinking()]
        return out

    def write(self, path: Path) -> None:
        """JSON (everything) or CSV (one row per bot), chosen by the file's suffix."""
        suffix = path.suffix.lower()
        if suffix not in OUTPUT_FORMATS:
            raise BadOptions(f"results are written as .json or .csv, not {path.name!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        if suffix == ".json":
            path.write_text(json.dumps(self.to_json(), indent=1) + "\n")
            return
        rows = [s.to_json() for s in self.summaries()]
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


# ------------------------------------------------------------------------ playing


@dataclass(frozen=True)
class Job:
    """A game to play: its index, its deal's seed, its bots' seed, the bot in each seat."""

    index: int
    seed: int
    bot_seed: int
    lineup: tuple[int, ...]


class _Timed(Agent):
    """A bot whose decisions are timed and counted (what each bot costs a game)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def act(self, state: State, seat: int) -> Action:
        start = time.perf_counter()
        try:
            return self.agent.act(state, seat)
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


def play_game(
    game_id: str,
    bots: Sequence[str],
    options: Mapping[str, Any],
    job: Job,
) -> ArenaGame:
    """One game through the table service: the deal from ``job.seed``, bot ``lineup[s]`` in
    seat ``s``, the bots seeded from ``job.bot_seed``; each bot's decisions are timed."""
    game = get_game(game_id)
    state = game.new_state(len(job.lineup), job.seed, options)
    state.logging = False  # no one reads it (see simulate.play_one)
    seeder = random.Random(job.bot_seed)
    seats, timed = [], []
    for s, e in enumerate(job.lineup):
        spec = parse_spec(bots[e])
        agent = _Timed(make_agent(spec, game, seeder.getrandbits(63)))
        timed.append(agent)
        seats.append(Seat(f"{bots[e]} {s + 1}", spec, agent))
    final = Table(game, state, seats).play()
    return ArenaGame(
        job.index,
        job.seed,
        job.bot_seed,
        job.lineup,
        final.scores(),
        final.ranking(),
        final.move_count,
        tuple(t.seconds for t in timed),
        tuple(t.decisions for t in timed),
    )


def _play_chunk(
    game_id: str, bots: Sequence[str], options: Mapping[str, Any], jobs: list[Job]
) -> list[ArenaGame]:
    return [play_game(game_id, bots, options, job) for job in jobs]


def _chunks(items: list[Job], size: int) -> Iterator[list[Job]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Normalised spec strings; a spec given twice becomes ``spec #2`` (both still play)."""
    names: list[str] = []
    for text in specs:
        base = str(parse_spec(text))
        name, k = base, 1
        while name in names:
            k += 1
            name = f"{base} #{k}"
        names.append(name)
    return names


def check_bots(game: Game, specs: Sequence[str]) -> None:
    """Build every bot once so that a bad spec fails before any game is played."""
    if not specs:
        raise BadOptions("name at least one bot, e.g. --bot random")
    for text in specs:
        spec = parse_spec(text)
        if spec.is_human:
            raise BadOptions("the arena plays bots only; 'human' cannot enter")
        agent = make_agent(spec, game, 0)
        bind = getattr(agent, "bind", None)
        if callable(bind):
            bind(game)


def run_arena(
    game_id: str,
    specs: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
) -> Arena:
    """Play ``games`` seat-rotated games between the bots ``specs``; ``progress(k)`` after
    each k games done.  ``backend`` plays them (the caller closes it); without one, a local
    pool of ``jobs`` processes does."""
    game = get_game(game_id)
    options = dict(options or {})
    game.options(options)
    check_bots(game, specs)
    count = default_players(game, len(specs)) if players is None else players
    game.check_players(count)
    if games < 1:
        raise BadOptions("the number of games must be at least 1")
    if jobs < 1:
        raise BadOptions("--jobs must be at least 1")
    names = entrant_names(specs)
    seat_specs = [str(parse_spec(s)) for s in specs]
    lineups = schedule(len(specs), count)
    period = len(lineups)
    todo = [
        Job(i, game_seed(seed, i // period), game_seed(seed, i) ^ BOT_SEEDS, lineups[i % period])
        for i in range(games)
    ]
    arena = Arena(game_id, names, count, seed, options)
    own = backend is None
    runner = LocalBackend(jobs) if backend is None else backend
    try:
        play = partial(_play_chunk, game_id, seat_specs, options)
        tasks = list(_chunks(todo, runner.chunk_size(games)))
        for _, done in runner.map_unordered(play, tasks):
            arena.results.extend(done)
            if progress:
                progress(len(done))
    finally:
        if own:
            runner.close()
    arena.results.sort(key=lambda g: g.index)
    return arena


# -------------------------------------------------------------------- the command

console = Console()


def _fail(message: str) -> typer.Exit:
    console.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(2)


def _percent(value: float) -> str:
    return f"{value:.1%}"


def print_arena(arena: Arena, title: str, out: Console) -> None:
    """The leaderboard (by rating) and, for several bots, the head-to-head table."""
    board = RichTable(title=title)
    for col in ("bot", "games", "win rate", "95% CI", "fair share", "mean score", "mean place"):
        board.add_column(col, justify="left" if col == "bot" else "right")
    board.add_column("rating (mu ± sigma)", justify="right")
    board.add_column("ordinal", justify="right")
    summaries = sorted(arena.summaries(), key=lambda s: -s.rating.ordinal)
    for s in summaries:
        lo, hi = s.interval
        board.add_row(
            s.bot,
            str(s.games),
            _percent(s.win_rate),
            f"{lo:.1%}–{hi:.1%}",
            _percent(s.fair_share),
            f"{s.mean_score:.2f}",
            f"{s.mean_place:.2f}",
            f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}",
            f"{s.rating.ordinal:.1f}",
        )
    out.print(board)
    pairs = arena.head_to_head()
    if pairs:
        h2h = RichTable(title="Head to head: row placed above column (ties count half)")
        h2h.add_column("bot")
        for name in arena.bots:
            h2h.add_column(name, justify="right")
        cells = {(h.bot, h.other): h for h in pairs}
        for a, name in enumerate(arena.bots):
            row = [name]
            for b in range(len(arena.bots)):
                h = cells.get((a, b))
                row.append("-" if h is None else f"{h.win_rate:.0%} ({h.games})")
            h2h.add_row(*row)
        out.print(h2h)


def arena_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", "-b", help="A bot spec to enter (repeat): mcts:iters=500, ..."),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players per game (default: one per bot)."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same results.")] = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG plot here.")] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write results here: .json or .csv.")
    ] = None,
) -> None:
    """Seat-rotated games between bots: win rates with 95% CIs and OpenSkill ratings."""
    specs = list(bot or [])
    if out is not None and out.suffix.lower() not in OUTPUT_FORMATS:
        raise _fail(f"--out writes .json or .csv, not {out.name!r}")
    if plot is not None and plot.suffix.lower() != ".png":
        raise _fail(f"--plot writes a PNG; give a path ending in .png, not {plot.name!r}")
    try:
        game = get_game(game_id)
        options = parse_option_pairs(option or [])
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            with live_progress(f"{game.title} arena", n) as advance:
                arena = run_arena(
                    game_id,
                    specs,
                    n,
                    players=players,
                    seed=seed,
                    options=options,
                    backend=runner,
                    progress=advance,
                )
            elapsed = time.perf_counter() - start
            speed = speed_line(n, elapsed, runner)
    except MotherlodeError as exc:
        raise _fail(str(exc)) from None
    title = f"{game.title}: {n} games, {arena.players} players, seed {seed}"
    print_arena(arena, title, console)
    note = ""
    if n % arena.period:
        note = f" · seats are balanced every {arena.period} games; {n} is not a multiple"
    console.print(f"mean game length {arena.mean_moves:.1f} moves{note}")
    err_console.print(speed)
    if out is not None:
        arena.write(out)
        console.print(f"Results written to {out}")
    if plot is not None:
        from motherlode.sim.plots import plot_arena

        plot_arena(arena, plot, title=title)
        console.print(f"Plot written to {plot}")
