"""Goodwill's soak tests run only when asked for (``-m soak``, as ``make soak`` does)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "soak" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a soak test: run it with `make soak` (pytest -m soak)")
    for item in items:
        if "soak" in item.keywords and HERE in item.path.parents:
            item.add_marker(skip)
