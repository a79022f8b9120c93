"""The game registry: games come from the entry-point group ``motherlode.games``.

An entry point names a :class:`Game` object (``pkg.module:GAME``).  Another package adds a
game by declaring one in its own ``pyproject.toml``; tests and scripts may also call
:func:`register` directly.
"""

from __future__ import annotations

import logging
from importlib.metadata import entry_points

from motherlode.engine.errors import UnknownGame
from motherlode.engine.game import Game

GROUP = "motherlode.games"
log = logging.getLogger("motherlode.registry")

_registered: dict[str, Game] = {}
_broken: dict[str, str] = {}
"""Entry points that failed to load, with the reason (shown when that game is asked for)."""
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
        try:
            game = ep.load()
            if not isinstance(game, Game):
                raise TypeError(f"{ep.value} is not a motherlode Game")
            if game.id != ep.name:
                raise ValueError(f"{ep.value} has the id {game.id!r}")
        except Exception as exc:  # one broken game package must not hide the others
            _broken[ep.name] = f"{type(exc).__name__}: {exc}"
            log.error("game %s could not be loaded: %s", ep.name, _broken[ep.name])
            continue
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
        if game_id in _broken:
            raise UnknownGame(
                f"the game {game_id!r} is installed but cannot be loaded: {_broken[game_id]}"
            ) from None
        known = ", ".join(sorted(_registered)) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None
