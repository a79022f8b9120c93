"""Accounts in real browsers: sign up in the lobby, make a table, find it under "My tables";
log in as the same account in a second browser (a phone) and open the table from there at
the right seat; a guest's tables claimed with one button.  Screenshots at 390 and 1400 px."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import pytest

from tests.web.accounts_kit import PASSWORD, cheap, hasher, person
from tests.web.browser import SCREENSHOTS, fetch_view

__all__ = ["cheap", "hasher"]  # the fixtures, used by name

pytestmark = pytest.mark.browser

OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && (r.right > w + 1 || r.left < -1);
  }).map((n) => n.tagName + '#' + n.id);
}"""


def enter(page: Any, button: str, username: str) -> None:
    """Sign up or log in from the lobby's account bar, by keyboard where a person would."""
    page.click(button)
    page.wait_for_selector("#account-card:not(.hidden)")
    assert page.evaluate("document.activeElement.id") == "account-username"
    page.keyboard.type(username)
    page.fill("#account-password", PASSWORD)
    page.press("#account-password", "Enter")
    page.wait_for_selector("#account-in:not(.hidden)")
    assert page.inner_text("#account-name") == username
    assert page.get_attribute("#account-name", "href") == f"/u/{username}"


def test_sign_up_make_a_table_and_open_it_on_another_device(browser: Any, server: str) -> None:
    laptop_ctx, laptop, laptop_errors = person(browser, 1400)
    laptop.goto(server + "/")
    laptop.wait_for_selector("#create-button")
    enter(laptop, "#show-signup", "Ann")
    assert laptop.input_value("#name-0") == "Ann"  # the lobby's name: the account's
    assert laptop.input_value("#join-name") == "Ann"
    laptop.select_option("#game", "nuggets")
    laptop.select_option("#seat-1", "random")
    laptop.select_option("#bot_delay_ms", "0")
    laptop.check("#rated")
    laptop.check("#spectator_chat")
    laptop.click("#create-button")
    laptop.wait_for_selector("#created:not(.hidden)")
    link = laptop.get_attribute("[data-seat-link='0']", "href")
    table = link.split("#")[0].rsplit("/", 1)[1]
    assert "your seat" in laptop.inner_text("#created")
    view = fetch_view(laptop, server, table, None)
    assert view["settings"]["rated"] is True and view["settings"]["spectator_chat"] is True
    laptop.wait_for_selector(f"#my-tables tr[data-table='{table}']")
    row = laptop.locator(f"#my-tables tr[data-table='{table}']")
    assert "Ann" in row.inner_text() and "Sealed Nuggets" in row.inner_text()
    laptop.evaluate("window.scrollTo(0, 0)")
    laptop.screenshot(path=str(SCREENSHOTS / "accounts-lobby-1400.png"))

    # a phone, signed in as Ann: the same table, opened at her seat by the account's link
    phone_ctx, phone, phone_errors = person(browser, 390)
    phone.goto(server + "/")
    phone.wait_for_selector("#show-login")
    phone.click("#show-login")
    phone.wait_for_selector("#account-card:not(.hidden)")
    phone.screenshot(path=str(SCREENSHOTS / "accounts-login-390.png"))
    phone.click("#account-cancel")
    enter(phone, "#show-login", "Ann")
    phone.wait_for_selector(f"#my-tables tr[data-table='{table}']")
    assert phone.evaluate(OVERFLOW) == []
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(SCREENSHOTS / "accounts-lobby-390.png"), full_page=True)
    phone.click(f"#my-tables tr[data-table='{table}'] a")
    phone.wait_for_selector("#actions button")
    fragment = parse_qs(phone.evaluate("location.hash.slice(1)"))
    assert fragment["seat"] == ["0"] and fragment["token"][0].startswith("u.")
    assert fetch_view(phone, server, table, fragment["token"][0])["seat"] == 0
    phone.screenshot(path=str(SCREENSHOTS / "accounts-table-390.png"))
    assert laptop_errors == [] and phone_errors == []
    laptop_ctx.close()
    phone_ctx.close()


def test_a_guests_tables_are_claimed_with_one_button(browser: Any, server: str) -> None:
    ctx, page, errors = person(browser, 390)
    body = {"game": "nuggets", "seats": [{"agent": "human", "name": "Cat"}, {"agent": "random"}]}
    created = page.request.post(f"{server}/api/tables", data=body).json()
    page.goto(server + created["seats"][0]["link"])  # played as a guest: kept in this browser
    page.wait_for_selector("#actions button")
    page.goto(server + "/")
    page.wait_for_selector(f"#my-tables tr[data-table='{created['id']}']")
    enter(page, "#show-signup", "Cat")
    page.wait_for_selector("#claim-box:not(.hidden)")
    assert "1 table" in page.inner_text("#claim-text")
    assert page.locator("#my-tables tr").count() == 0
    page.click("#claim-button")
    page.wait_for_selector(f"#my-tables tr[data-table='{created['id']}']")
    assert "Added to your account: 1." in page.inner_text("#claim-result")
    page.wait_for_selector("#claim-box.hidden", state="attached")
    # log out: the guest's list of this browser is back
    page.click("#logout")
    page.wait_for_selector("#account-out:not(.hidden)")
    page.wait_for_selector(f"#my-tables tr[data-table='{created['id']}']")
    assert errors == []
    ctx.close()
