"""GAMEPLAY DETAILS (1): buying, selling and trading with other players."""

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goldfix.actions import (
    Negotiate,
    Offer,
    Respond,
    Roll,
    Withdraw,
)
from motherlode.games.goldfix.core import NEGOTIATE, PRE_ROLL, RESPOND
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_pre_roll, give_mine, give_report, new


def test_a_sale_the_other_player_accepts() -> None:
    state = new()
    m = give_mine(state, 0, "Alpaca")
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    assert state.phase == NEGOTIATE and state.offers_left == 2
    assert Offer("sell", "ML-Alpaca", 125) in state.legal_actions(0)
    state.apply(0, Offer("sell", "ML-Alpaca", 125))  # ML + HG at $1,000: 275 x 1.25
    assert state.phase == RESPOND and state.pending() == (1,)
    deal = state.observe(1)["decision"]["deal"]
    assert deal["gives"]["mine_leases"] == ["Alpaca"] and deal["gets"]["cash"] == 344
    state.apply(1, Respond(True))
    assert state.lease_owner[m] == 1 and state.headgear[m]  # the HEADGEAR goes with it
    assert state.cash[:2] == [844, 156]
    assert state.phase == PRE_ROLL and state.pending() == (0,)


def test_buying_bullion_and_a_drill_report_with_an_overdraft() -> None:
    state = new()
    state.vault[2] = 100
    give_report(state, 2, "Kudu", 1)
    state.cash[0] = 50
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(2))
    state.apply(0, Offer("buy", "bullion-50", 100))
    state.apply(2, Respond(True))
    assert state.vault[0] == 50 and state.vault[2] == 50
    assert state.cash[0] == 0 and state.cash[2] == 550
    state.apply(0, Negotiate(2))
    state.apply(0, Offer("buy", "DR-Kudu", 200))
    state.apply(2, Respond(True))
    assert state.report_owner.count(0) == 1
    assert state.cash[0] == 230 - 20 and state.notes[0] == 3


def test_a_declined_offer_changes_nothing_but_uses_a_proposal() -> None:
    state = new(trade_offers_per_turn=1)
    give_mine(state, 0, "Alpaca")
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    state.apply(0, Offer("sell", "ML-Alpaca", 50))
    state.apply(1, Respond(False))
    assert state.cash[:2] == [500, 500]
    assert Negotiate(1) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="1 trade proposal"):
        state.apply(0, Negotiate(1))


def test_illegal_trades_change_nothing() -> None:
    state = new()
    give_mine(state, 0, "Alpaca")
    give_mine(state, 1, "Kudu")
    at_pre_roll(state, 0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="cannot trade with yourself"):
        state.apply(0, Negotiate(0))
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(0, Negotiate(7))
    assert fingerprint(state) == before
    state.apply(0, Negotiate(1))
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="Red has no Alpaca MINE LEASE"):
        state.apply(0, Offer("buy", "ML-Alpaca", 100))
    with pytest.raises(IllegalAction, match="you have no Kudu MINE LEASE"):
        state.apply(0, Offer("sell", "ML-Kudu", 100))
    with pytest.raises(IllegalAction, match="50, 75, 100"):
        state.apply(0, Offer("buy", "ML-Kudu", 90))
    with pytest.raises(IllegalAction, match="'sell' or to 'buy'"):
        state.apply(0, Offer("swap", "ML-Kudu", 100))
    with pytest.raises(IllegalAction, match="with its MINE LEASE"):
        state.apply(0, Offer("buy", "HG-Kudu", 100))
    with pytest.raises(IllegalAction, match="not possible now"):
        state.apply(0, Roll())
    with pytest.raises(IllegalAction, match="decision"):
        state.apply(1, Respond(True))
    assert fingerprint(state) == before
    state.apply(0, Withdraw())
    assert state.phase == PRE_ROLL


def test_anyone_may_be_offered_a_deal_cash_and_notes_are_tradable() -> None:
    state = new()
    at_pre_roll(state, 0)
    negotiations = [a for a in state.legal_actions(0) if isinstance(a, Negotiate)]
    assert negotiations == [Negotiate(1), Negotiate(2)]
    state = new(trade_offers_per_turn=0)
    at_pre_roll(state, 0)
    assert not any(isinstance(a, Negotiate) for a in state.legal_actions(0))
