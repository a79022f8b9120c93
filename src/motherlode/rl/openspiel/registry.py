"""One OpenSpiel game class per game, registered under its short name (and, for a game
with simultaneous decisions, a turn-based one); the classes live here by name, so games
and states pickle."""

from __future__ import annotations

import sys

import pyspiel

from motherlode.engine import games, get_game
from motherlode.rl.openspiel.game import MotherlodeGame, game_type
from motherlode.rl.tensors import layout_module


def game_ids() -> list[str]:
    """The registered games OpenSpiel can load: those with an integer action space and a
    tensor layout (their own ``tensors`` module)."""
    return [
        g
        for g in games()
        if get_game(g).action_space_factory is not None and layout_module(get_game(g))
    ]


def _register() -> None:
    module = sys.modules[__name__]
    for game_id in game_ids():
        game = get_game(game_id)
        for turn_based in (False, True) if game.simultaneous else (False,):
            name = f"Motherlode{game_id.title()}{'TurnBased' if turn_based else ''}Game"
            cls = type(
                name,
                (MotherlodeGame,),
                {"game_id": game_id, "turn_based": turn_based, "__module__": __name__},
            )
            setattr(module, name, cls)
            pyspiel.register_game(game_type(game, turn_based), cls)


_register()
