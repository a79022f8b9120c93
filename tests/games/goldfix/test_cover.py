"""LIQUIDATION "any time during a player's normal turn": a payment beyond cash in one's own
turn waits while the player chooses to cover it by liquidating and / or by overdrafts."""

from typing import Any

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import BuyHeadgear, Liquidate, Move, Overdraft
from motherlode.games.goldfix.bots import HeuristicBot
from motherlode.games.goldfix.core import COVER, LOAN, PRE_ROLL
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, new, texts

BULLION_TAX_SQUARE = 10


def short_at_the_bullion_tax(cash: int = 5, **options: Any) -> GoldfixState:
    """Seat 0, with 200 kOz at GOLDFIX $1,500 and ``cash``, lands on the BULLION TAX (LOW 5%
    of $300M = $15M)."""
    state = new(**options)
    state.goldfix = 1500
    state.vault[0] = 200
    state.cash[0] = cash
    at_move(state, 0, BULLION_TAX_SQUARE - 1, (1, 6))
    state.apply(0, Move(1))
    return state


def test_a_tax_after_the_roll_is_covered_by_a_liquidation_instead_of_an_overdraft() -> None:
    state = short_at_the_bullion_tax()
    assert state.phase == COVER and state.pending() == (0,)
    assert state.cash[0] == 5 - 15
    legal = state.legal_actions(0)
    assert Overdraft() in legal and Liquidate("bullion-25", 50) in legal
    decision = state.observe(0)["decision"]
    assert isinstance(decision, dict)
    assert decision["kind"] == "cover" and decision["owed"] == 10 and decision["overdrafts"] == 1
    state.apply(0, Liquidate("bullion-25", 50))  # 50 kOz: $75M at -50% = $38M (37.5)
    assert state.cash[0] == 5 - 15 + 38 and state.notes[0] == 2
    assert state.vault[0] == 150 and state.goldfix == 1500  # a liquidation moves no GOLDFIX
    assert state.phase == PRE_ROLL and state.turn == 1  # the turn went on and ended
    assert "Blue sells 25% of the bullion to the Bank at -50%: $38M" in texts(state)


def test_a_shortfall_may_be_covered_partly_by_liquidation_then_by_overdraft() -> None:
    state = short_at_the_bullion_tax(cash=0)
    state.vault[0] = 200
    state.cash[0] = -400  # a large debt: one share of the vault is not enough
    state.apply(0, Liquidate("bullion-25", 50))
    assert state.phase == COVER and state.cash[0] == -400 + 38
    state.apply(0, Overdraft())  # $362M still owed: two $230M overdrafts
    assert state.notes[0] == 4 and state.cash[0] == -400 + 38 + 2 * money.OVERDRAFT_LOAN
    assert state.phase == PRE_ROLL and state.turn == 1


def test_a_refused_cover_changes_nothing() -> None:
    state = short_at_the_bullion_tax()
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="owes \\$10M more than his cash"):
        state.apply(0, BuyHeadgear("Alpaca"))
    with pytest.raises(IllegalAction):
        state.apply(1, Overdraft())
    assert fingerprint(state) == before


def test_the_decision_that_waits_is_asked_once_the_debt_is_covered() -> None:
    """Buying headgear beyond one's cash before rolling: cover it, then back to the
    pre-roll choices."""
    state = new()
    give_mine(state, 0, "Alpaca", headgear=False, reports=1)
    state.cash[0] = 100
    at_pre_roll(state, 0)
    state.apply(0, BuyHeadgear("Alpaca"))  # $250M
    assert state.phase == COVER
    state.apply(0, Liquidate("DR-Alpaca", 50))  # a $10M drill report: $5M
    assert state.phase == COVER and state.cash[0] == 100 - 250 + 5
    state.apply(0, Overdraft())
    assert state.phase == PRE_ROLL and state.pending() == (0,) and state.notes[0] == 3


def test_with_nothing_to_liquidate_the_overdraft_is_drawn_at_once() -> None:
    """Forced overdrafts remain only where nothing else can pay."""
    state = new()
    at_pre_roll(state, 0)
    state.cash[0] = 0  # no asset, no bullion
    state._pay(0, 50)
    assert state.cash[0] == money.OVERDRAFT_LOAN - 50 and state.notes[0] == 3
    assert not state.owes()


def test_the_interest_at_the_bank_is_paid_by_overdraft_as_the_rulebook_says() -> None:
    """ "If a player does not have enough cash to pay the annual interest he must first take
    a $230M OVERDRAFT LOAN" - even with bullion to sell."""
    state = new()
    state.vault[0] = 200
    state.cash[0] = 0
    at_move(state, 0, 39, (1, 6))
    state.apply(0, Move(1))  # lands on the BANK: $26M interest on two notes
    assert state.phase == LOAN and state.notes[0] == 3
    assert state.cash[0] == money.OVERDRAFT_LOAN - 26


def test_another_players_shortfall_is_an_overdraft_at_once() -> None:
    """Only the player whose turn it is may liquidate: a tax paid in another's turn cannot
    arise, but an auction won by someone else is paid at once with overdrafts."""
    state = new()
    state.cash[1] = 0
    state.vault[1] = 100
    state.turn = 0
    state._pay(1, 50)
    assert state.cash[1] == money.OVERDRAFT_LOAN - 50 and state.notes[1] == 3


def test_the_old_automatic_overdrafts_as_an_option() -> None:
    state = short_at_the_bullion_tax(cover_shortfalls=False)
    assert state.phase == PRE_ROLL and state.turn == 1
    assert state.notes[0] == 3 and state.cash[0] == 5 - 15 + money.OVERDRAFT_LOAN


def test_the_game_ending_while_a_debt_is_open_settles_it_by_overdraft() -> None:
    state = short_at_the_bullion_tax()
    state._finish("test")
    assert state.cash[0] == 5 - 15 + money.OVERDRAFT_LOAN and state.notes[0] == 3


def test_the_heuristic_bot_covers_with_an_overdraft_unless_bankruptcy_is_near() -> None:
    state = short_at_the_bullion_tax()
    bot = HeuristicBot(seed=1)
    assert bot.act(state, 0) == Overdraft()
    state = short_at_the_bullion_tax()
    state.notes[0] = 5  # a sixth note is the last before bankruptcy: sell to the Bank
    choice = bot.act(state, 0)
    assert isinstance(choice, Liquidate) and choice.asset.startswith("bullion")
    state.apply(0, choice)
    assert state.notes[0] == 5 and state.cash[0] >= 0
