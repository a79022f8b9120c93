"""2 - TRANSACTIONS and "Special situations during the transactions"."""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goodwill.actions import Partner, Price
from motherlode.games.goodwill.components import AMBER, BLACK
from motherlode.games.goodwill.transactions import Deal, average_price, match_prices
from tests.games.goodwill.helpers import deal_shares, money, new, set_prices


def test_transaction_example_amber_share_sold_for_13() -> None:
    """TRANSACTION, example for Amber: $10, $12, $14, $16 - Player 1 sells to Player 4 for $13."""
    state = new(4, seed=1)
    deal_shares(state, AMBER, [3, 3, 2, 2])
    set_prices(state, [10, 12, 14, 16])
    assert state.cash == [113, 100, 100, 87]
    assert [row[AMBER] for row in state.shares] == [2, 3, 2, 3]
    assert state.last_trades == ((3, 0),)
    # "Don't forget to do a second transaction"
    assert state.phase == "price" and state.transaction == 1 and state.company == AMBER


def test_special_situations_example_1() -> None:
    """Player 1 ($10) has no share; Player 3 ($10) chooses to sell to Player 4 or 5 ($16)."""
    state = new(5, seed=1)
    deal_shares(state, AMBER, [0, 3, 3, 2, 2])
    set_prices(state, [10, 12, 10, 16, 16])
    assert state.phase == "partner"
    assert state.pending() == (2,)
    assert state.legal_actions(2) == [Partner(4), Partner(5)]
    assert state.observe(0)["partner_choice"] == {
        "chooser": 2,
        "chooses": "buyer",
        "candidates": [3, 4],
        "waiting": [],
        "price": 13,
    }
    state.apply(2, Partner(5))
    assert state.cash == [100, 100, 113, 100, 87]
    assert [row[AMBER] for row in state.shares] == [0, 3, 2, 2, 3]
    assert state.phase == "price" and state.transaction == 1


def test_special_situations_example_2() -> None:
    """Player 5 ($18) only has $6: excluded; Players 3 and 4 buy from Players 1 and 2 at $13."""
    state = new(5, seed=1)
    deal_shares(state, AMBER, [2, 2, 2, 2, 2])
    state.cash[4] = 6
    set_prices(state, [10, 10, 16, 16, 18])
    assert state.cash == [113, 113, 87, 87, 6]
    assert [row[AMBER] for row in state.shares] == [1, 1, 3, 3, 2]
    assert state.last_deal == Deal(13, (2, 3), (0, 1), (4,))


def test_low_marketers_are_the_lowest_among_shareholders() -> None:
    deal = match_prices([1, 20, 8, 30], [False, True, True, True], [100] * 4)
    assert deal == Deal(19, (3,), (2,), ())


def test_the_average_price_is_rounded_down() -> None:
    assert average_price(16, 10) == 13
    assert average_price(15, 10) == 12
    deal = match_prices([10, 15, 0], [True, True, True], [100] * 3)
    assert deal is not None and deal.price == 7


def test_several_lows_one_high_the_buyer_chooses_a_seller() -> None:
    state = new(4, seed=1)
    deal_shares(state, BLACK, [3, 3, 2, 2])
    state.company = BLACK
    set_prices(state, [9, 9, 20, 9])
    assert state.phase == "partner" and state.pending() == (2,)
    assert state.legal_actions(2) == [Partner(1), Partner(2), Partner(4)]
    assert state.observe(None)["partner_choice"]["chooses"] == "seller"
    state.apply(2, Partner(4))
    assert [row[BLACK] for row in state.shares] == [3, 3, 3, 1]
    assert state.cash == [100, 100, 86, 114]


