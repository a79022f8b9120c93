"""motherlode: one rules engine for five gold-and-market tabletop games.

The public API (DESIGN.md)::

    motherlode.games()                      # ids of the registered games
    game = motherlode.get_game("gonza")
    state = game.new_state(num_players=4, seed=7, options={...})
    state.apply(seat, action)               # raises motherlode.IllegalAction
    record = state.record(); motherlode.replay(record)
"""

# The subpackage motherlode.games (one package per game) is imported first, so that the
# function bound below as ``motherlode.games`` is not later replaced by the subpackage
# when a game's entry point is loaded.
import motherlode.games as _game_packages  # noqa: F401
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
