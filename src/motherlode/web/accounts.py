"""Accounts (issue 32): optional, for a name that sticks and tables that follow a player.

Anyone still plays through seat links as a guest, exactly as before.  An account adds a
name, the account's tables on any device (each seat opened by a link derived from the
account's secret ``seat_key``, :func:`~motherlode.web.identity.account_seat_token`), and
the claiming of guest seats played before signing up.

What the server guarantees, every client being assumed hostile:

* **Passwords** are hashed with argon2id (argon2-cffi's ``PasswordHasher``, RFC 9106's
  low-memory parameters) in two threads of their own: the event loop stays free, and a
  flood of sign-ins holds at most two hashes' memory at once.  A hash made with older
  parameters is replaced at the next sign-in.
* **Sessions** are a random cookie (:data:`SESSION_COOKIE`, 256 bits) marked ``HttpOnly``,
  ``SameSite=Lax``, ``Path=/``, and ``Secure`` when the request came over https; the
  database keeps only its SHA-256.  Every sign-in makes a new one (a cookie sent before is
  never promoted: it is revoked), and a session ends after :data:`SESSION_DAYS` days.
* **CSRF**: every write a session cookie authenticates carries the session's CSRF token in
  :data:`CSRF_HEADER` (:func:`require_csrf`, for any router), and a write whose ``Origin``
  (or ``Sec-Fetch-Site``) is another site is refused, sign-in and sign-up included.
* **Limits** on guessing, counted in the database, so every process meets the same count:
  :data:`LOGIN_ATTEMPTS_PER_ADDRESS` sign-ins per address and
  :data:`LOGIN_FAILURES_PER_NAME` failures per account name each :data:`WINDOW` seconds,
  :data:`SIGNUPS_PER_ADDRESS` sign-ups per address; past them, 429 with ``Retry-After``
  (a right password is refused too until the window ends).
* **No enumeration**: sign-in answers an unknown name and a wrong password with the same
  status and words after the same argon2 work.  Sign-up must say that a name is taken; it
  is limited per address.
* **Log out everywhere** deletes every session of the account and gives it a new seat key:
  every account seat link stops working (in every process within
  :data:`~motherlode.web.service.ACCOUNT_TOKENS_TTL` seconds); the guests' links do not
  change.

Routes (``/api/account``): ``POST signup``, ``POST login``, ``POST logout``,
``POST logout-everywhere``, ``GET`` (who is signed in, their settings, the CSRF token),
``GET tables``, ``POST claim``, ``PATCH settings``.
"""

from __future__ import annotations

import asyncio
import hmac
import math
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from motherlode.engine import MotherlodeError, get_game
from motherlode.engine.words import T
from motherlode.storage import Database
from motherlode.storage import accounts as store
from motherlode.storage.db import hash_token
from motherlode.web import i18n
from motherlode.web.errors import ServiceError
from motherlode.web.identity import CSRF_HEADER, SESSION_COOKIE, Account, account_seat_token
from motherlode.web.languages import YEAR, in_language
from motherlode.web.service import TableService

__all__ = [
    "CSRF_HEADER",
    "SESSION_COOKIE",
    "accounts_router",
    "current_account",
    "require_account",
    "require_csrf",
    "writing_account",
]

Result = TypeVar("Result")

USERNAME = r"^[A-Za-z0-9_-]{3,24}$"
"""A name: 3 to 24 letters (a-z, A-Z), digits, ``_`` or ``-`` (no look-alike letters)."""
PASSWORD_MIN, PASSWORD_MAX = 8, 256
EMAIL = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@"
    r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
)
EMAIL_MAX = 254
SESSION_DAYS = 30
SESSION_SECONDS = SESSION_DAYS * 86400
SEEN_EVERY = 300.0
"""Seconds between two notes of a session's use (``seen_at``): not a write per request."""
COOKIE_MAX = 128
"""A session cookie longer than this is not ours: it is ignored unread."""
WINDOW = 15 * 60
"""The attempt counters' fixed window, in seconds."""
LOGIN_ATTEMPTS_PER_ADDRESS = 30
LOGIN_FAILURES_PER_NAME = 10
SIGNUPS_PER_ADDRESS = 10
CLAIM_MAX = 50
"""Seats one claim may name (the lobby keeps 30 guest seats)."""
TABLES_LISTED = 100
"""The account's tables ``GET tables`` lists: running ones first, then the latest."""

