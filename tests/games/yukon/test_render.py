"""The terminal drawing: made from the observation alone, readable in 80 columns."""

from __future__ import annotations

import json
import random

from rich.console import Console

import motherlode
from tests.games.yukon.helpers import new_game, position


def text_of(obs: dict[str, object], seat: int | None) -> str:
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    renderer = motherlode.get_game("yukon").render
    assert renderer is not None
    console.print(renderer(json.loads(json.dumps(obs)), seat))
    return console.export_text()


def test_the_empty_board_shows_every_claim_its_nuggets_and_the_start_spaces() -> None:
    text = text_of(new_game(3).observe(0), 0)
    assert all(len(line) <= 80 for line in text.splitlines())
    for number in range(1, 38):
        assert f"#{number}" in text
    assert "◆6" in text and "◆4" in text
    assert "s" in text.splitlines()[1]
    assert "places a gold-digger on a free start space" in text
    assert "you are Player 1" in text


def test_stones_the_leading_end_and_staked_claims_are_drawn() -> None:
    state = position(3, {0: ["1:11", "1:12", "1:1"], 1: ["37:6"], 2: ["34:6"]}, staked={1: [19]})
    text = text_of(state.observe(None), None)
    lines = text.splitlines()
    board_lines = [line for line in lines if line.startswith("│")]
    assert len(board_lines) == 29
    assert "1 1 1" in board_lines[0]  # 1:11, 1:12 and 1:1 along the top of claim 1
    assert "[2]" in text  # claim 19 staked by Player 2
    assert "Player 2" in text and "19" in text


def test_a_whole_game_renders_at_every_step_within_80_columns() -> None:
    state = new_game(6, 2, stalemate_rounds=3)
    rng = random.Random(2)
    while True:
        text = text_of(state.observe(None), None)
        assert max(len(line) for line in text.splitlines()) <= 80
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert "Game over" in text and "Winner" in text
