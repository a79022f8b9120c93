"""The fitted judgement's shared parts: its weights file is read strictly, and it foretells
each seat's final score as its points plus its weighted holdings."""

from __future__ import annotations

from pathlib import Path

import pytest

from motherlode.agents.judge import foretell, load_weights, weights_or_none
from motherlode.agents.rollout import margins

NAMES = ("points", "stock", "cards", "one")


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = '[weights]\n"stock" = [1, 0, 0]\n"cards" = [2, 0.5, -1]\n"one" = [0, 0, 0]\n'


def test_judge_weights_name_every_holding_after_the_points_with_three_numbers(tmp_path: Path):
    good = _file(tmp_path, "good.toml", GOOD)
    assert load_weights(good, NAMES) == ((1.0, 0.0, 0.0), (2.0, 0.5, -1.0), (0.0, 0.0, 0.0))
    short = _file(tmp_path, "short.toml", GOOD.replace('"one" = [0, 0, 0]\n', ""))
    with pytest.raises(ValueError, match="every holding") as err:
        load_weights(short, NAMES)
    assert str(short) in str(err.value)
    extra = _file(tmp_path, "extra.toml", GOOD + '"points" = [1, 0, 0]\n')
    with pytest.raises(ValueError, match="every holding"):
        load_weights(extra, NAMES)
    for i, row in enumerate(("[0, 0]", '[1, "x", 0]', "[1, true, 0]", "7")):
        bad = _file(tmp_path, f"bad{i}.toml", GOOD.replace('"one" = [0, 0, 0]', f'"one" = {row}'))
        with pytest.raises(ValueError, match="'one' needs three numbers"):
            load_weights(bad, NAMES)
    none = _file(tmp_path, "none.toml", "title = 'no weights here'\n")
    with pytest.raises(ValueError, match="every holding"):
        load_weights(none, NAMES)
    broken = _file(tmp_path, "broken.toml", "[weights\n")
    with pytest.raises(ValueError, match="not TOML"):
        load_weights(broken, NAMES)


def test_judge_without_usable_weights_says_so_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    missing = tmp_path / "missing.toml"
    with caplog.at_level("WARNING"):
        assert weights_or_none("Some Game", missing, NAMES) is None
        assert weights_or_none("Some Game", missing, NAMES) is None
    assert caplog.text.count(str(missing)) == 1
    assert "Some Game judge" in caplog.text and "judges as the heuristic does" in caplog.text
    assert weights_or_none("Some Game", _file(tmp_path, "ok.toml", GOOD), NAMES) is not None


def test_judge_foretells_points_plus_holdings_weighted_by_the_game_left():
    weights = ((1.0, 0.0, 0.0), (2.0, 0.5, -1.0), (0.0, 0.0, 3.0))
    rows = [[10.0, 4.0, 1.0, 1.0], [12.0, 0.0, 2.0, 1.0]]
    # at t = 0.5 the card weight is 2 + 0.25 - 0.25 = 2 and the last 3 * 0.25
    assert foretell(rows, 0.5, weights) == [10 + 4 + 2 + 0.75, 12 + 0 + 4 + 0.75]
    # at the end only the constant parts weigh
    assert foretell(rows, 0.0, weights) == [10 + 4 + 2, 12 + 4]


def test_judge_margin_is_against_the_strongest_opponent():
    assert margins([5.0, 9.0, 7.0]) == [-4.0, 2.0, -2.0]
    assert margins([3.0, 3.0]) == [0.0, 0.0]
