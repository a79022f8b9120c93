"""Gold am Yukon's moves in a player's words (issue 28): never ``enter 15 5`` nor a space's
board code (``22:11``)."""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake


def _claim(state: State, claim: int) -> str:
    board = state.board  # type: ignore[attr-defined]
    c = next((c for c in board.claims if c.number == claim), None)
    if c is None:
        return f"claim {claim}"
    return f"claim {c.number} ({c.nuggets} nugget{'s' if c.nuggets != 1 else ''})"


def words(state: State, seat: int, action: Action) -> str:
    if isinstance(action, Place):
        return f"Place your first stone at {action.hour} o'clock of {_claim(state, action.claim)}"
    if isinstance(action, Enter):
        return f"Enter the board at {action.hour} o'clock of {_claim(state, action.claim)}"
    if isinstance(action, Move):
        return f"Move to {action.hour} o'clock of {_claim(state, action.claim)}"
    if isinstance(action, Stake):
        return f"Stake {_claim(state, action.claim)}"
    if isinstance(action, Pass):
        return "Pass: lose the rest of the pips"
    return str(action)
