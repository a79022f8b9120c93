"""The table service: seats, bots, submitted moves, hooks, records and resuming."""

from __future__ import annotations

import json
import re

import pytest

from motherlode.agents import AgentSpec, RandomAgent
from motherlode.engine import (
    Action,
    BadOptions,
    GameRecord,
    IllegalAction,
    State,
    UnknownGame,
)
from motherlode.table import Seat, Table
from motherlode.testing import fingerprint
from tests.engine.nuggets import GAME, Bid


def test_create() -> None:
    table = Table.create("nuggets", ["human", "random", AgentSpec("random")], seed=11)
    assert table.game is GAME
    assert table.state.num_players == 3 and table.state.seed == 11
    assert [s.name for s in table.seats] == ["Player 1", "random 2", "random 3"]
    assert [s.is_human for s in table.seats] == [True, False, False]
    assert table.seats[0].agent is None
    assert all(isinstance(s.agent, RandomAgent) for s in table.seats[1:])
    assert table.seats[1].to_json() == {"name": "random 2", "agent": "random"}
    assert table.waiting_for() == (0, 1, 2) and not table.is_over()
    named = Table.create(GAME, ["random", "human"], seed=1, names=["Ann", "Bob"])
    assert [s.name for s in named.seats] == ["Ann", "Bob"]
    with_options = Table.create("nuggets", ["random"] * 2, seed=1, options={"rounds": "2"})
    assert with_options.state.options.to_dict()["rounds"] == 2
    assert isinstance(Table.create("nuggets", ["random"] * 2).state.seed, int)


