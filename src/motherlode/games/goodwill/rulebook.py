"""The decision phases, and the rulebook's numbers as ``data/parameters.toml`` gives them.

The numbers (capitals, prices, counts) are design numbers: a game reads them from its
options' parameters (``state.params``), which a designer may change.  ``DEFAULTS`` are the
rulebook's, for code and tests that speak of the rulebook's game.
"""

from __future__ import annotations

from motherlode.engine.parameters import Parameters, load_parameters
from motherlode.games.goodwill.components import CRIMSON, DATA

DEFAULTS: Parameters = load_parameters(DATA)
"""The rulebook's numbers (``data/parameters.toml`` without overrides)."""

AVAILABLE_BOSSES: int = DEFAULTS.available_bosses
"""SETUP: the first 3 cards of the boss deck are revealed: the available bosses."""

PRICE, PARTNER, PROPOSE, VOTE, OVER = "price", "partner", "propose", "vote", "over"
"""The decisions of phase 2 (the only phase that asks anything), and the end."""


def vote_threshold(num_players: int, params: Parameters = DEFAULTS) -> int:
    """REPLACING THE BOSS: 6 yes votes, or 5 in a 4-player game ("4 Player-games")."""
    threshold: int = params.vote_threshold[num_players - 3]
    return threshold


def shares_in_play(num_players: int, company: int, params: Parameters = DEFAULTS) -> int:
    """SETUP, special case: in a 4-player game 2 Crimson shares are removed before dealing."""
    shares: int = params.shares_per_company
    if company == CRIMSON:
        shares -= params.crimson_removed[num_players - 3]
    return shares
