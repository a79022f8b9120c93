"""A designer's components folder: a design number (parameters.toml) and a component
(dice.toml) changed together, each holding only the keys that change, both seen in play;
an unknown file or key refused by name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from motherlode import BadOptions
from motherlode.games.gonza.rules import GonzaState
from motherlode.testing import random_step
from tests.games.gonza.helpers import GAME, conserved


def test_setup_credits_and_the_credits_in_the_box_from_a_designers_folder(tmp_path: Path) -> None:
    (tmp_path / "parameters.toml").write_text("start_credits_first = 3\nstart_credits_others = 5\n")
    (tmp_path / "dice.toml").write_text("credits_per_colour = 30\n")
    state = GAME.new_state(4, 3, {"components": str(tmp_path)})
    assert isinstance(state, GonzaState)
    assert state.personal == [3 if s == state.first else 5 for s in range(4)]
    assert state.supply == [30 - credits for credits in state.personal]
    assert state.comp.dice.yellow == 4  # the rest of dice.toml is the built-in one
    rng = random.Random(3)
    while not state.is_over():
        random_step(state, rng)
        assert conserved(state)


def test_an_option_overrides_the_folder_and_the_round_trip_keeps_both(tmp_path: Path) -> None:
    (tmp_path / "parameters.toml").write_text("caps = [3, 3, 3, 3]\n")
    options = {"components": str(tmp_path), "param.caps": "4,4,4,4", "param.hand_limit": 1}
    state = GAME.new_state(3, 1, options)
    assert isinstance(state, GonzaState)
    assert state.cap == 4 and state.params.hand_limit == 1
    assert GAME.options(state.options.to_dict()) == state.options


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Dice.toml").write_text("credits_per_colour = 30\n")
    with pytest.raises(
        BadOptions, match=r"Dice\.toml: unknown file .*\(did you mean dice\.toml\?\)"
    ):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("parameters.toml", "start_credit = 3\n", r"unknown parameter 'start_credit' \(did you"),
        ("parameters.toml", "hand_limit = 20\n", "hand_limit: 20 is outside 0 to 14"),
        ("dice.toml", "yelow_dice = 5\n", r"dice\.toml: unknown key 'yelow_dice' \(did you mean"),
        ("dice.toml", "yellow_dice = 'five'\n", "'yellow_dice' must be a whole number"),
        ("events.toml", "[[event]]\nid = 'x'\nname = 'X'\nmovs = {}\n", "unknown key 'movs'"),
    ],
)
def test_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"param.final_dice": "3;3,2;4,3,2;6,3,2,1"}, r"param\.final_dice: at most 5 dice"),
        ({"param.start_credits_others": 21}, "outside 0 to 20"),
        ({"param.rerolls": "two"}, "expected a whole number from 0 to 5"),
    ],
)
def test_numbers_are_checked_against_the_components(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, options)


def test_the_folders_numbers_must_fit_its_components(tmp_path: Path) -> None:
    (tmp_path / "parameters.toml").write_text("start_credits_others = 12\n")
    (tmp_path / "dice.toml").write_text("credits_per_colour = 10\n")
    with pytest.raises(BadOptions, match="credits_per_colour 10 is fewer than the starting"):
        GAME.new_state(3, 1, {"components": str(tmp_path)})
