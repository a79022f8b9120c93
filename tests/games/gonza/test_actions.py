"""Actions: notation both ways, the fixed integer action space, clear parse errors."""

import pytest

from motherlode import BadAction
from motherlode.games.gonza.actions import Decide, MinisterTurn, Play, Reroll
from tests.games.gonza.helpers import GAME


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("reroll 1,3,5", Reroll((1, 3, 5))),
        ("play dividend .", Play("dividend", ())),
        ("play rally hensler", Play("rally", ("hensler",))),
        (
            "play buying-spree azing,hensler,hensler",
            Play("buying-spree", ("azing", "hensler", "hensler")),
        ),
        ("decide hensler", Decide("hensler")),
        ("minister", MinisterTurn()),
    ],
)
def test_actions_notation_both_ways(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(text).notation() == text


def test_actions_malformed_notation_is_refused_clearly() -> None:
    with pytest.raises(BadAction, match="missing corporation"):
        GAME.parse_action("place")
    with pytest.raises(BadAction, match="expected a whole number"):
        GAME.parse_action("reroll one")
    with pytest.raises(BadAction, match="unknown action 'sell'"):
        GAME.parse_action("sell hensler")


def test_action_space_is_the_same_for_every_player_count() -> None:
    sizes = {GAME.action_space(n).size for n in range(2, 6)}
    assert len(sizes) == 1
    space = GAME.action_space(3)
    assert space.action(space.index(Play("bull-run", ("quantix",)))) == Play(
        "bull-run", ("quantix",)
    )
    assert space.index(MinisterTurn()) < space.size
