"""Gold am Yukon's moves in a player's words (issue 28): never ``enter 15 5`` nor a space's
board code (``22:11``).

:func:`sentence` gives them as words a page translates (:class:`~motherlode.engine.words.T`);
:func:`words` is their English, as ``PromptHelp.words`` wants a ``str`` until the web layer
renders words in the page's language.
"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, State
from motherlode.engine.words import T
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake
from motherlode.games.yukon.components import Board


@lru_cache(maxsize=1 << 10)
def _claim(board: Board, claim: int) -> T:
    """A claim with its nuggets, made once per board and claim (boards never change)."""
    c = next((c for c in board.claims if c.number == claim), None)
    if c is None:
        return T("claim {claim}", claim=claim)
    if c.nuggets == 1:
        return T("claim {claim} (1 nugget)", claim=c.number)
    return T("claim {claim} ({nuggets} nuggets)", claim=c.number, nuggets=c.nuggets)


@lru_cache(maxsize=1 << 14)
def _to(kind: str, board: Board, claim: int, hour: int) -> T:
    """A move to a space (a first stone, an entry, a step), made once per board, kind and
    space (``kind``: the action's ``TYPE``): a decision offers every space in reach, and
    each view lists them all."""
    where = _claim(board, claim)
    if kind == Place.TYPE:
        return T("Place your first stone at {hour} o'clock of {claim}", hour=hour, claim=where)
    if kind == Enter.TYPE:
        return T("Enter the board at {hour} o'clock of {claim}", hour=hour, claim=where)
    return T("Move to {hour} o'clock of {claim}", hour=hour, claim=where)


@lru_cache(maxsize=1 << 10)
def _stake(board: Board, claim: int) -> T:
    """Staking a claim, made once per board and claim."""
    return T("Stake {claim}", claim=_claim(board, claim))


def sentence(state: State, seat: int, action: Action) -> T | str:
    """The move in words (the notation for an action of another game).  The same words for
    the same move are one object, English rendered once: a view lists every move a decision
    offers."""
    if isinstance(action, Place | Enter | Move):
        board = state.board  # type: ignore[attr-defined]
        return _to(action.TYPE, board, action.claim, action.hour)
    if isinstance(action, Stake):
        return _stake(state.board, action.claim)  # type: ignore[attr-defined]
    if isinstance(action, Pass):
        return _PASS
    return str(action)


_PASS = T("Pass: lose the rest of the pips")


def words(state: State, seat: int, action: Action) -> str:
    """:func:`sentence` in English."""
    return str(sentence(state, seat, action))
