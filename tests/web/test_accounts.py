"""Accounts as a player uses them: sign up, log in and out, tables that follow the account
to another device, guest seats claimed, settings, account seat links on REST and the
WebSocket, and "log out everywhere".  Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import Type
from argon2.exceptions import InvalidHashError
from fastapi.testclient import TestClient
from sqlalchemy import select

from motherlode.storage import Database
from motherlode.storage import accounts as store
from motherlode.storage.models import SeatRow, UserRow
from motherlode.web import accounts
from motherlode.web import service as service_module
from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from motherlode.web.service import TableService
from tests.web.accounts_kit import (
    PASSWORD,
    CountingHasher,
    Device,
    hasher,
    new_table,
    token_of,
)

__all__ = ["hasher"]  # the fixture, used by name

SEEDED = Limits(allow_client_seed=True)
ANN_SEAT: list[dict[str, Any]] = [{"agent": "human", "name": "", "mine": True}, {"agent": "random"}]


@pytest.fixture
def client(backend_url: str, hasher: CountingHasher) -> Iterator[TestClient]:
    """The server, with argon2 at tiny cost (see accounts_kit)."""
    with TestClient(create_app(backend_url, limits=SEEDED)) as c:
        yield c


def view(client: TestClient, table: str, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.get(f"/api/tables/{table}", headers=headers)


def held_by(url: str, table: str) -> dict[int, int | None]:
    db = Database(url)
    try:
        with db.session() as s:
            rows = s.execute(select(SeatRow.seat, SeatRow.user_id).where(SeatRow.table_id == table))
            return {int(seat): user for seat, user in rows}
    finally:
        db.engine.dispose()


def test_the_default_hasher_is_argon2id_at_rfc_9106_cost() -> None:
    """The server's own parameters (the tests swap in cheap ones): argon2id, 64 MiB."""
    assert accounts.HASHER.type is Type.ID
    assert accounts.HASHER.memory_cost >= 65536 and accounts.HASHER.time_cost >= 3


def test_sign_up_signs_in_with_a_safe_cookie(client: TestClient) -> None:
    ann = Device(client)
    assert ann.me() == {"signed_in": False}
    response = ann.enter("signup", "Ann")
    assert response.status_code == 201, response.text
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain http: a Secure cookie would never come back
    assert response.headers["cache-control"] == "no-store"
    me = ann.me()
    assert me["username"] == "Ann" and me["csrf"] == ann.csrf and me["profile"] == "/u/Ann"
    assert me["email"] is None and me["notify_email"] is False
    assert "password" not in str(me) and "seat_key" not in me
    # the name is the account's in any case: "ann" logs in, "ANN" cannot sign up
    assert Device(client).enter("login", "ann").status_code == 200
    taken = Device(client).enter("signup", "ANN")
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]


def test_the_cookie_is_secure_over_https(backend_url: str, hasher: CountingHasher) -> None:
    with TestClient(create_app(backend_url, limits=SEEDED), base_url="https://testserver") as c:
        response = c.post("/api/account/signup", json={"username": "Ann", "password": PASSWORD})
        assert response.status_code == 201
        assert "secure" in response.headers["set-cookie"].lower()


def test_log_out_ends_this_session_only(client: TestClient) -> None:
    laptop, phone = Device(client), Device(client)
    laptop.enter("signup", "Ann")
    phone.enter("login", "Ann")
    old = laptop.cookie
    assert laptop.post("/api/account/logout").status_code == 200
    assert laptop.cookie is None and laptop.me() == {"signed_in": False}
    laptop.cookie = old  # the same cookie sent again: revoked on the server
    assert laptop.me() == {"signed_in": False}
    assert phone.me()["username"] == "Ann"


def test_my_tables_follow_the_account_to_another_device(
    backend_url: str, client: TestClient
) -> None:
    laptop = Device(client)
    laptop.enter("signup", "Ann")
    created = new_table(laptop, ANN_SEAT)
    table = created["id"]
    assert created["seats"][0]["name"] == "Ann"  # unnamed: the account's name
    assert held_by(backend_url, table)[0] is not None and held_by(backend_url, table)[1] is None
    phone = Device(client)
    phone.enter("login", "ann")
    [row] = phone.tables()
    assert row["id"] == table and row["seat"] == 0 and row["game"] == "nuggets"
    assert row["status"] == "running" and row["names"] == ["Ann", "random 2"]
    assert row["link"].startswith(f"/t/{table}#seat=0&token=u.")
    assert row["your_turn"] in (True, False, None)
    assert laptop.tables() == phone.tables()
    # the phone opens the seat by the account's link; the laptop's guest link still works
    assert view(client, table, token_of(row["link"])).json()["seat"] == 0
    assert view(client, table, created["seats"][0]["token"]).json()["seat"] == 0
    # another account sees none of it
    ben = Device(client)
    ben.enter("signup", "Ben")
    assert ben.tables() == []