def test_a_player_can_only_be_chosen_once() -> None:
    """Two lows, three highs: the lows choose in seat order, each buyer chosen once."""
    state = new(5, seed=1)
    deal_shares(state, AMBER, [2, 2, 2, 2, 2])
    set_prices(state, [20, 5, 5, 20, 20])
    assert state.pending() == (1,)
    assert state.legal_actions(1) == [Partner(1), Partner(4), Partner(5)]
    state.apply(1, Partner(4))
    assert state.pending() == (2,)
    assert state.legal_actions(2) == [Partner(1), Partner(5)]
    with pytest.raises(IllegalAction, match="not a possible partner"):
        state.apply(2, Partner(4))
    state.apply(2, Partner(1))
    assert [row[AMBER] for row in state.shares] == [3, 1, 1, 3, 2]
    assert state.cash == [88, 112, 112, 88, 100]
    assert state.phase == "price" and state.transaction == 1


def test_high_marketers_without_the_cash_are_excluded() -> None:
    """Only the high marketers who can pay the average price buy."""
    deal = match_prices([30, 30, 10, 12], [True] * 4, [19, 100, 100, 100])
    assert deal == Deal(20, (1,), (2,), (0,))


def test_the_resolution_is_redone_until_a_high_marketer_can_pay() -> None:
    deal = match_prices([38, 30, 20, 0], [False, False, False, True], [5, 10, 100, 100])
    # 38 -> $19 (Player 1 excluded), 30 -> $15 (Player 2 excluded), 20 -> $10.
    assert deal == Deal(10, (2,), (3,), (0, 1))


def test_nobody_trades_when_the_high_price_is_the_low_price() -> None:
    """A player cannot trade with itself (docs/goodwill.md)."""
    assert match_prices([12, 12, 12], [True, True, True], [100] * 3) is None
    assert match_prices([12, 12, 3], [True, False, False], [100] * 3) is None
    # ... nor when every player who could still pay is priced at the holders' price.
    assert match_prices([30, 12, 12], [False, True, True], [0, 100, 100]) is None


def test_a_transaction_with_nobody_trading_still_counts() -> None:
    state = new(3, seed=1)
    deal_shares(state, AMBER, [4, 3, 3])
    set_prices(state, [12, 12, 12])
    assert state.last_deal is None and state.transaction == 1
    assert state.cash == [100, 100, 100]


def test_spectators_neither_buy_nor_sell() -> None:
    state = new(6, seed=4)
    deal_shares(state, AMBER, [2, 2, 2, 2, 1, 1])
    set_prices(state, [11, 4, 13, 38, 20, 17])
    assert state.cash == [100, 121, 100, 79, 100, 100]


def test_two_transactions_then_the_boss_replacement() -> None:
    state = new(3, seed=1)
    deal_shares(state, AMBER, [4, 0, 6])
    before = money(state)
    set_prices(state, [10, 20, 5])
    set_prices(state, [10, 20, 5])
    assert [row[AMBER] for row in state.shares] == [4, 2, 4]
    assert money(state) == before
    assert state.phase == "propose" and state.pending() == (0,)


def test_prices_are_limited_to_the_wheels() -> None:
    state = new(3, seed=1)
    with pytest.raises(IllegalAction, match=r"\$0 to \$38"):
        state.apply(0, Price(39))
    with pytest.raises(IllegalAction, match="no boss may be proposed"):
        state.apply(0, state.game.parse_action("pass"))
    state.apply(0, Price(38))
    with pytest.raises(IllegalAction, match="already decided"):
        state.apply(0, Price(3))


def test_assessment_example_shares_worth_11_and_10_at_the_start() -> None:
    """TRANSACTION, the assessment: "at the beginning of the game, Black and Crimson share
    are worth 100/10 so it is $10 and Amber shares are worth 110/10 so it is $11"."""
    state = new(4, seed=1)
    assert [state.share_value(c) for c in range(3)] == [11, 10, 10]
    assert [c["share_value"] for c in state.observe(None)["companies"]] == [11, 10, 10]


def test_the_trade_button_names_the_partner_the_table_calls_by_that_number() -> None:
    from motherlode.games.goodwill.words import words

    state = new(5)
    # Partner(4) is Player 4 (seat 3), as the table numbers players from 1
    assert words(state, 2, Partner(4)) == f"Trade with {state.seat_name(3)}"
