"""Carcassonne's factored actions and planes: PettingZoo's own checks; every unmasked index
is exactly one legal engine action and every legal action has one; the fast planes, vector
and mask equal their definition from ``observe(seat)``; nothing hidden shows; the planes
are the engine's map, seat-relative; a map that outgrows the window truncates the game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import motherlode
from motherlode.games.carcassonne.actions import Follower
from motherlode.games.carcassonne.components import CITY, CLOISTER, FIELD, ROAD, load_tileset
from motherlode.games.carcassonne.factored import SLOTS, CarcassonneFactored, factored
from motherlode.games.carcassonne.planes import CH, CHANNELS
from motherlode.games.carcassonne.rules import PLACE, TAKE
from motherlode.rl.core import IllegalActionError
from motherlode.rl.factored import factored_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

GAME = motherlode.get_game("carcassonne")
TABLES = [(2, {}), (5, {}), (3, {"goldmines": False})]
TABLE_IDS = ["2p", "5p", "3p-no-gold"]


def positions(
    players: int, seed: int, options: dict[str, Any] | None = None, followers: float = 0.0
) -> Iterator[tuple[Any, int]]:
    """Every decision of a random game: (state, asked seat), the state moving on after each
    (``followers``: how often a follower is placed when one may be, else uniform)."""
    state = GAME.new_state(players, seed, options=options)
    state.logging = False
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0]
        yield state, seat
        legal = state.legal_actions(seat)
        placing = [a for a in legal if type(a) is Follower]
        if placing and rng.random() < followers:
            state.apply(seat, rng.choice(placing))
        else:
            state.apply(seat, rng.choice(legal))


def check_exact(codec: CarcassonneFactored, state: Any, seat: int) -> None:
    """The unmasked indices are the legal actions, one each, both ways; nobody else may act."""
    legal = state.legal_actions(seat)
    mask = codec.observe(state, seat)["action_mask"]
    unmasked = np.flatnonzero(mask)
    assert len(unmasked) == len(legal) > 0
    chosen = [codec.action(state, seat, int(i)) for i in unmasked]
    assert sorted(map(id, chosen)) == sorted(map(id, legal))  # the very objects offered
    for action in legal:
        assert mask[codec.index(state, seat, action)] == 1
    for other in range(state.num_players):
        if other != seat:
            assert not codec.observe(state, other)["action_mask"].any()
            assert codec.action(state, other, int(unmasked[0])) is None
    for i in (0, codec.pass_index, codec.action_size - 1, *random.Random(0).sample(range(4819), 5)):
        if not mask[i]:
            assert codec.action(state, seat, i) is None


def check_reference(codec: CarcassonneFactored, state: Any) -> None:
    for seat in range(state.num_players):
        fast, slow = codec.observe(state, seat), codec.reference(state, seat)
        assert fast.keys() == slow.keys()
        for key in fast:
            assert fast[key].dtype == slow[key].dtype
            assert np.array_equal(fast[key], slow[key]), (key, seat)


# ---------------------------------------------------------------- PettingZoo's own checks


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_api(players: int, options: dict[str, Any]) -> None:
    api_test(factored_env("carcassonne", players, options=options), num_cycles=60)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_seed(players: int, options: dict[str, Any]) -> None:
    seed_test(lambda: factored_env("carcassonne", players, options=options), num_cycles=30)


def test_spaces_are_small_and_fixed() -> None:
    env = factored_env("carcassonne", 4)
    space = env.observation_spaces["player_0"]
    assert env.action_spaces["player_3"].n == 5 * 31 * 31 + 14 == 4819
    assert space["observation"].shape == (len(CHANNELS), 31, 31)
    assert space["observation"].dtype == np.uint8
    assert space["vector"].dtype == np.float32
    assert space["action_mask"].shape == (4819,)
    small = factored_env("carcassonne", 2, radius=7)
    assert small.action_spaces["player_0"].n == 5 * 15 * 15 + 14


# ---------------------------------------------------------------- exactly the legal actions


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_factored_choices_are_exactly_the_legal_actions(
    players: int, options: dict[str, Any]
) -> None:
    codec = factored(players, GAME.options(options))
    stages = set()
    for seed in range(3):
        for state, seat in positions(players, seed, options):
            stages.add(state.phase)
            check_exact(codec, state, seat)
    assert stages >= ({0, 2} if options else {0, 1, 2})  # place, (gold,) follower


def test_the_take_stage_is_exact_and_seat_relative() -> None:
    """Taking gold is rare in random play: games that place followers whenever they may
    reach it; every decision of them is checked, the take stage's twice over."""
    takes = 0
    for players, seed in ((3, 338), (5, 295), *((5, s) for s in range(400))):
        codec = factored(players, GAME.options())
        for state, seat in positions(players, seed, followers=0.8):
            check_exact(codec, state, seat)
            if state.phase == TAKE:
                takes += 1
                check_reference(codec, state)
                planes = codec.observe(state, seat)["observation"]
                assert planes[CH["claim of seat +0"]].any()  # the asked seat may claim
        if takes:
            break
    assert takes


def test_random_play_through_the_env_is_always_legal() -> None:
    for players in (2, 4):
        env = factored_env("carcassonne", players)
        for seed in range(3):
            env.reset(seed=seed)
            pick = random.Random(seed).choice
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(pick(obs["action_mask"].view(bool).nonzero()[0])))
            assert env.state.is_over() and not env.agents


