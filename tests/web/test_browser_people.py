"""Tables that hold people, in real browsers (issue 28): two or three browser contexts at one
table; a player leaves and comes back, a clock runs out and a bot takes the seat until its
person takes it back, an open seat raced for from the lobby, a private table not listed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from motherlode.web import people as ppl
from tests.web.browser import SCREENSHOTS, create_from_lobby

QUICK = ppl.Clock("quick", "realtime", 2, 0, "Quick: 2 seconds a move (tests only)")


@pytest.fixture(autouse=True)
def quick_clock(monkeypatch: Any) -> Iterator[None]:
    """The test server runs in this process: a clock of seconds, a vote of a few."""
    monkeypatch.setitem(ppl.CLOCKS, "quick", QUICK)
    monkeypatch.setattr(ppl, "VOTE_SECONDS", 30.0)
    yield


def person(browser: Any, width: int = 1400) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def table(page: Any, server: str, seats: list[str], **settings: Any) -> dict[str, Any]:
    body = {
        "game": "nuggets",
        "seats": [
            {"agent": a, "name": n} for a, n in zip(seats, ("Ann", "Ben", "Cat"), strict=False)
        ],
        "settings": {"bot_delay_ms": 0, **settings},
    }
    response = page.request.post(f"{server}/api/tables", data=body)
    assert response.ok, response.text()
    created: dict[str, Any] = response.json()
    return created


def presence_of(page: Any, seat: int) -> str:
    chip = f"#players [data-seat='{seat}'] [data-presence]"
    return str(page.get_attribute(chip, "data-presence"))


def test_a_player_leaves_and_comes_back(browser: Any, server: str) -> None:
    ann_ctx, ann, ann_errors = person(browser)
    ben_ctx, ben, _ = person(browser, 390)
    created = table(ann, server, ["human", "human"])
    ann.goto(server + created["seats"][0]["link"])
    ann.wait_for_selector("#actions button")
    ben.goto(server + created["seats"][1]["link"])
    ann.wait_for_function(
        "document.querySelector(\"#players [data-seat='1'] [data-presence]\").dataset.presence"
        " === 'online'"
    )
    ann.screenshot(path=str(SCREENSHOTS / "people-both-online-1400.png"))
    ben.goto("about:blank")  # Ben leaves the table's page
    try:
        ann.wait_for_function(
            "document.querySelector(\"#players [data-seat='1'] [data-presence]\").dataset.presence"
            " === 'offline'"
        )
    except Exception:
        seen = ann.request.get(f"{server}/api/tables/{created['id']}").json()["presence"]
        shows = ann.inner_text("#players")
        raise AssertionError(f"page shows {shows!r}; server says {seen}") from None
    assert "offline" in ann.inner_text("#players [data-seat='1']")
    ben.goto(server + created["seats"][1]["link"])  # and comes back
    ann.wait_for_function(
        "document.querySelector(\"#players [data-seat='1'] [data-presence]\").dataset.presence"
        " === 'online'"
    )
    assert presence_of(ann, 0) == "online"
    assert ann_errors == []
    ann_ctx.close()
    ben_ctx.close()


def test_a_clock_runs_out_a_bot_takes_the_seat_and_it_is_taken_back(
    browser: Any, server: str
) -> None:
    ann_ctx, ann, ann_errors = person(browser)
    ben_ctx, ben, ben_errors = person(browser)
    created = table(ann, server, ["human", "human"], clock="quick")
    ann.goto(server + created["seats"][0]["link"])
    ben.goto(server + created["seats"][1]["link"])
    ann.wait_for_selector("#actions button")
    assert " left" in ann.inner_text("#players [data-seat='0']")  # her clock runs
    ann.click("#actions button")  # Ann bids; Ben lets his clock run out
    ann.wait_for_selector("[data-vote='bot']", timeout=15000)
    assert "ran out of time" in ann.inner_text("#people-card")
    ann.screenshot(path=str(SCREENSHOTS / "people-vote-1400.png"))
    ann.click("[data-vote='bot']")
    ann.wait_for_function(
        "document.querySelector(\"#players [data-seat='1']\").innerText.includes('bot plays')"
    )
    ben.wait_for_selector("#take-back", timeout=15000)
    assert ben.locator("#actions button").count() == 0  # the bot plays: no moves offered
    ben.screenshot(path=str(SCREENSHOTS / "people-take-back-1400.png"))
    ben.click("#take-back")
    ann.wait_for_function(
        "!document.querySelector(\"#players [data-seat='1']\").innerText.includes('bot plays')"
    )
    ben.wait_for_selector("#take-back", state="detached")
    log = ann.inner_text("#log")
    assert "Ben ran out of time" in log and "plays for Ben" in log and "Ben is back" in log
    assert ann_errors == [] and ben_errors == []
    ann_ctx.close()
    ben_ctx.close()


def test_an_open_seat_raced_for_from_the_lobby_goes_to_one(browser: Any, server: str) -> None:
    host_ctx, host, _ = person(browser)
    create_from_lobby(host, server, "nuggets", ["human", "open"])
    assert "Open seats" in host.inner_text("#created")
    racers = [person(browser) for _ in range(2)]
    for _, page, _ in racers:
        page.goto(server + "/")
        page.wait_for_selector("#tables [data-join='1']")
        page.fill("#join-name", "Racer")
    racers[0][1].screenshot(path=str(SCREENSHOTS / "lobby-open-seat-1400.png"))
    # both click at once: Playwright drives its pages from this one thread, so the clicks
    # go out one after the other, a few milliseconds apart, before either answer is back
    for _, page, _ in racers:
        page.evaluate("document.querySelector(\"#tables [data-join='1']\").click()")
    seated = []
    for _, page, _ in racers:
        page.wait_for_function(
            "location.pathname.startsWith('/t/') ||"
            " !document.querySelector('#join-error').classList.contains('hidden')"
        )
        seated.append(page.url.split("#")[0].split("/")[-2] == "t")
    assert sorted(seated) == [False, True], seated
    loser = next(page for (_, page, _), won in zip(racers, seated, strict=True) if not won)
    assert "took seat 1 just now" in loser.inner_text(
        "#join-error"
    ) or "not open" in loser.inner_text("#join-error")
    winner = next(page for (_, page, _), won in zip(racers, seated, strict=True) if won)
    winner.wait_for_selector("#players")
    winner.wait_for_function("document.querySelector('#who').innerText === 'you are Racer'")
    for ctx, _, _ in racers:
        ctx.close()
    host_ctx.close()


def test_a_private_table_is_absent_from_the_list(browser: Any, server: str) -> None:
    ctx, page, errors = person(browser, 390)
    create_from_lobby(page, server, "nuggets", ["human", "random"])
    page.goto(server + "/")
    page.select_option("#privacy", "private")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "random")
    page.fill("#name-0", "Secret Sam")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.wait_for_selector("#tables tr")
    page.wait_for_timeout(300)
    listing = page.inner_text("#tables")
    assert "Secret Sam" not in listing and listing.count("Sealed Nuggets") == 1
    link = page.get_attribute("[data-seat-link='0']", "href")
    page.goto(server + link)  # its link still opens it
    page.wait_for_function("document.querySelector('#who').innerText === 'you are Secret Sam'")
    assert errors == []
    ctx.close()
