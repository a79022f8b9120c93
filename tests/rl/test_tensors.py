"""Observation tensors leak nothing and miss nothing, on every game at both table sizes.

* Two states that differ only in what a seat cannot see (a determinization: re-drawn decks,
  hands, tile bag, future dice, the other seats' sealed commitments) encode identically.
* Two observations encode identically only if they are equal (leaving out the keys the
  layout skips, each with its documented reason): anything the seat sees that changes
  changes the tensor.
* The compiled layout gives the same tensors as the checked tree walk.
* All of it holds for the environments' hot path too (a game's direct encoder, written
  straight from the state, where it has one; tests/rl/test_direct.py checks it equals
  the reference at every step).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import motherlode
from motherlode.engine import State
from motherlode.rl.tensors import Encoder, Vector, encoder
from motherlode.rl.tensors.direct import direct_encoder
from tests.rl.conftest import GAMES, TABLE_IDS, TABLES

SETTINGS = settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
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


def _fast(enc: Encoder) -> Callable[[State, int], Vector]:
    """The environments' encoding of a seat's view: the direct encoder where the game has
    one, else the reference."""
    direct = direct_encoder(enc)
    if direct is None:
        return lambda state, seat: enc.encode(state.observe(seat))
    return direct.encode


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
@SETTINGS
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), data=st.data())
def test_what_a_seat_cannot_see_does_not_change_its_tensor(
    game: str, players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    state = _play(game, players, seed, steps)[-1]
    enc = encoder(game, players)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    fast = _fast(enc)
    mine = enc.encode(state.observe(seat))
    np.testing.assert_array_equal(fast(state, seat), mine)
    for k in range(3):
        other = state.determinize(seat, random.Random(seed + k))
        np.testing.assert_array_equal(enc.encode(other.observe(seat)), mine)
        np.testing.assert_array_equal(fast(other, seat), mine)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
@SETTINGS
@given(seed=st.integers(0, 2**32), other_seed=st.integers(0, 2**32), data=st.data())
def test_what_a_seat_sees_changes_its_tensor(
    game: str, players: int, seed: int, other_seed: int, data: st.DataObject
) -> None:
    enc = encoder(game, players)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    fast = _fast(enc)
    states = _play(game, players, seed, 60) + _play(game, players, other_seed, 30)
    seen: dict[bytes, object] = {}
    for state in states:
        obs = state.observe(seat)
        key = fast(state, seat).tobytes()
        assert key == enc.encode(obs).tobytes(), "the direct encoder differs"
        assert key == enc.encode(obs, checked=True).tobytes(), "compiled layout differs"
        visible = enc.visible(obs)
        if key in seen:
            assert seen[key] == visible, "two different observations share a tensor"
        seen[key] = visible
    distinct = {repr(v) for v in seen.values()}
    assert len(distinct) == len(seen), "one observation has two tensors"


def _simultaneous(game: str, players: int) -> State:
    """A state at a simultaneous secret decision (Goodwill's prices, GOLDFIX's sealed bids)."""
    for seed in range(200):
        for state in _play(game, players, seed, 3000):
            if state.is_simultaneous() and len(state.pending()) >= 2 and not state.committed():
                return state
    raise AssertionError(f"no simultaneous decision found in {game}")


@pytest.mark.parametrize(("game", "players"), [("goodwill", 3), ("goodwill", 6), ("goldfix", 3)])
def test_a_sealed_choice_is_hidden_until_the_reveal(game: str, players: int) -> None:
    base = _simultaneous(game, players)
    enc = encoder(game, players)
    fast = _fast(enc)
    chooser, *others = base.pending()
    tensors = {}
    choices = base.legal_actions(chooser)
    assert len(choices) >= 2
    for action in choices[:4]:
        state = base.clone()
        state.apply(chooser, action)
        assert not state.is_over() and state.committed() == (chooser,)
        tensors[action] = {s: fast(state, s).tobytes() for s in range(players)}
    first, *rest = tensors.values()
    for seen in rest:
        for seat in others:  # the others cannot tell what the chooser chose...
            assert seen[seat] == first[seat]
        assert seen[chooser] != first[chooser]  # ...the chooser sees its own choice


def test_every_layout_names_its_skipped_keys_and_sizes() -> None:
    for game in GAMES:
        g = motherlode.get_game(game)
        sizes = {encoder(game, n).size for n in range(g.min_players, g.max_players + 1)}
        assert len(sizes) == 1, f"{game}: the tensor's size depends on the player count"
        enc = encoder(game, g.min_players)
        assert sum(b.size for b in enc.layout() if b.within is None) == enc.size
        assert all(reason for reason in enc.skipped().values())


VARIANTS = [
    ("carcassonne", 2, {"goldmines": False}),
    ("goldfix", 3, {"auction_level": "B", "drill_report_option": True}),
    ("goldfix", 5, {"bullion_market_level": "B", "loan_interest": 10}),
    ("goldfix", 4, {"auction_level": "EZ1", "quickstart": True, "tabletopia": "timed-auctions"}),
    ("goldfix", 3, {"auction_level": "EZ2", "tabletopia": "no-auctions"}),
    ("goldfix", 6, {"fixed_commissions": True}),
    ("gonza", 3, {"minister": "1", "event_cards": 6, "minister_rolls": 3}),
    ("goodwill", 4, {"start_year": 1951, "dividends": True, "cash_only": True}),
]


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS, ids=str)
def test_every_observation_of_the_rulebook_variants_fits_the_layout(
    game: str, players: int, options: dict[str, object]
) -> None:
    enc = encoder(game, players, options)
    for seed in range(2):
        state = motherlode.get_game(game).new_state(players, seed, options)
        state.logging = False
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            viewer = rng.randrange(players)
            fast = enc.encode(state.observe(viewer))
            np.testing.assert_array_equal(fast, enc.encode(state.observe(viewer), checked=True))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
