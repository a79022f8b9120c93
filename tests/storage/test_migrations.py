"""Schema migrations: a database written by the previous release (commit 616f1e2, before
migrations) is stamped, upgraded and resumed exactly; a fresh one is created at head; the
migrated schema is the models' schema."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, inspect, select, text

import motherlode.storage.ledger  # noqa: F401  (the dashboard tables, on Base.metadata)
from motherlode.engine import GameRecord
from motherlode.games.goldfix.ledger import Ledger, Transaction
from motherlode.storage import Database, SchemaError, migrations
from motherlode.storage.models import Base
from motherlode.web.app import create_app
from tests.storage.conftest import RELEASE, RELEASE_TOKENS

NEW_COLUMNS = {"seed_salt", "undo_floor", "undo_seat", "clock_move", "clock_deadline"}
SHARED_COLUMNS = {"version", "lease_owner", "lease_until", "listed"}
"""0003: every table at version 0; a running table's bots and clock wait for a process
(an expired lease with no owner), a finished one needs none."""


def shared_defaults(row: dict[str, Any]) -> dict[str, Any]:
    """0003's and 0004's defaults for a table of an earlier release: version 0, a lease
    waiting for a process when running; listed in the lobby, as every table was."""
    running = row["status"] == "running"
    return {
        "version": 0,
        "lease_owner": "" if running else None,
        "lease_until": 0.0 if running else None,
        "listed": True,
    }


ACCOUNT_TABLES = {
    "users",
    "user_sessions",
    "auth_attempts",
    "ratings",
    "rating_changes",
    "chat",
    "chat_mutes",
    "push_subscriptions",
    "notifications_sent",
}


Rows = dict[str, list[dict[str, Any]]]


def snapshot(url: str) -> Rows:
    """Every row of the previous release's tables, in primary-key order."""
    engine = create_engine(url)
    try:
        meta = MetaData()
        meta.reflect(engine, only=sorted(migrations.INITIAL_TABLES))
        with engine.connect() as c:
            return {
                name: [
                    dict(r._mapping)
                    for r in c.execute(select(table).order_by(*table.primary_key.columns))
                ]
                for name, table in meta.tables.items()
            }
    finally:
        engine.dispose()


