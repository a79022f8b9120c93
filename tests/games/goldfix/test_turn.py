"""Setup, options, the order of play, the dice, production, taxes and banking."""

import pytest

from motherlode.engine import BadOptions, IllegalAction
from motherlode.games.goldfix import GAME, money
from motherlode.games.goldfix.actions import (
    BuyHeadgear,
    Liquidate,
    Loan,
    Move,
    Negotiate,
    Overdraft,
    Repay,
    Roll,
)
from motherlode.games.goldfix.core import COVER, LOAN, MOVE, PRE_ROLL, SELL
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import (
    at_move,
    at_pre_roll,
    give_mine,
    give_report,
    last_texts,
    new,
)

# ------------------------------------------------------------------------- setup


def test_setup_banking_start() -> None:
    """BANKING: $500M cash and two $250M LOAN NOTES each; GOLDFIX $1,000; tax LOW."""
    state = new(5)
    assert state.cash == [500] * 5
    assert state.notes == [2] * 5
    assert state.vault == [0] * 5
    assert state.goldfix == 1000 and state.tax == "LOW"
    assert state.position == [0] * 5
    assert (len(state.lease_deck), len(state.report_deck), len(state.risk_deck)) == (18, 36, 36)
    assert state.pending() == (0,) and state.phase == PRE_ROLL
    assert [state.seat_name(s) for s in range(5)] == ["Blue", "Red", "Green", "Cyan", "Purple"]


def test_setup_decks_are_shuffled_by_the_seed() -> None:
    assert new(3, seed=1).lease_deck.cards != new(3, seed=2).lease_deck.cards
    assert new(3, seed=1).risk_deck.cards == new(3, seed=1).risk_deck.cards


def test_quickstart() -> None:
    """QUICKSTART: one MINE LEASE and its HEADGEAR each, for $275M."""
    state = new(4, quickstart=True)
    assert state.cash == [225] * 4
    for seat in range(4):
        leases = [m for m, owner in enumerate(state.lease_owner) if owner == seat]
        assert len(leases) == 1 and state.headgear[leases[0]]
        assert state.net_worth(seat) == 0
    assert len(state.lease_deck) == 14


def test_tabletopia_no_auctions_preset() -> None:
    """TABLETOPIA NO AUCTIONS: QUICKSTART, cards dealt at the minimum bid, 10% commissions."""
    options = GAME.options({"tabletopia": "no-auctions"})
    assert options.effective_quickstart  # type: ignore[attr-defined]
    assert options.effective_auction_level == "EZ2"  # type: ignore[attr-defined]
    assert options.effective_fixed_commissions  # type: ignore[attr-defined]
    assert new(3, tabletopia="no-auctions").cash == [225] * 3


def test_options_are_validated() -> None:
    with pytest.raises(BadOptions, match="auction_level"):
        GAME.options({"auction_level": "C"})
    with pytest.raises(BadOptions, match="EZ2"):
        GAME.options({"tabletopia": "no-auctions", "auction_level": "B"})
    with pytest.raises(BadOptions, match="EZ2"):
        GAME.options({"tabletopia": "timed-auctions", "auction_level": "EZ2"})
    with pytest.raises(BadOptions, match="auction_timer"):
        GAME.options({"auction_timer": 25})
    with pytest.raises(BadOptions, match="winner"):
        GAME.options({"winner": 10})
    with pytest.raises(BadOptions):
        GAME.new_state(2)
    assert GAME.options({"tabletopia": "timed-auctions"}).timed_auctions  # type: ignore[attr-defined]


def test_timed_auctions_show_the_timer() -> None:
    state = new(3, tabletopia="timed-auctions", auction_timer=20)
    assert state.observe(0)["auction_timer"] == 20
    assert "auction_timer" not in new(3).observe(0)


# ------------------------------------------------------------------ order of play


def test_dice_roll_example_3_and_5() -> None:
    """DICE ROLL: "throws both (3), and (5), he could move either, (3), (5) or ... (8)"."""
    state = new()
    at_move(state, 0, 0, (3, 5))
    assert state.legal_actions(0) == [Move(3), Move(5), Move(8)]
    at_move(state, 0, 0, (4, 4))
    assert state.legal_actions(0) == [Move(4), Move(8)]
    with pytest.raises(IllegalAction, match="move 4 or 8"):
        state.apply(0, Move(5))


def test_rolling_asks_how_to_move() -> None:
    state = new()
    state.apply(0, Roll())
    assert state.phase == MOVE and state.dice is not None
    a, b = state.dice
    assert state.legal_actions(0) == [Move(n) for n in sorted({a, b, a + b})]


