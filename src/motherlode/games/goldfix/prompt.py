"""What each GOLDFIX choice does, in words and dollars, beside its notation: where a move
lands, what an offer, a sale or a liquidation brings, when a payment takes an overdraft.
The terminal's menu and the web page's buttons both show it; at the end, how a player's
net worth adds up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motherlode.engine import Action, State
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    Bid,
    BuyHeadgear,
    Commission,
    CounterOffer,
    FlashSale,
    Get,
    Give,
    Liquidate,
    Loan,
    Move,
    Negotiate,
    Offer,
    Overdraft,
    Propose,
    Repay,
    Respond,
    Sell,
    Withdraw,
)
from motherlode.games.goldfix.core import BID, SELL
from motherlode.games.goldfix.rules import GoldfixState

ACTING_WHEN_PASSED = ("bank", "bullion_tax", "corporation_tax")


def label(state: State, seat: int, action: Action) -> str | None:
    """The consequence of ``action`` for ``seat`` now, or None where the notation says all."""
    if not isinstance(state, GoldfixState):
        return None
    gf = state.goldfix
    cash = state.cash[seat]
    if isinstance(action, Move):
        return _landing(state, seat, action.steps)
    if isinstance(action, Negotiate):
        return f"with {state.seat_name(action.seat)}"
    if isinstance(action, Give | Get | Propose | Respond | CounterOffer | Withdraw):
        return _deal_label(state, seat, action)
    if isinstance(action, Offer):
        seller, buyer, price = state.trade_terms(action)
        if action.deal == "sell":
            return f"{state.seat_name(buyer)} pays you ${price}M"
        return f"you pay {state.seat_name(seller)} ${price}M" + _overdraft(state, cash, price)
    if isinstance(action, Liquidate):
        return f"the Bank pays ${state.liquidation_price(seat, action)}M"
    if isinstance(action, Sell):
        return _sale(state, seat, action.percent)
    if isinstance(action, FlashSale):
        if action.deal == "sell":
            koz = money.sale_quantity(state.vault[seat], action.amount)
            return f"{koz} kOz for ${money.bullion_value(koz, gf)}M"
        price = money.bullion_value(action.amount, gf)
        return f"${price}M" + _overdraft(state, cash, price)
    if isinstance(action, BuyHeadgear):
        price = money.headgear_price(gf, state.params)
        return f"${price}M" + _overdraft(state, cash, price)
    if isinstance(action, Repay):
        return f"${state.params.loan_note}M from your ${cash}M"
    if isinstance(action, Bid) and state.phase == BID:
        total = action.amount + money.auction_commission(action.amount, state.params)
        if state.auction_broker == seat:
            total = action.amount
        return f"${total}M with the commission" + _overdraft(state, cash, total)
    if isinstance(action, Loan):
        return f"+${state.loan_cash}M and a LOAN NOTE" if action.take else "no loan"
    if isinstance(action, Commission):
        return "self-broker: you sell, nobody else" if action.percent == 0 else None
    if isinstance(action, Overdraft):
        loans = state.overdrafts_needed(cash, 0)
        notes = state.notes[seat] + loans
        bankrupt = state.params.bankrupt_notes
        warning = f" - BANKRUPT at {bankrupt} notes" if notes >= bankrupt else ""
        return f"{loans} × ${state.overdraft_loan}M, {notes} LOAN NOTES{warning}"
    return None


def _deal_label(
    state: GoldfixState, seat: int, action: Give | Get | Propose | Respond | CounterOffer | Withdraw
) -> str | None:
    """A change to a deal says what it adds or takes off; an answer, what the deal does to
    your net worth."""
    deal = state.deal
    if deal is None:
        return None
    if isinstance(action, Give | Get):
        mine = isinstance(action, Give)
        whose = "you give" if mine else f"{state.seat_name(deal.partner)} gives"
        if action.item == "cash":
            what = f"${abs(action.amount)}M"
        elif action.item == "bullion":
            what = f"{abs(action.amount)} kOz"
        elif action.item == "notes":
            what = f"a LOAN NOTE (${state.params.loan_note}M of debt)"
        else:
            what = action.item
        return f"{'add' if action.amount > 0 else 'take off'} {what} ({whose})"
    if isinstance(action, Withdraw):
        return "no deal"
    if isinstance(action, CounterOffer):
        return "redraft it from your side; they answer"
    if isinstance(action, Respond) and not action.accept:
        return "no deal"
    pays, receives = (deal.gives, deal.gets) if seat == deal.drafter else (deal.gets, deal.gives)
    gain = state.deal_gain(seat, pays, receives)
    loans = state.deal_overdrafts(seat, pays, receives)
    draws = f", {loans} overdraft loan{'s' if loans > 1 else ''}" if loans else ""
    return f"your net worth {money.signed(gain)} at GOLDFIX ${state.goldfix:,}{draws}"


def _overdraft(state: GoldfixState, cash: int, price: int) -> str:
    loans = state.overdrafts_needed(cash, price)
    if not loans:
        return ""
    return f" (takes {loans} overdraft loan{'s' if loans > 1 else ''}: a LOAN NOTE each)"


def _landing(state: GoldfixState, seat: int, steps: int) -> str:
    """Where a move of ``steps`` lands, and the squares passed that act on the way."""
    squares = state.board.squares
    size = state.board.size
    start = state.position[seat]
    passed = []
    for k in range(1, steps):
        square = squares[(start + k) % size]
        own = square.kind == "mine" and state.producer(square.mine) == seat
        if own or square.kind in ACTING_WHEN_PASSED:
            passed.append(square.name)
    landing = squares[(start + steps) % size].name
    return f"to {landing}" + (f", passing {', '.join(passed)}" if passed else "")


def _sale(state: GoldfixState, seat: int, percent: int) -> str | None:
    if state.phase != SELL:
        return None
    koz = money.sale_quantity(state.vault[seat], percent)
    if not koz:
        return "sell nothing"
    rate = 0 if seat == state.market_broker else state.market_rate
    sale = money.bullion_sale(koz, state.goldfix, rate)
    fee = f" after ${sale.commission}M commission" if sale.commission else ""
    return f"{koz} kOz: ${sale.net}M{fee}"


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """Net worth as the ranking table adds it: CASH + MINE ASSETS + BULLION − NOTES × the
    note's face value (the table's own: $250M in the rulebook)."""
    players = obs.get("players") or []
    if seat >= len(players):
        return ""
    p = players[seat]
    if not p.get("active", True):
        return f"bankrupt (net worth {money.dollars(p['net_worth'])} when he fell)"
    bullion = money.bullion_value(p["bullion"], obs["goldfix"])
    note = obs["design"]["loan_note"]
    assets = p["net_worth"] - p["cash"] - bullion + note * p["notes"]
    return (
        f"cash {money.dollars(p['cash'])} + mine assets {money.dollars(assets)}"
        f" + bullion {money.dollars(bullion)}"
        f" − {p['notes']} notes × {money.dollars(note)} = {money.dollars(p['net_worth'])}"
    )
