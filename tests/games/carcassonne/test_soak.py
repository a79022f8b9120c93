"""Thousands of random games (``make soak``): every one ends with all tiles placed or set
aside, followers conserved, and nothing raised."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from motherlode.engine import get_game
from motherlode.games.carcassonne.rules import CarcassonneState

GAMES = 2_000


@pytest.mark.soak
def test_soak_two_thousand_random_games(request: pytest.FixtureRequest) -> None:
    """The issue's 2,000 random games, over 2-5 players, most with The Goldmines.  Only
    with ``-m soak`` (``make soak``)."""
    if "soak" not in str(request.config.getoption("markexpr")):
        pytest.skip("thousands of games: run with -m soak (make soak)")
    game = get_game("carcassonne")
    moves = 0
    for i in range(GAMES):
        players, goldmines = 2 + i % 4, i % 5 != 4
        state = game.new_state(players, 10_000 + i, {"goldmines": goldmines})
        assert isinstance(state, CarcassonneState)
        rng = random.Random(i)
        while not state.is_over():
            (seat,) = state.pending()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            moves += 1
        assert not state.bag
        assert len(state.placed) + len(state.discarded) == (80 if goldmines else 72)
        on_map = Counter(state.followers.values())
        assert all(state.supply[s] + on_map[s] == 7 for s in range(players))
        assert not state.gold_on
        assert len(state.scores()) == players
    print(f"\n{GAMES} random games, {moves} moves, all tiles placed or set aside")
