"""Play many games between bots and summarise them per seat.

Every game's seed is derived from the run's seed and the game's index, so a run is
reproducible and gives the same results whatever the backend and the number of workers
(see :mod:`motherlode.sim.backends`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from motherlode.agents.specs import parse_spec
from motherlode.engine import BadOptions, Game, get_game
from motherlode.sim.backends import Backend
from motherlode.sim.play import Fixture, GameRow, Match, game_seed, play_game, play_games
from motherlode.sim.stats import WinTally, mean
from motherlode.table.table import BOT_SEEDS

__all__ = ["GameResult", "SeatSummary", "Simulation", "game_seed", "play_one", "simulate"]


def GameResult(
    index: int, seed: int, scores: tuple[float, ...], winners: tuple[int, ...], moves: int
) -> GameRow:
    """A row from what ``simulate`` once kept of a game, built by hand (by tests, from the
    days when simulate had a result type of its own): the ranking below the winners unknown."""
    fixture = _fixture(seed, index, len(scores))
    return GameRow(
        0, index, seed, fixture.lineup, scores, (winners,), moves, bot_seed=fixture.bot_seed
    )


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
    results: list[GameRow] = field(default_factory=list)

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


def _match(game: Game, specs: Sequence[str], options: Mapping[str, Any]) -> Match:
    """One bot spec per seat, with the options the seats imply where not given (as a table
    takes them: Gonza Index's ``minister`` seats)."""
    options = dict(options)
    if game.seat_options is not None:
        for key, value in game.seat_options([parse_spec(s).name for s in specs]).items():
            options.setdefault(key, value)
    return Match(game.id, tuple(specs), options)


def _fixture(seed: int, index: int, players: int) -> Fixture:
    # the bots seeded as a table seeds them: the game a table with these seats would play
    return Fixture(index, seed, seed ^ BOT_SEEDS, tuple(range(players)))


def play_one(
    game_id: str, specs: Sequence[str], options: Mapping[str, Any], seed: int, index: int
) -> GameRow:
    """One whole game between bots, game ``index`` of a run, dealt from ``seed``."""
    match = _match(get_game(game_id), specs, options)
    return play_game(match, _fixture(seed, index, len(specs)))


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
    match = _match(game, specs, options)
    fixtures = [_fixture(game_seed(seed, i), i, len(specs)) for i in range(games)]
    sim = Simulation(game_id, list(specs), seed, options)
    sim.results = play_games([(match, fixtures)], backend=backend, jobs=jobs, progress=progress)
    return sim
