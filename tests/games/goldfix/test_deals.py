"""GAMEPLAY DETAILS (1), "Buy / sell / trade any assets or bullion, with any other players":
deals of any bundle each way, drafted item by item, answered, countered, settled."""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction, State
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    CounterOffer,
    Get,
    Give,
    Negotiate,
    Offer,
    Propose,
    Respond,
    Roll,
    Withdraw,
)
from motherlode.games.goldfix.core import NEGOTIATE, OVER, PRE_ROLL, RESPOND
from motherlode.games.goldfix.prompt import label
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_pre_roll, give_mine, give_report, new, texts


def said(state: GoldfixState, text: str, seat: int | None = None) -> bool:
    return any(text in line for line in texts(state, seat))


def copy(state: GoldfixState) -> GoldfixState:
    clone: State = state.clone()
    assert isinstance(clone, GoldfixState)
    return clone


def check_conserved(before: GoldfixState, after: GoldfixState) -> None:
    """A deal moves things between players: the only money from outside is what the Bank
    lent as overdrafts; bullion and loan notes are only moved."""
    paid = after.bank_paid - before.bank_paid
    assert sum(after.cash) - sum(before.cash) == paid - (after.bank_took - before.bank_took)
    assert sum(after.vault) == sum(before.vault)
    assert sum(after.notes) - sum(before.notes) == after.notes_issued - before.notes_issued
    assert paid == (after.notes_issued - before.notes_issued) * money.OVERDRAFT_LOAN


def draft(state: GoldfixState, seat: int, *edits: Give | Get) -> None:
    for edit in edits:
        assert edit in state.legal_actions(seat), (edit, state.describe_decision())
        state.apply(seat, edit)


def cash(state: GoldfixState, seat: int, give: bool, amount: int) -> None:
    """Put ``amount`` $M into one side of the draft with the fewest steps."""
    kind = Give if give else Get
    for step in (100, 10, 1):
        while amount >= step:
            state.apply(seat, kind("cash", step))
            amount -= step


def bundle_table() -> GoldfixState:
    """Blue (0) owns Alpaca with its HEADGEAR and 60 kOz; Red (1) owns a Kudu report and
    $500M; Green (2) watches.  GOLDFIX $1,000: ML $25M, HG $250M, DR $10M."""
    state = new()
    give_mine(state, 0, "Alpaca")
    state.vault[0] = 60
    give_mine(state, 1, "Kudu", headgear=False)
    give_report(state, 1, "Fox", 0)
    at_pre_roll(state, 0)
    return state


def test_a_bundle_each_way_with_a_counter_offer() -> None:
    state = bundle_table()
    prices = money.asset_prices(state.goldfix)
    state.apply(0, Negotiate(1))
    assert state.phase == NEGOTIATE and state.pending() == (0,)
    draft(state, 0, Give("ML-Alpaca", 1), Give("bullion", 10), Give("bullion", 10))
    draft(state, 0, Get("DR-Fox", 1), Get("ML-Kudu", 1))
    cash(state, 0, False, 120)
    state.apply(0, Propose())
    assert state.phase == RESPOND and state.pending() == (1,)
    seen = [state.observe(s)["decision"] for s in (None, 0, 1, 2)]
    assert all(d == seen[0] for d in seen)  # deals at the table are public
    deal = seen[0]["deal"]
    alpaca = prices.mine_lease + prices.headgear
    assert deal["gives"] == {
        "seat": 0,
        "mine_leases": ["Alpaca"],
        "drill_reports": [],
        "bullion": 20,
        "cash": 0,
        "notes": 0,
        "value": alpaca + 20,
        "overdrafts": 0,
        "gain": prices.mine_lease + prices.drill_report + 120 - alpaca - 20,
    }
    assert deal["gets"]["drill_reports"] == ["Fox"] and deal["gets"]["cash"] == 120
    assert deal["gets"]["gain"] == -deal["gives"]["gain"]
    assert deal["proposed"] and deal["proposals"] == 1 and deal["rounds"] == 3
    assert said(
        state,
        "Blue proposes to Red: Blue gives the MINE LEASE of Alpaca (with HEADGEAR) + 20 kOz",
        2,
    )

    # Red counters: he keeps the Kudu lease and pays $100M
    assert state.legal_actions(1) == [Respond(False), Respond(True), CounterOffer()]
    state.apply(1, CounterOffer())
    assert state.phase == NEGOTIATE and state.pending() == (1,)
    with pytest.raises(IllegalAction, match="must change the terms"):
        state.apply(1, Propose())
    draft(state, 1, Give("ML-Kudu", -1), Give("cash", -10), Give("cash", -10))
    state.apply(1, Propose())
    assert state.pending() == (0,)
    before = copy(state)
    assert said(
        state,
        "Red counters to Blue: Red gives a DRILL REPORT of Fox + $100M; "
        "Blue gives the MINE LEASE of Alpaca",
    )
    state.apply(0, Respond(True))
    assert state.phase == PRE_ROLL and state.pending() == (0,)
    m = state.board.mine_number
    assert state.lease_owner[m("Alpaca")] == 1 and state.headgear[m("Alpaca")]
    assert state.lease_owner[m("Kudu")] == 1
    assert state.report_owner[2 * m("Fox")] == 0
    assert state.vault[:2] == [40, 20] and state.cash[:2] == [600, 400]
    assert state.deals_made == 1 and state.deals_proposed == 2 and state.offers_left == 2
    check_conserved(before, state)