HASHER = PasswordHasher()
"""argon2id with argon2-cffi's defaults (RFC 9106, low memory: t=3, 64 MiB, p=4)."""
_HASHING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="argon2")
_DUMMY: dict[tuple[Any, ...], str] = {}
"""A hash of nothing per set of parameters: an unknown name's password is checked against
it, so that it costs what a wrong password costs."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_STATE = "motherlode_session"
_UNSET = object()
NO_STORE = {"Cache-Control": "no-store"}

MESSAGES: dict[str, T] = {
    "sign in": T("sign in first"),
    "wrong": T("wrong name or password"),
    "taken": T("that name is taken; choose another"),
    "too many": T("too many attempts; try again in a few minutes"),
    "cross-site": T("refused: this request came from another site"),
    "csrf": T("refused: the page's security token is missing or out of date; reload the page"),
    "password is name": T("choose a password that is not your name"),
    "email": T("that is not an e-mail address"),
    "notify needs email": T("give an e-mail address to be told by e-mail"),
    "claim wrong token": T("this link is not that seat's"),
    "claim held": T("another account holds this seat"),
}
"""Every sentence a person reads from these routes (words: each goes out in the language
the request is answered in)."""
CLAIM_REASONS = {store.WRONG_TOKEN: "claim wrong token", store.HELD: "claim held"}


# ------------------------------------------------------------------------ models


class Credentials(BaseModel):
    """Bounded at arrival: an oversized or malformed name or password is a 422."""

    username: str = Field(min_length=3, max_length=24, pattern=USERNAME)
    password: str = Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX)


class SeatClaim(BaseModel):
    """A guest seat this browser holds the link of."""

    table: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    seat: int = Field(ge=0, lt=8, strict=True)
    token: str = Field(min_length=1, max_length=100)


class ClaimIn(BaseModel):
    seats: list[SeatClaim] = Field(min_length=1, max_length=CLAIM_MAX)


class SettingsIn(BaseModel):
    """Only the fields sent change; ``email`` "" or null removes it."""

    email: str | None = Field(None, max_length=EMAIL_MAX)
    notify_email: bool | None = Field(None, strict=True)
    language: str | None = Field(None, max_length=8)


# ------------------------------------------------------------- who is signed in


def _db(request: Request) -> Database:
    db: Database = request.app.state.service.db
    return db


async def signed_session(request: Request) -> store.SessionRecord | None:
    """The request's live session (looked up once per request), or None."""
    found = getattr(request.state, _STATE, _UNSET)
    if found is not _UNSET:
        return found  # type: ignore[return-value]
    session: store.SessionRecord | None = None
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie and len(cookie) <= COOKIE_MAX:
        db, now = _db(request), time.time()
        session = store.find_session(db, hash_token(cookie), now)
        if session is not None and now - session.seen_at >= SEEN_EVERY:
            store.touch_session(db, session.token_hash, now)
    setattr(request.state, _STATE, session)
    return session


def _account(user: store.UserRecord) -> Account:
    return Account(
        id=user.id,
        username=user.username,
        email=user.email,
        notify_email=user.notify_email,
        language=user.language,
    )


async def current_account(request: Request) -> Account | None:
    """The signed-in account of the request, or None (a guest)."""
    session = await signed_session(request)
    return None if session is None else _account(session.user)


