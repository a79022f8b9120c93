"""Base-game scoring on hand-built maps: roads, cities, cloisters, farms, end of the game.

The start tile RCr lies at (0, 0): its city faces north (towards y = -1), its road runs
west-east, its fields lie north of the road (by the city) and south of it.  Seat 0 moves
first.
"""

from __future__ import annotations

from pathlib import Path

from motherlode.games.carcassonne.components import BUILTIN
from motherlode.games.carcassonne.rules import OVER
from tests.games.carcassonne.helpers import (
    Follower,
    Pass,
    Place,
    deal,
    feature,
    lay,
    new_game,
    play,
    stand,
)


def tally(state, kind: str) -> list[int]:
    counts: list[int] = state.observe(None)["tally"][kind]
    return counts


# ------------------------------------------------------------------ roads


def test_roads_a_completed_three_tile_road_scores_three():
    g = new_game(goldmines=False)
    lay(g, -1, 0, "RRR")  # the junction's east arm ends the road on the west
    deal(g, "RRR")
    play(g, Place(1, 0, 0), Follower(feature(g, "RRR", "road", "W")))
    assert g.points == [3, 0]
    assert tally(g, "road") == [3, 0]
    assert g.supply == [7, 7] and not g.followers  # the thief came home at once


def test_roads_an_open_road_scores_nothing_during_the_game():
    g = new_game(goldmines=False)
    deal(g, "RFr")
    play(g, Place(1, 0, 0), Follower(feature(g, "RFr", "road")))
    assert g.points == [0, 0] and g.supply == [6, 7]


# ------------------------------------------------------------------ cities


def test_cities_a_two_tile_closed_city_scores_four():
    g = new_game(goldmines=False)
    deal(g, "C")
    play(g, Place(0, -1, 2), Follower(feature(g, "C", "city")))
    assert g.points == [4, 0]
    assert tally(g, "city") == [4, 0]


def test_cities_a_two_tile_closed_city_with_a_pennant_scores_six(tmp_path: Path):
    """No base tile has a one-edge city with a pennant, so a tile file adds one: 2 tiles x 2
    + 1 pennant x 2 = 6 (the current rule; a two-tile city is not worth less)."""
    extra = """
[[tile]]
id = "C+"
name = "city edge with a pennant (test tile)"
count = 1
edges = "CFFF"
features = [
  { kind = "city", edges = ["N"], pennant = true },
  { kind = "field", halves = ["En", "Es", "Se", "Sw", "Ws", "Wn"], cities = [0] },
]
"""
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(BUILTIN.read_text(encoding="utf-8") + extra, encoding="utf-8")
    g = new_game(goldmines=False, components=str(tmp_path))
    deal(g, "C+")
    play(g, Place(0, -1, 2), Follower(feature(g, "C+", "city")))
    assert g.points == [6, 0]


def test_cities_a_shared_city_with_a_tie_scores_in_full_for_both():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    lay(g, 1, 0, "RCr", 0, (1, feature(g, "RCr", "city")))
    lay(g, 0, -1, "Cc+", 2)  # city S-E with a pennant, joined to the start city
    deal(g, "Cc")
    play(g, Place(1, -1, 3), Pass())  # city W-S closes both into one
    # 4 tiles x 2 + 1 pennant x 2, to each of the tied players
    assert g.points == [10, 10]
    assert g.supply == [7, 7]


def test_cities_the_majority_takes_all():
    g = new_game(3, goldmines=False)
    city = feature(g, "RCr", "city")
    stand(g, 0, 0, 0, city)
    lay(g, -1, -1, "C", 1, (1, feature(g, "C", "city")))  # a city part facing east
    lay(g, 1, -1, "C", 3, (1, feature(g, "C", "city")))  # another, facing west
    deal(g, "Ccc", seat=2)
    play(g, Place(0, -1, 2), Pass())  # joins all three parts and closes the city
    assert g.points == [0, 8, 0]  # 2 knights beat 1; 4 tiles x 2
    assert g.supply == [7, 7, 7]


# ------------------------------------------------------------------ cloisters


def _cloister_ring(g) -> None:
    """A monk of seat 0 on a cloister at (0, 1), with 7 of its 8 neighbours placed."""
    lay(g, 0, 1, "L", 0, (0, feature(g, "L", "cloister")))
    lay(g, -1, 0, "RFr")
    lay(g, 1, 0, "RFr")
    lay(g, -1, 1, "L")
    lay(g, 1, 1, "L")
    lay(g, -1, 2, "C", 2)
    lay(g, 1, 2, "C", 2)


def test_cloisters_a_complete_cloister_scores_nine():
    g = new_game(goldmines=False)
    _cloister_ring(g)
    deal(g, "L")
    play(g, Place(0, 2, 0), Pass())
    assert g.points == [9, 0]
    assert tally(g, "cloister") == [9, 0]
    assert g.supply == [7, 7]


