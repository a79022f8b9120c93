"""levels_file.update_table: one table of a game's levels.toml rewritten, the rest kept."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from motherlode.agents import levels
from motherlode.agents.levels_file import path_of, replace_table, update_table
from motherlode.engine import get_game

FILE = """\
# The levels of a game: tuned settings and ratings.
# (an opening comment, kept as it is)

[beginner]
iters = 24   # a comment after a value

# OpenSkill ratings of one run of bench/strength.py
[ratings]
# inside the table
command = "python bench/strength.py gonza"
bots = ["random", "beginner", "casual"]
casual = {mu = 25.5, sigma = 1.25, games = 40}


[expert]
ms = 900
"""


def read(path: Path) -> dict[str, object]:
    with open(path, "rb") as f:
        return tomllib.load(f)


def test_a_new_file_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "levels.toml"
    values = {
        "c": 0.551,
        "cutoff": 25,
        "tiny": 1e-05,
        "on": True,
        "eval": 'he said "hi"\\ \n\tbye é \x7f',
        "list": [1, 2.5, "x"],
        "table": {"mu": 25.0, "odd key": [True]},
        "odd.key": "quoted",
    }
    text = update_table(path, "strong", values, "tuned\nby a test")
    assert read(path) == {"strong": values}
    assert text == path.read_text()
    assert text.startswith("# tuned\n# by a test\n[strong]\n")
    assert not list(tmp_path.glob("sub/.*"))  # no temporary file left


def test_other_tables_and_comments_are_kept_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "levels.toml"
    path.write_text(FILE)
    update_table(path, "strong", {"c": 0.5}, "run 1")
    text = path.read_text()
    assert text == FILE + "\n# run 1\n[strong]\nc = 0.5\n"  # a new table goes last
    data = read(path)
    assert data["strong"] == {"c": 0.5}
    assert {k: v for k, v in data.items() if k != "strong"} == tomllib.loads(FILE)

    # rewritten in place: its comment replaced, the lines around it untouched
    update_table(path, "ratings", {"gonza": {"mu": 30.0}}, "run 2")
    again = path.read_text()
    before = FILE.partition("# OpenSkill")[0]
    assert again.startswith(before + "# run 2\n[ratings]\ngonza = {mu = 30.0}\n\n\n[expert]")
    assert again.endswith("[expert]\nms = 900\n\n# run 1\n[strong]\nc = 0.5\n")
    assert read(path)["ratings"] == {"gonza": {"mu": 30.0}}
    assert read(path)["beginner"] == {"iters": 24}


def test_no_comment_keeps_the_old_one_and_subtables_go_with_their_table() -> None:
    text = "# mine\n[strong]\nc = 1.0\n\n[strong.more]\nx = 1\n\n[expert]\nms = 1\n"
    new = replace_table(text, "strong", {"c": 0.25})
    assert new == "# mine\n[strong]\nc = 0.25\n\n[expert]\nms = 1\n"
    assert replace_table(new, "strong", {}, "") == "#\n[strong]\n\n[expert]\nms = 1\n"


def test_windows_line_ends_are_kept() -> None:
    new = replace_table("[a]\r\nx = 1\r\n", "b", {"y": 2})
    assert new == "[a]\r\nx = 1\r\n\r\n[b]\r\ny = 2\r\n"


@pytest.mark.parametrize(
    "text",
    [
        "strong = 1\n",  # a value of that name outside any table
        "strong.c = 1\n",
        "[broken\n",
    ],
)
def test_a_file_it_cannot_rewrite_safely_is_left_alone(tmp_path: Path, text: str) -> None:
    path = tmp_path / "levels.toml"
    path.write_text(text)
    with pytest.raises(ValueError):
        update_table(path, "strong", {"c": 0.5}, "x")
    assert path.read_text() == text


def test_values_toml_cannot_hold_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        update_table(tmp_path / "l.toml", "strong", {"c": None}, "x")
    with pytest.raises(ValueError):
        update_table(tmp_path / "l.toml", "strong", {"c": float("nan")}, "x")
    assert not (tmp_path / "l.toml").exists()


def test_the_levels_read_what_was_written(data_folder: Path) -> None:
    game = get_game("gonza")
    assert levels.expand("strong", {}, game)[1].get("c") is None
    update_table(path_of(game), "strong", {"c": 0.42}, "test")
    assert path_of(game) == data_folder / "levels.toml"
    assert levels.expand("strong", {}, game)[1]["c"] == 0.42
