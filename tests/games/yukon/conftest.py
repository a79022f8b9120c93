"""Soak tests (thousands of games) run only when asked for: ``make soak`` (``-m soak``)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _soak_only_when_asked(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("soak") and "soak" not in request.config.option.markexpr:
        pytest.skip("a soak test: run it with `make soak` (pytest -m soak)")
