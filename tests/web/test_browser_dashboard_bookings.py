"""What a click books on the GOLDFIX dashboard, in Chromium: each point, clicked as the
owner of a physical GOLDFIX copy would.

Setting up (assets for a takeover, bullion for a market) goes through the API, as a second
tablet at the same table would; everything the point is about is clicked in the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS
from tests.web.test_browser_dashboard import dashboard_server

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}


@pytest.fixture
def server(database_url: str) -> Iterator[str]:
    with dashboard_server(database_url) as url:
        yield url


class Books:
    """A dashboard's API, for setting the scene and reading the books back."""

    def __init__(self, page: Any, server: str, players: list[str], **body: Any) -> None:
        self.page, self.server = page, server
        r = page.request.post(server + "/api/dashboards", data={"players": players, **body})
        assert r.ok, r.text()
        self.id: str = r.json()["id"]

    def book(self, **tx: Any) -> dict[str, Any]:
        r = self.page.request.post(f"{self.server}/api/dashboards/{self.id}/transactions", data=tx)
        assert r.ok, r.text()
        data: dict[str, Any] = r.json()
        return data

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = self.page.request.get(
            f"{self.server}/api/dashboards/{self.id}"
        ).json()
        return data

    def cash(self) -> list[int]:
        return [p["cash"] for p in self.view()["state"]["players"]]

    def open(self) -> None:
        self.page.goto(f"{self.server}/goldfix/dashboard/{self.id}")
        self.page.wait_for_selector("#sales [data-sale-row]")


def open_page(browser: Any, viewport: dict[str, int] = TABLET) -> Any:
    """A tablet, or a phone (390 px wide) with a touch screen."""
    return browser.new_page(viewport=viewport, has_touch=viewport["width"] < 500)