# ---------------------------------------------------------------- the definition, hidden info


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_fast_observations_equal_their_definition(players: int, options: dict[str, Any]) -> None:
    codec = factored(players, GAME.options(options))
    for state, _ in positions(players, 1, options):
        check_reference(codec, state)


def test_states_a_seat_cannot_tell_apart_look_the_same() -> None:
    """Only the bag's order is hidden: a determinized copy (the bag re-shuffled) gives the
    seat the same planes, vector and mask."""
    codec = factored(3, GAME.options())
    rng = random.Random(5)
    for count, (state, seat) in enumerate(positions(3, 4)):
        if count % 7:
            continue
        for viewer in range(3):
            seen = codec.observe(state, viewer)
            other = state.determinize(viewer, rng)
            assert other.bag != state.bag or len(set(state.bag)) < 2
            again = codec.observe(other, viewer)
            for key in seen:
                assert np.array_equal(seen[key], again[key]), key
        codec.observe(state, seat)


# ---------------------------------------------------------------- the planes are the map


def _edges(tile_id: str, rotation: int) -> str:
    """The tile's edge letters N E S W as it lies turned (from the tile file, not the tables)."""
    edges = load_tileset("").by_id[tile_id].edges
    return "".join(edges[(side - rotation) % 4] for side in range(4))


def test_planes_show_the_engines_map_seat_relative() -> None:
    codec = factored(3, GAME.options())
    checked = 0
    for count, (state, _) in enumerate(positions(3, 2, followers=0.5)):
        if count % 25:
            continue
        view = state.observe(None)
        board = view["board"]
        xs, ys = [b[0] for b in board], [b[1] for b in board]
        x0 = (min(xs) + max(xs)) // 2 - 15
        y0 = (min(ys) + max(ys)) // 2 - 15
        for seat in range(3):
            planes = codec.observe(state, seat)["observation"]
            assert planes[CH["tile"]].sum() == len(board)
            assert planes[CH["start"], -y0, -x0] == 1
            for x, y, tile_id, rotation in board:
                cell = planes[:, y - y0, x - x0]
                edges = _edges(tile_id, rotation)
                for side, letter in enumerate(edges):
                    assert cell[CH[f"city {'NESW'[side]}"]] == (letter == "C")
                    assert cell[CH[f"road {'NESW'[side]}"]] == (letter == "R")
            for x, y, bars in view["gold"]:
                assert planes[CH["gold bars"], y - y0, x - x0] == bars
            followers = planes[CH["follower of seat +0"] : CH["follower of seat +0"] + 5]
            assert followers.sum() == len(view["followers"])
            for x, y, _, owner in view["followers"]:
                assert followers[(owner - seat) % 3, y - y0, x - x0] == 1
            assert not followers[3:].any()  # slots past a 3-seat table
            checked += 1
    assert checked >= 9


def test_follower_slots_name_places_on_the_tile() -> None:
    tileset = load_tileset("")
    codec = factored(2, GAME.options())
    for v, variant in enumerate(tileset.variants):
        features = tileset.types[variant.tile].features
        for f, feature in enumerate(features):
            slot = SLOTS[codec.slots[v][f]]
            if feature.kind == CLOISTER:
                assert slot == "cloister"
            elif feature.kind in (ROAD, CITY):
                assert variant.side_feature["NESW".index(slot)] == f
            else:
                assert feature.kind == FIELD
                halves = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
                assert variant.half_feature[halves.index(slot)] == f


def test_the_drawn_tile_and_placements_show_while_placing() -> None:
    codec = factored(2, GAME.options())
    for count, (state, seat) in enumerate(positions(2, 9)):
        if count > 40:
            break
        planes = codec.observe(state, seat)["observation"]
        drawn = planes[CH["drawn city N"] :]
        placements = planes[CH["placement turned 0"] : CH["placement turned 3"] + 1]
        if state.phase == PLACE:
            assert placements.sum() == len(state.legal_actions(seat))
            edges = _edges(state.tileset.types[state.tile].id, 0)
            assert [bool(drawn[i, 0, 0]) for i in range(4)] == [e == "C" for e in edges]
            assert (drawn == drawn[:, :1, :1]).all()  # the same on every square
        else:
            assert not placements.any() and not drawn.any()


# ---------------------------------------------------------------- the env's edges


def test_a_map_that_outgrows_the_window_truncates_the_game() -> None:
    env = factored_env("carcassonne", 2, radius=2)  # 5 x 5: maps up to 3 squares across
    env.reset(seed=0)
    pick = random.Random(0).choice
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and info == {"outgrown": True}
            env.step(None)
            continue
        env.step(int(pick(obs["action_mask"].view(bool).nonzero()[0])))
    assert not env.state.is_over()
    assert not env.factored.fits(env.state)
    assert not env.factored.observe(env.state, 0)["action_mask"].any()


def test_an_illegal_index_raises_or_ends_the_game() -> None:
    env = factored_env("carcassonne", 2)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="place: row"):
        env.step(bad)
    assert env.state.move_count == 0
    env = factored_env("carcassonne", 2, illegal="penalty")
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(bad)
    assert env.terminations[agent] and env.rewards[agent] == -1.0
