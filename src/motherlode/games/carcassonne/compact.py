"""Carcassonne's compact observation: the score sheet, the followers, the tile in hand and
the choices it leaves, and what the bag still holds.

Per player the points, the followers in supply and on the board (by the kind of feature
they stand on: road, city, field, cloister), the score sheet's tallies and the gold bars;
the tile drawn (its type and its edges, cloister, pennants, gold), the placements and the
free features of the tile just laid (by kind) as the view lists them; the bag's size and
how many of its tiles show a city, a road, a cloister or gold.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from motherlode.games.carcassonne.components import KINDS
from motherlode.games.carcassonne.rules import PHASES, TALLY
from motherlode.rl.tensors.compact import Features, Write

if TYPE_CHECKING:
    from motherlode.engine import State

PHASE = {p: i for i, p in enumerate(PHASES)}


def writer(probe: State) -> Write:
    tileset = probe.tileset  # type: ignore[attr-defined]
    followers = max(1, probe.params.followers)  # type: ignore[attr-defined]
    bag = max(1, len(probe.bag))  # type: ignore[attr-defined]
    types = {t.id: t for t in tileset.types}
    tile_at = {t.id: i for i, t in enumerate(tileset.types)}
    kinds = {t.id: tileset.kinds[t.index] for t in tileset.types}
    # per tile type: city, road and field edges, a cloister, pennants, gold
    shape = {
        t.id: (
            t.edges.count("C") / 4,
            t.edges.count("R") / 4,
            t.edges.count("F") / 4,
            float(t.cloister >= 0),
            sum(f.pennant for f in t.features) / 2,
            float(t.gold),
        )
        for t in tileset.types
    }
    nothing = (0.0,) * 6
    standing = [(f"followers.{kind}", f"followers on a {kind}") for kind in KINDS]
    tallies = [(kind, f"tally.{kind}", f"points so far from: {kind}") for kind in TALLY]

    def write(obs: Mapping[str, Any], f: Features) -> None:
        n = f.n
        where = {(x, y): tile for x, y, tile, _ in obs["board"]}
        on_board = [[0] * n for _ in KINDS]
        for x, y, feature, seat in obs["followers"]:
            on_board[kinds[where[x, y]][feature]][seat] += 1
        f.seats("points", obs["points"], 50, "points")
        f.seats("supply", obs["supply"], followers, "followers in supply")
        for counts, (key, meaning) in zip(on_board, standing, strict=True):
            f.seats(key, counts, followers, meaning)
        tally = obs["tally"]
        for kind, key, meaning in tallies:
            f.seats(key, tally[kind], 50, meaning)
        f.seats("bars", obs.get("bars") or [0] * n, 5, "gold bars")
        f.onehot("phase", PHASE, obs["phase"], "the phase")
        f.seat_hot("active", obs["active"], "the active player")
        f.seat_hot("gold_turn", obs.get("gold_turn"), "who takes gold now")
        tile = obs["tile"]
        f.onehot("tile", tile_at, tile, "the tile to place")
        f.nums(
            "tile.shape",
            shape[tile] if tile is not None else nothing,
            6,
            1,
            "its city, road, field edges / 4, cloister, pennants / 2, gold",
        )
        placements = obs.get("placements") or ()
        f.num("placements", len(placements), 100, "placements of the tile (with rotations)")
        f.num("places", len({(x, y) for x, y, _ in placements}), 50, "squares it fits")
        free = [0.0] * len(KINDS)
        last = obs["last"]
        if last is not None and obs.get("free_features"):
            features = kinds[where[last[0], last[1]]]
            for feature in obs["free_features"]:
                free[features[feature]] = 1.0
        f.nums("free_features", free, len(KINDS), 1, "kinds a follower may claim on the new tile")
        f.num(
            "gold_targets", len(obs.get("gold_targets") or ()), 4, "tiles the second bar may go to"
        )
        claims = obs.get("claims") or ()
        f.num("claims", len(claims), 4, "gold tiles to share out")
        f.num(
            "my_claims",
            sum(f.seat in seats for _, _, seats in claims),
            4,
            "of them, tiles the viewer may take from",
        )
        gold = obs.get("gold") or ()
        f.num("gold.tiles", len(gold), 16, "tiles with gold bars on them")
        f.num("gold.bars", sum(b for _, _, b in gold), 16, "gold bars on the board")
        remaining = obs["remaining"]
        f.num("bag", obs["bag"], bag, "tiles in the bag")
        f.nums(
            "bag.shapes",
            (
                sum(k * (shape[t][0] > 0) for t, k in remaining.items()),
                sum(k * (shape[t][1] > 0) for t, k in remaining.items()),
                sum(k * (types[t].cloister >= 0) for t, k in remaining.items()),
                sum(k * types[t].gold for t, k in remaining.items()),
            ),
            4,
            bag,
            "tiles in the bag with a city, a road, a cloister, gold",
        )
        f.num("discarded", len(obs["discarded"]), 4, "tiles discarded (no place fitted)")
        f.num("board", len(obs["board"]), bag, "tiles on the board")

    return write
