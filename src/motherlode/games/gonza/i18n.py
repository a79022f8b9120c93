"""The words Gonza Index writes from its data files, for the catalogs (issue 32): the
printed names of the broker and event cards (the log and the refusals name them) and the
broker cards' texts (the board shows them).  Corporation names are names: never translated.
The sentences themselves are ``T("…")`` / ``K.t("…")`` literals in the code."""

from __future__ import annotations

from collections.abc import Iterator

from motherlode.engine import Game
from motherlode.games.gonza.components import Components, load_components


def _packaged() -> Components:
    return load_components("")


def server_messages(game: Game) -> Iterator[str]:
    """The cards' names, as the log and the refusals write them."""
    comp = _packaged()
    yield from (card.name for card in comp.broker_cards)
    yield from (event.name for event in comp.events)


def browser_messages(game: Game) -> Iterator[str]:
    """The cards' names and the broker cards' texts, as the board draws them."""
    comp = _packaged()
    for card in comp.broker_cards:
        yield card.name
        yield card.text
    yield from (event.name for event in comp.events)
