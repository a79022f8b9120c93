"""Gonza Index's moves in a player's words, in the rulebook's terms (issue 28): what a web
button says, never the notation (``up helix``) nor a component id."""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.games.gonza.actions import (
    AddEventToken,
    Bid,
    Decide,
    Discard,
    Earn,
    EndTurn,
    MinisterTurn,
    Pass,
    Place,
    Play,
    Reroll,
    StockDown,
    StockUp,
)

FACE_WORDS = ("value up", "value down", "earn", "place", "bid", "event")


def _corporation(state: State, cid: str) -> str:
    comp = state.comp  # type: ignore[attr-defined]
    corp = comp.corporation.get(cid)
    return corp.name if corp is not None else cid.replace("-", " ").title()


def _card(state: State, cid: str) -> str:
    comp = state.comp  # type: ignore[attr-defined]
    card = comp.card.get(cid)
    return card.name if card is not None else cid.replace("-", " ").title()


def _target(state: State, target: str) -> str:
    comp = state.comp  # type: ignore[attr-defined]
    if target in comp.corporation:
        return _corporation(state, target)
    return f"{target} corporations"


def words(state: State, seat: int, action: Action) -> str:
    """The move as the rulebook says it, standing alone on a button."""
    if isinstance(action, Reroll):
        faces: list[int] = list(getattr(state, "dice", []))
        named = [
            f"die {d} ({FACE_WORDS[faces[d - 1]]})" if 0 < d <= len(faces) else f"die {d}"
            for d in action.dice
        ]
        return "Re-roll " + ", ".join(named)
    if isinstance(action, Earn):
        return "Earn 1 credit"
    if isinstance(action, Place):
        return f"Place a credit on {_corporation(state, action.corporation)}"
    if isinstance(action, StockUp):
        return f"Move {_corporation(state, action.corporation)}'s value marker up 1"
    if isinstance(action, StockDown):
        return f"Move {_corporation(state, action.corporation)}'s value marker down 1"
    if isinstance(action, Bid):
        return f"Bid a credit on the broker card {_card(state, action.card)}"
    if isinstance(action, AddEventToken):
        return "Add an event token to the event track"
    if isinstance(action, Play):
        card = _card(state, action.card)
        if not action.targets:
            return f"Play the broker card {card}"
        targets = " and ".join(_target(state, t) for t in action.targets)
        return f"Play the broker card {card} on {targets}"
    if isinstance(action, EndTurn):
        return "End my turn"
    if isinstance(action, Discard):
        return f"Discard the broker card {_card(state, action.card)}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Decide):
        comp = state.comp  # type: ignore[attr-defined]
        if action.choice in comp.card:
            return f"For the Minister AI: the broker card {_card(state, action.choice)}"
        return f"For the Minister AI: {_corporation(state, action.choice)}"
    if isinstance(action, MinisterTurn):
        return "Play the Minister AI's turn"
    return str(action)
