"""Issue 7: 2,000 random games end without error, and after every move no two stones share
a space and every team is one connected chain.  Run by ``make soak``, not ``make test``."""

from __future__ import annotations

import time

import pytest

from tests.games.yukon.helpers import check_invariants
from tests.games.yukon.test_invariants import play_random_game

GAMES = 2000


@pytest.mark.soak
def test_soak_2000_random_games_keep_every_invariant() -> None:
    start = time.perf_counter()
    ends: dict[str, int] = {}
    for k in range(GAMES):
        players = 3 + k % 4
        state = play_random_game(players, 10_000 + k, check_every_step=True)
        check_invariants(state)
        reason = state.end_reason.split(" (")[0]
        for seat in range(players):
            reason = reason.replace(state.seat_name(seat), "one player")
        ends[reason] = ends.get(reason, 0) + 1
    elapsed = time.perf_counter() - start
    assert sum(ends.values()) == GAMES
    print(f"\nyukon soak: {GAMES} random games (3-6 players) in {elapsed:.0f} s; ends: {ends}")