def test_order_of_play_later_steps_close_earlier_ones() -> None:
    """GAMEPLAY DETAILS: (1) trade, (2) liquidate, (3) repay, (4) headgear, (5) HOLD."""
    state = new()
    give_mine(state, 0, "Alpaca", headgear=False)
    give_mine(state, 1, "Kudu")
    state.cash[0] = 1000
    at_pre_roll(state, 0)
    legal = state.legal_actions(0)
    assert Negotiate(1) in legal and Repay() in legal and BuyHeadgear("Alpaca") in legal
    state.apply(0, Repay())
    assert state.notes[0] == 1 and state.cash[0] == 750
    with pytest.raises(IllegalAction, match="too late for \\(1\\) trading"):
        state.apply(0, Negotiate(1))
    state.apply(0, BuyHeadgear("Alpaca"))
    with pytest.raises(IllegalAction, match="too late for \\(3\\) repaying"):
        state.apply(0, Repay())
    assert Liquidate("ML-Alpaca", 50) in state.legal_actions(0)  # "any time"


def test_headgear_needs_the_mine_lease_and_one_per_lease() -> None:
    state = new()
    give_mine(state, 0, "Alpaca")
    at_pre_roll(state, 0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="must own the Kudu MINE LEASE"):
        state.apply(0, BuyHeadgear("Kudu"))
    with pytest.raises(IllegalAction, match="already has its HEADGEAR"):
        state.apply(0, BuyHeadgear("Alpaca"))
    with pytest.raises(IllegalAction, match="no mine called"):
        state.apply(0, BuyHeadgear("Unicorn"))
    assert fingerprint(state) == before


def test_headgear_costs_the_goldfix_price_with_an_overdraft_if_needed() -> None:
    state = new()
    give_mine(state, 0, "Alpaca", headgear=False)
    state.goldfix = 1400
    state.cash[0] = 100
    at_pre_roll(state, 0)
    state.apply(0, BuyHeadgear("Alpaca"))
    assert state.headgear[state.board.mine_number("Alpaca")]
    assert state.phase == COVER and state.cash[0] == 100 - 450  # his choice how to cover it
    state.apply(0, Overdraft())
    assert state.notes[0] == 4 and state.cash[0] == 100 + 2 * 230 - 450
    assert state.phase == PRE_ROLL


# ---------------------------------------------------------------- BULLION PRODUCTION


def test_gameplay_details_example_fox_is_before_the_bullion_tax() -> None:
    """GAMEPLAY DETAILS example: 50 kOz, on EAGLE, owns FOX, rolls 4: collects 30 kOz from
    FOX, then pays BULLION TAX on 80 kOz, before selling at the BULLION MARKET."""
    state = new()
    give_mine(state, 0, "Fox")
    state.vault[0] = 50
    at_move(state, 0, 8, (4, 6))
    state.apply(0, Move(4))
    log = last_texts(state, 4)
    assert "collects 30 kOz from Fox" in log
    assert "BULLION TAX 5% on 80 kOz: $4M" in log
    assert log.index("Fox") < log.index("BULLION TAX")
    assert state.cash[0] == 496 and state.vault[0] == 80
    assert state.position[0] == 12 and state.phase == SELL  # then he sells


def test_gameplay_details_example_grizzly_is_after_the_bullion_tax() -> None:
    """... owning GRIZZLY (not FOX) and throwing 5: 30 kOz and the 100 kOz BONUS, but
    BULLION TAX only on the original 50 kOz."""
    state = new()
    give_mine(state, 0, "Grizzly")
    state.vault[0] = 50
    at_move(state, 0, 8, (5, 6))
    state.apply(0, Move(5))
    log = last_texts(state, 4)
    assert "BULLION TAX 5% on 50 kOz: $3M" in log
    assert "collects 130 kOz from Grizzly (with the 100 kOz BONUS)" in log
    assert state.cash[0] == 497 and state.vault[0] == 180


def test_production_uses_the_dice_value_used_and_matching_reports() -> None:
    state = new()
    give_mine(state, 0, "Alpaca", reports=2)
    give_mine(state, 0, "Buffalo", reports=1)
    give_mine(state, 0, "Cheetah", headgear=False)
    give_report(state, 1, "Dingo")
    give_mine(state, 0, "Dingo")
    at_move(state, 0, 0, (5, 6))
    state.apply(0, Move(11))
    # passes Alpaca (2 DR: 200), Buffalo (1 DR: 90), Cheetah (no HG: 0), Dingo (0 of its
    # DRs: 40), Eagle, Fox, the tax corner; lands on the DR AUCTION
    assert state.vault[0] == 200 + 90 + 40
    state = new()
    give_mine(state, 0, "Alpaca", reports=1)
    at_move(state, 0, 0, (1, 6))
    state.apply(0, Move(1))
    assert state.vault[0] == 60 + 100  # landing on one's own mine


