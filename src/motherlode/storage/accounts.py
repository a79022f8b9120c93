"""Storage for accounts: users, their signed-in browsers, sign-in counters, the seats they hold.

Every guarantee that must hold across server processes is kept by the database itself:

* a name is taken once: ``users.username_key`` (NFKC, case-folded) is unique, so two
  sign-ups racing for "Ann" and "ann" cannot both succeed (:func:`create_user`);
* a session is stored as the SHA-256 of its cookie, never the cookie: a leaked database
  opens no browser's session; "log out everywhere" deletes them all and gives the account a
  new ``seat_key``, which voids every seat link derived from the old one (:func:`revoke_all`);
* sign-in attempts are counted per key (an address, an account name) in fixed windows, one
  atomic ``INSERT ... ON CONFLICT DO UPDATE`` each (:func:`hit`), so every process meets
  the same count;
* a seat is claimed by one statement that changes it only while no other account holds it
  (:func:`claim_seat`).
"""

from __future__ import annotations

import hmac
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, case, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from motherlode.storage.db import Database, hash_token
from motherlode.storage.models import AuthAttemptRow, SeatRow, SessionRow, TableRow, UserRow


def username_key(name: str) -> str:
    """What makes a name unique: NFKC, case-folded ("Ann" and "ANN" are one account)."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass(frozen=True)
class UserRecord:
    """An account as storage holds it (the web layer never sends the hash or the seat key)."""

    id: int
    username: str
    password_hash: str
    seat_key: str
    email: str | None
    notify_email: bool
    language: str | None


@dataclass(frozen=True)
class SessionRecord:
    """A signed-in browser: its account, its CSRF token, when it was last seen."""

    token_hash: str
    csrf: str
    seen_at: float
    expires_at: float
    user: UserRecord


def _user(row: UserRow) -> UserRecord:
    return UserRecord(
        id=row.id,
        username=row.username,
        password_hash=row.password_hash,
        seat_key=row.seat_key,
        email=row.email,
        notify_email=bool(row.notify_email),
        language=row.language,
    )


# ------------------------------------------------------------------------------- users


def create_user(
    db: Database, username: str, password_hash: str, seat_key: str, now: float
) -> UserRecord | None:
    """A new account; None if the name (any case) is taken, even by a sign-up that raced
    this one in another process (the unique key refuses the second insert)."""
    row = UserRow(
        username=username,
        username_key=username_key(username),
        password_hash=password_hash,
        seat_key=seat_key,
        created_at=now,
    )
    try:
        with db.session() as s:
            s.add(row)
            s.flush()
            return _user(row)
    except IntegrityError:
        return None


def user_named(db: Database, username: str) -> UserRecord | None:
    with db.session() as s:
        row = s.scalar(select(UserRow).where(UserRow.username_key == username_key(username)))
        return None if row is None else _user(row)


def user_by_id(db: Database, user_id: int) -> UserRecord | None:
    with db.session() as s:
        row = s.get(UserRow, user_id)
        return None if row is None else _user(row)


def set_password_hash(db: Database, user_id: int, password_hash: str) -> None:
    """Store a new hash of the same password (the hasher's parameters changed)."""
    with db.session() as s:
        s.execute(update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash))


SETTINGS = ("email", "notify_email", "language")


def update_settings(db: Database, user_id: int, values: Mapping[str, Any]) -> UserRecord | None:
    """Change the account's settings named in ``values`` (checked by the caller)."""
    changes = {k: v for k, v in values.items() if k in SETTINGS}
    with db.session() as s:
        if changes:
            s.execute(update(UserRow).where(UserRow.id == user_id).values(**changes))
        row = s.get(UserRow, user_id)
        return None if row is None else _user(row)


# ---------------------------------------------------------------------------- sessions


def create_session(
    db: Database, token_hash: str, user_id: int, csrf: str, now: float, expires_at: float
) -> None:
    """A new signed-in browser; the account's expired sessions go at the same time."""
    with db.session() as s:
        s.execute(
            delete(SessionRow).where(SessionRow.user_id == user_id, SessionRow.expires_at <= now)
        )
        s.add(
            SessionRow(
                token_hash=token_hash,
                user_id=user_id,
                csrf=csrf,
                created_at=now,
                seen_at=now,
                expires_at=expires_at,
            )
        )


def find_session(db: Database, token_hash: str, now: float) -> SessionRecord | None:
    """The live (unexpired) session of that cookie hash, with its account; else None."""
    with db.session() as s:
        found = s.execute(
            select(SessionRow, UserRow)
            .join(UserRow, UserRow.id == SessionRow.user_id)
            .where(SessionRow.token_hash == token_hash, SessionRow.expires_at > now)
        ).first()
        if found is None:
            return None
        row, user = found
        return SessionRecord(row.token_hash, row.csrf, row.seen_at, row.expires_at, _user(user))


def touch_session(db: Database, token_hash: str, now: float) -> None:
    """Note that the session was used (the caller does so every few minutes at most)."""
    with db.session() as s:
        s.execute(update(SessionRow).where(SessionRow.token_hash == token_hash).values(seen_at=now))


def revoke_session(db: Database, token_hash: str) -> None:
    with db.session() as s:
        s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))


def revoke_all(db: Database, user_id: int, new_seat_key: str) -> int:
    """Log out everywhere: every session of the account goes, and its seat links with its
    old ``seat_key`` (in one transaction).  Returns how many sessions there were."""
    with db.session() as s:
        gone = s.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
        s.execute(update(UserRow).where(UserRow.id == user_id).values(seat_key=new_seat_key))
        return int(gone.rowcount)  # type: ignore[attr-defined]


