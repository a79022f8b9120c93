"""The GOLDFIX DASHBOARD in headless Chromium: book by clicking, reload, books intact."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn

from motherlode.storage import Database
from motherlode.web.app import create_app
from motherlode.web.dashboard import dashboard_router
from tests.web.browser import SCREENSHOTS, free_port

pytestmark = pytest.mark.browser


@contextmanager
def dashboard_server(database_url: str) -> Iterator[str]:
    """The app with the dashboard router, as the lead wires it, served in a thread."""
    app = create_app(database_url)
    app.include_router(dashboard_router(Database(database_url)))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
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


def figure(page: Any, player: int, label: str) -> str:
    card = page.locator(f"[data-player='{player}']")
    text: str = card.locator(f"div:has(> span:text-is('{label}')) > b").inner_text()
    return text


def test_book_by_clicking_and_reload(browser: Any, database_url: str) -> None:
    with dashboard_server(database_url) as server:
        page = browser.new_page(viewport={"width": 768, "height": 1024})
        page.goto(server + "/goldfix/dashboard")
        for i, name in enumerate(["Alf", "Bryan", "Chris", "Don"], start=1):
            page.fill(f"#name-{i}", name)
        page.check("#quickstart-new")
        page.click("#create")
        page.wait_for_selector("[data-player='3']")
        assert figure(page, 0, "ACCOUNT [15]") == "$225M"  # 500 - 275
        page.click("#gf-up")
        page.wait_for_function("document.querySelector('#goldfix').innerText === '$1,100'")
        # Alf: dice 7-9 with no DR = 35 kOz, added to the vault
        page.select_option("[data-player='0'] select[data-ui='dice']", "7")
        page.click("[data-player='0'] button[data-kind='production']")
        page.wait_for_function("document.querySelector('#entries').innerText.startsWith('3 ')")
        assert figure(page, 0, "VAULT kOz [20]") == "35"
        # Bryan pays interest first (2 notes x 13 = 26), then borrows a NORMAL $250M loan:
        # 225 - 26 + 250 = 449, 3 notes
        page.click("[data-player='1'] button[data-kind='pay_interest']")
        page.wait_for_function("document.querySelector('#entries').innerText.startsWith('4 ')")
        page.click("[data-player='1'] button[data-kind='normal_loan']")
        page.wait_for_function("document.querySelector('#entries').innerText.startsWith('5 ')")
        assert figure(page, 1, "ACCOUNT [15]") == "$449M"
        # Alf sells 100% through broker Bryan at 10%: 35 kOz x 1.1 = 38.5 -> 39; 3.9 -> 4
        page.select_option("#broker", "1")
        page.click("#sales button[data-p='0'][data-sale='100']")
        assert "pay to mine [22] $35M" in page.inner_text("[data-sale-row='0']")
        page.click("#sell")
        page.wait_for_function("document.querySelector('#goldfix').innerText === '$1,000'")
        assert figure(page, 0, "ACCOUNT [15]") == "$260M"
        assert figure(page, 1, "ACCOUNT [15]") == "$453M"
        page.click("[data-player='2'] button[data-kind='pay_interest']")  # 2 x 13 = 26
        page.wait_for_function("document.querySelector('#entries').innerText.startsWith('7 ')")
        page.reload()
        page.wait_for_selector("[data-player='3']")
        assert page.inner_text("#goldfix") == "$1,000"
        assert figure(page, 0, "ACCOUNT [15]") == "$260M"
        assert figure(page, 1, "ACCOUNT [15]") == "$453M"
        assert figure(page, 1, "# LOAN NOTE [16]") == "3"
        assert figure(page, 2, "ACCOUNT [15]") == "$199M"
        assert page.inner_text("#entries").startswith("7 ")
        # undo shows what it takes back and asks first
        page.click("#undo")
        page.wait_for_selector("#undo-confirm:not(.hidden)")
        assert page.inner_text("#undo-text") == (
            "Take back entry #7? Chris pays interest on 2 LOAN NOTE(S) at 5%: $26M"
        )
        page.click("#undo-yes")
        page.wait_for_function("document.querySelector('#entries').innerText.startsWith('6 ')")
        assert figure(page, 2, "ACCOUNT [15]") == "$225M"
        page.screenshot(path=str(SCREENSHOTS / "dashboard-768.png"))
        page.close()
