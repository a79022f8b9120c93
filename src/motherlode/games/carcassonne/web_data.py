"""What Carcassonne's browser renderer knows of the tiles, sent by the server.

The rules' data (each tile's edges and features, in the order a follower's number counts)
come from the tile file the engine plays (``data/tiles.toml``: web tables play the built-in
tiles), so the page copies none of it.  Only the drawing is the page's own: where each
feature's follower stands on the tile and a few drawing hints, in ``web/tile_art.json``
(tile north up, 0..100: ``at`` per feature; ``stop``, where a dead-end road ends;
``junction``, a crossroads house; ``tight``, a smaller city corner next to a cloister).
"""

from __future__ import annotations

import json
from typing import Any

from motherlode.engine import Game
from motherlode.games.carcassonne.components import KINDS, load_tileset


def data(game: Game) -> dict[str, Any]:
    """``{"tiles": {id: {id, edges, gold, features: [{kind, sides, halves, pennant, at}],
    ...hints}}}`` for every built-in tile."""
    art = json.loads((game.folder("web") / "tile_art.json").read_text(encoding="utf-8"))
    tiles = {}
    for tile in load_tileset().types:
        drawn = art.get(tile.id)
        if drawn is None or len(drawn["at"]) != len(tile.features):
            raise ValueError(f"web/tile_art.json: tile {tile.id} needs one place per feature")
        hints = {k: v for k, v in drawn.items() if k != "at"}
        tiles[tile.id] = {
            "id": tile.id,
            "edges": tile.edges,
            "gold": tile.gold,
            **hints,
            "features": [
                {
                    "kind": KINDS[f.kind],
                    "sides": list(f.sides),
                    "halves": list(f.halves),
                    "pennant": f.pennant,
                    "at": at,
                }
                for f, at in zip(tile.features, drawn["at"], strict=True)
            ],
        }
    return {"tiles": tiles}
