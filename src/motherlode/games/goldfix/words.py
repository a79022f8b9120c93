"""GOLDFIX's moves in a player's words (issue 28): a web button says what it does, with
the consequence :func:`motherlode.games.goldfix.prompt.label` gives where there is one;
never the notation (``negotiate 1``) nor an asset's code (``DR-C``).  :func:`said` gives
the words for every language, :func:`words` the English."""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.words import T
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
    if not name:
        return T("no mine")
    names = state.board.mines  # type: ignore[attr-defined]
    if name in names:
        return T("the {mine} mine ({letter})", mine=name, letter=chr(ord("A") + names.index(name)))
    return T("the {mine} mine", mine=name)


def asset(state: State, code: str) -> str | T:
    """``ML-Cheetah`` -> ``the MINE LEASE of the Cheetah mine (C)``; bullion and cash as
    they are."""
    kind, _, letter = code.partition("-")
    if kind == "ML":
        return T("the MINE LEASE of {mine} (with its HEADGEAR)", mine=mine(state, letter))
    if kind == "DR":
        return T("a DRILL REPORT of {mine}", mine=mine(state, letter))
    if kind == "HG":
        return T("the HEADGEAR of {mine}", mine=mine(state, letter))
    if kind == "bullion" and letter.isdigit():
        return T("{share}% of your bullion", share=letter)
    return _ITEMS.get(code, code)


_ITEMS: dict[str, str | T] = {"bullion": T("bullion"), "cash": T("cash"), "notes": T("a LOAN NOTE")}


def words(state: State, seat: int, action: Action) -> str:
    """The move in English (:func:`said`)."""
    return str(said(state, seat, action))


def _why(move: T, consequence: str | T | None) -> str | T:
    """The move, then what it does after a colon (where the game says)."""
    return Joined((move, consequence), ": ") if consequence else move


def said(state: State, seat: int, action: Action) -> str | T:
    """The move in a player's words, standing alone, for every language."""
    why = consequence(state, seat, action)
    if isinstance(action, Negotiate):
        return T("Propose a deal to {player}", player=state.seat_name(action.seat))
    if isinstance(action, Offer):
        what = asset(state, action.asset)
        if action.deal == "sell":
            offer = T(
                "Offer to sell {asset} at {percent}% of its value",
                asset=what,
                percent=action.percent,
            )
        else:
            offer = T(
                "Offer to buy {asset} at {percent}% of its value",
                asset=what,
                percent=action.percent,
            )
        return _why(offer, why)
    if isinstance(action, Give | Get):
        item = asset(state, action.item)
        if action.item == "cash":
            item = f"${abs(action.amount)}M"
        elif action.item == "bullion":
            item = T("{koz} kOz of bullion", koz=abs(action.amount))
        if isinstance(action, Give):
            if action.amount > 0:
                return T("Add {item} to what you give", item=item)
            return T("Take off {item} from what you give", item=item)
        if action.amount > 0:
            return T("Add {item} to what you ask for", item=item)
        return T("Take off {item} from what you ask for", item=item)
    if isinstance(action, Propose):
        return T("Send this deal")
    if isinstance(action, Withdraw):
        return T("Withdraw: no deal")
    if isinstance(action, Respond):
        return _why(T("Accept the deal"), why) if action.accept else T("Decline: no deal")
    if isinstance(action, CounterOffer):
        return T("Counter: redraft the deal from your side")
    if isinstance(action, Liquidate):
        sale = T(
            "Sell {asset} to the Bank at {discount}% off",
            asset=asset(state, action.asset),
            discount=action.discount,
        )
        return _why(sale, why)
    if isinstance(action, Repay):
        note = state.params.loan_note  # type: ignore[attr-defined]
        return _why(T("Repay a {note} LOAN NOTE", note=money.dollars(note)), why)
    if isinstance(action, BuyHeadgear):
        return _why(T("Build the HEADGEAR of {mine}", mine=mine(state, action.mine)), why)
    if isinstance(action, FlashSale):
        if action.deal == "sell":
            return _why(T("Play the FLASH SALE card to sell"), why)
        return _why(T("Play the FLASH SALE card to buy"), why)
    if isinstance(action, PlayHold):
        card = action.card.replace("-", " ").replace("_", " ").upper()
        return T("Play the HOLD card {card}", card=card)
    if isinstance(action, Roll):
        return T("Roll the dice")
    if isinstance(action, Move):
        if action.steps == 1:
            move = T("Move {steps} square", steps=1)
        else:
            move = T("Move {steps} squares", steps=action.steps)
        return Joined((move, why), " ") if why else move
    if isinstance(action, Loan):
        return _why(T("Take the loan"), why) if action.take else T("No loan")
    if isinstance(action, Bid):
        return _why(T("Bid ${amount}M", amount=action.amount), why)
    if isinstance(action, Pass):
        return T("Pass")
    if isinstance(action, Commission):
        return _why(T("Set the commission at {percent}%", percent=action.percent), why)
    if isinstance(action, Sell):
        return _why(T("Sell {percent}% of your bullion", percent=action.percent), why)
    if isinstance(action, Reshuffle):
        return T("Reshuffle the deck") if action.yes else T("Do not reshuffle")
    if isinstance(action, Draw):
        return T("Draw a card") if action.yes else T("Do not draw")
    if isinstance(action, Answer):
        return T("Yes") if action.yes else T("No")
    if isinstance(action, Nominate):
        return T("Nominate {mine}", mine=mine(state, action.mine))
    if isinstance(action, Counter):
        return T("Counter the takeover") if action.yes else T("Do not counter")
    if isinstance(action, Overdraft):
        return _why(T("Draw overdraft loans"), why)
    if isinstance(action, TimeUp):
        return T("End the game: the time is up")
    return str(action)
