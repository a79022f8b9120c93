"""GOLDFIX's moves in a player's words (issue 28): a web button says what it does, with
the consequence :func:`motherlode.games.goldfix.prompt.label` gives where there is one;
never the notation (``negotiate 1``) nor an asset's code (``DR-C``).  :func:`said` gives
the words for every language, :func:`words` the English."""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, State
from motherlode.engine.words import T, kept
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    Answer,
    Bid,
    BuyHeadgear,
    Commission,
    Counter,
    CounterOffer,
    Draw,
    FlashSale,
    Get,
    Give,
    Liquidate,
    Loan,
    Move,
    Negotiate,
    Nominate,
    Offer,
    Overdraft,
    Pass,
    PlayHold,
    Propose,
    Repay,
    Reshuffle,
    Respond,
    Roll,
    Sell,
    TimeUp,
    Withdraw,
)
from motherlode.games.goldfix.lists import Joined
from motherlode.games.goldfix.prompt import consequence


def mine(state: State, name: str | None) -> T:
    """A mine as the board shows it: ``the Cheetah mine (C)``."""
    return _mine(name or "", _number(state, name))


def _number(state: State, name: str | None) -> int:
    """The board's number of the mine called ``name`` (-1: none, or not on the board)."""
    return state.board.mine_number(name) if name else -1  # type: ignore[attr-defined]


@lru_cache(maxsize=1 << 10)
def _mine(name: str, number: int) -> T:
    """Mine ``name``, the board's ``number``-th (-1: not on the board), made once."""
    if not name:
        return _NO_MINE
    if number >= 0:
        return T("the {mine} mine ({letter})", mine=name, letter=chr(ord("A") + number))
    return T("the {mine} mine", mine=name)


def asset(state: State, code: str) -> str | T:
    """``ML-Cheetah`` -> ``the MINE LEASE of the Cheetah mine (C)``; bullion and cash as
    they are."""
    return _asset(code, _mine_number(state, code))


def _mine_number(state: State, code: str) -> int:
    """The board's number of the mine an asset's code names (-1: none)."""
    return _number(state, code.partition("-")[2])


@lru_cache(maxsize=1 << 12)
def _asset(code: str, number: int) -> str | T:
    """:func:`asset`, made once per code and the board's number of its mine."""
    kind, _, letter = code.partition("-")
    if kind == "ML":
        return T("the MINE LEASE of {mine} (with its HEADGEAR)", mine=_mine(letter, number))
    if kind == "DR":
        return T("a DRILL REPORT of {mine}", mine=_mine(letter, number))
    if kind == "HG":
        return T("the HEADGEAR of {mine}", mine=_mine(letter, number))
    if kind == "bullion" and letter.isdigit():
        return T("{share}% of your bullion", share=letter)
    return _ITEMS.get(code, code)


_NO_MINE = T("no mine")
_ITEMS: dict[str, str | T] = {"bullion": T("bullion"), "cash": T("cash"), "notes": T("a LOAN NOTE")}


@lru_cache(maxsize=1 << 12)
def _change(give: bool, item: str, amount: int, number: int) -> T:
    """A change to a deal's draft (what you give, or ask for), made once per change: a
    draft offers every item in steps, and each view lists them all.  ``number``: the
    board's number of the item's mine (-1: none)."""
    what: str | T
    if item == "cash":
        what = f"${abs(amount)}M"
    elif item == "bullion":
        what = T("{koz} kOz of bullion", koz=abs(amount))
    else:
        what = _asset(item, number)
    if give:
        if amount > 0:
            return T("Add {item} to what you give", item=what)
        return T("Take off {item} from what you give", item=what)
    if amount > 0:
        return T("Add {item} to what you ask for", item=what)
    return T("Take off {item} from what you ask for", item=what)


def words(state: State, seat: int, action: Action) -> str:
    """The move in English (:func:`said`)."""
    return str(said(state, seat, action))


def _why(move: T, state: State, seat: int, action: Action) -> str | T:
    """The move, then what it does after a colon (where the game says)."""
    why = consequence(state, seat, action)
    return Joined((move, why), ": ") if why else move


