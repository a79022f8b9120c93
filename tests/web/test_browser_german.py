"""The site's own pages in German (issue 32): the switch in the lobby's header turns the lobby
German, then a table against bots (the page's words, the log's lines, which the server writes
in the cookie's language, and the game renderer's words); the choice holds on a reload and
on the rules page, and a phone needs no sideways scrolling with the longer words."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.browser import SCREENSHOTS, create_from_lobby, fetch_view, open_seat

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1400, "height": 900}
BOARD = "svg[data-game='yukon']"

PAST_THE_EDGE = """() => [...document.querySelectorAll("header *, main *")]
  .filter((e) => e.getClientRects().length && !e.closest("select, .log, table.list"))
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((e) => `${e.tagName}#${e.id} ${(e.textContent || "").trim().slice(0, 30)}`)"""
"""What sticks out past the window's right edge (a select's list, the log and the tables list
scroll or clip in their own boxes)."""


OUTSIDE_ITS_BOARD = """(sel) => [...document.querySelectorAll(sel)].filter((t) => {
    const box = t.ownerSVGElement.getBoundingClientRect();
    const r = t.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5;
  }).map((t) => t.textContent)"""
"""The board's texts that run past the drawing's edge, where the SVG clips them (no page
scrolls for them, so no_sideways_scroll misses them)."""


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(PAST_THE_EDGE) == []


def shots(page: Any, name: str) -> None:
    """The page at a phone's width and at a desktop's, then back to the phone."""
    page.screenshot(path=str(SCREENSHOTS / f"{name}-390.png"), full_page=True)
    page.set_viewport_size(WIDE)
    page.wait_for_timeout(300)  # the board redraws for the wider window
    page.screenshot(path=str(SCREENSHOTS / f"{name}-1400.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)


PAGE_STATE = """() => ({
  prompt: document.querySelector('#prompt').innerText,
  move: (document.querySelector('.yk-root') || {dataset: {}}).dataset.move,
  error: document.querySelector('#error').innerText,
  offline: document.body.classList.contains('offline'),
  title: document.title,
  log: [...document.querySelectorAll('#log div')].slice(0, 4).map((d) => d.innerText),
})"""
"""What the page shows, for a failure's message."""


def prompt_is(page: Any, text: str) -> None:
    """Wait for the prompt to read ``text``; a failure says what the page showed instead (a
    15 s wait here once ran out on a loaded CI machine, with nothing to say why)."""
    try:
        page.wait_for_function(
            f"document.querySelector('#prompt').innerText.includes({text!r})", timeout=30000
        )
    except PlaywrightTimeout:
        shown = page.evaluate(PAGE_STATE)
        raise AssertionError(f"the prompt never read {text!r}: {shown}") from None


def test_the_site_reads_in_german_after_the_switch(browser: Any, server: str) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # the lobby in English, the switch in its header
    page.goto(server + "/")
    page.wait_for_selector("#games .game-card")
    assert page.inner_text("#games-card h2") == "The games"
    with page.expect_navigation():
        page.select_option("header.top #language", "de")
    page.wait_for_selector("#games .game-card")
    assert page.evaluate("document.documentElement.lang") == "de"
    header = page.inner_text("header.top")
    for words in ("Registrieren", "Anmelden"):
        assert words in header
    assert "Sign up" not in header and "MOTHERLODE" in header  # the name stays
    assert page.inner_text("#games-card h2") == "Die Spiele"
    assert page.inner_text("#create-button") == "Tisch eröffnen"
    cards = page.inner_text("#games")
    assert "Tisch einrichten" in cards and "Spielregeln" in cards
    page.select_option("#game", "gonza")
    form = page.inner_text("#new-table")
    for words in ("Neuer Tisch", "Sitzplätze", "Optionen", "Bot (Gelegenheitsspieler)", "Uhr"):
        assert words in form, words
    assert page.input_value("#seat-1") == "casual"  # the level keeps its id
    assert page.inner_text("#game-summary").startswith("Würfle mit fünf Würfeln")  # the server's
    assert "Create table" not in form and "Seats" not in form
    no_sideways_scroll(page)
    page.click("#show-signup")
    assert page.inner_text("#account-title") == "Registrieren"
    assert page.get_attribute("#join-name", "placeholder") == "Name (optional)"
    shots(page, "lobby-de")
    page.click("#account-cancel")

    # a table against two bots: the page's own words, the log's and the renderer's
    create_from_lobby(page, server, "yukon", ["human", "heuristic", "heuristic"])
    assert "Tisch eröffnet" in page.inner_text("#created")
    open_seat(page, server, BOARD)
    prompt_is(page, "Dein Zug")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#who").startswith("du bist ")
    assert page.inner_text("#howto") == "Spielregeln"
    controls = page.inner_text("#controls-card")
    assert "Ton, wenn ich dran bin" in controls
    assert "Sound when" not in controls
    assert "Protokoll" in page.inner_text("aside")
    assert "Klicke auf ein leuchtendes Startfeld" in page.text_content("body")  # the renderer
    # the German title ("Spieler 1 setzt einen ersten Stein") wraps in the panel beside the
    # board on a desktop, and under it on a phone, rather than running past its edge
    assert page.evaluate(OUTSIDE_ITS_BOARD, ".yk-root text") == []
    page.set_viewport_size(WIDE)
    page.wait_for_function("document.querySelector('.yk-root svg').dataset.layout === 'wide'")
    assert page.evaluate(OUTSIDE_ITS_BOARD, ".yk-root text") == []
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.querySelector('.yk-root svg').dataset.layout === 'narrow'")
    before = int(page.get_attribute(".yk-root", "data-move"))
    page.click(".yk-dest >> nth=0")
    page.wait_for_function(
        f"Number(document.querySelector('.yk-root').dataset.move) > {before + 2}", timeout=30000
    )
    prompt_is(page, "Dein Zug")
    log = page.inner_text("#log")
    # the server's lines, in the language of the cookie the switch set
    assert "Startfeld" in log and "Claims mit" in log
    assert "start space" not in log and "claims holding" not in log
    assert page.text_content("#chat-send") == "Senden"  # folded under the board on a phone
    assert page.get_attribute("#chat-text", "placeholder") == "Schreib an den Tisch…"
    no_sideways_scroll(page)
    shots(page, "table-de")

    # remembered: on a reload, and on another page
    page.reload()
    page.wait_for_selector(BOARD)
    prompt_is(page, "Dein Zug")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.input_value("header.top #language") == "de"
    page.goto(server + "/static/rules.html")
    page.wait_for_selector("body[data-ready='true']")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Aufbau" in page.inner_text("#rules")
    assert page.inner_text("header.top .sub") == "Spielregeln"
    assert errors == []
    page.context.close()


