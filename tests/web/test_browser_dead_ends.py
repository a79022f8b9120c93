"""Dead ends and layout (issue 28): a link to no table, a token of no seat, leaving a replay,
the lobby's links on a phone."""

from __future__ import annotations

from typing import Any

from tests.web.browser import SCREENSHOTS, create_from_lobby, play_first_moves


def new_page(browser: Any, width: int) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_a_link_to_no_table_says_so_and_leads_back(browser: Any, server: str) -> None:
    page, errors = new_page(browser, 390)
    page.goto(server + "/t/doesnotexist")
    page.wait_for_selector("#dead-end")
    text = page.inner_text("main")
    assert "There is no table here" in text
    assert "Waiting" not in text and "doesnotexist" not in text
    assert page.get_attribute("#dead-end a.button", "href") == "/"
    assert page.title().startswith("No such table")
    page.screenshot(path=str(SCREENSHOTS / "dead-end-390.png"), full_page=True)
    assert errors == []
    page.close()


def test_a_token_of_no_seat_offers_to_watch(browser: Any, server: str) -> None:
    page, errors = new_page(browser, 1400)
    create_from_lobby(page, server, "nuggets", ["human", "random"])
    link = page.get_attribute("[data-seat-link='0']", "href")
    table = link.split("#")[0]
    page.goto(server + table + "#seat=0&token=not-a-token-of-this-table")
    page.wait_for_selector("#dead-end")
    assert "This link does not open a seat" in page.inner_text("#dead-end")
    page.click("#dead-end >> text=Watch the table instead")
    page.wait_for_function("document.querySelector('#who').innerText === 'watching'")
    assert errors == []
    page.close()


def test_the_last_move_button_leaves_the_replay(browser: Any, server: str) -> None:
    page, errors = new_page(browser, 1400)
    create_from_lobby(page, server, "nuggets", ["human", "random"])
    page.click("[data-seat-link='0']")
    page.wait_for_selector("#actions button")
    play_first_moves(page, 40, 100)
    page.wait_for_selector("#play-again")
    page.click("#first")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 0')")
    assert page.inner_text("#who") == "replay of a finished game"
    page.click("#last")  # back to the game as it stands: its end screen, play again
    page.wait_for_function("document.querySelector('#who').innerText.startsWith('you are')")
    assert page.inner_text("#replay-pos") == ""
    assert page.is_visible("#play-again") and "Final:" in page.inner_text("#status")
    page.click("#first")
    page.click("#next")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 1')")
    assert errors == []
    page.close()


def test_the_lobbys_seat_links_do_not_overlap_on_a_phone(browser: Any, server: str) -> None:
    page, errors = new_page(browser, 390)
    create_from_lobby(page, server, "nuggets", ["human", "human"])
    boxes = []
    for row in page.locator("#created .links").all():
        boxes += [row.locator("input").bounding_box(), row.locator("a.button").bounding_box()]
    assert len(boxes) == 4
    for i, a in enumerate(boxes):
        assert a["x"] + a["width"] <= 390 + 0.5
        for b in boxes[i + 1 :]:
            apart = (
                a["y"] + a["height"] <= b["y"] + 0.5
                or b["y"] + b["height"] <= a["y"] + 0.5
                or a["x"] + a["width"] <= b["x"] + 0.5
                or b["x"] + b["width"] <= a["x"] + 0.5
            )
            assert apart, (a, b)
    page.locator("#created").screenshot(path=str(SCREENSHOTS / "lobby-links-390.png"))
    assert errors == []
    page.close()


def test_no_follower_fits_inside_the_map_on_a_phone(browser: Any, server: str) -> None:
    """Carcassonne's "No follower" pill, below a tile at the map's lower edge, lies inside
    the map at 390 px (it was cut off by the map's edge)."""
    page, errors = new_page(browser, 390)
    body = {
        "game": "carcassonne",
        "seed": 3,
        "seats": [{"agent": "human", "name": "Ann"}, {"agent": "human", "name": "Ben"}],
        "settings": {"bot_delay_ms": 0},
    }
    created = page.request.post(f"{server}/api/tables", data=body).json()
    table, token = created["id"], created["seats"][0]["token"]
    headers = {"X-Seat-Token": token}
    view = page.request.get(f"{server}/api/tables/{table}", headers=headers).json()
    places = [e["action"] for e in view["legal"] if e["action"]["type"] == "place"]
    lowest = max(places, key=lambda a: (a["y"], a["x"]))
    played = page.request.post(
        f"{server}/api/tables/{table}/actions",
        data={"seat": 0, "action": lowest, "expect_move": 0},
        headers=headers,
    )
    assert played.ok
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector("[data-pass]")
    pill, box = page.locator("[data-pass]").bounding_box(), page.locator(".cc-map").bounding_box()
    # inside, with room to spare: before, its lower edge lay on the map's (cut off)
    assert box["y"] <= pill["y"] and pill["y"] + pill["height"] + 4 <= box["y"] + box["height"]
    assert box["x"] <= pill["x"] and pill["x"] + pill["width"] <= box["x"] + box["width"]
    assert errors == []
    page.close()
