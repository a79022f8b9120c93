"""The five games at their smallest and largest tables, for every adapter's tests."""

from __future__ import annotations

import motherlode

GAMES = ("carcassonne", "goldfix", "gonza", "goodwill", "yukon")


def extremes() -> list[tuple[str, int]]:
    out = []
    for gid in GAMES:
        game = motherlode.get_game(gid)
        out += [(gid, game.min_players), (gid, game.max_players)]
    return out


TABLES = extremes()
TABLE_IDS = [f"{g}-{n}p" for g, n in TABLES]
