"""The one way simulations play: a game between bot specs, and batches of games on a backend.

``simulate``, ``arena`` and ``study`` all describe their games the same way: a
:class:`Match` (the game, the entrants' bot specs, the options, and what to read from each
game) and one :class:`Fixture` per game (its number, the deal's seed, the bots' seed, and
the entrant in each seat).  :func:`play_games` cuts the fixtures into :class:`Chunk` tasks
for a backend (:mod:`motherlode.sim.backends`) and returns one :class:`GameRow` per game,
sorted by cell and index, so that a run gives the same rows on any backend and any number
of workers.

A game is played through the table service with the log off (nobody reads it, and writing
it costs up to a third of a game's time in Gold am Yukon; the rules play alike either way,
see tests/sim).  The bots of one game are seeded in seat order from ``Fixture.bot_seed``,
as :meth:`motherlode.table.Table.create` seeds a table's bots from its own seed.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from motherlode.agents.specs import make_agent, parse_spec
from motherlode.engine import Action, Agent, BadOptions, Game, State, get_game
from motherlode.sim.backends import Backend, LocalBackend
from motherlode.sim.figures import key_figures, probe_for
from motherlode.table import Seat, Table

BOT_SEEDS = 0x0B075EED
"""Keeps the arena's and studies' bot seeds apart from their deals' seeds."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run (string seeding is stable across processes)."""
    return random.Random(f"motherlode:{run_seed}:{index}").getrandbits(63)


# ----------------------------------------------------------------------- line-ups


def schedule(bots: int, players: int) -> list[tuple[int, ...]]:
    """One period of line-ups (the bot in each seat), every bot in every seat equally often.

    With no more bots than players, bots are cycled round the table (in rotation ``r`` seat
    ``s`` holds bot ``(s + r) mod k``); with more, every combination of ``players`` bots
    sits in each of its rotations, so that every bot meets every other equally often."""
    if bots < 1 or players < 1:
        raise BadOptions("an arena needs at least one bot and one seat")
    if bots <= players:
        return [tuple((s + r) % bots for s in range(players)) for r in range(bots)]
    return [
        tuple(combo[(s + r) % players] for s in range(players))
        for combo in itertools.combinations(range(bots), players)
        for r in range(players)
    ]


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


# ------------------------------------------------------------------------- games


class Fixture(NamedTuple):
    """One game to play: its number in the run (its row's ``index``), its deal's seed, its
    bots' seed, and the entrant in each seat."""

    number: int
    seed: int
    bot_seed: int
    lineup: tuple[int, ...]


@dataclass(frozen=True)
class Match:
    """What the games of a batch share: the game, each entrant's bot spec, the options, and
    what to read from each game besides its result."""

    game: str
    bots: tuple[str, ...]
    options: Mapping[str, Any]
    cell: int = 0
    """The study's cell the games belong to (0 elsewhere)."""
    timed: bool = False
    """Time each seat's decisions (the arena's thinking figures)."""
    probed: bool = False
    """Watch the game with its probe: turns, rounds, how it ended, its key figures."""


@dataclass(frozen=True)
class GameRow:
    """One finished game: what it was and everything read from it.

    The positional order is the study's (tests and scripts build rows by hand); the probe's
    readings (``turns`` to ``first``) are left at their defaults unless the match was
    probed, the thinking figures unless it was timed."""

    cell: int
    index: int
    seed: int
    lineup: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    moves: int
    """Every move any seat made (a study calls them decisions)."""
    turns: int = 0
    rounds: float = 0.0
    end: str = ""
    figures: tuple[float, ...] = ()
    """The game's key figures, in the order of :func:`motherlode.sim.figures.key_figures`."""
    first: int = 0
    """The seat that moved first."""
    bot_seed: int = 0
    think: tuple[float, ...] = field(default=(), compare=False)
    """Seconds each seat's bot spent deciding (wall clock; () where not measured)."""
    seat_decisions: tuple[int, ...] = field(default=(), compare=False)
    """How many decisions each seat's bot made (() where not measured)."""

    @property
    def decisions(self) -> int:
        """Every move any seat made: the study's word for :attr:`moves`."""
        return self.moves

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0]

    def win_share(self, entrant: int) -> float:
        """Entrant ``entrant``'s share of first place: 1 for a win alone, 1/k of a win shared
        by k seats, for each of its seats among the winners."""
        winners = self.ranking[0]
        return sum(1 for s in winners if self.lineup[s] == entrant) / len(winners)

    def places(self) -> list[int]:
        """Each seat's place, 0 for the winners; tied seats share a place."""
        out = [0] * len(self.lineup)
        for place, group in enumerate(self.ranking):
            for seat in group:
                out[seat] = place
        return out

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


