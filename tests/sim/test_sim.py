"""Simulation: the Wilson interval, reproducible runs on one or more processes, errors."""

from __future__ import annotations

import re
from typing import Any

import pytest

from motherlode.engine import BadOptions, UnknownGame
from motherlode.sim import GameResult, Simulation, simulate, wilson_interval
from motherlode.sim.simulate import game_seed, play_one
from motherlode.sim.stats import mean


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (7, 20, 0.1812, 0.5671),
        (500, 1000, 0.4691, 0.5309),
    ],
)
def test_wilson_interval_known_figures(wins: float, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)
    assert 0.0 <= lo < hi <= 1.0


@pytest.mark.parametrize("games", [4, 10, 14])
def test_wilson_interval_contains_a_perfect_record(games: int) -> None:
    lo, hi = wilson_interval(games, games)
    assert lo < 1.0 and hi == 1.0
    assert wilson_interval(0, games)[0] == 0.0


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 5)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)
    narrow = wilson_interval(50, 100, z=1.0)
    assert narrow[0] > 0.4038 and narrow[1] < 0.5962
    assert mean([]) == 0.0 and mean([1.0, 2.0]) == 1.5


def test_game_seeds_are_stable_and_distinct() -> None:
    assert game_seed(0, 0) == game_seed(0, 0)
    assert len({game_seed(s, i) for s in range(3) for i in range(50)}) == 150


def test_simulate_is_reproducible_from_the_seed() -> None:
    a = simulate("nuggets", ["random", "random"], 12, seed=3)
    b = simulate("nuggets", ["random", "random"], 12, seed=3)
    assert a.results == b.results
    assert [r.index for r in a.results] == list(range(12))
    assert [r.seed for r in a.results] == [game_seed(3, i) for i in range(12)]
    c = simulate("nuggets", ["random", "random"], 12, seed=4)
    assert c.results != a.results
    one = play_one("nuggets", ["random", "random"], {}, game_seed(3, 5), 5)
    assert one == a.results[5]


def test_simulate_is_the_same_on_two_processes() -> None:
    ticks: list[int] = []
    specs = ["random", "random", "random"]
    serial = simulate("nuggets", specs, 20, seed=9, options={"rounds": 3})
    parallel = simulate(
        "nuggets", specs, 20, seed=9, options={"rounds": 3}, jobs=2, progress=ticks.append
    )
    assert parallel.results == serial.results
    assert sum(ticks) == 20
    assert [s.wins for s in parallel.seats()] == [s.wins for s in serial.seats()]


def test_summary_per_seat() -> None:
    ticks: list[int] = []
    sim = simulate("nuggets", ["random", "random"], 15, seed=1, progress=ticks.append)
    assert ticks == [1] * 15
    seats = sim.seats()
    assert [(s.seat, s.spec, s.games) for s in seats] == [(0, "random", 15), (1, "random", 15)]
    assert sum(s.wins for s in seats) == pytest.approx(15)
    for s in seats:
        assert s.win_rate == pytest.approx(s.wins / 15)
        assert s.interval == wilson_interval(s.wins, 15)
        assert s.mean_score == pytest.approx(mean([r.scores[s.seat] for r in sim.results]))
    assert sim.mean_moves == pytest.approx(mean([float(r.moves) for r in sim.results]))
    assert all(r.moves > 0 and len(r.scores) == 2 for r in sim.results)


def test_shared_wins_count_fractionally() -> None:
    sim = Simulation("nuggets", ["a", "b", "c"], 0, {})
    sim.results = [
        GameResult(0, 1, (5.0, 5.0, 1.0), (0, 1), 10),
        GameResult(1, 2, (3.0, 3.0, 3.0), (0, 1, 2), 12),
        GameResult(2, 3, (0.0, 2.0, 9.0), (2,), 14),
    ]
    wins = [s.wins for s in sim.seats()]
    assert wins == pytest.approx([1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 1 / 3 + 1])
    assert sum(wins) == pytest.approx(3)
    assert sim.seats()[2].win_rate == pytest.approx(4 / 9)
    assert sim.seats()[1].mean_score == pytest.approx(10 / 3)
    assert sim.mean_moves == 12
    empty = Simulation("nuggets", ["a", "b"], 0, {})
    assert [s.win_rate for s in empty.seats()] == [0.0, 0.0]


@pytest.mark.parametrize(
    ("game", "specs", "games", "kwargs", "error", "message"),
    [
        ("nuggets", ["human", "random"], 5, {}, BadOptions, "simulate plays bots only"),
        ("nuggets", ["random", "human:x=1"], 5, {}, BadOptions, "a person's seat takes no"),
        ("nuggets", ["random"] * 2, 0, {}, BadOptions, "the number of games must be at least 1"),
        ("nuggets", ["random"] * 2, -3, {}, BadOptions, "at least 1"),
        ("nuggets", ["random"] * 2, 5, {"jobs": 0}, BadOptions, "--jobs must be at least 1"),
        ("nuggets", ["random"], 5, {}, BadOptions, "is for 2-4 players, not 1"),
        ("nuggets", ["random"] * 5, 5, {}, BadOptions, "is for 2-4 players, not 5"),
        ("nuggets", ["random"] * 2, 5, {"options": {"rounds": 9}}, BadOptions, "option rounds"),
        ("nuggets", ["random", "alien"], 5, {}, BadOptions, "unknown bot 'alien'"),
        ("chess", ["random"] * 2, 5, {}, UnknownGame, "unknown game 'chess'"),
    ],
)
def test_simulate_errors(
    game: str, specs: list[str], games: int, kwargs: dict[str, Any], error: type, message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        simulate(game, specs, games, **kwargs)
