""" "Your turn" notifications at turn-based tables (issue 32), on SQLite and PostgreSQL:
e-mail through a real SMTP server on loopback (aiosmtpd), Web Push through a real HTTP
server standing in for the push service, reminders before the clock runs out, and the
subscription routes' checks.  Nothing on the sending path is mocked."""

from __future__ import annotations

import base64
import http.server
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import Message
from typing import Any

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from py_vapid import Vapid
from sqlalchemy import update

from motherlode.storage import notifications as store
from motherlode.storage.db import Database
from motherlode.storage.models import NotificationRow, SeatRow, UserRow
from motherlode.web import notify
from motherlode.web.app import create_app
from motherlode.web.errors import ServiceError
from motherlode.web.limits import Limits
from motherlode.web.notify import Notifier, NotifySettings
from motherlode.web.people import CLOCKS
from tests.web.browser import free_port
from tests.web.test_api import act, view

BASE = "http://games.example.org"
SENDER = "motherlode@example.org"

# ------------------------------------------------------------------ a real SMTP server


@dataclass
class Mailbox:
    """What the loopback SMTP server received, in order."""

    port: int
    messages: list[Message] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]

    def subjects(self) -> list[str]:
        return [subject(m) for m in self.messages]


def subject(mail: Message) -> str:
    """The subject as written (a long one is folded on the way)."""
    return str(mail["Subject"]).strip()


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    box = Mailbox(free_port())
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


def smtp(port: int) -> NotifySettings:
    return NotifySettings(
        smtp_host="127.0.0.1",
        smtp_port=port,
        smtp_from=SENDER,
        smtp_starttls=False,
        base_url=BASE,
    )


# ------------------------------------------------------------------ the server and people


@dataclass
class Site:
    client: TestClient
    db: Database
    notifier: Notifier

    def settle(self) -> None:
        """Wait until the work a change started in the background (the hooks) is done."""
        service = self.client.app.state.service  # type: ignore[attr-defined]
        deadline = time.time() + 20
        while service._background and time.time() < deadline:
            time.sleep(0.02)
        assert not service._background, "the background work did not finish"

    def run(self, work: Callable[..., Any], *args: Any) -> Any:
        """Run a coroutine function on the server's event loop and return its result."""
        return self.client.portal.call(work, *args)  # type: ignore[union-attr]

    def live(self, table: str) -> Any:
        return self.client.app.state.service.tables[table]  # type: ignore[attr-defined]


@pytest.fixture
def site(backend_url: str, request: pytest.FixtureRequest) -> Iterator[Callable[..., Site]]:
    clients: list[TestClient] = []

    def make(settings: NotifySettings) -> Site:
        app = create_app(backend_url, limits=Limits(), notify=settings)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        service = app.state.service
        notifier = next(
            h.__self__ for h in service.change_hooks if isinstance(h.__self__, Notifier)
        )
        return Site(client, service.db, notifier)

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def account(db: Database, name: str, email: str | None = None, *, opted_in: bool = True) -> Any:
    """An account, made as sign-up would leave it (the accounts' own routes are tested
    elsewhere): its id and seat key."""
    with db.session() as s:
        row = UserRow(
            username=name,
            username_key=name.casefold(),
            password_hash="!unused",
            seat_key=secrets.token_hex(32),
            created_at=time.time(),
            email=email,
            notify_email=opted_in,
        )
        s.add(row)
        s.flush()
        return row.id, row.seat_key


def turn_table(site: Site, *users: int | None, clock: str | None = "hour") -> tuple[str, list[str]]:
    """A Sealed Nuggets table of people, each seat held by one of ``users`` (None: a guest)."""
    settings: dict[str, Any] = {"bot_delay_ms": 0}
    if clock:
        settings["clock"] = clock
    body = {
        "game": "nuggets",
        "seats": [{"agent": "human", "name": f"P{i}"} for i in range(len(users))],
        "settings": settings,
    }
    response = site.client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    with site.db.session() as s:
        for seat, user in enumerate(users):
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == data["id"], SeatRow.seat == seat)
                .values(user_id=user)
            )
    return data["id"], [seat["token"] for seat in data["seats"]]


def bid(site: Site, table: str, seat: int, token: str, gold: int = 1) -> None:
    response = act(site.client, table, seat, token, {"type": "bid", "gold": gold})
    assert response.status_code == 200, response.text
    site.settle()


