"""The terminal board: drawn from the observation only, readable in 100 columns."""

from __future__ import annotations

import random

from rich.console import Console

from motherlode.games.goodwill.actions import Partner, Propose
from motherlode.games.goodwill.components import COMPONENTS
from motherlode.games.goodwill.render import render
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import new, set_prices


def draw(state: GoodwillState, seat: int | None) -> str:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(state.observe(seat), seat))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    return text


def test_every_phase_draws_for_players_and_spectators() -> None:
    state = new(6, seed=14, dividends=True)
    rng = random.Random(14)
    phases = set()
    while not state.is_over():
        phases.add(state.phase)
        if rng.random() < 0.06:
            for seat in (None, *state.pending()):
                text = draw(state, seat)
                assert "Companies" in text and "Now:" in text
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    final = draw(state, 0)
    assert "Ranking:" in final
    assert phases >= {"price", "propose", "vote"}


def test_a_player_sees_its_informations_and_not_the_others() -> None:
    state = new(4, seed=2)
    text = draw(state, 0)
    pct, _ = state.information[0]
    assert f"{pct} %" in text
    hidden = state.information[2][0]
    assert f"{hidden} %" not in text.split("This year's information cards")[1]
    assert "face down" in text
    assert "(you)" in text


def test_the_partner_choice_and_the_vote_are_explained() -> None:
    state = new(5, seed=1)
    for seat, held in enumerate([0, 3, 3, 2, 2]):
        state.shares[seat][0] = held
    set_prices(state, [10, 12, 10, 16, 16])
    assert "Player 3 chooses a buyer at $13 among Player 4, Player 5" in draw(state, 2)
    state.apply(2, Partner(4))
    set_prices(state, [10, 10, 10, 10, 10])
    candidate = COMPONENTS.bosses[state.available[0]].name
    state.apply(1, Propose(candidate))
    text = draw(state, None)
    assert f"Proposed by Player 2: {candidate}" in text
    assert "one per share, 6 yes needed" in text
