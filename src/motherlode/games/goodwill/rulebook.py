"""The rulebook's numbers: setup values, limits, the vote majority, the decision phases."""

from __future__ import annotations

from motherlode.games.goodwill.components import CRIMSON

START_CAPITAL = (110, 100, 100)
"""SETUP: "$100 in gold bars on Crimson and Black's safe, and $110 on Amber's"."""
START_MARKET = (30, 35, 35)
"""SETUP: market share arrows at 30 % for Amber, 35 % for Black and Crimson."""
START_PRICE = 10
"""SETUP: the resource price tokens start on the $10 space."""
START_CASH = 100
"""SETUP: each player receives $100."""
SHARES_PER_COMPANY = 10
TRANSACTIONS_PER_COMPANY = 2
"""TRANSACTION: "There will be 2 transactions per company per turn"."""
AVAILABLE_BOSSES = 3
"""SETUP: the first 3 cards of the boss deck are revealed: the available bosses."""

PRICE, PARTNER, PROPOSE, VOTE, OVER = "price", "partner", "propose", "vote", "over"
"""The decisions of phase 2 (the only phase that asks anything), and the end."""


def vote_threshold(num_players: int) -> int:
    """REPLACING THE BOSS: 6 yes votes, or 5 in a 4-player game ("4 Player-games")."""
    return 5 if num_players == 4 else 6


def shares_in_play(num_players: int, company: int) -> int:
    """SETUP, special case: in a 4-player game 2 Crimson shares are removed before dealing."""
    if num_players == 4 and company == CRIMSON:
        return SHARES_PER_COMPANY - 2
    return SHARES_PER_COMPANY
