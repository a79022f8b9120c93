"""The browser UI end to end on the fixture game: lobby, clicking moves, bots, reload, restart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import create_from_lobby, live_server, play_first_moves

pytestmark = pytest.mark.browser


def test_play_against_a_bot_by_clicking(browser: Any, server: str) -> None:
    page = browser.new_page()
    create_from_lobby(page, server, "nuggets", ["human", "random"])
    page.click("[data-seat-link='0']")
    page.wait_for_selector("#actions button")
    assert "Your secret choice" in page.inner_text("#prompt")
    page.click("#actions button[data-action='bid 3']")
    # the bot has already committed; the auction resolves and the log says so
    page.wait_for_function("document.querySelector('#log').innerText.includes('Bids:')")
    assert "Player 1 3" in page.inner_text("#log")
    # play on to the end by always taking the first offered move
    play_first_moves(page, 40, 150)
    # finished games can be replayed move by move
    page.click("#first")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 0')")
    page.click("#next")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 1')")
    page.close()


def test_a_game_without_its_own_renderer_asks_for_one_once(browser: Any, server: str) -> None:
    """The fixture game has no renderer script. The page used to ask for it again with every
    frame, and as those answers came back in any order an older frame could be drawn over a
    newer one, leaving a stale "Waiting for…" on screen while the server waited for the
    person. Now the script is asked for once and only the newest frame is drawn."""
    page = browser.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/games/" in r.url else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(page, server, "nuggets", ["human", "random"])
    page.click("[data-seat-link='0']")
    play_first_moves(page, 40, 0)
    assert [u.split("/games/", 1)[1] for u in asked] == ["nuggets/render.js"]
    assert errors == []
    page.close()


def test_reload_and_server_restart_mid_game(browser: Any, database_url: str) -> None:
    with live_server(database_url) as server:
        page = browser.new_page()
        create_from_lobby(page, server, "nuggets", ["human", "human"])
        link = page.get_attribute("[data-seat-link='0']", "href")
        other = page.get_attribute("[data-seat-link='1']", "href")
        port = server.rsplit(":", 1)[1]
        page.goto(server + link)
        page.wait_for_selector("#actions button")
        page.click("#actions button[data-action='bid 2']")
        page.wait_for_selector("text=You have decided")
        page.reload()
        page.wait_for_selector("text=You have decided")
        assert "✓ decided" in page.inner_text("#players")
    with live_server(database_url, port=int(port)) as server:
        page.wait_for_selector("text=You have decided")  # the open page reconnects by itself
        page.close()
        page = browser.new_page()
        page.goto(server + other)
        page.wait_for_selector("#actions button")
        page.click("#actions button[data-action='bid 1']")
        page.wait_for_function("document.querySelector('#log').innerText.includes('Bids:')")
        assert "Player 1 2, Player 2 1" in page.inner_text("#log")
        page.close()
