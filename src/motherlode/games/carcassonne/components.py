"""Land tiles as data: ``data/tiles.toml`` read, checked and turned into rotated variants.

Nothing about a particular tile lives in code: a tile type is its four edges and a list of
features (roads and cities with the edges they reach, fields with the half-edges they touch
and the cities they border, cloisters), so an expansion is a new ``[[tile]]`` table.

For speed the loader precomputes, once per tile set, every rotated variant of every type
(edge codes, which feature sits on each edge and half-edge) and, per type, which rotations
fit each of the 256 possible edge constraints of an empty square (``fits``).

A designer's components folder (``components=DIR``, :mod:`motherlode.engine.components`)
may hold its own ``tiles.toml``: its ``[set]`` keys and its ``tile`` list replace the
built-in ones.  Followers per player, like the point values, are design numbers
(``data/parameters.toml``), not tiles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine.components import (
    PARAMETERS,
    ComponentError,
    designer_folder,
    folder_cached,
    load,
)
from motherlode.engine.words import T
from motherlode.games.carcassonne.geometry import HALVES, MAX_REACH, SIDES

ROAD, CITY, FIELD, CLOISTER = 0, 1, 2, 3
KINDS = ("road", "city", "field", "cloister")
EDGE_CODES = {"C": 1, "R": 2, "F": 3}
"""Edge letters as the two-bit codes of an edge constraint (0: no neighbour yet)."""

MAX_FEATURES = 16
"""Features per tile at most: a feature's node id keeps the index in four bits."""

DATA = Path(__file__).resolve().parent / "data"
BUILTIN = DATA / "tiles.toml"
FILES = ("tiles.toml",)
"""The component files of a designer's folder (besides parameters.toml)."""

# Where a follower is drawn in a tile's 3 x 3 picture (cells 0..8, row by row).
_SIDE_CELL = (1, 5, 7, 3)
_HALF_CELL = (0, 2, 2, 8, 8, 6, 6, 0)
_CENTRE = 4


class TileSetError(ComponentError):
    """A tile file that is unreadable or contradicts itself; the message says where."""


@dataclass(frozen=True, slots=True)
class Feature:
    """A road, city, field or cloister on one tile, as the tile lies north up."""

    kind: int
    sides: tuple[int, ...] = ()
    """Edges a road or city reaches (N E S W = 0..3)."""
    halves: tuple[int, ...] = ()
    """Half-edges a field touches (Nw Ne En Es Se Sw Ws Wn = 0..7)."""
    pennant: bool = False
    cities: tuple[int, ...] = ()
    """For a field: indices of the city features of this tile that it borders."""

    def describe(self, rotation: int = 0) -> str:
        """``city N-W``, ``road E-S``, ``field N-En``, ``cloister``: as turned on the map."""
        name = KINDS[self.kind]
        if self.sides:
            turned = sorted((s + rotation) % 4 for s in self.sides)
            name += " " + "-".join(SIDES[s] for s in turned)
        if self.halves:  # whole edges by their letter, half-edges by their name
            touched = {(h + 2 * rotation) % 8 for h in self.halves}
            parts = []
            for side in range(4):
                halves = {2 * side, 2 * side + 1} & touched
                parts += [SIDES[side]] if len(halves) == 2 else [HALVES[h] for h in halves]
            name += " " + "-".join(parts)
        if self.pennant:
            name += " (pennant)"
        return name


SIDE_WORDS = (T("north"), T("east"), T("south"), T("west"))
"""The compass sides N E S W in words (built once)."""
CORNER_WORDS = (T("north-west"), T("north-east"), T("south-east"), T("south-west"))
_HALF_CORNER = (0, 1, 1, 2, 2, 3, 3, 0)
"""The corner each half-edge (Nw Ne En Es Se Sw Ws Wn) lies in."""
_SIDE_OF_CORNERS = {
    frozenset((0, 1)): 0,
    frozenset((1, 2)): 1,
    frozenset((2, 3)): 2,
    frozenset((0, 3)): 3,
}
"""The side (N E S W) along which two corners lie."""


