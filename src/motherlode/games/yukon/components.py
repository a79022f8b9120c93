"""The board of Gold am Yukon: claims, the rings of 12 spaces round them, the start spaces.

The rulebook ("Preparation") speaks of claims, the spaces round them and start spaces
marked "s"; COMPONENTS.md fixes the geometry (the board itself is reconstructed, see
docs/yukon.md):

* claim centres lie on a hexagonal patch of cells (37 cells, radius 3), kept as data in
  ``data/board.toml`` (number, axial position, nuggets);
* each claim is ringed by 12 spaces at 30° steps, named by the claim's number and an
  hour of a clock face (12 at the top, 3 to the right);
* neighbouring rings touch: the space on the line between two neighbouring centres belongs
  to both rings (the odd hours face the six neighbours), so a chain passes from ring to ring
  there; consecutive spaces of a ring are adjacent, and that is the only adjacency;
* start spaces are the ring spaces on the board's outer edge that no other ring shares: an
  odd hour facing no neighbour, or an even hour beside such an odd hour (any board has at
  least 12 of them, enough for six players).

Everything but the claim list is derived here, once per board, and checked by tests.  A
designer's components folder (``components=DIR``, :mod:`motherlode.engine.components`) may
hold its own ``board.toml``; its keys replace the built-in ones.
Spaces and claims are small integers inside the rules (claim index = number - 1); players
read and type them as ``claim:hour`` (``19:3``), always in the form of the lowest claim number
holding the space.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine.components import ComponentError, designer_folder, folder_cached, load

HOURS = 12
"""Spaces round one claim, one per hour of a clock face."""

NEIGHBOUR_AT_HOUR: Mapping[int, tuple[int, int]] = {
    3: (1, 0),
    1: (1, -1),
    11: (0, -1),
    9: (-1, 0),
    7: (-1, 1),
    5: (0, 1),
}
"""Axial offset (dq, dr) of the claim whose ring shares the space at each odd hour."""

GRID_CLAIM_STEP = (8, 4, 4)
"""Map drawing: a claim at (q, r) is drawn at column 8q + 4r and row 4r."""

GRID_HOUR_OFFSET: Mapping[int, tuple[int, int]] = {
    12: (0, -2),
    1: (2, -2),
    2: (3, -1),
    3: (4, 0),
    4: (3, 1),
    5: (2, 2),
    6: (0, 2),
    7: (-2, 2),
    8: (-3, 1),
    9: (-4, 0),
    10: (-3, -1),
    11: (-2, -2),
}
"""Map drawing: (column, row) of each hour's space relative to its claim's centre.

Chosen so that a shared space lands on the same character cell from both of its claims.
"""


DATA = Path(__file__).resolve().parent / "data"
FILES = ("board.toml",)
"""The component files of a designer's folder (besides parameters.toml)."""


class BoardError(ComponentError):
    """A board file that cannot be played (the message says why)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim: its number on the board, its axial position and its nuggets."""

    number: int
    q: int
    r: int
    nuggets: int


