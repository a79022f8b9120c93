"""The release before accounts (commit f01c017, schema 0004) upgraded to accounts (0005) and
resumed exactly: every row as it was, the new columns empty, every table's game where it
stood, the people's old links still their seats, and a guest's seat claimable by an
account afterwards."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, insert, select

from motherlode.storage import Database, migrations
from motherlode.web.app import create_app
from tests.storage.test_migrations import get, plain, revision

DATA = Path(__file__).parent / "data"
RELEASE = DATA / "release-f01c017.sql"
"""Written by make_release_fixture_0004.py with the code of commit f01c017."""
TOKENS = DATA / "release-f01c017.tokens.json"
REVISION = "0004_table_people"
ORDER = ("tables", "seats", "moves", "presence", "goldfix_dashboards", "goldfix_dashboard_entries")
"""Parents before children, for a database that checks foreign keys on every insert."""


def load_release(url: str, tmp: Path) -> None:
    """Make ``url`` (empty) the database commit f01c017 wrote.  SQLite runs the dump as it
    is; elsewhere the schema comes from the migrations up to 0004 and the dump's rows are
    copied in, typed by SQLAlchemy (a SQLite 1 is a PostgreSQL true)."""
    if url.startswith("sqlite:///"):
        dump = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            dump.executescript(RELEASE.read_text())
        finally:
            dump.close()
        return
    source = tmp / "release.db"
    dump = sqlite3.connect(source)
    dump.executescript(RELEASE.read_text())
    dump.close()
    engine, old = create_engine(url), create_engine(f"sqlite:///{source}")
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.alembic_config(connection), REVISION)
            meta = MetaData()
            meta.reflect(connection, only=list(ORDER))
            with old.connect() as reader:
                for name in ORDER:
                    rows = [dict(r._mapping) for r in reader.execute(select(meta.tables[name]))]
                    if rows:
                        connection.execute(insert(meta.tables[name]), rows)
    finally:
        engine.dispose()
        old.dispose()


def rows(url: str, names: tuple[str, ...] = ORDER) -> dict[str, list[dict[str, Any]]]:
    engine = create_engine(url)
    try:
        meta = MetaData()
        meta.reflect(engine, only=list(names))
        with engine.connect() as c:
            return {
                name: [
                    dict(r._mapping)
                    for r in c.execute(
                        select(meta.tables[name]).order_by(*meta.tables[name].primary_key.columns)
                    )
                ]
                for name in names
            }
    finally:
        engine.dispose()


@pytest.fixture
def release(database_url: str, tmp_path: Path) -> str:
    load_release(database_url, tmp_path)
    return database_url


def test_the_fixture_is_the_release_before_accounts() -> None:
    sql = RELEASE.read_text()
    assert f"INSERT INTO \"alembic_version\" VALUES('{REVISION}')" in sql
    assert "users" not in sql and "user_id" not in sql
    assert len(json.loads(TOKENS.read_text())) == 4  # four tables with people


def test_the_release_before_accounts_is_upgraded_losing_nothing(release: str) -> None:
    assert revision(release) == REVISION
    before = rows(release)
    Database(release).engine.dispose()
    assert revision(release) == migrations.head() == "0005_accounts"
    after = rows(release)
    for name, old in before.items():
        assert len(after[name]) == len(old), name
        for was, now in zip(old, after[name], strict=True):
            assert {k: now[k] for k in was} == was, name  # every value as it was
            assert all(now[k] is None for k in set(now) - set(was)), name  # seats.user_id
    new = rows(release, ("users", "user_sessions", "ratings", "rating_changes", "chat"))
    assert all(found == [] for found in new.values())


def test_the_server_resumes_the_release_before_accounts(release: str) -> None:
    old = rows(release)
    tokens: dict[str, dict[str, str]] = json.loads(TOKENS.read_text())
    tables = {row["id"]: row for row in old["tables"]}
    clocked = next(t for t, r in tables.items() if (r["settings"] or {}).get("clock"))
    db = Database(release)  # upgraded; nothing runs the tables yet
    stored = db.table_state(clocked)
    assert stored is not None and stored["people"] == tables[clocked]["people"]  # the clock kept
    with TestClient(create_app(release)) as client:
        for table_id, row in tables.items():
            record = db.record(table_id)
            assert record is not None
            state = record.replay()
            mine = tokens.get(table_id, {})
            for seat, token in mine.items():  # each person's old link is still their seat
                view = get(client, f"/api/tables/{table_id}", token)
                assert view["seat"] == int(seat)
                assert view["observation"] == plain(state.observe(int(seat)))
            if table_id != clocked:  # (its clock ran out long ago and runs on now)
                assert get(client, f"/api/tables/{table_id}")["move_count"] == state.move_count
            assert (
                get(client, f"/api/tables/{table_id}", next(iter(mine.values()), None))["status"]
                == row["status"]
            )

        # the private table's open seat can still be taken, and the game starts
        private = next(t for t, r in tables.items() if (r["settings"] or {}).get("private"))
        joined = client.post(f"/api/tables/{private}/join", json={"seat": 1, "name": "Late"})
        assert joined.status_code == 200, joined.text
        assert get(client, f"/api/tables/{private}", joined.json()["token"])["seat"] == 1

        # a guest of the old release signs up and claims their seat: it follows the account
        goodwill = next(t for t, r in tables.items() if r["game"] == "goodwill")
        seat, token = next(iter(tokens[goodwill].items()))
        account = {"username": "oldguest", "password": "a long enough password"}
        signed = client.post("/api/account/signup", json=account)
        assert signed.status_code in (200, 201), signed.text
        csrf = client.get("/api/account").json()["csrf"]
        claim = {"seats": [{"table": goodwill, "seat": int(seat), "token": token}]}
        claimed = client.post("/api/account/claim", json=claim, headers={"X-CSRF-Token": csrf})
        assert claimed.status_code == 200, claimed.text
        listed = client.get("/api/account/tables").json()["tables"]
        assert any(t["id"] == goodwill for t in listed)
        assert get(client, f"/api/tables/{goodwill}", token)["seat"] == int(seat)  # unchanged
        db.engine.dispose()
