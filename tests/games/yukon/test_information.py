"""What each seat may know: Gold am Yukon hides nothing but the throws still to come."""

from __future__ import annotations

import json
import random

from motherlode.engine import seat_view
from motherlode.games.yukon.rules import YukonState
from tests.games.yukon.helpers import new_game, play


def played(players: int = 4, seed: int = 3, moves: int = 60) -> YukonState:
    state = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_every_seat_and_a_spectator_see_the_same_table() -> None:
    state = played()
    views = [state.observe(None)] + [state.observe(s) for s in range(4)]
    for view in views:
        json.dumps(view)
        view.pop("seat")
    assert all(view == views[0] for view in views)


def test_the_log_is_public() -> None:
    state = played()
    assert state.events_for(None) == state.events_for(0) == state.events_for(3)
    assert all(e.seats is None for e in state.events_for(2))


def test_determinize_keeps_the_table_and_redraws_only_the_future_throws() -> None:
    state = played()
    seat = state.pending()[0]
    twins = [state.determinize(seat, random.Random(k)) for k in range(8)]
    for twin in twins:
        assert twin.observe(seat) == state.observe(seat)
        assert twin.legal_actions(seat) == state.legal_actions(seat)
        assert twin.chains == state.chains and twin.owner == state.owner
    # the throws still to come are hidden: the copies roll them afresh
    futures = set()
    for twin in twins:
        twin.logging = True
        while twin.mover == state.mover and not twin.is_over():
            twin.apply(twin.pending()[0], twin.legal_actions(twin.pending()[0])[0])
        futures.add(twin.throws)
    assert len(futures) > 1


def test_a_bot_view_is_a_copy_not_the_game() -> None:
    state = new_game(3, 5)
    play(state, "place 1 1")
    view = seat_view(state, 1, random.Random(0))
    assert view is not state and view.determinized
    view.apply(1, view.legal_actions(1)[0])
    assert state.pending() == (1,) and state.chains[1] == []
