"""A designer's components folder: design numbers (parameters.toml: followers, city
points) and a component (tiles.toml: a tile added) changed together, both seen in play; an
unknown file or key refused by name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from motherlode import BadOptions
from motherlode.engine import get_game
from motherlode.games.carcassonne.rules import CarcassonneState
from motherlode.games.carcassonne.scoring import gold_points
from motherlode.testing import random_step
from tests.games.carcassonne.helpers import Follower, Place, deal, feature, new_game, play

PENNANT_TILE = """
[[tile]]
id = "C+"
name = "city edge with a pennant (a designer's tile)"
count = 1
edges = "CFFF"
features = [
  { kind = "city", edges = ["N"], pennant = true },
  { kind = "field", halves = ["En", "Es", "Se", "Sw", "Ws", "Wn"], cities = [0] },
]
"""


def folder(tmp_path: Path) -> str:
    """A folder with the built-in tiles plus one and with other numbers."""
    builtin = (get_game("carcassonne").folder("data") / "tiles.toml").read_text("utf-8")
    (tmp_path / "tiles.toml").write_text(builtin + PENNANT_TILE, encoding="utf-8")
    (tmp_path / "parameters.toml").write_text(
        "followers = 3\ncity_points_per_tile = 5\ngold_bar_points = [1, 1, 1, 1]\n"
    )
    return str(tmp_path)


def test_a_designers_tile_scores_with_the_designers_points(tmp_path: Path) -> None:
    g = new_game(goldmines=False, components=folder(tmp_path))
    assert g.supply == [3, 3]
    assert g.observe(0)["design"] == {"followers": 3}  # what a player's card draws
    deal(g, "C+")
    play(g, Place(0, -1, 2), Follower(feature(g, "C+", "city")))
    assert g.points == [2 * 5 + 1 * 2, 0]  # 2 tiles x 5, 1 pennant x 2 (the rulebook's)
    assert g.supply == [3, 3]  # the knight came home


def test_a_whole_game_with_three_followers_never_stands_a_fourth(tmp_path: Path) -> None:
    g = new_game(3, components=folder(tmp_path))
    rng = random.Random(5)
    while not g.is_over():
        random_step(g, rng)
        for seat in range(3):
            on_map = sum(1 for s in g.followers.values() if s == seat)
            assert g.supply[seat] + on_map == 3
    assert isinstance(g, CarcassonneState)
    assert [t[-1] for t in g.tally] == g.bars  # gold: 1 point a bar, whatever the count
    assert gold_points(5, g.params) == 5 and gold_points(5) == 10  # the rulebook: 2 a bar


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Tiles.toml").write_text("[set]\nstart = 'RCr'\n")
    with pytest.raises(
        BadOptions, match=r"Tiles\.toml: unknown file .*\(did you mean tiles\.toml\?\)"
    ):
        new_game(components=str(tmp_path))


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "parameters.toml",
            "follower = 5\n",
            r"unknown parameter 'follower' \(did you mean followers\?\)",
        ),
        ("parameters.toml", "followers = 0\n", "followers: 0 is outside 1 to 20"),
        ("tiles.toml", "[set]\nstrat = 'RCr'\n", r"tiles\.toml \[set\]: unknown key 'strat'"),
        ("tiles.toml", "[set]\nfollowers = 7\n", r"followers must be set in parameters\.toml"),
        ("tiles.toml", "[[tile]]\nid = 'X'\ncolour = 'red'\n", "entry 1: unknown key 'colour'"),
    ],
)
def test_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(BadOptions, match=message):
        new_game(components=str(tmp_path))


def test_the_gold_tiers_must_rise() -> None:
    with pytest.raises(BadOptions, match="the tiers must rise"):
        get_game("carcassonne").options({"param.gold_bar_tiers": "3,9,6"})