def wait_entries(page: Any, n: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {n}")


def last_entry(page: Any) -> str:
    text: str = page.inner_text("#log li:first-child")
    return text


def test_the_merchant_bank_example_in_one_booking(browser: Any, server: str) -> None:
    """MERCHANT BANK: ALPACA at $1,200, red 4: $770M to #1, $40M to #2 and #3, one fee."""
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris", "Don"])
    books.book(kind="goldfix_up")
    books.book(kind="goldfix_up")
    books.book(kind="transfer", seller="bank", buyer=0, mine_leases=1, headgears=1)  # 115
    books.book(kind="transfer", seller="bank", buyer=1, drill_reports=1)  # 480
    books.book(kind="transfer", seller="bank", buyer=2, drill_reports=1)  # 480
    books.open()
    page.select_option("#m-bidder", "3")
    page.select_option("#m-red", "4")
    page.select_option("#m-black", "2")
    assert "770" in page.inner_text("#m-table")
    page.fill("#m-owners input[data-owner='0'][data-key='mine_leases']", "1")
    page.fill("#m-owners input[data-owner='0'][data-key='headgears']", "1")
    page.fill("#m-owners input[data-owner='1'][data-key='drill_reports']", "1")
    page.fill("#m-owners input[data-owner='2'][data-key='drill_reports']", "1")
    page.wait_for_function("document.querySelector('#m-preview').innerText.includes('Chris')")
    page.click("#m-go")
    wait_entries(page, 6)
    effect = last_entry(page)
    assert effect.count("$10M MERCHANT BANK fee") == 1
    assert "from Alf for $770M" in effect
    assert "from Bryan for $40M" in effect and "from Chris for $40M" in effect
    # Don: 500 - 10 - 850 = -360 -> two overdrafts of 230: 100, 4 notes.
    assert books.cash() == [115 + 770, 480 + 40, 480 + 40, 100]
    # the choices are cleared: a second click books nothing
    assert page.input_value("#m-bidder") == ""
    page.click("#m-go")
    page.wait_for_selector("#error:not(.hidden)")
    assert len(books.view()["log"]) == 6
    page.close()


def test_undo_shows_asks_and_refuses_a_stale_page(browser: Any, server: str) -> None:
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris"])
    books.book(kind="goldfix_up")
    books.open()
    page.click("#undo")
    page.wait_for_selector("#undo-confirm:not(.hidden)")
    assert page.inner_text("#undo-text") == "Take back entry #1? GOLDFIX up to $1,100"
    page.click("#undo-no")  # asked, and kept
    assert page.is_hidden("#undo-confirm")
    assert len(books.view()["log"]) == 1
    # a second tablet books meanwhile; this page still shows entry 1 as the last
    page.click("#undo")
    page.wait_for_selector("#undo-confirm:not(.hidden)")
    books.book(kind="tax_switch")
    page.click("#undo-yes")
    page.wait_for_selector("#error:not(.hidden)")
    assert "moved on" in page.inner_text("#error")
    assert len(books.view()["log"]) == 2  # nothing was taken back
    wait_entries(page, 2)  # the page now shows the latest books
    page.click("#undo")
    page.wait_for_selector("#undo-confirm:not(.hidden)")
    assert "TAX BUDGET DAY" in page.inner_text("#undo-text")
    page.click("#undo-yes")
    wait_entries(page, 1)
    assert "Taken back: #2" in page.inner_text("#booked")
    page.close()


def test_a_double_click_books_once(browser: Any, server: str) -> None:
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris"])
    books.open()
    page.dblclick("#gf-up")
    wait_entries(page, 1)
    page.click("#tax-chn")  # a later deliberate click books its own entry
    wait_entries(page, 2)
    assert [e["transaction"]["kind"] for e in books.view()["log"]] == ["tax_switch", "goldfix_up"]
    page.close()


def test_interest_first_then_the_loan(browser: Any, server: str) -> None:
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris"])
    books.open()
    assert page.inner_text("#interest") == "$13M (tax 5%)"  # 5% of 250 = 12.5 -> 13
    # the table agrees a fixed 8%: $20M a note
    page.select_option("#interest-rate", "8")
    page.click("#interest-set")
    wait_entries(page, 1)
    assert page.inner_text("#interest") == "$20M (8%)"
    assert page.input_value("#interest-rate") == ""
    loan = "[data-player='0'] button[data-kind='normal_loan']"
    assert page.is_disabled(loan)
    assert "Interest first" in page.inner_text("[data-player='0']")
    page.click("[data-player='0'] button[data-kind='pay_interest']")
    wait_entries(page, 2)
    page.click(loan)
    wait_entries(page, 3)
    assert books.cash()[0] == 500 - 40 + 250
    assert page.is_disabled(loan)  # the next loan needs interest again
    page.close()


def test_the_bank_side_of_44_and_a_cash_payment(browser: Any, server: str) -> None:
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris"], quickstart=True)
    books.open()
    # Alf sells his ML + HG to the BANK: a LIQUIDATION at -50%, 275 / 2 = 137.5 -> 138
    page.select_option("#t-seller", "0")
    page.select_option("#t-buyer", "bank")
    assert page.is_disabled("#t-price")  # the rules set the BANK's price
    page.fill("#t-mine_leases", "1")
    page.fill("#t-headgears", "1")
    page.wait_for_function("document.querySelector('#t-preview').innerText.includes('$138M')")
    page.click("#t-go")
    wait_entries(page, 2)
    assert "receives $138M" in last_entry(page)
    # a MERCHANT BANK fee to the BANK is $10M, and the ledger says so
    page.select_option("#t-seller", "1")
    page.select_option("#t-buyer", "bank")
    page.fill("#t-merchant_bank_fees", "1")
    page.click("#t-go")
    wait_entries(page, 3)
    assert "pays $10M" in last_entry(page)
    # 2 LOAN NOTES to the BANK are $500M to repay: Chris has 225, refused, nothing booked
    page.select_option("#t-seller", "2")
    page.select_option("#t-buyer", "bank")
    page.fill("#t-loan_notes", "2")
    page.click("#t-go")
    page.wait_for_selector("#error:not(.hidden)")
    assert "$500M" in page.inner_text("#error")
    assert len(books.view()["log"]) == 3
    # a RISK card's penalty: cash only
    page.select_option("#c-payer", "2")
    page.select_option("#c-payee", "bank")
    page.fill("#c-amount", "50")
    page.fill("#c-memo", "RISK card")
    page.click("#c-go")
    wait_entries(page, 4)
    assert last_entry(page) == "Chris pays the BANK $50M (RISK card)"
    assert books.cash() == [225 + 138, 215, 175]
    assert page.input_value("#c-amount") == ""
    page.close()


def test_auction_commission_liquidation_button_and_bonus(browser: Any, server: str) -> None:
    """Issue 22, 7: the 10% [27] before BUY; a [42] row books; the +50 bonus alone."""
    page = open_page(browser)
    books = Books(page, server, ["Alf", "Bryan", "Chris"], quickstart=True)
    books.open()
    page.select_option("#a-broker", "1")
    page.fill("#bids input[data-bid='0']", "30")
    page.wait_for_function(
        "document.querySelector('#bid-preview-0').innerText.includes('+ $3M commission to Bryan')"
    )
    page.click("#bids button[data-buy='0']")
    wait_entries(page, 2)
    assert page.input_value("#bids input[data-bid='0']") == ""
    assert page.input_value("#a-broker") == ""  # not kept: "keep the broker" unticked
    # [42]: Chris liquidates ML + HG at -50% from the table: $138M
    page.select_option("#l-player", "2")
    page.click("#liq-table tr:nth-child(3) button[data-discount='50']")
    wait_entries(page, 3)
    assert last_entry(page) == "Chris liquidates 1 MINE LEASE, 1 HEADGEAR at -50%: +$138M"
    assert page.input_value("#l-player") == ""
    # an opponent lands on Bryan's mine: +50 kOz, no dice
    page.click("[data-player='1'] button[data-kind='bonus50']")
    wait_entries(page, 4)
    assert last_entry(page).startswith("Bryan receives the 50 kOz bonus")
    # production: the dice choice is cleared once booked
    page.select_option("[data-player='1'] select[data-ui='dice']", "12")
    page.click("[data-player='1'] button[data-kind='production']")
    wait_entries(page, 5)
    assert page.input_value("[data-player='1'] select[data-ui='dice']") == ""
    assert page.is_disabled("[data-player='1'] button[data-kind='production']")
    assert books.cash() == [225 - 33, 225 + 3, 225 + 138]
    page.close()


def test_a_market_on_a_phone(browser: Any, server: str) -> None:
    """Issue 22, 8: every seller's vault and % beside SELL, on a 390 px phone."""
    page = open_page(browser, PHONE)
    books = Books(page, server, ["Alf", "Bryan", "Chris", "Don", "Elaine", "Fred"])
    for p in range(6):
        books.book(kind="production", player=p, koz=40 * (p + 1))
    books.open()
    page.select_option("#broker", "0")
    page.locator("#market").scroll_into_view_if_needed()
    for p, pct in ((1, "100"), (3, "50"), (5, "25")):
        page.tap(f"#sales button[data-p='{p}'][data-sale='{pct}']")
    panel = page.locator("#market").bounding_box()
    sell = page.locator("#sell").bounding_box()
    assert panel["width"] <= PHONE["width"]
    assert panel["height"] <= PHONE["height"]  # the whole market on one screen
    assert sell["y"] + sell["height"] <= panel["y"] + panel["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.inner_text("#sell") == "SELL for Bryan, Don, Fred"
    page.tap("#sell")
    wait_entries(page, 7)
    sale = last_entry(page)
    assert "Bryan sells 80 kOz" in sale and "Don sells 80 kOz" in sale
    assert "Fred sells 60 kOz" in sale and "Alf" not in sale.split(":", 1)[1]
    assert page.is_disabled("#sell")  # every % is back to 0
    # one player card at a time on a phone: the tabs choose it
    assert page.locator(".pcard:visible").count() == 1
    page.tap("#player-tabs button[data-tab='4']")
    assert page.locator(".pcard:visible").get_attribute("data-player") == "4"
    page.close()


@pytest.mark.parametrize(
    ("name", "viewport"), [("390", PHONE), ("1400", {"width": 1400, "height": 900})]
)
def test_screenshots(browser: Any, server: str, name: str, viewport: dict[str, int]) -> None:
    page = open_page(browser, viewport)
    books = Books(page, server, ["Alf", "Bryan", "Chris", "Don"], quickstart=True)
    books.book(kind="goldfix_up")
    books.book(kind="production", player=0, dice=8, drill_reports=0)
    books.book(kind="production", player=2, dice=12, drill_reports=0, bonus=100)
    books.book(kind="pay_interest", player=1)
    books.book(kind="normal_loan", player=1)
    books.open()
    page.select_option("#broker", "3")
    page.click("#sales button[data-p='0'][data-sale='100']")
    page.click("#sales button[data-p='2'][data-sale='50']")
    page.screenshot(path=str(SCREENSHOTS / f"dashboard-{name}.png"), full_page=True)
    page.close()
