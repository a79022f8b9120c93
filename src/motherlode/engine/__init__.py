"""The game-agnostic core: the State contract, actions, options, records, the registry.

It imports nothing from games, agents or interfaces; arrows point into it, never out.
"""

from motherlode.engine.actions import Action, ActionCodec, ActionSpace
from motherlode.engine.agent import Agent, BotFactory, seat_view
from motherlode.engine.errors import (
    BadAction,
    BadOptions,
    BadRecord,
    BadSeat,
    IllegalAction,
    MotherlodeError,
    UnknownGame,
)
from motherlode.engine.game import Game, PromptHelp
from motherlode.engine.options import GameOptions, option
from motherlode.engine.parameters import Parameters
from motherlode.engine.record import GameRecord, replay
from motherlode.engine.registry import games, get_game, register
from motherlode.engine.state import Event, State

__all__ = [
    "Action",
    "ActionCodec",
    "ActionSpace",
    "Agent",
    "BadAction",
    "BadOptions",
    "BadRecord",
    "BadSeat",
    "BotFactory",
    "Event",
    "Game",
    "GameOptions",
    "GameRecord",
    "IllegalAction",
    "MotherlodeError",
    "Parameters",
    "PromptHelp",
    "State",
    "UnknownGame",
    "games",
    "get_game",
    "option",
    "register",
    "replay",
    "seat_view",
]
