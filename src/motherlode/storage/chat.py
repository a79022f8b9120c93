"""Storage for a table's chat: its messages and who mutes whom (only SQL; the rules of chat
are :mod:`motherlode.web.chat`'s).

Messages are stored as written, with the seat, the seat's name at the time and the move
count, so a finished game's chat replays beside its moves.  On PostgreSQL a new message is
announced on :data:`~motherlode.storage.db.CHANNEL` as ``TABLE_ID:chat`` when it commits, so
every process serving the table delivers it to its own connections.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from motherlode.storage.db import Database, _notify
from motherlode.storage.models import ChatRow, MuteRow

ANNOUNCEMENT = "chat"
"""What follows ``TABLE_ID:`` on the channel when a message of that table is stored."""


def _message(row: ChatRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "seat": row.seat,
        "name": row.name,
        "text": row.text,
        "move": row.move,
        "at": row.at,
    }


def add_message(
    db: Database, table_id: str, seat: int, name: str, text: str, move: int, at: float
) -> dict[str, Any]:
    """Store one message (committed on return, announced to every process) and return it
    as the chat frames carry it."""
    with db.session() as s:
        row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, move=move, at=at)
        s.add(row)
        s.flush()
        if db.notifies:
            _notify(s, table_id, ANNOUNCEMENT)
        return _message(row)


def messages(
    db: Database,
    table_id: str,
    *,
    limit: int = 100,
    up_to_move: int | None = None,
    hide: Collection[int] = (),
) -> list[dict[str, Any]]:
    """The last ``limit`` messages of a table, oldest first: those written at or before
    move ``up_to_move`` if given (a replay), none by the seats in ``hide`` (muted)."""
    query = select(ChatRow).where(ChatRow.table_id == table_id)
    if up_to_move is not None:
        query = query.where(ChatRow.move <= up_to_move)
    if hide:
        query = query.where(ChatRow.seat.not_in(list(hide)))
    with db.session() as s:
        rows = list(s.scalars(query.order_by(ChatRow.id.desc()).limit(limit)))
    return [_message(r) for r in reversed(rows)]


def recent(
    db: Database, table_id: str, after_id: int | None, since: float
) -> tuple[list[dict[str, Any]], dict[int, set[int]]]:
    """What a process delivering a table's chat reads, in one transaction: the messages
    after ``after_id`` (None: none by id) or written since ``since`` (epoch seconds; ids
    may commit out of order, so the recent ones are read again and the caller skips those
    it sent), oldest first, and the table's mutes (:func:`mutes`)."""
    newer = ChatRow.at >= since
    if after_id is not None:
        newer = newer | (ChatRow.id > after_id)
    query = select(ChatRow).where(ChatRow.table_id == table_id, newer).order_by(ChatRow.id)
    with db.session() as s:
        rows = [_message(r) for r in s.scalars(query.limit(1000))]
        return rows, _mutes(s, table_id)


def last_id(db: Database, table_id: str) -> int:
    """The id of a table's newest message; 0 if it has none."""
    with db.session() as s:
        query = select(func.max(ChatRow.id)).where(ChatRow.table_id == table_id)
        return int(s.scalar(query) or 0)


def sent_since(db: Database, table_id: str, seat: int, since: float) -> list[float]:
    """When ``seat`` wrote each of its messages at the table since ``since`` (its rate)."""
    query = select(ChatRow.at).where(
        ChatRow.table_id == table_id, ChatRow.seat == seat, ChatRow.at >= since
    )
    with db.session() as s:
        return list(s.scalars(query))


# ------------------------------------------------------------------ mutes


def _mutes(s: Session, table_id: str) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    query = select(MuteRow.seat, MuteRow.muted).where(MuteRow.table_id == table_id)
    for seat, muted in s.execute(query):
        out.setdefault(seat, set()).add(muted)
    return out


def mutes(db: Database, table_id: str) -> dict[int, set[int]]:
    """Each seat that mutes someone at the table: the seats it mutes."""
    with db.session() as s:
        return _mutes(s, table_id)


def muted_by(db: Database, table_id: str, seat: int) -> set[int]:
    """The seats ``seat`` mutes at the table."""
    query = select(MuteRow.muted).where(MuteRow.table_id == table_id, MuteRow.seat == seat)
    with db.session() as s:
        return set(s.scalars(query))


def mute(db: Database, table_id: str, seat: int, muted: int) -> None:
    """``seat`` mutes ``muted`` (muting twice changes nothing)."""
    try:
        with db.session() as s:
            if s.get(MuteRow, (table_id, seat, muted)) is None:
                s.add(MuteRow(table_id=table_id, seat=seat, muted=muted))
    except IntegrityError:
        pass  # muted already, by a request of the same seat at the same moment


def unmute(db: Database, table_id: str, seat: int, muted: int) -> None:
    """``seat`` hears ``muted`` again."""
    with db.session() as s:
        s.execute(
            delete(MuteRow).where(
                MuteRow.table_id == table_id, MuteRow.seat == seat, MuteRow.muted == muted
            )
        )
