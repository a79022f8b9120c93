"""The example game package (examples/panning) in the browser: installed beside motherlode,
the lobby offers it with its own how-to, and a person plays it to the end against the
casual level, drawn by the renderer the package serves from its own web/ folder."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.example_game import example_env
from tests.web.browser import SCREENSHOTS, create_from_lobby, free_port, open_seat

pytestmark = pytest.mark.browser


@pytest.fixture
def example_server(tmp_path: Path) -> Iterator[str]:
    """``motherlode serve`` in a process of its own, with the example installed."""
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from motherlode.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{tmp_path / 'example.db'}",
        "--bot-seconds",
        "0.05",
    ]
    process = subprocess.Popen(
        command, env=example_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=1):
                    break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(process.stderr.read() if process.stderr else "") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_example_game_is_offered_and_played_to_the_end(
    browser: Any, example_server: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/games/" in r.url else None)
    page.goto(example_server + "/")
    card = page.locator("article[data-game='panning']")
    card.wait_for()
    assert "Swirl your pan for gold" in card.inner_text()  # its howto.json, from its package
    create_from_lobby(page, example_server, "panning", ["human", "casual"])
    open_seat(page, example_server, "svg[data-game='panning']")
    for _ in range(400):
        if not page.locator("#status.hidden").count():
            break
        swirl = page.locator("[data-panning]")
        if swirl.count():
            # stash once the pan holds 12 or more, else swirl: a person's simple plan
            pan = int(page.get_attribute("[data-pan]", "data-pan") or 0)
            choice = (
                "stash" if pan >= 12 and page.locator("[data-panning='stash']").count() else "swirl"
            )
            try:
                page.click(f"[data-panning='{choice}']", timeout=2000)
            except Exception:  # the board redrew between finding and clicking
                continue
        page.wait_for_timeout(30)
    page.wait_for_selector("#status:not(.hidden)")
    assert "Final:" in page.inner_text("#status")
    page.screenshot(path=str(SCREENSHOTS / "example-panning-end.png"))
    assert any(u.endswith("/games/panning/render.js") for u in asked)
    # its rules page: the how-to and a picture of a table in play, drawn by its renderer
    page.goto(example_server + "/static/rules.html#panning")
    page.wait_for_selector("[data-picture='panning'][data-drawn='true'] svg[data-game='panning']")
    assert "A 1 washes the pan out" in page.inner_text("section[data-game='panning']")
    page.screenshot(path=str(SCREENSHOTS / "example-panning-rules.png"))
    assert errors == []
    page.close()
