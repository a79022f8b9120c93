"""The account endpoints as an attacker tries them: credential stuffing, session fixation,
cross-site requests, username enumeration, oversized and malformed fields, revoked and
expired sessions, and seats or tables that belong to someone else.  Each test runs on
SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from motherlode.storage import Database
from motherlode.storage import accounts as store
from motherlode.storage.db import hash_token
from motherlode.storage.models import SeatRow, UserRow
from motherlode.web import accounts
from motherlode.web.app import create_app
from motherlode.web.identity import SESSION_COOKIE, account_seat_token
from motherlode.web.limits import Limits
from tests.web.accounts_kit import PASSWORD, CountingHasher, Device, hasher, new_table

__all__ = ["hasher"]  # the fixture, used by name

SEEDED = Limits(allow_client_seed=True)
EVIL = "https://evil.example"


@pytest.fixture
def client(backend_url: str, hasher: CountingHasher) -> Iterator[TestClient]:
    with TestClient(create_app(backend_url, limits=SEEDED)) as c:
        yield c


@pytest.fixture
def db(backend_url: str, client: TestClient) -> Iterator[Database]:
    """A second connection to the server's database, to look at what it stored."""
    database = Database(backend_url)
    yield database
    database.engine.dispose()


def login(client: TestClient, username: str, password: str, **headers: str) -> Any:
    body = {"username": username, "password": password}
    return client.post("/api/account/login", json=body, headers=headers)


def users(db: Database) -> int:
    with db.session() as s:
        return int(s.scalar(select(func.count()).select_from(UserRow)) or 0)


# ------------------------------------------------------------------ credential stuffing


def test_guessing_one_accounts_password_is_stopped_and_the_right_one_refused_meanwhile(
    client: TestClient, db: Database
) -> None:
    Device(client).enter("signup", "victim")
    for _ in range(accounts.LOGIN_FAILURES_PER_NAME):
        assert login(client, "victim", "wrong guess 1").status_code == 401
    limited = login(client, "Victim", PASSWORD)  # the right password, any case
    assert limited.status_code == 429
    assert 0 < int(limited.headers["Retry-After"]) <= accounts.WINDOW
    assert "set-cookie" not in limited.headers
    # an unknown name is limited alike (nothing tells the two apart)
    for _ in range(accounts.LOGIN_FAILURES_PER_NAME):
        assert login(client, "nobody", "wrong guess 1").status_code == 401
    assert login(client, "nobody", PASSWORD).status_code == 429
    # counted in the database: every server process meets the same count
    window = accounts.Attempts.window(time.time())
    assert store.attempts(db, "login-name:victim", window) == accounts.LOGIN_FAILURES_PER_NAME
    # another account is not locked by it
    Device(client).enter("signup", "bystander")
    assert login(client, "bystander", PASSWORD).status_code == 200


