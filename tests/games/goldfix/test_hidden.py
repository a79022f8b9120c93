"""Hidden information: only the decks' order and uncommitted decisions are secret.

Everything else in GOLDFIX is public: the DASHBOARD shows every player's cash, notes,
bullion and assets, HOLD cards lie face up, auction lots and drawn cards are shown.
"""

import json
import random

from motherlode.games.goldfix.actions import Bid, Move, Pass, Sell
from motherlode.games.goldfix.core import BID, SELL
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.goldfix.helpers import at_move, new


def test_observations_hold_no_deck_order_and_determinize_redraws_only_it() -> None:
    state = new(4)
    views = [state.observe(s) for s in range(4)]
    orders = set()
    for i in range(20):
        det = state.determinize(i % 4, random.Random(i))
        assert [det.observe(s) for s in range(4)] == views
        assert sorted(det.lease_deck.cards) == sorted(state.lease_deck.cards)
        assert sorted(det.risk_deck.cards) == sorted(state.risk_deck.cards)
        orders.add(tuple(det.lease_deck.cards))
    assert len(orders) > 1  # the unknown order really is re-drawn
    text = json.dumps(views)
    assert str(state.lease_deck.cards) not in text


def test_cards_seen_going_back_keep_their_known_place() -> None:
    state = new(3)
    at_move(state, 0, 3, (1, 6))
    state.apply(0, Move(1))
    lot = state.lots[0]
    for seat in range(3):
        state.apply(seat, Pass())  # unsold: back to the bottom, seen by all
    assert state.lease_deck.known_bottom() == [lot]
    assert state.observe(1)["decks"]["mine_leases_bottom"] == [state.board.mines[lot]]
    for i in range(10):
        det = state.determinize(2, random.Random(i))
        assert det.lease_deck.cards[-1] == lot
        assert det.lease_deck.known_bottom() == [lot]


def test_a_sealed_bid_is_hidden_until_everyone_has_bid() -> None:
    def bid_state(first: int) -> GoldfixState:
        state = new(3)
        at_move(state, 0, 3, (1, 6))
        state.apply(0, Move(1))
        assert state.phase == BID
        state.apply(0, Bid(first) if first else Pass())
        return state

    high, low = bid_state(90), bid_state(0)
    for seat in (1, 2, None):
        assert high.observe(seat) == low.observe(seat)
        assert [e.text for e in high.events_for(seat)] == [e.text for e in low.events_for(seat)]
    assert high.observe(0)["my_commitment"] == {"type": "bid", "amount": 90}
    det = high.determinize(1, random.Random(3))
    assert det.legal_actions(1) == high.legal_actions(1)
    high.apply(1, Pass())
    high.apply(2, Pass())
    assert "Blue $90M" in high.events_for(1)[-2].text  # revealed together


def test_sale_choices_are_secret_until_all_are_in() -> None:
    state = new(3)
    state.vault = [50, 60, 70]
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    state.apply(0, state.legal_actions(0)[1])  # 10%
    assert state.phase == SELL
    state.apply(1, Sell(100))
    other = state.observe(2)
    assert "my_commitment" not in other and other["committed"] == [1]
    assert state.vault[1] == 60  # nothing is sold before everyone has chosen


def test_every_event_is_public_in_goldfix() -> None:
    state = new(4)
    rng = random.Random(5)
    for _ in range(300):
        if state.is_over():
            break
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    public = [e.text for e in state.events_for(None)]
    for seat in range(4):
        assert [e.text for e in state.events_for(seat)] == public
