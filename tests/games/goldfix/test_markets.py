"""BULLION MARKET (p10), the GOLDFIX corner, LIQUIDATION (p15) and the FLASH SALE."""

from typing import Any

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goldfix.actions import Commission, FlashSale, Liquidate, Move, Roll, Sell
from motherlode.games.goldfix.core import COMMISSION, PRE_ROLL, SELL
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, give_report, new


def market(players: int = 3, broker: int = 0, corner: bool = False, **options: Any) -> GoldfixState:
    """Every player has bullion; ``broker`` lands on a BULLION MARKET (or the corner)."""
    state = new(players, **options)
    state.vault = [100 * (s + 1) for s in range(players)]
    state.goldfix = 1500
    at_move(state, broker, 18 if corner else 11, (2, 6) if corner else (1, 6))
    state.apply(broker, Move(2 if corner else 1))
    return state


def test_bullion_market_level_a_broker_sets_0_to_20_percent() -> None:
    """ "the broker sets the commission between 0% and 20%": any whole %."""
    state = market()
    assert state.phase == COMMISSION and state.pending() == (0,)
    assert state.legal_actions(0) == [Commission(r) for r in range(21)]
    state.apply(0, Commission(13))
    assert state.market_rate == 13
    state = market()
    state.apply(0, Commission(20))
    assert state.phase == SELL and state.pending() == (0, 1, 2)
    assert state.legal_actions(1) == [Sell(p) for p in (0, 25, 50, 75, 100)]


def test_sellers_pay_the_broker_and_the_goldfix_falls_100() -> None:
    state = market()
    state.apply(0, Commission(20))
    state.apply(0, Sell(50))  # the broker's own 50 kOz: $75M, no commission to himself
    state.apply(1, Sell(100))  # 200 kOz: $300M, $60M commission
    state.apply(2, Sell(25))  # 75 kOz: $113M (112.5), $23M commission
    assert state.vault == [50, 0, 225]
    assert state.cash == [500 + 75 + 60 + 23, 500 + 240, 500 + 90]
    assert state.goldfix == 1400
    assert state.pending() == (1,)


def test_no_sale_no_fall() -> None:
    """NOTE: if bullion is not sold to the Bank the GOLDFIX does not move down."""
    state = market()
    state.apply(0, Commission(10))
    for seat in range(3):
        state.apply(seat, Sell(0))
    assert state.goldfix == 1500


def test_self_broker_mode_sells_for_nobody_else() -> None:
    state = market()
    state.apply(0, Commission(0))
    assert state.pending() == (0,)
    state.apply(0, Sell(100))
    assert state.cash[0] == 650 and state.vault == [0, 200, 300]
    assert state.goldfix == 1400


def test_level_b_excludes_the_self_broker_mode() -> None:
    state = market(bullion_market_level="B")
    assert state.legal_actions(0) == [Commission(r) for r in range(1, 21)]
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="1% to 20%"):
        state.apply(0, Commission(0))
    with pytest.raises(IllegalAction, match="1% to 20%"):
        state.apply(0, Commission(25))
    assert fingerprint(state) == before


def test_e_z_fixed_commissions_at_10_percent() -> None:
    state = market(fixed_commissions=True)
    assert state.phase == SELL and state.market_rate == 10
    state = market(tabletopia="no-auctions")
    assert state.market_rate == 10


def test_goldfix_corner_self_broker_or_25_percent_and_minus_200() -> None:
    state = market(corner=True)
    assert state.legal_actions(0) == [Commission(0), Commission(25)]
    state.apply(0, Commission(25))
    state.apply(0, Sell(0))
    state.apply(1, Sell(100))  # $300M, $75M commission
    state.apply(2, Sell(0))
    assert state.cash[1] == 725 and state.cash[0] == 575
    assert state.goldfix == 1300
    state = market(corner=True, fixed_commissions=True)
    assert state.legal_actions(0) == [Commission(0), Commission(25)]  # the corner stays
    # the no-auctions version: "non-negotiable ... except the CORNER, which remains at 25%"
    state = market(corner=True, tabletopia="no-auctions")
    assert state.phase == SELL and state.market_rate == 25
    state = market(corner=True, bullion_market_level="B")
    assert state.phase == SELL and state.market_rate == 25


