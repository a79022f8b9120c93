"""The turn, rule by rule: drawing, placing a tile, placing a follower, the end of the game,
and the messages that explain a refused action."""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.rules import FOLLOWER, PLACE
from motherlode.testing import fingerprint
from tests.games.carcassonne.helpers import deal, feature, lay, new_game, play, stack, stand


def refused(g, seat: int, action, match: str) -> None:
    """``action`` is refused with a message matching ``match`` and changes nothing."""
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match=match):
        g.apply(seat, action)
    assert fingerprint(g) == before


# ------------------------------------------------------------------ setup


def test_setup_start_tile_bag_and_followers():
    g = new_game(4, goldmines=False)
    obs = g.observe(None)
    assert obs["board"] == [[0, 0, "RCr", 0]]
    assert obs["supply"] == [7, 7, 7, 7]
    assert obs["bag"] == 70 and obs["tile"] is not None  # 72 - start tile - drawn tile
    assert obs["phase"] == "place" and g.pending() == (0,)
    assert sum(obs["remaining"].values()) == 70


def test_setup_turns_go_round_the_table():
    g = new_game(3, goldmines=False)
    seats = []
    for _ in range(4):
        seats.append(g.active)
        deal(g, "RFr")
        action = g.legal_actions(g.active)[0]
        play(g, action)
        if g.phase == FOLLOWER:
            play(g, Pass())
    assert seats == [0, 1, 2, 0]


# ------------------------------------------------------------------ placing a tile


def test_placement_every_edge_must_match():
    g = new_game()
    deal(g, "C")
    refused(g, 0, Place(0, 1, 0), r"N edge is city but the tile at \(0, 0\) has field there")


def test_placement_must_touch_the_map():
    g = new_game()
    deal(g, "C")
    refused(g, 0, Place(3, 3, 0), "must touch the map")


def test_placement_square_already_taken():
    g = new_game()
    deal(g, "C")
    refused(g, 0, Place(0, 0, 0), r"already holds a tile \(RCr\)")


def test_placement_rotation_and_reach():
    g = new_game()
    deal(g, "C")
    refused(g, 0, Place(0, -1, 4), "rotation is 0 to 3")
    refused(g, 0, Place(200, 0, 0), "farther from the start tile")


def test_placement_any_rotation_whose_edges_match():
    g = new_game()
    deal(g, "CRr")  # city N, road E-S
    at: dict[tuple[int, int], set[int]] = {}
    for a in g.legal_actions(0):
        assert isinstance(a, Place)
        at.setdefault((a.x, a.y), set()).add(a.rotation)
    assert at[(1, 0)] == {1, 2}  # a road edge must face the start tile's road
    assert at[(0, -1)] == {2}  # the city edge must face the start tile's city
    assert at[(-1, 0)] == {0, 3}
    assert at[(0, 1)] == {1}  # only turned once does it show a field edge to the north


def test_placement_rotations_that_look_the_same_are_one_placement():
    g = new_game()
    deal(g, "RFr")
    places = [a for a in g.legal_actions(0) if isinstance(a, Place)]
    assert {a.rotation for a in places if (a.x, a.y) == (1, 0)} == {0}
    refused(g, 0, Place(1, 0, 2), "looks the same as turned 0: play place 1 0 0")


def test_placement_a_tile_with_no_legal_place_is_set_aside_and_another_drawn():
    g = new_game(goldmines=False)
    lay(g, 0, -1, "C", 2)  # closes the start city: no open city edge is left
    deal(g, "L")
    stack(g, "Cccc+", "RFr")  # next: the all-city tile, which fits nowhere
    play(g, Place(0, 1, 0), Pass())
    obs = g.observe(1)
    assert obs["discarded"] == ["Cccc+"]
    assert obs["tile"] == "RFr" and g.pending() == (1,)
    assert any("Cccc+ fits nowhere and is set aside" in e.text for e in g.events_for(None))


def test_placement_the_game_ends_when_the_bag_is_empty():
    g = new_game(goldmines=False)
    deal(g, "RFr", last=True)
    play(g, Place(1, 0, 0), Pass())
    assert g.is_over() and g.pending() == () and g.legal_actions(0) == []
    refused(g, 1, Place(2, 0, 0), "game is over")


# ------------------------------------------------------------------ placing a follower


def test_follower_only_on_the_new_tile_and_an_unoccupied_feature():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 1, feature(g, "RCr", "city"))
    deal(g, "Cc")
    play(g, Place(0, -1, 2))
    assert g.phase == FOLLOWER
    refused(g, 0, Follower(feature(g, "Cc", "city")), r"already occupied \(by Player 2\)")
    refused(
        g,
        0,
        Follower(9),
        "the Cc tile has features 0 city on the east and south sides, "
        "1 field all but the south-east corner",
    )
    play(g, Follower(feature(g, "Cc", "field")))
    assert g.supply == [6, 6]


def test_follower_actions_wait_for_their_phase():
    g = new_game()
    deal(g, "RFr")
    refused(g, 0, Follower(0), "must first place the drawn RFr tile")
    refused(g, 0, Pass(), "must first place the drawn RFr tile")
    refused(g, 0, GoldBar(0, 0), "must first place")
    refused(g, 0, TakeGold(0, 0), "must first place")
    play(g, Place(1, 0, 0))
    refused(g, 0, Place(2, 0, 0), "must first place a follower on the new tile, or pass")
    refused(g, 1, Pass(), "not Player 2's decision")


def test_follower_notation_round_trips():
    from motherlode.engine import get_game

    game = get_game("carcassonne")
    for action in (Place(-3, 4, 1), Follower(2), Pass(), GoldBar(1, -1), TakeGold(0, 2)):
        assert game.parse_action(action.notation()) == action
        assert game.parse_action(action.to_json()) == action
    assert game.parse_action("place -3 4 1") == Place(-3, 4, 1)
    assert game.parse_action("pass") == Pass()


def test_follower_decision_skipped_when_every_feature_is_taken():
    g = new_game(goldmines=False)
    stand(g, 0, 0, 1, feature(g, "RCr", "city"))
    deal(g, "Cccc+")
    play(g, Place(0, -1, 0))
    assert g.phase == PLACE and g.pending() == (1,)
