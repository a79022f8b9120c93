"""Soak: thousands of whole games (``make soak``; never part of ``make test``)."""

import random
import time

import pytest

from motherlode.games.goldfix import GAME
from motherlode.games.goldfix.bots import HeuristicBot
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.goldfix.test_properties import LEVELS, check_books

pytestmark = pytest.mark.soak


def test_2000_random_games_end_and_balance_the_books() -> None:
    """Issue 5: 2,000 random games end (a win, the bankruptcy of all but one, or the
    circuit limit) without error, with the Bank's books balanced."""
    ends: dict[str, int] = {}
    started = time.perf_counter()
    for seed in range(2000):
        options = {**LEVELS[seed % len(LEVELS)], "circuit_limit": 30}
        state = GAME.new_state(3 + seed % 4, seed, options)
        assert isinstance(state, GoldfixState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.pending())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_books(state)
        kind = "win" if "no loan notes" in state.end_reason else state.end_reason.split()[0]
        ends[kind] = ends.get(kind, 0) + 1
    elapsed = time.perf_counter() - started
    print(f"\n2000 random games in {elapsed:.1f}s ({elapsed / 2:.1f} ms/game): {ends}")


def test_200_heuristic_games_end() -> None:
    ends: dict[str, int] = {}
    for seed in range(200):
        options = {**LEVELS[seed % len(LEVELS)], "circuit_limit": 30}
        players = 3 + seed % 4
        state = GAME.new_state(players, seed, options)
        assert isinstance(state, GoldfixState)
        bots = [HeuristicBot(seed=seed * 7 + s) for s in range(players)]
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, bots[seat].act(state, seat))
        check_books(state)
        kind = "win" if "no loan notes" in state.end_reason else state.end_reason.split()[0]
        ends[kind] = ends.get(kind, 0) + 1
    print(f"\n200 heuristic games: {ends}")
    assert ends.get("win", 0) >= 100
