"""A slow, plain re-reading of the rules, to cross-check the fast engine game by game.

It shares only the tile data with the engine: features are found by walking the map
edge by edge from scratch every time, with coordinates as (x, y) pairs.  ``referee``
replays a finished game's moves (tile by tile, in the order the engine drew them) and
returns the points, tallies, gold bars and supplies the rules give; it also checks that the
engine asked exactly the decisions the rules call for (a follower choice only when one is
possible, a gold choice only with several neighbours, a take only when it matters).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from motherlode.engine import Action
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import CITY, CLOISTER, FIELD, ROAD, TileSet
from motherlode.games.carcassonne.geometry import unpack
from motherlode.games.carcassonne.rules import CarcassonneState

DIRS = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
RING = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
Node = tuple[int, int, int]  # x, y, feature index


@dataclass
class Referee:
    tiles: TileSet
    players: int
    goldmines: bool
    board: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    followers: dict[Node, int] = field(default_factory=dict)
    gold: dict[tuple[int, int], int] = field(default_factory=dict)
    order: list[tuple[int, int]] = field(default_factory=list)
    """Squares in the order their tiles were placed (gold is taken in that order)."""

    def __post_init__(self) -> None:
        n = self.players
        self.points = [0] * n
        self.tally = {k: [0] * n for k in ("road", "city", "cloister", "farm", "gold")}
        self.supply = [7] * n  # the base game: 7 followers each
        self.bars = [0] * n

    # ------------------------------------------------------------ geometry

    def sides(self, x: int, y: int, f: int) -> set[int]:
        t, r = self.board[(x, y)]
        return {(s + r) % 4 for s in self.tiles.types[t].features[f].sides}

    def halves(self, x: int, y: int, f: int) -> set[int]:
        t, r = self.board[(x, y)]
        return {(h + 2 * r) % 8 for h in self.tiles.types[t].features[f].halves}

    def kind(self, node: Node) -> int:
        t, _ = self.board[node[:2]]
        return self.tiles.types[t].features[node[2]].kind

    def edge(self, x: int, y: int, side: int) -> str:
        t, r = self.board[(x, y)]
        return self.tiles.types[t].edges[(side - r) % 4]

    def neighbours(self, node: Node) -> Iterator[Node]:
        x, y, f = node
        for s in self.sides(x, y, f):
            dx, dy = DIRS[s]
            if (x + dx, y + dy) in self.board:
                opp = (s + 2) % 4
                nt, _ = self.board[(x + dx, y + dy)]
                for g in range(len(self.tiles.types[nt].features)):
                    if opp in self.sides(x + dx, y + dy, g):
                        yield (x + dx, y + dy, g)
        for h in self.halves(x, y, f):
            s, which = divmod(h, 2)
            dx, dy = DIRS[s]
            if (x + dx, y + dy) in self.board:
                facing = ((s + 2) % 4) * 2 + (1 - which)
                nt, _ = self.board[(x + dx, y + dy)]
                for g in range(len(self.tiles.types[nt].features)):
                    if facing in self.halves(x + dx, y + dy, g):
                        yield (x + dx, y + dy, g)

    def whole(self, node: Node) -> set[Node]:
        seen = {node}
        todo = [node]
        while todo:
            for other in self.neighbours(todo.pop()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    def complete(self, nodes: set[Node]) -> bool:
        for x, y, f in nodes:
            for s in self.sides(x, y, f):
                dx, dy = DIRS[s]
                if (x + dx, y + dy) not in self.board:
                    return False
        return True

    def around(self, x: int, y: int) -> int:
        return sum((x + dx, y + dy) in self.board for dx, dy in RING)

    def owners(self, nodes: set[Node]) -> list[int]:
        counts = [0] * self.players
        for node in nodes:
            if node in self.followers:
                counts[self.followers[node]] += 1
        top = max(counts)
        return [s for s in range(self.players) if top and counts[s] == top]

    def score(self, seats: list[int], points: int, kind: str) -> None:
        for s in seats:
            self.points[s] += points
            self.tally[kind][s] += points

    def home(self, nodes: set[Node]) -> None:
        for node in nodes:
            if node in self.followers:
                self.supply[self.followers.pop(node)] += 1

    # ------------------------------------------------------------ a turn

    def turn(self, seat: int, tile: int, moves: Iterator[tuple[int, Action]]) -> None:
        s, place = next(moves)
        assert s == seat and isinstance(place, Place)
        x, y = place.x, place.y
        assert (x, y) not in self.board
        self.board[(x, y)] = (tile, place.rotation)
        for side, (dx, dy) in DIRS.items():
            if (x + dx, y + dy) in self.board:
                assert self.edge(x, y, side) == self.edge(x + dx, y + dy, (side + 2) % 4)
        ttype = self.tiles.types[tile]
        if self.goldmines and ttype.gold:
            self.gold[(x, y)] = self.gold.get((x, y), 0) + 1
            near = [(x + dx, y + dy) for dx, dy in RING if (x + dx, y + dy) in self.board]
            if len(near) >= 2:
                s, bar = next(moves)
                assert s == seat and isinstance(bar, GoldBar) and (bar.x, bar.y) in near
                self.gold[(bar.x, bar.y)] = self.gold.get((bar.x, bar.y), 0) + 1
            elif near:
                self.gold[near[0]] = self.gold.get(near[0], 0) + 1
        free = [
            f
            for f in range(len(ttype.features))
            if not any(n in self.followers for n in self.whole((x, y, f)))
        ]
        if self.supply[seat] and free:
            s, choice = next(moves)
            assert s == seat and isinstance(choice, Follower | Pass)
            if isinstance(choice, Follower):
                assert choice.feature in free
                self.followers[(x, y, choice.feature)] = seat
                self.supply[seat] -= 1
        claims: dict[tuple[int, int], set[int]] = {}
        done: list[set[Node]] = []
        for f, feat in enumerate(ttype.features):
            if feat.kind not in (ROAD, CITY):
                continue
            nodes = self.whole((x, y, f))
            if nodes in done or not self.complete(nodes):
                continue
            done.append(nodes)
            seats = self.owners(nodes)
            if not seats:
                continue
            squares = sorted({(a, b) for a, b, _ in nodes}, key=self.order.index)
            if feat.kind == ROAD:
                self.score(seats, len(squares), "road")
            else:
                pennants = sum(
                    self.tiles.types[self.board[(a, b)][0]].features[g].pennant for a, b, g in nodes
                )
                self.score(seats, 2 * len(squares) + 2 * pennants, "city")
            self.home(nodes)
            for sq in squares:
                if sq in self.gold:
                    claims.setdefault(sq, set()).update(seats)
        for dx, dy in [(0, 0), *RING]:
            cx, cy = x + dx, y + dy
            if (cx, cy) not in self.board or self.around(cx, cy) < 8:
                continue
            t, _ = self.board[(cx, cy)]
            for f, feat in enumerate(self.tiles.types[t].features):
                node = (cx, cy, f)
                if feat.kind == CLOISTER and node in self.followers:
                    owner = self.followers[node]
                    self.score([owner], 9, "cloister")
                    self.home({node})
                    for ex, ey in [(0, 0), *RING]:
                        if (cx + ex, cy + ey) in self.gold:
                            claims.setdefault((cx + ex, cy + ey), set()).add(owner)
        self.share(seat, claims, moves)

    def share(
        self,
        seat: int,
        claims: dict[tuple[int, int], set[int]],
        moves: Iterator[tuple[int, Action]],
    ) -> None:
        turn = seat
        while any(sq in self.gold for sq in claims):
            mine = [sq for sq in claims if sq in self.gold and turn in claims[sq]]
            if mine:
                if len({frozenset(claims[sq]) for sq in mine}) > 1:
                    s, take = next(moves)
                    assert s == turn and isinstance(take, TakeGold)
                    sq = (take.x, take.y)
                    assert sq in mine
                else:
                    sq = mine[0]
                self.gold[sq] -= 1
                if not self.gold[sq]:
                    del self.gold[sq]
                self.bars[turn] += 1
            turn = (turn + 1) % self.players

    def final(self) -> None:
        seen: list[set[Node]] = []
        for node in list(self.followers):
            nodes = {node} if self.kind(node) == CLOISTER else self.whole(node)
            if nodes in seen:
                continue
            seen.append(nodes)
            seats = self.owners(nodes)
            kind = self.kind(node)
            squares = {(a, b) for a, b, _ in nodes}
            if kind == ROAD:
                self.score(seats, len(squares), "road")
            elif kind == CITY:
                pennants = sum(
                    self.tiles.types[self.board[(a, b)][0]].features[g].pennant for a, b, g in nodes
                )
                self.score(seats, len(squares) + pennants, "city")
            elif kind == CLOISTER:
                self.score(seats, 1 + self.around(node[0], node[1]), "cloister")
            else:
                assert kind == FIELD
                cities: list[set[Node]] = []
                for a, b, g in nodes:
                    t, _ = self.board[(a, b)]
                    for c in self.tiles.types[t].features[g].cities:
                        city = self.whole((a, b, c))
                        if self.complete(city) and city not in cities:
                            cities.append(city)
                self.score(seats, 3 * len(cities), "farm")
        self.gold.clear()
        if self.goldmines:
            for s, bars in enumerate(self.bars):
                rate = 1 if bars <= 3 else 2 if bars <= 6 else 3 if bars <= 9 else 4
                self.score([s], rate * bars if bars else 0, "gold")


def referee(state: CarcassonneState) -> Referee:
    """Replay a finished game's moves under the reference rules."""
    assert state.is_over()
    ref = Referee(state.tileset, state.num_players, state.goldmines)
    placed = [(state.tileset.variants[v].tile, pos) for pos, v, _ in state.placed]
    ref.board[(0, 0)] = (placed[0][0], 0)
    ref.order = [unpack(pos) for _, pos in placed]
    moves = iter(state.moves())
    for k in range(1, len(placed)):
        seat = _peek_seat(state, k)
        ref.turn(seat, placed[k][0], moves)
    assert next(moves, None) is None, "the engine asked for more decisions than the rules"
    ref.final()
    return ref


def _peek_seat(state: CarcassonneState, k: int) -> int:
    """The seat that placed the k-th tile: turns go round from seat 0, one tile each."""
    return (k - 1) % state.num_players
