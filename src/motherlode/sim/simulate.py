"""Play many games between bots and summarise them per seat.

Every game's seed is derived from the run's seed and the game's index, so a run is
reproducible and gives the same results whatever the backend and the number of workers
(see :mod:`motherlode.sim.backends`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from motherlode.agents.specs import parse_spec
from motherlode.engine import BadOptions, get_game
from motherlode.sim.backends import Backend, LocalBackend
from motherlode.sim.stats import WinTally, mean
from motherlode.table import Table


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run (string seeding is stable across processes)."""
    return random.Random(f"motherlode:{run_seed}:{index}").getrandbits(63)


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int


@dataclass
class SeatSummary(WinTally):
    seat: int
    spec: str
    games: int
    wins: float
    mean_score: float


@dataclass
class Simulation:
    game: str
    specs: list[str]
    seed: int
    options: dict[str, Any]
    results: list[GameResult] = field(default_factory=list)

    def seats(self) -> list[SeatSummary]:
        out = []
        for seat, spec in enumerate(self.specs):
            wins = sum(1 / len(r.winners) for r in self.results if seat in r.winners)
            scores = [r.scores[seat] for r in self.results]
            out.append(SeatSummary(seat, spec, len(self.results), wins, mean(scores)))
        return out

    @property
    def mean_moves(self) -> float:
        return mean([float(r.moves) for r in self.results])


def play_one(
    game_id: str, specs: Sequence[str], options: Mapping[str, Any], seed: int, index: int
) -> GameResult:
    """One whole game between bots, through the table service.

    It keeps no log: nobody reads it, and writing it costs up to a third of a game's time
    (Gold am Yukon).  The rules play alike either way (tests/sim); replay the seed to read it.
    """
    table = Table.create(game_id, specs, seed=seed, options=options)
    table.state.logging = False
    state = table.play()
    return GameResult(index, seed, state.scores(), state.winners(), state.move_count)


def _play_chunk(
    game_id: str, specs: Sequence[str], options: Mapping[str, Any], run_seed: int, idx: list[int]
) -> list[GameResult]:
    return [play_one(game_id, specs, options, game_seed(run_seed, i), i) for i in idx]


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(
    game_id: str,
    specs: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``games`` games with one bot spec per seat; ``progress(k)`` after each k done.

    ``backend`` plays them (the caller keeps it open and closes it); without one, a local
    pool of ``jobs`` processes does."""
    game = get_game(game_id)
    options = dict(options or {})
    game.check_players(len(specs))
    game.options(options)
    for spec in specs:
        if parse_spec(spec).is_human:
            raise BadOptions("simulate plays bots only; 'human' cannot be a seat here")
    if games < 1:
        raise BadOptions("the number of games must be at least 1")
    if jobs < 1:
        raise BadOptions("--jobs must be at least 1")
    sim = Simulation(game_id, list(specs), seed, options)
    own = backend is None
    runner = LocalBackend(jobs) if backend is None else backend
    try:
        play = partial(_play_chunk, game_id, list(specs), options, seed)
        tasks = list(_chunks(games, runner.chunk_size(games)))
        for _, chunk in runner.map_unordered(play, tasks):
            sim.results.extend(chunk)
            if progress:
                progress(len(chunk))
    finally:
        if own:
            runner.close()
    sim.results.sort(key=lambda r: r.index)
    return sim
