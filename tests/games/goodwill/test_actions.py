"""Goodwill's actions: notation, JSON, the integer action space, clear errors."""

from __future__ import annotations

import pytest

from motherlode.engine import Action, BadAction
from motherlode.games.goodwill.actions import PASS, Partner, Price, Propose, Vote
from motherlode.games.goodwill.components import COMPONENTS
from tests.games.goodwill.helpers import GAME


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("price 13", Price(13)),
        ("partner 4", Partner(4)),
        ("propose Bobby", Propose("Bobby")),
        ("pass", PASS),
        ("vote yes", Vote(True)),
        ("vote no", Vote(False)),
    ],
)
def test_notation_reads_as_a_player_says_it(text: str, action: Action) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(action.to_json()) == action
    assert action.notation() == text


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_action_space_has_a_fixed_size(players: int) -> None:
    space = GAME.action_space(players)
    assert space.size == 39 + players + len(COMPONENTS.bosses) + 1 + 2
    for index in range(space.size):
        assert space.index(space.action(index)) == index


def test_malformed_actions_get_a_clear_error() -> None:
    with pytest.raises(BadAction, match="expected a whole number"):
        GAME.parse_action("price thirteen")
    with pytest.raises(BadAction, match="unknown action 'buy'"):
        GAME.parse_action("buy 3")
    with pytest.raises(BadAction, match="expected yes or no"):
        GAME.parse_action("vote maybe")