def listed(items: Sequence[T | str]) -> T | str:
    """Items in a row, ``a, b, c``: the comma is the template's, each item stays words."""
    out = items[0]
    for item in items[1:]:
        out = T("{earlier}, {then}", earlier=out, then=item)
    return out


def _field_words(feature: Feature, rotation: int) -> T:
    corners = frozenset(_HALF_CORNER[(h + 2 * rotation) % 8] for h in feature.halves)
    if len(corners) == 4:
        return T("field all round the tile")
    if len(corners) == 3:
        (missing,) = set(range(4)) - corners
        return T("field all but the {corner} corner", corner=CORNER_WORDS[missing])
    if corners in _SIDE_OF_CORNERS:
        return T("field along the {side} side", side=SIDE_WORDS[_SIDE_OF_CORNERS[corners]])
    first, *more = sorted(corners)
    if not more:
        return T("field in the {corner} corner", corner=CORNER_WORDS[first])
    return T(
        "field in the {corner} and {other} corners",
        corner=CORNER_WORDS[first],
        other=CORNER_WORDS[more[0]],
    )


def _one_of(field: T, index: int, count: int) -> T:
    """Fields of a tile that read alike, told apart by their order on the tile."""
    if index == 0:
        return T("{field} (the first of {count})", field=field, count=count)
    if index == 1:
        return T("{field} (the second of {count})", field=field, count=count)
    if index == 2:
        return T("{field} (the third of {count})", field=field, count=count)
    return T("{field} (the fourth of {count})", field=field, count=count)


def feature_words(features: tuple[Feature, ...], index: int, rotation: int) -> T:
    """A feature as a player points at it: ``field in the south-west corner``, ``city on the
    east side``, ``road from south to west``; where two fields of the tile would read alike,
    their order on the tile is added (never a half-edge code).  Words a page translates."""
    feature = features[index]
    if feature.kind == FIELD:
        place = _field_words(feature, rotation)
        twins = [
            f
            for f in features
            if f.kind == FIELD and f is not feature and _field_words(f, rotation) == place
        ]
        if twins:
            same = sorted([feature, *twins], key=features.index)
            return _one_of(place, same.index(feature), len(same))
        return place
    if feature.kind == CLOISTER:
        return T("cloister")
    sides = [SIDE_WORDS[s] for s in sorted((s + rotation) % 4 for s in feature.sides)]
    if feature.kind == ROAD:
        if len(sides) == 2:
            return T("road from {side} to {other}", side=sides[0], other=sides[1])
        if len(sides) == 1:
            return T("road ending {side}", side=sides[0])
        return T("road {sides}", sides=listed(sides))
    if len(sides) == 1:
        if feature.pennant:
            return T("city on the {side} side (pennant)", side=sides[0])
        return T("city on the {side} side", side=sides[0])
    if feature.pennant:
        return T(
            "city on the {sides} and {last} sides (pennant)",
            sides=listed(sides[:-1]),
            last=sides[-1],
        )
    return T("city on the {sides} and {last} sides", sides=listed(sides[:-1]), last=sides[-1])


def feature_name(features: tuple[Feature, ...], index: int, rotation: int) -> str:
    """:func:`feature_words` in English."""
    return feature_words(features, index, rotation).render()


@dataclass(frozen=True, slots=True)
class TileType:
    """One kind of land tile and how many of it are in the box."""

    index: int
    id: str
    name: str
    expansion: str
    count: int
    edges: str
    """Edge letters N E S W: C city, R road, F field."""
    features: tuple[Feature, ...]
    gold: bool
    """Shows a gold bar (The Goldmines)."""

    @property
    def cloister(self) -> int:
        """Index of the tile's cloister feature, or -1."""
        for i, f in enumerate(self.features):
            if f.kind == CLOISTER:
                return i
        return -1


