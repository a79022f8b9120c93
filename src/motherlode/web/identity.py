"""Who a request comes from: the names every part of the site agrees on (issue 32).

A seat is still reached by its secret token, exactly as before accounts. An account adds a
second kind of seat token, derived from a secret of the account's own (``seat_key``, never
sent), so that the account's tables open on any device where it is signed in, and "log out
everywhere" (a new ``seat_key``) voids every such link at once. The guest's token of the
same seat keeps working unchanged.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

SESSION_COOKIE = "motherlode_session"
"""The signed-in browser's cookie (HttpOnly, SameSite=Lax; Secure behind TLS)."""
CSRF_HEADER = "X-CSRF-Token"
"""Every write authenticated by the session cookie carries the session's CSRF token here."""
ACCOUNT_TOKEN_PREFIX = "u."
"""A seat token derived from an account, told apart from a guest's random token by this."""


@dataclass(frozen=True)
class Account:
    """A signed-in player, as the routes see one (never the password hash or seat key)."""

    id: int
    username: str
    email: str | None = None
    notify_email: bool = False
    language: str | None = None


def account_seat_token(seat_key: str, table_id: str, seat: int) -> str:
    """The seat token an account holding ``seat`` at ``table_id`` opens it with: an HMAC
    of the table and seat under the account's secret ``seat_key``."""
    digest = hmac.new(
        bytes.fromhex(seat_key), f"{table_id}:{seat}".encode(), hashlib.sha256
    ).hexdigest()
    return f"{ACCOUNT_TOKEN_PREFIX}{digest}"


def is_account_token(token: str | None) -> bool:
    return bool(token) and str(token).startswith(ACCOUNT_TOKEN_PREFIX)
