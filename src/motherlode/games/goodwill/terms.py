"""Goodwill's words kept translatable (:class:`~motherlode.engine.words.T`, issue 32): what
the cards print (event labels, resources), lists put together in the reader's language,
and the phrases the log and the refusals share.

Each ``T("…")`` here is a literal so that the catalogs find it; what the cards print comes
from the data files and is listed for the catalogs by ``i18n.py``.  Company and boss names
are names: never translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from motherlode.engine.words import T, linked
from motherlode.games.goodwill.components import EventCard

Words = str | T
"""What fills a place in a sentence: a name (never translated) or words."""


@cache
def named(text: str) -> T:
    """Words printed on a card or the board (a resource, an event's label): the catalog has
    them where the data files do; a designer's own card reads in English."""
    return T(text)


def card_words(card: EventCard) -> T:
    """An «Events» card as it reads, 'Oil +10 / Advertising 1' (``EventCard.label``)."""
    return T("{left} / {right}", left=named(card.left.label), right=named(card.right.label))


def resources_held(held: Sequence[int], names: Sequence[str]) -> Words:
    """A company's tokens, '2 oil, 1 workers', or 'none'."""
    items: list[Words] = [
        T("{count} {resource}", count=k, resource=named(names[r])) for r, k in enumerate(held) if k
    ]
    return comma_list(items) if items else T("none")


def boss_or_nobody(name: str | None) -> Words:
    return T("nobody") if name is None else name


def comma_list(items: Sequence[Words]) -> Words:
    """'a, b, c' with each item in the reader's language."""
    return linked(items, lambda first, rest: T("{first}, {rest}", first=first, rest=rest))


def semicolon_list(items: Sequence[Words]) -> Words:
    """'a; b; c': the revealed information cards."""
    return linked(items, lambda first, rest: T("{first}; {rest}", first=first, rest=rest))