@dataclass(frozen=True, slots=True)
class Variant:
    """A tile type turned ``rotation`` quarter turns clockwise: what the rules look up."""

    tile: int
    rotation: int
    edges: str
    codes: tuple[int, ...]
    """Edge codes N E S W (see EDGE_CODES)."""
    sig: int
    """The four codes packed two bits per edge, N lowest."""
    side_feature: tuple[int, ...]
    """Feature index of the road or city at each edge's middle, -1 for a field edge."""
    half_feature: tuple[int, ...]
    """Feature index of the field on each half-edge, -1 where a city edge has none."""
    anchors: tuple[int, ...]
    """Per feature, the cell (0..8, row by row) of the 3 x 3 picture that shows it."""
    same_as: int
    """The smallest rotation of the type that looks exactly like this one."""


class TileSet:
    """Every tile type of a tile file, with its rotated variants and edge-fit tables."""

    def __init__(self, types: Sequence[TileType], start: str, source: str):
        self.types = tuple(types)
        self.by_id = {t.id: t for t in self.types}
        self.ids = tuple(t.id for t in self.types)
        self.start = self.by_id[start]
        self.source = source
        self.variants = tuple(_variant(t, r) for t in self.types for r in range(4))
        """Indexed by ``tile.index * 4 + rotation``."""
        self.fits = tuple(self._fit_table(t) for t in self.types)
        """Per tile type, per edge constraint (0..255): the distinct rotations that fit."""
        self.max_features = max(len(t.features) for t in self.types)
        # Per tile type, per feature: what a new node of the feature graph starts with.
        self.kinds = tuple(tuple(f.kind for f in t.features) for t in self.types)
        self.opens = tuple(tuple(len(f.sides) for f in t.features) for t in self.types)
        self.pennants = tuple(tuple(int(f.pennant) for f in t.features) for t in self.types)
        self.cloister_of = tuple(t.cloister for t in self.types)

    def _fit_table(self, tile: TileType) -> tuple[tuple[int, ...], ...]:
        distinct = [
            v for v in self.variants[tile.index * 4 : tile.index * 4 + 4] if v.same_as == v.rotation
        ]
        table = []
        for sig in range(256):
            mask = 0
            for side in range(4):
                if (sig >> (2 * side)) & 3:
                    mask |= 3 << (2 * side)
            table.append(tuple(v.rotation for v in distinct if v.sig & mask == sig))
        return tuple(table)

    def in_play(self, expansions: Sequence[str]) -> list[TileType]:
        return [t for t in self.types if t.expansion in expansions]

    def bag(self, expansions: Sequence[str]) -> list[int]:
        """The tiles that go in the bag (type indices): all but the start tile."""
        out = []
        for t in self.in_play(expansions):
            out.extend([t.index] * (t.count - (t is self.start)))
        return out

    def reach(self, expansions: Sequence[str]) -> int:
        """How far from the start tile a tile can ever lie: the number of bag tiles."""
        return len(self.bag(expansions))


def _variant(tile: TileType, rotation: int) -> Variant:
    edges = "".join(tile.edges[(s - rotation) % 4] for s in range(4))
    codes = tuple(EDGE_CODES[e] for e in edges)
    side_feature = [-1] * 4
    half_feature = [-1] * 8
    for i, f in enumerate(tile.features):
        for s in f.sides:
            side_feature[(s + rotation) % 4] = i
        for h in f.halves:
            half_feature[(h + 2 * rotation) % 8] = i
    return Variant(
        tile=tile.index,
        rotation=rotation,
        edges=edges,
        codes=codes,
        sig=sum(c << (2 * s) for s, c in enumerate(codes)),
        side_feature=tuple(side_feature),
        half_feature=tuple(half_feature),
        anchors=_anchors(tile, rotation),
        same_as=next(r for r in range(4) if _shape(tile, r) == _shape(tile, rotation)),
    )