def said(state: State, seat: int, action: Action) -> str | T:
    """The move in a player's words, standing alone, for every language.  The same words
    for the same move are one object (:func:`kept`), English rendered once: a view lists
    every move a decision offers (the consequence, where there is one, is worked out for
    the moves that say it)."""
    if isinstance(action, Give | Get):
        number = _mine_number(state, action.item)
        return _change(isinstance(action, Give), action.item, action.amount, number)
    if isinstance(action, Bid):
        return _why(kept("Bid ${amount}M", amount=action.amount), state, seat, action)
    if isinstance(action, Negotiate):
        return kept("Propose a deal to {player}", player=state.seat_name(action.seat))
    if isinstance(action, Offer):
        number = _mine_number(state, action.asset)
        if action.deal == "sell":
            offer = _sell_offer(action.asset, number, action.percent)
        else:
            offer = _buy_offer(action.asset, number, action.percent)
        return _why(offer, state, seat, action)
    if isinstance(action, Propose):
        return _SEND
    if isinstance(action, Withdraw):
        return _WITHDRAW
    if isinstance(action, Respond):
        return _why(_ACCEPT, state, seat, action) if action.accept else _DECLINE
    if isinstance(action, CounterOffer):
        return _COUNTER_OFFER
    if isinstance(action, Liquidate):
        number = _mine_number(state, action.asset)
        return _why(_liquidation(action.asset, number, action.discount), state, seat, action)
    if isinstance(action, Repay):
        note = state.params.loan_note  # type: ignore[attr-defined]
        return _why(kept("Repay a {note} LOAN NOTE", note=money.dollars(note)), state, seat, action)
    if isinstance(action, BuyHeadgear):
        return _why(_headgear(action.mine, _number(state, action.mine)), state, seat, action)
    if isinstance(action, FlashSale):
        sale = _FLASH_SELL if action.deal == "sell" else _FLASH_BUY
        return _why(sale, state, seat, action)
    if isinstance(action, PlayHold):
        card = action.card.replace("-", " ").replace("_", " ").upper()
        return kept("Play the HOLD card {card}", card=card)
    if isinstance(action, Roll):
        return _ROLL
    if isinstance(action, Move):
        move = _steps(action.steps)
        why = consequence(state, seat, action)
        return Joined((move, why), " ") if why else move
    if isinstance(action, Loan):
        return _why(_TAKE_LOAN, state, seat, action) if action.take else _NO_LOAN
    if isinstance(action, Pass):
        return _PASS
    if isinstance(action, Commission):
        move = kept("Set the commission at {percent}%", percent=action.percent)
        return _why(move, state, seat, action)
    if isinstance(action, Sell):
        move = kept("Sell {percent}% of your bullion", percent=action.percent)
        return _why(move, state, seat, action)
    if isinstance(action, Reshuffle):
        return _RESHUFFLE if action.yes else _NO_RESHUFFLE
    if isinstance(action, Draw):
        return _DRAW if action.yes else _NO_DRAW
    if isinstance(action, Answer):
        return _YES if action.yes else _NO
    if isinstance(action, Nominate):
        return _nomination(action.mine, _number(state, action.mine))
    if isinstance(action, Counter):
        return _COUNTER if action.yes else _NO_COUNTER
    if isinstance(action, Overdraft):
        return _why(_OVERDRAFT, state, seat, action)
    if isinstance(action, TimeUp):
        return _TIME_UP
    return str(action)


# Words with other words in them, made once per asset or mine (its code and the board's
# number of its mine) and the numbers said with it.


@lru_cache(maxsize=1 << 12)
def _sell_offer(code: str, number: int, percent: int) -> T:
    return T(
        "Offer to sell {asset} at {percent}% of its value",
        asset=_asset(code, number),
        percent=percent,
    )


@lru_cache(maxsize=1 << 12)
def _buy_offer(code: str, number: int, percent: int) -> T:
    return T(
        "Offer to buy {asset} at {percent}% of its value",
        asset=_asset(code, number),
        percent=percent,
    )


@lru_cache(maxsize=1 << 10)
def _liquidation(code: str, number: int, discount: int) -> T:
    return T(
        "Sell {asset} to the Bank at {discount}% off",
        asset=_asset(code, number),
        discount=discount,
    )


@lru_cache(maxsize=1 << 8)
def _headgear(name: str, number: int) -> T:
    return T("Build the HEADGEAR of {mine}", mine=_mine(name, number))


@lru_cache(maxsize=1 << 8)
def _nomination(name: str | None, number: int) -> T:
    return T("Nominate {mine}", mine=_mine(name or "", number))


@lru_cache(maxsize=1 << 6)
def _steps(steps: int) -> T:
    if steps == 1:
        return T("Move {steps} square", steps=1)
    return T("Move {steps} squares", steps=steps)


_SEND = T("Send this deal")
_WITHDRAW = T("Withdraw: no deal")
_ACCEPT = T("Accept the deal")
_DECLINE = T("Decline: no deal")
_COUNTER_OFFER = T("Counter: redraft the deal from your side")
_FLASH_SELL = T("Play the FLASH SALE card to sell")
_FLASH_BUY = T("Play the FLASH SALE card to buy")
_ROLL = T("Roll the dice")
_TAKE_LOAN = T("Take the loan")
_NO_LOAN = T("No loan")
_PASS = T("Pass")
_RESHUFFLE = T("Reshuffle the deck")
_NO_RESHUFFLE = T("Do not reshuffle")
_DRAW = T("Draw a card")
_NO_DRAW = T("Do not draw")
_YES = T("Yes")
_NO = T("No")
_COUNTER = T("Counter the takeover")
_NO_COUNTER = T("Do not counter")
_OVERDRAFT = T("Draw overdraft loans")
_TIME_UP = T("End the game: the time is up")
