"""Hidden information: what no player may see, and determinize re-drawing it consistently.

Hidden in Gonza Index: the order of the broker deck's unseen cards, which event cards are
in the game (and their order), the corporation deck and the future dice.  Broker hands,
bids and the cards put under the broker deck are public.
"""

import json
import random

from motherlode.games.gonza.rules import GonzaState
from motherlode.testing import fingerprint
from tests.games.gonza.helpers import GAME, act, give, new, roll, stack_broker_deck


def played(seed: int, moves: int = 60, players: int = 4) -> GonzaState:
    state = GAME.new_state(players, seed)
    assert isinstance(state, GonzaState)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_hidden_observations_hold_no_unseen_card() -> None:
    for seed in range(8):
        state = played(seed)
        hidden = (
            state.event_deck
            + state.event_box
            + state.broker_deck[: state.deck_hidden]
            + state.corp_deck
        )
        for seat in (None, *range(state.num_players)):
            text = json.dumps(state.observe(seat))
            for card in hidden:
                assert f'"{card}"' not in text, (seat, card)


def test_hidden_the_log_has_no_private_lines_and_names_no_unseen_card() -> None:
    state = played(3, moves=400)
    public = [e.text for e in state.events_for(None)]
    assert public == [e.text for e in state.events_for(2)]
    names = [state.comp.event[e].name for e in state.event_box]
    assert not any(name in line for line in public for name in names)


def test_hidden_determinize_redraws_the_unseen_broker_cards_only() -> None:
    state = new()
    give(state, 1, "headhunter")
    stack_broker_deck(state, "sector-surge", "dividend")
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 0, "end")
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 1, "play headhunter .")  # Sector Surge and Headhunter go under, seen by all
    known = state.broker_deck[state.deck_hidden :]
    assert known == ["sector-surge", "headhunter"]
    before = fingerprint(state)
    orders = set()
    for r in range(20):
        det = state.determinize(0, random.Random(r))
        assert det.observe(0) == state.observe(0)
        assert det.broker_deck[det.deck_hidden :] == known
        assert sorted(det.broker_deck) == sorted(state.broker_deck)
        orders.add(tuple(det.broker_deck))
    assert len(orders) > 1
    assert fingerprint(state) == before


def test_hidden_determinize_redraws_the_events_from_every_unseen_card() -> None:
    state = played(5, moves=80)
    unseen = sorted(state.event_deck + state.event_box)
    decks = set()
    for r in range(30):
        det = state.determinize(1, random.Random(r))
        assert len(det.event_deck) == len(state.event_deck)
        assert sorted(det.event_deck + det.event_box) == unseen
        assert det.events_done == state.events_done
        decks.add(tuple(det.event_deck))
        assert sorted(det.corp_deck) == sorted(state.corp_deck)
    assert len(decks) > 5


def test_hidden_determinize_does_not_know_the_future_dice() -> None:
    state = new()
    roll(state, "earn", "up", "down", "place", "bid")
    rolls = set()
    for r in range(10):
        det = state.determinize(0, random.Random(r))
        det.apply(0, GAME.parse_action("reroll 1,2,3,4,5"))
        rolls.add(tuple(det.dice))
    assert len(rolls) > 1
    assert state.dice == [2, 0, 1, 3, 4]