def _anchors(tile: TileType, rotation: int) -> tuple[int, ...]:
    used: set[int] = set()
    out = []
    for f in tile.features:
        cells = [_SIDE_CELL[(s + rotation) % 4] for s in f.sides]
        cells += [_HALF_CELL[(h + 2 * rotation) % 8] for h in f.halves]
        cell = next((c for c in cells if c not in used), _CENTRE)
        used.add(cell)
        out.append(cell)
    return tuple(out)


def _shape(tile: TileType, rotation: int) -> tuple[str, frozenset[Any]]:
    """What a turned tile looks like, feature order aside: equal shapes are one placement."""

    def sides(f: Feature) -> frozenset[int]:
        return frozenset((s + rotation) % 4 for s in f.sides)

    shape = frozenset(
        (
            f.kind,
            sides(f),
            frozenset((h + 2 * rotation) % 8 for h in f.halves),
            f.pennant,
            frozenset(sides(tile.features[c]) for c in f.cities),
        )
        for f in tile.features
    )
    return "".join(tile.edges[(s - rotation) % 4] for s in range(4)), shape


# ------------------------------------------------------------------ loading and checking


def _load_tileset(folder: str) -> TileSet:
    """The tile set of a components folder (empty: the built-in base game and The
    Goldmines)."""
    data, source = load(DATA, designer_folder(folder, (*FILES, PARAMETERS)), "tiles.toml")
    return parse_tileset(data, source)


load_tileset = folder_cached(_load_tileset)
"""The tile set of a components folder, read once and kept while the folder's files stay
unchanged (games, renderers and action spaces all ask for it)."""


def parse_tileset(data: Mapping[str, Any], source: str = "tiles") -> TileSet:
    """Build and check a tile set from parsed TOML; every fault names its tile and feature."""
    _only(data, {"set", "tile"}, source)
    meta = data.get("set")
    if not isinstance(meta, dict):
        raise TileSetError(f"{source}: a [set] table with the start tile is required")
    _only(meta, {"start", "followers"}, f"{source} [set]")
    raw_tiles = data.get("tile")
    if not isinstance(raw_tiles, list) or not raw_tiles:
        raise TileSetError(f"{source}: no [[tile]] tables")
    types = [_parse_tile(i, raw, source) for i, raw in enumerate(raw_tiles)]
    ids = [t.id for t in types]
    for tid in ids:
        if ids.count(tid) > 1:
            raise TileSetError(f"{source}: two tiles have the id {tid!r}")
    start = meta.get("start")
    if start not in ids:
        raise TileSetError(f"{source} [set]: start tile {start!r} is not one of the tiles")
    if sum(t.count for t in types) > MAX_REACH:
        raise TileSetError(f"{source}: more than {MAX_REACH} tiles")
    if "followers" in meta:  # an older tile file's key
        raise TileSetError(
            f"{source} [set]: followers must be set in {PARAMETERS} now (it is a design "
            "number of the game, no longer a key of the tile file)"
        )
    assert isinstance(start, str)
    return TileSet(types, start, source)


