"""The words Carcassonne writes from its data, not from code (issue 32): the land tiles'
names in ``data/tiles.toml``, which the log names (``places a tile (city corner)``) and the
page shows for the drawn tile (the observation's ``tile_name``)."""

from __future__ import annotations

from collections.abc import Iterator

from motherlode.engine import Game
from motherlode.games.carcassonne.components import load_tileset


def _tile_names() -> Iterator[str]:
    yield from dict.fromkeys(tile.name for tile in load_tileset().types)


def server_messages(game: Game) -> Iterator[str]:
    return _tile_names()


def browser_messages(game: Game) -> Iterator[str]:
    return _tile_names()
