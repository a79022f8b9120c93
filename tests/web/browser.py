"""Helpers for browser tests: a live server in a thread and Debian's headless Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
import uvicorn

from motherlode.web.app import create_app
from motherlode.web.limits import Limits

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(
    os.environ.get("MOTHERLODE_SCREENSHOTS")
    or Path(__file__).resolve().parents[2] / "out" / "screenshots"
)
"""Where browser tests save what they show: the ignored out/screenshots, so that a test run
never rewrites tracked files; `make screenshots` points it at docs/screenshots on purpose."""
SCREENSHOTS.mkdir(parents=True, exist_ok=True)


def need_chromium() -> None:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed (make test installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def live_server(
    database_url: str, port: int | None = None, limits: Limits | None = None
) -> Iterator[str]:
    """Serve the app on loopback in a thread; stopping it is a real shutdown.

    Test servers take a client's seed at tables with people (``allow_client_seed``), so a
    browser test can deal a known game; a public server never does."""
    port = port or free_port()
    limits = limits or Limits(allow_client_seed=True)
    config = uvicorn.Config(
        create_app(database_url, limits=limits), host="127.0.0.1", port=port, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def create_from_lobby(
    page: Any,
    server: str,
    game: str,
    seats: list[str],
    *,
    options: dict[str, str] | None = None,
    timer: str | None = None,
) -> None:
    """Fill in the lobby's form as a person would and create the table (bots without pause)."""
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, agent in enumerate(seats):
        page.select_option(f"#seat-{i}", agent)
    for name, value in (options or {}).items():
        if not page.is_visible(f"#opt-{name}"):  # an advanced option, folded away
            page.click("#advanced-options > summary")
        if page.get_attribute(f"#opt-{name}", "data-kind") == "bool" or page.evaluate(
            f"document.getElementById('opt-{name}').tagName === 'SELECT'"
        ):
            page.select_option(f"#opt-{name}", value)
        else:
            page.fill(f"#opt-{name}", value)
    page.select_option("#bot_delay_ms", "0")
    if timer is not None:
        page.select_option("#decision_timer", timer)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")


def open_seat(page: Any, server: str, board: str, seat: int = 0) -> tuple[str, str]:
    """Follow a seat's private link until ``board`` shows; returns the table id and token."""
    link = page.get_attribute(f"[data-seat-link='{seat}']", "href")
    path, fragment = link.split("#", 1)
    page.goto(server + link)
    page.wait_for_selector(board)
    return path.rsplit("/", 1)[1], parse_qs(fragment)["token"][0]


def fetch_view(page: Any, server: str, table: str, token: str | None) -> dict[str, Any]:
    """The view the server gives the token's seat (a spectator's without one)."""
    headers = {"X-Seat-Token": token} if token else {}
    response = page.request.get(f"{server}/api/tables/{table}", headers=headers)
    assert response.ok
    view: dict[str, Any] = response.json()
    return view


def wait_drawn(page: Any, root: str, move_count: int, *, at_least: bool = False) -> None:
    """Wait until the renderer's root (``data-move``) shows the view of ``move_count`` (or,
    ``at_least``, a later one): a pushed view is drawn a moment after the server sent it."""
    page.wait_for_function(
        f"Number((document.querySelector({root!r}) || {{dataset: {{}}}}).dataset.move) "
        f"{'>=' if at_least else '==='} {move_count}",
        timeout=5000,
    )


def open_move_list(page: Any) -> None:
    """Unfold "My moves as a list" (the board's moves in words, for the keyboard)."""
    page.evaluate("for (const d of document.querySelectorAll('#actions details')) d.open = true")


def play_first_moves(page: Any, rounds: int, pause_ms: int = 100) -> None:
    """Play a person's seat to the end by clicking the first offered move each time."""
    from playwright.sync_api import Error as PlaywrightError

    for _ in range(rounds):
        if "over" in page.inner_text("#prompt"):
            break
        page.wait_for_selector(
            "#actions button, #status:not(.hidden)", timeout=5000, state="attached"
        )
        # A locator, not an element handle: a frame that arrives between finding the button
        # and clicking it redraws the list, and a locator finds the new button where a handle
        # would be left pointing at the detached one.  A game's board offers its moves itself;
        # the same moves are listed, folded, under "My moves as a list": opened here.
        buttons = page.locator("#actions button")
        if buttons.count():
            try:
                open_move_list(page)
                buttons.first.click(timeout=2000)
            except PlaywrightError:  # the list emptied (the game ended, or it is not our turn)
                continue
            page.wait_for_timeout(pause_ms)
    page.wait_for_selector("#status:not(.hidden)")
    assert "Final:" in page.inner_text("#status")
    final = page.text_content("#status .final") or ""
    # a place's number is bound to its name; places are apart by spaces HTML keeps
    assert "1.\u00a0" in final and (final.count("\u2003") >= 1 or "2." not in final), final
