"""Invariants over random games (hypothesis draws the games): followers and tiles are
conserved, the bag never shows, legal placements are exactly the brute-force ones, and a
plain re-reading of the rules scores every game the same."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from motherlode.engine import get_game
from motherlode.games.carcassonne.actions import Place
from motherlode.games.carcassonne.geometry import OPPOSITE, STEP, pack, unpack
from motherlode.games.carcassonne.rules import PLACE, CarcassonneState
from tests.games.carcassonne.reference import referee

games = st.tuples(st.integers(0, 2**32), st.integers(2, 5), st.booleans(), st.floats(0.0, 0.9))
"""(seed, players, The Goldmines, how often a player passes instead of placing a follower)"""


def random_game(
    seed: int, players: int, goldmines: bool, thrift: float
) -> Iterator[CarcassonneState]:
    """Yield the state before every move of a random game, then the finished game."""
    state = get_game("carcassonne").new_state(players, seed, {"goldmines": goldmines})
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    while not state.is_over():
        yield state
        (seat,) = state.pending()
        legal = state.legal_actions(seat)
        if legal[-1].TYPE == "pass" and rng.random() < thrift:
            state.apply(seat, legal[-1])
        else:
            state.apply(seat, rng.choice(legal))
    yield state


@settings(max_examples=12, deadline=None)
@given(games)
def test_followers_are_conserved(game):
    for state in random_game(*game):
        on_map = Counter(state.followers.values())
        for seat in range(state.num_players):
            assert state.supply[seat] + on_map[seat] == 7
            assert state.supply[seat] >= 0


@settings(max_examples=12, deadline=None)
@given(games)
def test_every_tile_is_placed_or_set_aside(game):
    total = None
    for state in random_game(*game):
        drawn = 1 if state.phase == PLACE else 0
        count = len(state.placed) + len(state.discarded) + len(state.bag) + drawn
        total = total or count
        assert count == total
    assert state.is_over() and not state.bag
    assert len(state.placed) + len(state.discarded) == (80 if game[2] else 72)


@settings(max_examples=8, deadline=None)
@given(games)
def test_the_bag_is_never_visible(game):
    for state in random_game(*game):
        if state.move_count % 9:
            continue
        views = [state.observe(s) for s in (None, *range(state.num_players))]
        other = state.clone()
        other.bag.reverse()
        random.Random(state.move_count).shuffle(other.bag)
        assert [other.observe(s) for s in (None, *range(state.num_players))] == views
        for view in views:
            assert isinstance(view["bag"], int)
            assert "bag_order" not in json.dumps(view)
        assert all(e.seats is None for e in state.events_for(None))


@settings(max_examples=8, deadline=None)
@given(games)
def test_determinize_redraws_the_bag_and_nothing_else(game):
    for state in random_game(*game):
        if state.move_count % 11 or len(state.bag) < 5:
            continue
        det = state.determinize(state.active, random.Random(state.move_count))
        assert isinstance(det, CarcassonneState)
        assert sorted(det.bag) == sorted(state.bag)
        assert det.placed == state.placed and det.followers == state.followers
        assert det.points == state.points and det.gold_on == state.gold_on
        assert det.observe(state.active) == state.observe(state.active)


@settings(max_examples=6, deadline=None)
@given(games)
def test_legal_placements_are_exactly_the_brute_force_ones(game):
    for state in random_game(*game):
        if state.phase != PLACE:
            continue
        assert set(state.legal_actions(state.active)) == brute_force_placements(state)


def brute_force_placements(state: CarcassonneState) -> set[Place]:
    """Every empty square touching the map, every rotation with all edges matching,
    one per distinct look."""
    tiles = state.tileset
    out = set()
    squares = {pos + d for pos in state.board for d in STEP} - set(state.board)
    for pos in squares:
        for r in range(4):
            variant = tiles.variants[state.tile * 4 + r]
            if variant.same_as != r:
                continue
            ok = True
            for side in range(4):
                k = state.board.get(pos + STEP[side])
                if k is not None:
                    other = tiles.variants[state.placed[k][1]]
                    ok &= other.edges[OPPOSITE[side]] == variant.edges[side]
            if ok:
                out.add(Place(*unpack(pos), r))
    assert all(pack(p.x, p.y) in squares for p in out)
    return out


@settings(max_examples=25, deadline=None)
@given(games)
def test_a_plain_reading_of_the_rules_scores_every_game_the_same(game):
    *_, state = random_game(*game)
    ref = referee(state)
    assert ref.points == state.points
    assert ref.bars == state.bars
    assert ref.supply == state.supply
    assert ref.tally == state.observe(None)["tally"]
    assert sum(state.points) == sum(sum(v) for v in ref.tally.values())