def wait_for(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    deadline = time.time() + seconds
    while time.time() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError("nothing arrived in time")


def link_of(mail: Message) -> str:
    text = mail.get_payload(decode=True).decode()  # type: ignore[union-attr]
    found = re.search(r"^(http\S+)", text, re.MULTILINE)
    assert found, text
    return found.group(1)


def opens_at_turn(site: Site, link: str, table: str, seat: int) -> None:
    """The link's token opens the seat, and the view says it is that seat's turn."""
    assert link.startswith(f"{BASE}/t/{table}#seat={seat}&token=u.")
    token = link.split("token=", 1)[1]
    seen = view(site.client, table, token)
    assert seen["seat"] == seat and seen["legal"], "the link opens the seat at its turn"


# ------------------------------------------------------------------------------ e-mail


def test_the_player_asked_and_away_gets_one_email_whose_link_opens_their_seat(
    site: Callable[..., Site], mailbox: Mailbox
) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    table, tokens = turn_table(s, ann, ben)
    bid(s, table, 0, tokens[0])
    mail = wait_for(lambda: mailbox.to("ben@example.org"))
    s.settle()
    assert len(mailbox.messages) == 1, "Ann moved: only Ben is asked"
    assert (
        mail[0]["From"] == SENDER
        and subject(mail[0]) == "Your turn at Sealed Nuggets (test fixture)"
    )
    body = mail[0].get_payload(decode=True).decode()
    assert "Hello Ben" in body and "an hour a move" in body
    # the same decision again, here and in a second process: nobody is told twice
    live = s.live(table)
    s.run(s.notifier.after_change, live)
    other = Notifier(s.client.app.state.service, s.notifier.settings)  # type: ignore[attr-defined]
    s.run(other.after_change, live)
    s.settle()
    time.sleep(0.2)
    assert len(mailbox.messages) == 1
    assert store.was_sent(s.db, table, ben, 0, "turn")
    opens_at_turn(s, link_of(mail[0]), table, 1)


def test_no_email_to_a_player_at_the_table(site: Callable[..., Site], mailbox: Mailbox) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    table, tokens = turn_table(s, ann, ben)
    with s.client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1]})
        assert socket.receive_json()["type"] == "state"
        bid(s, table, 0, tokens[0])
        time.sleep(0.3)
        assert mailbox.messages == []
        assert not store.was_sent(s.db, table, ben, 0, "turn")


@pytest.mark.parametrize("case", ["not opted in", "no address", "guest seat", "no turn clock"])
def test_no_email_without_consent_or_turn_clock(
    site: Callable[..., Site], mailbox: Mailbox, case: str
) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(
        s.db,
        "Ben",
        None if case == "no address" else "ben@example.org",
        opted_in=case != "not opted in",
    )
    clock = "normal" if case == "no turn clock" else "hour"
    table, tokens = turn_table(s, ann, None if case == "guest seat" else ben, clock=clock)
    bid(s, table, 0, tokens[0])
    time.sleep(0.3)
    assert mailbox.messages == []
    with s.db.session() as session:
        assert session.query(NotificationRow).count() == 0


def test_a_dead_mail_server_never_breaks_a_move(
    site: Callable[..., Site], caplog: pytest.LogCaptureFixture
) -> None:
    s = site(smtp(free_port()))  # nothing listens there
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    cat, _ = account(s.db, "Cat", "cat@example.org")
    with caplog.at_level(logging.WARNING, logger="motherlode.web.notify"):
        table, tokens = turn_table(s, ann, ben, cat)
        bid(s, table, 0, tokens[0])
        bid(s, table, 1, tokens[1])
        assert view(s.client, table, tokens[0])["move_count"] == 2
        wait_for(lambda: s.notifier.mail_trouble.failures >= 2)
        s.settle()
    said = [r for r in caplog.records if "sending e-mail failed" in r.getMessage()]
    assert len(said) == 1, "told once, not once a message"
    assert sorted(s.notifier.sent) == sorted([(table, ben, 0, "turn"), (table, cat, 0, "turn")])


# --------------------------------------------------------------------------- reminders


