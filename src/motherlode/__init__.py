"""motherlode: one rules engine for five gold-and-market tabletop games.

The public API (DESIGN.md)::

    motherlode.games()                      # ids of the registered games
    game = motherlode.get_game("gonza")
    state = game.new_state(num_players=4, seed=7, options={...})
    state.apply(seat, action)               # raises motherlode.IllegalAction
    record = state.record(); motherlode.replay(record)
"""

from motherlode.engine import (
    Action,
    BadAction,
    BadOptions,
    BadRecord,
    Game,
    GameRecord,
    IllegalAction,
    MotherlodeError,
    State,
    UnknownGame,
    games,
    get_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BadAction",
    "BadOptions",
    "BadRecord",
    "Game",
    "GameRecord",
    "IllegalAction",
    "MotherlodeError",
    "State",
    "UnknownGame",
    "games",
    "get_game",
    "replay",
]
