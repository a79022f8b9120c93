"""Shared test setup: the fixture game is registered for the engine's own tests only;
PostgreSQL for the tests that run on both database backends (see tests/postgres.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from motherlode.engine import register
from tests import postgres
from tests.engine import nuggets

register(nuggets.GAME, replace=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of the session's PostgreSQL test database (a server of our own, or
    ``MOTHERLODE_TEST_DATABASE_URL``); the test is skipped where there is no PostgreSQL."""
    try:
        with postgres.server() as url:
            yield url
    except postgres.Unavailable as e:
        pytest.skip(str(e))


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """The session's PostgreSQL test database, emptied for this test.

    On our own server the ``public`` schema is dropped and recreated after ending any
    connection an earlier test left open (about 8 ms a test; reflecting and dropping the
    tables takes 47 ms and can wait forever on a lock a leaked transaction holds, and a
    fresh ``CREATE DATABASE`` with its ``DROP`` 80 to 110 ms). A database named by
    ``MOTHERLODE_TEST_DATABASE_URL``, whose other sessions are not ours to end, has its
    tables dropped instead, ``alembic_version`` too. Tests that want a database of their
    own beside it use ``tests.postgres.create_database``.
    """
    if os.environ.get(postgres.ENV):
        from tests.storage.conftest import empty_database

        empty_database(postgres_server)
    else:
        postgres.reset_database(postgres_server)
    return postgres_server


@pytest.fixture(params=["sqlite", "postgresql"])
def backend_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test that takes it runs twice: on a fresh SQLite file and on an empty
    PostgreSQL database."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every game's data folder (levels.toml, evaluator) is a temporary one, so tests that
    write levels or ratings never touch tracked files; the levels' cache is cleared around."""
    from motherlode.agents import levels

    monkeypatch.setattr(levels, "data_folder", lambda game: tmp_path)
    levels._levels_file.cache_clear()
    yield tmp_path
    levels._levels_file.cache_clear()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole test session (Playwright's sync API allows one instance a
    process): every browser test, web pages and study reports alike, opens pages on it."""
    from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, need_chromium

    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
