"""Goodwill's moves in a player's words (issue 28): what a web button says."""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.games.goodwill.actions import Partner, Pass, Price, Propose, Vote


def words(state: State, seat: int, action: Action) -> str:
    if isinstance(action, Price):
        return f"Set my secret price: ${action.dollars}"
    if isinstance(action, Partner):
        return f"Trade with {state.seat_name(action.player)}"
    if isinstance(action, Propose):
        return f"Propose {action.boss} as the new boss"
    if isinstance(action, Pass):
        return "Propose nobody (the boss stays)"
    if isinstance(action, Vote):
        return "Vote yes" if action.yes else "Vote no"
    return str(action)
