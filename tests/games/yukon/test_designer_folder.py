"""A designer's components folder: design numbers (parameters.toml: gold-diggers per team,
the retiring claim) and a component (board.toml: another map) changed together, both seen
in play; an unknown file or key refused by name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from motherlode import BadOptions
from motherlode.testing import random_step
from tests.games.yukon.helpers import check_invariants, new_game

SEVEN_CLAIMS = [(0, -1, 1), (1, -1, 2), (-1, 0, 2), (0, 0, 6), (1, 0, 1), (-1, 1, 4), (0, 1, 1)]


def folder(tmp_path: Path) -> str:
    """Seven claims (the 4-nugget claim retires its staker), teams of 6 gold-diggers."""
    claims = "".join(
        f"  {{ number = {i + 1}, q = {q}, r = {r}, nuggets = {n} }},\n"
        for i, (q, r, n) in enumerate(SEVEN_CLAIMS)
    )
    (tmp_path / "board.toml").write_text(f'name = "seven claims"\nclaims = [\n{claims}]\n')
    (tmp_path / "parameters.toml").write_text("stones = 6\nretiring_nuggets = 4\n")
    return str(tmp_path)


def test_smaller_teams_on_a_designers_map(tmp_path: Path) -> None:
    state = new_game(3, 1, components=folder(tmp_path))
    assert state.observe(None)["board"] == "seven claims"
    assert state.waiting == [6, 6, 6]
    retired = 0
    for seed in range(20):
        state = new_game(3, seed, components=folder(tmp_path))
        rng = random.Random(seed)
        while not state.is_over():
            random_step(state, rng)
            check_invariants(state)  # 6 gold-diggers a team, all accounted for
        for seat in range(3):
            assert state.retired[seat] == (5 in state.staked[seat])  # claim 6: 4 nuggets
            retired += state.retired[seat]
    assert retired, "some team staked the retiring claim"


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Board.toml").write_text("name = 'mine'\n")
    with pytest.raises(
        BadOptions, match=r"Board\.toml: unknown file .*\(did you mean board\.toml\?\)"
    ):
        new_game(components=str(tmp_path))


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("parameters.toml", "stone = 8\n", r"unknown parameter 'stone' \(did you mean stones\?\)"),
        ("parameters.toml", "stones = 13\n", "stones: 13 is outside 4 to 12"),
        ("board.toml", "nam = 'x'\n", r"board\.toml: unknown key 'nam' \(did you mean name\?\)"),
        ("board.toml", "claims = [{ number = 1, q = 0, r = 0, gold = 3 }]\n", "unknown key 'gold'"),
    ],
)
def test_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(BadOptions, match=message):
        new_game(components=str(tmp_path))