def play_game(match: Match, fixture: Fixture) -> GameRow:
    """One game through the table service: the deal from ``fixture.seed``, entrant
    ``lineup[s]`` in seat ``s``, the bots seeded in seat order from ``fixture.bot_seed``."""
    game = get_game(match.game)
    seeder = random.Random(fixture.bot_seed)
    seats: list[Seat] = []
    timed: list[_Timed] = []
    for s, e in enumerate(fixture.lineup):
        spec = parse_spec(match.bots[e])
        bot_seed = seeder.getrandbits(63)
        agent = make_agent(spec, game, bot_seed)
        if match.timed:
            agent = _Timed(agent)
            timed.append(agent)
        seats.append(Seat(f"{spec} {s + 1}", spec, agent, bot_seed))
    names = [seat.name for seat in seats]
    state = game.new_state(len(fixture.lineup), fixture.seed, match.options, names)
    state.logging = False
    table = Table(game, state, seats)
    probe = probe_for(match.game) if match.probed else None
    first = 0
    if probe is not None:
        probe.start(state)
        first = probe.first_seat(state)
        watch = probe.after_move
        table.on_move.append(lambda t, _seat, _action: watch(t.state))
    final = table.play()
    readings: dict[str, Any] = {}
    if probe is not None:
        figures = probe.figures(final)
        readings = {
            "turns": probe.turns,
            "rounds": probe.rounds(final),
            "end": probe.end_reason(final),
            "figures": tuple(figures[k] for k in key_figures(match.game)),
            "first": first,
        }
    return GameRow(
        match.cell,
        fixture.number,
        fixture.seed,
        fixture.lineup,
        final.scores(),
        final.ranking(),
        final.move_count,
        bot_seed=fixture.bot_seed,
        think=tuple(t.seconds for t in timed),
        seat_decisions=tuple(t.decisions for t in timed),
        **readings,
    )


# ----------------------------------------------------------------------- batches


@dataclass(frozen=True)
class Chunk:
    """A task for a backend: some games of one match."""

    match: Match
    games: tuple[Fixture, ...]

    @property
    def cell(self) -> int:
        return self.match.cell


def play_chunk(chunk: Chunk) -> list[GameRow]:
    """Every game of a chunk (the function backends run)."""
    return [play_game(chunk.match, fixture) for fixture in chunk.games]


def play_games(
    work: Sequence[tuple[Match, Sequence[Fixture]]],
    *,
    backend: Backend | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    play: Callable[[Chunk], list[GameRow]] = play_chunk,
    on_rows: Callable[[list[GameRow]], None] | None = None,
) -> list[GameRow]:
    """Every fixture of every match, played on ``backend`` (the caller keeps it open and
    closes it; without one, a local pool of ``jobs`` processes does); ``progress(k)`` after
    each k games, ``on_rows(rows)`` with each chunk's games as it ends (a study writes them
    as it goes).  ``play`` runs a chunk (tests wrap it).  Rows by cell, then index."""
    own = backend is None
    runner = LocalBackend(jobs) if backend is None else backend
    rows: list[GameRow] = []
    try:
        size = runner.chunk_size(sum(len(fixtures) for _, fixtures in work))
        tasks = [
            Chunk(match, tuple(fixtures[start : start + size]))
            for match, fixtures in work
            for start in range(0, len(fixtures), size)
        ]
        for _, done in runner.map_unordered(play, tasks):
            rows.extend(done)
            if on_rows:
                on_rows(done)
            if progress:
                progress(len(done))
    finally:
        if own:
            runner.close()
    rows.sort(key=lambda r: (r.cell, r.index))
    return rows
