"""GOLDFIX's moves in a player's words (issue 28): a web button says what it does, with
the consequence :func:`motherlode.games.goldfix.prompt.label` gives where there is one;
never the notation (``negotiate 1``) nor an asset's code (``DR-C``)."""

from __future__ import annotations

from motherlode.engine import Action, State
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
from motherlode.games.goldfix.prompt import label


def mine(state: State, name: str | None) -> str:
    """A mine as the board shows it: ``the Cheetah mine (C)``."""
    if not name:
        return "no mine"
    names = state.board.mines  # type: ignore[attr-defined]
    if name in names:
        return f"the {name} mine ({chr(ord('A') + names.index(name))})"
    return f"the {name} mine"


def asset(state: State, code: str) -> str:
    """``ML-Cheetah`` -> ``the MINE LEASE of the Cheetah mine (C)``; bullion and cash as
    they are."""
    kind, _, letter = code.partition("-")
    if kind == "ML":
        return f"the MINE LEASE of {mine(state, letter)} (with its HEADGEAR)"
    if kind == "DR":
        return f"a DRILL REPORT of {mine(state, letter)}"
    if kind == "HG":
        return f"the HEADGEAR of {mine(state, letter)}"
    if kind == "bullion" and letter.isdigit():
        return f"{letter}% of your bullion"
    return {"bullion": "bullion", "cash": "cash", "notes": "a LOAN NOTE"}.get(code, code)


def words(state: State, seat: int, action: Action) -> str:
    said = label(state, seat, action)
    why = f": {said}" if said else ""
    if isinstance(action, Negotiate):
        return f"Propose a deal to {state.seat_name(action.seat)}"
    if isinstance(action, Offer):
        verb = "Offer to sell" if action.deal == "sell" else "Offer to buy"
        return f"{verb} {asset(state, action.asset)} at {action.percent}% of its value{why}"
    if isinstance(action, Give | Get):
        item = asset(state, action.item)
        if action.item == "cash":
            item = f"${abs(action.amount)}M"
        elif action.item == "bullion":
            item = f"{abs(action.amount)} kOz of bullion"
        side = "what you give" if isinstance(action, Give) else "what you ask for"
        verb = "Add" if action.amount > 0 else "Take off"
        return f"{verb} {item} {'to' if action.amount > 0 else 'from'} {side}"
    if isinstance(action, Propose):
        return "Send this deal"
    if isinstance(action, Withdraw):
        return "Withdraw: no deal"
    if isinstance(action, Respond):
        return f"Accept the deal{why}" if action.accept else "Decline: no deal"
    if isinstance(action, CounterOffer):
        return "Counter: redraft the deal from your side"
    if isinstance(action, Liquidate):
        return f"Sell {asset(state, action.asset)} to the Bank at {action.discount}% off{why}"
    if isinstance(action, Repay):
        note = state.params.loan_note  # type: ignore[attr-defined]
        return f"Repay a {money.dollars(note)} LOAN NOTE{why}"
    if isinstance(action, BuyHeadgear):
        return f"Build the HEADGEAR of {mine(state, action.mine)}{why}"
    if isinstance(action, FlashSale):
        verb = "sell" if action.deal == "sell" else "buy"
        return f"Play the FLASH SALE card to {verb}{why}"
    if isinstance(action, PlayHold):
        return f"Play the HOLD card {action.card.replace('-', ' ').replace('_', ' ').upper()}"
    if isinstance(action, Roll):
        return "Roll the dice"
    if isinstance(action, Move):
        steps = f"{action.steps} square{'s' if action.steps != 1 else ''}"
        return f"Move {steps}{' ' + said if said else ''}"
    if isinstance(action, Loan):
        return f"Take the loan{why}" if action.take else "No loan"
    if isinstance(action, Bid):
        return f"Bid ${action.amount}M{why}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Commission):
        return f"Set the commission at {action.percent}%{why}"
    if isinstance(action, Sell):
        return f"Sell {action.percent}% of your bullion{why}"
    if isinstance(action, Reshuffle):
        return "Reshuffle the deck" if action.yes else "Do not reshuffle"
    if isinstance(action, Draw):
        return "Draw a card" if action.yes else "Do not draw"
    if isinstance(action, Answer):
        return "Yes" if action.yes else "No"
    if isinstance(action, Nominate):
        return f"Nominate {mine(state, action.mine)}"
    if isinstance(action, Counter):
        return "Counter the takeover" if action.yes else "Do not counter"
    if isinstance(action, Overdraft):
        return f"Draw overdraft loans{why}"
    if isinstance(action, TimeUp):
        return "End the game: the time is up"
    return str(action)
