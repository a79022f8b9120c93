"""The lobby in players' words (issue 28): titles and sentences, the advanced options
folded away, no internal keys, game titles in the tables list, one clock for bids."""

from __future__ import annotations

import re
from typing import Any

import pytest

from motherlode.engine import games, get_game
from tests.web.browser import SCREENSHOTS, create_from_lobby

REAL_GAMES = [g for g in games() if g != "nuggets"]


def lobby(browser: Any, server: str, width: int) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("#options")
    return page, errors


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_options_have_titles_and_sentences(browser: Any, server: str, game_id: str) -> None:
    page, errors = lobby(browser, server, 1400)
    page.select_option("#game", game_id)
    described = {o["name"]: o for o in get_game(game_id).options_class.describe()}
    rows = page.locator("[data-option-row]")
    names = [rows.nth(i).get_attribute("data-option-row") for i in range(rows.count())]
    assert set(names) == {n for n, o in described.items() if o["web"]}
    for name in names:
        row = page.locator(f"[data-option-row='{name}']")
        assert row.locator("label").text_content() == described[name]["title"]
        assert row.locator(".option-help").text_content() == described[name]["sentence"]
    form = page.text_content("#create")
    for name in described:  # no internal key anywhere in the form, folded part included
        if "_" in name:
            assert name not in form, name
    assert not re.search(r"\bcomponents\b", form)
    advanced = [n for n in names if described[n]["advanced"]]
    if advanced:  # folded: hidden until "More options" is opened
        assert not page.is_visible(f"#opt-{advanced[0]}")
        assert f"More options ({len(advanced)})" in page.inner_text("#advanced-options summary")
        page.click("#advanced-options > summary")
        assert page.is_visible(f"#opt-{advanced[0]}")
    else:
        assert page.locator("#advanced-options").count() == 0
    page.screenshot(path=str(SCREENSHOTS / f"lobby-options-{game_id}-1400.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # and on a phone: nothing sideways
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone = SCREENSHOTS / f"lobby-options-{game_id}-390.png"
    page.locator("#new-table").screenshot(path=str(phone))
    assert errors == []
    page.close()


def test_goldfix_speaks_of_one_bidding_clock(browser: Any, server: str) -> None:
    """The table's clock for sealed bids and the timed-auctions version's own clock are
    never offered together; choice labels are words, not codes."""
    page, errors = lobby(browser, server, 390)
    page.select_option("#game", "goldfix")
    assert page.is_visible("#decision_timer")
    assert "E-Z 1: a lot for each player" in page.inner_text("#opt-auction_level")
    page.select_option("#opt-tabletopia", "timed-auctions")
    assert not page.is_visible("#decision_timer")
    page.select_option("#opt-tabletopia", "none")
    assert page.is_visible("#decision_timer")
    page.screenshot(path=str(SCREENSHOTS / "lobby-options-goldfix-390.png"), full_page=True)
    assert errors == []
    page.close()


def test_gonza_offers_the_minister_once_and_tables_show_titles(browser: Any, server: str) -> None:
    page, errors = lobby(browser, server, 1400)
    page.select_option("#game", "gonza")
    assert page.locator("#opt-minister").count() == 0
    seat = page.locator("#seat-1 option[value='minister']")
    assert seat.count() == 1
    create_from_lobby(page, server, "gonza", ["human", "minister"])
    page.wait_for_function(
        "[...document.querySelectorAll('#tables td')].some(td => td.textContent === 'Gonza Index')"
    )
    cells = page.locator("#tables tr td:first-child").all_inner_texts()
    assert "gonza" not in cells and "Gonza Index" in cells
    assert errors == []
    page.close()


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_each_games_table_speaks_words_at_390_and_1400(
    browser: Any, server: str, game_id: str
) -> None:
    """A person's first decision in each game, on a phone and a laptop: the board offers
    the moves, nothing is offered again as a button, and no move's notation is on the page
    (the screenshots are looked at: out/screenshots/table-<game>-<width>.png)."""
    n = get_game(game_id).min_players
    seats = [{"agent": "human", "name": "Ann"}] + [{"agent": "casual"}] * (n - 1)
    body = {"game": game_id, "seats": seats, "settings": {"bot_delay_ms": 0, "clock": "normal"}}
    for width, height in ((390, 844), (1400, 900)):
        page = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        created = page.request.post(f"{server}/api/tables", data=body).json()
        token = created["seats"][0]["token"]
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_selector("#actions details.all-moves", state="attached", timeout=15000)
        view = page.request.get(
            f"{server}/api/tables/{created['id']}", headers={"X-Seat-Token": token}
        ).json()
        assert view["legal"], game_id
        assert page.locator("#actions > button").count() == 0  # the board offers them all
        shown = page.inner_text("main")
        for entry in view["legal"]:
            if " " in entry["text"]:  # one word ("roll") may be a word of a sentence
                assert entry["text"] not in shown, (game_id, entry["text"])
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SCREENSHOTS / f"table-{game_id}-{width}.png"), full_page=True)
        assert errors == []
        page.close()
