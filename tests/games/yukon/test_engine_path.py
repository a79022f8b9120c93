"""Gold am Yukon's own ``pending``/``legal_actions``/``apply`` (a faster path for a game
without simultaneous decisions) must do exactly what the engine's do."""

from __future__ import annotations

import random

import pytest

from motherlode.engine import IllegalAction, State
from motherlode.games.yukon.actions import Pass
from tests.games.yukon.helpers import new_game


@pytest.mark.parametrize("players", [3, 6])
def test_the_fast_path_matches_the_engine_s_step_by_step(players: int) -> None:
    state = new_game(players, seed=players)
    rng = random.Random(players)
    steps = 0
    while state.pending() and steps < 1500:
        assert state.pending() == State.pending(state)
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        assert legal == State.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == State.legal_actions(state, other) == []
        action = rng.choice(legal)
        twin = state.clone()
        twin.legal_actions(seat)
        State.apply(twin, seat, action)
        state.apply(seat, action)
        assert state.move_count == twin.move_count
        assert state.moves() == twin.moves()
        assert state.observe(seat) == twin.observe(seat)
        steps += 1
    assert steps > 100


def test_the_fast_path_refuses_what_the_engine_refuses() -> None:
    state = new_game(3, seed=2)
    seat = state.pending()[0]
    before = state.observe(None), state.move_count
    for who, action in ((seat + 1, state.legal_actions(seat)[0]), (seat, Pass()), (7, Pass())):
        with pytest.raises(IllegalAction) as ours:
            state.apply(who, action)
        with pytest.raises(IllegalAction) as engine:
            State.apply(state.clone(), who, action)
        assert str(ours.value) == str(engine.value)
    assert (state.observe(None), state.move_count) == before
