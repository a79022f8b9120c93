"""A player's profile and a game's leaderboard in Chromium (issue 32): a rated game played
to its end shows on both players' profiles with its result, rating change, replay and proof;
the owner sees their open games, their turn first; the leaderboard lists the players by
their conservative rating, each rating with its uncertainty; at a phone's width and a
desktop's (screenshots in out/screenshots/)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select, update

from motherlode.storage import Database
from motherlode.storage import ratings as store
from motherlode.storage.models import RatingChangeRow, RatingRow, SeatRow, UserRow
from motherlode.web import profiles
from motherlode.web.identity import Account
from tests.web.accounts_kit import account_row
from tests.web.browser import SCREENSHOTS, live_server

pytestmark = pytest.mark.browser

SIGNED_IN = "X-Test-Account"
"""Who the test says is signed in (the accounts' session cookie, in play)."""
RATING = re.compile(r"^\d+\.\d ± \d+\.\d$")
WIDTHS = {"phone": 390, "desktop": 1400}


@pytest.fixture
def site(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Database]]:
    db = Database(database_url)

    async def current_account(request: Any) -> Account | None:
        name = request.headers.get(SIGNED_IN)
        user = store.user_named(db, name) if name else None
        return None if user is None else Account(user["id"], user["username"])

    monkeypatch.setattr(profiles, "current_account", current_account)
    with live_server(database_url) as url:
        yield url, db
    db.engine.dispose()


def table(page: Any, server: str, db: Database, holders: list[int], **settings: Any) -> Any:
    body = {
        "game": "nuggets",
        "seats": [{"agent": "human", "name": n} for n in ("Ann", "Ben")],
        "options": {"rounds": 1, "challenges": False},
        "settings": settings,
        "seed": 11,
    }
    data = page.request.post(f"{server}/api/tables", data=body).json()
    with db.session() as s:
        for seat, user in enumerate(holders):
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == data["id"], SeatRow.seat == seat)
                .values(user_id=user)
            )
    return data


def bid(page: Any, server: str, data: Any, seat: int, gold: int) -> None:
    response = page.request.post(
        f"{server}/api/tables/{data['id']}/actions",
        data={"seat": seat, "action": {"type": "bid", "gold": gold}},
        headers={"X-Seat-Token": data["seats"][seat]["token"]},
    )
    assert response.ok, response.text()


def shoot(page: Any, name: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(100)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name} is wider than a {width} px window"


