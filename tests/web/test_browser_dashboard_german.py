"""The GOLDFIX DASHBOARD in German (issue 32): the switch's choice reaches the page's HTML
and what its script draws, the game's printed names stay, and a phone still needs no
sideways scrolling with the longer words."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1400, "height": 900}


def german_page(browser: Any, server: str, viewport: dict[str, int]) -> Any:
    """A page in a browser that chose German with the switch (the cookie it sets)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    assert page.request.post(server + "/api/language", data={"lang": "de"}).ok
    return page


PAST_THE_EDGE = """() => [...document.querySelectorAll("main *")]
  .filter((e) => e.getClientRects().length && !e.closest("#takeover-card, .log, select"))
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((e) => `${e.tagName} ${(e.textContent || "").trim().slice(0, 30)}`)"""
"""What sticks out past the window's right edge (a card clips it, so the page itself does not
scroll): the takeover table scrolls in its own card, on purpose."""


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(PAST_THE_EDGE) == []


def test_the_setup_form_reads_in_german(browser: Any, server: str) -> None:
    page = german_page(browser, server, PHONE)
    page.goto(server + "/goldfix/dashboard")
    page.wait_for_selector("#name-1")
    assert page.evaluate("document.documentElement.lang") == "de"
    text = page.inner_text("#setup")
    for words in ("Neuer GOLDFIX-Tisch", "Spieler 4 (optional)", "Buchführung starten"):
        assert words in text
    assert "QUICKSTART" in text  # the game's printed names stay
    no_sideways_scroll(page)
    page.context.close()


@pytest.mark.parametrize(("name", "viewport"), [("390", PHONE), ("1400", WIDE)])
def test_the_books_read_in_german(browser: Any, server: str, name: str, viewport: Any) -> None:
    page = german_page(browser, server, viewport)
    made = page.request.post(
        server + "/api/dashboards", data={"players": ["Alf", "Bryan", "Chris"], "quickstart": True}
    ).json()
    page.goto(f"{server}/goldfix/dashboard/{made['id']}")
    page.wait_for_selector("[data-player='2']", state="attached")  # a phone shows one card
    # the HTML's marked words (i18n.js) and what dashboard.js draws (t())
    assert page.inner_text("#market h3") == "BULLION-MARKT [24]"
    assert page.inner_text("#sell") == "VERKAUFEN"
    card = page.inner_text("[data-player='0']")
    for words in ("KONTO [15]", "NETTOKASSE [17]", "# LOAN NOTE [16]", "TRESOR kOz [20]"):
        assert words in card
    assert page.inner_text("#entries") == "1 Buchung(en)"
    assert page.inner_text("#undo") == "#1 zurücknehmen…"
    page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    no_sideways_scroll(page)
    page.screenshot(path=str(SCREENSHOTS / f"dashboard-de-{name}.png"), full_page=True)
    # a refusal of the page's own, in German
    page.click("#t-go")
    assert page.inner_text("#error") == "Wähle Verkäufer und Käufer."
    page.context.close()
