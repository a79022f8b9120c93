"""The words Goodwill writes from its data files, for the catalogs (issue 32): the labels of
the «Events» cards ('Oil +10', 'Advertising 1') and the resources ('oil'), which the log
and the board show.  Company and boss names are names: never translated.  The sentences
themselves are ``T("…")`` / ``K.t("…")`` literals in the code."""

from __future__ import annotations

from collections.abc import Iterator

from motherlode.engine import Game
from motherlode.games.goodwill.components import COMPONENTS


def _printed() -> Iterator[str]:
    yield from COMPONENTS.resources
    seen: set[str] = set()
    for card in COMPONENTS.events:
        for event in (card.left, card.right):
            if event.label not in seen:
                seen.add(event.label)
                yield event.label


def server_messages(game: Game) -> Iterator[str]:
    """What the log writes from the cards and the board."""
    yield from _printed()


def browser_messages(game: Game) -> Iterator[str]:
    """What the board draws from the cards and the board."""
    yield from _printed()
