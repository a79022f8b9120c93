"""4 - END OF THE YEAR, bankruptcy, Dividends, END OF THE GAME and Cash only."""

from __future__ import annotations

import pytest

from motherlode.games.goodwill import results
from motherlode.games.goodwill.actions import PASS
from motherlode.games.goodwill.components import AMBER, BLACK, CRIMSON
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import boss, deal_shares, new, set_prices


def at_year_end(players: int = 4, **options: object) -> GoodwillState:
    """A game with bosses Edgar ($5), Bobby ($10, dividends), Clark ($8) running A, B, C."""
    state = new(players, seed=21, **options)
    state.boss = [boss("Edgar"), boss("Bobby"), boss("Clark")]
    return state


def test_calculation_of_the_result_example_amber_30_25_5() -> None:
    """Amber: 30 % - $25 of resources (2 oil at $5, workers at $15) - $5 wage = 0."""
    state = at_year_end()
    state.resource_price = [5, 10, 15]
    state.resources[AMBER] = [2, 0, 1]
    assert results.resource_cost(state, AMBER) == 25
    assert results.company_result(state, AMBER) == 0
    results.year_results(state)
    assert state.capital[AMBER] == 110  # nothing happens


def test_calculation_of_the_result_example_black_35_35_10() -> None:
    """Black: 35 % - $35 (2 coal at $10, workers at $15) - $10 wage = -10, paid from capital."""
    state = at_year_end()
    state.resource_price = [5, 10, 15]
    state.resources[BLACK] = [0, 2, 1]
    assert results.company_result(state, BLACK) == -10
    results.year_results(state)
    assert state.capital[BLACK] == 90


def test_a_profit_is_paid_by_the_bank_to_the_capital() -> None:
    state = at_year_end()
    state.resource_price = [0, 0, 0]
    results.year_results(state)
    assert state.capital == [110 + 25, 100 + 25, 100 + 27]
    assert state.bank == -77


def test_bankruptcy_at_the_end_of_the_year() -> None:
    """Shares worth 0 and taken back, boss to the bottom, market shares shared 50/50."""
    state = at_year_end()
    state.resource_price = [25, 25, 25]
    state.capital = [110, 100, 30]
    state.market = [30, 35, 35]
    results.year_results(state)
    # every company loses $45-$55; Crimson (35 - 75 - 8 = -48) cannot pay from $30.
    assert state.bankrupt == [False, False, True]
    assert state.capital == [110 - 50, 100 - 50, 0]
    assert all(row[CRIMSON] == 0 for row in state.shares)
    assert state.boss[CRIMSON] is None and state.boss_deck[-1] == boss("Clark")
    # 35 % shared fifty-fifty: 15 % each, the five left to the highest market share.
    assert state.market == [45, 55, 0]
    assert state.share_value(CRIMSON) == 0


def test_bankrupts_are_resolved_after_all_the_results() -> None:
    """Black's market share moves only after Amber's and Crimson's results are paid."""
    state = at_year_end()
    state.resource_price = [25, 0, 0]
    state.resources = [[1, 1, 1], [3, 0, 0], [1, 1, 1]]
    state.capital = [110, 10, 100]
    state.market = [30, 35, 35]
    results.year_results(state)
    # Amber: 30 - 25 - 5 = 0 and Crimson: 35 - 25 - 8 = 2, with their market shares of the
    # year; only then Black (35 - 75 - 10 = -50) goes bankrupt.
    assert state.capital == [110, 0, 102]
    assert state.market == [45, 0, 55]


def test_two_bankruptcies_at_once_leave_everything_to_the_last_company() -> None:
    state = at_year_end()
    state.resource_price = [25, 25, 25]
    state.capital = [10, 10, 100]
    results.year_results(state)
    assert state.bankrupt == [True, True, False]
    assert state.market == [0, 0, 100]


def test_a_bankrupt_company_is_not_reviewed_any_more() -> None:
    state = new(3, seed=4)
    state.bankrupt[AMBER] = True
    state.market = [0, 50, 50]
    for seat in range(3):
        state.shares[seat][AMBER] = 0
    state._review(AMBER)
    assert state.company == BLACK and state.phase == "price"


