"""Every game as an OpenSpiel Python game (importing this registers them): the adapter
lives in :mod:`motherlode.rl.openspiel`, whose docstring says what it promises; this
module keeps the older import path."""

from __future__ import annotations

from motherlode.rl.openspiel import (
    DEFAULT_DEALS,
    MAX_GAME_LENGTH,
    InfoStateObserver,
    MotherlodeGame,
    MotherlodeState,
    SeatObserver,
    game_ids,
    short_name,
)

MotherlodeObserver = SeatObserver
"""The observer's former name."""

__all__ = [
    "DEFAULT_DEALS",
    "MAX_GAME_LENGTH",
    "InfoStateObserver",
    "MotherlodeGame",
    "MotherlodeObserver",
    "MotherlodeState",
    "SeatObserver",
    "game_ids",
    "short_name",
]
