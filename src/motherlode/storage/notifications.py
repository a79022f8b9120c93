"""Storage for "your turn" notifications: who to tell, what was sent, where pushes go.

A notification is sent once per account, table, decision and kind, whichever server
process gets there first: :func:`claim` inserts its ``notifications_sent`` row, and the
table's primary key lets exactly one insert succeed.  A browser's Web Push subscription is
kept per account, a few at most (:data:`MAX_SUBSCRIPTIONS`: the oldest goes first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, delete, exists, or_, select
from sqlalchemy.exc import IntegrityError

from motherlode.storage.db import Database
from motherlode.storage.models import (
    NotificationRow,
    PushSubscriptionRow,
    SeatRow,
    TableRow,
    UserRow,
)

MAX_SUBSCRIPTIONS = 5
"""Browsers one account receives pushes on (a phone, a laptop...): a new one beyond this
replaces the account's oldest, so a hostile client cannot grow the table."""


@dataclass(frozen=True)
class Subscription:
    """Where a browser receives pushes: its push service's URL and its encryption keys."""

    endpoint: str
    keys: dict[str, str]

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": dict(self.keys)}


@dataclass(frozen=True)
class Recipient:
    """An account holding a seat asked to move, and where it wants to hear of it."""

    user_id: int
    username: str
    seat: int
    seat_key: str
    """The account's secret for its seat links (identity.account_seat_token)."""
    email: str | None
    """Only when the player opted in (``notify_email``) and gave an address."""
    subscriptions: list[Subscription] = field(default_factory=list)


@dataclass(frozen=True)
class DueTable:
    """A running turn-based table whose decision's clock runs out soon."""

    table_id: str
    clock: str
    opened: int
    """The move count at which the decision opened (the notifications' ``move``)."""
    opened_at: float


def recipients(db: Database, table_id: str, seats: list[int]) -> list[Recipient]:
    """The accounts holding ``seats`` at the table, one each (an account at two of them
    is told of the lowest), with their opted-in e-mail and push subscriptions."""
    if not seats:
        return []
    with db.session() as s:
        rows = s.execute(
            select(SeatRow.seat, UserRow)
            .join(UserRow, UserRow.id == SeatRow.user_id)
            .where(SeatRow.table_id == table_id, SeatRow.seat.in_(seats))
            .order_by(SeatRow.seat)
        ).all()
        users: dict[int, tuple[int, UserRow]] = {}
        for seat, user in rows:
            users.setdefault(user.id, (seat, user))
        if not users:
            return []
        pushes: dict[int, list[Subscription]] = {}
        for sub in s.scalars(
            select(PushSubscriptionRow)
            .where(PushSubscriptionRow.user_id.in_(list(users)))
            .order_by(PushSubscriptionRow.id)
        ):
            pushes.setdefault(sub.user_id, []).append(
                Subscription(sub.endpoint, {k: str(v) for k, v in dict(sub.keys).items()})
            )
        return [
            Recipient(
                user_id=user.id,
                username=user.username,
                seat=seat,
                seat_key=user.seat_key,
                email=user.email if user.notify_email and user.email else None,
                subscriptions=pushes.get(user.id, []),
            )
            for seat, user in users.values()
        ]


def claim(db: Database, table_id: str, user_id: int, move: int, kind: str, now: float) -> bool:
    """Mark the notification sent: True for the one caller (of any process) whose row went
    in, False if it was there already.  Claimed before sending: a notification is tried at
    most once, never twice."""
    try:
        with db.session() as s:
            if s.get(NotificationRow, (table_id, user_id, move, kind)) is not None:
                return False
            s.add(NotificationRow(table_id=table_id, user_id=user_id, move=move, kind=kind, at=now))
    except IntegrityError:  # another process inserted it between the look and the insert
        return False
    return True


def was_sent(db: Database, table_id: str, user_id: int, move: int, kind: str) -> bool:
    with db.session() as s:
        return s.get(NotificationRow, (table_id, user_id, move, kind)) is not None


