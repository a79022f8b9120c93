"""The Goldmines on hand-built maps (rulebook sections "Tiles" and "Scoring").

The start tile RCr lies at (0, 0), city to the north, road west-east.  Seat 0 moves first.
"""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.carcassonne.geometry import pack
from motherlode.games.carcassonne.rules import FOLLOWER, GOLD, TAKE
from motherlode.games.carcassonne.scoring import gold_points
from tests.games.carcassonne.helpers import (
    Follower,
    GoldBar,
    Pass,
    Place,
    TakeGold,
    deal,
    feature,
    gold,
    lay,
    new_game,
    play,
    stand,
)


def on_map(g) -> dict[tuple[int, int], int]:
    return {(x, y): bars for x, y, bars in g.observe(None)["gold"]}


def _city_waiting_for_its_last_tile(g) -> None:
    """The start city continues through (1, -1) to (1, 0); (0, -1) would close it."""
    lay(g, 1, 0, "RCr")
    lay(g, 1, -1, "Cc", 3)  # city W-S


# ------------------------------------------------------------------ Tiles


def test_tiles_gold_tile_completes_a_feature_and_its_gold_is_scored_at_once():
    """The rulebook's example: "it is possible to lay a gold tile to complete a feature,
    lay the gold, and immediately score it" (place tile, gold bars, follower, score, gold)."""
    g = new_game()
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    _city_waiting_for_its_last_tile(g)
    deal(g, "GO/LCc")
    play(g, Place(0, -1, 2))  # its city S-E closes the start city
    assert g.phase == GOLD
    assert on_map(g) == {(0, -1): 1}
    # the second bar: any placed tile around it, diagonals included
    assert g.observe(0)["gold_targets"] == [[1, -1], [1, 0], [0, 0]]
    play(g, GoldBar(1, 0))
    assert g.phase == FOLLOWER
    play(g, Pass())
    assert g.points == [8, 0]  # 4 tiles x 2
    assert g.bars == [2, 0]  # both bars lay on the city's tiles
    assert on_map(g) == {}


def test_tiles_the_second_bar_goes_on_the_only_neighbour_without_asking():
    g = new_game()
    deal(g, "GO/RrRr")
    play(g, Place(1, 0, 0))
    assert g.phase == FOLLOWER  # no gold decision
    assert on_map(g) == {(1, 0): 1, (0, 0): 1}


def test_tiles_the_second_bar_only_next_to_the_gold_tile():
    g = new_game()
    _city_waiting_for_its_last_tile(g)
    lay(g, 3, 0, "RFr")
    lay(g, 2, 0, "RFr")
    deal(g, "GO/LCc")
    play(g, Place(0, -1, 2))
    with pytest.raises(IllegalAction, match="next to the new gold tile"):
        g.apply(0, GoldBar(3, 0))
    with pytest.raises(IllegalAction, match="second gold bar"):
        g.apply(0, Pass())


def test_tiles_without_the_goldmines_a_gold_tile_is_not_in_the_bag():
    g = new_game(goldmines=False)
    assert not any(g.tileset.types[t].gold for t in g.bag)
    assert "gold" not in g.observe(None)
    assert len(g.bag) + 1 == 71  # 72 tiles: the start tile, the drawn one, the bag
    assert len(new_game().bag) + 1 == 80 - 1  # 80 with the 8 gold tiles


# ------------------------------------------------------------------ gold collection


def test_gold_on_a_completed_city_goes_to_its_scorer():
    g = new_game()
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    _city_waiting_for_its_last_tile(g)
    gold(g, 1, 0, 2)
    gold(g, 1, -1, 1)
    deal(g, "Cc+")
    play(g, Place(0, -1, 2), Pass())
    assert g.points == [10, 0]
    assert g.bars == [3, 0]
    assert on_map(g) == {}


def test_gold_split_one_bar_at_a_time_between_tied_scorers_from_the_active_player():
    g = new_game()
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    lay(g, 1, 0, "RCr", 0, (1, feature(g, "RCr", "city")))
    lay(g, 0, -1, "Cc+", 2)
    gold(g, 0, -1, 2)
    gold(g, 1, 0, 1)
    deal(g, "Cc", seat=1)
    play(g, Place(1, -1, 3), Pass())
    assert g.points == [10, 10]
    assert g.bars == [1, 2]  # Player 2 (active) takes the 1st and 3rd bar
    takes = [e.text for e in g.events_for(None) if "takes a gold bar" in e.text]
    assert [t.split()[1] for t in takes] == ["2", "1", "2"]


def test_gold_a_completed_feature_without_followers_leaves_its_gold():
    g = new_game()
    _city_waiting_for_its_last_tile(g)
    gold(g, 1, 0, 2)
    deal(g, "Cc")
    play(g, Place(0, -1, 2), Pass())
    assert g.bars == [0, 0]
    assert on_map(g) == {(1, 0): 2}


