"""render.py: the board drawn from an observation, readable in 100 columns."""

import random

from rich.console import Console

from motherlode.games.gonza.render import render
from motherlode.games.gonza.rules import GonzaState
from tests.games.gonza.helpers import GAME, act, give, new, roll, set_value, stack_events


def draw(state: GonzaState, seat: int | None) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(render(state.observe(seat), seat))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    return text


def test_render_the_market_the_brokers_the_players_and_the_dice() -> None:
    state = new()
    roll(state, "earn", "up", "down", "place", "event")
    text = draw(state, 0)
    for word in ("The Gonza Index", "Hensler", "Novatek", "Broker cards", "Players", "Dice"):
        assert word in text
    assert "[2]" in text  # Hensler's marker on its start space
    assert "EVENT" in text and "re-rolls left: 2" in text
    assert "P1 (you)" in text


def test_render_a_decision_for_the_minister_ai() -> None:
    state = new(players=3, minister="2")
    set_value(state, "hensler", 3)
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 0, "end")
    real = state._roll

    def fake(count: int, *, with_black: bool) -> None:
        state._roll = real  # type: ignore[method-assign]
        roll(state, "place", "earn", "earn", "earn", "earn")

    state._roll = fake  # type: ignore[method-assign]
    act(state, 1, "minister")
    text = draw(state, 2)
    assert "Minister AI tie" in text and "hensler, azing" in text and "P2 AI" in text


def test_render_a_safe_harbour_question_and_the_last_event() -> None:
    state = new()
    stack_events(state, "credit-crunch", "bubble", "rotation", "index-crash")
    give(state, 1, "safe-harbour")
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")
    text = draw(state, 1)
    assert "Safe harbour?" in text and "Credit Crunch" in text
    act(state, 1, "play safe-harbour .")
    assert "cancelled by Safe Harbour" in draw(state, None)


def test_render_every_position_of_random_games() -> None:
    for seed in range(2):
        state = GAME.new_state(2 + 3 * seed, seed, {"minister": "2"})
        assert isinstance(state, GonzaState)
        rng = random.Random(seed)
        while not state.is_over():
            if rng.random() < 0.08:
                draw(state, state.pending()[0])
            (seat,) = state.pending()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert "Game over" in draw(state, None)
