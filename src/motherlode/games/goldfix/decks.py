"""The three GOLDFIX decks (MINE LEASE, DRILL REPORT, RISK) and what players know of them.

A deck is shuffled face down; cards are drawn from the top and go back to the bottom
(RISK cards after use, unsold auction lots, liquidated or forfeited assets).  Everybody
sees a card go back, so a deck is an unknown top part, whose order nobody knows, above a
known bottom part in the order the cards went back.  ``redraw`` shuffles only the unknown
part: that is all a determinization may change.
"""

from __future__ import annotations

import random


class Deck:
    """Card numbers, top first, with the count of cards on top whose order is unknown."""

    __slots__ = ("cards", "unknown")

    def __init__(self, cards: list[int], unknown: int) -> None:
        self.cards = cards
        self.unknown = unknown

    @classmethod
    def shuffled(cls, cards: list[int], rng: random.Random) -> Deck:
        rng.shuffle(cards)
        return cls(cards, len(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self) -> Deck:
        return Deck(list(self.cards), self.unknown)

    def draw(self) -> int:
        """The top card (the deck must not be empty)."""
        if self.unknown:
            self.unknown -= 1
        return self.cards.pop(0)

    def to_bottom(self, card: int) -> None:
        self.cards.append(card)

    def reshuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.cards)
        self.unknown = len(self.cards)

    def known_bottom(self) -> list[int]:
        """The cards whose place everybody knows, top to bottom."""
        return self.cards[self.unknown :]

    def redraw(self, rng: random.Random) -> None:
        """Shuffle the unknown top part (for a determinization).  It is sorted first, so
        that the sample depends on which cards are unknown, never on their hidden order."""
        top = sorted(self.cards[: self.unknown])
        rng.shuffle(top)
        self.cards[: self.unknown] = top