def test_a_guests_seats_are_claimed_after_signing_up(backend_url: str, client: TestClient) -> None:
    guest = Device(client)
    first = new_table(guest, [{"agent": "human", "name": "Ann"}, {"agent": "random"}])
    second = new_table(guest, [{"agent": "random"}, {"agent": "human", "name": "Ann"}])
    token_1, token_2 = first["seats"][0]["token"], second["seats"][1]["token"]
    assert held_by(backend_url, first["id"]) == {0: None, 1: None}
    guest.enter("signup", "Ann")
    assert guest.tables() == []
    claim = {
        "seats": [
            {"table": first["id"], "seat": 0, "token": token_1},
            {"table": second["id"], "seat": 1, "token": token_2},
            {"table": second["id"], "seat": 0, "token": token_2},  # not that seat's link
        ]
    }
    response = guest.post("/api/account/claim", json=claim)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["claimed"] == [
        {"table": first["id"], "seat": 0},
        {"table": second["id"], "seat": 1},
    ]
    assert [(r["table"], r["seat"]) for r in data["refused"]] == [(second["id"], 0)]
    assert {(t["id"], t["seat"]) for t in guest.tables()} == {(first["id"], 0), (second["id"], 1)}
    # claiming again changes nothing; both kinds of link open the seat
    again = guest.post("/api/account/claim", json={"seats": claim["seats"][:1]}).json()
    assert again["claimed"] == [{"table": first["id"], "seat": 0}]
    link = next(t["link"] for t in guest.tables() if t["id"] == second["id"])
    assert view(client, second["id"], token_of(link)).json()["seat"] == 1
    assert view(client, second["id"], token_2).json()["seat"] == 1


def test_settings_are_bounded_and_checked(client: TestClient) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    response = ann.patch(
        "/api/account/settings",
        json={"email": "ann@example.org", "notify_email": True, "language": "de"},
    )
    assert response.status_code == 200, response.text
    me = ann.me()
    assert (me["email"], me["notify_email"], me["language"]) == ("ann@example.org", True, "de")
    for bad in (
        {"email": "not an address"},
        {"email": "a@b"},
        {"email": "x" * 250 + "@example.org"},
        {"language": "fr"},
        {"notify_email": "yes"},
        {"email": "", "notify_email": True},
    ):
        refused = ann.patch("/api/account/settings", json=bad)
        assert refused.status_code == 422, bad
        assert "x" * 60 not in refused.text
    assert ann.me()["email"] == "ann@example.org"
    # only what is sent changes; no address: nothing goes by e-mail
    assert ann.patch("/api/account/settings", json={"language": None}).status_code == 200
    assert ann.me()["language"] is None and ann.me()["email"] == "ann@example.org"
    assert ann.patch("/api/account/settings", json={"email": ""}).status_code == 200
    me = ann.me()
    assert me["email"] is None and me["notify_email"] is False


def test_the_account_link_opens_the_seat_by_rest_and_by_the_websocket(client: TestClient) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    created = new_table(ann, ANN_SEAT)
    table = created["id"]
    token = token_of(ann.tables()[0]["link"])
    seen = view(client, table, token).json()
    assert seen["seat"] == 0 and seen["legal"]
    action = seen["legal"][0]["action"]
    moved = client.post(
        f"/api/tables/{table}/actions",
        json={"seat": 0, "action": action, "expect_move": seen["move_count"]},
        headers={"X-Seat-Token": token},
    )
    assert moved.status_code == 200, moved.text
    # the other seat's number with this token: refused, as a guest token would be
    refused = client.post(
        f"/api/tables/{table}/undo", json={"seat": 1}, headers={"X-Seat-Token": token}
    )
    assert refused.status_code == 403
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": token})
        frame = socket.receive_json()
        while frame.get("type") != "state":
            frame = socket.receive_json()
        assert frame["view"]["seat"] == 0


def test_a_guest_token_works_as_before(client: TestClient) -> None:
    """A table made by a guest, and the guest link of a seat an account holds: unchanged."""
    guest = Device(client)
    created = new_table(guest, [{"agent": "human", "mine": True}, {"agent": "random"}])
    token = created["seats"][0]["token"]
    assert view(client, created["id"], token).json()["seat"] == 0
    assert created["seats"][0]["name"] == "Player 1"  # a guest's "mine" means nothing
    with client.websocket_connect(f"/ws/tables/{created['id']}") as socket:
        socket.send_json({"type": "hello", "token": token})
        frame = socket.receive_json()
        while frame.get("type") != "state":
            frame = socket.receive_json()
        assert frame["view"]["seat"] == 0


