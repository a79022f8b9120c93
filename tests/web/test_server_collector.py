"""A server process sets its garbage collector for a server (web/app.py settle_collector):
frozen after the start, larger young generations; an app inside another process (the
tests, an embedding) leaves the collector alone."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from motherlode.web.app import GC_THRESHOLDS, create_app


@pytest.fixture
def collector() -> Iterator[None]:
    before = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def test_a_server_process_settles_its_collector(tmp_path: Path, collector: None) -> None:
    app = create_app(f"sqlite:///{tmp_path}/t.db", own_process=True)
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0


def test_an_embedded_app_leaves_the_collector_alone(tmp_path: Path, collector: None) -> None:
    before = gc.get_threshold()
    app = create_app(f"sqlite:///{tmp_path}/t.db")
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0
