"""TRANSACTION and "Special situations during the transactions": who trades, at what price.

Pure functions on the revealed prices, so every special case of the rulebook is tested
without a game around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Deal:
    """The outcome of one transaction's prices, before partners are chosen.

    ``buyers`` are the high marketers left after excluding those without the cash,
    ``sellers`` the low marketers; as many shares change hands as the smaller group counts.
    """

    price: int
    buyers: tuple[int, ...]
    sellers: tuple[int, ...]
    excluded: tuple[int, ...]
    """High marketers excluded for want of cash (in every round of the resolution)."""

    @property
    def trades(self) -> int:
        return min(len(self.buyers), len(self.sellers))

    @property
    def choosers_are_buyers(self) -> bool:
        """True when the buyers are the smaller group, so they choose their sellers."""
        return len(self.buyers) < len(self.sellers)


def average_price(high: int, low: int) -> int:
    """The rulebook's "average price", rounded down to whole dollars (COMPONENTS.md)."""
    return (high + low) // 2


def match_prices(
    prices: Sequence[int], holders: Sequence[bool], cash: Sequence[int]
) -> Deal | None:
    """Resolve one transaction's revealed prices (seat order), or None if nobody trades.

    The high marketers chose the highest price; the low marketers the lowest price among the
    players who have the share.  High marketers with less cash than the average price are
    excluded; if none is left, the resolution is redone without the excluded players.  When
    the highest price equals the low marketers' price nobody trades (docs/goodwill.md: a
    player cannot trade with itself and nobody values the share above a holder).
    """
    active = list(range(len(prices)))
    excluded: list[int] = []
    while True:
        held = [prices[s] for s in active if holders[s]]
        if not held:
            return None
        low = min(held)
        high = max(prices[s] for s in active)
        if high == low:
            return None
        price = average_price(high, low)
        highs = [s for s in active if prices[s] == high]
        buyers = tuple(s for s in highs if cash[s] >= price)
        excluded.extend(s for s in highs if cash[s] < price)
        if buyers:
            sellers = tuple(s for s in active if holders[s] and prices[s] == low)
            return Deal(price, buyers, sellers, tuple(excluded))
        active = [s for s in active if prices[s] != high]