def test_a_signed_in_player_joins_an_open_seat_as_the_account(
    backend_url: str, client: TestClient
) -> None:
    host = Device(client)
    created = new_table(host, [{"agent": "human", "name": "Host"}, {"agent": "open"}])
    ben = Device(client)
    ben.enter("signup", "Ben")
    joined = ben.post(f"/api/tables/{created['id']}/join", json={"seat": 1})
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == "Ben"
    assert [(t["id"], t["seat"]) for t in ben.tables()] == [(created["id"], 1)]
    assert view(client, created["id"], joined.json()["token"]).json()["seat"] == 1
    assert view(client, created["id"], token_of(ben.tables()[0]["link"])).json()["seat"] == 1


def test_mine_names_a_persons_seat_only(client: TestClient) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    for seats in (
        [{"agent": "random", "mine": True}, {"agent": "human"}],
        [{"agent": "open", "mine": True}, {"agent": "human"}],
    ):
        body = {"game": "nuggets", "seats": seats, "seed": 11}
        assert ann.post("/api/tables", json=body).status_code == 422
    body = {"game": "nuggets", "seats": [{"agent": "human", "mine": "yes"}], "seed": 11}
    assert ann.post("/api/tables", json=body).status_code == 422


def test_log_out_everywhere_voids_every_session_and_account_link(
    backend_url: str, client: TestClient
) -> None:
    laptop, phone = Device(client), Device(client)
    laptop.enter("signup", "Ann")
    phone.enter("login", "Ann")
    created = new_table(laptop, ANN_SEAT)
    table, guest_token = created["id"], created["seats"][0]["token"]
    old_link = phone.tables()[0]["link"]
    assert view(client, table, token_of(old_link)).status_code == 200
    response = phone.post("/api/account/logout-everywhere")
    assert response.status_code == 200, response.text
    assert laptop.me() == {"signed_in": False} and phone.me() == {"signed_in": False}
    assert laptop.get("/api/account/tables").status_code == 401
    assert view(client, table, token_of(old_link)).status_code == 403
    assert view(client, table, guest_token).json()["seat"] == 0  # the guest link: unchanged
    # signed in again: a new link for the same seat, which works
    laptop.enter("login", "Ann")
    new_link = laptop.tables()[0]["link"]
    assert new_link != old_link
    assert view(client, table, token_of(new_link)).json()["seat"] == 0


def test_another_process_drops_a_voided_link_within_seconds(
    backend_url: str, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Log out everywhere in one process; a second process, which had the account's link
    cached, refuses it once its cache (ACCOUNT_TOKENS_TTL) runs out."""
    monkeypatch.setattr(service_module, "ACCOUNT_TOKENS_TTL", 0.3)
    ann = Device(client)
    ann.enter("signup", "Ann")
    created = new_table(ann, ANN_SEAT)
    token = token_of(ann.tables()[0]["link"])
    db = Database(backend_url)
    try:
        other = TableService(db)
        assert other.seat_for_token(created["id"], token) == 0
        assert ann.post("/api/account/logout-everywhere").status_code == 200
        time.sleep(0.35)
        with pytest.raises(service_module.ServiceError) as refused:
            other.seat_for_token(created["id"], token)
        assert refused.value.status == 403
    finally:
        db.engine.dispose()


def test_a_hash_of_older_parameters_is_renewed_at_sign_in(
    backend_url: str, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = Device(client)
    ann.enter("signup", "Ann")
    db = Database(backend_url)
    try:
        before = store.user_named(db, "Ann")
        assert before is not None and before.password_hash.startswith("$argon2id$")
        assert ",t=1," in before.password_hash
        monkeypatch.setattr(accounts, "HASHER", CountingHasher(time_cost=2))
        assert Device(client).enter("login", "Ann").status_code == 200
        after = store.user_named(db, "Ann")
        assert after is not None and ",t=2," in after.password_hash
        assert accounts.HASHER.verify(after.password_hash, PASSWORD)
        # a hash the hasher cannot read is never a match, and is never an error
        with db.session() as s:
            s.get(UserRow, after.id).password_hash = "!unusable"  # type: ignore[union-attr]
        assert Device(client).enter("login", "Ann").status_code == 401
        with pytest.raises(InvalidHashError):
            accounts.HASHER.verify("!unusable", PASSWORD)
    finally:
        db.engine.dispose()
