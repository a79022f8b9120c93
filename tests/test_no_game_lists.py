"""No list of the games outside the registry: a game is found through its entry point and
its own package (issue: "each game owns all of itself").  A game added, or installed from
outside motherlode, must not need a line changed anywhere else, so no source file outside
the games' own packages may name several games together (a dict of per-game settings, a
tuple of ids, a JavaScript table of how-tos)."""

from __future__ import annotations

import re
from pathlib import Path

import motherlode

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("src/motherlode", "bench", "examples")
SUFFIXES = {".py", ".js", ".html", ".css", ".toml"}
WINDOW = 300
"""Characters within which three game ids count as a list."""


def product_games() -> list[str]:
    """The games motherlode ships: the registered ones whose package is inside motherlode."""
    return [
        g for g in motherlode.games() if motherlode.get_game(g).package.startswith("motherlode.")
    ]


def lists_in(text: str, ids: list[str]) -> list[str]:
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    found = [(m.start(), m.group(1)) for m in pattern.finditer(text)]
    hits = []
    for i, (at, _) in enumerate(found):
        near = {name for pos, name in found[i:] if pos - at <= WINDOW}
        if len(near) >= 3:
            hits.append(text[at : at + 80].replace("\n", " "))
    return hits


def test_the_five_games_are_registered_where_they_live() -> None:
    assert len(product_games()) == 5


def test_no_source_outside_the_games_lists_them() -> None:
    ids = product_games()
    offenders = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SUFFIXES or "node_modules" in path.parts:
                continue
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith("src/motherlode/games/"):
                continue  # a game's own package may speak of itself
            hits = lists_in(path.read_text(encoding="utf-8"), ids)
            if hits:
                offenders[relative] = hits[0]
    assert offenders == {}, offenders


def test_the_check_finds_a_list() -> None:
    ids = product_games()
    assert lists_in('GAMES = ("carcassonne", "goldfix", "gonza", "goodwill", "yukon")', ids)
    assert not lists_in("the GOLDFIX dashboard (goldfix only)", ids)
