"""Goodwill in German (issue 32): every line of the log (the private information lines
included), every refusal and every move's words are words (``T``) whose sentences the
catalogs hold, and they read in English exactly as before.

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
from motherlode.games.goodwill.bots import HeuristicBot
from motherlode.games.goodwill.i18n import browser_messages, server_messages
from motherlode.games.goodwill.rules import GoodwillState
from motherlode.games.goodwill.words import said, words
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

GAME = motherlode.get_game("goodwill")


def game(players: int, seed: int, **options: Any) -> GoodwillState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GoodwillState)
    return state


def games() -> Iterator[Iterator[GoodwillState]]:
    """Seeded games of every size and variant, random and heuristic."""
    for players, seed in ((3, 1), (4, 2), (5, 3), (6, 4)):
        yield play(game(players, seed), randomly(seed))
    yield play(game(3, 5, dividends=True), randomly(5))
    yield play(game(4, 6, dividends=True, cash_only=True), randomly(6))
    yield play(game(5, 7, cash_only=True, start_year=1954), randomly(7))
    heuristic = by_bots([HeuristicBot(seed=s, samples=2) for s in range(6)])
    yield play(game(3, 8, start_year=1954), heuristic)


@cache
def finished() -> tuple[GoodwillState, ...]:
    return ends(games())


def every_line(state: GoodwillState) -> list[Any]:
    """The public log and each seat's own (the information cards it may look at)."""
    return [e for seat in (None, *range(state.num_players)) for e in state.events_for(seat)]


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    seen = log_sentences(e for state in finished() for e in every_line(state))
    expected = {
        "Goodwill for {players} players, {first} to {last}, dividends, cash only",
        "Information {number}: {percentage} % - {card}",
        "{company}, transaction {number}: {prices}; {outcome}",
        "The information cards are revealed: {cards}",
        "{percentage} %: {event}",
        "Market shares: {shares}",
        "Oil +10",
        "The game is over: {scores}",
    }
    assert expected <= seen


def test_the_log_reads_in_english_as_before() -> None:
    state = GAME.new_state(3, 2, {"dividends": True}, ("Ann", "Bea", "Cy"))
    assert isinstance(state, GoodwillState)
    *_, state = play(state, randomly(2))
    texts = [e.text for e in state.events_for(None)]
    assert texts[:6] == [
        "Goodwill for 3 players, 1953 to 1957, dividends",
        "Amber: $110, 30 %, resources 1 oil, 2 workers, boss June",
        "Black: $100, 35 %, resources 3 coal, boss Betty",
        "Crimson: $100, 35 %, resources 1 oil, 1 coal, 1 workers, boss Gordon",
        "Available bosses: Hazel, Doris, Clark",
        "Year 1953: 4 information cards are placed face down",
    ]
    assert texts[11] == "Ann sells an Amber share to Cy for $4"
    assert texts[20] == "Votes: Bea yes (6), Cy yes (4): 10 yes, replaced"
    assert texts[73] == (
        "The information cards are revealed: 85 % Workers +5 / Advertising 1; 60 % Oil -5 / "
        "Advertising 3; 95 % Workers +10 / Efficiency 3; 90 % Funding: oil, coal / "
        "Advertising 3"
    )
    assert "Advertising 3: no boss has advertising 3, nothing happens" in texts
    assert "Amber pays $1 a share and keeps $0" in texts
    assert texts[-1] == "The game is over: Ann $214, Bea $90, Cy $226"
    mine = [e.text for e in state.events_for(0)]
    assert "Information 1: 85 % - Workers +5 / Advertising 1" in mine


OUTSIDE = ("propose Nobody", "propose Arthur", "price 99", "partner 9")
"""Moves outside the action space or the table: a boss that is not there, a price off the
wheels, a player who is not a partner."""


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games (every action checked, now and then)."""
    return refusals_met(GAME, now_and_then(games(), 60), OUTSIDE, every_seat=True, always=False)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = sentences(refused(), "refusal")
    assert "no boss may be proposed now: {asking}" in seen
    assert "everyone sets a price for {company} (transaction {number})" in seen


def test_a_refusal_reads_in_english_as_before() -> None:
    state = game(4, 0)
    with pytest.raises(IllegalAction) as raised:
        state.check(0, GAME.parse_action("propose Arthur"))
    assert str(raised.value) == (
        "no boss may be proposed now: everyone sets a price for Amber (transaction 1)"
    )
    with pytest.raises(IllegalAction) as raised:
        state.check(0, GAME.parse_action("price 99"))
    assert str(raised.value) == "the price wheels give $0 to $38, not $99"


@cache
def moves_said() -> tuple[T, ...]:
    """Each legal move's words now and then in the games, checked against the English the
    page shows today."""
    return moves_met(now_and_then(games(), 7), said, words, every_seat=True)


def test_every_move_is_said_in_words_the_server_catalog_extracts() -> None:
    seen = sentences(moves_said())
    assert {"Set my secret price: ${price}", "Vote yes", "Vote no"} <= seen


def test_the_cards_and_resources_are_listed_for_the_catalogs() -> None:
    listed = set(server_messages(GAME))
    assert {"oil", "Oil +10", "Scandal: Amber", "Funding: oil, coal"} <= listed
    assert listed <= extracted("server")
    assert set(browser_messages(GAME)) <= extracted("browser")


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals and the moves' words, through the German catalog: every
    sentence has its entry, and each line comes out whole."""
    lines = [e for state in finished() for e in every_line(state)]
    words_ = (*refused(), *moves_said())
    read_in_german(lines, words_, server_messages(GAME), all_change=False)


def test_the_board_reads_in_german() -> None:
    """Every word the renderer draws (``K.t`` in render.js, the cards' labels and the
    resources) has its entry in the German browser catalog."""
    ours = drawn_by("goodwill")
    assert "Available bosses" in ours and "Oil +10" in ours
    assert_german_entries(ours, "browser")
