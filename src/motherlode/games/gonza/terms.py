"""Gonza Index's terms as translatable words (:class:`~motherlode.engine.words.T`): the
corporation types, the die faces, the names printed on cards, and lists put together in
the reader's language (issue 32).

The log, the refusals and the buttons build their sentences from these, so that a page in
German reads 'Finanzen -2' where the terminal reads 'financial -2'.  Each ``T("…")`` here
is a literal so that the catalogs find it; a card's name comes from the data files and is
listed for the catalogs by ``i18n.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from motherlode.engine.words import T, linked

Words = str | T
"""What fills a place in a sentence: a name (never translated) or words."""

TYPE = {
    "financial": T("financial"),
    "services": T("services"),
    "tech": T("tech"),
    "resource": T("resource"),
}
"""A corporation type as the event cards and the market list print it."""

TYPE_CORPORATIONS = {
    "financial": T("financial corporations"),
    "services": T("services corporations"),
    "tech": T("tech corporations"),
    "resource": T("resource corporations"),
}
"""Every corporation of a type, as a card names its target (a button: 'on tech corporations')."""

THE_TYPE_CORPORATIONS = {
    "financial": T("the financial corporations"),
    "services": T("the services corporations"),
    "tech": T("the tech corporations"),
    "resource": T("the resource corporations"),
}
"""The same in a sentence of the log ('plays Sector Surge on the tech corporations')."""

FACE_SHORT: tuple[Words, ...] = ("+1", "-1", T("earn"), T("place"), T("bid"), T("event"))
"""A die's face in a roll ('rolls +1 earn place bid event'), by face number."""

FACE_TEXT = (
    T("stock +1"),
    T("stock -1"),
    T("earn 1 credit"),
    T("place a stock"),
    T("bid on a broker card"),
    T("add event token"),
)
"""A die's face as the rulebook's dice list names it, by face number."""

FACE_WORDS = (T("value up"), T("value down"), T("earn"), T("place"), T("bid"), T("event"))
"""A die's face on a re-roll button ('die 2 (value up)'), by face number."""


@cache
def named(name: str) -> T:
    """A card's printed name (or text) as words: the catalog has it where the data files
    do (``i18n.server_messages``); a designer's own card reads in English."""
    return T(name)


@lru_cache(maxsize=8192)
def roll_words(faces: tuple[int, ...]) -> Words:
    """The faces of a roll as the log lists them ('+1 earn place bid event'), made once per
    roll seen (a live table logs every roll and re-roll)."""
    return spaced_list([FACE_SHORT[f] for f in faces])


def type_word(kind: str) -> Words:
    """A corporation type; an unknown one (never, the components are checked) as it is."""
    return TYPE.get(kind, kind)


def comma_list(items: Sequence[Words]) -> Words:
    """'a, b, c' with each item in the reader's language."""
    return linked(items, lambda first, rest: T("{first}, {rest}", first=first, rest=rest))


def and_list(items: Sequence[Words]) -> Words:
    """'a and b and c' (the log's and the buttons' way of naming several targets)."""
    return linked(items, lambda first, rest: T("{first} and {rest}", first=first, rest=rest))


def spaced_list(items: Sequence[Words]) -> Words:
    """'a b c': the faces of a roll."""
    return linked(items, lambda first, rest: T("{first} {rest}", first=first, rest=rest))
