"""Turn-based play by e-mail in a real browser (issue 32): Ann moves at a table on an hour
clock, the "your turn" e-mail reaches Ben at a real SMTP server on loopback, and its link,
opened in a fresh browser (no cookie, nothing remembered), shows the table at Ben's seat and
his turn.  Then the page's "Notify me" (static/notify.js) for a signed-in player."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from sqlalchemy import update

from motherlode.storage.db import Database
from motherlode.storage.models import SeatRow, UserRow
from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from motherlode.web.notify import NotifySettings
from tests.web.browser import SCREENSHOTS, free_port
from tests.web.test_notifications import Mailbox, account, link_of, mailbox, subject

__all__ = ["mailbox"]  # the fixture, used by name


@contextmanager
def notify_server(database_url: str, mail_port: int) -> Iterator[tuple[str, Database]]:
    """The app on loopback in a thread (as tests/web/browser.py's live_server), sending its
    e-mail to ``mail_port`` with links to itself."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    settings = NotifySettings(
        smtp_host="127.0.0.1",
        smtp_port=mail_port,
        smtp_from="motherlode@example.org",
        smtp_starttls=False,
        base_url=url,
    )
    app = create_app(database_url, limits=Limits(allow_client_seed=True), notify=settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield url, app.state.service.db
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def test_the_turn_email_link_opens_the_table_at_the_players_turn(
    browser: Any, database_url: str, mailbox: Mailbox
) -> None:
    with notify_server(database_url, mailbox.port) as (server, db):
        ann_id, _ = account(db, "Ann", "ann@example.org")
        ben_id, _ = account(db, "Ben", "ben@example.org")
        ann_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        ann = ann_ctx.new_page()
        errors: list[str] = []
        ann.on("pageerror", lambda e: errors.append(str(e)))
        body = {
            "game": "nuggets",
            "seats": [{"agent": "human", "name": "Ann"}, {"agent": "human", "name": "Ben"}],
            "settings": {"bot_delay_ms": 0, "clock": "hour"},
        }
        created = ann.request.post(f"{server}/api/tables", data=body).json()
        table = created["id"]
        with db.session() as s:
            for seat, user in enumerate((ann_id, ben_id)):
                s.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table, SeatRow.seat == seat)
                    .values(user_id=user)
                )
        ann.goto(server + created["seats"][0]["link"])
        ann.wait_for_selector("#actions button")
        ann.locator("#actions button").first.click()  # Ann bids: Ben is asked now
        deadline = time.time() + 15
        while not mailbox.to("ben@example.org") and time.time() < deadline:
            time.sleep(0.1)
        mails = mailbox.to("ben@example.org")
        assert len(mails) == 1, [subject(m) for m in mailbox.messages]
        assert subject(mails[0]) == "Your turn at Sealed Nuggets (test fixture)"
        link = link_of(mails[0])
        assert link.startswith(f"{server}/t/{table}#seat=1&token=u."), link
        for width in (390, 1400):  # Ben, on a phone and on a laptop he never used here
            ben_ctx = browser.new_context(viewport={"width": width, "height": 900})
            ben = ben_ctx.new_page()
            ben.on("pageerror", lambda e: errors.append(str(e)))
            ben.goto(link)
            ben.wait_for_selector("#actions button")
            assert ben.inner_text("#who") == "you are Ben"
            assert ben.title().startswith("● Your turn")
            ben.screenshot(path=str(SCREENSHOTS / f"notify-email-link-{width}.png"))
            ben_ctx.close()
        ann_ctx.close()
        assert errors == []


def test_notify_me_asks_once_and_tells_of_the_turn_in_a_background_tab(
    browser: Any, database_url: str, mailbox: Mailbox
) -> None:
    with notify_server(database_url, mailbox.port) as (server, db):
        context = browser.new_context(viewport={"width": 390, "height": 900})
        context.grant_permissions(["notifications"], origin=server)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        signup = {"username": "Ann", "password": "a long passphrase"}
        assert page.request.post(f"{server}/api/account/signup", data=signup).ok
        body = {
            "game": "nuggets",
            "seats": [{"agent": "human", "name": "Ann"}, {"agent": "human", "name": "Ben"}],
            "settings": {"bot_delay_ms": 0, "clock": "hour"},
        }
        created = page.request.post(f"{server}/api/tables", data=body).json()
        table, ben = created["id"], created["seats"][1]["token"]
        with db.session() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table, SeatRow.seat == 0)
                .values(user_id=s.query(UserRow.id).filter_by(username="Ann").scalar())
            )
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_selector("#actions button")
        if not page.query_selector("script[src='/static/notify.js']"):
            page.add_script_tag(url="/static/notify.js")  # until table.html loads it
        page.wait_for_selector("#notify-me")
        assert page.inner_text("#notify-me") == "Notify me"
        page.click("#notify-me")
        page.wait_for_function("document.getElementById('notify-me').textContent !== 'Notify me'")
        assert page.inner_text("#notify-me") == "Notifications on"
        page.screenshot(path=str(SCREENSHOTS / "notify-me-390.png"))
        page.locator("#actions button").first.click()  # Ann bids; Ben is asked
        page.wait_for_function("!document.title.startsWith('●')")
        # the tab goes to the background; Ben plays until Ann is asked again
        page.evaluate("Object.defineProperty(document, 'hidden', {get: () => true})")
        for _ in range(6):
            seen = page.request.get(
                f"{server}/api/tables/{table}", headers={"X-Seat-Token": ben}
            ).json()
            if not seen["legal"]:
                break
            move = {"seat": 1, "action": seen["legal"][0]["action"]}
            page.request.post(
                f"{server}/api/tables/{table}/actions",
                data=move,
                headers={"X-Seat-Token": ben},
            )
        page.wait_for_function("document.body.dataset.turnNotices === '1'", timeout=10000)
        assert errors == []
        context.close()