def test_a_profile_and_a_leaderboard_read_in_german(browser: Any, server: str) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    assert page.request.post(server + "/api/language", data={"lang": "de"}).ok
    signed = page.request.post(
        server + "/api/account/signup", data={"username": "Ann", "password": "correct horse 1"}
    )
    assert signed.ok
    page.goto(server + "/u/Ann")
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#ratings-title") == "Wertungszahlen"
    assert page.inner_text("#ratings") == "Noch keine gewerteten Partien."
    assert page.inner_text("#history-title") == "Beendete Partien"
    assert page.inner_text("header.top .sub") == "Spieler"
    no_sideways_scroll(page)
    shots(page, "profile-de")
    page.goto(server + "/leaderboard/gonza")
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#board-title") == "Gonza Index: Rangliste"
    assert page.inner_text("#h-sure") == "Gesichert"
    assert "Noch niemand hat eine gewertete Partie" in page.inner_text("#empty")
    no_sideways_scroll(page)
    shots(page, "leaderboard-de")
    assert errors == []
    page.context.close()


GONZA = "svg[data-game='gonza']"
MOUNT_GONZA = """(view) => {
  const ui = { act: () => {}, legal: [], seat: view.seat, names: view.names,
    svg: Motherlode.svg, el: Motherlode.el };
  document.getElementById('board').replaceChildren(Motherlode.renderers.gonza.draw(view, ui));
}"""
STATUS_AND_CHIP = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const [s, c] = [box('[data-status]'), box('[data-final]')];
  return { overlap: s.left < c.right && c.left < s.right && s.top < c.bottom && c.top < s.bottom,
    beside: c.top < s.bottom && c.left > s.right,
    lines: document.querySelectorAll('[data-status] tspan').length };
}"""


NAME_ON_ITS_CARD = """(name) => [...document.querySelectorAll('.gz-root [data-player] text')]
  .filter((t) => t.textContent === name)
  .map((t) => [t.getAttribute('font-size'), t.getAttribute('textLength')])"""


def test_gonza_status_line_fits_a_phone_in_german(browser: Any, server: str) -> None:
    """Gonza Index's status line over the board: a long German sentence next to the FINAL
    ROUND chip wraps over the board's width on a phone, the chip under it; on a desktop both
    keep to one row."""
    page = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    assert page.request.post(server + "/api/language", data={"lang": "de"}).ok
    create_from_lobby(page, server, "gonza", ["human", "heuristic", "heuristic"])
    table, token = open_seat(page, server, GONZA)
    assert page.evaluate(OUTSIDE_ITS_BOARD, ".gz-root text") == []
    no_sideways_scroll(page)
    # the seat's own card: its name at full size, not squeezed beside the DU and AM ZUG chips
    name = page.evaluate(NAME_ON_ITS_CARD, "Spieler 1")
    assert name == [["15", None]], name
    page.screenshot(path=str(SCREENSHOTS / "gonza-cards-de-390.png"))
    # the Safe Harbour question in the last round: the longest status line with the chip
    view = fetch_view(page, server, table, token)
    view["legal"] = []
    view["observation"].update(phase="protect", protect={"seat": 1}, final_round=True)
    page.evaluate(MOUNT_GONZA, view)
    assert "Sicherer Hafen" in page.text_content("[data-status]")
    assert page.evaluate(OUTSIDE_ITS_BOARD, ".gz-root text") == []
    placed = page.evaluate(STATUS_AND_CHIP)
    assert not placed["overlap"] and not placed["beside"] and placed["lines"] == 2, placed
    no_sideways_scroll(page)
    page.screenshot(path=str(SCREENSHOTS / "gonza-status-de-390.png"))
    page.set_viewport_size(WIDE)
    page.evaluate(MOUNT_GONZA, view)
    placed = page.evaluate(STATUS_AND_CHIP)
    assert not placed["overlap"] and placed["beside"] and placed["lines"] == 1, placed
    page.screenshot(path=str(SCREENSHOTS / "gonza-status-de-1400.png"))
    assert errors == []
    page.context.close()
