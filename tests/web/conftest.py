"""Browser fixtures: a fresh server per test (the session's one Chromium: tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.browser import live_server


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'browser.db'}"


@pytest.fixture
def server(database_url: str) -> Iterator[str]:
    with live_server(database_url) as url:
        yield url
