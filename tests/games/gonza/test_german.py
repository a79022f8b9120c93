"""Gonza Index in German (issue 32): every line of the log (the Minister AI's included),
every refusal and every move's words are words (``T``) whose sentences the catalogs hold,
and they read in English exactly as before.

The German entries come from the catalogs (``locale/de``): the tests that read them pass
once the game's translations are merged there.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import IllegalAction
from motherlode.engine.words import T
from motherlode.games.gonza.bots import HeuristicBot
from motherlode.games.gonza.i18n import browser_messages, server_messages
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.terms import and_list, comma_list
from motherlode.games.gonza.words import said, words
from tests.games.german import (
    assert_german_entries,
    by_bots,
    drawn_by,
    ends,
    extracted,
    log_sentences,
    moves_met,
    now_and_then,
    play,
    randomly,
    read_in_german,
    refusals_met,
    sentences,
)
from tests.games.gonza.helpers import new, roll

GAME = motherlode.get_game("gonza")


def game(players: int, seed: int, **options: Any) -> GonzaState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GonzaState)
    return state


def games() -> Iterator[Iterator[GonzaState]]:
    """Seeded games: random ones of every size, the Minister AI beside people (their ties
    decided by them) and alone, and heuristic players."""
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        yield play(game(players, seed), randomly(seed))
    for seed in (5, 6, 7):
        yield play(game(3, seed, minister="2"), randomly(seed))
    yield play(game(4, 8, minister="1,2,3,4", minister_rolls=2), randomly(8))
    yield play(game(5, 9, minister="3,5"), randomly(9))
    yield play(game(4, 10), by_bots([HeuristicBot(seed=s) for s in range(5)]))


@cache
def finished() -> tuple[GonzaState, ...]:
    return ends(games())


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    seen = log_sentences(e for state in finished() for e in state.events_for(None))
    expected = {
        "The market: {corporations}",
        "{player} rolls {dice}",
        "Event: {name} ({moves})",
        "{type} {amount:+d}",
        "{player} wins {card} for {bid}",
        "{player} decides for the Minister AI: {choice}",
        "{name} (Minister AI)",
        "{player} rolls the yellow dice again: {dice}",
        "The game is over: {scores}",
    }
    assert expected <= seen


def test_the_log_reads_in_english_as_before() -> None:
    state = GAME.new_state(3, 5, {"minister": "2"}, ("Ann", "Bea", "Cy"))
    assert isinstance(state, GonzaState)
    *_, state = play(state, randomly(5))
    texts = [e.text for e in state.events_for(None)]
    assert texts[:3] == [
        "The market: Kepler Ore (resource, 1), Yurushi Trust (financial, 2), Icebelt Water "
        "(resource, 3), Cortex Dynamics (tech, 1), Azing & Van Trovic (financial, 3), "
        "MRTC Transit (services, 2)",
        "Ann goes first",
        "Ann rolls -1 -1 earn earn event",
    ]
    assert texts[8:14] == [
        "Bea (Minister AI) rolls earn place bid -1 bid",
        "Bea (Minister AI) earns 1 credit",
        "Cy decides for the Minister AI: icebelt",
        "Bea (Minister AI) places a credit on Icebelt Water",
        "Ann decides for the Minister AI: yurushi",
        "Bea (Minister AI) lowers Yurushi Trust",
    ]
    assert texts[-1] == "The game is over: Ann 12, Bea (Minister AI) 56, Cy 2"
    assert str(and_list(["A", T("the tech corporations"), "C"])) == (
        "A and the tech corporations and C"
    )
    assert str(comma_list([])) == "" and str(comma_list(["A"])) == "A"


OUTSIDE = ("place nowhere", "bid no-card", "play no-card .", "play dividend x", "decide nothing")
"""Moves outside the action space: ids that name nothing, targets a card does not take."""


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games (every action checked, now and then)."""
    return refusals_met(GAME, now_and_then(games(), 40), OUTSIDE)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = sentences(refused(), "refusal")
    assert "no unused die shows '{face}'" in seen
    minister = "{player} is played by the Minister AI: its only move is 'minister' (it takes its "
    assert minister + "turn by the SOLO PLAY rules)" in seen


def test_a_refusal_reads_in_english_as_before() -> None:
    state = new(players=2)
    roll(state, "place", "earn", "earn", "earn", "up")
    with pytest.raises(IllegalAction) as raised:
        state.check(0, GAME.parse_action("place nowhere"))
    assert str(raised.value) == (
        "'nowhere' is not a corporation on the market (the market: hensler, azing, mrtc, "
        "novatek, helix, kepler)"
    )
    with pytest.raises(IllegalAction) as raised:
        state.check(0, GAME.parse_action("bid rally"))
    assert str(raised.value) == "no unused die shows 'bid on a broker card'"


@cache
def moves_said() -> tuple[T, ...]:
    """Each legal move's words now and then in the games, checked against the English
    the page shows today."""
    return moves_met(now_and_then(games(), 5), said, words, every_seat=True)


def test_every_move_is_said_in_words_the_server_catalog_extracts() -> None:
    seen = sentences(moves_said())
    assert {"Re-roll {dice}", "die {number} ({face})", "End my turn"} <= seen


def test_the_cards_names_and_texts_are_listed_for_the_catalogs() -> None:
    assert "Safe Harbour" in set(server_messages(GAME)) <= extracted("server")
    browser = set(browser_messages(GAME))
    assert "Take up to 4 credits from the general supply." in browser
    assert browser <= extracted("browser")


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals and the moves' words, through the German catalog: every
    sentence has its entry, and each line comes out whole."""
    lines = [e for state in finished() for e in state.events_for(None)]
    words_ = (*refused(), *moves_said())
    read_in_german(lines, words_, server_messages(GAME), all_change=True)


def test_the_board_reads_in_german() -> None:
    """Every word the renderer draws (``K.t`` in render.js, the cards' names and texts) has
    its entry in the German browser catalog."""
    ours = drawn_by("gonza")
    assert "No face-up broker cards." in ours and "Safe Harbour" in ours
    assert_german_entries(ours, "browser")