def test_opponent_landing_gives_the_owner_50_from_the_bank() -> None:
    state = new()
    give_mine(state, 1, "Alpaca")
    give_mine(state, 2, "Buffalo", headgear=False)
    at_move(state, 0, 0, (1, 3))
    state.apply(0, Move(1))
    assert state.vault == [0, 50, 0]
    state._start_turn(0)
    at_move(state, 0, 1, (2, 6))
    state.apply(0, Move(2))  # Buffalo has no HEADGEAR: not in production
    assert state.vault == [0, 50, 0]


# --------------------------------------------------------------------- GOLDFIX LADDER


def test_goldfix_squares_raise_it_to_at_most_2000() -> None:
    state = new()
    at_move(state, 0, 0, (2, 6))
    state.apply(0, Move(2))
    assert state.goldfix == 1100
    state.goldfix = 2000
    at_move(state, 1, 12, (2, 6))
    state.apply(1, Move(2))
    assert state.goldfix == 2000


# ------------------------------------------------------------------------- BANKING


def test_banking_interest_then_the_annual_loan_when_passing() -> None:
    state = new()
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))
    assert state.phase == LOAN and state.loan_cash == money.ANNUAL_LOAN
    assert state.cash[0] == 500 - 26  # $13M on each of two notes, before any new loan
    assert state.circuits[0] == 1
    state.apply(0, Loan(True))
    assert state.notes[0] == 3 and state.cash[0] == 474 + 250
    assert state.position[0] == 2 and state.goldfix == 1100  # the move carried on


def test_banking_discount_loan_when_landing() -> None:
    state = new()
    at_move(state, 0, 36, (4, 6))
    state.apply(0, Move(4))
    assert state.loan_cash == money.DISCOUNT_LOAN
    state.apply(0, Loan(True))
    assert state.cash[0] == 474 + 260
    assert state.pending() == (1,)


def test_banking_interest_follows_tax_rate_or_option() -> None:
    state = new()
    state.tax = "HIGH"
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))
    assert state.cash[0] == 450
    state = new(loan_interest=20)
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))
    assert state.cash[0] == 400


def test_banking_interest_overdraft_first_and_no_seventh_note_by_choice() -> None:
    """ "If a player does not have enough cash to pay the annual interest he must first
    take a $230M OVERDRAFT LOAN"; no voluntary loan makes a seventh note."""
    state = new()
    state.cash[0] = 10
    state.notes[0] = 5
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))
    assert state.notes[0] == 6 and state.cash[0] == 10 + 230 - 65
    assert state.phase != LOAN  # six notes: no new loan is offered


def test_banking_seven_notes_is_bankrupt() -> None:
    state = new(4)
    give_mine(state, 0, "Alpaca", reports=1)
    state.vault[0] = 100
    state.cash[0] = 0
    state.notes[0] = 6
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))  # interest $78M on six notes: a seventh note
    assert not state.active[0]
    assert state.cash[0] == 0 and state.vault[0] == 0 and state.notes[0] == 0
    assert 0 not in state.lease_owner and 0 not in state.report_owner
    assert state.lease_deck.cards[-1] == state.board.mine_number("Alpaca")
    assert state.pending() == (1,)
    assert "BANKRUPT" in last_texts(state)
    assert state.ranking()[-1] == (0,)


def test_banking_repay_needs_cash_and_a_note() -> None:
    state = new()
    state.cash[0] = 200
    at_pre_roll(state, 0)
    assert Repay() not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="takes \\$250M cash"):
        state.apply(0, Repay())
    state.notes[0] = 0
    state.cash[0] = 900
    with pytest.raises(IllegalAction, match="no LOAN NOTES"):
        state.apply(0, Repay())


# --------------------------------------------------------------------------- TAXES


def test_taxes_on_passing_and_landing() -> None:
    state = new()
    state.vault[0] = 100
    state.goldfix = 1500
    at_move(state, 0, 8, (2, 6))
    state.apply(0, Move(2))  # lands on BULLION TAX: 5% of $150M
    assert state.cash[0] == 492
    state = new()
    give_mine(state, 0, "Puma")
    state.cash[0] = 1000
    at_move(state, 0, 28, (3, 6))
    state.apply(0, Move(3))  # passes CORPORATION TAX: 5% of (1000 - 500) + 275
    assert state.cash[0] == 1000 - 39


def test_tax_budget_day_toggles_when_landed_on_not_when_passed() -> None:
    state = new()
    at_move(state, 0, 16, (2, 6))
    state.apply(0, Move(2))
    assert state.tax == "HIGH"
    at_move(state, 1, 16, (3, 6))
    state.apply(1, Move(3))
    assert state.tax == "HIGH"
    at_move(state, 2, 17, (1, 6))
    state.apply(2, Move(1))
    assert state.tax == "LOW"
