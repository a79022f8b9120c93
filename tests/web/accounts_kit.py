"""Helpers for the account tests: cheap argon2 parameters, browsers as devices, people at
real browsers and accounts made as bare rows.

A test server's passwords are hashed with argon2id at tiny cost (the real parameters take
half a second a hash on a busy machine); :func:`hasher` swaps them in and counts every hash
and verification, so a test can say how much argon2 work a request did; :func:`cheap` does
it for every test of a browser test module that imports it.
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from motherlode.storage import Database
from motherlode.storage.accounts import username_key
from motherlode.storage.models import UserRow
from motherlode.web import accounts
from motherlode.web.identity import CSRF_HEADER, SESSION_COOKIE

PASSWORD = "correct horse battery"


class CountingHasher(PasswordHasher):
    """argon2id at tiny cost, counting its work."""

    def __init__(self, time_cost: int = 1) -> None:
        super().__init__(time_cost=time_cost, memory_cost=1024, parallelism=1)
        self.work = 0

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.work += 1
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.work += 1
        return super().verify(hash, password)


@pytest.fixture
def hasher(monkeypatch: pytest.MonkeyPatch) -> CountingHasher:
    cheap = CountingHasher()
    monkeypatch.setattr(accounts, "HASHER", cheap)
    return cheap


@pytest.fixture(autouse=True)
def cheap(hasher: CountingHasher) -> CountingHasher:
    """The test server runs in this process: argon2 at tiny cost (autouse: a test module
    that imports it has every test's server hash cheaply)."""
    return hasher


def person(browser: Any, width: int) -> tuple[Any, Any, list[str]]:
    """A person at a browser window ``width`` px wide: its context, its page, and the
    script errors the page throws (a test asserts there are none)."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def account_row(db: Database, name: str) -> int:
    """An account made as a row, without its routes (it never logs in: a test says who is
    signed in its own way); its id."""
    with db.session() as s:
        row = UserRow(
            username=name,
            username_key=username_key(name),
            password_hash="-",
            seat_key=secrets.token_hex(32),
            created_at=time.time(),
            email=f"{name.lower()}@example.org",
        )
        s.add(row)
        s.flush()
        return row.id


class Device:
    """One browser: its own session cookie and CSRF token, on a shared test client (the
    client's cookie jar holds this device's cookie only while it asks)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookie: str | None = None
        self.csrf: str | None = None

    def request(self, method: str, url: str, *, csrf: bool = True, **kw: Any) -> Any:
        self.client.cookies.clear()
        headers = dict(kw.pop("headers", {}) or {})
        if self.cookie:
            headers.setdefault("Cookie", f"{SESSION_COOKIE}={self.cookie}")
        if csrf and self.csrf and method not in ("GET", "HEAD"):
            headers.setdefault(CSRF_HEADER, self.csrf)
        response = self.client.request(method, url, headers=headers, **kw)
        self.client.cookies.clear()
        for header in response.headers.get_list("set-cookie"):
            name, _, rest = header.partition("=")
            if name.strip() == SESSION_COOKIE:  # set, or deleted (Max-Age=0)
                value = rest.split(";", 1)[0].strip().strip('"')
                self.cookie = value if value and "max-age=0" not in header.lower() else None
        return response

    def get(self, url: str, **kw: Any) -> Any:
        return self.request("GET", url, **kw)

    def post(self, url: str, **kw: Any) -> Any:
        return self.request("POST", url, **kw)

    def patch(self, url: str, **kw: Any) -> Any:
        return self.request("PATCH", url, **kw)

    def enter(self, path: str, username: str, password: str = PASSWORD) -> Any:
        """Sign up (``signup``) or log in (``login``); keeps the CSRF token it is given."""
        response = self.post(
            f"/api/account/{path}", json={"username": username, "password": password}
        )
        if response.status_code in (200, 201):
            self.csrf = response.json()["csrf"]
        return response

    def me(self) -> dict[str, Any]:
        response = self.get("/api/account")
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def tables(self) -> list[dict[str, Any]]:
        response = self.get("/api/account/tables")
        assert response.status_code == 200, response.text
        found: list[dict[str, Any]] = response.json()["tables"]
        return found


def token_of(link: str) -> str:
    return link.split("token=", 1)[1]


def new_table(device: Device, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A Sealed Nuggets table made by ``device`` (signed in or not), dealt from seed 11."""
    body = {"game": "nuggets", "seats": seats, "seed": 11, **extra}
    response = device.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data
