"""The evaluators the games ship fit the tables they are offered at: a change to a game's
view that the encoding skips (a name, a design number) must not orphan a trained net."""

from __future__ import annotations

import pytest

from motherlode import get_game
from motherlode.engine import games
from motherlode.rl.tensors import encoder
from motherlode.rl.value import ValueNet, fingerprint, shipped_path

SHIPPED = [g for g in games() if shipped_path(get_game(g)).exists()]


def test_three_games_ship_an_evaluator() -> None:
    assert {"gonza", "goodwill", "yukon"} <= set(SHIPPED)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_shipped_evaluator_fits_the_default_table_at_every_player_count(game_id: str) -> None:
    game = get_game(game_id)
    net = ValueNet.load(shipped_path(game))
    for players in range(game.min_players, game.max_players + 1):
        net.check(game, fingerprint(encoder(game, players, game.options({})).layout()))


def test_a_skipped_key_leaves_the_fingerprint_and_a_new_block_changes_it() -> None:
    rows = [("cash", 0, 4, "number"), ("name", "", 0, "not encoded: a name")]
    assert fingerprint(rows) == fingerprint(rows[:1])
    assert fingerprint(rows) != fingerprint([*rows, ("bullion", 4, 1, "number")])
    assert fingerprint(rows) != fingerprint([("cash", 0, 5, "number")])
