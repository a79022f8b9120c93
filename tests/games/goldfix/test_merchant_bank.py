"""MERCHANT BANK (p14): the takeover bid, its dice, counter-takeovers, the example."""

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goldfix.actions import Counter, Move, Nominate, Overdraft
from motherlode.games.goldfix.core import COUNTER, COVER, NOMINATE
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import LoadedDice, at_move, give_mine, give_report, new


def alpaca_example(*dice: int) -> tuple[GoldfixState, int]:
    """The rulebook's example: GOLDFIX $1,200; Player #1 owns the Alpaca MINE LEASE and
    HEADGEAR, #2 and #3 one DRILL REPORT each; the landing player (here Cyan) bids."""
    state = new(4)
    state.goldfix = 1200
    alpaca = give_mine(state, 0, "Alpaca")
    give_report(state, 1, "Alpaca", 0)
    give_report(state, 2, "Alpaca", 1)
    at_move(state, 3, 27, (1, 6))
    state.apply(3, Move(1))
    assert state.phase == NOMINATE
    state.rng = LoadedDice(*dice)
    return state, alpaca


def test_merchant_bank_example_alpaca_at_goldfix_1200() -> None:
    """Red 4: a successful takeover at 2x: $770M to #1 (2 x $35M + 2 x $350M) and $40M
    (2 x $20M) to each of #2 and #3, after the $10M fee."""
    state, alpaca = alpaca_example(4, 2)
    state.apply(3, Nominate("Alpaca"))
    for owner in (0, 1, 2):  # every threatened owner may counter; none does
        assert state.phase == COUNTER and state.pending() == (owner,)
        state.apply(owner, Counter(False))
    # $850M to pay with $490M: he chooses how to cover it (he could liquidate); overdrafts
    assert state.phase == COVER and state.pending() == (3,)
    assert state.cash[3] == 500 - 10 - 850
    state.apply(3, Overdraft())
    assert state.cash == [500 + 770, 500 + 40, 500 + 40, 500 - 10 + 2 * 230 - 850]
    assert state.notes[3] == 4  # two overdraft loans paid for it
    assert state.lease_owner[alpaca] == 3 and state.headgear[alpaca]
    assert state.report_owner[2 * alpaca : 2 * alpaca + 2] == [3, 3]


@pytest.mark.parametrize(("red", "black"), [(4, 4), (1, 5), (2, 6), (3, 1), (6, 6)])
def test_equal_dice_or_red_1_to_3_fail_and_the_fee_is_kept(red: int, black: int) -> None:
    state, alpaca = alpaca_example(red, black)
    state.apply(3, Nominate("Alpaca"))
    assert state.cash[3] == 490 and state.lease_owner[alpaca] == 0
    assert state.pending() == (0,)  # the turn is over


@pytest.mark.parametrize(("red", "times"), [(5, 1.0), (6, 0.5)])
def test_red_5_and_6_pay_1x_and_half(red: int, times: float) -> None:
    state, _ = alpaca_example(red, 1)
    state.apply(3, Nominate("Alpaca"))
    for owner in (0, 1, 2):
        state.apply(owner, Counter(False))
    assert state.cash[0] == 500 + round(385 * times + 0.01)
    assert state.cash[1] == 500 + int(20 * times)


def test_a_counter_takeover_matching_the_red_die_fails_the_takeover() -> None:
    state, alpaca = alpaca_example(5, 2, 3, 5)
    state.apply(3, Nominate("Alpaca"))
    state.apply(0, Counter(True))  # black 3: no match
    assert state.pending() == (1,)
    state.apply(1, Counter(True))  # black 5 = red 5: the takeover has failed
    assert state.cash[:2] == [490, 490]
    assert state.lease_owner[alpaca] == 0 and state.report_owner[2 * alpaca] == 1
    assert state.pending() == (0,)


def test_only_mines_in_play_may_be_nominated_and_the_bid_is_optional() -> None:
    state, _ = alpaca_example(4, 2)
    assert state.legal_actions(3) == [Nominate(None), Nominate("Alpaca")]
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="Kudu is not in play"):
        state.apply(3, Nominate("Kudu"))
    assert fingerprint(state) == before
    state.apply(3, Nominate(None))
    assert state.cash[3] == 500 and state.pending() == (0,)


def test_no_mine_in_play_no_takeover() -> None:
    state = new(3)
    give_mine(state, 0, "Kudu")
    at_move(state, 0, 27, (1, 6))
    state.apply(0, Move(1))  # only his own mine is owned
    assert state.pending() == (1,)
