"""A game's own browser files, served from its package: ``games/<id>/web/``.

Each game ships its renderer (``render.js``), its how-to-play text (``howto.json``), the
sample view its rules page draws (``sample.json``) and any picture it needs, beside its
rules.  The server finds them through the registered :class:`~motherlode.engine.Game`
(``Game.folder("web")``, beside its rules), so a game installed as a separate package (entry point
``motherlode.games``) brings its own, and no list of games lives in the web layer.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from motherlode.engine import Game

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}(\.[a-z]{2})?\.(js|css|json|svg|png)")
"""The file names a game's web folder may serve: one plain name, never a path."""
MEDIA = {
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "json": "application/json",
    "svg": "image/svg+xml",
    "png": "image/png",
}


def web_file(game: Game, name: str) -> Path | None:
    """The file ``name`` of ``game``'s web folder, or None (a bad name included)."""
    match = NAME.fullmatch(name)
    if match is None:
        return None
    file = game.folder("web") / name
    return file if file.is_file() else None


def media_type(name: str) -> str:
    return MEDIA[name.rpartition(".")[2]]


@cache
def howto(game: Game, lang: str = "en") -> dict[str, Any]:
    """How to play, in the game's own words (``web/howto.json``), for the lobby's card and
    the rules page: ``line``, ``length``, ``setup``, ``turn`` (a list), ``scoring``, ``tip``;
    {} where the game has none.  In another language, the game's ``web/howto.<lang>.json``
    where it has one (a game brings its own translations, in its own terms), else English."""
    file = (web_file(game, f"howto.{lang}.json") if lang != "en" else None) or web_file(
        game, "howto.json"
    )
    if file is None:
        return {}
    data = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{game.id}: web/howto.json must hold an object")
    return data


@cache
def game_data(game: Game) -> dict[str, Any] | None:
    """The rules' data a game's renderer needs (its ``web_data.data(game)``: Carcassonne's
    tile definitions), or None where the game has none."""
    module = game.part("web_data")
    if module is None:
        return None
    data: dict[str, Any] = module.data(game)
    return data


def has_renderer(game: Game) -> bool:
    return web_file(game, "render.js") is not None