@dataclass(frozen=True, eq=False)
class Board:
    """A playable board; compared and hashed by identity (one object per file)."""

    name: str
    claims: tuple[Claim, ...]
    """Index = claim number - 1."""
    ring: tuple[tuple[int, ...], ...]
    """Claim index -> its 12 spaces, indexed by ``hour % 12`` (12 o'clock first)."""
    ring_sets: tuple[frozenset[int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    """Space -> the adjacent spaces (2, or 4 where two rings meet), in id order."""
    rings_of: tuple[tuple[int, ...], ...]
    """Space -> the claim indices whose ring holds it (1 or 2)."""
    names: tuple[tuple[int, int], ...]
    """Space -> its name (claim number, hour), the lowest claim number holding it."""
    labels: tuple[str, ...]
    """Space -> ``"claim:hour"``."""
    space_at: Mapping[tuple[int, int], int]
    """(claim number, hour) -> space, for every name of a space (shared ones have two)."""
    start_spaces: tuple[int, ...]
    is_start: tuple[bool, ...]

    @property
    def num_spaces(self) -> int:
        return len(self.names)

    @property
    def total_nuggets(self) -> int:
        return sum(c.nuggets for c in self.claims)

    def label(self, space: int) -> str:
        return self.labels[space]


def grid_position(q: int, r: int, hour: int) -> tuple[int, int]:
    """(column, row) of a space on the drawn map; the board's centre claim is at (0, 0)."""
    dx, dy = GRID_HOUR_OFFSET[hour]
    step_q, step_r, step_row = GRID_CLAIM_STEP
    return step_q * q + step_r * r + dx, step_row * r + dy


def build_board(name: str, claims: list[Claim]) -> Board:
    """Derive rings, adjacency and start spaces from the claims; raise BoardError if unfit."""
    if not claims:
        raise BoardError("a board needs at least one claim")
    claims = sorted(claims, key=lambda c: c.number)
    if [c.number for c in claims] != list(range(1, len(claims) + 1)):
        raise BoardError(f"claims must be numbered 1 to {len(claims)} without gaps")
    index_at: dict[tuple[int, int], int] = {}
    for i, c in enumerate(claims):
        if (c.q, c.r) in index_at:
            other = claims[index_at[c.q, c.r]].number
            raise BoardError(f"claims {other} and {c.number} lie on the same cell ({c.q}, {c.r})")
        if c.nuggets < 0:
            raise BoardError(f"claim {c.number} has a negative number of nuggets")
        index_at[c.q, c.r] = i

    names: list[tuple[int, int]] = []
    space_at: dict[tuple[int, int], int] = {}
    rings: list[list[int]] = [[0] * HOURS for _ in claims]
    rings_of: list[list[int]] = []
    open_edge: set[tuple[int, int]] = set()  # (claim index, odd hour) facing no neighbour
    for i, c in enumerate(claims):
        for hour in range(1, HOURS + 1):
            offset = NEIGHBOUR_AT_HOUR.get(hour)
            j = None if offset is None else index_at.get((c.q + offset[0], c.r + offset[1]))
            if offset is not None and j is None:
                open_edge.add((i, hour))
            if j is not None and j < i:
                space = space_at[claims[j].number, (hour + 5) % HOURS + 1]
                rings_of[space].append(i)
            else:
                space = len(names)
                names.append((c.number, hour))
                rings_of.append([i])
            space_at[c.number, hour] = space
            rings[i][hour % HOURS] = space

    adjacent: list[set[int]] = [set() for _ in names]
    for ring in rings:
        for k in range(HOURS):
            a, b = ring[k], ring[(k + 1) % HOURS]
            adjacent[a].add(b)
            adjacent[b].add(a)

    starts: list[int] = []
    for i in range(len(claims)):
        for hour in range(1, HOURS + 1):
            space = rings[i][hour % HOURS]
            if len(rings_of[space]) > 1:
                continue
            before, after = (hour - 2) % HOURS + 1, hour % HOURS + 1
            if (i, hour) in open_edge or (i, before) in open_edge or (i, after) in open_edge:
                starts.append(space)
    starts.sort()
    start_set = set(starts)
    return Board(
        name=name,
        claims=tuple(claims),
        ring=tuple(tuple(r) for r in rings),
        ring_sets=tuple(frozenset(r) for r in rings),
        neighbours=tuple(tuple(sorted(a)) for a in adjacent),
        rings_of=tuple(tuple(r) for r in rings_of),
        names=tuple(names),
        labels=tuple(f"{n}:{h}" for n, h in names),
        space_at=space_at,
        start_spaces=tuple(starts),
        is_start=tuple(s in start_set for s in range(len(names))),
    )


def _int_field(entry: Mapping[str, Any], key: str, where: str) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(f"{where}: '{key}' must be a whole number")
    return value


def parse_board(data: Mapping[str, Any], source: str) -> Board:
    """A board from the parsed TOML of a board file (``name``, ``claims = [...]``)."""
    raw = data.get("claims")
    if not isinstance(raw, list):
        raise BoardError(f"{source}: expected a list 'claims' of {{number, q, r, nuggets}}")
    claims = []
    for k, entry in enumerate(raw, 1):
        if not isinstance(entry, dict):
            raise BoardError(f"{source}: claim entry {k} is not a table")
        where = f"{source}, claim entry {k}"
        claims.append(
            Claim(
                number=_int_field(entry, "number", where),
                q=_int_field(entry, "q", where),
                r=_int_field(entry, "r", where),
                nuggets=_int_field(entry, "nuggets", where),
            )
        )
    name = data.get("name", source)
    try:
        return build_board(str(name), claims)
    except BoardError as exc:
        raise BoardError(f"{source}: {exc}") from None


def _load_board(folder: str) -> Board:
    """The board of a components folder (empty: the built-in reconstructed map)."""
    data, source = load(DATA, designer_folder(folder, (*FILES, "parameters.toml")), "board.toml")
    return parse_board(data, source)


load_board = folder_cached(_load_board)
"""The board of a components folder, kept while the folder's files stay unchanged."""
