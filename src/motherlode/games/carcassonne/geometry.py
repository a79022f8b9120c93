"""The map's geometry: squares packed into ints, the four edges and eight half-edges.

A square (x, y) has x growing to the east and y growing to the south (north is up on the
screen); the start tile lies at (0, 0).  Rules code works on one int per square,
``pos = (x + OFFSET) * STRIDE + (y + OFFSET)``, so a neighbour is one addition away and a
square is a cheap dict key.

Edges are numbered N E S W = 0 1 2 3; a tile turned ``r`` quarter turns clockwise moves
its edge ``s`` to ``(s + r) % 4``.  Half-edges (where fields meet) are numbered clockwise
from the north-west corner: Nw Ne En Es Se Sw Ws Wn = 0..7, and turn to ``(h + 2r) % 8``.
"""

from __future__ import annotations

OFFSET = 512
SHIFT = 10
STRIDE = 1 << SHIFT
ROW_MASK = STRIDE - 1
MAX_REACH = OFFSET - 2
"""The farthest a square can lie from the start tile (tile sets up to 511 tiles)."""

SIDES = "NESW"
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
N, E, S, W = 0, 1, 2, 3
OPPOSITE = (S, W, N, E)

STEP = (-1, STRIDE, 1, -STRIDE)
"""Added to a square to reach its neighbour across edge N, E, S, W."""

AROUND = (-1, STRIDE - 1, STRIDE, STRIDE + 1, 1, -STRIDE + 1, -STRIDE, -STRIDE - 1)
"""The eight squares around one, clockwise from the north: N NE E SE S SW W NW."""

ORIGIN = OFFSET * STRIDE + OFFSET


def pack(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def unpack(pos: int) -> tuple[int, int]:
    return (pos >> SHIFT) - OFFSET, (pos & ROW_MASK) - OFFSET


def facing_half(half: int) -> int:
    """The half-edge of the neighbouring tile that touches ``half`` of this one.

    Nw (west half of the north edge) touches the northern neighbour's Sw, and so on: the
    edge is the opposite one and the two halves swap order along it.
    """
    side, which = divmod(half, 2)
    return OPPOSITE[side] * 2 + (1 - which)


def within_reach(x: int, y: int, reach: int) -> bool:
    """Whether (x, y) can ever hold a tile when ``reach`` tiles join the start tile.

    Every tile touches one already placed, so a tile ``d`` steps (in Manhattan distance)
    from the start needs ``d`` tiles on a path to it.
    """
    return abs(x) + abs(y) <= reach