def test_one_address_trying_many_names_is_stopped(client: TestClient) -> None:
    Device(client).enter("signup", "victim")
    for i in range(accounts.LOGIN_ATTEMPTS_PER_ADDRESS):
        assert login(client, f"name{i}", "wrong guess 1").status_code == 401
    # a header naming another address changes nothing (no proxy is trusted)
    refused = login(client, "victim", PASSWORD, **{"X-Forwarded-For": "203.0.113.9"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_sign_ups_are_limited_per_address(client: TestClient, db: Database) -> None:
    for i in range(accounts.SIGNUPS_PER_ADDRESS):
        assert Device(client).enter("signup", f"bot{i}").status_code == 201
    refused = Device(client).enter("signup", "onemore")
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert users(db) == accounts.SIGNUPS_PER_ADDRESS


# ---------------------------------------------------------------------- session fixation


def test_a_cookie_set_before_login_is_never_promoted(client: TestClient, db: Database) -> None:
    Device(client).enter("signup", "victim")
    planted = "attacker-chosen-session-id"
    victim = Device(client)
    victim.cookie = planted
    assert victim.enter("login", "victim").status_code == 200
    assert victim.cookie not in (None, planted)
    attacker = Device(client)
    attacker.cookie = planted
    assert attacker.me() == {"signed_in": False}
    assert store.find_session(db, hash_token(planted), time.time()) is None


def test_a_planted_real_session_is_revoked_at_login(client: TestClient) -> None:
    """The attacker's own signed-in cookie, planted in the victim's browser: the victim's
    login makes a new session and ends the attacker's (it never becomes the victim's)."""
    attacker = Device(client)
    attacker.enter("signup", "attacker")
    Device(client).enter("signup", "victim")
    victim = Device(client)
    victim.cookie = attacker.cookie
    victim.enter("login", "victim")
    assert victim.cookie != attacker.cookie and victim.me()["username"] == "victim"
    assert attacker.me() == {"signed_in": False}


# ------------------------------------------------------------------------------- CSRF


def test_cross_site_writes_are_refused_and_change_nothing(client: TestClient, db: Database) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    guest_table = new_table(Device(client), [{"agent": "human"}, {"agent": "random"}])
    seat = {"table": guest_table["id"], "seat": 0, "token": guest_table["seats"][0]["token"]}
    attempts: list[dict[str, Any]] = [
        {"csrf": False},  # no header
        {"headers": {"X-CSRF-Token": "wrong"}},
        {"headers": {"Origin": EVIL}},  # the right token, from another site
        {"headers": {"Origin": "null"}},
        {"headers": {"Sec-Fetch-Site": "cross-site"}},
    ]
    for how in attempts:
        kw = dict(how)
        writes = [
            ann.post("/api/account/claim", json={"seats": [seat]}, **kw),
            ann.patch("/api/account/settings", json={"email": "evil@example.org"}, **kw),
            ann.post("/api/account/logout-everywhere", **kw),
            ann.post("/api/account/logout", **kw),
        ]
        assert [w.status_code for w in writes] == [403] * 4, how
        assert all(len(w.text) < 200 for w in writes)
    me = ann.me()
    assert me["username"] == "Ann" and me["email"] is None  # still signed in, unchanged
    assert ann.tables() == []
    with db.session() as s:
        held = s.scalar(select(SeatRow.user_id).where(SeatRow.table_id == guest_table["id"]))
    assert held is None
    # signing in from another site is refused too (no logging a victim into our account)
    assert login(client, "Ann", PASSWORD, Origin=EVIL).status_code == 403
    assert (
        Device(client)
        .post(
            "/api/account/signup",
            json={"username": "evilsite", "password": PASSWORD},
            headers={"Origin": EVIL},
        )
        .status_code
        == 403
    )
    # the same requests from this site's own page pass
    ok = ann.post(
        "/api/account/claim", json={"seats": [seat]}, headers={"Origin": "http://testserver"}
    )
    assert ok.status_code == 200 and ok.json()["claimed"]


def test_a_table_made_without_the_token_is_a_guests(client: TestClient, db: Database) -> None:
    """A cross-site or scripted table creation with the victim's cookie: the table is made
    (as for any guest) but no seat of it becomes the victim's."""
    ann = Device(client)
    ann.enter("signup", "Ann")
    body = {"game": "nuggets", "seats": [{"agent": "human", "mine": True}, {"agent": "random"}]}
    for headers in ({"X-CSRF-Token": "wrong"}, {"Origin": EVIL}):
        made = ann.post("/api/tables", json=body, headers=headers)
        assert made.status_code == 201
        assert made.json()["seats"][0]["name"] == "Player 1"
    assert ann.tables() == []


# ------------------------------------------------------------------------ enumeration


def test_an_unknown_name_and_a_wrong_password_look_the_same(
    client: TestClient, hasher: CountingHasher
) -> None:
    Device(client).enter("signup", "realname")
    login(client, "warmup", "wrong password")  # the first unknown name makes the dummy hash
    answers = []
    for name in ("realname", "unknownname"):
        before = hasher.work
        response = login(client, name, "wrong password")
        answers.append((response.status_code, response.json(), hasher.work - before))
    assert answers[0] == answers[1] == (401, {"detail": "wrong name or password"}, 1)


# ------------------------------------------------------------- oversized and malformed


@pytest.mark.parametrize(
    "body",
    [
        {"username": "ab", "password": PASSWORD},
        {"username": "x" * 25, "password": PASSWORD},
        {"username": "a" * 5000, "password": PASSWORD},
        {"username": "with space", "password": PASSWORD},
        {"username": "Ａｎｎ", "password": PASSWORD},  # full-width letters
        {"username": "аnn", "password": PASSWORD},  # a Cyrillic a
        {"username": "<script>", "password": PASSWORD},
        {"username": "ann", "password": "short"},
        {"username": "ann", "password": "p" * 257},
        {"username": "ann", "password": "p" * 30000},
        {"username": 123, "password": PASSWORD},
        {"username": "ann", "password": ["a", "list"]},
        {"username": "ann"},
        {},
        ["not", "an", "object"],
    ],
)
def test_malformed_credentials_are_refused_and_nothing_is_stored(
    client: TestClient, db: Database, body: Any
) -> None:
    for path in ("signup", "login"):
        response = client.post(f"/api/account/{path}", json=body)
        assert response.status_code == 422, (path, response.text)
        assert "set-cookie" not in response.headers
        assert "a" * 50 not in response.text and "p" * 50 not in response.text
        assert "<script>" not in response.text
    assert users(db) == 0


def test_oversized_and_broken_bodies(client: TestClient, db: Database) -> None:
    huge = client.post("/api/account/signup", json={"username": "ann", "password": "p" * 70000})
    assert huge.status_code == 413 and "p" * 50 not in huge.text
    broken = client.post(
        "/api/account/signup",
        content=b'{"username": "ann", "pass',
        headers={"Content-Type": "application/json"},
    )
    assert broken.status_code == 422
    form = client.post("/api/account/login", data={"username": "ann", "password": PASSWORD})
    assert form.status_code == 422  # a form post (what another site could send): not JSON
    ann = Device(client)
    ann.enter("signup", "Ann")
    claims = [{"table": "t" * 12, "seat": 0, "token": "x"}] * (accounts.CLAIM_MAX + 1)
    for bad in (
        {"seats": claims},
        {"seats": [{"table": "t" * 41, "seat": 0, "token": "x"}]},
        {"seats": [{"table": "../etc", "seat": 0, "token": "x"}]},
        {"seats": [{"table": "abc", "seat": 8, "token": "x"}]},
        {"seats": [{"table": "abc", "seat": True, "token": "x"}]},
        {"seats": [{"table": "abc", "seat": 0, "token": "x" * 101}]},
    ):
        refused = ann.post("/api/account/claim", json=bad)
        assert refused.status_code == 422, bad
        assert "x" * 50 not in refused.text
    assert users(db) == 1
    # an oversized cookie is ignored unread
    ann.cookie = "c" * 5000
    assert ann.me() == {"signed_in": False}


# -------------------------------------------------------------- revoked and expired


def test_a_revoked_or_expired_session_is_refused(client: TestClient, db: Database) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    stolen = ann.cookie
    ann.post("/api/account/logout")
    thief = Device(client)
    thief.cookie, thief.csrf = stolen, "whatever"
    assert thief.me() == {"signed_in": False}
    assert thief.get("/api/account/tables").status_code == 401
    assert thief.patch("/api/account/settings", json={"language": "de"}).status_code == 401
    # a session past its time, though still in the database
    user = store.user_named(db, "Ann")
    assert user is not None
    old = "an-old-session-cookie"
    past = time.time() - 10
    store.create_session(db, hash_token(old), user.id, "csrf", past - 100, past)
    thief.cookie = old
    assert thief.me() == {"signed_in": False}


# ------------------------------------------------------------- someone else's seats


def test_another_account_cannot_take_a_held_seat_or_read_its_tables(client: TestClient) -> None:
    ann, mallory = Device(client), Device(client)
    ann.enter("signup", "Ann")
    mallory.enter("signup", "Mallory")
    created = new_table(ann, [{"agent": "human", "mine": True}, {"agent": "random"}])
    table, guest_token = created["id"], created["seats"][0]["token"]
    # Mallory saw Ann's guest link: she may play it (a link is a key) but cannot own it
    stolen = {"seats": [{"table": table, "seat": 0, "token": guest_token}]}
    answer = mallory.post("/api/account/claim", json=stolen)
    assert answer.status_code == 200
    assert answer.json()["claimed"] == [] and answer.json()["refused"][0]["seat"] == 0
    assert "another account" in answer.json()["refused"][0]["reason"]
    assert mallory.tables() == [] and len(ann.tables()) == 1
    # only one's own tables are listed: there is no way to ask for another's
    assert mallory.get("/api/account/tables", params={"user": 1}).json()["tables"] == []
    # forged account tokens open nothing, and a strange one is no server error
    for forged in (
        account_seat_token("00" * 32, table, 0),
        "u." + "f" * 64,
        "u.ünïcode",
        "u." + "x" * 5000,
    ):
        seen = client.get(
            f"/api/tables/{table}",
            headers={"X-Seat-Token": forged.encode()},
        )
        assert seen.status_code == 403, forged
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": "u.ünïcode" + "f" * 62})
        assert socket.receive_json()["status"] == 403
    assert (
        client.get(f"/api/tables/{table}", headers={"X-Seat-Token": guest_token}).json()["seat"]
        == 0
    )


def test_a_session_nobody_was_given_is_refused(client: TestClient) -> None:
    nobody = Device(client)
    nobody.cookie = "no-such-session"
    assert (
        nobody.post(
            "/api/account/claim", json={"seats": [{"table": "abc", "seat": 0, "token": "x"}]}
        ).status_code
        == 401
    )
    assert client.get("/api/account/tables").status_code == 401
    assert client.cookies.get(SESSION_COOKIE) is None