def _only(table: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise TileSetError(f"{where}: unknown key(s) {', '.join(unknown)}")


def _parse_tile(index: int, raw: object, source: str) -> TileType:
    if not isinstance(raw, dict):
        raise TileSetError(f"{source}: tile {index + 1} is not a table")
    where = f"{source}: tile {raw.get('id', index + 1)!r}"
    _only(raw, {"id", "name", "expansion", "count", "edges", "features", "gold"}, where)
    tid, name, expansion = raw.get("id"), raw.get("name", ""), raw.get("expansion", "base")
    count, edges, gold = raw.get("count"), raw.get("edges"), raw.get("gold", False)
    if not isinstance(tid, str) or not tid:
        raise TileSetError(f"{where}: id must be a non-empty string")
    if not isinstance(name, str) or not isinstance(expansion, str):
        raise TileSetError(f"{where}: name and expansion must be strings")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise TileSetError(f"{where}: count must be a whole number of at least 1")
    if not isinstance(edges, str) or len(edges) != 4 or set(edges) - set(EDGE_CODES):
        raise TileSetError(f"{where}: edges must be four letters from C, R, F (N E S W)")
    if not isinstance(gold, bool):
        raise TileSetError(f"{where}: gold must be true or false")
    raw_features = raw.get("features")
    if not isinstance(raw_features, list) or not raw_features:
        raise TileSetError(f"{where}: features must be a non-empty list")
    if len(raw_features) > MAX_FEATURES:
        raise TileSetError(f"{where}: more than {MAX_FEATURES} features")
    features = tuple(
        _parse_feature(f"{where} feature {i}", item) for i, item in enumerate(raw_features)
    )
    _check_geometry(where, edges, features)
    return TileType(index, tid, name, expansion, count, edges, features, gold)


def _parse_feature(where: str, raw: object) -> Feature:
    if not isinstance(raw, dict):
        raise TileSetError(f"{where}: expected a table such as {{ kind = 'road', ... }}")
    _only(raw, {"kind", "edges", "halves", "cities", "pennant"}, where)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise TileSetError(f"{where}: kind must be one of {', '.join(KINDS)}")
    k = KINDS.index(kind)
    sides = _names(where, "edges", raw.get("edges", []), SIDES)
    halves = _names(where, "halves", raw.get("halves", []), HALVES)
    cities = raw.get("cities", [])
    pennant = raw.get("pennant", False)
    if not isinstance(pennant, bool):
        raise TileSetError(f"{where}: pennant must be true or false")
    if not isinstance(cities, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in cities
    ):
        raise TileSetError(f"{where}: cities must be a list of feature indices")
    if k in (ROAD, CITY) and (not sides or halves or cities):
        raise TileSetError(f"{where}: a {kind} lists the edges it reaches, and only those")
    if k == FIELD and (not halves or sides):
        raise TileSetError(f"{where}: a field lists the half-edges it touches, and only those")
    if k == CLOISTER and (sides or halves or cities):
        raise TileSetError(f"{where}: a cloister reaches no edge")
    if pennant and k != CITY:
        raise TileSetError(f"{where}: only a city carries a pennant")
    return Feature(k, sides, halves, pennant, tuple(cities))


def _names(where: str, key: str, raw: object, names: Sequence[str]) -> tuple[int, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) and n in names for n in raw):
        raise TileSetError(f"{where}: {key} must be a list of {', '.join(names)}")
    if len(set(raw)) != len(raw):
        raise TileSetError(f"{where}: {key} names one twice")
    return tuple(names.index(n) for n in raw)


def _check_geometry(where: str, edges: str, features: tuple[Feature, ...]) -> None:
    """Every edge and half-edge belongs to exactly the features its letter calls for."""
    for side, letter in enumerate(edges):
        on_edge = [f for f in features if side in f.sides]
        wanted = {"C": CITY, "R": ROAD}.get(letter)
        if wanted is None and on_edge:
            raise TileSetError(f"{where}: edge {SIDES[side]} is a field edge but has a feature")
        if wanted is not None and (len(on_edge) != 1 or on_edge[0].kind != wanted):
            raise TileSetError(f"{where}: edge {SIDES[side]} needs exactly one {KINDS[wanted]}")
        for half in (2 * side, 2 * side + 1):
            fields = [f for f in features if half in f.halves]
            if letter == "C" and fields:
                raise TileSetError(f"{where}: half-edge {HALVES[half]} lies on a city edge")
            if letter != "C" and len(fields) != 1:
                raise TileSetError(f"{where}: half-edge {HALVES[half]} needs exactly one field")
    for f in features:
        for c in f.cities:
            if not 0 <= c < len(features) or features[c].kind != CITY:
                raise TileSetError(f"{where}: a field borders feature {c}, which is not a city")
