"""Lists inside a GOLDFIX sentence, kept translatable (issue 32's languages).

A log line such as ``Bids on the Kudu MINE LEASE: Blue $40M, Red pass`` holds a list whose
items are words ("pass"), and a deal lists what each side gives (``the MINE LEASE of Fox +
$40M``): joined into one English string, they could never be read in another language.
:class:`Joined` keeps the items and the mark between them (a mark, never a word), each
item rendered in the reader's language; :func:`either` and :func:`together` join with the
words "or" and "and", which are templates of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from motherlode.engine.words import T, render


class Joined(T):
    """Items joined by a mark that is no word (``", "``, ``" + "``), each in the language."""

    __slots__ = ("items", "mark")

    def __init__(self, items: Sequence[str | T], mark: str = ", ") -> None:
        super().__init__("")
        self.items = tuple(items)
        self.mark = mark

    def _render(self, translate: Callable[[str], str] | None) -> str:
        """The items joined (the English kept once made, as :class:`T` keeps its own)."""
        return self.mark.join([render(item, translate) for item in self.items])

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.mark!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Joined):
            return self.items == other.items and self.mark == other.mark
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.items, self.mark))


def either(items: Sequence[str | T]) -> str | T:
    """``1 or 2 or 3``: each "or" a template, so a language says its own word."""
    out = items[0]
    for item in items[1:]:
        out = T("{first} or {second}", first=out, second=item)
    return out


def together(items: Sequence[str | T]) -> str | T:
    """``Blue and Red``: each "and" a template."""
    out = items[0]
    for item in items[1:]:
        out = T("{first} and {second}", first=out, second=item)
    return out