async def require_account(request: Request) -> Account:
    """A dependency: the signed-in account, else 401."""
    account = await current_account(request)
    if account is None:
        raise ServiceError(401, MESSAGES["sign in"])
    return account


def cross_site(request: Request) -> bool:
    """Whether the browser says the request comes from another site: ``Sec-Fetch-Site``,
    or an ``Origin`` whose host is not this request's (``null`` included).  A request with
    neither (not a browser's, or an old one) is judged by the CSRF token alone."""
    if request.headers.get("sec-fetch-site") == "cross-site":
        return True
    origin = request.headers.get("origin")
    if origin is None:
        return False
    host = (request.headers.get("host") or "").lower()
    return origin == "null" or urlsplit(origin).netloc.lower() != host


def _csrf_matches(request: Request, session: store.SessionRecord) -> bool:
    sent = request.headers.get(CSRF_HEADER) or ""
    return hmac.compare_digest(sent.encode(), session.csrf.encode())


async def require_csrf(request: Request) -> None:
    """A dependency for every route that writes: refuse (403) a request from another site,
    and a request authenticated by the session cookie whose :data:`CSRF_HEADER` is not the
    session's CSRF token.  A request without a live session passes (the route's own
    :func:`require_account` refuses it when it needs one)."""
    if request.method in SAFE_METHODS:
        return
    if cross_site(request):
        raise ServiceError(403, MESSAGES["cross-site"])
    session = await signed_session(request)
    if session is not None and not _csrf_matches(request, session):
        raise ServiceError(403, MESSAGES["csrf"])


async def writing_account(request: Request) -> Account | None:
    """The account a write acts for: the signed-in account when the request carries its
    CSRF token and comes from this site, else None (the write is a guest's, as before
    accounts: a table made by "play again" or by a script is still made)."""
    session = await signed_session(request)
    if session is None or cross_site(request) or not _csrf_matches(request, session):
        return None
    return _account(session.user)


# ------------------------------------------------------------------- passwords


async def _off_loop(work: Callable[..., Result], *args: Any) -> Result:
    """Run argon2 work in its own threads (never on the event loop)."""
    return await asyncio.get_running_loop().run_in_executor(_HASHING, work, *args)


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _verify_nobody(password: str) -> bool:
    """An unknown name: the same argon2 work as a wrong password, and False."""
    hasher = HASHER
    params = (hasher.time_cost, hasher.memory_cost, hasher.parallelism, hasher.hash_len)
    dummy = _DUMMY.get(params)
    if dummy is None:  # the first time: making it costs what checking against it costs
        _DUMMY[params] = hasher.hash(secrets.token_urlsafe(16))
    else:
        _verify(dummy, password)
    return False


def _needs_rehash(stored: str) -> bool:
    try:
        return HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


# ---------------------------------------------------------------- the counters


class Attempts:
    """Sign-in and sign-up counters (in the database, shared by every process); this
    process prunes the old windows once per window."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.pruned = -1

    @staticmethod
    def window(now: float) -> int:
        return int(now // WINDOW)

    def hit(self, key: str, now: float) -> int:
        window = self.window(now)
        if window != self.pruned:
            self.pruned = window
            store.prune(self.db, window, now)
        return store.hit(self.db, key, window)

    def count(self, key: str, now: float) -> int:
        return store.attempts(self.db, key, self.window(now))


def too_many(now: float) -> HTTPException:
    """429, with the seconds until the window ends."""
    retry = max(1, math.ceil(WINDOW - now % WINDOW))
    detail = in_language(MESSAGES["too many"])
    return HTTPException(429, detail, headers={"Retry-After": str(retry)})


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


# ----------------------------------------------------------------------- routes

Signed = Annotated[Account, Depends(require_account)]
"""A route's signed-in account (401 without one)."""


