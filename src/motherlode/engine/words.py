"""Words a person reads, kept translatable: an English sentence with ``{name}`` places and
the values that fill them (issue 32's languages).

A game writes ``T("{player} stakes claim {claim}", player=name, claim=3)`` where it wrote an
f-string: ``str()`` of it is the English sentence, so the terminal, the records and every
test read what they read before, and a page in another language renders the same sentence
from its catalog (``render(translate)``, where ``translate`` maps an English sentence to its
translation).  ``T("…")`` is also the marker the catalogs are extracted by
(``python -m motherlode.web.i18n update``), so the sentence must be a literal.  Values that
are themselves words (a card's name in a sentence) are :class:`T` too.

It costs what the f-string cost, once read: the sentence is put together only when read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any


class T:
    """A sentence to translate: an English template and the values of its places."""

    __slots__ = ("_english", "_hash", "_translated", "params", "template")

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        self._english: str | None = None
        self._hash: int | None = None
        self._translated: tuple[Callable[[str], str], str] | None = None

    def render(self, translate: Callable[[str], str] | None = None) -> str:
        """The sentence, translated by ``translate`` (None: in English).  Both are kept once
        made: the English, and the last translation with the function that made it (a
        language's translator is one function, ``web.i18n.translator``, so words made once,
        :data:`kept`, are translated once per language in turn)."""
        if translate is None:
            if self._english is None:
                self._english = self._render(None)
            return self._english
        last = self._translated
        if last is not None and last[0] is translate:
            return last[1]
        text = self._render(translate)
        self._translated = (translate, text)
        return text

    def _render(self, translate: Callable[[str], str] | None) -> str:
        template = self.template if translate is None else translate(self.template)
        params = self.params
        if not params:
            return template
        values = params
        for value in params.values():
            # nested words: render them first (leaves are most); in another language, an
            # unnamed seat's name too
            if isinstance(value, T) or (translate is not None and type(value) is SeatName):
                values = {k: _value(v, translate) for k, v in params.items()}
                break
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError):  # a translation that lost a place
            return self.template.format_map(values) if translate is not None else template

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled (a bot's worker process, Ray) without the last translation: its
        translator is the server's, and a process makes its own."""
        slots = {
            name: getattr(self, name)
            for cls in type(self).__mro__
            for name in getattr(cls, "__slots__", ())
            if hasattr(self, name)
        }
        slots["_translated"] = None
        return None, slots

    def __str__(self) -> str:
        english = self._english
        if english is None:
            english = self._english = self._render(None)
        return english

    def __repr__(self) -> str:
        return f"T({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, T):
            return self.template == other.template and self.params == other.params
        return NotImplemented

    def __hash__(self) -> int:
        """The sentence and its values (words made once, :data:`kept`, are looked up by it:
        the template alone would put every die of a roll in one bucket)."""
        found = self._hash
        if found is None:
            try:
                found = hash((self.template, *sorted(self.params.items())))
            except TypeError:  # a value that is not hashable: the sentence alone
                found = hash(self.template)
            self._hash = found
        return found


class SeatName(str):
    """The name of a seat nobody named: the game's default, "Player 2".  It reads as that
    English wherever a name is text (records, the terminal, the tests), and a sentence that
    names the seat says it in the reader's language ("Spieler 2").  A name a player chose is
    plain text, never translated."""

    __slots__ = ()

    @classmethod
    def of(cls, name: str, seat: int) -> str:
        """``name`` for ``seat`` (0-based), marked where it is the default name."""
        return cls(name) if name == f"Player {seat + 1}" else name

    def words(self) -> T:
        return T("Player {number}", number=int(self.rpartition(" ")[2]))


def _value(value: object, translate: Callable[[str], str] | None) -> object:
    """A sentence's value as its words read in the language (any other value as it is)."""
    if isinstance(value, T):
        return value.render(translate)
    if translate is not None and type(value) is SeatName:
        return value.words().render(translate)
    return value


def linked(items: Sequence[str | T], link: Callable[[str | T, str | T], T]) -> str | T:
    """Items linked from the right, a sentence of two places per link (``link(first,
    rest)``), so that the word or mark between them is the catalog's ("und" in German)
    rather than English glued between translated items; "" for no items."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = link(item, out)
    return out


def render(text: object, translate: Callable[[str], str] | None = None) -> str:
    """Any text in a language: words rendered, anything else as ``str()`` gives it."""
    return text.render(translate) if isinstance(text, T) else str(text)


kept = lru_cache(maxsize=1 << 16, typed=True)(T)
"""``T(...)`` made once for the same sentence and values, and handed out again after: for
words a hot path says over and over (a move button's words, on every view of every
decision), so that they are built and their English rendered once, not on every view.
Every value must be hashable (text, numbers, other words).  Values are told apart by type
as well (``typed``): an unnamed seat's :class:`SeatName` is equal to its English text, but
reads otherwise in another language."""
