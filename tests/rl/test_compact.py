"""Compact observations hold only what the seat may know, fit every game, and keep a layout.

* A compact vector is a function of the seat's observation alone: what the seat cannot see
  (a determinization re-draws it) never changes it, nor another seat's sealed choice; it
  is even a function of the full tensor (the same full tensor at a table, the same compact
  one), and of the observation's JSON (a copy through JSON encodes alike, and encoding
  changes nothing in the view).
* On random games of every game at both table sizes, and the rulebook variants, it has
  its size, is float32, finite, within the clip, and the same twice.
* Its layout's integer offsets tile the vector; its size is the same at every table.
"""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import motherlode
from motherlode.engine import State
from motherlode.rl.tensors import (
    KINDS,
    CompactEncoder,
    compact_encoder,
    encoder,
    games_with_compact,
    tensor_encoder,
)
from motherlode.rl.tensors.compact import LIMIT
from motherlode.rl.tensors.direct import direct_encoder
from tests.rl.conftest import GAMES, TABLE_IDS, TABLES
from tests.rl.test_tensors import VARIANTS

SETTINGS = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)


def _play(game: str, players: int, seed: int, steps: int) -> list[State]:
    """The states of a random game from its start, up to ``steps`` moves (or its end)."""
    state = motherlode.get_game(game).new_state(num_players=players, seed=seed)
    state.logging = False
    rng = random.Random(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def test_every_game_has_a_compact_encoding() -> None:
    assert set(games_with_compact()) == set(GAMES)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
@SETTINGS
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), data=st.data())
def test_what_a_seat_cannot_see_does_not_change_its_compact_vector(
    game: str, players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    state = _play(game, players, seed, steps)[-1]
    enc = compact_encoder(game, players)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    mine = enc.encode(state.observe(seat))
    for k in range(3):
        other = state.determinize(seat, random.Random(seed + k))
        np.testing.assert_array_equal(enc.encode(other.observe(seat)), mine)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_the_compact_vector_is_a_function_of_the_full_tensor(game: str, players: int) -> None:
    """Whatever the compact encoding reads, the full one encodes too (which shows exactly
    what the seat sees): no state, no narration beyond the view's encoded keys."""
    full = encoder(game, players)
    enc = compact_encoder(game, players)
    seen: dict[bytes, bytes] = {}
    for seed in range(2):
        for state in _play(game, players, seed, 150):
            for seat in range(players):
                obs = state.observe(seat)
                key = full.encode(obs).tobytes()
                value = enc.encode(obs).tobytes()
                assert seen.setdefault(key, value) == value


def _simultaneous(game: str, players: int) -> State:
    for seed in range(200):
        for state in _play(game, players, seed, 3000):
            if state.is_simultaneous() and len(state.pending()) >= 2 and not state.committed():
                return state
    raise AssertionError(f"no simultaneous decision found in {game}")


@pytest.mark.parametrize(("game", "players"), [("goodwill", 3), ("goodwill", 6), ("goldfix", 3)])
def test_a_sealed_choice_stays_hidden_in_the_compact_vector(game: str, players: int) -> None:
    base = _simultaneous(game, players)
    enc = compact_encoder(game, players)
    chooser, *others = base.pending()
    seen = []
    for action in base.legal_actions(chooser)[:4]:
        state = base.clone()
        state.apply(chooser, action)
        seen.append({s: enc.encode(state.observe(s)).tobytes() for s in others})
    assert len(seen) >= 2 and all(s == seen[0] for s in seen)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_random_games_encode_in_shape_range_and_alike_twice(game: str, players: int) -> None:
    enc = compact_encoder(game, players)
    blocks, scales = enc.record(motherlode.get_game(game).new_state(players, 9).observe(0))
    assert blocks == enc.layout()
    for seed in range(2):
        for i, state in enumerate(_play(game, players, seed, 400)[::3]):
            for seat in (*range(players), None):
                obs = state.observe(seat)
                if i % 4 == 0:  # the same blocks and scales for every view
                    assert enc.record(obs) == (blocks, scales)
                before = copy.deepcopy(obs)
                vector = enc.encode(obs)
                assert obs == before, "encoding changed the view"
                assert vector.shape == enc.shape == (enc.size,)
                assert vector.dtype == np.float32
                assert np.isfinite(vector).all()
                assert np.abs(vector).max(initial=0) <= LIMIT
                np.testing.assert_array_equal(enc.encode(obs), vector)
                again = enc.encode(json.loads(json.dumps(obs)))
                np.testing.assert_array_equal(again, vector)


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS, ids=str)
def test_every_observation_of_the_rulebook_variants_fits_the_compact_layout(
    game: str, players: int, options: dict[str, object]
) -> None:
    enc = compact_encoder(game, players, options)
    state = motherlode.get_game(game).new_state(players, 0, options)
    state.logging = False
    rng = random.Random(0)
    while not state.is_over():
        seat = state.pending()[0]
        vector = enc.encode(state.observe(rng.randrange(players)))
        assert vector.shape == (enc.size,) and np.abs(vector).max() <= LIMIT
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", GAMES)
def test_the_compact_layout_tiles_the_vector_at_every_table(game: str) -> None:
    g = motherlode.get_game(game)
    sizes = {compact_encoder(game, n).size for n in range(g.min_players, g.max_players + 1)}
    assert len(sizes) == 1, f"{game}: the compact size depends on the player count"
    enc = compact_encoder(game, g.min_players)
    assert 20 <= enc.size <= 500 < encoder(game, g.min_players).size
    at = 0
    keys = set()
    for block in enc.layout():
        assert type(block.offset) is int and block.offset == at and block.size > 0
        assert block.within is None and block.meaning and block.key not in keys
        keys.add(block.key)
        at += block.size
    assert at == enc.size


def test_the_encodings_by_kind() -> None:
    assert KINDS == ("full", "compact")
    assert tensor_encoder("gonza", 3) is encoder("gonza", 3)
    compact = tensor_encoder("gonza", 3, None, "compact")
    assert isinstance(compact, CompactEncoder) and compact is compact_encoder("gonza", 3)
    assert compact.kind == "compact" and encoder("gonza", 3).kind == "full"
    assert direct_encoder(compact) is None
    with pytest.raises(ValueError, match="full, compact"):
        tensor_encoder("gonza", 3, None, "tiny")
