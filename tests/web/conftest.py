"""Browser fixtures: one Chromium per test session, a fresh server per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, live_server, need_chromium


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'browser.db'}"


@pytest.fixture
def server(database_url: str) -> Iterator[str]:
    with live_server(database_url) as url:
        yield url