def test_profile_and_leaderboard_show_a_finished_rated_game(
    browser: Any, site: tuple[str, Database]
) -> None:
    server, db = site
    ann, ben = account_row(db, "Ann"), account_row(db, "Ben")
    with db.session() as s:  # the rest of the board, and Ann's rating in another game
        for i, (mu, sigma) in enumerate([(31.2, 2.1), (28.0, 3.4), (24.5, 1.9), (36.0, 7.5)]):
            user = UserRow(
                username=f"Player{i + 1}",
                username_key=f"player{i + 1}",
                password_hash="-",
                seat_key="00",
                created_at=0.0,
            )
            s.add(user)
            s.flush()
            s.add(
                RatingRow(
                    user_id=user.id, game="nuggets", mu=mu, sigma=sigma, games=9, updated_at=0
                )
            )
        s.add(RatingRow(user_id=ann, game="gonza", mu=27.3, sigma=4.1, games=6, updated_at=0))

    page = browser.new_page(viewport={"width": WIDTHS["desktop"], "height": 900})
    rated = table(page, server, db, [ann, ben], rated=True)
    bid(page, server, rated, 0, 1)
    bid(page, server, rated, 1, 0)
    deadline = time.time() + 15
    while time.time() < deadline:
        with db.session() as s:
            done = list(
                s.scalars(select(RatingChangeRow).where(RatingChangeRow.table_id == rated["id"]))
            )
        if len(done) == 2:
            break
        time.sleep(0.05)
    assert len(done) == 2
    ranking = page.request.get(f"{server}/api/tables/{rated['id']}").json()["observation"][
        "ranking"
    ]
    ann_won = ranking[0] == [0]
    theirs = table(page, server, db, [ann, ben])  # Ann has bid: Ben's turn
    bid(page, server, theirs, 0, 2)
    mine = table(page, server, db, [ann, ben])  # Ben has bid: Ann's turn
    bid(page, server, mine, 1, 2)

    # a visitor: ratings with their uncertainty, the game with its result, change and links
    page.goto(f"{server}/u/Ann")
    page.wait_for_selector("body[data-ready='true']")
    cards = page.locator(".rating-card")
    assert cards.count() == 2
    figures = [cards.nth(i).locator(".figure").inner_text() for i in range(2)]
    assert all(RATING.match(f) for f in figures), figures
    assert "27.3 ± 4.1" in figures
    row = page.locator(f"#history [data-table='{rated['id']}']")
    assert row.locator(".result").inner_text() == ("Won" if ann_won else "Lost")
    delta = row.locator(".delta").inner_text()
    assert delta.startswith("+" if ann_won else "−"), delta
    assert row.locator("[data-link='replay']").get_attribute("href") == f"/t/{rated['id']}"
    proof = row.locator("[data-link='proof']").get_attribute("href")
    assert proof == f"/api/tables/{rated['id']}/record"
    assert "Ben" in row.inner_text()
    assert page.locator("#open-card").is_hidden()  # not Ann's page to see
    assert "example.org" not in page.content()
    for name, width in WIDTHS.items():
        shoot(page, f"profile-visitor-{name}", width)

    # Ann herself: her open games, hers to move first
    page.set_extra_http_headers({SIGNED_IN: "Ann"})
    page.goto(f"{server}/u/Ann")
    page.wait_for_selector("body[data-ready='true']")
    open_rows = page.locator("#open-games .game-row")
    assert open_rows.count() == 2
    assert open_rows.first.get_attribute("data-table") == mine["id"]
    assert open_rows.first.get_attribute("data-turn") == "yours"
    assert "Your turn" in open_rows.first.inner_text()
    link = open_rows.first.locator("a.button").get_attribute("href")
    assert link.startswith(f"/t/{mine['id']}#seat=0&token=u.")
    for name, width in WIDTHS.items():
        shoot(page, f"profile-owner-{name}", width)

    # Ben's profile shows the same game the other way round
    page.goto(f"{server}/u/ben")
    page.wait_for_selector("body[data-ready='true']")
    other = page.locator(f"#history [data-table='{rated['id']}'] .result").inner_text()
    assert other == ("Lost" if ann_won else "Won")

    # the leaderboard, from the profile's link
    page.set_extra_http_headers({})
    page.goto(f"{server}/u/Ann")
    page.wait_for_selector("body[data-ready='true']")
    page.locator(".rating-card[data-game='nuggets'] a").click()
    page.wait_for_selector("body[data-ready='true']")
    assert page.url.endswith("/leaderboard/nuggets")
    rows = page.locator("#players tr")
    assert rows.count() == 6
    names = [rows.nth(i).get_attribute("data-player") for i in range(6)]
    assert names[0] == "Player1" and {"Ann", "Ben"} <= set(names)
    assert names.index("Player4") > names.index("Player3")  # 36 ± 7.5 is 13.5 beyond doubt
    for i in range(6):
        assert RATING.match(rows.nth(i).locator("td").nth(2).inner_text())
    for name, width in WIDTHS.items():
        shoot(page, f"leaderboard-{name}", width)
    rows.nth(names.index("Ben")).locator("a").click()
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#player").inner_text() == "Ben"

    # the dead ends say so
    page.goto(f"{server}/u/nobody")
    page.wait_for_selector("body[data-ready='true']")
    assert "no player" in page.inner_text("#error")
    page.goto(f"{server}/leaderboard/chess")
    page.wait_for_selector("body[data-ready='true']")
    assert "no such game" in page.inner_text("#error")
    page.close()
