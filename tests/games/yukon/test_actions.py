"""Actions and options: every move has one text form and one index; options are checked."""

from __future__ import annotations

import pytest

import motherlode
from motherlode.engine import BadAction, BadOptions
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake

GAME = motherlode.get_game("yukon")


def test_the_action_space_lists_every_move_once_for_every_player_count() -> None:
    sizes = {GAME.action_space(n).size for n in range(3, 7)}
    assert sizes == {102 + 354 + 354 + 37 + 1}
    space = GAME.action_space(4)
    for index in range(space.size):
        action = space.action(index)
        assert space.index(action) == index
        assert GAME.parse_action(action.notation()) == action
        assert GAME.parse_action(action.to_json()) == action


def test_notation_is_type_then_claim_and_hour() -> None:
    assert Move(19, 3).notation() == "move 19 3"
    assert GAME.parse_action("enter 1 12") == Enter(1, 12)
    assert GAME.parse_action("place 1 11") == Place(1, 11)
    assert GAME.parse_action("stake 19") == Stake(19)
    assert GAME.parse_action("pass") == Pass()
    assert GAME.parse_action({"type": "move", "claim": 19, "hour": 3}) == Move(19, 3)
    with pytest.raises(BadAction):
        GAME.parse_action("move nineteen 3")


def test_options_have_rulebook_defaults_and_are_checked() -> None:
    options = GAME.options({})
    assert options.to_dict() == {"components": "", "stalemate_rounds": 100}
    assert GAME.options({"stalemate_rounds": "40"}).to_dict()["stalemate_rounds"] == 40
    with pytest.raises(BadOptions, match="stalemate_rounds"):
        GAME.options({"stalemate_rounds": 0})
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.options({"board_size": 3})
    with pytest.raises(BadOptions, match="3-6 players"):
        GAME.new_state(2, 1)
