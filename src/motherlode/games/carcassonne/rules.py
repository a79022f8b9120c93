"""Carcassonne with The Goldmines: the rules.

The base game's public rules (2-5 players, 72 land tiles, 7 followers each) and The
Goldmines (``rules/carcassonne-goldmines.txt``), with the components and the gold
conventions fixed in COMPONENTS.md.  A turn, in the order of the Goldmines rulebook:

1. draw a tile from the bag and place it (``Place``): every edge matches its neighbours,
   touching the map, any of the four rotations; a tile that fits nowhere is set aside and
   another drawn;
2. The Goldmines: on a gold tile put one bar, and one more on a neighbouring tile
   (``GoldBar``, asked only when there is a choice);
3. place a follower on an unoccupied feature of that tile, or not (``Follower`` / ``Pass``);
4. score every road, city and cloister the tile completed; followers come home;
5. The Goldmines: the scorers take the gold on the scored features' tiles, one bar at a
   time from the active player on (``TakeGold``, asked only when the choice matters).

The game ends when the bag is empty: incomplete features and farms are scored, unclaimed
gold leaves the game and each player's gold bars score by the Goldmines table.

Speed (bots and simulations call this millions of times): squares are packed ints
(``geometry``), the empty squares next to the map are kept with their edge constraints
(``frontier``) so the legal placements of a drawn tile are one table look-up per square,
features are merged incrementally (``features.FeatureGraph``), and the legal actions of the
current decision are computed once and kept (``_choices``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial

from motherlode.engine import Action, IllegalAction, State
from motherlode.engine.actions import JsonValue
from motherlode.engine.words import T
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import (
    CITY,
    CLOISTER,
    FIELD,
    MAX_FEATURES,
    ROAD,
    Feature,
    TileSet,
    feature_words,
    listed,
    load_tileset,
)
from motherlode.games.carcassonne.features import FeatureGraph
from motherlode.games.carcassonne.geometry import (
    AROUND,
    OFFSET,
    OPPOSITE,
    ORIGIN,
    ROW_MASK,
    SHIFT,
    SIDES,
    STEP,
    pack,
    unpack,
    within_reach,
)
from motherlode.games.carcassonne.options import CarcassonneOptions
from motherlode.games.carcassonne.scoring import (
    city_points,
    cloister_points,
    farm_points,
    gold_points,
    majority,
    road_points,
)
from motherlode.games.carcassonne.words import where

PLACE, GOLD, FOLLOWER, TAKE, OVER = range(5)
PHASES = ("place", "gold", "follower", "take", "over")
TALLY = ("road", "city", "cloister", "farm", "gold")
"""Where points came from, per player: the score sheet shown at the end."""
_EDGE_NAMES = {1: T("city"), 2: T("road"), 3: T("field")}
COMPLETED_ROAD, COMPLETED_CITY = T("a completed road"), T("a completed city")
COMPLETED_CLOISTER = T("a completed cloister")
INCOMPLETE_ROAD, INCOMPLETE_CITY = T("an incomplete road"), T("an incomplete city")
CLOISTER_SCORED, FARM_SCORED = T("a cloister"), T("a farm")
"""What points were scored for, in words (built once)."""


def _placed(player: str, tile: str, x: int, y: int, rotation: int) -> T:
    """The log's line for a tile placed (written when read: a line a turn)."""
    if rotation:
        return T(
            "{player} places a tile ({tile}) {where}, turned {degrees}°",
            player=player,
            tile=T(tile),
            where=where(x, y),
            degrees=90 * rotation,
        )
    return T(
        "{player} places a tile ({tile}) {where}", player=player, tile=T(tile), where=where(x, y)
    )


def _stood(player: str, features: tuple[Feature, ...], feature: int, rotation: int) -> T:
    """The log's line for a follower placed (written when read)."""
    return T(
        "{player} places a follower on the {feature}",
        player=player,
        feature=feature_words(features, feature, rotation),
    )


def together(names: list[str]) -> T | str:
    """Players' names as one: ``A and B and C``."""
    out: T | str = names[0]
    for name in names[1:]:
        out = T("{earlier} and {then}", earlier=out, then=name)
    return out