def revision(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            return migrations.current(c)
    finally:
        engine.dispose()


def columns(url: str) -> list[tuple[str, str, bool]]:
    engine = create_engine(url)
    try:
        return [
            (c["name"], str(c["type"]), c["nullable"])
            for c in inspect(engine).get_columns("tables")
        ]
    finally:
        engine.dispose()


def schema_differences(db: Database) -> list[Any]:
    with db.engine.connect() as c:
        return list(compare_metadata(MigrationContext.configure(c), Base.metadata))


def old_columns_kept(old: Rows, new: Rows) -> None:
    """``new`` holds exactly ``old``'s rows, plus the new columns: NULL, but for those of
    0003 (:func:`shared_defaults`)."""
    assert new.keys() == old.keys()
    for name, rows in old.items():
        assert len(new[name]) == len(rows), name
        for before, after in zip(rows, new[name], strict=True):
            assert {k: after[k] for k in before} == before
            added = set(after) - set(before)
            if name == "tables":
                assert {k: after[k] for k in SHARED_COLUMNS} == shared_defaults(before)
                added -= SHARED_COLUMNS
            assert all(after[k] is None for k in added)


def test_the_fixture_is_the_previous_release() -> None:
    sql = RELEASE.read_text()
    assert "alembic_version" not in sql and "seed_salt" not in sql
    tokens = json.loads(RELEASE_TOKENS.read_text())
    assert len(tokens) == 3, "three running tables with people"


def test_a_previous_release_database_is_stamped_and_upgraded_losing_nothing(
    previous_release: str,
) -> None:
    before = snapshot(previous_release)
    assert revision(previous_release) is None
    db = Database(previous_release)
    assert revision(previous_release) == migrations.head() == "0005_accounts"
    assert {name for name, _, _ in columns(previous_release)} >= NEW_COLUMNS
    after = snapshot(previous_release)
    old_columns_kept(before, after)
    assert {k: after["tables"][0][k] for k in NEW_COLUMNS} == dict.fromkeys(NEW_COLUMNS)
    for row in before["tables"]:
        state = db.table_state(row["id"])
        assert state is not None and state["status"] == row["status"]
        assert state["seed_salt"] is None and state["clock_deadline"] is None
    assert schema_differences(db) == []


def test_upgrading_twice_is_a_no_op(previous_release: str) -> None:
    Database(previous_release)
    once = snapshot(previous_release)
    shape = columns(previous_release)
    Database(previous_release)
    assert snapshot(previous_release) == once
    assert columns(previous_release) == shape
    assert revision(previous_release) == migrations.head()


def test_a_fresh_database_is_created_at_head(database_url: str) -> None:
    db = Database(database_url)
    assert revision(database_url) == migrations.head()
    assert set(inspect(db.engine).get_table_names()) == {
        *migrations.INITIAL_TABLES,
        "presence",  # 0004
        *ACCOUNT_TABLES,  # 0005
        "alembic_version",
    }
    assert schema_differences(db) == []


def test_the_initial_revision_is_the_previous_release_schema(tmp_path: Path) -> None:
    """Revision 0001 writes, statement for statement, the DDL the old create_all wrote."""

    def ddl(path: Path) -> dict[str, str]:
        connection = sqlite3.connect(path)
        try:
            rows = connection.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
            return {name: sql for name, sql in rows if name != "alembic_version"}
        finally:
            connection.close()

    old = tmp_path / "old.db"
    connection = sqlite3.connect(old)
    connection.executescript(RELEASE.read_text())
    connection.close()
    new = tmp_path / "new.db"
    engine = create_engine(f"sqlite:///{new}")
    with engine.begin() as c:
        command.upgrade(migrations.alembic_config(c), migrations.INITIAL)
    engine.dispose()
    assert ddl(new) == ddl(old)
    assert len(ddl(old)) == 7  # five tables, two indexes


def test_downgrade_to_the_previous_release_and_back(previous_release: str) -> None:
    before = snapshot(previous_release)
    db = Database(previous_release)
    with db.engine.begin() as c:
        command.downgrade(migrations.alembic_config(c), migrations.INITIAL)
    assert snapshot(previous_release) == before
    assert revision(previous_release) == migrations.INITIAL
    Database(previous_release)
    old_columns_kept(before, snapshot(previous_release))


def test_a_partial_schema_without_history_is_left_untouched(database_url: str) -> None:
    engine = create_engine(database_url)
    with engine.begin() as c:
        c.execute(text("CREATE TABLE tables (id VARCHAR(40) PRIMARY KEY)"))
    with pytest.raises(SchemaError, match="goldfix_dashboards, moves, seats"):
        Database(database_url)
    assert set(inspect(engine).get_table_names()) == {"tables"}
    engine.dispose()


# ------------------------------------------------------------------ the server resumes


def plain(value: Any) -> Any:
    """``value`` as it comes back from JSON (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


def get(client: TestClient, path: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_the_server_resumes_every_table_of_the_previous_release(previous_release: str) -> None:
    old = snapshot(previous_release)
    tokens: dict[str, dict[str, str]] = json.loads(RELEASE_TOKENS.read_text())
    tables = {row["id"]: row for row in old["tables"]}
    moves = {
        table_id: [[m["seat"], m["action"]] for m in old["moves"] if m["table_id"] == table_id]
        for table_id in tables
    }
    assert sorted(r["game"] for r in tables.values()) == [
        "carcassonne",
        "goodwill",
        "nuggets",
        "nuggets",
    ]
    with TestClient(create_app(previous_release)) as client:
        db = Database(previous_release)
        for table_id, row in tables.items():
            record = db.record(table_id)
            assert record is not None and record.moves == [tuple(m) for m in moves[table_id]]
            state = record.replay()
            view = get(client, f"/api/tables/{table_id}")
            assert view["status"] == row["status"]
            assert view["move_count"] == state.move_count == len(moves[table_id])
            assert view["observation"] == plain(state.observe(None))
            for seat, token in tokens.get(table_id, {}).items():  # a person's own view
                mine = get(client, f"/api/tables/{table_id}", token)
                assert mine["observation"] == plain(state.observe(int(seat)))

        # the finished game: its record is intact and its result stands
        (done,) = [t for t, r in tables.items() if r["status"] == "finished"]
        public = GameRecord.from_json(get(client, f"/api/tables/{done}/record"))
        assert [[s, a] for s, a in public.moves] == moves[done]
        assert public.seed == tables[done]["seed"]
        final = public.replay()
        assert final.is_over() and plain(list(final.scores())) == tables[done]["result"]["scores"]
        listed = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
        assert [t["result"] for t in listed] == [tables[done]["result"]]

        # a person acts with the token the old release gave them, and the bot answers
        (solo,) = [t for t in tokens if tables[t]["game"] == "nuggets" and len(tokens[t]) == 1]
        ann = tokens[solo]["0"]
        legal = get(client, f"/api/tables/{solo}", ann)["legal"]
        body = {"seat": 0, "action": legal[0]["action"], "expect_move": len(moves[solo])}
        moved = client.post(f"/api/tables/{solo}/actions", json=body, headers={"X-Seat-Token": ann})
        assert moved.status_code == 200, moved.text
        for _ in range(500):
            record = db.record(solo)
            assert record is not None
            if any(seat == 1 for seat, _ in record.moves[len(moves[solo]) + 1 :]):
                break
            time.sleep(0.02)
        else:
            pytest.fail("the bot did not move after the upgrade")

        # the GOLDFIX dashboard's books, replayed from the same entries
        (dashboard,) = old["goldfix_dashboards"]
        entries = old["goldfix_dashboard_entries"]
        books = get(client, f"/api/dashboards/{dashboard['id']}")
        ledger = Ledger(dashboard["players"], dashboard["winner"])
        for entry in entries:
            ledger.apply(Transaction.from_json(entry["transaction"]))
        assert books["state"] == plain(ledger.to_json())
        assert [e["index"] for e in reversed(books["log"])] == [e["index"] for e in entries]
        assert len(entries) == 4
        db.engine.dispose()
