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
    page.fill("#designer-params", "# the hand limit\nhand_limit = 3\nevent_tokens = 4\n")
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
    # the board draws the table's own numbers, not the rulebook's
    assert page.locator("[data-event-track] circle[stroke-dasharray]").count() == 4
    assert "of 4 tokens" in page.text_content(BOARD)

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
    assert page.get_attribute("#title", "title") == (
        "Played with dice.toml, parameters.toml, event_tokens = 4, hand_limit = 3"
    )
    page.screenshot(path=str(SCREENSHOTS / "gonza-designer-variant.png"), full_page=True)
    page.close()


def variant_table(page: Any, server: str, game: str, seats: list[str], lines: str) -> None:
    """A designer's variant from the lobby: parameter lines only, bots without pause."""
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, agent in enumerate(seats):
        page.select_option(f"#seat-{i}", agent)
    page.select_option("#bot_delay_ms", "0")
    page.click("#designer-variant > summary")
    page.fill("#designer-params", lines)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")


def test_a_goldfix_variant_shows_its_own_price_table_taxes_and_corner(
    browser: Any, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    lease = [30 + 10 * r for r in range(11)]
    variant_table(
        page,
        server,
        "goldfix",
        ["human", "random", "random"],
        f"mine_lease_prices = {','.join(map(str, lease))}\n"
        "tax_rates = 6,12\ngoldfix_corner_commission = 20\ngoldfix_corner_drop = 300\n"
        "goldfix_rise = 200\nloan_note = 300\n",
    )
    table, token = open_seat(page, server, "svg[data-game='goldfix']")
    design = fetch_view(page, server, table, token)["observation"]["design"]
    assert design["loan_note"] == 300
    assert design["overdraft_loan"] == 280
    assert [row[1] for row in design["price_table"]] == lease
    for row in design["price_table"]:
        cells = page.text_content(f".gf-rung[data-goldfix='{row[0]}']")
        assert f"{row[1]}" in cells and f"{row[2]}" in cells and f"{row[3]}" in cells
    assert "LOW 6%" in page.text_content(".gf-tax[data-tax='LOW']")
    assert "HIGH 12%" in page.text_content(".gf-tax[data-tax='HIGH']")
    board = page.text_content(".gf-board")
    assert "20% −$300" in board and "+$200" in board
    assert "25% −$200" not in board and "+$100" not in board
    assert page.inner_text("#title") == "GOLDFIX · designer's variant"
    assert "loan_note = 300" in page.get_attribute("#title", "title")
    page.screenshot(path=str(SCREENSHOTS / "goldfix-designer-variant.png"), full_page=True)
    page.close()


def test_a_goodwill_variant_shows_its_transactions_and_price_board(
    browser: Any, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    variant_table(
        page,
        server,
        "goodwill",
        ["human", "random", "random"],
        "transactions_per_company = 3\nprice_max = 35\n",
    )
    open_seat(page, server, "svg[data-game='goodwill']")
    board = page.locator("svg[data-game='goodwill']")
    # three transactions and the boss for each company, in the year's steps
    assert page.locator("[data-substep$='-3']").count() == 3
    assert "of 3)" in board.text_content()
    prices = page.locator("[data-section='prices'] [data-resource-price]").first
    assert "$35" in prices.text_content() and "$30" in prices.text_content()
    page.screenshot(path=str(SCREENSHOTS / "goodwill-designer-variant.png"), full_page=True)
    page.close()
