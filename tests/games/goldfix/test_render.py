"""The terminal rendering: drawn from the observation only, within 100 columns."""

import random

from rich.console import Console

from motherlode.games.goldfix import GAME
from motherlode.games.goldfix.render import render
from tests.games.goldfix.helpers import give_mine, give_report, new


def draw(obs: dict[str, object], seat: int | None) -> str:
    console = Console(width=100, record=True, color_system=None, force_terminal=False)
    console.print(render(obs, seat))
    return console.export_text()


def test_render_shows_the_dashboard() -> None:
    state = new(6)
    give_mine(state, 2, "Kudu", reports=1)
    give_report(state, 4, "Alpaca")
    state.vault[2] = 175
    text = draw(state.observe(2), 2)
    assert "GOLDFIX $1,000" in text and "Tax LOW" in text
    assert "Kudu+HG+1DR" in text and "Alpaca 1DR" in text
    assert "Green" in text and "(you)" in text and "175" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_render_every_kind_of_decision_and_the_end() -> None:
    """Each kind of decision met in a few random games is drawn once, and the end."""
    assert GAME.render is render
    rng = random.Random(4)
    seen: set[str] = set()
    for seed in range(6):
        state = GAME.new_state(3 + seed % 4, seed, {"circuit_limit": 1})
        while True:
            obs = state.observe(None)
            kind = str(obs["phase"])
            if kind not in seen or state.is_over():
                seen.add(kind)
                text = draw(obs, None)
                assert all(len(line) <= 100 for line in text.splitlines())
            if state.is_over():
                assert "Game over" in text
                break
            seat = rng.choice(state.pending())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert {"pre-roll", "move", "bid", "over"} <= seen
