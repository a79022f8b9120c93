"""Carcassonne's map as planes, so a convolutional network can read it.

The planes are a uint8 array ``(channels, S, S)``: 0/1 flags and gold bar counts, whole
numbers all, so a quarter of float32's bytes to copy and to keep in a replay buffer.  They
show a square window of the map, ``S = 2R + 1`` squares on a side (``R``: ``radius``, 15
by default), square (x, y) at row ``y - y0`` and column ``x - x0`` (x east, y south, as
the actions name squares).  The window is centred on the middle of the map's bounding box
(rounded down), so it follows the map as it grows; a map up to ``S - 2`` squares across
fits with every empty square around it, which is every square a decision can name
(:meth:`Window.fits`).  The default 31 x 31 window holds maps up to 29 squares across;
1,500 random 2-player games spread at most 22.

Seats are relative to the viewer (slot 0 is the viewer's own), padded to five.  The
channels, in order, are :data:`CHANNELS`; :func:`reference` is their definition, built
from the seat's JSON observation alone (so the planes hold nothing the seat may not
know), and :class:`Canvas` is the fast path the environment uses, kept in step with one
game and checked equal to the definition by the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.games.carcassonne.components import CITY, CLOISTER, FIELD, ROAD, TileSet
from motherlode.games.carcassonne.geometry import OFFSET, ROW_MASK, SHIFT
from motherlode.games.carcassonne.rules import PLACE, TAKE, CarcassonneState

Planes = npt.NDArray[np.uint8]
DTYPE = np.uint8

SEATS = 5
"""Seat slots of the per-seat channels (the game's largest table)."""
SIDES = ("N", "E", "S", "W")
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""Pairs of sides, for the ``joined`` channels: NE NS NW ES EW SW."""

CHANNELS: tuple[str, ...] = (
    "tile",
    *(f"city {s}" for s in SIDES),
    *(f"road {s}" for s in SIDES),
    "cloister",
    "pennant",
    *(f"joined {SIDES[a]}{SIDES[b]}" for a, b in PAIRS),
    "gold bars",
    "start",
    *(f"follower of seat +{k}" for k in range(SEATS)),
    "follower on road",
    "follower on city",
    "follower on field",
    "follower on cloister",
    *(f"follower's feature {s}" for s in SIDES),
    "last",
    *(f"placement turned {r}" for r in range(4)),
    "target",
    *(f"claim of seat +{k}" for k in range(SEATS)),
    *(f"drawn city {s}" for s in SIDES),
    *(f"drawn road {s}" for s in SIDES),
    "drawn cloister",
    "drawn pennant",
)
"""Every plane, in order (see docs: the channels' table)."""

CH = {name: i for i, name in enumerate(CHANNELS)}
TILE_CHANNELS = CH["gold bars"]
"""Channels 0..16 describe the tile on a square (its type turned)."""
GOLD = CH["gold bars"]
START = CH["start"]
FOLLOWER = CH["follower of seat +0"]
FOLLOWER_KIND = CH["follower on road"]
FOLLOWER_SIDES = CH["follower's feature N"]
MAP_CHANNELS = CH["last"]
"""Channels 0..31 are the map itself, the same between two decisions of one turn."""
LAST = CH["last"]
PLACEMENT = CH["placement turned 0"]
TARGET = CH["target"]
CLAIM = CH["claim of seat +0"]
DRAWN = CH["drawn city N"]
DRAWN_CHANNELS = len(CHANNELS) - DRAWN
_KIND_CHANNEL = {ROAD: 0, CITY: 1, FIELD: 2, CLOISTER: 3}
DEFAULT_RADIUS = 15
NOWHERE = np.zeros(0, np.intp)


class Tables:
    """Per rotated tile (variant) of a tile set, what the planes and slots show of it."""

    def __init__(self, tileset: TileSet) -> None:
        self.tileset = tileset
        count = len(tileset.variants)
        self.tile = np.zeros((count, TILE_CHANNELS), DTYPE)
        """Channels ``tile`` .. ``joined SW`` of a square holding the variant."""
        self.follower: list[list[Planes]] = []
        """Per variant, per feature: channels ``follower on road`` .. ``follower's feature W``."""
        for v, var in enumerate(tileset.variants):
            t = var.tile
            row = self.tile[v]
            row[0] = 1
            for side, code in enumerate(var.codes):
                if code == 1:
                    row[1 + side] = 1
                elif code == 2:
                    row[5 + side] = 1
            features = tileset.types[t].features
            row[9] = tileset.cloister_of[t] >= 0
            row[10] = any(f.pennant for f in features)
            sf = var.side_feature
            for i, (a, b) in enumerate(PAIRS):
                row[11 + i] = sf[a] >= 0 and sf[a] == sf[b]
            per_feature = []
            for f, feature in enumerate(features):
                values = np.zeros(8, DTYPE)
                values[_KIND_CHANNEL[feature.kind]] = 1
                for side in touched_sides(var.side_feature, var.half_feature, f):
                    values[4 + side] = 1
                per_feature.append(values)
            self.follower.append(per_feature)
        self.drawn = np.ascontiguousarray(self.tile[0::4, 1:11])
        """Per tile type, north up: the ``drawn ...`` channels."""


def touched_sides(side_feature: Sequence[int], half_feature: Sequence[int], f: int) -> list[int]:
    """The sides (N E S W) feature ``f`` of a turned tile reaches: a road's or city's edges,
    the edges a field touches half or all of; none for a cloister."""
    return [
        s
        for s in range(4)
        if side_feature[s] == f or half_feature[2 * s] == f or half_feature[2 * s + 1] == f
    ]


@lru_cache(maxsize=8)
def tables(tileset: TileSet) -> Tables:
    return Tables(tileset)


class Window:
    """The square of the map the planes (and the factored actions) show."""

    def __init__(self, radius: int = DEFAULT_RADIUS) -> None:
        if not isinstance(radius, int) or radius < 2:
            raise ValueError(f"radius is a whole number of at least 2, not {radius!r}")
        self.radius = radius
        self.size = 2 * radius + 1

    def origin(self, box: tuple[int, int, int, int]) -> tuple[int, int]:
        """The square (x0, y0) at row 0, column 0, for the map's bounding box
        ``(min x, max x, min y, max y)``."""
        r = self.radius
        return (box[0] + box[1]) // 2 - r, (box[2] + box[3]) // 2 - r

    def fits(self, box: tuple[int, int, int, int]) -> bool:
        """Whether the map and every empty square next to it lie in the window."""
        most = self.size - 3
        return box[1] - box[0] <= most and box[3] - box[2] <= most


def _xy(pos: int) -> tuple[int, int]:
    return (pos >> SHIFT) - OFFSET, (pos & ROW_MASK) - OFFSET


class Canvas:
    """The planes of the window with followers by absolute seat, kept in step with one
    game: :meth:`sync` writes a tile once when laid, followers and gold by what changed,
    and shifts the whole when the window moves (a dozen times a game; while the map fits,
    every tile lies in the window); :meth:`mark` writes a decision's channels once.  A
    seat's planes are then one copy (:meth:`planes`)."""

    def __init__(self, table: Tables, window: Window, num_players: int) -> None:
        self.table = table
        self.window = window
        self.n = num_players
        size = window.size
        self.data = np.zeros((len(CHANNELS), size, size), DTYPE)
        """The planes, followers by absolute seat, the claims left out (seat-relative)."""
        self.epoch = 0
        """Counts the restarts: a decision marked before one is gone."""
        self.drawn = -2
        """The tile type the ``drawn`` planes show (-1: none; -2: not known)."""
        self.marked = NOWHERE
        """Where :meth:`mark` wrote the decision's squares (flat indices into ``data``)."""
        self.last = -1
        """Where it wrote the ``last`` tile (-1: nowhere)."""
        self.state: CarcassonneState | None = None
        self.move = -1
        self.count = 0
        self.box = (0, 0, 0, 0)
        self.x0 = self.y0 = -window.radius
        self.fit = True
        self.followers: dict[int, int] = {}
        self.gold: dict[int, int] = {}

    def _restart(self, state: CarcassonneState) -> None:
        r = self.window.radius
        self.data[:] = 0
        self.data[START, r, r] = 1
        self.epoch += 1
        self.drawn = -1
        self.marked = NOWHERE
        self.last = -1
        self.state = state
        self.count = 0
        self.box = (0, 0, 0, 0)
        self.x0 = self.y0 = -r
        self.fit = True
        self.followers = {}
        self.gold = {}

    def _shift(self, x0: int, y0: int) -> None:
        """Move the window's origin to (x0, y0), keeping what stays in view."""
        dx, dy, size = x0 - self.x0, y0 - self.y0, self.window.size
        old = self.data
        new = np.zeros_like(old)
        new[
            :MAP_CHANNELS,
            max(0, -dy) : min(size, size - dy),
            max(0, -dx) : min(size, size - dx),
        ] = old[:MAP_CHANNELS, max(0, dy) : min(size, size + dy), max(0, dx) : min(size, size + dx)]
        self.data = new
        self.drawn = -2  # (the decision's channels are marked again, after every move)
        self.marked = NOWHERE
        self.last = -1
        self.x0, self.y0 = x0, y0

    def sync(self, state: CarcassonneState) -> None:
        """Bring the canvas to ``state``'s map (a state it has not seen: from scratch)."""
        if state is not self.state:
            self._restart(state)
        elif state._move_count == self.move:
            return
        self.move = state._move_count
        placed = state.placed
        size = self.window.size
        if len(placed) > self.count:
            x_lo, x_hi, y_lo, y_hi = self.box
            for pos, _, _ in placed[self.count :]:
                x = (pos >> SHIFT) - OFFSET
                y = (pos & ROW_MASK) - OFFSET
                x_lo, x_hi = min(x_lo, x), max(x_hi, x)
                y_lo, y_hi = min(y_lo, y), max(y_hi, y)
            self.box = box = (x_lo, x_hi, y_lo, y_hi)
            if self.fit:  # (past the window's end, it stays where it was)
                self.fit = self.window.fits(box)
                x0, y0 = self.window.origin(box)
                if self.fit and (x0 != self.x0 or y0 != self.y0):
                    self._shift(x0, y0)
            tile = self.table.tile
            data, x0, y0 = self.data, self.x0, self.y0
            for pos, variant, _ in placed[self.count :]:
                row = (pos & ROW_MASK) - OFFSET - y0
                col = (pos >> SHIFT) - OFFSET - x0
                if 0 <= row < size and 0 <= col < size:
                    data[:TILE_CHANNELS, row, col] = tile[variant]
            self.count = len(placed)
        data, x0, y0 = self.data, self.x0, self.y0
        followers = state.followers
        if followers != self.followers:
            old = self.followers
            tiles = state.graph.tile
            for node in old:
                if node not in followers:
                    pos = placed[tiles[node]][0]
                    row = (pos & ROW_MASK) - OFFSET - y0
                    col = (pos >> SHIFT) - OFFSET - x0
                    if 0 <= row < size and 0 <= col < size:
                        data[FOLLOWER:MAP_CHANNELS, row, col] = 0
            for node, seat in followers.items():
                if node not in old:
                    pos, variant, base = placed[tiles[node]]
                    row = (pos & ROW_MASK) - OFFSET - y0
                    col = (pos >> SHIFT) - OFFSET - x0
                    if 0 <= row < size and 0 <= col < size:
                        data[FOLLOWER + seat, row, col] = 1
                        data[FOLLOWER_KIND:MAP_CHANNELS, row, col] = self.table.follower[variant][
                            node - base
                        ]
            self.followers = followers.copy()
        gold = state.gold_on
        if gold != self.gold:
            for pos in self.gold.keys() | gold.keys():
                row = (pos & ROW_MASK) - OFFSET - y0
                col = (pos >> SHIFT) - OFFSET - x0
                if 0 <= row < size and 0 <= col < size:
                    data[GOLD, row, col] = gold.get(pos, 0)
            self.gold = gold.copy()

    def fits(self) -> bool:
        return self.fit

    def origin(self) -> tuple[int, int]:
        """The window's (x0, y0); for a map that has outgrown it, where it last fitted."""
        return self.x0, self.y0

    def mark(self, state: CarcassonneState, stage: int, squares: npt.NDArray[np.intp]) -> None:
        """Write the channels of the decision now: the ``last`` tile; by ``stage``, the
        legal placements (``squares``: rotation * S² + row * S + column) or targets
        (row * S + column); the ``drawn`` tile while it waits.  Only the squares the
        previous decision marked are cleared."""
        data, size = self.data, self.window.size
        flat = data.reshape(-1)
        flat[self.marked] = 0
        area = size * size
        if squares.size:
            self.marked = squares + (PLACEMENT if stage == PLACE else TARGET) * area
            flat[self.marked] = 1
        else:
            self.marked = squares
        if self.last >= 0:
            flat[self.last] = 0
            self.last = -1
        pos = state.last
        if pos >= 0:
            row, col = (pos & ROW_MASK) - OFFSET - self.y0, (pos >> SHIFT) - OFFSET - self.x0
            if 0 <= row < size and 0 <= col < size:
                self.last = LAST * area + row * size + col
                flat[self.last] = 1
        drawn = state.tile if state.phase == PLACE else -1
        if drawn != self.drawn:
            if drawn >= 0:
                data[DRAWN:] = self.table.drawn[drawn][:, None, None]
            else:
                data[DRAWN:] = 0
            self.drawn = drawn

    def planes(self, state: CarcassonneState, seat: int) -> Planes:
        """``seat``'s planes: a copy, the seats turned, the take stage's claims added."""
        data = self.data
        out = data.copy()
        if seat:  # seat + k to slot k (slots past the table stay 0)
            n, f = self.n, FOLLOWER
            out[f : f + n - seat] = data[f + seat : f + n]
            out[f + n - seat : f + n] = data[f : f + seat]
        if state.phase == TAKE and self.fit:
            n, gold = self.n, state.gold_on
            for pos, who in state.claims.items():
                if pos in gold:
                    row, col = (
                        (pos & ROW_MASK) - OFFSET - self.y0,
                        (pos >> SHIFT) - OFFSET - self.x0,
                    )
                    for s in range(n):
                        if who >> s & 1:
                            out[CLAIM + (s - seat) % n, row, col] = 1
        return out


def reference(view: dict[str, Any], seat: int, tileset: TileSet, window: Window) -> Planes:
    """The planes by their definition: from ``seat``'s JSON observation alone."""
    table = tables(tileset)
    n = view["num_players"]
    size = window.size
    out = np.zeros((len(CHANNELS), size, size), DTYPE)
    board = view["board"]
    xs = [b[0] for b in board]
    ys = [b[1] for b in board]
    box = (min(xs), max(xs), min(ys), max(ys))
    if not window.fits(box):
        raise ValueError("the map has outgrown the window")
    x0, y0 = window.origin(box)
    variant_at: dict[tuple[int, int], int] = {}
    for x, y, tile_id, rotation in board:
        variant = tileset.by_id[tile_id].index * 4 + rotation
        variant_at[x, y] = variant
        out[:TILE_CHANNELS, y - y0, x - x0] = table.tile[variant]
    out[START, -y0, -x0] = 1  # (the start tile is on the map, and the map in the window)
    for x, y, bars in view.get("gold", ()):
        out[GOLD, y - y0, x - x0] = bars
    for x, y, feature, owner in view["followers"]:
        out[FOLLOWER + (owner - seat) % n, y - y0, x - x0] = 1
        out[FOLLOWER_KIND:MAP_CHANNELS, y - y0, x - x0] = table.follower[variant_at[x, y]][feature]
    if view["last"] is not None:
        x, y = view["last"]
        out[LAST, y - y0, x - x0] = 1
    for x, y, rotation in view.get("placements", ()):
        out[PLACEMENT + rotation, y - y0, x - x0] = 1
    for x, y in view.get("gold_targets", ()):
        out[TARGET, y - y0, x - x0] = 1
    if "claims" in view:
        turn = view["gold_turn"]
        for x, y, seats in view["claims"]:
            for s in seats:
                out[CLAIM + (s - seat) % n, y - y0, x - x0] = 1
            if turn in seats:
                out[TARGET, y - y0, x - x0] = 1
    if view["phase"] == "place" and view["tile"] is not None:
        drawn = table.drawn[tileset.by_id[view["tile"]].index]
        out[DRAWN:] = drawn[:, None, None]
    return out
