"""GOLDFIX in German (issue 32): every line of the log, every refusal, the decision asked,
every move's words and label and the end's sums are words (``T``) whose sentences the
catalogs hold, and they read in English exactly as before.

The German entries come from the server catalog (``locale/de``): the test that reads it
passes once the game's translations are merged there.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import Action, IllegalAction
from motherlode.engine.words import T
from motherlode.games.goldfix.bots import HeuristicBot
from motherlode.games.goldfix.components import standard_risk_deck
from motherlode.games.goldfix.i18n import browser_messages, server_messages
from motherlode.games.goldfix.lists import Joined, either, together
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.german import (
    Marker,
    by_bots,
    ends,
    extracted,
    log_sentences,
    moves_as_before,
    now_and_then,
    randomly,
    read_in_german,
    refusals_met,
    sentences,
)

GAME = motherlode.get_game("goldfix")
prompt = importlib.import_module("motherlode.games.goldfix.prompt")
wording = importlib.import_module(
    "motherlode.games.goldfix.words"
)  # the package's `words` is its function


Choose = Callable[[GoldfixState, int], Action]


def heuristic() -> Choose:
    return by_bots([HeuristicBot(seed=s) for s in range(6)])


def new(
    players: int, seed: int, names: tuple[str, ...] | None = None, **options: Any
) -> GoldfixState:
    state = GAME.new_state(players, seed, options, names=names)
    assert isinstance(state, GoldfixState)
    return state


def play(state: GoldfixState, choose: Choose, *, time_up_at: int = 0) -> Iterator[GoldfixState]:
    """Each decision of a game to its end (the state itself, as it goes); the table's clock
    runs out at decision ``time_up_at`` (0: never)."""
    rng = random.Random(state.seed)
    moves = 0
    while not state.is_over():
        yield state
        moves += 1
        up = state.time_up_action()
        if time_up_at and moves >= time_up_at and up is not None:
            state.apply(state.pending()[0], up)
            continue
        pending = state.pending()
        seat = pending[0] if len(pending) == 1 else rng.choice(pending)
        state.apply(seat, choose(state, seat))
    yield state


def games() -> Iterator[Iterator[GoldfixState]]:
    """Seeded games of every kind: random and heuristic, the auction levels, QUICKSTART, the
    time and circuit limits, a low WINNER target, and players with names."""
    yield play(new(3, 0), randomly(0))
    yield play(new(4, 1, quickstart=True, auction_level="B"), randomly(1))
    yield play(new(5, 2, auction_level="EZ2"), randomly(2))
    yield play(new(4, 3, auction_level="EZ1", drill_report_option=True), randomly(3))
    yield play(new(3, 4, time_limit=30), randomly(4), time_up_at=300)
    yield play(new(3, 6, winner=700), heuristic())
    named = new(4, 5, ("Anna", "Ben", "Cem", "Dora"), circuit_limit=4)
    yield play(named, heuristic())


@cache
def finished() -> tuple[GoldfixState, ...]:
    return ends(games())


def every_event(state: GoldfixState) -> list[Any]:
    """The public log and each seat's private lines."""
    seen = list(state.events_for(None))
    for seat in range(state.num_players):
        seen.extend(e for e in state.events_for(seat) if e.seats is not None)
    return seen


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    seen = log_sentences(
        event
        for state in finished()
        for event in every_event(state)
        if not event.text.endswith(" has decided")  # the engine's own line
    )
    assert {
        "Bids on the {lot}: {bids}",
        "{player} pass",
        "{player} draws RISK: {title}: {text}",
        "{drafter} proposes to {partner}: {deal}",
        "{player} rolls {first} and {second}, moves {steps} to {square}",
    } <= seen
    ends = {
        "every other player is bankrupt",
        "the {minutes}-minute time limit is up",
        "the {limit}-circuit limit is reached",
        "{player} has ${cash:,}M and no loan notes",
    }
    assert ends <= seen
    assert {state.end_reason for state in finished()} >= {"the 4-circuit limit is reached"}


