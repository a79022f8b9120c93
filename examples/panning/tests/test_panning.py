"""Panning for Gold: the conformance kit and the rules in the README, as tests."""

from __future__ import annotations

import pytest

import motherlode
from motherlode.agents import make_agent
from motherlode.engine import IllegalAction
from motherlode.testing import ConformanceSuite
from panning import GAME, PanningState, Stash, Swirl


class TestConformance(ConformanceSuite):
    game_id = "panning"


def test_the_installed_game_is_found_through_its_entry_point() -> None:
    assert "panning" in motherlode.games() and motherlode.get_game("panning") is GAME


def new(players: int, seed: int, **options: int) -> PanningState:
    state = GAME.new_state(players, seed=seed, options=options)
    assert isinstance(state, PanningState)
    return state


def roll_until(state: PanningState, face: int) -> None:
    """Advance the state's own RNG until its next roll is ``face``."""
    while _peek(state) != face:
        state.rng.random()


def _peek(state: PanningState) -> int:
    saved = state.rng.getstate()
    face: int = state.rng.randint(1, 6)
    state.rng.setstate(saved)
    return face


def test_a_swirl_adds_its_face_and_a_one_washes_the_pan_out() -> None:
    state = new(2, 1)
    assert state.legal_actions(0) == [Swirl()]  # an empty pan cannot be stashed
    with pytest.raises(IllegalAction, match="pan is empty"):
        state.apply(0, Stash())
    roll_until(state, 5)
    state.apply(0, Swirl())
    assert state.pan == 5 and state.pending() == (0,)
    roll_until(state, 1)
    state.apply(0, Swirl())
    assert state.pan == 0 and state.poke == [0, 0] and state.pending() == (1,)


def test_stashing_the_target_wins_at_once() -> None:
    state = new(3, 2, target=10)
    state.poke[0] = 6
    roll_until(state, 4)
    state.apply(0, Swirl())
    state.apply(0, Stash())
    assert state.is_over() and state.scores()[0] == 10.0 and state.winner == 0


def test_the_heuristic_stashes_at_twenty_or_a_win() -> None:
    bot = make_agent("casual", GAME, seed=1)
    state = new(2, 3)
    state.pan = 20
    assert bot.act(state, 0) == Stash()
    state.pan, state.poke[0] = 4, 27
    assert bot.act(state, 0) == Stash()
    state.pan, state.poke[0] = 4, 0
    assert bot.act(state, 0) == Swirl()


def test_the_rules_pages_sample_is_a_view_the_engine_makes() -> None:
    """web/sample.json comes from ``python -m motherlode.web.samples`` (the game installed)."""
    from motherlode.web.samples import sample_file, sample_text

    assert sample_file("panning").read_text() == sample_text("panning")
