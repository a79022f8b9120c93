"""Issue 22's session bugs, clicked as the owner of a physical copy would click them.

1. The first click on BUY after typing a bid was lost (leaving the box redrew the cards
   and swapped the button out from under the click).
2. A "% of vault" choice stayed selected after a sale, so the next SELL sold bullion
   nobody chose; the bid box and the [44] fields kept their values, so a second click
   booked a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser_dashboard import dashboard_server

pytestmark = pytest.mark.browser


@pytest.fixture
def page_on(browser: Any, database_url: str) -> Iterator[tuple[Any, str]]:
    with dashboard_server(database_url) as server:
        page = browser.new_page(viewport={"width": 768, "height": 1024})
        yield page, server
        page.close()


def open_books(page: Any, server: str) -> None:
    """Alf, Bryan, Chris and Don with QUICKSTART (entry 1), the page open on them."""
    r = page.request.post(
        server + "/api/dashboards",
        data={"players": ["Alf", "Bryan", "Chris", "Don"], "quickstart": True},
    )
    assert r.ok
    page.goto(server + "/goldfix/dashboard/" + r.json()["id"])
    page.wait_for_selector("#sales [data-sale-row='3']")


def wait_entries(page: Any, n: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {n}")


def log_line(page: Any, index: int) -> str:
    text: str = page.inner_text(f"#log li[value='{index}']")
    return text


def add_production(page: Any, player: int, dice: str) -> None:
    page.select_option(f"[data-player='{player}'] select[data-ui='dice']", dice)
    page.click(f"[data-player='{player}'] button[data-kind='production']")


def choose_sale(page: Any, player: int, percent: str) -> None:
    page.click(f"#sales button[data-p='{player}'][data-sale='{percent}']")


def test_the_first_click_on_buy_after_typing_a_bid_books_it(page_on: tuple[Any, str]) -> None:
    page, server = page_on
    open_books(page, server)
    page.fill("#bids input[data-bid='0']", "30")
    page.click("#bids button[data-buy='0']")
    wait_entries(page, 2)
    assert log_line(page, 2).startswith("Alf buys a MINE LEASE for $30M")


def test_the_first_tap_on_buy_on_a_phone_books_it(browser: Any, database_url: str) -> None:
    with dashboard_server(database_url) as server:
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
        open_books(page, server)
        page.tap("#bids input[data-bid='1']")
        page.keyboard.type("35")
        page.tap("#bids button[data-buy='1']")
        wait_entries(page, 2)
        assert log_line(page, 2).startswith("Bryan buys a MINE LEASE for $35M")
        page.close()


def test_a_sale_sells_only_what_was_chosen_for_it(page_on: tuple[Any, str]) -> None:
    page, server = page_on
    open_books(page, server)
    add_production(page, 0, "7")  # Alf: dice 7-9, no DR: 35 kOz
    wait_entries(page, 2)
    choose_sale(page, 0, "100")
    page.click("#sell")
    wait_entries(page, 3)
    assert "Alf sells 35 kOz" in log_line(page, 3)
    add_production(page, 0, "7")
    wait_entries(page, 4)
    add_production(page, 1, "7")
    wait_entries(page, 5)
    choose_sale(page, 1, "100")  # only Bryan's 100% at this market
    page.click("#sell")
    wait_entries(page, 6)
    sale = log_line(page, 6)
    assert "Bryan sells 35 kOz" in sale
    assert "Alf" not in sale


def test_a_second_click_on_a_booked_transfer_books_nothing(page_on: tuple[Any, str]) -> None:
    page, server = page_on
    open_books(page, server)
    add_production(page, 0, "7")  # Alf: 35 kOz
    wait_entries(page, 2)
    page.select_option("#t-seller", "0")
    page.select_option("#t-buyer", "1")
    page.fill("#t-bullion", "10")
    page.fill("#t-price", "12")
    page.click("#t-go")
    wait_entries(page, 3)
    assert log_line(page, 3).startswith("Alf sells 10 kOz bullion to Bryan for $12M")
    page.click("#t-go")  # the fields were cleared: nothing to book
    page.wait_for_selector("#error:not(.hidden)")
    assert page.locator("#log li").count() == 3
