"""Gold am Yukon's moves in a player's words (issue 28): never ``enter 15 5`` nor a space's
board code (``22:11``).

:func:`sentence` gives them as words a page translates (:class:`~motherlode.engine.words.T`);
:func:`words` is their English, as ``PromptHelp.words`` wants a ``str`` until the web layer
renders words in the page's language.
"""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.words import T
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake


def _claim(state: State, claim: int) -> T:
    board = state.board  # type: ignore[attr-defined]
    c = next((c for c in board.claims if c.number == claim), None)
    if c is None:
        return T("claim {claim}", claim=claim)
    if c.nuggets == 1:
        return T("claim {claim} (1 nugget)", claim=c.number)
    return T("claim {claim} ({nuggets} nuggets)", claim=c.number, nuggets=c.nuggets)


def sentence(state: State, seat: int, action: Action) -> T | str:
    """The move in words (the notation for an action of another game)."""
    if isinstance(action, Place):
        return T(
            "Place your first stone at {hour} o'clock of {claim}",
            hour=action.hour,
            claim=_claim(state, action.claim),
        )
    if isinstance(action, Enter):
        return T(
            "Enter the board at {hour} o'clock of {claim}",
            hour=action.hour,
            claim=_claim(state, action.claim),
        )
    if isinstance(action, Move):
        return T(
            "Move to {hour} o'clock of {claim}", hour=action.hour, claim=_claim(state, action.claim)
        )
    if isinstance(action, Stake):
        return T("Stake {claim}", claim=_claim(state, action.claim))
    if isinstance(action, Pass):
        return T("Pass: lose the rest of the pips")
    return str(action)


def words(state: State, seat: int, action: Action) -> str:
    """:func:`sentence` in English."""
    return str(sentence(state, seat, action))
