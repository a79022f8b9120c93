"""docs/rl.md lists every block of every game's observation layout (the section is the output
of ``python -m motherlode.rl.tensors``; names are checked, not sizes, which move whenever a
game's rules grow a phase or a card)."""

from __future__ import annotations

from pathlib import Path

import pytest

import motherlode
from motherlode.rl.tensors import encoder
from tests.rl.conftest import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_section_names_every_block(game: str) -> None:
    text = DOC.read_text()
    start = text.index("<!-- layouts: python -m motherlode.rl.tensors -->")
    section = text[start : text.index("<!-- /layouts -->")]
    g = motherlode.get_game(game)
    part = section[section.index(f"(`{game}`)") :]
    for block in encoder(game, g.min_players).layout():
        assert f"| `{block.key}` |" in part, f"docs/rl.md lacks {game} {block.key}: regenerate it"