def _me(user: store.UserRecord, csrf: str) -> dict[str, Any]:
    return {
        "signed_in": True,
        "username": user.username,
        "email": user.email,
        "notify_email": user.notify_email,
        "language": user.language,
        "languages": list(i18n.LANGUAGES),
        "profile": f"/u/{user.username}",
        "csrf": csrf,
    }


def _set_cookie(response: JSONResponse, request: Request, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _clear_cookie(response: JSONResponse, request: Request) -> None:
    response.delete_cookie(
        SESSION_COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def _title(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except MotherlodeError:
        return game_id


def accounts_router(db: Database, service: TableService) -> APIRouter:
    """The account routes, on ``db``; ``service`` is told when seat links change."""
    router = APIRouter(prefix="/api/account")
    attempts = Attempts(db)

    def signed_in(request: Request, user: store.UserRecord, status: int) -> JSONResponse:
        """A new session for ``user``: the cookie sent before (if any) is revoked, never
        promoted, and a fresh one set."""
        old = request.cookies.get(SESSION_COOKIE)
        if old and len(old) <= COOKIE_MAX:
            store.revoke_session(db, hash_token(old))
        token, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(32), time.time()
        store.create_session(db, hash_token(token), user.id, csrf, now, now + SESSION_SECONDS)
        response = JSONResponse(_me(user, csrf), status_code=status, headers=NO_STORE)
        _set_cookie(response, request, token)
        if user.language in i18n.LANGUAGES:  # the account's language, on this device too
            response.set_cookie(
                i18n.COOKIE, user.language, max_age=YEAR, path="/", samesite="lax", httponly=True
            )
        return response

    @router.post("/signup", status_code=201)
    async def signup(body: Credentials, request: Request) -> JSONResponse:
        """A new account, signed in at once."""
        if cross_site(request):
            raise ServiceError(403, MESSAGES["cross-site"])
        now = time.time()
        if attempts.hit(f"signup-addr:{client_address(request)}", now) > SIGNUPS_PER_ADDRESS:
            raise too_many(now)
        if body.password.casefold() == body.username.casefold():
            raise ServiceError(422, MESSAGES["password is name"])
        if store.user_named(db, body.username) is not None:
            raise ServiceError(409, MESSAGES["taken"])
        hashed = await _off_loop(HASHER.hash, body.password)
        user = store.create_user(db, body.username, hashed, secrets.token_hex(32), now)
        if user is None:  # taken meanwhile, by a sign-up in this or another process
            raise ServiceError(409, MESSAGES["taken"])
        return signed_in(request, user, 201)

    @router.post("/login")
    async def login(body: Credentials, request: Request) -> JSONResponse:
        """Sign in: the same answer and work for an unknown name as for a wrong password."""
        if cross_site(request):
            raise ServiceError(403, MESSAGES["cross-site"])
        now = time.time()
        if attempts.hit(f"login-addr:{client_address(request)}", now) > LOGIN_ATTEMPTS_PER_ADDRESS:
            raise too_many(now)
        name = f"login-name:{store.username_key(body.username)}"
        if attempts.count(name, now) >= LOGIN_FAILURES_PER_NAME:
            raise too_many(now)
        user = store.user_named(db, body.username)
        if user is None:
            ok = await _off_loop(_verify_nobody, body.password)
        else:
            ok = await _off_loop(_verify, user.password_hash, body.password)
        if not ok or user is None:
            attempts.hit(name, now)
            raise ServiceError(401, MESSAGES["wrong"])
        if _needs_rehash(user.password_hash):
            store.set_password_hash(db, user.id, await _off_loop(HASHER.hash, body.password))
        return signed_in(request, user, 200)

    @router.post("/logout", dependencies=[Depends(require_csrf)])
    async def logout(request: Request) -> JSONResponse:
        """End this browser's session (the others go on)."""
        session = await signed_session(request)
        if session is not None:
            store.revoke_session(db, session.token_hash)
        response = JSONResponse({"signed_in": False}, headers=NO_STORE)
        _clear_cookie(response, request)
        return response

    @router.post("/logout-everywhere", dependencies=[Depends(require_csrf)])
    async def logout_everywhere(request: Request, who: Signed) -> JSONResponse:
        """End every session of the account, and void every account seat link it was given
        (a new seat key); a guest's link of the same seat still works."""
        store.revoke_all(db, who.id, secrets.token_hex(32))
        service.forget_account_tokens()
        response = JSONResponse({"signed_in": False}, headers=NO_STORE)
        _clear_cookie(response, request)
        return response

    @router.get("")
    async def me(request: Request) -> JSONResponse:
        """Who is signed in here, their settings and the session's CSRF token."""
        session = await signed_session(request)
        if session is None:
            return JSONResponse({"signed_in": False}, headers=NO_STORE)
        return JSONResponse(_me(session.user, session.csrf), headers=NO_STORE)

    @router.get("/tables")
    async def tables(request: Request, who: Signed) -> JSONResponse:
        """The account's seats on every device: each with its link (the account's seat
        token) and, for a table this process holds, whether it is the seat's turn."""
        session = await signed_session(request)
        assert session is not None  # require_account found it
        key = session.user.seat_key
        rows = store.account_tables(db, who.id, TABLES_LISTED)
        for row in rows:
            table_id, seat = row["id"], row["seat"]
            row["title"] = _title(row["game"])
            token = account_seat_token(key, table_id, seat)
            row["link"] = f"/t/{table_id}#seat={seat}&token={token}"
            live = service.tables.get(table_id)  # only what is in memory: nothing is loaded
            asked = live is not None and not live.finished and seat in live.table.state.pending()
            row["your_turn"] = None if live is None else asked
        return JSONResponse({"tables": rows}, headers=NO_STORE)

    @router.post("/claim", dependencies=[Depends(require_csrf)])
    async def claim(body: ClaimIn, who: Signed) -> dict[str, Any]:
        """Guest seats this browser holds the links of become the account's: each token
        is checked against its seat; a seat another account holds is refused."""
        claimed, refused = [], []
        for entry in body.seats:
            outcome = store.claim_seat(db, entry.table, entry.seat, entry.token, who.id)
            where = {"table": entry.table, "seat": entry.seat}
            if outcome in (store.CLAIMED, store.ALREADY):
                claimed.append(where)
                service.forget_account_tokens(entry.table)
            else:
                reason = in_language(MESSAGES[CLAIM_REASONS[outcome]])
                refused.append({**where, "reason": reason})
        return {"claimed": claimed, "refused": refused}

    @router.patch("/settings", dependencies=[Depends(require_csrf)])
    async def settings(body: SettingsIn, request: Request, who: Signed) -> JSONResponse:
        """Change the e-mail address, whether "your turn" goes to it, the language."""
        sent = body.model_fields_set
        values: dict[str, Any] = {}
        if "email" in sent:
            email = (body.email or "").strip()
            if email and (len(email) > EMAIL_MAX or not EMAIL.match(email)):
                raise ServiceError(422, MESSAGES["email"])
            values["email"] = email or None
            if not email:
                values["notify_email"] = False  # nowhere to send it
        if "notify_email" in sent:
            values["notify_email"] = bool(body.notify_email)
        if "language" in sent:
            if body.language not in (None, "", *i18n.LANGUAGES):
                choices = ", ".join(i18n.LANGUAGES)
                raise ServiceError(422, T("language must be one of: {choices}", choices=choices))
            values["language"] = body.language or None
        email_after = values.get("email", who.email)
        if values.get("notify_email") and not email_after:
            raise ServiceError(422, MESSAGES["notify needs email"])
        user = store.update_settings(db, who.id, values)
        session = await signed_session(request)
        if user is None or session is None:
            raise ServiceError(401, MESSAGES["sign in"])
        return JSONResponse(_me(user, session.csrf), headers=NO_STORE)

    return router
