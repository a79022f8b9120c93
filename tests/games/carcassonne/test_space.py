"""The fixed integer action space: sizes, numbering both ways, out-of-space actions."""

from __future__ import annotations

import random

import pytest

from motherlode.engine import BadAction, get_game
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold


def test_space_size_is_fixed_by_the_options():
    game = get_game("carcassonne")
    gold = game.action_space(2, {})
    base = game.action_space(5, {"goldmines": False})
    squares_gold = 2 * 79 * 79 + 2 * 79 + 1  # within 79 steps of the start tile
    squares_base = 2 * 71 * 71 + 2 * 71 + 1
    assert gold.size == 4 * squares_gold + 8 + 1 + 2 * squares_gold
    assert base.size == 4 * squares_base + 8 + 1
    assert game.action_space(3, {}).size == gold.size


def test_space_numbering_both_ways():
    space = get_game("carcassonne").action_space(2, {})
    rng = random.Random(3)
    for index in [0, space.size - 1, *(rng.randrange(space.size) for _ in range(500))]:
        assert space.index(space.action(index)) == index
    for action in (Place(-79, 0, 3), Place(0, 79, 0), Follower(7), Pass(), GoldBar(3, -4),
                   TakeGold(-1, 78)):  # fmt: skip
        assert space.action(space.index(action)) == action


def test_space_refuses_what_no_game_can_offer():
    game = get_game("carcassonne")
    space = game.action_space(2, {})
    with pytest.raises(BadAction):
        space.index(Place(40, 40, 0))
    with pytest.raises(BadAction):
        space.index(Follower(8))
    with pytest.raises(BadAction):
        space.action(space.size)
    with pytest.raises(BadAction):
        game.action_space(2, {"goldmines": False}).index(GoldBar(0, 0))
