"""Databases for the storage tests: a fresh one, and one as the previous release left it.

Each test runs twice: on a SQLite file and on an empty PostgreSQL database (the
``postgres_url`` fixture of tests/conftest.py).
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import MetaData, create_engine, text

from motherlode.storage.migrations import INITIAL, alembic_config

DATA = Path(__file__).parent / "data"
RELEASE = DATA / "release-616f1e2.sql"
"""Written by make_release_fixture.py with the code of commit 616f1e2."""
RELEASE_TOKENS = DATA / "release-616f1e2.tokens.json"

# parents before children, for databases that check foreign keys on every insert
INSERT_ORDER = ("tables", "seats", "moves", "goldfix_dashboards", "goldfix_dashboard_entries")


def empty_database(url: str) -> None:
    """Drop every table, ``alembic_version`` included."""
    engine = create_engine(url)
    try:
        meta = MetaData()
        meta.reflect(engine)
        meta.drop_all(engine)
    finally:
        engine.dispose()


def load_previous_release(url: str) -> None:
    """Make ``url`` (empty) the database commit 616f1e2 wrote, from its SQL dump.

    SQLite runs the dump as it is.  Elsewhere the schema comes from revision 0001 without
    its ``alembic_version`` (the same DDL as the old ``create_all``: checked with pg_dump on
    PostgreSQL 15 when 0001 was written) and the dump's rows are inserted into it.
    """
    sql = RELEASE.read_text()
    if url.startswith("sqlite:///"):
        dump = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            dump.executescript(sql)
        finally:
            dump.close()
        return
    inserts: dict[str, list[str]] = defaultdict(list)
    for line in sql.splitlines():
        if line.startswith("INSERT INTO "):
            assert line.endswith(");"), "one INSERT per line"
            inserts[line.split('"')[1]].append(line)
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection), INITIAL)
            connection.execute(text("DROP TABLE alembic_version"))
            for table in INSERT_ORDER:
                for statement in inserts.pop(table, []):
                    connection.exec_driver_sql(statement)
        assert not inserts, f"rows of unknown tables: {sorted(inserts)}"
    finally:
        engine.dispose()


@pytest.fixture
def database_url(backend_url: str) -> str:
    """A fresh SQLite file, and an empty PostgreSQL database (tests/conftest.py)."""
    return backend_url


@pytest.fixture
def previous_release(database_url: str) -> str:
    """The URL of a database as release 616f1e2 left it (never opened by this release)."""
    load_previous_release(database_url)
    return database_url
