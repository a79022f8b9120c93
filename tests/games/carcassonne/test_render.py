"""The terminal picture: every phase draws from the observation alone, within 100 columns."""

from __future__ import annotations

import random

from rich.console import Console

from motherlode.engine import get_game
from motherlode.games.carcassonne.components import load_tileset
from motherlode.games.carcassonne.render import render, tile_picture
from tests.games.carcassonne.helpers import GoldBar, Place, deal, lay, new_game, play


def draw(obs, seat) -> str:
    console = Console(width=100, record=True, color_system=None, force_terminal=False)
    console.print(render(obs, seat))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    return text


def test_render_every_phase_of_a_game():
    game = get_game("carcassonne")
    state = game.new_state(4, 12)
    rng = random.Random(12)
    phases = set()
    while not state.is_over():
        obs = state.observe(state.pending()[0])
        if obs["phase"] not in phases or state.move_count % 17 == 0:
            phases.add(obs["phase"])
            text = draw(obs, state.pending()[0])
            assert "Player 1" in text and "map" in text
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = draw(state.observe(None), None)
    assert "Game over" in text and "farm" in text
    assert {"place", "follower"} <= phases


def test_render_prompts_name_the_actions():
    g = new_game()
    lay(g, 1, 0, "RCr")
    lay(g, 1, -1, "Cc", 3)
    deal(g, "GO/LCc")
    text = draw(g.observe(0), 0)
    assert "place x y r" in text and "GO/LCc" in text
    play(g, Place(0, -1, 2))
    assert "gold 1 -1" in draw(g.observe(0), 0)
    play(g, GoldBar(1, 0))
    text = draw(g.observe(1), 1)
    assert "follower 0: cloister" in text and "pass" in text


def test_render_a_wide_map_is_cut_to_a_window():
    g = new_game(goldmines=False)
    for x in range(1, 40):
        lay(g, x, 0, "RFr")
    assert "x " in draw(g.observe(None), None)


def test_render_tile_pictures():
    tiles = load_tileset()
    crossroads = tile_picture(tiles, "RRRR", 0)
    assert [c for c, _ in crossroads] == [" ", "│", " ", "─", "┼", "─", " ", "│", " "]
    cloister = tile_picture(tiles, "LR", 0)
    assert cloister[4][0] == "⌂" and cloister[7][0] == "│"
    straight = tile_picture(tiles, "RFr", 1)  # turned: the road runs north-south
    assert straight[4][0] == "│"
    pennant = tile_picture(tiles, "Cccc+", 0)
    assert pennant[4][0] == "◆"
