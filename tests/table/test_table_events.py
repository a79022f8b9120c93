"""Table events (issue 28): a seat given to a bot and taken back, a game ended by its players
as it stood; all in the record, replayed exactly, never undone, and checked on load."""

from __future__ import annotations

import json

import pytest

from motherlode.agents.specs import parse_spec
from motherlode.engine import BadRecord, GameRecord, IllegalAction, games, get_game
from motherlode.table import Table

REAL_GAMES = sorted(g for g in games() if g != "nuggets")


def started(game_id: str, moves: int = 12) -> Table:
    game = get_game(game_id)
    table = Table.create(game, ["random"] * game.min_players, seed=5)
    table.track_undo = True
    table.run_bots(limit=moves)
    return table


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_game_ended_by_its_table_ranks_as_it_stands_and_replays(game_id: str) -> None:
    table = started(game_id)
    scores = table.state.scores()
    seat = table.state.pending()[0]
    offered = table.state.legal_actions(seat)[0]
    table.table_event("absent", 1, "Ben ran out of time")
    table.table_event("end", None, "The players ended the game: ranked as it stood")
    state = table.state
    assert state.is_over() and state.pending() == () and state.ended_by_table
    assert state.scores() == scores
    assert state.observe(None)["over"] is True
    with pytest.raises(IllegalAction, match="the game is over"):
        state.check(seat, offered)
    record = table.record()
    assert record.meta["ranking"] == [list(g) for g in state.ranking()]
    again = GameRecord.from_json(json.dumps(record.to_json())).replay()
    assert again.is_over() and again.scores() == scores
    texts = [e.text for e in again.events_for(None)]
    assert texts[-2:] == ["Ben ran out of time", "The players ended the game: ranked as it stood"]
    assert state.clone().is_over()  # a copy is ended too


def test_a_bot_takes_a_seat_and_its_person_takes_it_back() -> None:
    game = get_game("gonza")
    table = Table.create(game, ["human", "casual"], seed=3)
    table.track_undo = True
    table.run_bots()
    table.table_event("bot", 0, "A casual bot plays for Player 1", agent="casual")
    table.seat_to(0, parse_spec("casual"))
    assert not table.seats[0].is_human and table.seats[0].name == "Player 1"
    table.run_bots(limit=6)
    table.table_event("back", 0, "Player 1 is back and plays again")
    table.seat_to(0, parse_spec("human"))
    assert table.seats[0].is_human and table.seats[0].agent is None
    assert not table.can_undo(0)  # nothing before a table event is taken back
    record = table.record()
    assert [e["event"] for e in record.meta["table"]] == ["bot", "back"]
    resumed = Table.from_record(GameRecord.from_json(record.to_json()))
    assert resumed.events == record.meta["table"]
    assert resumed.state.move_count == table.state.move_count
    assert "A casual bot plays for Player 1" in [e.text for e in resumed.state.events_for(None)]


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ("nope", "should be a list"),
        ([{"move": 0, "event": "party", "text": "x"}], "unknown kind"),
        ([{"move": 99, "event": "bot", "seat": 0, "text": "x"}], "past the record's last move"),
        ([{"move": 0, "event": "bot", "seat": 7, "text": "x"}], "names no seat"),
        ([{"move": 0, "event": "bot", "seat": 0, "text": ""}], "needs a text"),
        (
            [{"move": 1, "event": "bot", "text": "x"}, {"move": 0, "event": "bot", "text": "y"}],
            "in order",
        ),
        (
            [{"move": 0, "event": "end", "text": "x"}, {"move": 0, "event": "bot", "text": "y"}],
            "more events follow",
        ),
    ],
)
def test_corrupt_table_events_are_refused(events: object, message: str) -> None:
    record = started("gonza", 3).record()
    record.meta["table"] = events
    with pytest.raises(BadRecord, match=message):
        record.replay()


def test_moves_after_the_end_are_refused() -> None:
    table = started("gonza", 3)
    record = table.record()
    record.meta["table"] = [{"move": 1, "event": "end", "seat": None, "text": "ended"}]
    with pytest.raises(BadRecord, match="move 2 of the record cannot be replayed"):
        record.replay()