@pytest.mark.parametrize(
    ("game", "seats", "kwargs", "error", "message"),
    [
        ("chess", ["random"] * 2, {}, UnknownGame, "unknown game 'chess'"),
        ("nuggets", ["random"], {}, BadOptions, "is for 2-4 players, not 1"),
        ("nuggets", ["random", "alien"], {}, BadOptions, "unknown bot 'alien'"),
        ("nuggets", ["random", "bad spec"], {}, BadOptions, "a seat is a bot name"),
        ("nuggets", ["random"] * 2, {"options": {"rounds": 0}}, BadOptions, "option rounds"),
        ("nuggets", ["random"] * 2, {"names": ["Solo"]}, BadOptions, "1 names given for 2 seats"),
    ],
)
def test_create_errors(
    game: str, seats: list[str], kwargs: dict[str, object], error: type, message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Table.create(game, seats, seed=1, **kwargs)  # type: ignore[arg-type]


def test_bots_are_seeded_from_the_game_seed() -> None:
    a = Table.create("nuggets", ["random"] * 3, seed=21)
    b = Table.create("nuggets", ["random"] * 3, seed=21)
    a.run_bots()
    b.run_bots()
    assert a.is_over() and fingerprint(a.state) == fingerprint(b.state)
    c = Table.create("nuggets", ["random"] * 3, seed=22)
    c.run_bots()
    assert c.state.moves() != a.state.moves()


def test_run_bots_stops_for_a_person_and_respects_the_limit() -> None:
    table = Table.create("nuggets", ["human", "random", "random"], seed=3)
    assert table.run_bots() == 2, "both bots commit their bids, then the person is asked"
    assert table.waiting_for() == (0,)
    assert table.run_bots() == 0
    everyone = Table.create("nuggets", ["random"] * 3, seed=3)
    assert everyone.run_bots(limit=2) == 2 and everyone.state.move_count == 2
    made = everyone.run_bots()
    assert everyone.is_over() and made + 2 == everyone.state.move_count


def test_submit_applies_and_tells_the_hooks() -> None:
    table = Table.create("nuggets", ["human", "random"], seed=5)
    seen: list[tuple[int, Action, int]] = []
    table.on_move.append(lambda t, seat, action: seen.append((seat, action, t.state.move_count)))
    table.run_bots()
    assert [s for s, _, _ in seen] == [1] and table.waiting_for() == (0,)
    before = fingerprint(table.state)
    with pytest.raises(IllegalAction, match="random 2 has already decided"):
        table.submit(1, Bid(0))
    with pytest.raises(IllegalAction, match="you can bid 0 to 6 gold, not 99"):
        table.submit(0, Bid(99))
    with pytest.raises(IllegalAction, match="there is no seat 2"):
        table.submit(2, Bid(0))
    assert fingerprint(table.state) == before
    assert len(seen) == 1, "no hook for a rejected move"
    table.submit(0, Bid(2))
    assert seen[1] == (0, Bid(2), 2), "hooks run after the move is applied"
    assert table.state.moves()[-1] == (0, Bid(2))


def test_play_with_people_mapped_to_agents() -> None:
    table = Table.create("nuggets", ["human", "random", "human"], seed=8)
    moves: list[tuple[int, Action]] = []
    table.on_move.append(lambda t, seat, action: moves.append((seat, action)))
    state = table.play({0: RandomAgent(1), 2: RandomAgent(2)})
    assert state is table.state and state.is_over()
    assert moves == state.moves()
    assert {seat for seat, _ in moves} == {0, 1, 2}


def test_play_without_someone_for_a_person_refuses() -> None:
    table = Table.create("nuggets", ["random", "human"], seed=8)
    with pytest.raises(BadOptions, match="seat 1 is a person and nobody is there to play it"):
        table.play()
    assert table.waiting_for() == (1,)


def position(state: State) -> str:
    """The fingerprint without the event log: every view, the moves, the RNG, legal actions."""
    views = [state.observe(s) for s in (None, *range(state.num_players))]
    legal = [[a.to_json() for a in state.legal_actions(s)] for s in state.pending()]
    moves = [[s, a.to_json()] for s, a in state.moves()]
    return json.dumps([views, legal, moves, hash(state.rng.getstate())], sort_keys=True)


def test_record_with_seats_and_meta() -> None:
    table = Table.create("nuggets", ["human", "random"], seed=4, names=["Ann", "Rob"])
    table.run_bots()
    unfinished = table.record()
    assert unfinished.seats == [
        {"name": "Ann", "agent": "human"},
        {"name": "Rob", "agent": "random"},
    ]
    assert unfinished.meta == {}
    assert len(unfinished.moves) == 1
    table.play({0: RandomAgent(0)})
    record = table.record()
    assert record.meta["scores"] == list(table.state.scores())
    assert record.meta["ranking"] == [list(g) for g in table.state.ranking()]
    assert record.game == "nuggets" and record.seed == 4
    again = GameRecord.from_json(json.loads(record.dumps()))
    assert again == record
    assert position(again.replay()) == position(table.state)


def half_played() -> Table:
    table = Table.create("nuggets", ["human", "random", "random"], seed=6, names=["A", "B", "C"])
    table.run_bots()
    table.submit(0, Bid(1))
    table.run_bots()
    return table


def test_from_record_resumes_the_game() -> None:
    table = half_played()
    record = GameRecord.from_json(table.record().dumps())
    resumed = Table.from_record(record)
    assert position(resumed.state) == position(table.state)
    assert [(s.name, str(s.spec)) for s in resumed.seats] == [
        ("A", "human"),
        ("B", "random"),
        ("C", "random"),
    ]
    assert resumed.seats[0].agent is None and isinstance(resumed.seats[1].agent, RandomAgent)
    # the resumed table plays on like the original
    pending = resumed.waiting_for()
    assert pending == table.waiting_for()
    action = resumed.state.legal_actions(pending[0])[0]
    resumed.submit(pending[0], action)
    table.submit(pending[0], action)
    assert position(resumed.state) == position(table.state)
    assert resumed.state.events_for(None)[-3:] == table.state.events_for(None)[-3:]
    resumed.play({0: RandomAgent(3)})
    assert resumed.is_over()


def test_from_record_resumes_the_identical_state() -> None:
    table = half_played()
    resumed = Table.from_record(GameRecord.from_json(table.record().dumps()))
    assert fingerprint(resumed.state) == fingerprint(table.state)


def test_from_a_plain_state_record_every_seat_is_a_person() -> None:
    state = GAME.new_state(2, 9)
    state.apply(0, Bid(1))
    resumed = Table.from_record(state.record())
    assert [s.is_human for s in resumed.seats] == [True, True]
    assert [s.name for s in resumed.seats] == ["Player 1", "Player 2"]
    assert fingerprint(resumed.state) == fingerprint(state)


def test_seat_json() -> None:
    seat = Seat("Bot", AgentSpec("mcts", {"iters": 5}))
    assert seat.to_json() == {"name": "Bot", "agent": "mcts:iters=5"}
    assert not seat.is_human
