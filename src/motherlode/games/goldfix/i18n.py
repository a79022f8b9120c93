"""The words GOLDFIX writes from its data files, for the catalogs (issue 32): the RISK
cards' titles, texts and YES / NO questions (``data/risk.toml``), which the log, the
decision asked and the buttons name.  Mine names and the board's printed square names are
names: never translated.  The sentences themselves are ``T("…")`` / ``K.t("…")`` literals
in the code."""

from __future__ import annotations

from collections.abc import Iterator

from motherlode.engine import Game
from motherlode.games.goldfix.components import RiskCard, standard_risk_deck


def _cards() -> list[RiskCard]:
    """The packaged deck, each card once (a designer's deck shows its own words in English)."""
    seen: dict[str, RiskCard] = {}
    for card in standard_risk_deck():
        seen.setdefault(card.id, card)
    return list(seen.values())


def server_messages(game: Game) -> Iterator[str]:
    """The cards' titles, texts and questions, as the log and the decision write them."""
    for card in _cards():
        yield card.title
        yield card.text
        if card.question:
            yield card.question


def browser_messages(game: Game) -> Iterator[str]:
    """The cards' titles and questions, as the board's decision panel draws them."""
    for card in _cards():
        yield card.title
        if card.question:
            yield card.question
