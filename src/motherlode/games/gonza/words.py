"""Gonza Index's moves in a player's words, in the rulebook's terms (issue 28): what a web
button says, never the notation (``up helix``) nor a component id.

:func:`said` keeps the words for every language (issue 32); :func:`words`, the game's
``PromptHelp.words``, is their English, which the terminal, the page and the tests read
today.  (Once the web layer renders words in a table's language, ``said`` can take its
place there.)"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, State
from motherlode.engine.words import T, kept
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


@lru_cache(maxsize=64)
def _die(d: int, face: int | None) -> T:
    """Die ``d`` showing ``face`` (None: a die the state does not show)."""
    if face is not None:
        return T("die {number} ({face})", number=d, face=FACE_WORDS[face])
    return T("die {number}", number=d)


@lru_cache(maxsize=8192)
def _dice(chosen: tuple[tuple[int, int | None], ...]) -> T:
    """The dice of a re-roll, 'die 1 (value up), die 3 (earn)', linked from the right as
    :func:`comma_list` links them.  A decision offers every subset of the dice and each view
    lists them all (the web's hot path): the tails the subsets share are made once."""
    first = _die(*chosen[0])
    if len(chosen) == 1:
        return first
    return kept("{first}, {rest}", first=first, rest=_dice(chosen[1:]))


def said(state: State, seat: int, action: Action) -> T:
    """The move as the rulebook says it, standing alone on a button, in words.  The same
    words for the same move are one object (:func:`kept`), English rendered once: a view
    lists every move a decision offers."""
    if isinstance(action, Reroll):
        faces: list[int] = list(getattr(state, "dice", ()))
        n = len(faces)
        chosen = tuple((d, faces[d - 1] if 0 < d <= n else None) for d in action.dice)
        return kept("Re-roll {dice}", dice=_dice(chosen) if chosen else "")
    if isinstance(action, Earn):
        return _EARN
    if isinstance(action, Place):
        return kept(
            "Place a credit on {corporation}",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, StockUp):
        return kept(
            "Move {corporation}'s value marker up 1",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, StockDown):
        return kept(
            "Move {corporation}'s value marker down 1",
            corporation=_corporation(state, action.corporation),
        )
    if isinstance(action, Bid):
        return kept("Bid a credit on the broker card {card}", card=_card(state, action.card))
    if isinstance(action, AddEventToken):
        return _ADD_EVENT_TOKEN
    if isinstance(action, Play):
        card = _card(state, action.card)
        if not action.targets:
            return kept("Play the broker card {card}", card=card)
        targets = and_list([_target(state, t) for t in action.targets])
        return kept("Play the broker card {card} on {targets}", card=card, targets=targets)
    if isinstance(action, EndTurn):
        return _END_TURN
    if isinstance(action, Discard):
        return kept("Discard the broker card {card}", card=_card(state, action.card))
    if isinstance(action, Pass):
        return _PASS
    if isinstance(action, Decide):
        comp = state.comp  # type: ignore[attr-defined]
        if action.choice in comp.card:
            return kept(
                "For the Minister AI: the broker card {card}", card=_card(state, action.choice)
            )
        return kept(
            "For the Minister AI: {corporation}",
            corporation=_corporation(state, action.choice),
        )
    if isinstance(action, MinisterTurn):
        return _MINISTER_TURN
    return T(str(action))  # no such move: its notation, as it is


_EARN = T("Earn 1 credit")
_ADD_EVENT_TOKEN = T("Add an event token to the event track")
_END_TURN = T("End my turn")
_PASS = T("Pass")
_MINISTER_TURN = T("Play the Minister AI's turn")


def words(state: State, seat: int, action: Action) -> str:
    """The move as the rulebook says it, standing alone on a button (English)."""
    return str(said(state, seat, action))