def test_the_rounds_bound_ends_the_haggling() -> None:
    state = bundle_table()
    state.apply(0, Negotiate(1))
    draft(state, 0, Give("bullion", 10))
    state.apply(0, Propose())
    for seat in (1, 0):  # two counters: proposals 2 and 3 of 3
        state.apply(seat, CounterOffer())
        draft(state, seat, Get("cash", 1) if seat == 1 else Give("cash", 1))
        state.apply(seat, Propose())
    assert state.pending() == (1,)
    assert state.legal_actions(1) == [Respond(False), Respond(True)]
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="had its 3 proposal"):
        state.apply(1, CounterOffer())
    assert fingerprint(state) == before
    state.apply(1, Respond(False))
    assert state.phase == PRE_ROLL and state.vault[0] == 60 and state.deals_made == 0


def test_the_edits_bound_leaves_propose_and_withdraw() -> None:
    state = new(deal_edits=3)
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(2))
    draft(state, 0, Give("cash", 1), Give("cash", 1), Give("cash", -1))
    assert state.legal_actions(0) == [Propose(), Withdraw()]
    with pytest.raises(IllegalAction, match="had its 3 changes"):
        state.apply(0, Give("cash", 1))
    state.apply(0, Withdraw())
    assert state.phase == PRE_ROLL and state.offers_left == 2


def test_loan_notes_change_hands_with_their_debt() -> None:
    state = new()
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    draft(state, 0, Give("notes", 1), Give("notes", 1), Give("cash", 100), Give("cash", 100))
    with pytest.raises(IllegalAction, match="you have 2 LOAN NOTE"):
        state.apply(0, Give("notes", 1))
    state.apply(0, Propose())
    assert label(state, 1, Respond(True)) == "your net worth −$300M at GOLDFIX $1,000"
    before = copy(state)
    state.apply(1, Respond(True))
    assert state.notes[:2] == [0, 4] and state.cash[:2] == [300, 700]
    assert state.net_worth(0) == 300 and state.net_worth(1) == -300
    check_conserved(before, state)


def test_a_buyer_short_of_cash_draws_overdrafts_and_no_deal_bankrupts() -> None:
    state = bundle_table()
    state.cash[1] = 50
    state.apply(0, Negotiate(1))
    draft(state, 0, Give("ML-Alpaca", 1))
    cash(state, 0, False, 200)
    state.apply(0, Propose())
    decision = state.observe(1)["decision"]
    assert decision["deal"]["gets"]["overdrafts"] == 1
    assert label(state, 1, Respond(True)) == (
        "your net worth +$55M at GOLDFIX $1,000, 1 overdraft loan"
    )
    before = copy(state)
    state.apply(1, Respond(True))
    assert state.notes[1] == 3 and state.cash[1] == 50 + 230 - 200 and state.cash[0] == 700
    check_conserved(before, state)
    # nobody may be drafted past six LOAN NOTES, overdrafts included
    state.notes[1] = 6
    state.apply(0, Negotiate(1))
    assert Get("cash", 100) not in state.legal_actions(0)
    assert Get("cash", 10) in state.legal_actions(0)  # $80M: no overdraft needed yet
    with pytest.raises(IllegalAction, match="more than six LOAN NOTES"):
        state.apply(0, Get("cash", 100))
    with pytest.raises(IllegalAction, match="more than six LOAN NOTES"):
        state.apply(0, Give("notes", 1))


