"""What each GOLDFIX choice does, in words and dollars, beside its notation: where a move
lands, what an offer, a sale or a liquidation brings, when a payment takes an overdraft.
The terminal's menu and the web page's buttons both show it; at the end, how a player's
net worth adds up.  Each says it in words for every language (:func:`consequence`,
:func:`score_words`); :func:`label` and :func:`score_parts` give the English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motherlode.engine import Action, State
from motherlode.engine.words import T, kept
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
    """The consequence of ``action`` for ``seat`` now in English, or None where the
    notation says all."""
    said = consequence(state, seat, action)
    return None if said is None else str(said)


def consequence(state: State, seat: int, action: Action) -> str | T | None:
    """The consequence of ``action`` for ``seat`` now, or None where the notation says all.
    The same words for the same values are one object (:func:`kept`), English rendered
    once: each view says the consequence of every move a decision offers."""
    if not isinstance(state, GoldfixState):
        return None
    gf = state.goldfix
    cash = state.cash[seat]
    if isinstance(action, Move):
        return _landing(state, seat, action.steps)
    if isinstance(action, Negotiate):
        return kept("with {player}", player=state.seat_name(action.seat))
    if isinstance(action, Give | Get | Propose | Respond | CounterOffer | Withdraw):
        return _deal_label(state, seat, action)
    if isinstance(action, Offer):
        seller, buyer, price = state.trade_terms(action)
        if action.deal == "sell":
            return kept("{player} pays you ${price}M", player=state.seat_name(buyer), price=price)
        paying = kept("you pay {player} ${price}M", player=state.seat_name(seller), price=price)
        return _overdraft(state, cash, price, paying)
    if isinstance(action, Liquidate):
        return kept("the Bank pays ${price}M", price=state.liquidation_price(seat, action))
    if isinstance(action, Sell):
        return _sale(state, seat, action.percent)
    if isinstance(action, FlashSale):
        if action.deal == "sell":
            koz = money.sale_quantity(state.vault[seat], action.amount)
            return kept("{koz} kOz for ${value}M", koz=koz, value=money.bullion_value(koz, gf))
        price = money.bullion_value(action.amount, gf)
        return _overdraft(state, cash, price, f"${price}M")
    if isinstance(action, BuyHeadgear):
        price = money.headgear_price(gf, state.params)
        return _overdraft(state, cash, price, f"${price}M")
    if isinstance(action, Repay):
        return kept("${note}M from your ${cash}M", note=state.params.loan_note, cash=cash)
    if isinstance(action, Bid) and state.phase == BID:
        total = action.amount + money.auction_commission(action.amount, state.params)
        if state.auction_broker == seat:
            total = action.amount
        return _overdraft(state, cash, total, kept("${total}M with the commission", total=total))
    if isinstance(action, Loan):
        if action.take:
            return kept("+${cash}M and a LOAN NOTE", cash=state.loan_cash)
        return _NO_LOAN
    if isinstance(action, Commission):
        return _SELF_BROKER if action.percent == 0 else None
    if isinstance(action, Overdraft):
        loans = state.overdrafts_needed(cash, 0)
        notes = state.notes[seat] + loans
        bankrupt = state.params.bankrupt_notes
        if notes >= bankrupt:
            return kept(
                "{loans} × ${loan}M, {notes} LOAN NOTES - BANKRUPT at {bankrupt} notes",
                loans=loans,
                loan=state.overdraft_loan,
                notes=notes,
                bankrupt=bankrupt,
            )
        return kept(
            "{loans} × ${loan}M, {notes} LOAN NOTES",
            loans=loans,
            loan=state.overdraft_loan,
            notes=notes,
        )
    return None


def _deal_label(
    state: GoldfixState, seat: int, action: Give | Get | Propose | Respond | CounterOffer | Withdraw
) -> T | None:
    """A change to a deal says what it adds or takes off; an answer, what the deal does to
    your net worth."""
    deal = state.deal
    if deal is None:
        return None
    if isinstance(action, Give | Get):
        what: str | T
        if action.item == "cash":
            what = f"${abs(action.amount)}M"
        elif action.item == "bullion":
            what = f"{abs(action.amount)} kOz"
        elif action.item == "notes":
            what = kept("a LOAN NOTE (${note}M of debt)", note=state.params.loan_note)
        else:
            what = action.item
        partner = state.seat_name(deal.partner)
        if isinstance(action, Give):
            if action.amount > 0:
                return kept("add {item} (you give)", item=what)
            return kept("take off {item} (you give)", item=what)
        if action.amount > 0:
            return kept("add {item} ({player} gives)", item=what, player=partner)
        return kept("take off {item} ({player} gives)", item=what, player=partner)
    if isinstance(action, Withdraw):
        return _NO_DEAL
    if isinstance(action, CounterOffer):
        return _REDRAFT
    if isinstance(action, Respond) and not action.accept:
        return _NO_DEAL
    pays, receives = (deal.gives, deal.gets) if seat == deal.drafter else (deal.gets, deal.gives)
    gain = money.signed(state.deal_gain(seat, pays, receives))
    loans = state.deal_overdrafts(seat, pays, receives)
    if loans == 1:
        return kept(
            "your net worth {gain} at GOLDFIX ${goldfix:,}, {loans} overdraft loan",
            gain=gain,
            goldfix=state.goldfix,
            loans=loans,
        )
    if loans:
        return kept(
            "your net worth {gain} at GOLDFIX ${goldfix:,}, {loans} overdraft loans",
            gain=gain,
            goldfix=state.goldfix,
            loans=loans,
        )
    return kept("your net worth {gain} at GOLDFIX ${goldfix:,}", gain=gain, goldfix=state.goldfix)


def _overdraft(state: GoldfixState, cash: int, price: int, what: str | T) -> str | T:
    """``what`` a payment of ``price`` costs, with the overdraft loans it takes, if any."""
    loans = state.overdrafts_needed(cash, price)
    if not loans:
        return what
    if loans == 1:
        return T("{what} (takes {loans} overdraft loan: a LOAN NOTE each)", what=what, loans=1)
    return T("{what} (takes {loans} overdraft loans: a LOAN NOTE each)", what=what, loans=loans)


def _landing(state: GoldfixState, seat: int, steps: int) -> T:
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
    if passed:
        return kept("to {square}, passing {passed}", square=landing, passed=", ".join(passed))
    return kept("to {square}", square=landing)


def _sale(state: GoldfixState, seat: int, percent: int) -> T | None:
    if state.phase != SELL:
        return None
    koz = money.sale_quantity(state.vault[seat], percent)
    if not koz:
        return _SELL_NOTHING
    rate = 0 if seat == state.market_broker else state.market_rate
    sale = money.bullion_sale(koz, state.goldfix, rate)
    if sale.commission:
        return kept(
            "{koz} kOz: ${net}M after ${commission}M commission",
            koz=koz,
            net=sale.net,
            commission=sale.commission,
        )
    return kept("{koz} kOz: ${net}M", koz=koz, net=sale.net)


_NO_LOAN = T("no loan")
_SELF_BROKER = T("self-broker: you sell, nobody else")
_NO_DEAL = T("no deal")
_REDRAFT = T("redraft it from your side; they answer")
_SELL_NOTHING = T("sell nothing")


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """How a seat's net worth adds up, in English (:func:`score_words`)."""
    said = score_words(obs, seat)
    return "" if said is None else str(said)


def score_words(obs: Mapping[str, Any], seat: int) -> T | None:
    """Net worth as the ranking table adds it: CASH + MINE ASSETS + BULLION − NOTES × the
    note's face value (the table's own: $250M in the rulebook); None for no such seat."""
    players = obs.get("players") or []
    if seat >= len(players):
        return None
    p = players[seat]
    if not p.get("active", True):
        return T("bankrupt (net worth {worth} when he fell)", worth=money.dollars(p["net_worth"]))
    bullion = money.bullion_value(p["bullion"], obs["goldfix"])
    note = obs["design"]["loan_note"]
    assets = p["net_worth"] - p["cash"] - bullion + note * p["notes"]
    return T(
        "cash {cash} + mine assets {assets} + bullion {bullion} − {notes} notes × {note} = {worth}",
        cash=money.dollars(p["cash"]),
        assets=money.dollars(assets),
        bullion=money.dollars(bullion),
        notes=p["notes"],
        note=money.dollars(note),
        worth=money.dollars(p["net_worth"]),
    )