def due_tables(
    db: Database, clocks: dict[str, tuple[float, float]], now: float, limit: int = 2000
) -> list[DueTable]:
    """Running tables on one of ``clocks`` (name to its seconds a move and how long before
    the end the reminder goes) whose decision's clock ends within its lead and has not
    ended yet, and where some seated account has no reminder of this decision yet (the
    most pressed first, ``limit`` at most).

    The deadline is read from ``people`` (``opened_at`` + the clock's move time: a
    turn-based clock has no bank), which every move on a clocked table writes; the
    ``clock_deadline`` column belongs to the decision timer (timed auctions) and is empty
    on these tables."""
    if not clocks:
        return []
    clock = TableRow.settings["clock"].as_string()
    opened_at = TableRow.people["opened_at"].as_float()
    opened = TableRow.people["opened"].as_integer()
    windows = [
        and_(clock == name, opened_at <= now - move + lead, opened_at > now - move)
        for name, (move, lead) in clocks.items()
    ]
    reminded = exists().where(
        NotificationRow.table_id == SeatRow.table_id,
        NotificationRow.user_id == SeatRow.user_id,
        NotificationRow.move == opened,
        NotificationRow.kind == "reminder",
    )
    unreminded = exists().where(
        SeatRow.table_id == TableRow.id, SeatRow.user_id.is_not(None), ~reminded
    )
    query = (
        select(TableRow.id, clock, opened, opened_at)
        .where(TableRow.status == "running", TableRow.people.is_not(None), or_(*windows))
        .where(unreminded)
        .order_by(opened_at)
        .limit(limit)
    )
    with db.session() as s:
        return [
            DueTable(table_id, name, int(move or 0), float(at))
            for table_id, name, move, at in s.execute(query)
        ]


# --------------------------------------------------------------- push subscriptions


def add_subscription(
    db: Database, user_id: int, endpoint: str, keys: dict[str, str], now: float
) -> None:
    """Keep a browser's subscription for the account (the same endpoint again: its new
    keys, and its account if another one signed in on that browser); beyond
    :data:`MAX_SUBSCRIPTIONS`, the account's oldest are dropped."""
    for _ in range(2):  # a second try when another request inserted the endpoint meanwhile
        try:
            with db.session() as s:
                row = s.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint)
                ).first()
                if row is None:
                    s.add(
                        PushSubscriptionRow(
                            user_id=user_id, endpoint=endpoint, keys=keys, created_at=now
                        )
                    )
                else:
                    row.user_id, row.keys, row.created_at = user_id, keys, now
                s.flush()
                ids = s.scalars(
                    select(PushSubscriptionRow.id)
                    .where(PushSubscriptionRow.user_id == user_id)
                    .order_by(PushSubscriptionRow.created_at.desc(), PushSubscriptionRow.id.desc())
                ).all()
                if len(ids) > MAX_SUBSCRIPTIONS:
                    s.execute(
                        delete(PushSubscriptionRow).where(
                            PushSubscriptionRow.id.in_(ids[MAX_SUBSCRIPTIONS:])
                        )
                    )
            return
        except IntegrityError:
            continue


def remove_subscription(db: Database, user_id: int, endpoint: str) -> bool:
    """The account's subscription at ``endpoint`` is gone (the browser unsubscribed)."""
    with db.session() as s:
        done = s.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.user_id == user_id, PushSubscriptionRow.endpoint == endpoint
            )
        )
        return bool(getattr(done, "rowcount", 0))


def drop_endpoint(db: Database, endpoint: str) -> None:
    """The push service says the subscription no longer exists (404 or 410): forget it."""
    with db.session() as s:
        s.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint))


def subscriptions(db: Database, user_id: int) -> list[Subscription]:
    with db.session() as s:
        return [
            Subscription(row.endpoint, dict(row.keys))
            for row in s.scalars(
                select(PushSubscriptionRow)
                .where(PushSubscriptionRow.user_id == user_id)
                .order_by(PushSubscriptionRow.id)
            )
        ]
