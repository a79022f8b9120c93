"""TIME / CIRCUIT LIMIT, the TIME half: when the table's clock runs out the round is finished
and the game ranks by net worth (CASH + MINE ASSETS + BULLION - LOAN NOTES x 250)."""

import pytest

from motherlode.engine import BadOptions, IllegalAction
from motherlode.games.goldfix import GAME, money
from motherlode.games.goldfix.actions import Move, Roll, TimeUp
from motherlode.games.goldfix.core import BID, OVER, PRE_ROLL
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, new, texts


def test_the_time_limit_is_an_option_in_minutes() -> None:
    assert GAME.options({"time_limit": 90}).to_dict()["time_limit"] == 90
    with pytest.raises(BadOptions):
        GAME.options({"time_limit": -1})


def test_time_up_finishes_the_round_then_ranks_by_net_worth() -> None:
    state = new(4, time_limit=60)
    at_pre_roll(state, 1)  # the second player's turn when the time runs out
    give_mine(state, 3, "Alpaca")  # ML $25M + HG $250M at $1,000
    state.vault[2] = 100  # $100M of bullion
    assert state.time_up_action() == TimeUp()
    assert TimeUp() not in state.legal_actions(1)  # only the table's clock plays it
    state.apply(1, TimeUp())
    assert state.time_up and state.phase == PRE_ROLL and state.pending() == (1,)
    assert "The 60-minute time limit is up: this round is the last" in texts(state)
    for seat in (1, 2, 3):  # the round is finished: seats 1, 2 and 3 still play
        assert state.turn == seat and state.phase != OVER
        state.apply(seat, Roll())
        while state.phase not in (PRE_ROLL, OVER):
            asked = state.pending()[0]
            state.apply(asked, state.legal_actions(asked)[0])
    assert state.phase == OVER and state.winner < 0
    assert state.end_reason == "the 60-minute time limit is up"
    worth = [state.net_worth(s) for s in range(4)]
    mine = money.asset_valuation(state.goldfix, 1, 1)  # the lease and its headgear
    bullion = money.bullion_value(state.vault[3], state.goldfix)
    assert worth[3] == state.cash[3] + mine + bullion - 250 * state.notes[3]
    expected = sorted(range(4), key=lambda s: -worth[s])
    assert [s for group in state.ranking() for s in group] == expected


def test_time_up_is_refused_without_a_limit_twice_or_during_a_sealed_bid() -> None:
    state = new()
    at_pre_roll(state, 0)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="no time limit"):
        state.apply(0, TimeUp())
    assert fingerprint(state) == before
    state = new(time_limit=30)
    at_move(state, 0, 3, (1, 6))
    state.apply(0, Move(1))  # the MINE LEASE AUCTION: sealed bids from everyone
    assert state.phase == BID and state.time_up_action() is None
    with pytest.raises(IllegalAction, match="not during a secret one"):
        state.apply(0, TimeUp())
    state = new(time_limit=30)
    at_pre_roll(state, 0)
    state.apply(0, TimeUp())
    with pytest.raises(IllegalAction, match="already up"):
        state.apply(0, TimeUp())


def test_a_replay_ends_the_game_the_same_way() -> None:
    state = new(3, time_limit=10)
    at_pre_roll(state, 0)
    state.apply(0, TimeUp())
    while state.phase != OVER:
        seat = state.pending()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.end_reason == "the 10-minute time limit is up"
    record = state.record([{"name": f"P{i}"} for i in range(3)])
    replayed = record.replay()
    assert isinstance(replayed, GoldfixState)
    assert replayed.end_reason == state.end_reason and replayed.move_count == state.move_count
