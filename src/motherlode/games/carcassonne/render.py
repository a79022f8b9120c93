"""Terminal drawing of a Carcassonne observation: the map, the players, what to do next.

Each tile is a 3 x 3 block of characters: cities brown, fields green, roads drawn with
box lines, a cloister as ⌂, a pennant as ◆.  A follower is its player's number on the
feature it stands on; gold is a yellow ¤ with the number of bars.  Squares where the
drawn tile fits are marked with a dot.  Everything comes from the observation (and the
tile file its options name), never from the game state.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import Action, PromptHelp, State
from motherlode.engine.words import T
from motherlode.games.carcassonne.actions import Follower, Pass, Place
from motherlode.games.carcassonne.components import (
    CITY,
    CLOISTER,
    ROAD,
    TileSet,
    feature_name,
    load_tileset,
)
from motherlode.games.carcassonne.words import follower_feature, sentence, words

MAX_COLUMNS = 30
"""Tiles shown across (3 characters each, plus the ruler): fits a 100-column terminal."""
MAX_ROWS = 18

CITY_STYLE = "on rgb(150,95,50)"
CITY_CELL = ("▒", "rgb(190,140,90) " + CITY_STYLE)
FIELD_STYLE = "on rgb(50,110,40)"
EMPTY_STYLE = "grey30"
ROAD_STYLE = "bold white "
SEAT_COLOURS = ("red", "blue", "yellow", "magenta", "cyan")
_STRAIGHT = ({"N", "S"}, {"E", "W"})

_LINES = {
    frozenset("NS"): "│",
    frozenset("EW"): "─",
    frozenset("NE"): "└",
    frozenset("ES"): "┌",
    frozenset("SW"): "┐",
    frozenset("NW"): "┘",
    frozenset("ESW"): "┬",
    frozenset("NES"): "├",
    frozenset("NSW"): "┤",
    frozenset("NEW"): "┴",
    frozenset("NESW"): "┼",
    frozenset("N"): "╵",
    frozenset("E"): "╶",
    frozenset("S"): "╷",
    frozenset("W"): "╴",
}
_SIDE_CELL = {"N": 1, "E": 5, "S": 7, "W": 3}
_CORNERS = ((0, "N", "W"), (2, "N", "E"), (8, "S", "E"), (6, "S", "W"))

Cell = tuple[str, str]
"""A character and its Rich style."""


@lru_cache(maxsize=512)
def tile_picture(tileset: TileSet, tile_id: str, rotation: int) -> tuple[Cell, ...]:
    """The 3 x 3 cells (row by row) of a tile turned ``rotation`` quarter turns."""
    tile = tileset.by_id[tile_id]
    variant = tileset.variants[tile.index * 4 + rotation]
    turned = [(f, {"NESW"[(s + rotation) % 4] for s in f.sides}) for f in tile.features]
    cells: list[Cell] = [(" ", FIELD_STYLE)] * 9
    city_of: dict[str, int] = {}
    for i, (f, sides) in enumerate(turned):
        if f.kind == CITY:
            for side in sides:
                city_of[side] = i
    for cell, a, b in _CORNERS:
        if a in city_of and city_of[a] == city_of.get(b):
            cells[cell] = CITY_CELL
    road_sides: set[str] = set()
    for side, letter in zip("NESW", variant.edges, strict=True):
        if letter == "C":
            cells[_SIDE_CELL[side]] = CITY_CELL
        elif letter == "R":
            road_sides.add(side)
            cells[_SIDE_CELL[side]] = ("│" if side in "NS" else "─", ROAD_STYLE + FIELD_STYLE)
    big_city = next((f for f, sides in turned if f.kind == CITY and len(sides) >= 2), None)
    centre_style = CITY_STYLE if big_city is not None else FIELD_STYLE
    roads = [sides for f, sides in turned if f.kind == ROAD]
    curves_only = len(roads) >= 2 and all(len(s) == 2 and s not in _STRAIGHT for s in roads)
    if curves_only:  # road curves cutting the corners, the middle left to the field
        for sides in roads:
            corner = next(c for c, a, b in _CORNERS if {a, b} == sides)
            cells[corner] = (_LINES[frozenset(sides)], ROAD_STYLE + FIELD_STYLE)
    if any(f.kind == CLOISTER for f in tile.features):
        cells[4] = ("⌂", "bold bright_white " + FIELD_STYLE)
    elif road_sides and not curves_only:
        cells[4] = (_LINES[frozenset(road_sides)], ROAD_STYLE + centre_style)
    elif big_city is not None:
        cells[4] = ("◆", "bold bright_white " + CITY_STYLE) if big_city.pennant else CITY_CELL
    for f, sides in turned:
        if f.pennant and len(sides) == 1:
            cell = _SIDE_CELL[next(iter(sides))]
            cells[cell] = ("◆", "bold bright_white " + CITY_STYLE)
    return tuple(cells)


def render(obs: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The whole table for ``seat`` (None: a spectator), drawn from its observation."""
    options = obs.get("options") or {}
    tileset = load_tileset(str(options.get("components", "")))
    parts: list[RenderableType] = [_header(obs, seat), _board(obs, tileset), _players(obs)]
    prompt = _prompt(obs, tileset)
    if prompt is not None:
        parts.append(prompt)
    return Group(*parts)