def test_only_the_broker_has_bullion_no_commission_asked() -> None:
    state = new()
    state.vault[0] = 40
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    assert state.phase == SELL and state.pending() == (0,)
    state.vault[0] = 0
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    assert state.phase == PRE_ROLL and state.pending() == (1,)  # nothing to sell


def test_the_goldfix_never_falls_below_1000() -> None:
    state = market(corner=True)
    state.goldfix = 1100
    state.apply(0, Commission(0))
    state.apply(0, Sell(100))
    assert state.goldfix == 1000


# ------------------------------------------------------------------- LIQUIDATION


def test_liquidation_at_minus_50_percent_goldfix_unchanged() -> None:
    """LIQUIDATION: the Bank pays -50% of the GOLDFIX value; the GOLDFIX does not drop."""
    state = new()
    state.vault[0] = 100
    state.goldfix = 1500
    at_pre_roll(state, 0)
    state.apply(0, Liquidate("bullion-50", 50))
    assert state.cash[0] == 500 + 38 and state.vault[0] == 50  # 50 kOz = $75M, half 37.5
    assert state.goldfix == 1500


def test_liquidating_a_mine_lease_takes_its_headgear() -> None:
    state = new()
    m = give_mine(state, 0, "Alpaca", reports=1)
    at_pre_roll(state, 0)
    state.apply(0, Liquidate("ML-Alpaca", 50))
    assert state.cash[0] == 500 + 138  # ML + HG at $1,000: the DASHBOARD's 138
    assert state.lease_owner[m] == -1 and not state.headgear[m]
    assert state.lease_deck.cards[-1] == m
    assert state.report_owner[2 * m] == 0  # the drill report is a separate asset
    state.apply(0, Liquidate("DR-Alpaca", 50))
    assert state.cash[0] == 638 + 5
    give_mine(state, 0, "Kudu")
    state.apply(0, Liquidate("HG-Kudu", 50))
    assert state.lease_owner[state.board.mine_number("Kudu")] == 0


def test_liquidation_refuses_what_one_does_not_own() -> None:
    state = new()
    give_report(state, 1, "Alpaca")
    at_pre_roll(state, 0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="you have no Alpaca DRILL REPORT"):
        state.apply(0, Liquidate("DR-Alpaca", 50))
    with pytest.raises(IllegalAction, match="not an asset"):
        state.apply(0, Liquidate("gold", 50))
    with pytest.raises(IllegalAction, match="needs a LIQUIDATION RISK card"):
        state.apply(0, Liquidate("bullion-25", 25))
    with pytest.raises(IllegalAction, match="less 50%"):
        state.apply(0, Liquidate("bullion-25", 10))
    assert fingerprint(state) == before


def test_the_liquidation_card_sells_at_minus_25_percent_once() -> None:
    state = new()
    card = next(i for i, c in enumerate(state.cards) if c.kind == "liquidation")
    state.risk_deck.cards.remove(card)
    state.holds[0] = (card,)
    state.vault[0] = 100
    at_pre_roll(state, 0)
    assert Liquidate("bullion-100", 25) in state.legal_actions(0)
    state.apply(0, Liquidate("bullion-100", 25))
    assert state.cash[0] == 575 and not state.holds[0]
    assert state.risk_deck.cards[-1] == card


# -------------------------------------------------------------------- FLASH SALE


def test_flash_sale_sells_or_buys_at_the_goldfix_without_a_drop() -> None:
    state = new()
    flash = [i for i, c in enumerate(state.cards) if c.kind == "flash_sale"]
    for card in flash:
        state.risk_deck.cards.remove(card)
    state.holds[0] = tuple(flash)
    state.goldfix = 1200
    at_pre_roll(state, 0)
    assert FlashSale("sell", 25) not in state.legal_actions(0)  # an empty vault
    with pytest.raises(IllegalAction, match="vault is empty"):
        state.apply(0, FlashSale("sell", 25))
    state.apply(0, FlashSale("buy", 100))
    assert state.vault[0] == 100 and state.cash[0] == 380 and len(state.holds[0]) == 1
    state.apply(0, FlashSale("sell", 50))
    assert state.vault[0] == 50 and state.cash[0] == 440 and state.goldfix == 1200
    assert not state.holds[0]
    with pytest.raises(IllegalAction, match="no FLASH SALE"):
        state.apply(0, FlashSale("buy", 50))
    state.apply(0, Roll())
