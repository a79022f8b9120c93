"""Gonza Index in German (issue 32): every line of the log (the Minister AI's included),
every refusal and every move's words are words (``T``) whose sentences the catalogs hold,
and they read in English exactly as before.

The German entries come from the catalogs (``locale/de``): the tests that read them pass
once the game's translations are merged there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import Action, IllegalAction
from motherlode.engine.words import T
from motherlode.games.gonza.bots import HeuristicBot
from motherlode.games.gonza.i18n import browser_messages, server_messages
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.terms import and_list, comma_list
from motherlode.games.gonza.words import said, words
from motherlode.web import i18n
from tests.games.german import UNFILLED, Marker, extracted, randomly
from tests.games.gonza.helpers import new, roll

GAME = motherlode.get_game("gonza")


Choose = Callable[[GonzaState, int], Action]


def heuristic() -> Choose:
    bots = [HeuristicBot(seed=s) for s in range(5)]
    return lambda state, seat: bots[seat].act(state, seat)


def play(state: GonzaState, choose: Choose) -> Iterator[GonzaState]:
    """Each decision of a game to its end (the state itself, as it goes)."""
    while not state.is_over():
        yield state
        seat = state.pending()[0]
        state.apply(seat, choose(state, seat))
    yield state


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
    yield play(game(4, 10), heuristic())


@cache
def finished() -> tuple[GonzaState, ...]:
    return tuple([*g][-1] for g in games())


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    marker = Marker()
    for state in finished():
        for event in state.events_for(None):
            assert event.text_in(marker).startswith("§"), f"plain text: {event.text!r}"
    assert marker.seen - extracted("server") == set()
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
    assert expected <= marker.seen


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


def refusals(state: GonzaState) -> Iterator[IllegalAction]:
    seat = state.pending()[0]
    space = GAME.action_space(state.num_players, state.options)
    for index in range(space.size):
        try:
            state.check(seat, space.action(index))
        except IllegalAction as exc:
            yield exc


OUTSIDE = ("place nowhere", "bid no-card", "play no-card .", "play dividend x", "decide nothing")
"""Moves outside the action space: ids that name nothing, targets a card does not take."""


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games (every action checked, now and then)."""
    out = []
    for g in games():
        for n, state in enumerate(g):
            if n % 40 or state.is_over():
                continue
            for exc in refusals(state):
                assert str(exc) == str(exc.args[0])
                out.append(exc.args[0])
            for notation in OUTSIDE:
                with pytest.raises(IllegalAction) as raised:
                    state.check(state.pending()[0], GAME.parse_action(notation))
                out.append(raised.value.args[0])
    return tuple(out)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = Marker()
    for reason in refused():
        assert isinstance(reason, T), f"plain refusal: {reason!r}"
        reason.render(seen)
    assert seen.seen - extracted("server") == set()
    assert "no unused die shows '{face}'" in seen.seen
    minister = "{player} is played by the Minister AI: its only move is 'minister' (it takes its "
    assert minister + "turn by the SOLO PLAY rules)" in seen.seen


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
    out = []
    for g in games():
        for n, state in enumerate(g):
            if n % 5 or state.is_over():
                continue
            for seat in state.pending():
                for action in state.legal_actions(seat):
                    words_ = said(state, seat, action)
                    assert isinstance(words_, T)
                    assert str(words_) == words(state, seat, action)
                    out.append(words_)
    return tuple(out)


def test_every_move_is_said_in_words_the_server_catalog_extracts() -> None:
    seen = Marker()
    for words_ in moves_said():
        assert words_.render(seen).startswith("§")
    assert seen.seen - extracted("server") == set()
    assert {"Re-roll {dice}", "die {number} ({face})", "End my turn"} <= seen.seen


def test_the_cards_names_and_texts_are_listed_for_the_catalogs() -> None:
    assert "Safe Harbour" in set(server_messages(GAME)) <= extracted("server")
    browser = set(browser_messages(GAME))
    assert "Take up to 4 credits from the general supply." in browser
    assert browser <= extracted("browser")


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals and the moves' words, through the German catalog: every
    sentence has its entry, and each line comes out whole."""
    german = i18n.translator("de")
    assert german is not None
    seen = Marker()
    lines = [e for state in finished() for e in state.events_for(None)]
    for event in lines:
        event.text_in(seen)
    for words_ in (*refused(), *moves_said()):
        words_.render(seen)
    seen.seen |= set(server_messages(GAME))
    missing = sorted(seen.seen - i18n.catalog("de", "server").keys())
    assert missing == [], "translate these in locale/de/LC_MESSAGES/server.po"
    for event in lines:
        text = event.text_in(german)
        assert not UNFILLED.search(text), text
        assert text != event.text, text
    for words_ in (*refused(), *moves_said()):
        assert not UNFILLED.search(words_.render(german)), words_


def test_the_board_reads_in_german() -> None:
    """Every word the renderer draws (``K.t`` in render.js, the cards' names and texts) has
    its entry in the German browser catalog."""
    ours = {
        str(m.id)
        for m in i18n.extract("browser")
        if m.id and any("gonza" in str(where) for where, _ in m.locations)
    }
    assert "No face-up broker cards." in ours and "Safe Harbour" in ours
    missing = sorted(ours - i18n.catalog("de", "browser").keys())
    assert missing == [], "translate these in locale/de/LC_MESSAGES/browser.po"
