"""The two compensations a designer may give the later seats (ours: the rulebook has none;
docs/studies.md measures what each does to the six-seat order)."""

from __future__ import annotations

import random

from motherlode.engine import get_game
from motherlode.games.yukon.constants import PLACING, PLAYING

GAME = get_game("yukon")


def test_reverse_placement_lets_the_last_player_place_first() -> None:
    state = GAME.new_state(4, seed=3, options={"param.reverse_placement": 1})
    order = []
    while state.phase == PLACING:  # type: ignore[attr-defined]
        seat = state.pending()[0]
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [3, 2, 1, 0]
    assert state.phase == PLAYING  # type: ignore[attr-defined]
    # play still begins with the first player: seat 0 throws first (its turn may be forced)
    assert state.waiting[0] < 11 or state.pending() == (0,)  # type: ignore[attr-defined]


def test_the_rulebooks_placement_is_clockwise_from_the_first_player() -> None:
    state = GAME.new_state(4, seed=3)
    order = []
    while state.phase == PLACING:  # type: ignore[attr-defined]
        seat = state.pending()[0]
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [0, 1, 2, 3]


def test_late_seat_nuggets_are_added_to_the_final_scores() -> None:
    plain = GAME.new_state(3, seed=5)
    bonus = GAME.new_state(3, seed=5, options={"param.late_seat_nuggets": 0.5})
    rng_a, rng_b = random.Random(5), random.Random(5)
    for state, rng in ((plain, rng_a), (bonus, rng_b)):
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert [b - p for p, b in zip(plain.scores(), bonus.scores(), strict=True)] == [0, 0.5, 1.0]