def test_one_reminder_when_the_clock_runs_low(site: Callable[..., Site], mailbox: Mailbox) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    table, tokens = turn_table(s, ann, ben)
    bid(s, table, 0, tokens[0])
    wait_for(lambda: mailbox.messages)
    opened_at = float(s.live(table).people["opened_at"])
    assert s.run(s.notifier.sweep, opened_at + 600) == 0, "50 minutes left: not yet"
    # an hour clock reminds at a quarter of its time (15 minutes) left
    assert notify.reminder_lead(CLOCKS["hour"]) == 900
    assert notify.reminder_lead(CLOCKS["day"]) == 3600
    assert s.run(s.notifier.sweep, opened_at + 3000) == 1
    assert s.run(s.notifier.sweep, opened_at + 3100) == 0, "once per decision"
    other = Notifier(s.client.app.state.service, s.notifier.settings)  # type: ignore[attr-defined]
    assert s.run(other.sweep, opened_at + 3200) == 0, "once, whichever process sweeps"
    assert s.run(s.notifier.sweep, opened_at + 3700) == 0, "the clock has run out"
    reminders = [m for m in mailbox.messages if subject(m).startswith("Reminder")]
    assert len(reminders) == 1 and reminders[0]["To"] == "ben@example.org"
    assert (
        subject(reminders[0])
        == "Reminder: 10 minutes left for your move at Sealed Nuggets (test fixture)"
    )
    assert link_of(reminders[0]) == link_of(mailbox.to("ben@example.org")[0])


def test_no_reminder_while_the_player_looks_at_the_table(
    site: Callable[..., Site], mailbox: Mailbox
) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    table, tokens = turn_table(s, ann, ben)
    opened_at = float(s.live(table).people["opened_at"])
    with s.client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1]})
        assert socket.receive_json()["type"] == "state"
        assert s.run(s.notifier.sweep, opened_at + 3000) == 1, "Ann (not here) is reminded"
    assert [m["To"] for m in mailbox.messages] == ["ann@example.org"]
    time.sleep(0.1)
    s.settle()
    assert s.run(s.notifier.sweep, opened_at + 3050) == 1, "Ben has gone: reminded now"


def test_the_sweep_query_reads_the_clock_from_the_people_state(backend_url: str) -> None:
    db = Database(backend_url)
    assert store.due_tables(db, {"hour": (3600.0, 900.0)}, time.time()) == []


# ------------------------------------------------------------------------------ Web Push


