"""``State._redraw_unseen``: what no seat can see is re-drawn in a copy (OpenSpiel's chance
at every move), and every seat, and a spectator, sees exactly what it saw before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from motherlode import get_game
from motherlode.engine import State, games
from motherlode.testing import random_step

GAMES = sorted(games())


def contents(state: State) -> dict[str, str]:
    """The state's own fields as text (its generator left out: it is not re-drawn here)."""
    return {k: repr(v) for k, v in vars(state).items() if not isinstance(v, random.Random)}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_sees_the_same_after_the_unseen_is_redrawn(game_id: str) -> None:
    game = get_game(game_id)
    players = game.usual_table()
    rng = random.Random(7)
    changed: list[Any] = []
    for seed in range(3):
        state = game.new_state(players, seed)
        for step in range(400):
            if state.is_over():
                break
            if step % 37 == 0:
                copy = state.clone()
                before = [state.observe(s) for s in range(players)]
                copy._redraw_unseen(random.Random(step))
                assert [copy.observe(s) for s in range(players)] == before
                assert copy.observe(None) == state.observe(None)
                changed.append(contents(copy) != contents(state))
            random_step(state, rng)
    assert changed
    if type(state)._redraw_unseen is not State._redraw_unseen:  # it hides something
        assert any(changed), "a game with secrets from every seat re-draws some of them"
