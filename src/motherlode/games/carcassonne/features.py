"""The map's features: every road, city, field and cloister, tracked as tiles join.

Each feature of each placed tile is a node; nodes that connect across tile edges are merged
(union-find), so a whole road or city is one root.  A root keeps what the rules ask of it
at once: how many of its edges are still open (0: the road or city is complete), its
pennants and how many followers stand on it.  Members of a feature form a ring (a circular
linked list, merged in O(1)), walked only when a feature is scored.

Everything is kept in flat lists of ints so a copy for search is a handful of list copies.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Self


class FeatureGraph:
    """Union-find over the features of the placed tiles."""

    __slots__ = ("kind", "occupied", "open", "parent", "pennants", "ring", "tile")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.ring: list[int] = []
        """Next member of the same feature (a ring through all its nodes)."""
        self.open: list[int] = []
        """At a root: road or city edges not yet matched by a neighbouring tile."""
        self.pennants: list[int] = []
        self.occupied: list[int] = []
        """At a root: followers standing on the feature."""
        self.kind: list[int] = []
        self.tile: list[int] = []
        """The placement number of the tile a node lies on (0: the start tile)."""

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.parent = self.parent[:]
        new.ring = self.ring[:]
        new.open = self.open[:]
        new.pennants = self.pennants[:]
        new.occupied = self.occupied[:]
        new.kind = self.kind[:]
        new.tile = self.tile[:]
        return new

    def __len__(self) -> int:
        return len(self.parent)

    def add_tile(
        self, placement: int, kinds: Sequence[int], opens: Sequence[int], pennants: Sequence[int]
    ) -> int:
        """New nodes for a placed tile's features (their kinds, edges and pennants).

        Returns the first node's id; the tile's feature ``i`` is node ``first + i``.
        """
        first = len(self.parent)
        count = len(kinds)
        nodes = range(first, first + count)
        self.parent.extend(nodes)
        self.ring.extend(nodes)
        self.open.extend(opens)
        self.pennants.extend(pennants)
        self.occupied.extend([0] * count)
        self.kind.extend(kinds)
        self.tile.extend([placement] * count)
        return first

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def join(self, a: int, b: int, closes: int) -> int:
        """Merge the features of nodes ``a`` and ``b``, closing ``closes`` open edges."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            self.ring[ra], self.ring[rb] = self.ring[rb], self.ring[ra]
            self.open[ra] += self.open[rb]
            self.pennants[ra] += self.pennants[rb]
            self.occupied[ra] += self.occupied[rb]
        self.open[ra] -= closes
        return ra

    def members(self, root: int) -> Iterator[int]:
        """Every node of the feature ``root`` belongs to."""
        ring = self.ring
        node = root
        while True:
            yield node
            node = ring[node]
            if node == root:
                return

    def tiles(self, root: int) -> set[int]:
        """Placement numbers of the distinct tiles the feature covers."""
        tile = self.tile
        return {tile[n] for n in self.members(root)}
