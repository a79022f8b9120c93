"""The money module against every figure the rulebook prints (and the DASHBOARD's)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motherlode.games.goldfix import money

# ------------------------------------------------------------- rounding ("some $ rounding")


def test_round_half_up() -> None:
    assert money.round_half_up(25, 2) == 13
    assert money.round_half_up(24, 2) == 12
    assert money.round_half_up(-25, 2) == -13
    assert money.round_half_up(1875, 100) == 19
    with pytest.raises(ValueError):
        money.round_half_up(1, 0)


@given(st.integers(0, 10**9), st.integers(1, 10**6))
def test_round_half_up_is_within_a_half(numerator: int, denominator: int) -> None:
    rounded = money.round_half_up(numerator, denominator)
    assert abs(rounded * denominator - numerator) * 2 <= denominator


# ------------------------------------------------------------ GOLDFIX LADDER and TABLE

# 2-MINUTE SUMMARY: GOLDFIX, MINE LEASE [MINIMUM BID], HEADGEAR [PURCHASE], DRILL REPORT
GOLDFIX_TABLE = [
    (2000, 75, 750, 60),
    (1900, 70, 700, 55),
    (1800, 65, 650, 50),
    (1700, 60, 600, 45),
    (1600, 55, 550, 40),
    (1500, 50, 500, 35),
    (1400, 45, 450, 30),
    (1300, 40, 400, 25),
    (1200, 35, 350, 20),
    (1100, 30, 300, 15),
    (1000, 25, 250, 10),
]


@pytest.mark.parametrize(("goldfix", "lease", "headgear", "report"), GOLDFIX_TABLE)
def test_2_minute_summary_goldfix_table(
    goldfix: int, lease: int, headgear: int, report: int
) -> None:
    prices = money.asset_prices(goldfix)
    assert (prices.mine_lease, prices.headgear, prices.drill_report) == (lease, headgear, report)
    assert money.mine_lease_price(goldfix) == lease
    assert money.headgear_price(goldfix) == headgear
    assert money.drill_report_price(goldfix) == report


def test_the_table_covers_the_whole_ladder() -> None:
    assert tuple(row[0] for row in reversed(GOLDFIX_TABLE)) == money.GOLDFIX_LADDER
    assert len(money.PRICE_TABLE) == 11
    with pytest.raises(ValueError):
        money.asset_prices(1050)
    with pytest.raises(ValueError):
        money.asset_prices(2100)


def test_goldfix_ladder_bounds() -> None:
    """The GOLDFIX ladder cannot fall below $1,000, nor rise above $2,000."""
    assert money.goldfix_up(1000) == 1100
    assert money.goldfix_up(2000) == 2000
    assert money.goldfix_down(1500, money.BULLION_MARKET_DROP) == 1400
    assert money.goldfix_down(1500, money.GOLDFIX_CORNER_DROP) == 1300
    assert money.goldfix_down(1100, money.GOLDFIX_CORNER_DROP) == 1000
    assert money.goldfix_down(1000, money.BULLION_MARKET_DROP) == 1000


def test_quickstart_costs_an_ml_and_its_headgear_at_the_start() -> None:
    assert money.QUICKSTART_COST == money.asset_valuation(1000, 1, 1) == 275


# ----------------------------------------------------------- BULLION PRODUCTION (p9)

PRODUCTION = {
    0: {1: 25, 2: 25, 3: 25, 4: 30, 5: 30, 6: 30, 7: 35, 8: 35, 9: 35, 10: 40, 11: 40, 12: 50},
    1: {1: 60, 2: 60, 3: 60, 4: 70, 5: 70, 6: 70, 7: 80, 8: 80, 9: 80, 10: 90, 11: 90, 12: 100},
    2: {
        1: 125, 2: 125, 3: 125, 4: 150, 5: 150, 6: 150,
        7: 175, 8: 175, 9: 175, 10: 200, 11: 200, 12: 250,
    },
}  # fmt: skip


@pytest.mark.parametrize("reports", [0, 1, 2])
def test_bullion_production_table(reports: int) -> None:
    for dice, koz in PRODUCTION[reports].items():
        assert money.production(dice, reports) == koz


def test_bullion_production_bonuses() -> None:
    assert money.OWN_MINE_LANDING_BONUS == 100
    assert money.OPPONENT_LANDING_BONUS == 50


def test_production_refuses_impossible_inputs() -> None:
    with pytest.raises(ValueError):
        money.production(13, 0)
    with pytest.raises(ValueError):
        money.production(0, 0)
    with pytest.raises(ValueError):
        money.production(6, 3)


# --------------------------------------------------------------- BULLION MARKET (p10)


def test_bullion_value_is_koz_times_goldfix() -> None:
    assert money.bullion_value(80, 1000) == 80
    assert money.bullion_value(100, 1500) == 150
    assert money.bullion_value(1, 1500) == 2  # 1.5 rounds up


def test_dashboard_bullion_sale_rows_at_10_percent() -> None:
    """DASHBOARD A1: 200 kOz, 50% sold at $1,000 and 10%: $90M to the mine, $10M
    commission; 100 kOz, 100%: the same."""
    koz = money.sale_quantity(200, 50)
    assert money.bullion_sale(koz, 1000, 10) == money.BullionSale(100, 100, 10, 90)
    koz = money.sale_quantity(100, 100)
    assert money.bullion_sale(koz, 1000, 10) == money.BullionSale(100, 100, 10, 90)
    assert money.sale_quantity(275, 0) == 0


def test_sale_quantity_rounds_to_whole_koz() -> None:
    assert money.sale_quantity(75, 25) == 19  # 18.75
    assert money.sale_quantity(1, 25) == 0
    assert money.sale_quantity(1, 50) == 1
    with pytest.raises(ValueError):
        money.sale_quantity(100, 30)


def test_broker_rates_are_the_dashboards() -> None:
    """A2 [3]: drop down 0%, 10%, 15%, 20%, 25%."""
    assert money.BROKER_RATES == (0, 10, 15, 20, 25)
    assert tuple(range(21)) == money.BOARD_SQUARE_RATES
    assert money.QUICK_RATES == (0, 10, 15, 20)
    assert money.GOLDFIX_CORNER_COMMISSION == 25


@given(st.integers(0, 5000), st.sampled_from([1000, 1300, 2000]), st.sampled_from([0, 10, 25]))
def test_a_sale_splits_the_banks_payment(koz: int, goldfix: int, rate: int) -> None:
    sale = money.bullion_sale(koz, goldfix, rate)
    assert sale.gross == money.bullion_value(koz, goldfix)
    assert sale.net + sale.commission == sale.gross
    assert 0 <= sale.commission <= sale.gross


# ---------------------------------------------------------------- AUCTIONS (p8)


def test_auction_commission_is_ten_percent() -> None:
    assert money.auction_commission(45) == 5  # 4.5 rounds up
    assert money.auction_commission(100) == 10


# ------------------------------------------------------------------ BANKING (p11)


def test_banking_figures() -> None:
    assert (money.START_CASH, money.START_NOTES, money.LOAN_NOTE) == (500, 2, 250)
    assert (money.ANNUAL_LOAN, money.DISCOUNT_LOAN) == (250, 260)
    assert money.OVERDRAFT_LOAN == 230  # $250M less the $20M overdraft fee
    assert (money.MAX_NOTES, money.BANKRUPT_NOTES) == (6, 7)
    assert not money.is_bankrupt(6)
    assert money.is_bankrupt(7)


def test_overdrafts_needed() -> None:
    assert money.overdrafts_needed(100, 100) == 0
    assert money.overdrafts_needed(100, 101) == 1
    assert money.overdrafts_needed(0, 230) == 1
    assert money.overdrafts_needed(0, 231) == 2
    assert money.overdrafts_needed(500, 20) == 0


def test_loan_interest_follows_the_tax_rate() -> None:
    """COMPONENTS.md: LOW 5% -> $13M, HIGH 10% -> $25M per note."""
    assert money.interest_per_note(money.TAX_RATES["LOW"]) == 13
    assert money.interest_per_note(money.TAX_RATES["HIGH"]) == 25
    assert money.loan_interest(2, 5) == 26
    assert money.loan_interest(0, 10) == 0


# -------------------------------------------------------------------- TAXES (p12)


def test_taxes_net_cash_at_the_start_is_zero() -> None:
    """TAXES: "$500M in the Bank, and 2 x $250M LOAN NOTEs, so net cash is $0M"."""
    assert money.net_cash(500, 2) == 0
    assert money.corporation_tax(500, 2, 0, 10) == 0


def test_corporation_tax_applies_0_for_negative_net_cash() -> None:
    assert money.corporation_tax(100, 2, 275, 10) == 28  # 27.5: only the assets count
    assert money.corporation_tax(1000, 2, 275, 5) == 39  # 5% of 500 + 275 = 38.75
    assert money.corporation_tax(1000, 0, 0, 20) == 200  # the RISK interim rate


def test_bullion_tax() -> None:
    assert money.bullion_tax(80, 1000, 5) == 4
    assert money.bullion_tax(50, 1000, 5) == 3  # 2.5 rounds up
    assert money.bullion_tax(100, 1500, 10) == 15
    assert money.bullion_tax(100, 1500, money.INTERIM_TAX_RATE) == 30


# ---------------------------------------------------------------- LIQUIDATION (p15)

# DASHBOARD A1, LIQUIDATE ASSETS at GOLDFIX $1,000: -25% / -50% / -75%
LIQUIDATION_TABLE = [
    ((1, 0, 0), (19, 13, 6)),
    ((1, 1, 0), (206, 138, 69)),
    ((1, 1, 1), (214, 143, 71)),
    ((1, 1, 2), (221, 148, 74)),
]


@pytest.mark.parametrize(("assets", "values"), LIQUIDATION_TABLE)
def test_liquidation_dashboard_table(
    assets: tuple[int, int, int], values: tuple[int, int, int]
) -> None:
    valuation = money.asset_valuation(1000, *assets)
    assert tuple(money.liquidation_value(valuation, d) for d in (25, 50, 75)) == values


def test_liquidation_discounts() -> None:
    assert money.LIQUIDATION_DISCOUNT == 50
    assert money.RISK_LIQUIDATION_DISCOUNT == 25
    assert money.bullion_discount_value(100, 1500, 50) == 75
    with pytest.raises(ValueError):
        money.liquidation_value(100, 120)


# ------------------------------------------------------------- MERCHANT BANK (p14)


def test_merchant_bank_dice() -> None:
    for red in range(1, 7):
        for black in range(1, 7):
            expected = red != black and red >= 4
            assert money.takeover_succeeds(red, black) == expected
    assert money.counter_takeover_succeeds(5, 5)
    assert not money.counter_takeover_succeeds(5, 4)


def test_merchant_bank_example_alpaca_at_1200() -> None:
    """MERCHANT BANK example: GOLDFIX $1,200, red 4 (2x): $770M for ML + HEADGEAR and
    $40M for each DRILL REPORT."""
    assert money.takeover_price(money.asset_valuation(1200, 1, 1), 4) == 770
    assert money.takeover_price(money.asset_valuation(1200, 0, 0, 1), 4) == 40


def test_merchant_bank_dashboard_table_red_4() -> None:
    """The DASHBOARD table beside the example: ML only 70, ML + HG 770, one DR 40,
    ML + HG + 2 DR 850."""
    for assets, price in (((1, 0, 0), 70), ((1, 1, 0), 770), ((0, 0, 1), 40), ((1, 1, 2), 850)):
        assert money.takeover_price(money.asset_valuation(1200, *assets), 4) == price


def test_merchant_bank_multipliers() -> None:
    value = money.asset_valuation(1000, 1, 1)  # 275
    assert money.takeover_price(value, 4) == 550
    assert money.takeover_price(value, 5) == 275
    assert money.takeover_price(value, 6) == 138  # 137.5 rounds up
    assert money.MERCHANT_BANK_FEE == money.COUNTER_TAKEOVER_FEE == 10


# ------------------------------------------------------------ WINNER and NET WORTH


def test_net_worth_formula() -> None:
    """TIME / CIRCUIT LIMIT: CASH + MINE ASSETS + BULLION - # LOAN NOTE x 250."""
    assert money.net_worth(500, 0, 0, 2) == 0  # the start of a game
    assert money.net_worth(225, 275, 0, 2) == 0  # after QUICKSTART
    assert money.net_worth(800, 425, 150, 1) == 1125


def test_winner() -> None:
    assert money.DEFAULT_WINNER == 1000
    assert money.has_won(1000, 0)
    assert not money.has_won(5000, 1)
    assert not money.has_won(999, 0)
    assert money.has_won(600, 0, target=600)
