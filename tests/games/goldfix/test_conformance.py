"""The engine's conformance kit for GOLDFIX, for 3-6 players under every rule level.

Random play is bounded by a one-circuit limit and one trade proposal a turn.  The full
game is checked in depth (every step of a game) for every player count; each other rule
level runs every kit test for 3-6 players, and is checked in depth at one player count
(a different one per level), because the in-depth check costs seconds per game.  The
full-length games are in ``test_soak``.
"""

from typing import Any, ClassVar

from motherlode.testing import ConformanceSuite

SHORT = {"circuit_limit": 1, "trade_offers_per_turn": 1}


class TestConformance(ConformanceSuite):
    """The full game: LEVEL A auctions and bullion markets, negotiable commissions."""

    game_id = "goldfix"
    options: ClassVar[dict[str, Any]] = SHORT
    random_games = 3
    deep_games = 1


class _Level(ConformanceSuite):
    """Another rule level, 3-6 players, without the in-depth check (see _Deep)."""

    game_id = "goldfix"
    random_games = 2
    deep_games = 0
    property_examples = 3


class _Deep(ConformanceSuite):
    """A rule level checked in depth at one player count."""

    game_id = "goldfix"
    random_games = 1
    deep_games = 1
    property_examples = 1


LEVEL_B = {**SHORT, "auction_level": "B", "bullion_market_level": "B"}
LEVEL_EZ1 = {**SHORT, "auction_level": "EZ1", "drill_report_option": True}
LEVEL_EZ2 = {
    **SHORT,
    "auction_level": "EZ2",
    "drill_report_option": True,
    "fixed_commissions": True,
    "quickstart": True,
}
NO_AUCTIONS = {**SHORT, "tabletopia": "no-auctions"}
TIMED_AUCTIONS = {
    **SHORT,
    "tabletopia": "timed-auctions",
    "auction_timer": 20,
    "loan_interest": 10,
    "winner": 750,
}


class TestLevelB(_Level):
    options: ClassVar[dict[str, Any]] = LEVEL_B


class TestLevelBInDepth(_Deep):
    options: ClassVar[dict[str, Any]] = LEVEL_B
    player_counts = (4,)


class TestLevelEZ1(_Level):
    options: ClassVar[dict[str, Any]] = LEVEL_EZ1


class TestLevelEZ1InDepth(_Deep):
    options: ClassVar[dict[str, Any]] = LEVEL_EZ1
    player_counts = (3,)


class TestLevelEZ2(_Level):
    options: ClassVar[dict[str, Any]] = LEVEL_EZ2


class TestLevelEZ2InDepth(_Deep):
    options: ClassVar[dict[str, Any]] = LEVEL_EZ2
    player_counts = (5,)


class TestTabletopiaNoAuctions(_Level):
    options: ClassVar[dict[str, Any]] = NO_AUCTIONS


class TestTabletopiaNoAuctionsInDepth(_Deep):
    options: ClassVar[dict[str, Any]] = NO_AUCTIONS
    player_counts = (6,)


class TestTabletopiaTimedAuctions(_Level):
    options: ClassVar[dict[str, Any]] = TIMED_AUCTIONS


class TestTabletopiaTimedAuctionsInDepth(_Deep):
    options: ClassVar[dict[str, Any]] = TIMED_AUCTIONS
    player_counts = (3,)