def test_cloisters_an_opponent_can_complete_your_cloister():
    g = new_game(goldmines=False)
    _cloister_ring(g)
    deal(g, "L", seat=1)
    play(g, Place(0, 2, 0), Pass())
    assert g.points == [9, 0]


# ------------------------------------------------------------------ followers


def test_followers_return_on_completion_but_farmers_stay():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 0, feature(g, "RCr", "field", "En"))  # a farmer by the city
    deal(g, "C")
    play(g, Place(0, -1, 2), Follower(feature(g, "C", "city")))
    assert g.points == [4, 0]
    assert g.supply == [6, 7]  # the knight is back, the farmer stays
    assert [f[3] for f in g.observe(None)["followers"]] == [0]


def test_followers_only_on_an_unoccupied_feature_of_the_new_tile():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 1, feature(g, "RCr", "city"))
    deal(g, "Cc")
    play(g, Place(0, -1, 2))
    city, field = feature(g, "Cc", "city"), feature(g, "Cc", "field")
    legal = g.legal_actions(0)
    assert Follower(city) not in legal
    assert Follower(field) in legal and Pass() in legal


def test_followers_none_offered_when_the_supply_is_empty():
    g = new_game(goldmines=False)
    g.supply[0] = 0
    deal(g, "RFr")
    play(g, Place(1, 0, 0))
    assert g.pending() == (1,)  # no follower decision: the turn passed on


# ------------------------------------------------------------------ end of the game


def test_end_of_game_incomplete_city_road_and_cloister():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    stand(g, 0, 0, 1, feature(g, "RCr", "road"))
    lay(g, 0, -1, "Cc+", 2)  # the city: 2 tiles and a pennant, open to the east
    lay(g, 1, 0, "RFr")  # the road: 2 tiles, open at both ends
    lay(g, 0, 1, "L", 0, (0, feature(g, "L", "cloister")))
    deal(g, "L", last=True)
    play(g, Place(-1, 1, 0), Pass())
    assert g.phase == OVER and g.is_over()
    # city 2 + 1, cloister 1 + 3 tiles around it (the start tile, (1, 0) and (-1, 1))
    assert tally(g, "city") == [3, 0]
    assert tally(g, "cloister") == [4, 0]
    assert tally(g, "road") == [0, 2]
    assert g.scores() == (7.0, 2.0)
    assert g.ranking() == ((0,), (1,))


def _farm(g) -> None:
    """A farm (the start tile's south field and three tiles below it) bordering city A
    (closed), city B (closed by the last tile) and city C (left open)."""
    lay(g, 0, 1, "C", 2)  # city A, facing south
    lay(g, 0, 2, "C", 0)  # closes city A
    lay(g, -1, 1, "C", 3)  # city B, facing west
    lay(g, 1, 1, "C", 1)  # city C, facing east, never closed


def test_farms_a_farm_bordering_two_completed_cities_and_an_incomplete_one():
    g = new_game(goldmines=False)
    _farm(g)
    stand(g, 0, 1, 0, feature(g, "C", "field"))
    deal(g, "C", last=True)
    play(g, Place(-2, 1, 1), Pass())  # closes city B
    assert tally(g, "farm") == [6, 0]  # 3 x 2 completed cities; city C does not count
    assert g.points == [6, 0]


def test_farms_majority_of_farmers_takes_the_farm():
    g = new_game(goldmines=False)
    _farm(g)
    field = feature(g, "C", "field")
    stand(g, 0, 1, 0, field)
    stand(g, -1, 1, 1, field)
    stand(g, 1, 1, 1, field)
    deal(g, "C", last=True)
    play(g, Place(-2, 1, 1), Pass())
    assert tally(g, "farm") == [0, 6]


def test_farms_tied_farmers_both_score_the_farm():
    g = new_game(goldmines=False)
    _farm(g)
    field = feature(g, "C", "field")
    stand(g, 0, 1, 0, field)
    stand(g, 1, 1, 1, field)
    deal(g, "C", last=True)
    play(g, Place(-2, 1, 1), Pass())
    assert tally(g, "farm") == [6, 6]


def test_farms_one_city_scores_for_each_farm_it_borders():
    g = new_game(goldmines=False)
    lay(g, 0, -1, "C", 2)  # closes the start city; fields on both sides of it
    stand(g, 0, 0, 0, feature(g, "RCr", "field", "En"))
    stand(g, 0, -1, 1, feature(g, "C", "field"))
    deal(g, "RFr", last=True)
    play(g, Place(-1, 0, 0), Pass())
    assert tally(g, "farm") == [3, 3]


def test_farms_a_city_counts_once_per_farm_however_long_the_border():
    g = new_game(goldmines=False)
    lay(g, 1, 0, "RCr")  # its field north of the road joins the start tile's
    lay(g, 0, -1, "Cc+", 2)
    stand(g, 0, 0, 0, feature(g, "RCr", "field", "En"))
    deal(g, "Cc", last=True)
    play(g, Place(1, -1, 3), Pass())  # one city over four tiles, two of them on the farm
    assert tally(g, "farm") == [3, 0]