@dataclass
class PushService:
    """An HTTP server on loopback standing in for a browser's push service."""

    port: int
    status: int = 201
    received: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService(free_port())

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            service.received.append(
                (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", service.port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def browser_keys() -> tuple[ec.EllipticCurvePrivateKey, bytes, dict[str, str]]:
    """What a browser makes when it subscribes: a P-256 key pair and a 16-byte secret."""
    private = ec.generate_private_key(ec.SECP256R1())
    auth = secrets.token_bytes(16)
    point = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return private, auth, {"p256dh": b64(point), "auth": b64(auth)}


def vapid_settings() -> NotifySettings:
    vapid = Vapid()
    vapid.generate_keys()
    return NotifySettings(
        vapid_private_key=vapid.private_pem().decode(),
        vapid_subject="mailto:operator@example.org",
        base_url=BASE,
    )


def test_a_push_reaches_the_push_service_encrypted_for_the_browser(
    site: Callable[..., Site], push_service: PushService
) -> None:
    settings = vapid_settings()
    s = site(settings)
    ann, _ = account(s.db, "Ann", opted_in=False)
    ben, _ = account(s.db, "Ben", opted_in=False)
    private, auth, keys = browser_keys()
    endpoint = f"http://127.0.0.1:{push_service.port}/push/ben-phone"
    store.add_subscription(s.db, ben, endpoint, keys, time.time())
    table, tokens = turn_table(s, ann, ben)
    bid(s, table, 0, tokens[0])
    path, headers, body = wait_for(lambda: push_service.received)[0]
    s.settle()
    assert len(push_service.received) == 1 and path == "/push/ben-phone"
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid t=")
    assert f"k={settings.vapid_public_key}" in headers["authorization"]
    assert 60 <= int(headers["ttl"]) <= 3600
    payload = json.loads(http_ece.decrypt(body, private_key=private, auth_secret=auth))
    assert payload["title"] == "Your turn at Sealed Nuggets (test fixture)"
    assert payload["url"].startswith(f"{BASE}/t/{table}#seat=1&token=u.")
    assert payload["tag"] == f"motherlode-{table}"


def test_a_subscription_the_push_service_forgot_is_dropped(
    site: Callable[..., Site], push_service: PushService
) -> None:
    push_service.status = 410
    s = site(vapid_settings())
    ann, _ = account(s.db, "Ann", opted_in=False)
    ben, _ = account(s.db, "Ben", opted_in=False)
    _, _, keys = browser_keys()
    store.add_subscription(
        s.db, ben, f"http://127.0.0.1:{push_service.port}/push/gone", keys, time.time()
    )
    table, tokens = turn_table(s, ann, ben)
    bid(s, table, 0, tokens[0])
    wait_for(lambda: push_service.received)
    wait_for(lambda: not store.subscriptions(s.db, ben))


def test_the_server_key_is_given_where_push_is_configured(
    site: Callable[..., Site],
) -> None:
    settings = vapid_settings()
    with_push = site(settings)
    answer = with_push.client.get("/api/push/key")
    assert answer.status_code == 200 and answer.json() == {"key": settings.vapid_public_key}
    assert len(base64.urlsafe_b64decode(f"{settings.vapid_public_key}==")) == 65


def test_subscriptions_are_bounded_per_account(backend_url: str) -> None:
    db = Database(backend_url)
    ben, _ = account(db, "Ben")
    _, _, keys = browser_keys()
    for i in range(store.MAX_SUBSCRIPTIONS + 3):
        store.add_subscription(db, ben, f"https://push.example.org/{i}", keys, 1000.0 + i)
    kept = [s.endpoint for s in store.subscriptions(db, ben)]
    assert kept == [f"https://push.example.org/{i}" for i in range(3, store.MAX_SUBSCRIPTIONS + 3)]
    cat, _ = account(db, "Cat")  # the same browser, another account signed in: it moves over
    store.add_subscription(db, cat, "https://push.example.org/7", keys, 2000.0)
    assert [s.endpoint for s in store.subscriptions(db, cat)] == ["https://push.example.org/7"]
    assert store.remove_subscription(db, cat, "https://push.example.org/7")
    assert not store.remove_subscription(db, cat, "https://push.example.org/7")


def signed_up(client: TestClient, name: str) -> str:
    """Sign up through the accounts' own route: the session cookie stays in the client;
    returns the session's CSRF token."""
    answer = client.post(
        "/api/account/signup", json={"username": name, "password": "a long passphrase"}
    )
    assert answer.status_code == 201, answer.text
    csrf: str = answer.json()["csrf"]
    return csrf


def test_a_signed_in_browser_subscribes_and_unsubscribes(site: Callable[..., Site]) -> None:
    s = site(vapid_settings())
    _, _, keys = browser_keys()
    body = {"endpoint": "https://push.example.org/wpush/v2/abc", "keys": keys}
    anonymous = s.client.post("/api/account/push", json=body)
    assert anonymous.status_code == 401
    csrf = signed_up(s.client, "Ben")
    assert s.client.post("/api/account/push", json=body).status_code == 403, "no CSRF token"
    forged = s.client.post(
        "/api/account/push",
        json=body,
        headers={"X-CSRF-Token": csrf, "Origin": "https://evil.example"},
    )
    assert forged.status_code == 403, "from another site"
    ok = {"X-CSRF-Token": csrf}
    answer = s.client.post("/api/account/push", json={**body, "expirationTime": None}, headers=ok)
    assert answer.status_code == 201, answer.text
    me = s.client.get("/api/account").json()
    with s.db.session() as session:
        ben = session.query(UserRow).filter_by(username=me["username"]).one().id
    assert [x.endpoint for x in store.subscriptions(s.db, ben)] == [body["endpoint"]]
    for wrong in (
        {**body, "endpoint": "http://push.example.org/x"},
        {**body, "endpoint": "https://10.0.0.5/x"},
        {**body, "keys": {**keys, "auth": "AAAA"}},
        {**body, "keys": {"p256dh": "x" * 101, "auth": keys["auth"]}},
        {**body, "endpoint": "https://push.example.org/" + "x" * 2000},
        {"endpoint": body["endpoint"]},
    ):
        refused = s.client.post("/api/account/push", json=wrong, headers=ok)
        assert refused.status_code == 422, refused.text
        assert "x" * 100 not in refused.text, "no echo of the input"
    gone = s.client.request(
        "DELETE", "/api/account/push", json={"endpoint": body["endpoint"]}, headers=ok
    )
    assert gone.status_code == 200 and store.subscriptions(s.db, ben) == []
    again = s.client.request(
        "DELETE", "/api/account/push", json={"endpoint": body["endpoint"]}, headers=ok
    )
    assert again.status_code == 404


def test_no_subscription_where_the_server_sends_no_push(site: Callable[..., Site]) -> None:
    s = site(NotifySettings())
    assert s.client.get("/api/push/key").status_code == 404
    csrf = signed_up(s.client, "Ben")
    _, _, keys = browser_keys()
    body = {"endpoint": "https://push.example.org/wpush/v2/abc", "keys": keys}
    refused = s.client.post("/api/account/push", json=body, headers={"X-CSRF-Token": csrf})
    assert refused.status_code == 404


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://push.example.org/x",
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://localhost/x",
        "https://push.localhost/x",
        "https://push.example.org:8443/x",
        "https://user:pw@push.example.org/x",
        "https://push/x",
        "ftp://push.example.org/x",
        "https://push.example.org/" + "x" * 900,
        "https://push.example.org/a b",
        "not a url",
    ],
)
def test_a_push_endpoint_must_be_a_push_service(endpoint: str) -> None:
    with pytest.raises(ServiceError) as refused:
        notify.push_endpoint(endpoint)
    assert refused.value.status == 422 and endpoint[:40] not in refused.value.message


