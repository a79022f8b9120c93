"""The tile set as data (data/tiles.toml), the options that choose it, and their checks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from motherlode.engine import BadOptions, get_game
from motherlode.games.carcassonne.components import (
    BUILTIN,
    CITY,
    CLOISTER,
    TileSetError,
    load_tileset,
    parse_tileset,
)

# COMPONENTS.md: the base game's tile table (count per tile) and the 8 gold tiles.
BASE_COUNTS = {
    "L": 4, "LR": 2, "RCr": 4, "Cccc+": 1, "CccR+": 2, "CccR": 1, "CFc+": 2, "CFc": 1,
    "Cc": 3, "Cc+": 2, "CcRr": 3, "CcRr+": 2, "Ccc": 3, "Ccc+": 1, "CRr": 3, "RrC": 3,
    "CRRR": 3, "C": 5, "CFC": 3, "CC": 2, "RRRR": 1, "RRR": 4, "Rr": 9, "RFr": 8,
}  # fmt: skip
GOLD_TILES = {
    "GO/LRr": "FRRF", "GO/LCc": "CFFC", "GO/LCcRr": "CRRC", "GO/LRrRr": "RRRR",
    "GO/RrRr": "RRRR", "GO/CcRr": "CRRC", "GO/CRcr": "RCRC", "GO/RRrr.X": "RRRR",
}  # fmt: skip


def test_components_the_base_game_has_72_tiles_and_10_pennants():
    tiles = load_tileset()
    base = tiles.in_play(("base",))
    assert {t.id: t.count for t in base} == BASE_COUNTS
    assert sum(t.count for t in base) == 72
    assert sum(t.count for t in base for f in t.features if f.pennant) == 10
    assert tiles.start.id == "RCr"
    assert get_game("carcassonne").options().parameters.followers == 7  # now a design number


def test_components_the_goldmines_adds_eight_gold_tiles():
    tiles = load_tileset()
    gold = tiles.in_play(("goldmines",))
    assert {t.id: t.edges for t in gold} == GOLD_TILES
    assert all(t.gold and t.count == 1 for t in gold)
    assert not any(f.pennant for t in gold for f in t.features)
    assert sum(1 for t in gold if t.cloister >= 0) == 4
    assert tiles.reach(("base", "goldmines")) == 79


def test_components_distinct_rotations_follow_from_the_geometry():
    tiles = load_tileset()
    distinct: Counter[str] = Counter()
    for v in tiles.variants:
        distinct[tiles.types[v.tile].id] += v.same_as == v.rotation
    one = {"L", "Cccc+", "RRRR", "GO/RRrr.X"}
    two = {"RFr", "CFc", "CFc+", "CFC", "GO/RrRr", "GO/LRrRr", "GO/CRcr"}
    for tile_id, count in distinct.items():
        assert count == (1 if tile_id in one else 2 if tile_id in two else 4), tile_id


def test_components_fields_border_the_right_cities():
    tiles = load_tileset()
    cfc = tiles.by_id["CFC"]
    assert [f.cities for f in cfc.features if f.kind not in (CITY, CLOISTER)] == [(0, 1)]
    rcr = tiles.by_id["RCr"]
    assert [f.cities for f in rcr.features if f.halves] == [(0,), ()]


def _tile(**changes: object) -> dict[str, object]:
    tile: dict[str, object] = {
        "id": "X",
        "count": 1,
        "edges": "CFFF",
        "features": [
            {"kind": "city", "edges": ["N"]},
            {"kind": "field", "halves": ["En", "Es", "Se", "Sw", "Ws", "Wn"], "cities": [0]},
        ],
    }
    tile.update(changes)
    return tile


def _set(*tiles: dict[str, object]) -> dict[str, object]:
    return {"set": {"start": "X", "followers": 7}, "tile": list(tiles)}


@pytest.mark.parametrize(
    ("tile", "message"),
    [
        (_tile(edges="CFFQ"), "edges must be four letters"),
        (_tile(edges="RFFF"), "edge N needs exactly one road"),
        (_tile(count=0), "count must be a whole number"),
        (_tile(colour="red"), "unknown key"),
        (
            _tile(features=[{"kind": "city", "edges": ["N"]}]),
            "half-edge En needs exactly one field",
        ),
        (
            _tile(features=[{"kind": "city", "edges": ["N"]}, {"kind": "field", "halves": ["Nw"]}]),
            "half-edge Nw lies on a city edge",
        ),
        (
            _tile(
                features=[
                    {"kind": "city", "edges": ["N"]},
                    {
                        "kind": "field",
                        "halves": ["En", "Es", "Se", "Sw", "Ws", "Wn"],
                        "cities": [1],
                    },
                ]
            ),
            "not a city",
        ),
        (_tile(features=[{"kind": "castle"}]), "kind must be one of"),
        (
            _tile(features=[{"kind": "road", "edges": ["N"], "pennant": True}]),
            "only a city carries a pennant",
        ),
    ],
)
def test_components_a_faulty_tile_file_is_refused_with_the_reason(tile, message):
    with pytest.raises(TileSetError, match=message):
        parse_tileset(_set(tile))


def test_components_set_table_is_checked():
    with pytest.raises(TileSetError, match="start tile 'Y'"):
        parse_tileset({"set": {"start": "Y", "followers": 7}, "tile": [_tile()]})
    with pytest.raises(TileSetError, match="followers must be"):
        parse_tileset({"set": {"start": "X", "followers": 0}, "tile": [_tile()]})
    with pytest.raises(TileSetError, match="two tiles have the id"):
        parse_tileset(_set(_tile(), _tile()))


def test_options_defaults_are_the_rulebooks():
    game = get_game("carcassonne")
    options = game.options()
    assert options.to_dict() == {"goldmines": True, "components": ""}
    assert game.options({"goldmines": "off"}).to_dict()["goldmines"] is False


def test_options_bad_values_are_refused():
    game = get_game("carcassonne")
    with pytest.raises(BadOptions, match="goldmines"):
        game.options({"goldmines": "perhaps"})
    with pytest.raises(BadOptions, match="does not exist"):
        game.options({"components": "/no/such/folder"})


def test_options_a_tile_file_of_ones_own(tmp_path: Path):
    path = tmp_path / "tiles.toml"
    path.write_text(BUILTIN.read_text(encoding="utf-8").replace("count = 9", "count = 3"))
    state = get_game("carcassonne").new_state(2, 1, {"components": str(tmp_path)})
    assert state.observe(None)["bag"] == 80 - 6 - 2
    path.write_text("[set]\nstart = 'RCr'\nfollowers = 7\n")
    with pytest.raises(BadOptions, match="followers must be"):
        get_game("carcassonne").options({"components": str(tmp_path)})
    with pytest.raises(BadOptions, match="put the file in a folder"):
        get_game("carcassonne").options({"components": str(path)})
