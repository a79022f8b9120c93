"""SQLAlchemy models: a table (one game), its seats (with hashed tokens) and its moves.

A change here comes with an Alembic revision in ``storage/migrations/versions``: the
migrations, not these classes, create the schema (a test checks that they agree).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game at one table.  ``status``: running or finished."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    rules_version: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="running", index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    # Private to the server (never in a listing): see Database.table_state.
    seed_salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Hex salt of the seed's commitment; NULL for tables created before commitments."""
    undo_floor: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The move count undo may not go below (with ``undo_seat``, who may undo)."""
    undo_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The move count at which the running decision clock's decision opened."""
    clock_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When that clock runs out, in epoch seconds."""
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Counts every change to the moves (a move, an undo): a copy in memory at another
    version is behind."""
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The server process that runs this table's bots and clock ('' or expired: nobody)."""
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Epoch seconds until which ``lease_owner`` holds the lease unless it renews."""

    listed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """A public table (listed in the lobby, watchable); False: private, by link only."""
    table_events: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    """What the people did that is not a move (a seat given to a bot, the game ended by
    vote...): the record's ``meta["table"]``, see ``motherlode.engine.record``."""
    people: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The table's clock (each seat's bank, when the decision opened) and an absent seat's
    vote, as the service keeps them across restarts (see ``web/people.py``)."""

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )
    moves: Mapped[list[MoveRow]] = relationship(
        back_populates="table", order_by="MoveRow.index", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """A seat: a person (with the SHA-256 of their secret token) or a bot spec."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    agent: Mapped[str] = mapped_column(String(120))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account that holds this seat (None: a guest, by its link alone)."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class MoveRow(Base):
    """One applied move, numbered from 1 in the order the engine applied it."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    table: Mapped[TableRow] = relationship(back_populates="moves")


class PresenceRow(Base):
    """Which server process holds a connection to which seat, and in what state: each seat
    is online, away or offline across processes.  ``seen`` is renewed every few seconds
    by the process; rows of a process that stopped renewing them are ignored."""

    __tablename__ = "presence"

    table_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), primary_key=True)
    status: Mapped[str] = mapped_column(String(8))
    seen: Mapped[float] = mapped_column(Float)


# ------------------------------------------------------------------ accounts (0005)


class UserRow(Base):
    """An account: a name that sticks, a password's argon2id hash, a player's settings."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(24))
    """As its owner typed it (shown); ``username_key`` is what makes it unique."""
    username_key: Mapped[str] = mapped_column(String(24), unique=True)
    """The name case-folded (NFKC): "Alice" and "alice" are one account."""
    password_hash: Mapped[str] = mapped_column(String(200))
    seat_key: Mapped[str] = mapped_column(String(64))
    """Secret (never sent) from which the account's seat links are derived; a new one
    (log out everywhere) voids every link the account was given."""
    created_at: Mapped[float] = mapped_column(Float)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    notify_email: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether "your turn" and reminders go to ``email`` (the player opted in)."""
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its cookie, its CSRF token, when it expires."""

    __tablename__ = "user_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class AuthAttemptRow(Base):
    """Sign-in and sign-up attempts counted per address and per account in fixed windows,
    shared by every server process (credential stuffing meets the same limit on each)."""

    __tablename__ = "auth_attempts"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    window: Mapped[int] = mapped_column(Integer, primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


class RatingRow(Base):
    """A player's OpenSkill rating in one game (mu, sigma) over their rated tables."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingChangeRow(Base):
    """What one rated table did to one account's rating: written once, with the rating,
    so a table is rated exactly once however many processes see it finish."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message at a table, by a seat, as written (escaped when shown)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(40), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[int] = mapped_column(Integer)
    """The move count when it was written (a replay shows the chat up to its move)."""
    name: Mapped[str] = mapped_column(String(60))
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[float] = mapped_column(Float)


class MuteRow(Base):
    """A seat that does not want to see another seat's chat at a table."""

    __tablename__ = "chat_mutes"

    table_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted: Mapped[int] = mapped_column(Integer, primary_key=True)


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for an account (where the operator has VAPID keys)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    keys: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)


class NotificationRow(Base):
    """A notification sent (your turn, or a reminder before the clock runs out), once per
    account, table, decision and kind, whichever process sends it."""

    __tablename__ = "notifications_sent"

    table_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    at: Mapped[float] = mapped_column(Float)
