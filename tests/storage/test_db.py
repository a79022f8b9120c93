"""The Database's per-table state for the live service: the seed's salt, undo eligibility,
the decision clock, and a finished game staying final."""

from __future__ import annotations

import json

import pytest

from motherlode.engine import GameRecord
from motherlode.storage import Database, TableClosed

PRIVATE = ("seed_salt", "undo_floor", "undo_seat", "clock_move", "clock_deadline")
SALT = "ab" * 32


@pytest.fixture
def db(database_url: str) -> Database:
    db = Database(database_url)
    record = GameRecord(
        game="nuggets",
        rules_version="1",
        options={"rounds": 5},
        seed=7,
        seats=[{"name": "Ann", "agent": "human"}, {"name": "Bot", "agent": "random"}],
    )
    db.create_table("t1", record, ["hash-of-ann", None], {"decision_timer": 0}, seed_salt=SALT)
    return db


def bid(gold: int) -> dict[str, int | str]:
    return {"type": "bid", "gold": gold}


def test_a_new_table_keeps_its_salt_private(db: Database) -> None:
    assert db.table_state("t1") == {
        "seed_salt": SALT,
        "undo_floor": None,
        "undo_seat": None,
        "clock_move": None,
        "clock_deadline": None,
        "settings": {"decision_timer": 0},
        "status": "running",
        "version": 0,
        "listed": True,
        "people": None,
    }
    public = json.dumps([db.table_info("t1"), db.list_tables()])
    assert SALT not in public and not any(key in public for key in PRIVATE)
    assert db.table_state("nope") is None


def test_moves_and_undo_store_undo_eligibility(db: Database) -> None:
    db.add_move("t1", 1, 0, bid(2), undo=(0, 0))
    assert (db.table_state("t1") or {})["undo_floor"] == 0
    db.add_move("t1", 2, 1, bid(1), undo=(2, None))
    db.add_move("t1", 3, 0, bid(3))  # no undo given: the stored one stays
    state = db.table_state("t1") or {}
    assert (state["undo_floor"], state["undo_seat"]) == (2, None)
    db.delete_moves_after("t1", 2, undo=(2, 1))
    state = db.table_state("t1") or {}
    assert (state["undo_floor"], state["undo_seat"], state["status"]) == (2, 1, "running")
    record = db.record("t1")
    assert record is not None and record.moves == [(0, bid(2)), (1, bid(1))]


def test_a_finished_game_is_final(db: Database) -> None:
    db.add_move("t1", 1, 0, bid(2))
    result = {"scores": [3, 1], "ranking": [[0], [1]]}
    db.add_move("t1", 2, 1, bid(1), result, undo=(2, None))
    assert (db.table_info("t1") or {})["status"] == "finished"
    with pytest.raises(TableClosed, match="t1 is finished"):
        db.add_move("t1", 3, 0, bid(1), undo=(0, 0))
    with pytest.raises(TableClosed):
        db.delete_moves_after("t1", 1, undo=(0, 0))
    record = db.record("t1")
    assert record is not None and len(record.moves) == 2
    info = db.table_info("t1") or {}
    assert info["status"] == "finished" and info["result"] == result
    state = db.table_state("t1") or {}
    assert (state["undo_floor"], state["undo_seat"]) == (2, None)


def test_the_decision_clock_is_stored_and_cleared(db: Database) -> None:
    db.set_clock("t1", 4, 1_800_000_000.25)
    state = db.table_state("t1") or {}
    assert (state["clock_move"], state["clock_deadline"]) == (4, 1_800_000_000.25)
    db.set_clock("t1", None, None)
    state = db.table_state("t1") or {}
    assert (state["clock_move"], state["clock_deadline"]) == (None, None)


def test_table_closed_is_an_ordinary_exception() -> None:
    assert issubclass(TableClosed, Exception) and TableClosed("x").table_id == "x"
