"""The game registry: games come from the entry-point group ``motherlode.games``.

An entry point names a :class:`Game` object (``pkg.module:GAME``).  Another package adds a
game by declaring one in its own ``pyproject.toml``; tests and scripts may also call
:func:`register` directly.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from motherlode.engine.errors import UnknownGame
from motherlode.engine.game import Game

GROUP = "motherlode.games"

_registered: dict[str, Game] = {}
_loaded_entry_points = False


def register(game: Game, *, replace: bool = False) -> Game:
    """Make ``game`` known by its id; a second game with the same id is an error."""
    existing = _registered.get(game.id)
    if existing is not None and existing is not game and not replace:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _registered[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def _load_entry_points() -> None:
    global _loaded_entry_points
    if _loaded_entry_points:
        return
    _loaded_entry_points = True
    for ep in entry_points(group=GROUP):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name} = {ep.value} is not a motherlode Game")
        if game.id != ep.name:
            raise ValueError(f"entry point {ep.name!r} names a game with id {game.id!r}")
        _registered.setdefault(game.id, game)


def games() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_entry_points()
    return sorted(_registered)


def get_game(game_id: str) -> Game:
    _load_entry_points()
    try:
        return _registered[game_id]
    except KeyError:
        known = ", ".join(sorted(_registered)) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None
