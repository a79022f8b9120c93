"""A designer's variant from the lobby: files picked in the browser and parameter lines,
the server's refusal shown as it words it, then a table that plays the variant."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS, fetch_view, open_move_list, open_seat

pytestmark = pytest.mark.browser

BOARD = "svg[data-game='gonza']"


def toml(name: str, text: str) -> dict[str, Any]:
    return {"name": name, "mimeType": "application/toml", "buffer": text.encode()}


def test_a_designer_uploads_files_from_the_lobby_and_plays_the_variant(
    browser: Any, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 1300})
    page.goto(server + "/")
    page.select_option("#game", "gonza")
    page.select_option("#players", "2")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "random")
    page.select_option("#bot_delay_ms", "0")
    assert not page.is_visible("#designer-files"), "folded away for ordinary players"
    page.click("#designer-variant > summary")

    # a misspelt key: the server's message names the file and the key
    page.set_input_files("#designer-files", [toml("dice.toml", "credits_per_colur = 25\n")])
    page.click("#create-button")
    page.wait_for_selector("#error:not(.hidden)")
    error = page.inner_text("#error")
    assert "dice.toml: unknown key 'credits_per_colur' (did you mean credits_per_colour?)" in error
    assert page.is_hidden("#created")
    page.click(".designer-numbers > summary")
    page.locator("#designer-variant").screenshot(
        path=str(SCREENSHOTS / "lobby-designer-refused.png")
    )

    # a line that is not name=value is refused before anything is sent
    page.fill("#designer-params", "hand_limit 3")
    page.click("#create-button")
    page.wait_for_function("document.querySelector('#error').innerText.includes('line 1')")

    # the variant: more credits, a richer box, a smaller hand
    page.set_input_files(
        "#designer-files",
        [
            toml("dice.toml", "credits_per_colour = 25\n"),
            toml("parameters.toml", "start_credits_first = 7\nstart_credits_others = 9\n"),
        ],
    )
    page.fill("#designer-params", "# the hand limit\nhand_limit = 3\n")
    page.screenshot(path=str(SCREENSHOTS / "lobby-designer-variant.png"), full_page=True)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")

    table, token = open_seat(page, server, BOARD)
    view = fetch_view(page, server, table, token)
    assert view["settings"]["designer_files"] == ["dice.toml", "parameters.toml"]
    assert view["observation"]["options"]["param.hand_limit"] == 3
    # the person's own credits, before their first move (the bot may have moved first)
    mine = view["observation"]["players"][0]
    assert mine["credits"] == (7 if view["observation"]["first_player"] == 0 else 9)
    assert mine["supply"] + mine["credits"] == 25

    # a few moves, clicked as a person would
    start = view["move_count"]
    for _ in range(6):
        page.wait_for_selector("#actions button", timeout=15000, state="attached")
        before = fetch_view(page, server, table, token)["move_count"]
        open_move_list(page)
        page.locator("#actions button").first.click()
        page.wait_for_function(
            f"Number((document.querySelector('.gz-root') || {{dataset: {{}}}}).dataset.move)"
            f" > {before}",
            timeout=15000,
        )
    assert fetch_view(page, server, table, token)["move_count"] >= start + 6
    # the table says it plays a variant, and with which files
    assert page.inner_text("#title") == "Gonza Index · designer's variant"
    assert page.get_attribute("#title", "title") == "Played with dice.toml, parameters.toml"
    page.screenshot(path=str(SCREENSHOTS / "gonza-designer-variant.png"), full_page=True)
    page.close()
