"""A TIMED AUCTION on the web table, in Chromium: the countdown shows the version's own
20 seconds, and when it runs out every player who has not bid passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS
from tests.web.goldfix_play import play_until

pytestmark = pytest.mark.browser


def test_a_timed_auction_runs_out_on_the_page(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    body = {
        "game": "goldfix",
        "seats": [{"agent": "human"}] * 3,
        "options": {"tabletopia": "timed-auctions", "auction_timer": 20},
        "seed": 5,
    }
    created = page.request.post(f"{server}/api/tables", data=body)
    assert created.status == 201, created.text()
    data = created.json()
    table, tokens = data["id"], [s["token"] for s in data["seats"]]

    def get(token: str) -> dict[str, Any]:
        response = page.request.get(f"{server}/api/tables/{table}", headers={"X-Seat-Token": token})
        assert response.ok
        view: dict[str, Any] = response.json()
        return view

    def post(seat: int, token: str, action: dict[str, Any]) -> None:
        response = page.request.post(
            f"{server}/api/tables/{table}/actions",
            data={"seat": seat, "action": action},
            headers={"X-Seat-Token": token},
        )
        assert response.ok, response.text()

    def is_bid(view: dict[str, Any]) -> bool:
        decision = view["observation"]["decision"]
        return bool(decision) and decision["kind"] == "bid"

    view = play_until(get, post, tokens, is_bid)
    seat = view["seat"]
    page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
    page.wait_for_selector("#timer:not(.hidden)")
    left = int(page.inner_text("#timer").split()[0])
    assert 10 <= left <= 20
    page.wait_for_selector("#gf-bid")  # the sealed bid form is offered meanwhile
    page.screenshot(path=str(SCREENSHOTS / "goldfix-timed-auction.png"))
    # nobody bids: when the time is up every bidder passes and the lot goes back
    page.wait_for_function(
        "document.querySelector('#log').innerText.includes('No bids')", timeout=30_000
    )
    assert page.inner_text("#timer") == "" or "hidden" in (
        page.get_attribute("#timer", "class") or ""
    )
    page.close()


def test_the_game_clock_of_a_time_limit_shows_on_the_page(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    body = {"game": "goldfix", "seats": [{"agent": "human"}] * 3, "options": {"time_limit": 30}}
    created = page.request.post(f"{server}/api/tables", data=body)
    assert created.status == 201, created.text()
    seat = created.json()["seats"][0]
    page.goto(server + seat["link"])
    page.wait_for_selector("#gf-game-clock")
    page.wait_for_function(
        "/^TIME LIMIT: (30:00|29:[0-5][0-9]) left$/"
        ".test(document.querySelector('#gf-game-clock').textContent)"
    )
    first = page.text_content("#gf-game-clock")
    page.wait_for_function(
        f"document.querySelector('#gf-game-clock').textContent !== {first!r}", timeout=5000
    )  # it ticks between frames
    page.close()


def test_a_shortfall_asks_how_to_cover_it_on_the_page(browser: Any, server: str) -> None:
    """A real COVER decision (the engine's position of tests/games/goldfix/test_cover.py,
    its view as the service builds it) drawn by the GOLDFIX renderer: the debt is said,
    the liquidations show what the Bank pays, and the overdraft its loans."""
    from motherlode.table import Table
    from motherlode.web.service import LiveTable, TableService
    from tests.games.goldfix.test_cover import short_at_the_bullion_tax
    from tests.web.test_browser_newcomer import MOUNT

    state = short_at_the_bullion_tax()
    table = Table(state.game, state, [])
    live = LiveTable("x", table, {})
    view: dict[str, Any] = {
        "seat": 0,
        "names": ["Blue", "Red", "Green"],
        "observation": state.observe(0),
        "legal": TableService._legal(live, 0, state.legal_actions(0)),
        "settings": {},
        "move_count": state.move_count,
        "events": [],
    }
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    created = page.request.post(
        f"{server}/api/tables",
        data={"game": "goldfix", "seats": [{"agent": "human"}] * 3, "seed": 1},
    )
    page.goto(server + created.json()["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    page.evaluate(MOUNT, ["goldfix", view])
    note = page.inner_text("#gf-cover")
    assert "You owe $10M more than your cash" in note
    options = page.locator("#gf-liquidate option").all_inner_texts()
    assert any("the Bank pays $38M" in o for o in options), options
    overdraft = page.locator("#custom-controls [data-gf='overdraft']")
    assert "1 × $230M, 3 LOAN NOTES" in overdraft.inner_text()
    overdraft.click()
    assert page.evaluate("window.__acts") == [{"type": "overdraft"}]
    page.close()
