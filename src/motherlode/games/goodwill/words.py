"""Goodwill's moves in a player's words (issue 28): what a web button says.

:func:`said` keeps the words for every language (issue 32); :func:`words`, the game's
``PromptHelp.words``, is their English, which the terminal, the page and the tests read
today.  (Once the web layer renders words in a table's language, ``said`` can take its
place there.)"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, State
from motherlode.engine.words import T, kept
from motherlode.games.goodwill.actions import Partner, Pass, Price, Propose, Vote


@lru_cache(maxsize=1024)
def _price(dollars: int) -> T:
    """A price wheel's button, made once per price: a price decision offers every price on
    the wheel, and each view lists them all."""
    return T("Set my secret price: ${price}", price=dollars)


def said(state: State, seat: int, action: Action) -> T:
    """The move on a button, in words.  The same words for the same move are one object
    (:func:`kept`), English rendered once: a view lists every move a decision offers."""
    if isinstance(action, Price):
        return _price(action.dollars)
    if isinstance(action, Partner):
        return kept("Trade with {player}", player=state.seat_name(action.player - 1))  # 1-based
    if isinstance(action, Propose):
        return kept("Propose {boss} as the new boss", boss=action.boss)
    if isinstance(action, Pass):
        return _PASS
    if isinstance(action, Vote):
        return _VOTE_YES if action.yes else _VOTE_NO
    return T(str(action))  # no such move: its notation, as it is


_PASS = T("Propose nobody (the boss stays)")
_VOTE_YES = T("Vote yes")
_VOTE_NO = T("Vote no")


def words(state: State, seat: int, action: Action) -> str:
    """The move on a button (English)."""
    return str(said(state, seat, action))
