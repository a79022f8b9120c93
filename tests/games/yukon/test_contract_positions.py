"""The conformance kit's step checks (illegal actions change nothing, determinize keeps a
seat's view, every action survives JSON, notation and index) at the rare moments random
games seldom reach: a claim to stake, a pass, the 6-nugget claim, a forced turn back."""

from __future__ import annotations

import random

import pytest

from motherlode.games.yukon.rules import YukonState
from motherlode.testing import ConformanceSuite
from tests.games.yukon.helpers import check_invariants, new_game, position, ring

BOARD = new_game().board


class Kit(ConformanceSuite):
    """The kit's checks, used here step by step (not collected: no Test prefix)."""

    game_id = "yukon"


def staged() -> dict[str, YukonState]:
    return {
        "first claim": position(3, {0: ring(BOARD, 6, range(1, 13)), 1: ["37:6"], 2: ["34:6"]}),
        "pass or stake": position(
            3, {0: ring(BOARD, 1, range(1, 13)), 1: ["37:6"], 2: ["34:6"]}, pips=4
        ),
        "the six": position(
            4,
            {0: ring(BOARD, 19, range(1, 11)), 1: ["37:6"], 2: ["34:6"], 3: ["1:1"]},
            staked={0: [1, 2]},
        ),
        "turning back": position(
            3,
            {
                0: ["1:1", "1:2", "1:3", "2:10", "2:11", "2:12", "2:1", "2:2", "2:3", "2:4"],
                1: ["6:3", "6:4"],
                2: ["37:6"],
            },
            staked={0: [36, 37]},
            pips=6,
        ),
    }


@pytest.mark.parametrize("name", list(staged()))
def test_every_step_from_a_staged_position(name: str) -> None:
    kit = Kit()
    state = staged()[name]
    rng = random.Random(7)
    for _ in range(30):
        if state.is_over():
            break
        kit.check_step(state, rng)
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_invariants(state)
