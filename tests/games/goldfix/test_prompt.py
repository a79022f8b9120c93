"""Every GOLDFIX choice says what it does: where a move lands, the dollars of an offer, a
sale or a liquidation, an overdraft warning, the player a negotiation is with."""

from __future__ import annotations

import io

from rich.console import Console

from motherlode.agents.human import HumanAgent
from motherlode.games.goldfix import GAME
from motherlode.games.goldfix.actions import (
    BuyHeadgear,
    Commission,
    Liquidate,
    Move,
    Negotiate,
    Offer,
    Overdraft,
    Sell,
)
from motherlode.games.goldfix.prompt import label, score_parts
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, new


def test_a_move_says_where_it_lands_and_what_it_passes() -> None:
    """The rulebook's example: from EAGLE a 4 reaches the BULLION MARKET past FOX (his own
    mine) and the BULLION TAX; a 5 reaches GRIZZLY."""
    state = new()
    give_mine(state, 0, "Fox")
    at_move(state, 0, 8, (4, 5))
    assert label(state, 0, Move(4)) == "to BULLION MARKET, passing Fox, BULLION TAX"
    assert label(state, 0, Move(5)) == "to Grizzly, passing Fox, BULLION TAX"


def test_offers_sales_and_liquidations_say_their_dollars() -> None:
    state = new()
    give_mine(state, 1, "Fox", headgear=False)
    state.goldfix = 1100  # a mine lease is worth $30M
    at_pre_roll(state, 0)
    assert label(state, 0, Negotiate(1)) == "with Red"
    state.apply(0, Negotiate(1))
    assert label(state, 0, Offer("buy", "ML-Fox", 150)) == "you pay Red $45M"
    state = new()
    give_mine(state, 0, "Fox", headgear=True)
    state.vault[0] = 100
    at_pre_roll(state, 0)
    # ML + HG at $1,000 = $275M; at -50% the Bank pays $138M (137.5 rounded half up)
    assert label(state, 0, Liquidate("ML-Fox", 50)) == "the Bank pays $138M"
    assert label(state, 0, Liquidate("bullion-50", 50)) == "the Bank pays $25M"


def test_a_payment_beyond_cash_warns_of_the_overdraft() -> None:
    state = new()
    give_mine(state, 0, "Alpaca", headgear=False)
    state.cash[0] = 100
    at_pre_roll(state, 0)
    assert label(state, 0, BuyHeadgear("Alpaca")) == (
        "$250M (takes 1 overdraft loan: a LOAN NOTE each)"
    )
    state.cash[0] = 300
    assert label(state, 0, BuyHeadgear("Alpaca")) == "$250M"
    state.apply(0, BuyHeadgear("Alpaca"))
    state.cash[0] = -480
    state.notes[0] = 5
    assert label(state, 0, Overdraft()) == "3 × $230M, 8 LOAN NOTES - BANKRUPT at 7 notes"


def test_a_bullion_sale_says_what_it_brings_after_commission() -> None:
    state = new()
    state.vault = [100, 200, 0]
    state.goldfix = 1500
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    assert label(state, 0, Commission(0)) == "self-broker: you sell, nobody else"
    state.apply(0, Commission(20))
    assert label(state, 1, Sell(50)) == "100 kOz: $120M after $30M commission"
    assert label(state, 0, Sell(100)) == "100 kOz: $150M"  # the broker pays himself nothing
    assert label(state, 1, Sell(0)) == "sell nothing"


def test_the_terminal_menu_shows_the_consequences() -> None:
    state = new()
    at_move(state, 0, 8, (4, 5))
    out = io.StringIO()
    human = HumanAgent(Console(file=out, width=160), ask=lambda prompt: "move 4")
    assert human.act(state, 0) == Move(4)
    assert "to BULLION MARKET, passing BULLION TAX" in out.getvalue()


def test_the_end_says_how_net_worth_adds_up() -> None:
    state = new()
    give_mine(state, 0, "Fox")
    state.vault[0] = 100
    obs = state.observe(None)
    assert score_parts(obs, 0) == (
        "cash $500M + mine assets $275M + bullion $100M − 2 notes × $250M = $375M"
    )
    assert GAME.prompt is not None and GAME.prompt.score_parts is score_parts
