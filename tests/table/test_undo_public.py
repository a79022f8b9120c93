"""The undo check compares only what the mover sees across determinizations; this holds
because a seat's view contains everything public.  Checked here on every game: whenever the
mover's views of a move agree across re-drawn worlds, so do the spectators'."""

from __future__ import annotations

import random

import pytest

from motherlode.engine import get_game

CASES = [
    ("gonza", 2),
    ("gonza", 5),
    ("goodwill", 4),
    ("goldfix", 3),
    ("carcassonne", 2),
    ("yukon", 3),
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_what_the_mover_sees_covers_what_spectators_see(game_id: str, players: int) -> None:
    game = get_game(game_id)
    rng = random.Random(7)
    checked = 0
    for seed in range(2):
        state = game.new_state(players, seed=seed)
        for step in range(300):
            if state.is_over():
                break
            seat = state.pending()[0]
            action = rng.choice(state.legal_actions(seat))
            if not state.is_simultaneous():
                worlds = random.Random(step)
                seen = []
                for _ in range(3):
                    world = state.determinize(seat, worlds)
                    world.apply(seat, action)
                    seen.append((world.observe(seat), world.observe(None)))
                if all(mover == seen[0][0] for mover, _ in seen):
                    assert all(public == seen[0][1] for _, public in seen), (seed, step, action)
                checked += 1
            state.apply(seat, action)
    assert checked >= 40
