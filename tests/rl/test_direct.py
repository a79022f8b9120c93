"""The direct encoders (the environments' hot path) write exactly the reference tensor.

The reference is ``Encoder.encode(state.observe(seat))``.  Whole random games at the
smallest and largest tables, and the rulebook variants, are encoded for every seat after
every move both ways (simultaneous secret decisions half taken included: the AEC order
commits one seat at a time), with one direct encoder kept across games, so its per-seat
buffers are updated from every kind of previous position; and positions in a shuffled
order, and determinizations, so nothing depends on the order it sees states in.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import motherlode
from motherlode.engine import State
from motherlode.rl import core
from motherlode.rl.tensors import encoder
from motherlode.rl.tensors.direct import DirectEncoder, direct_encoder
from tests.rl.conftest import GAMES, TABLE_IDS, TABLES
from tests.rl.test_tensors import VARIANTS

DIRECT = {g for g in GAMES if motherlode.get_game(g).part("direct_tensors") is not None}
"""The games with a direct encoder (their own ``direct_tensors`` module): all five."""
assert set(GAMES) == DIRECT
FAST = [(g, n) for g, n in TABLES if g in DIRECT]
FAST_IDS = [i for (g, _), i in zip(TABLES, TABLE_IDS, strict=True) if g in DIRECT]


def _check_game(
    game: str, players: int, seed: int, fast: DirectEncoder, options: object = None
) -> list[State]:
    enc = fast.enc
    state = motherlode.get_game(game).new_state(players, seed, options)  # type: ignore[arg-type]
    state.logging = False
    rng = random.Random(seed)
    states: list[State] = []
    while True:
        for seat in range(players):
            np.testing.assert_array_equal(
                fast.encode(state, seat),
                enc.encode(state.observe(seat)),
                err_msg=f"{game} seed {seed} move {state.move_count} seat {seat}",
            )
        if len(states) < 300:
            states.append(state.clone())
        if state.is_over():
            return states
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _direct(game: str, players: int, options: object = None) -> DirectEncoder:
    fast = direct_encoder(encoder(game, players, options))  # type: ignore[arg-type]
    assert fast is not None
    return fast


@pytest.mark.parametrize(("game", "players"), FAST, ids=FAST_IDS)
def test_direct_encoding_equals_the_reference_at_every_step(game: str, players: int) -> None:
    fast = _direct(game, players)
    states: list[State] = []
    for seed in range(3):
        states += _check_game(game, players, seed, fast)
    if game in ("goldfix", "goodwill"):  # sealed choices held while others still choose
        assert any(state.committed() and state.pending() for state in states)
    random.Random(0).shuffle(states)
    enc = fast.enc
    for state in states[:400]:
        seat = random.Random(state.move_count).randrange(players)
        np.testing.assert_array_equal(fast.encode(state, seat), enc.encode(state.observe(seat)))
        other = state.determinize(seat, random.Random(seat))
        np.testing.assert_array_equal(fast.encode(other, seat), enc.encode(other.observe(seat)))


@pytest.mark.parametrize(
    ("game", "players", "options"), [v for v in VARIANTS if v[0] in DIRECT], ids=str
)
def test_direct_encoding_of_the_rulebook_variants(
    game: str, players: int, options: dict[str, object]
) -> None:
    fast = _direct(game, players, options)
    _check_game(game, players, 0, fast, options)


@pytest.mark.parametrize("game", sorted(DIRECT))
def test_the_environments_use_the_direct_encoder(game: str) -> None:
    table = core.Table(game)
    assert isinstance(table.direct, DirectEncoder)
    seat = table.state.pending()[0]
    np.testing.assert_array_equal(table.tensor(seat), table.reference_tensor(seat))
    assert table.tensor(seat) is not table.tensor(seat)  # a new array each time
