"""Gonza Index's moves in a player's words, in the rulebook's terms (issue 28): what a web
button says, never the notation (``up helix``) nor a component id.

:func:`said` keeps the words for every language (issue 32); :func:`words`, the game's
``PromptHelp.words``, is their English, which the terminal, the page and the tests read
today.  (Once the web layer renders words in a table's language, ``said`` can take its
place there.)"""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.words import T
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
from motherlode.games.gonza.terms import (
    FACE_WORDS,
    TYPE_CORPORATIONS,
    Words,
    and_list,
    comma_list,
    named,
)


def _corporation(state: State, cid: str) -> str:
    comp = state.comp  # type: ignore[attr-defined]
    corp = comp.corporation.get(cid)
    return corp.name if corp is not None else cid.replace("-", " ").title()


def _card(state: State, cid: str) -> Words:
    comp = state.comp  # type: ignore[attr-defined]
    card = comp.card.get(cid)
    return named(card.name) if card is not None else cid.replace("-", " ").title()


def _target(state: State, target: str) -> Words:
    comp = state.comp  # type: ignore[attr-defined]
    if target in comp.corporation:
        return _corporation(state, target)
    return TYPE_CORPORATIONS.get(target, target)


def _die(faces: list[int], d: int) -> T:
    if 0 < d <= len(faces):
        return T("die {number} ({face})", number=d, face=FACE_WORDS[faces[d - 1]])
    return T("die {number}", number=d)


def said(state: State, seat: int, action: Action) -> T:
    """The move as the rulebook says it, standing alone on a button, in words."""
    if isinstance(action, Reroll):
        faces: list[int] = list(getattr(state, "dice", []))
        return T("Re-roll {dice}", dice=comma_list([_die(faces, d) for d in action.dice]))
    if isinstance(action, Earn):
        return T("Earn 1 credit")
    if isinstance(action, Place):
        return T(
            "Place a credit on {corporation}",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, StockUp):
        return T(
            "Move {corporation}'s value marker up 1",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, StockDown):
        return T(
            "Move {corporation}'s value marker down 1",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, Bid):
        return T("Bid a credit on the broker card {card}", card=_card(state, action.card))
    if isinstance(action, AddEventToken):
        return T("Add an event token to the event track")
    if isinstance(action, Play):
        card = _card(state, action.card)
        if not action.targets:
            return T("Play the broker card {card}", card=card)
        targets = and_list([_target(state, t) for t in action.targets])
        return T("Play the broker card {card} on {targets}", card=card, targets=targets)
    if isinstance(action, EndTurn):
        return T("End my turn")
    if isinstance(action, Discard):
        return T("Discard the broker card {card}", card=_card(state, action.card))
    if isinstance(action, Pass):
        return T("Pass")
    if isinstance(action, Decide):
        comp = state.comp  # type: ignore[attr-defined]
        if action.choice in comp.card:
            return T(
                "For the Minister AI: the broker card {card}", card=_card(state, action.choice)
            )
        return T(
            "For the Minister AI: {corporation}",
            corporation=_corporation(state, action.choice),
        )
    if isinstance(action, MinisterTurn):
        return T("Play the Minister AI's turn")
    return T(str(action))  # no such move: its notation, as it is


def words(state: State, seat: int, action: Action) -> str:
    """The move as the rulebook says it, standing alone on a button (English)."""
    return str(said(state, seat, action))