def test_dividends_example_bobby_result_25() -> None:
    """Bobby gives dividends; Amber's result +$25: $2 a share, $20 paid, $5 to the capital."""
    state = at_year_end(3, dividends=True)
    state.boss[AMBER] = boss("Bobby")
    state.resource_price = [5, 5, 5]
    state.market = [50, 25, 25]
    deal_shares(state, AMBER, [5, 3, 2])
    assert results.company_result(state, AMBER) == 50 - 15 - 10 == 25
    results.year_results(state)
    assert state.cash[:3] == [110, 106, 104]
    assert state.capital[AMBER] == 115


def test_dividends_need_a_result_above_5_and_the_boss_ability() -> None:
    state = at_year_end(3, dividends=True)
    state.resource_price = [0, 0, 0]
    state.market = [35, 25, 40]
    # Black: Bobby, 25 - 0 - 10 = 15: $1 a share; Amber: Edgar gives none.
    results.year_results(state)
    assert state.cash == [100 + k for k in (row[BLACK] for row in state.shares)]
    assert state.capital == [110 + 30, 105, 132]
    state = at_year_end(3, dividends=True)
    state.resource_price = [0, 0, 0]
    state.market = [20, 15, 65]  # Black: 15 - 0 - 10 = 5, not above 5
    results.year_results(state)
    assert state.cash == [100, 100, 100] and state.capital[BLACK] == 105


def test_without_the_dividends_variant_bobby_pays_none() -> None:
    state = at_year_end(3)
    state.resource_price = [0, 0, 0]
    results.year_results(state)
    assert state.cash == [100, 100, 100]


def test_dividends_of_the_removed_crimson_shares_stay_in_the_bank() -> None:
    """4 players: Crimson has 8 shares but a share still wins a tenth of the result."""
    state = at_year_end(4, dividends=True)
    state.boss[CRIMSON] = boss("Lloyd")
    state.resource_price = [0, 0, 0]
    state.market = [5, 5, 90]  # Crimson: 90 - 0 - 10 = 80: $8 a share, nothing kept
    results.year_results(state)
    assert sum(state.cash) == 400 + 8 * 8
    assert state.capital[CRIMSON] == 100


def test_end_of_game_scoring_example() -> None:
    """END OF THE GAME, example: Player 1 has 56, Player 2 has 73 and wins.

    The rulebook prints the Amber share value as "88" and Crimson's as "33": misprints of 8
    ($80 / 10) and 3 ($25 / 10 rounded up), as its own sums 20 + (2x8) + ... show.
    """
    state = new(3, seed=1)
    state.capital = [80, 110, 25]
    state.cash = [20, 10, 0]
    state.shares = [[2, 1, 3], [2, 4, 1], [6, 5, 6]]
    assert [state.share_value(c) for c in range(3)] == [8, 11, 3]
    p1, p2, _ = state.scores()
    assert (p1, p2) == (56, 73)


def test_cash_only_variant_counts_only_cash() -> None:
    state = new(3, seed=1, cash_only=True)
    state.cash = [20, 10, 0]
    assert state.scores() == (20, 10, 0)


@pytest.mark.parametrize(("start", "years"), [(1951, 7), (1953, 5), (1954, 4)])
def test_the_game_ends_after_1957(start: int, years: int) -> None:
    state = new(3, seed=2, start_year=start)
    seen = {state.year}
    while not state.is_over():
        seat = state.pending()[0]
        if state.phase == "price":
            set_prices(state, [10, 10, 10])
        elif state.phase == "propose":
            state.apply(seat, PASS)
        seen.add(state.year)
    assert sorted(seen) == list(range(start, 1958))
    assert len(seen) == years
    assert state.phase == "over" and state.pending() == ()
    assert state.information == () and state.revealed


def test_the_year_marker_advances_and_new_informations_are_drawn() -> None:
    state = new(3, seed=2)
    first = state.information
    for _company in range(3):
        set_prices(state, [10, 10, 10])
        set_prices(state, [10, 10, 10])
        for _proposer in range(3):
            if state.phase == "propose":
                state.apply(state.pending()[0], PASS)
    assert state.year == 1954
    assert state.revealed == first and len(state.information) == 4


def test_when_every_company_is_bankrupt_the_years_run_out_alone() -> None:
    state = new(3, seed=2)
    state.resource_price = [25, 25, 25]
    state.capital = [0, 0, 0]
    state._end_year()
    assert state.bankrupt == [True, True, True]
    assert state.market == [0, 0, 0]
    assert state.is_over()
    assert state.scores() == (100.0, 100.0, 100.0)
    assert state.ranking() == ((0, 1, 2),)