def _name(seat: int) -> str:
    return f"Player {seat + 1}"


def _seat_text(seat: int) -> Text:
    return Text(_name(seat), style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def _header(obs: Mapping[str, Any], seat: int | None) -> Text:
    title = "Carcassonne with The Goldmines" if "bars" in obs else "Carcassonne"
    text = Text(title, style="bold")
    text.append(f"  ·  {obs['bag']} tiles in the bag")
    if obs.get("discarded"):
        text.append(f"  ·  set aside: {', '.join(obs['discarded'])}")
    if seat is not None:
        text.append("  ·  you are ")
        text.append_text(_seat_text(seat))
    return text


def _board(obs: Mapping[str, Any], tileset: TileSet) -> Panel:
    tiles = {(x, y): (tid, r) for x, y, tid, r in obs["board"]}
    marks = {(x, y) for x, y, _ in obs.get("placements", [])}
    followers: dict[tuple[int, int], dict[int, int]] = {}
    for x, y, feature, owner in obs["followers"]:
        followers.setdefault((x, y), {})[feature] = owner
    gold = {(x, y): bars for x, y, bars in obs.get("gold", [])}
    xs = [x for x, _ in tiles] + [x for x, _ in marks]
    ys = [y for _, y in tiles] + [y for _, y in marks]
    last = obs.get("last") or [0, 0]
    x0, x1 = _window(min(xs), max(xs), last[0], MAX_COLUMNS)
    y0, y1 = _window(min(ys), max(ys), last[1], MAX_ROWS)
    out = Text()
    out.append("     ")
    for x in range(x0, x1 + 1):
        out.append(f"{x:^3}", style="dim")
    out.append("\n")
    for y in range(y0, y1 + 1):
        for row in range(3):
            out.append(f"{y:>4} " if row == 1 else "     ", style="dim")
            for x in range(x0, x1 + 1):
                cells = _square(tileset, tiles.get((x, y)), (x, y) in marks)
                cells = _with_pieces(cells, tileset, tiles.get((x, y)), followers.get((x, y)))
                if (x, y) in gold:
                    cells = _with_gold(cells, gold[(x, y)])
                for char, style in cells[row * 3 : row * 3 + 3]:
                    out.append(char, style=style)
            out.append("\n")
    caption = f"x {x0}..{x1}, y {y0}..{y1}"
    if tuple(last) in tiles and len(tiles) > 1:
        caption += f"; last tile ({last[0]}, {last[1]})"
    out.append(caption, style="dim")
    return Panel(out, title="map", expand=False)


def _window(lo: int, hi: int, centre: int, size: int) -> tuple[int, int]:
    if hi - lo + 1 <= size:
        return lo, hi
    start = min(max(centre - size // 2, lo), hi - size + 1)
    return start, start + size - 1


def _square(tileset: TileSet, tile: tuple[str, int] | None, marked: bool) -> list[Cell]:
    if tile is None:
        blank = (" ", EMPTY_STYLE)
        return [blank] * 4 + [("·" if marked else " ", "bold bright_white")] + [blank] * 4
    return list(tile_picture(tileset, tile[0], tile[1]))


def _with_pieces(
    cells: list[Cell],
    tileset: TileSet,
    tile: tuple[str, int] | None,
    on_tile: Mapping[int, int] | None,
) -> list[Cell]:
    if tile is None or not on_tile:
        return cells
    t = tileset.by_id[tile[0]]
    anchors = tileset.variants[t.index * 4 + tile[1]].anchors
    for feature, owner in on_tile.items():
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        cells[anchors[feature]] = (str(owner + 1), f"bold black on {colour}")
    return cells


def _with_gold(cells: list[Cell], bars: int) -> list[Cell]:
    """Gold bars in the first corner (or edge) of the tile that shows no follower."""
    for cell in (0, 2, 6, 8, 1, 3, 5, 7):
        if not cells[cell][0].isdigit():
            cells[cell] = ("¤" if bars == 1 else str(min(bars, 9)), "bold black on gold1")
            break
    return cells


def _players(obs: Mapping[str, Any]) -> Table:
    over = obs.get("over", False)
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("player")
    table.add_column("points", justify="right")
    table.add_column("followers", justify="right")
    gold = "bars" in obs
    if gold:
        table.add_column("gold bars", justify="right")
    tally = obs.get("tally", {})
    if over:
        for kind in tally:
            table.add_column(kind, justify="right", style="dim")
    for s in range(obs["num_players"]):
        name = _seat_text(s)
        if s == obs.get("active") and not over:
            name.append(" ◀")
        row: list[RenderableType] = [name, str(obs["points"][s]), str(obs["supply"][s])]
        if gold:
            row.append(str(obs["bars"][s]))
        if over:
            row.extend(str(tally[k][s]) for k in tally)
        table.add_row(*row)
    return table


def _prompt(obs: Mapping[str, Any], tileset: TileSet) -> RenderableType | None:
    phase = obs["phase"]
    who = _name(obs["active"])
    if phase == "place":
        return _place_prompt(obs, tileset, who)
    if phase == "gold":
        squares = ", ".join(f"gold {x} {y}" for x, y in obs["gold_targets"])
        return Text(f"{who}: put the second gold bar next to the gold tile: {squares}")
    if phase == "follower":
        return _follower_prompt(obs, tileset, who)
    if phase == "take":
        claims = ", ".join(
            f"take {x} {y} (claimed by {' and '.join(_name(s) for s in seats)})"
            for x, y, seats in obs["claims"]
        )
        return Text(f"{_name(obs['gold_turn'])} takes a gold bar: {claims}")
    if obs.get("ranking"):
        winners = " and ".join(_name(s) for s in obs["ranking"][0])
        return Text(f"Game over: {winners} win{'s' if len(obs['ranking'][0]) == 1 else ''}")
    return None


def _place_prompt(obs: Mapping[str, Any], tileset: TileSet, who: str) -> RenderableType:
    tile = tileset.by_id[obs["tile"]]
    rotations = sorted({r for _, _, r in obs["placements"]})
    art = Text()
    for row in range(3):
        for r in range(4):
            if tileset.variants[tile.index * 4 + r].same_as != r:
                continue
            for char, style in tile_picture(tileset, tile.id, r)[row * 3 : row * 3 + 3]:
                art.append(char, style=style)
            art.append(f" r{r}  " if row == 1 else "     ", style="dim")
        art.append("\n")
    ways = len(obs["placements"])
    squares = len({(x, y) for x, y, _ in obs["placements"]})
    art.append(
        f"{who} places {tile.id} ({tile.name}): place x y r, r in quarter turns clockwise; "
        f"{ways} ways on {squares} squares (·), using r{', r'.join(map(str, rotations))}"
    )
    return art


def _follower_prompt(obs: Mapping[str, Any], tileset: TileSet, who: str) -> RenderableType:
    last = obs["last"]
    tid, rotation = next((t, r) for x, y, t, r in obs["board"] if [x, y] == last)
    tile = tileset.by_id[tid]
    free = set(obs["free_features"])
    left = obs["supply"][obs["active"]]
    lines = Text(f"{who} may place a follower on the new tile ({left} left):")
    for i in range(len(tile.features)):
        status = "" if i in free else "  (occupied)"
        style = "" if i in free else "dim"
        name = feature_name(tile.features, i, rotation)
        lines.append(f"\n  follower {i}: {name}{status}", style=style)
    lines.append("\n  pass: no follower")
    return lines


def label_words(state: State, seat: int, action: Action) -> T | None:
    """What the prompt shows beside a follower's move: the feature, as words a page
    translates."""
    if isinstance(action, Follower):
        _, variant, _ = state.placed[state.board[state.last]]  # type: ignore[attr-defined]
        tileset = state.tileset  # type: ignore[attr-defined]
        return follower_feature(tileset, variant, action.feature)
    if isinstance(action, Pass):
        return _NO_FOLLOWER
    return None


_NO_FOLLOWER = T("no follower")


def _label(state: State, seat: int, action: Action) -> str | None:
    """:func:`label_words` in English (``PromptHelp.label`` wants a ``str``)."""
    words = label_words(state, seat, action)
    return None if words is None else words.render()


def _same_as(state: State, seat: int, action: Action) -> Action | None:
    """A rotation that looks the same as a listed one is that placement."""
    if not isinstance(action, Place) or not 0 <= action.rotation <= 3:
        return None
    tile: int = state.tile  # type: ignore[attr-defined]
    if tile < 0:
        return None
    tileset: TileSet = state.tileset  # type: ignore[attr-defined]
    same = tileset.variants[tile * 4 + action.rotation].same_as
    return Place(action.x, action.y, same) if same != action.rotation else None


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """Points by kind: roads, cities, cloisters, farms, gold."""
    tally: Mapping[str, list[int]] = obs.get("tally") or {}
    return " + ".join(f"{kind} {row[seat]}" for kind, row in tally.items() if row[seat]) or "-"


PROMPT = PromptHelp(
    label=_label,
    same_as=_same_as,
    score_parts=score_parts,
    words=words,
    label_words=label_words,
    sentence=sentence,
)
"""Followers' features in words; equivalent rotations accepted (see docs/carcassonne.md)."""