# Actions are values: one shared object per distinct action keeps the legal lists cheap.
class _PlaceMemo(dict[int, Place]):
    """``Place`` actions by ``square * 4 + rotation``, each made on first use."""

    def __missing__(self, key: int) -> Place:
        x, y = unpack(key >> 2)
        action = self[key] = Place(x, y, key & 3)
        return action


_PLACES = _PlaceMemo()
FOLLOWERS = tuple(Follower(i) for i in range(MAX_FEATURES))
PASS = Pass()
_SELF_AND_AROUND = (0, *AROUND)


class CarcassonneState(State):
    """A game of Carcassonne (with The Goldmines unless the option turns it off)."""

    options: CarcassonneOptions

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        """Setup: the start tile lies face up; the other tiles are shuffled into the bag
        (with the 8 gold tiles for The Goldmines); each player has 7 followers; the first
        player (seat 0) draws."""
        tileset = load_tileset(self.options.components)
        self.tileset: TileSet = tileset
        self.params = params = self.options.parameters
        """The design numbers (``data/parameters.toml``): followers, point values."""
        self.goldmines = self.options.goldmines
        self.reach = tileset.reach(self.options.expansions)
        n = self.num_players
        self.bag: list[int] = tileset.bag(self.options.expansions)
        self.rng.shuffle(self.bag)
        self.board: dict[int, int] = {}
        """Square -> placement number (an index into ``placed``)."""
        self.placed: list[tuple[int, int, int]] = []
        """Per placed tile: (square, variant = type * 4 + rotation, its first feature node)."""
        self.frontier: dict[int, int] = {}
        """Empty square next to the map -> the edge codes its neighbours demand (2 bits/edge)."""
        self.graph = FeatureGraph()
        self.cloisters: dict[int, int] = {}
        """Square -> feature node of the cloister on it."""
        self.followers: dict[int, int] = {}
        """Feature node -> seat of the follower standing on it."""
        self.supply = [params.followers] * n
        self.points = [0] * n
        self.tally = [[0] * len(TALLY) for _ in range(n)]
        self.bars = [0] * n
        """Gold bars each player has taken."""
        self.gold_on: dict[int, int] = {}
        """Square -> gold bars lying on that tile."""
        self.discarded: list[int] = []
        self.claims: dict[int, int] = {}
        """While gold is shared out: square -> bit mask of the seats that may take from it."""
        self.phase = PLACE
        self.active = 0
        self.tile = -1
        """The drawn tile's type, while it waits to be placed."""
        self.last = -1
        """The square of the tile placed this turn (the last one, between turns)."""
        self.gold_seat = 0
        self._asked: tuple[int, ...] = ()
        self._choices: list[Action] = []
        """The legal actions of the current decision; replaced, never changed in place."""
        start = tileset.start
        self._lay(ORIGIN, start.index * 4)
        if self.logging:
            self.log(
                T(
                    "The start tile lies in the middle; {tiles} tiles in the bag",
                    tiles=len(self.bag),
                )
            )
        self._begin_turn()

    def clone(self) -> CarcassonneState:
        new = super().clone()
        new.bag = self.bag[:]
        new.board = self.board.copy()
        new.placed = self.placed[:]
        new.frontier = self.frontier.copy()
        new.graph = self.graph.copy()
        new.cloisters = self.cloisters.copy()
        new.followers = self.followers.copy()
        new.supply = self.supply[:]
        new.points = self.points[:]
        new.tally = [row[:] for row in self.tally]
        new.bars = self.bars[:]
        new.gold_on = self.gold_on.copy()
        new.discarded = self.discarded[:]
        new.claims = self.claims.copy()
        return new

    # --------------------------------------------------------- the decisions

    def _to_act(self) -> tuple[int, ...]:
        return self._asked

    def _is_simultaneous(self) -> bool:
        return False

    def _legal(self, seat: int) -> list[Action]:
        return self._choices[:]

    def _play(self, seat: int, action: Action) -> None:
        if isinstance(action, Place):
            self._place_tile(pack(action.x, action.y), action.rotation)
        elif isinstance(action, Follower):
            self._deploy(seat, action.feature)
            self._score_turn()
        elif isinstance(action, Pass):
            self._score_turn()
        elif isinstance(action, GoldBar):
            self._add_gold(pack(action.x, action.y))
            self._offer_followers()
        else:
            assert isinstance(action, TakeGold)
            self._take_gold(seat, pack(action.x, action.y))
            self.gold_seat = (seat + 1) % self.num_players
            self._share_gold()

    # ------------------------------------------------- 1. draw and place a tile

    def _begin_turn(self) -> None:
        """Draw a tile.  One that fits nowhere on the map is set aside (out of the game) and
        another is drawn; with the bag empty the game ends."""
        bag = self.bag
        while bag:
            tile = bag.pop()
            choices = self._placements(tile)
            if choices:
                self.tile = tile
                self.phase = PLACE
                self._choices = choices
                self._asked = (self.active,)
                return
            self.discarded.append(tile)
            if self.logging:
                self.log(
                    T("{tile} fits nowhere and is set aside", tile=self.tileset.types[tile].id)
                )
        self.tile = -1
        self._final_scoring()

    def _placements(self, tile: int) -> list[Action]:
        """Every distinct legal placement of ``tile``: each empty square next to the map,
        each rotation whose edges all match the neighbours (rotations that look the same,
        as on a straight road, are one placement)."""
        fits = self.tileset.fits[tile]
        places = _PLACES
        return [places[pos * 4 + r] for pos, sig in self.frontier.items() for r in fits[sig]]

    def _place_tile(self, pos: int, rotation: int) -> None:
        tile = self.tile
        self._lay(pos, tile * 4 + rotation)
        self.tile = -1
        self.last = pos
        if self.logging:
            x, y = unpack(pos)
            kind = self.tileset.types[tile].name
            self.log(
                partial(_placed, self.seat_name(self.active), kind, x, y, rotation),
                tile=self.tileset.types[tile].id,
                x=x,
                y=y,
                rotation=rotation,
            )
        if self.goldmines and self.tileset.types[tile].gold:
            self._gold_tile(pos)
        else:
            self._offer_followers()

    def _lay(self, pos: int, variant: int) -> int:
        """Put a tile on the map: new feature nodes, merged with the neighbours' features
        across every touching edge; the squares around it join the frontier."""
        ts = self.tileset
        var = ts.variants[variant]
        t = var.tile
        board = self.board
        placed = self.placed
        graph = self.graph
        k = len(placed)
        base = graph.add_tile(k, ts.kinds[t], ts.opens[t], ts.pennants[t])
        placed.append((pos, variant, base))
        board[pos] = k
        if ts.cloister_of[t] >= 0:
            self.cloisters[pos] = base + ts.cloister_of[t]
        frontier = self.frontier
        frontier.pop(pos, None)
        codes, side_feature, half_feature = var.codes, var.side_feature, var.half_feature
        variants = ts.variants
        for side in range(4):
            npos = pos + STEP[side]
            opp = OPPOSITE[side]
            nk = board.get(npos)
            if nk is None:
                frontier[npos] = frontier.get(npos, 0) | (codes[side] << (2 * opp))
                continue
            _, nv, nbase = placed[nk]
            other = variants[nv]
            mine = side_feature[side]
            if mine >= 0:  # road or city: the two edges close each other
                graph.join(base + mine, nbase + other.side_feature[opp], 2)
            mine = half_feature[2 * side]
            if mine >= 0:  # fields either side of the edge's middle
                graph.join(base + mine, nbase + other.half_feature[2 * opp + 1], 0)
                mine = half_feature[2 * side + 1]
                graph.join(base + mine, nbase + other.half_feature[2 * opp], 0)
        return k

    # ------------------------------------------------- 2. gold bars (The Goldmines)

    def _gold_tile(self, pos: int) -> None:
        """The Goldmines: one bar on the gold tile, the other on a tile of the player's
        choice among the (already placed) tiles around it, diagonals included; placed for
        the player when only one tile is there, and not at all when none is."""
        self._add_gold(pos)
        board = self.board
        targets = [pos + d for d in AROUND if pos + d in board]
        if len(targets) >= 2:
            self.phase = GOLD
            self._choices = [GoldBar(*unpack(p)) for p in targets]
            self._asked = (self.active,)
            return
        if targets:
            self._add_gold(targets[0])
        self._offer_followers()

    def _add_gold(self, pos: int) -> None:
        self.gold_on[pos] = self.gold_on.get(pos, 0) + 1
        if self.logging:
            x, y = unpack(pos)
            self.log(T("A gold bar is put on the tile at ({x}, {y})", x=x, y=y))

    # ------------------------------------------------- 3. place a follower

    def _offer_followers(self) -> None:
        """A player with a follower in supply may put one on a feature of the tile just
        placed that no follower occupies (anywhere along the whole feature)."""
        seat = self.active
        if self.supply[seat]:
            _, variant, base = self.placed[self.board[self.last]]
            graph = self.graph
            occupied, find = graph.occupied, graph.find
            free: list[Action] = [
                FOLLOWERS[f]
                for f in range(len(self.tileset.kinds[variant >> 2]))
                if not occupied[find(base + f)]
            ]
            if free:
                free.append(PASS)
                self.phase = FOLLOWER
                self._choices = free
                self._asked = (seat,)
                return
        self._score_turn()

    def _deploy(self, seat: int, feature: int) -> None:
        _, variant, base = self.placed[self.board[self.last]]
        self._stand(seat, base + feature)
        if self.logging:
            features = self.tileset.types[variant >> 2].features
            self.log(partial(_stood, self.seat_name(seat), features, feature, variant & 3))

    def _stand(self, seat: int, node: int) -> None:
        """A follower from ``seat``'s supply now stands on feature node ``node``."""
        self.followers[node] = seat
        self.supply[seat] -= 1
        graph = self.graph
        graph.occupied[graph.find(node)] += 1

    # ------------------------------------------------- 4. scoring during the game

    def _score_turn(self) -> None:
        """Score every road and city the new tile completed and every cloister it
        surrounded (its own or a neighbour's), then hand out their gold."""
        pos = self.last
        _, variant, base = self.placed[self.board[pos]]
        graph = self.graph
        claims: dict[int, int] = {}
        done: list[int] = []
        for f, kind in enumerate(self.tileset.kinds[variant >> 2]):
            if kind in (ROAD, CITY):
                root = graph.find(base + f)
                if not graph.open[root] and root not in done:
                    done.append(root)
                    self._score_complete(root, claims)
        cloisters = self.cloisters
        if cloisters:
            board = self.board
            for d in _SELF_AND_AROUND:
                node = cloisters.get(pos + d)
                if node is not None and all(pos + d + e in board for e in AROUND):
                    self._score_cloister(pos + d, node, claims)
        if claims:
            self.claims = claims
            self.gold_seat = self.active
            self._share_gold()
        else:
            self._end_turn()

    def _score_complete(self, root: int, claims: dict[int, int]) -> None:
        """A completed road (1 a tile) or city (2 a tile, 2 a pennant): its majority scores
        in full, its followers come home, and its scorers may claim the gold on its tiles.
        Nobody scores a completed feature without followers, and its gold stays."""
        graph = self.graph
        if not graph.occupied[root]:
            return
        members = list(graph.members(root))
        winners = self._majority(members)
        tiles = {graph.tile[n] for n in members}
        if graph.kind[root] == ROAD:
            points = road_points(len(tiles), self.params)
            self._award(winners, points, "road", COMPLETED_ROAD)
        else:
            points = city_points(len(tiles), graph.pennants[root], True, self.params)
            self._award(winners, points, "city", COMPLETED_CITY)
        self._return_followers(members)
        graph.occupied[root] = 0
        if self.goldmines and self.gold_on:
            self._claim(claims, (self.placed[k][0] for k in sorted(tiles)), winners)

    def _score_cloister(self, pos: int, node: int, claims: dict[int, int]) -> None:
        """A cloister surrounded by 8 tiles scores 9 for its monk; the gold on its own
        tile and on the 8 around it goes to that player."""
        seat = self.followers.get(node)
        if seat is None:
            return
        points = cloister_points(8, self.params)
        self._award((seat,), points, "cloister", COMPLETED_CLOISTER)
        self._return_followers((node,))
        self.graph.occupied[node] = 0
        if self.goldmines and self.gold_on:
            self._claim(claims, (pos, *(pos + d for d in AROUND)), (seat,))

    def _majority(self, members: Sequence[int]) -> tuple[int, ...]:
        counts = [0] * self.num_players
        followers = self.followers
        for node in members:
            seat = followers.get(node)
            if seat is not None:
                counts[seat] += 1
        return majority(counts)

    def _award(self, seats: Sequence[int], points: int, kind: str, what: T) -> None:
        column = TALLY.index(kind)
        for seat in seats:
            self.points[seat] += points
            self.tally[seat][column] += points
        if self.logging and seats:
            names = together([self.seat_name(s) for s in seats])
            if len(seats) == 1:
                self.log(
                    T("{player} scores 1 for {what}", player=names, what=what)
                    if points == 1
                    else T(
                        "{player} scores {points} for {what}",
                        player=names,
                        points=points,
                        what=what,
                    )
                )
            else:
                self.log(
                    T("{players} score 1 for {what}", players=names, what=what)
                    if points == 1
                    else T(
                        "{players} score {points} for {what}",
                        players=names,
                        points=points,
                        what=what,
                    )
                )

    def _return_followers(self, members: Sequence[int]) -> None:
        followers = self.followers
        for node in members:
            seat = followers.pop(node, None)
            if seat is not None:
                self.supply[seat] += 1

    # ------------------------------------------------- 5. take the gold (The Goldmines)

    def _claim(self, claims: dict[int, int], squares: Iterable[int], seats: Sequence[int]) -> None:
        """The scorers ``seats`` may take the gold lying on ``squares``."""
        gold_on = self.gold_on
        mask = 0
        for seat in seats:
            mask |= 1 << seat
        for pos in squares:
            if pos in gold_on:
                claims[pos] = claims.get(pos, 0) | mask

    def _share_gold(self) -> None:
        """The scorers take the gold on the scored features' tiles one bar at a time,
        starting with the active player and going round in turn order; a player takes from a
        tile it may claim (a tile of two scored features may be claimed by the scorers of
        both).  The player chooses only when the tiles it may take from differ in who else
        may claim them; otherwise the bar is taken for it (from the first of those tiles in
        scoring order: the new tile's features in order, then cloisters; tiles of a feature
        in the order they were placed)."""
        claims, gold_on = self.claims, self.gold_on
        n = self.num_players
        while True:
            live = [p for p in claims if p in gold_on]
            if not live:
                break
            seat = self.gold_seat
            mine = [p for p in live if claims[p] >> seat & 1]
            if mine:
                if len({claims[p] for p in mine}) > 1:
                    self.phase = TAKE
                    self._choices = [TakeGold(*unpack(p)) for p in mine]
                    self._asked = (seat,)
                    return
                self._take_gold(seat, mine[0])
            self.gold_seat = (seat + 1) % n
        self.claims = {}
        self._end_turn()

    def _take_gold(self, seat: int, pos: int) -> None:
        left = self.gold_on[pos] - 1
        if left:
            self.gold_on[pos] = left
        else:
            del self.gold_on[pos]
        self.bars[seat] += 1
        if self.logging:
            x, y = unpack(pos)
            self.log(
                T(
                    "{player} takes a gold bar from ({x}, {y})",
                    player=self.seat_name(seat),
                    x=x,
                    y=y,
                )
            )

    def _end_turn(self) -> None:
        self.active = (self.active + 1) % self.num_players
        self._begin_turn()

    # ------------------------------------------------- the end of the game

    def _final_scoring(self) -> None:
        """Final scoring: every incomplete road (1 a tile), city (1 a tile, 1 a pennant)
        and cloister (1 plus 1 a tile around it) scores for its majority; every farm scores
        3 for each completed city it borders for its majority of farmers.  Then the gold
        still on the map leaves the game and each player scores its bars."""
        graph = self.graph
        by_kind: dict[int, list[int]] = {ROAD: [], CITY: [], CLOISTER: [], FIELD: []}
        seen: set[int] = set()
        for node in self.followers:
            root = graph.find(node)
            if root not in seen:
                seen.add(root)
                by_kind[graph.kind[root]].append(root)
        for root in by_kind[ROAD]:
            members = list(graph.members(root))
            self._award(
                self._majority(members),
                road_points(len(graph.tiles(root)), self.params, complete=False),
                "road",
                INCOMPLETE_ROAD,
            )
        for root in by_kind[CITY]:
            points = city_points(len(graph.tiles(root)), graph.pennants[root], False, self.params)
            self._award(
                self._majority(list(graph.members(root))),
                points,
                "city",
                INCOMPLETE_CITY,
            )
        for node in by_kind[CLOISTER]:
            pos = self.placed[graph.tile[node]][0]
            around = sum(pos + d in self.board for d in AROUND)
            points = cloister_points(around, self.params)
            self._award((self.followers[node],), points, "cloister", CLOISTER_SCORED)
        for root in by_kind[FIELD]:
            members = list(graph.members(root))
            points = farm_points(len(self.completed_cities(members)), self.params)
            self._award(self._majority(members), points, "farm", FARM_SCORED)
        left = sum(self.gold_on.values())
        if left and self.logging:
            self.log(
                T("1 unclaimed gold bar leaves the game")
                if left == 1
                else T("{bars} unclaimed gold bars leave the game", bars=left)
            )
        self.gold_on.clear()
        if self.goldmines:
            for seat, bars in enumerate(self.bars):
                if bars:
                    points = gold_points(bars, self.params)
                    self._award((seat,), points, "gold", T("{bars} gold bars", bars=bars))
        self.phase = OVER
        self._asked = ()
        self._choices = []
        if self.logging:
            self.log(T("The game is over"))

    def completed_cities(self, field_members: Sequence[int]) -> set[int]:
        """Roots of the completed cities that a farm (its field nodes) borders."""
        graph = self.graph
        types = self.tileset.types
        out: set[int] = set()
        for node in field_members:
            _, variant, base = self.placed[graph.tile[node]]
            for c in types[variant >> 2].features[node - base].cities:
                root = graph.find(base + c)
                if not graph.open[root]:
                    out.add(root)
        return out

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    # ------------------------------------------------- what a player may know

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Only the order of the bag is hidden (its contents follow from the map)."""
        rng.shuffle(self.bag)

    def _redraw_unseen(self, rng: random.Random) -> None:
        """The bag's order is hidden from every seat alike."""
        rng.shuffle(self.bag)

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        types = self.tileset.types
        ids = self.tileset.ids
        placed = self.placed
        remaining: dict[str, int] = {}
        for t in self.bag:
            remaining[types[t].id] = remaining.get(types[t].id, 0) + 1
        view: dict[str, JsonValue] = {
            "phase": PHASES[self.phase],
            "active": self.active,
            "tile": types[self.tile].id if self.tile >= 0 else None,
            "tile_name": types[self.tile].name if self.tile >= 0 else None,
            "bag": len(self.bag),
            "remaining": dict(sorted(remaining.items())),
            "discarded": [types[t].id for t in self.discarded],
            "board": [
                [(pos >> SHIFT) - OFFSET, (pos & ROW_MASK) - OFFSET, ids[v >> 2], v & 3]
                for pos, v, _ in placed
            ],
            "last": list(unpack(self.last)) if self.last >= 0 else None,
            "followers": [
                [*unpack(pos), node - base, s]
                for node, s in self.followers.items()
                for pos, _, base in (placed[self.graph.tile[node]],)
            ],
            "points": list(self.points),
            "supply": list(self.supply),
            "design": {"followers": self.params.followers},  # what a player's card draws
            "tally": {kind: [row[i] for row in self.tally] for i, kind in enumerate(TALLY)},
        }
        if self.goldmines:
            view["gold"] = [[*unpack(pos), bars] for pos, bars in self.gold_on.items()]
            view["bars"] = list(self.bars)
        if self.phase == PLACE:
            view["placements"] = [
                [a.x, a.y, a.rotation] for a in self._choices if isinstance(a, Place)
            ]
        elif self.phase == FOLLOWER:
            view["free_features"] = [a.feature for a in self._choices if isinstance(a, Follower)]
        elif self.phase == GOLD:
            view["gold_targets"] = [[a.x, a.y] for a in self._choices if isinstance(a, GoldBar)]
        elif self.phase == TAKE:
            view["claims"] = [
                [*unpack(pos), [s for s in range(self.num_players) if mask >> s & 1]]
                for pos, mask in self.claims.items()
                if pos in self.gold_on
            ]
            view["gold_turn"] = self.gold_seat
        return view

    # ------------------------------------------------- why an action is refused

    def _illegal_reason(self, seat: int, action: Action) -> str | None:
        """None for a legal action; else IllegalAction, saying why (as words a page
        translates, which the base class's ``str`` reason cannot carry)."""
        if action in self._choices:
            return None
        raise IllegalAction(self._why_not(action))

    def _why_not(self, action: Action) -> T:
        waiting = self._waiting_for()
        if isinstance(action, Place):
            return waiting if self.phase != PLACE else self._why_not_here(action)
        if isinstance(action, Follower | Pass):
            if self.phase != FOLLOWER:
                return waiting
            assert isinstance(action, Follower)
            return self._why_not_follower(action.feature)
        if isinstance(action, GoldBar):
            if self.phase != GOLD:
                return waiting
            squares = ", ".join(f"({a.x}, {a.y})" for a in self._choices if isinstance(a, GoldBar))
            return T(
                "the second gold bar goes on a tile next to the new gold tile: {squares}",
                squares=squares,
            )
        if isinstance(action, TakeGold):
            if self.phase != TAKE:
                return waiting
            squares = ", ".join(f"({a.x}, {a.y})" for a in self._choices if isinstance(a, TakeGold))
            return T("you may take a gold bar from {squares}", squares=squares)
        return T("{action} is not possible now", action=str(action))

    def _waiting_for(self) -> T:
        who = self.seat_name(self._asked[0]) if self._asked else ""
        if self.phase == PLACE:
            return T(
                "{player} must first place the drawn {tile} tile",
                player=who,
                tile=self.tileset.types[self.tile].id,
            )
        if self.phase == GOLD:
            return T(
                "{player} must first put the second gold bar next to the new gold tile",
                player=who,
            )
        if self.phase == FOLLOWER:
            return T("{player} must first place a follower on the new tile, or pass", player=who)
        if self.phase == TAKE:
            return T("{player} must first take a gold bar", player=who)
        return T("the game is over")

    def _why_not_here(self, action: Place) -> T:
        tile = self.tileset.types[self.tile]
        x, y, r = action.x, action.y, action.rotation
        if not 0 <= r <= 3:
            return T("rotation is 0 to 3 quarter turns clockwise, not {rotation}", rotation=r)
        if not within_reach(x, y, self.reach):
            return T(
                "({x}, {y}) is farther from the start tile than any tile can ever be", x=x, y=y
            )
        pos = pack(x, y)
        if pos in self.board:
            placed = self.tileset.types[self.placed[self.board[pos]][1] >> 2]
            return T("({x}, {y}) already holds a tile ({tile})", x=x, y=y, tile=placed.id)
        if pos not in self.frontier:
            return T("a tile must touch the map, and ({x}, {y}) has no neighbouring tile", x=x, y=y)
        variant = self.tileset.variants[tile.index * 4 + r]
        sig = self.frontier[pos]
        for side in range(4):
            need = (sig >> (2 * side)) & 3
            if need and need != variant.codes[side]:
                nx, ny = unpack(pos + STEP[side])
                return T(
                    "turned {rotation}, the {tile} tile's {side} edge is {edge} but the tile "
                    "at ({x}, {y}) has {need} there",
                    rotation=r,
                    tile=tile.id,
                    side=SIDES[side],
                    edge=_EDGE_NAMES[variant.codes[side]],
                    x=nx,
                    y=ny,
                    need=_EDGE_NAMES[need],
                )
        return T(
            "{tile} turned {rotation} looks the same as turned {same}: play place {x} {y} {same}",
            tile=tile.id,
            rotation=r,
            same=variant.same_as,
            x=x,
            y=y,
        )

    def _why_not_follower(self, feature: int) -> T:
        if not self.supply[self.active]:
            return T("you have no follower left in your supply")
        _, variant, base = self.placed[self.board[self.last]]
        tile = self.tileset.types[variant >> 2]
        if not 0 <= feature < len(tile.features):
            listing = listed(
                [
                    T(
                        "{number} {feature}",
                        number=i,
                        feature=feature_words(tile.features, i, variant & 3),
                    )
                    for i in range(len(tile.features))
                ]
            )
            return T("the {tile} tile has features {features}", tile=tile.id, features=listing)
        desc = feature_words(tile.features, feature, variant & 3)
        root = self.graph.find(base + feature)
        owners = sorted(
            {self.followers[n] for n in self.graph.members(root) if n in self.followers}
        )
        return T(
            "the {feature} is already occupied (by {players}); a follower needs a free feature",
            feature=desc,
            players=together([self.seat_name(s) for s in owners]),
        )