def _road_and_city_completed_together(g) -> None:
    """Seat 0's thief on the start road, seat 1's knight on the start city: a CRRR tile at
    (1, 0) will close both; the start tile belongs to both features."""
    stand(g, 0, 0, 0, feature(g, "RCr", "road"))
    stand(g, 0, 0, 1, feature(g, "RCr", "city"))
    lay(g, -1, 0, "RRR")  # the road's west end
    lay(g, 0, -1, "Cc", 2)
    lay(g, 1, -1, "Cc", 3)
    gold(g, 0, 0, 1)  # claimable by both scorers
    gold(g, -1, 0, 1)  # only by the road's scorer
    deal(g, "CRRR")
    play(g, Place(1, 0, 0), Pass())


def test_gold_several_features_scored_together_the_active_player_chooses_first():
    g = new_game()
    _road_and_city_completed_together(g)
    assert g.points == [3, 8]
    assert g.phase == TAKE and g.pending() == (0,)
    assert g.observe(1)["claims"] == [[0, 0, [0, 1]], [-1, 0, [0]]]
    assert g.legal_actions(0) == [TakeGold(0, 0), TakeGold(-1, 0)]
    play(g, TakeGold(0, 0))  # takes the bar the city's scorer wanted
    assert g.bars == [2, 0]
    assert g.pending() == (1,) and g.phase != TAKE  # the next turn has begun


def test_gold_several_features_scored_together_other_choice():
    g = new_game()
    _road_and_city_completed_together(g)
    with pytest.raises(IllegalAction, match="take a gold bar from"):
        g.apply(0, TakeGold(1, -1))
    play(g, TakeGold(-1, 0))
    assert g.bars == [1, 1]


def test_gold_in_a_cloisters_neighbourhood_goes_to_its_monk():
    g = new_game()
    lay(g, 0, 1, "L", 0, (0, feature(g, "L", "cloister")))
    lay(g, -1, 0, "RFr")
    lay(g, 1, 0, "RFr")
    lay(g, -1, 1, "L")
    lay(g, 1, 1, "L")
    lay(g, -1, 2, "C", 2)
    lay(g, 1, 2, "C", 2)
    lay(g, 2, 0, "RFr")
    gold(g, 0, 1, 1)  # the cloister's own tile
    gold(g, 1, 2, 2)  # a diagonal neighbour
    gold(g, 0, 0, 1)  # the start tile, north of it
    gold(g, 2, 0, 1)  # outside the 3 x 3 square
    deal(g, "L", seat=1)
    play(g, Place(0, 2, 0), Pass())
    assert g.points == [9, 0]
    assert g.bars == [4, 0]
    assert on_map(g) == {(2, 0): 1}


def test_gold_no_gold_for_farmers():
    g = new_game()
    lay(g, 0, 1, "C", 2)
    lay(g, 0, 2, "C", 0)  # city A closed, nobody on it
    lay(g, -1, 1, "C", 3)
    lay(g, 1, 1, "C", 1)
    stand(g, 0, 1, 0, feature(g, "C", "field"))
    gold(g, 0, 1, 2)  # on the farm (and on closed city A)
    gold(g, 1, 1, 1)
    deal(g, "C", last=True)
    play(g, Place(-2, 1, 1), Pass())
    assert g.is_over()
    assert g.observe(None)["tally"]["farm"] == [6, 0]
    assert g.bars == [0, 0]
    assert on_map(g) == {}


def test_gold_unclaimed_gold_leaves_the_game_and_incomplete_features_claim_none():
    g = new_game()
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    lay(g, 0, -1, "Cc+", 2)  # the city stays open
    gold(g, 0, -1, 2)
    gold(g, 0, 0, 1)
    deal(g, "RFr", last=True)
    play(g, Place(1, 0, 0), Pass())
    assert g.is_over()
    assert g.points == [3, 0]  # the incomplete city, and no gold
    assert g.bars == [0, 0] and on_map(g) == {}
    assert any("3 unclaimed gold bars leave the game" in e.text for e in g.events_for(None))


# ------------------------------------------------------------------ Scoring


@pytest.mark.parametrize(
    ("bars", "points"),
    [(0, 0), (1, 1), (3, 3), (4, 8), (6, 12), (7, 21), (9, 27), (10, 40), (12, 48)],
)
def test_scoring_gold_bar_values_at_the_edges_of_the_table(bars: int, points: int):
    """1-3 bars: 1 point each; 4-6: 2 each; 7-9: 3 each; 10 or more: 4 each."""
    assert gold_points(bars) == points


def test_scoring_gold_is_scored_after_the_final_scoring():
    g = new_game(3)
    g.bars[:] = [3, 4, 10]
    deal(g, "RFr", last=True)
    play(g, Place(1, 0, 0), Pass())
    assert g.points == [3, 8, 40]
    assert g.observe(None)["tally"]["gold"] == [3, 8, 40]


def test_scoring_follower_on_a_gold_tile_scored_at_once():
    """Place tile, gold, follower, then score: a follower put on the feature the gold tile
    closes scores it (and its gold) in the same turn."""
    g = new_game()
    _city_waiting_for_its_last_tile(g)
    deal(g, "GO/LCc")
    play(g, Place(0, -1, 2), GoldBar(0, 0), Follower(feature(g, "GO/LCc", "city")))
    assert g.points == [8, 0] and g.bars == [2, 0]
    assert g.supply == [7, 7]
    assert pack(0, -1) not in g.gold_on