def test_illegal_drafts_change_nothing_and_say_why() -> None:
    state = bundle_table()
    state.apply(0, Negotiate(1))
    draft(state, 0, Give("cash", 10))
    before = fingerprint(state)
    cases = [
        (Give("HG-Alpaca", 1), "cannot be in a deal: write ML-<mine> \\(with its HEADGEAR\\)"),
        (Give("ML-Kudu", 1), "you have no Kudu MINE LEASE"),
        (Get("ML-Alpaca", 1), "Red has no Alpaca MINE LEASE"),
        (Get("DR-Fox", -1), "holds only 0 of DR-Fox"),
        (Give("ML-Alpaca", 2), "changes by 1, -1"),
        (Give("cash", 5), "changes by 1, 10, 100, -1, -10, -100"),
        (Get("cash", 1), "cash goes one way in a deal"),
        (Give("bullion", 100), "you have 60 kOz of bullion"),
        (Respond(True), "not possible now"),
        (Roll(), "not possible now"),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(0, action)
    with pytest.raises(IllegalAction):
        state.apply(1, Give("cash", 1))  # not his decision
    assert fingerprint(state) == before
    draft(state, 0, Give("ML-Alpaca", 1))
    with pytest.raises(IllegalAction, match="already in the deal"):
        state.apply(0, Give("ML-Alpaca", 1))
    draft(state, 0, Give("ML-Alpaca", -1), Give("cash", -10))
    with pytest.raises(IllegalAction, match="the deal is empty"):
        state.apply(0, Propose())


def test_a_withdrawn_counter_is_no_deal_and_the_turn_goes_on() -> None:
    state = bundle_table()
    state.apply(0, Negotiate(2))
    draft(state, 0, Give("bullion", 10))
    state.apply(0, Propose())
    state.apply(2, CounterOffer())
    state.apply(2, Withdraw())
    assert state.phase == PRE_ROLL and state.pending() == (0,) and state.vault[0] == 60
    assert said(state, "Green makes no counter-offer: no deal")
    assert state.observe(None)["decision"]["kind"] == "pre-roll"


def test_the_quick_offer_opens_an_empty_deal_only() -> None:
    state = bundle_table()
    state.apply(0, Negotiate(1))
    assert Offer("buy", "DR-Fox", 150) in state.legal_actions(0)
    draft(state, 0, Give("cash", 1))
    assert not any(isinstance(a, Offer) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="quick offer opens an empty deal"):
        state.apply(0, Offer("buy", "DR-Fox", 150))
    draft(state, 0, Give("cash", -1))
    state.apply(0, Offer("buy", "DR-Fox", 150))  # $10M x 1.5
    deal = state.observe(1)["decision"]["deal"]
    assert deal["gives"]["cash"] == 15 and deal["gets"]["drill_reports"] == ["Fox"]


def test_a_deal_can_make_the_winner() -> None:
    state = new(winner=600)
    state.notes[1] = 0
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    cash(state, 0, True, 100)
    state.apply(0, Propose())
    state.apply(1, Respond(True))
    assert state.phase == OVER and state.winner == 1
    assert "Red has $600M and no loan notes" in state.end_reason


def test_notes_given_away_make_room_for_the_overdrafts_a_payment_needs() -> None:
    """Blue, at six notes with no cash, hands Red two notes with $300M: after the deal he
    holds four, and the two $230M overdrafts that pay it bring him back to six."""
    state = new()
    state.notes[0], state.cash[0] = 6, 0
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    assert Give("cash", 1) not in state.legal_actions(0)  # a seventh note: refused
    draft(state, 0, Give("notes", 1), Give("notes", 1))
    cash(state, 0, True, 300)
    state.apply(0, Propose())
    state.apply(1, Respond(True))
    assert state.notes[:2] == [6, 4] and state.cash[:2] == [2 * 230 - 300, 800]
    assert state.active[0]