# ------------------------------------------------------------------- attempt counters


def hit(db: Database, key: str, window: int) -> int:
    """Count one attempt under ``key`` in ``window``; the count after it.  One statement
    on SQLite and PostgreSQL (an upsert), so concurrent processes never lose a count."""
    table = cast(Table, AuthAttemptRow.__table__)
    dialect = db.engine.dialect.name
    if dialect in ("sqlite", "postgresql"):
        insert: Any = sqlite.insert if dialect == "sqlite" else postgresql.insert
        statement = (
            insert(table)
            .values(key=key, window=window, count=1)
            .on_conflict_do_update(
                index_elements=["key", "window"], set_={"count": table.c.count + 1}
            )
            .returning(table.c.count)
        )
        with db.session() as s:
            return int(s.execute(statement).scalar_one())
    with db.session() as s:  # another database: update, else insert (the key refuses twins)
        where = (table.c.key == key) & (table.c.window == window)
        done = s.execute(update(table).where(where).values(count=table.c.count + 1))
        if not done.rowcount:  # type: ignore[attr-defined]
            s.add(AuthAttemptRow(key=key, window=window, count=1))
            s.flush()
        return int(s.execute(select(table.c.count).where(where)).scalar_one())


def attempts(db: Database, key: str, window: int) -> int:
    """How many attempts ``key`` made in ``window`` (0 if none)."""
    with db.session() as s:
        found = s.scalar(
            select(AuthAttemptRow.count).where(
                AuthAttemptRow.key == key, AuthAttemptRow.window == window
            )
        )
        return int(found or 0)


def prune(db: Database, before_window: int, now: float) -> None:
    """Forget the counters of windows before ``before_window`` and every expired session."""
    with db.session() as s:
        s.execute(delete(AuthAttemptRow).where(AuthAttemptRow.window < before_window))
        s.execute(delete(SessionRow).where(SessionRow.expires_at <= now))


# ------------------------------------------------------------------------------- seats


def seat_keys(db: Database, table_id: str) -> dict[int, str]:
    """The seat key of the account holding each held seat of the table (for its links)."""
    with db.session() as s:
        query = (
            select(SeatRow.seat, UserRow.seat_key)
            .join(UserRow, UserRow.id == SeatRow.user_id)
            .where(SeatRow.table_id == table_id)
        )
        return {int(seat): str(key) for seat, key in s.execute(query)}


def hold_seats(db: Database, table_id: str, seats: Iterable[int], user_id: int) -> None:
    """The account holds these seats of a table just made or joined (nobody else can have
    them yet: their tokens were only now handed out)."""
    wanted = list(seats)
    if not wanted:
        return
    with db.session() as s:
        s.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat.in_(wanted))
            .values(user_id=user_id)
        )


CLAIMED, ALREADY, HELD, WRONG_TOKEN = "claimed", "already yours", "held", "wrong token"
"""What became of one seat asked for by :func:`claim_seat`."""


def claim_seat(db: Database, table_id: str, seat: int, token: str, user_id: int) -> str:
    """Give a guest's seat to the account whose browser holds its token: :data:`CLAIMED`;
    :data:`ALREADY` if it holds it; :data:`HELD` if another account does (nothing changes);
    :data:`WRONG_TOKEN` if the token is not that seat's (or there is no such seat)."""
    with db.session() as s:
        row = s.execute(
            select(SeatRow.token_hash, SeatRow.user_id).where(
                SeatRow.table_id == table_id, SeatRow.seat == seat
            )
        ).first()
        if row is None or row[0] is None:
            return WRONG_TOKEN
        if not hmac.compare_digest(row[0], hash_token(token)):
            return WRONG_TOKEN
        if row[1] == user_id:
            return ALREADY
        done = s.execute(
            update(SeatRow)
            .where(
                SeatRow.table_id == table_id,
                SeatRow.seat == seat,
                SeatRow.user_id.is_(None),
            )
            .values(user_id=user_id)
        )
        if done.rowcount:  # type: ignore[attr-defined]
            return CLAIMED
        holder = s.scalar(
            select(SeatRow.user_id).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        )
        return ALREADY if holder == user_id else HELD


def account_tables(db: Database, user_id: int, limit: int = 100) -> list[dict[str, Any]]:
    """The seats the account holds, running tables first, then the latest changed: each
    with its table's game, status, result, every seat's name and when it last changed."""
    running_first = case((TableRow.status == "running", 0), else_=1)
    query = (
        select(
            SeatRow.table_id,
            SeatRow.seat,
            TableRow.game,
            TableRow.status,
            TableRow.updated_at,
            TableRow.result,
            TableRow.listed,
        )
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(SeatRow.user_id == user_id)
        .order_by(running_first, TableRow.updated_at.desc(), SeatRow.table_id, SeatRow.seat)
        .limit(limit)
    )
    with db.session() as s:
        rows = list(s.execute(query))
        ids = sorted({r[0] for r in rows})
        names: dict[str, list[str]] = {t: [] for t in ids}
        if ids:
            seats = s.execute(
                select(SeatRow.table_id, SeatRow.name)
                .where(SeatRow.table_id.in_(ids))
                .order_by(SeatRow.table_id, SeatRow.seat)
            )
            for table_id, name in seats:
                names[table_id].append(name)
    return [
        {
            "id": table_id,
            "seat": seat,
            "game": game,
            "status": status,
            "names": names[table_id],
            "name": names[table_id][seat] if seat < len(names[table_id]) else "",
            "updated_at": updated.isoformat(),
            "result": result,
            "private": not listed,
        }
        for table_id, seat, game, status, updated, result, listed in rows
    ]