def test_a_push_endpoint_of_a_browser_is_taken() -> None:
    for url in (
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
        "https://web.push.apple.com:443/QGq",
    ):
        assert notify.push_endpoint(url) == url


def test_push_keys_must_be_what_a_browser_makes() -> None:
    _, _, keys = browser_keys()
    assert notify.push_keys(notify.PushKeys(**keys)) == keys
    bad = [
        {**keys, "auth": b64(b"short")},
        {**keys, "p256dh": b64(b"\x04" + b"\x01" * 64)},  # not a point on the curve
        {**keys, "p256dh": "***"},
        {**keys, "auth": "not base64!"},
    ]
    for case in bad:
        with pytest.raises(ServiceError) as refused:
            notify.push_keys(notify.PushKeys(**case))
        assert refused.value.status == 422


# ----------------------------------------------------------------------- the settings


def test_the_operator_settings_come_from_the_environment() -> None:
    vapid = Vapid()
    vapid.generate_keys()
    env = {
        "MOTHERLODE_SMTP_HOST": "mail.example.org",
        "MOTHERLODE_SMTP_PORT": "2525",
        "MOTHERLODE_SMTP_USERNAME": "games",
        "MOTHERLODE_SMTP_PASSWORD": "secret",
        "MOTHERLODE_SMTP_FROM": SENDER,
        "MOTHERLODE_SMTP_STARTTLS": "no",
        "MOTHERLODE_VAPID_PRIVATE_KEY": vapid.private_pem().decode(),
        "MOTHERLODE_VAPID_SUBJECT": "mailto:operator@example.org",
        "MOTHERLODE_BASE_URL": "https://games.example.org/",
    }
    settings = NotifySettings.from_env(env)
    assert settings.email_on and settings.push_on
    assert (settings.smtp_port, settings.smtp_starttls) == (2525, False)
    assert settings.base_url == "https://games.example.org"
    assert "secret" not in repr(settings) and "PRIVATE" not in repr(settings)
    assert NotifySettings.from_env(env, base_url="https://other.example").base_url == (
        "https://other.example"
    )
    off = NotifySettings.from_env({})
    assert not off.email_on and not off.push_on
    for wrong in (
        {"MOTHERLODE_SMTP_STARTTLS": "maybe"},
        {"MOTHERLODE_BASE_URL": "games.example.org"},
        {"MOTHERLODE_VAPID_PRIVATE_KEY": env["MOTHERLODE_VAPID_PRIVATE_KEY"]},  # no subject
        {**env, "MOTHERLODE_VAPID_PUBLIC_KEY": b64(b"\x04" + b"\x01" * 64)},
    ):
        with pytest.raises(ValueError):
            NotifySettings.from_env(wrong)
