"""Gold am Yukon in German (issue 32): every line of the log, every refusal, every move's
words and the page's narration are words (``T``) whose sentences the catalogs hold, and
they read in English exactly as before.

The German entries come from the server catalog (``locale/de``): the tests that read it
pass once the game's translations are merged there.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import IllegalAction
from motherlode.engine.words import T
from motherlode.games.yukon.bots import HeuristicBot
from motherlode.games.yukon.i18n import browser_messages
from motherlode.games.yukon.render import _label, label_words
from motherlode.games.yukon.rules import YukonState
from motherlode.games.yukon.words import sentence, words
from tests.games.german import (
    Marker,
    by_bots,
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
from tests.games.yukon.helpers import new_game, position

GAME = motherlode.get_game("yukon")


def from_json(words: Any) -> Any:
    """The observation's words (``{"t": …, "p": …}``) back as T: what the renderer's
    ``say`` does with the page's catalog."""
    if isinstance(words, dict):
        return T(words["t"], **{k: from_json(v) for k, v in words.get("p", {}).items()})
    return words


def first(state: YukonState, seat: int) -> Any:
    return state.legal_actions(seat)[0]


def games() -> Iterator[Iterator[YukonState]]:
    """Seeded games of every kind: random and heuristic, named players, and the ends a
    random game seldom reaches (walled in, no claim staked for rounds)."""
    for seed, players in ((0, 3), (1, 4), (2, 6)):
        yield play(new_game(players, seed), randomly(seed))
    named = GAME.new_state(3, seed=5, names=("Anna", "Ben", "Cem"))
    assert isinstance(named, YukonState)
    yield play(named, randomly(5))
    yield play(new_game(4, 3), by_bots([HeuristicBot(seed=s) for s in range(6)]))
    yield play(new_game(3, seed=4, stalemate_rounds=2), first)
    wall = [f"1:{h}" for h in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)]
    yield play(position(3, {0: ["31:2", "31:3"], 1: ["1:1"], 2: wall}, pips=3), first)


@cache
def finished() -> tuple[YukonState, ...]:
    return ends(games())


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    seen = log_sentences(e for state in finished() for e in state.events_for(None))
    assert {"{player} {actions}", "throws {spots}", "moves to {path}"} <= seen
    ends = {"every claim is staked", "only {player} can still move"}
    ends |= {
        "no claim was staked in {rounds} rounds",
        "{reason} ({names} walled in for {turns} turns)",
    }
    assert ends & seen == ends


def test_the_log_reads_in_english_as_before() -> None:
    state = position(3, {0: ["1:1"], 1: ["1:12"], 2: ["1:2"]}, pips=4)
    texts = [e.text for e in state.events_for(None)]
    assert "Player 1 cannot bring a gold-digger on: 4 pips lost" in texts
    assert texts[0] == "Gold am Yukon: 37 claims holding 70 nuggets, and 102 spaces to start from"
    line = T(
        "{player} {actions}",
        player="Ann",
        actions=T(
            "{earlier}, {then}",
            earlier=T("throws {throws} = {total}", throws="1 + 3", total=4),
            then=T("moves to {path}", path=T("{hour} o'clock of claim {claim}", hour=3, claim=5)),
        ),
    )
    assert str(line) == "Ann throws 1 + 3 = 4, moves to 3 o'clock of claim 5"


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals and the moves' words, through the German catalog: every
    sentence has its entry, and each line comes out whole."""
    lines = [e for state in finished() for e in state.events_for(None)]
    read_in_german(lines, (*refused(), *moves_said()), all_change=True)


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games (every action checked, now and then)."""
    outside = ("stake 99", "move 1 13")  # outside the action space
    return refusals_met(GAME, now_and_then(games(), 150), outside)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = sentences(refused(), "refusal")
    assert "{space} is not next to an end of the team ({ends})" in seen
    assert "there is no claim {claim}: claims are 1 to {count}" in seen


def test_a_refusal_reads_in_english_as_before() -> None:
    state = position(3, {0: ["1:1"], 1: ["1:12"], 2: ["1:2"]}, pips=4)
    with pytest.raises(IllegalAction) as refused:
        state.check(state.pending()[0], GAME.parse_action("stake 99"))
    assert str(refused.value) == "there is no claim 99: claims are 1 to 37"


@cache
def moves_said() -> tuple[T, ...]:
    """Each legal move's words and label, now and then in the games, checked against the
    English the prompt gives."""
    return moves_met(now_and_then(games(), 11), sentence, words, (label_words, _label))


def test_each_move_and_its_label_are_words_read_as_before() -> None:
    seen = sentences(moves_said())
    assert {
        "Move to {hour} o'clock of {claim}",
        "Stake {claim}",
        "{letter} on the map",
    } <= seen


def test_the_pages_narration_is_words_of_the_browser_catalog() -> None:
    """The observation's ``words`` say what ``this_turn`` and ``end_reason`` say, in
    sentences the renderer finds in the page's catalog (``i18n.browser_messages``)."""
    marker = Marker()
    listed = set(browser_messages(GAME))
    stories = 0
    for game in games():
        for state in game:
            obs = state.observe(None)
            story = from_json(obs["words"]["this_turn"])
            if story is None:
                assert obs["this_turn"] == []
            else:
                stories += 1
                assert story.render() == ", ".join(obs["this_turn"])
                story.render(marker)
            end = from_json(obs["words"]["end_reason"])
            assert (None if end is None else end.render()) == obs["end_reason"]
            if end is not None:
                end.render(marker)
    assert stories > 100
    assert marker.seen - listed == set()
    assert listed - extracted("browser") == set()
    assert listed <= extracted("server")  # the same sentences as the log's
