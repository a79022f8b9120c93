"""Invariants over whole games: no two stones ever share a space, every team is always one
connected chain, every gold-digger is accounted for (issue 7, "It must show").

200 random games here (40 checked after every move); the 2,000 of the issue are in
test_soak.py (``make soak``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import motherlode
from motherlode.games.yukon.rules import YukonState
from tests.games.yukon.helpers import check_invariants

GAME = motherlode.get_game("yukon")


def play_random_game(players: int, seed: int, *, check_every_step: bool) -> YukonState:
    state = GAME.new_state(players, seed)
    assert isinstance(state, YukonState)
    state.logging = False
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if check_every_step:
            check_invariants(state)
    check_invariants(state)
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_the_invariants_at_every_step(players: int) -> None:
    for seed in range(10):
        state = play_random_game(players, seed, check_every_step=True)
        assert state.is_over() and state.end_reason


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_every_gold_digger_accounted_for(players: int) -> None:
    for seed in range(100, 140):
        state = play_random_game(players, seed, check_every_step=False)
        assert sum(state.nuggets) <= 70
        assert len(state.ranking()[0]) >= 1


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_property_any_legal_play_keeps_the_invariants(data: st.DataObject) -> None:
    players = data.draw(st.integers(3, 6), label="players")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    rounds = data.draw(st.integers(3, 30), label="stalemate_rounds")
    state = GAME.new_state(players, seed, {"stalemate_rounds": rounds})
    assert isinstance(state, YukonState)
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
        check_invariants(state)
