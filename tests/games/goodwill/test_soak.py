"""The soak run (make soak): 10,000 random games, every invariant checked at every move."""

from __future__ import annotations

import time

import pytest

from tests.games.goodwill.helpers import random_game

OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"dividends": True},
    {"dividends": True, "cash_only": True},
    {"start_year": 1951},
    {"start_year": 1954, "dividends": True},
)


@pytest.mark.soak
def test_ten_thousand_random_games() -> None:
    start = time.perf_counter()
    bankruptcies = 0
    for i in range(10_000):
        players = 3 + i % 4
        state = random_game(players, 1_000_000 + i, **OPTIONS[(i // 4) % len(OPTIONS)])
        assert state.is_over()
        bankruptcies += sum(state.bankrupt)
    elapsed = time.perf_counter() - start
    print(f"\ngoodwill: 10,000 random games in {elapsed:.1f} s, {bankruptcies} bankruptcies")
