"""Undo on a real game: a person takes back a private move of their own turn, and nothing
that drew chance or that someone else answered can be taken back."""

import random

import pytest

from motherlode.engine import IllegalAction
from motherlode.table import Table
from motherlode.table.undo import is_private_move
from motherlode.testing import fingerprint


def gonza_at_a_private_move(seed: int) -> Table:
    """A two-person Gonza table where seat 0, in its turn, has a move that reveals nothing."""
    for attempt in range(50):
        table = Table.create("gonza", ["human", "human"], seed=seed + attempt)
        table.track_undo = True
        state = table.state
        seat = state.pending()[0]
        if any(is_private_move(state, seat, a) for a in state.legal_actions(seat)):
            return table
    raise AssertionError("no position with a private move found")


def test_a_private_move_of_ones_own_turn_can_be_undone() -> None:
    table = gonza_at_a_private_move(1)
    seat = table.state.pending()[0]
    before = fingerprint(table.state)
    action = next(
        a for a in table.state.legal_actions(seat) if is_private_move(table.state, seat, a)
    )
    table.submit(seat, action)
    assert table.can_undo(seat) and not table.can_undo(1 - seat)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        table.undo(1 - seat)
    table.undo(seat)
    assert fingerprint(table.state) == before
    assert not table.can_undo(seat)


def test_a_move_that_draws_chance_cannot_be_undone() -> None:
    table = Table.create("gonza", ["human", "human"], seed=4)
    table.track_undo = True
    seat = table.state.pending()[0]
    rolls = [a for a in table.state.legal_actions(seat) if a.TYPE == "reroll"]
    assert rolls, "a turn starts with re-roll choices"
    assert not is_private_move(table.state, seat, rolls[0])
    table.submit(seat, rolls[0])
    assert not table.can_undo(seat)


def test_once_another_seat_acts_the_turn_before_is_final() -> None:
    table = gonza_at_a_private_move(7)
    rng = random.Random(7)
    first = table.state.pending()[0]
    while table.state.pending()[0] == first:
        table.submit(first, rng.choice(table.state.legal_actions(first)))
    other = table.state.pending()[0]
    table.submit(other, rng.choice(table.state.legal_actions(other)))
    assert not table.can_undo(first)
