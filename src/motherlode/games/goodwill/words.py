"""Goodwill's moves in a player's words (issue 28): what a web button says.

:func:`said` keeps the words for every language (issue 32); :func:`words`, the game's
``PromptHelp.words``, is their English, which the terminal, the page and the tests read
today.  (Once the web layer renders words in a table's language, ``said`` can take its
place there.)"""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.words import T
from motherlode.games.goodwill.actions import Partner, Pass, Price, Propose, Vote


def said(state: State, seat: int, action: Action) -> T:
    """The move on a button, in words."""
    if isinstance(action, Price):
        return T("Set my secret price: ${price}", price=action.dollars)
    if isinstance(action, Partner):
        return T("Trade with {player}", player=state.seat_name(action.player - 1))  # 1-based
    if isinstance(action, Propose):
        return T("Propose {boss} as the new boss", boss=action.boss)
    if isinstance(action, Pass):
        return T("Propose nobody (the boss stays)")
    if isinstance(action, Vote):
        return T("Vote yes") if action.yes else T("Vote no")
    return T(str(action))  # no such move: its notation, as it is


def words(state: State, seat: int, action: Action) -> str:
    """The move on a button (English)."""
    return str(said(state, seat, action))