def test_the_log_reads_in_english_as_before() -> None:
    state = new(3, 1)
    first = state.events_for(None)[0].text
    assert first == "GOLDFIX $1,000, tax LOW; Blue, Red, Green start on the BANK"
    bids = Joined(["Blue $40M", T("{player} pass", player="Red"), "Green $35M"])
    line = T("Bids on the {lot}: {bids}", lot="Kudu MINE LEASE", bids=bids)
    assert str(line) == "Bids on the Kudu MINE LEASE: Blue $40M, Red pass, Green $35M"
    assert line.render(Marker()) == "§Bids on the Kudu MINE LEASE: Blue $40M, §Red pass, Green $35M"
    assert str(together(["Blue", "Red", "Green"])) == "Blue and Red and Green"
    assert str(either(["2", "5", "7"])) == "2 or 5 or 7"
    assert together(["Blue"]) == "Blue"


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games (every action checked, now and then)."""
    outside = ("headgear Nowhere", "liquidate ML-kudu 50", "bid 7")
    return refusals_met(GAME, now_and_then(games(), 97), outside)


def engines_own(reason: Any) -> bool:
    """A refusal the engine words itself (not the game's turn, a seat that has decided)."""
    return str(reason).startswith("it is not ") or "has already decided" in str(reason)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = sentences((r for r in refused() if not engines_own(r)), "refusal")
    assert "{action} is not possible now: {decision}" in seen
    assert "too late for {step}: this turn has already reached {reached} (order of play)" in seen


def test_a_refusal_reads_in_english_as_before() -> None:
    state = new(3, 1)
    with pytest.raises(IllegalAction) as refused:
        state.check(0, GAME.parse_action("headgear Nowhere"))
    assert str(refused.value).startswith("there is no mine called 'Nowhere' (mines: ")


@cache
def moves_said() -> tuple[Any, ...]:
    """Each legal move's words and label and each decision now and then in the games,
    checked against the English the prompt and the view give."""
    out: list[Any] = []
    labels = (prompt.consequence, prompt.label)
    for state in now_and_then(games(), 13, ended=True):
        obs = state.observe(None)
        if obs["decision"] is not None:
            words = state.decision_words()
            assert str(words) == obs["decision"]["text"]
            out.append(words)
        for seat in range(state.num_players):
            said = prompt.score_words(obs, seat)
            assert (str(said) if said else "") == prompt.score_parts(obs, seat)
            out.append(said)
        if not state.is_over():
            seat = state.pending()[0]
            out += moves_as_before(
                state, seat, wording.said, wording.words, labels, label_is_words=False
            )
    return tuple(out)


def test_each_move_label_decision_and_sum_is_words_read_as_before() -> None:
    seen = sentences(said for said in moves_said() if isinstance(said, T))
    assert {
        "{who} may trade, liquidate, repay, buy headgear, play HOLD cards or roll",
        "Roll the dice",
        "Move {steps} squares",
        "to {square}",
        "cash {cash} + mine assets {assets} + bullion {bullion} − {notes} notes × {note} = {worth}",
    } <= seen


def test_the_risk_cards_words_are_in_both_catalogs() -> None:
    """The log names the cards and reads their texts (server); the board's decision panel
    shows a YES / NO card's title and question (browser)."""
    server, browser = set(server_messages(GAME)), set(browser_messages(GAME))
    for card in standard_risk_deck():
        assert {card.title, card.text} <= server
        assert card.title in browser
        if card.question:
            assert card.question in server and card.question in browser
    assert server <= extracted("server")
    assert browser <= extracted("browser")


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals, the decisions and the moves' words, through the German
    catalog: every sentence has its entry, and each line comes out whole."""
    lines = [e for state in finished() for e in every_event(state)]
    words = [w for w in (*refused(), *moves_said()) if isinstance(w, T)]
    read = read_in_german(lines, words, all_change=False)
    assert sum(english != german for english, german in read) > len(lines) // 2
