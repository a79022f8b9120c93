"""The names the server gives seats that were given none ("Player 1", "Open seat 3") read in
the page's language (issue 32): "Spieler 1" at the table, in the lobby's tables list and on
a new table's links, while the table keeps them in English (its view, so its record) and an
English page shows them as before."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import create_from_lobby, fetch_view

pytestmark = pytest.mark.browser

SEATS = [{"agent": "human"}, {"agent": "casual"}, {"agent": "open"}]


def new_page(browser: Any, server: str, lang: str) -> Any:
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    assert page.request.post(server + "/api/language", data={"lang": lang}).ok
    return page


def test_a_seat_named_by_the_server_reads_in_the_pages_language(browser: Any, server: str) -> None:
    errors: list[str] = []
    german = new_page(browser, server, "de")
    german.on("pageerror", lambda e: errors.append(str(e)))
    made = german.request.post(
        server + "/api/tables", data={"game": "carcassonne", "seats": SEATS}
    ).json()
    table, seat = made["id"], made["seats"][0]
    assert [s["name"] for s in made["seats"]] == ["Player 1", "casual 2", "Open seat 3"]

    german.goto(server + seat["link"])
    german.wait_for_selector("#players .player[data-seat='2']")
    german.wait_for_function("document.querySelector('#who').innerText.includes('Spieler 1')")
    players = german.inner_text("#players")
    assert "Spieler 1" in players and "Freier Platz 3" in players and "casual 2" in players
    assert "Player 1" not in players and "Open seat" not in players
    assert german.inner_text("#who") == "du bist Spieler 1"
    german.goto(server + "/")
    german.wait_for_selector(f"#tables tr[data-table='{table}']")
    assert german.inner_text(f"#tables tr[data-table='{table}'] td >> nth=1") == (
        "Spieler 1, casual 2, freier Platz"
    )
    create_from_lobby(german, server, "carcassonne", ["human", "casual"])  # its links
    assert german.inner_text("[data-seat-link='0']") == "Als Spieler 1 spielen"
    assert "Spieler 1 (Platz 1) — privater Link" in german.inner_text("#created")

    # the table keeps its names as they were given (its record is made of them), whoever looked
    view = fetch_view(german, server, table, seat["token"])
    assert view["names"] == ["Player 1", "casual 2", "Open seat 3"]

    english = new_page(browser, server, "en")
    english.on("pageerror", lambda e: errors.append(str(e)))
    english.goto(server + seat["link"])
    english.wait_for_selector("#players .player[data-seat='2']")
    english.wait_for_function("document.querySelector('#who').innerText.includes('Player 1')")
    players = english.inner_text("#players")
    assert "Player 1" in players and "Open seat 3" in players
    assert english.inner_text("#who") == "you are Player 1"
    assert errors == []
    german.context.close()
    english.context.close()
