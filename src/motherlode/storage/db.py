"""The database: engine, sessions and the few queries the table service needs.

Opening a :class:`Database` brings its schema up to date with the Alembic migrations in
:mod:`motherlode.storage.migrations` (a new database is created by them), so a server
upgrade resumes every table of the previous release as it was.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, selectinload, sessionmaker

from motherlode.engine import GameRecord
from motherlode.storage import migrations
from motherlode.storage.models import MoveRow, SeatRow, TableRow, utcnow


def default_database_url() -> str:
    return f"sqlite:///{Path('motherlode.db').resolve()}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class TableClosed(Exception):
    """A change refused because the table's game is finished: a finished game is final."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is finished: its result is final")
        self.table_id = table_id


Undo = tuple[int, int | None]
"""Undo eligibility as the table service keeps it: (undo floor, the seat that may undo)."""


class Database:
    """Owns the SQLAlchemy engine; every method is one committed transaction.

    Opening one migrates the schema to the newest revision (see :func:`migrations.upgrade`).
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine: Engine = create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with self.engine.begin() as connection:
            migrations.upgrade(connection)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def create_table(
        self,
        table_id: str,
        record: GameRecord,
        token_hashes: Sequence[str | None],
        settings: dict[str, Any],
        *,
        seed_salt: str | None = None,
    ) -> None:
        """Store a new running table; ``seed_salt`` is the salt of its seed's commitment."""
        with self.session() as s:
            row = TableRow(
                id=table_id,
                game=record.game,
                rules_version=record.rules_version,
                options=record.options,
                settings=settings,
                seed=record.seed,
                status="running",
                seed_salt=seed_salt,
            )
            for i, seat in enumerate(record.seats):
                row.seats.append(
                    SeatRow(
                        seat=i,
                        name=str(seat.get("name", f"Player {i + 1}")),
                        agent=str(seat.get("agent", "human")),
                        token_hash=token_hashes[i],
                    )
                )
            s.add(row)

    def add_move(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: dict[str, Any],
        result: Any = None,
        *,
        undo: Undo | None = None,
    ) -> None:
        """Store one move (committed on return); ``result`` set means the game is over.

        ``undo`` (floor, seat), when given, is stored in the same transaction.  Raises
        :class:`TableClosed` (storing nothing) if the table is already finished.  The table's
        row is locked first (``FOR UPDATE`` on PostgreSQL), so moves are serialized per table.
        """
        with self.session() as s:
            row = s.get(TableRow, table_id, with_for_update=True)
            if row is not None and row.status == "finished":
                raise TableClosed(table_id)
            s.add(MoveRow(table_id=table_id, index=index, seat=seat, action=action))
            if row is not None:
                row.updated_at = utcnow()
                if undo is not None:
                    row.undo_floor, row.undo_seat = undo
                if result is not None:
                    row.status = "finished"
                    row.result = result

    def delete_moves_after(self, table_id: str, keep: int, *, undo: Undo | None = None) -> None:
        """Undo: delete the moves after move ``keep``, storing ``undo`` when given.

        Raises :class:`TableClosed` (deleting nothing) if the table is finished.
        """
        with self.session() as s:
            row = s.get(TableRow, table_id, with_for_update=True)
            if row is not None and row.status == "finished":
                raise TableClosed(table_id)
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.index > keep))
            if row is not None:
                row.updated_at = utcnow()
                if undo is not None:
                    row.undo_floor, row.undo_seat = undo

    def set_clock(self, table_id: str, move: int | None, deadline: float | None) -> None:
        """Store the running decision clock: the move count its decision opened at and its
        deadline (epoch seconds); None, None when no clock runs."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(clock_move=move, clock_deadline=deadline)
            )

    def record(self, table_id: str) -> GameRecord | None:
        with self.session() as s:
            row = s.scalar(
                select(TableRow)
                .where(TableRow.id == table_id)
                .options(selectinload(TableRow.seats), selectinload(TableRow.moves))
            )
            if row is None:
                return None
            return GameRecord(
                game=row.game,
                rules_version=row.rules_version,
                options=dict(row.options),
                seed=row.seed,
                seats=[{"name": st.name, "agent": st.agent} for st in row.seats],
                moves=[(m.seat, dict(m.action)) for m in row.moves],
            )

    def table_info(self, table_id: str) -> dict[str, Any] | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return self._summary(row)

    def table_state(self, table_id: str) -> dict[str, Any] | None:
        """What the server keeps private about a table (the seed's salt is secret until the
        game ends): never part of :meth:`table_info` or :meth:`list_tables`."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return {
                "seed_salt": row.seed_salt,
                "undo_floor": row.undo_floor,
                "undo_seat": row.undo_seat,
                "clock_move": row.clock_move,
                "clock_deadline": row.clock_deadline,
                "settings": row.settings,
                "status": row.status,
            }

    def token_hashes(self, table_id: str) -> list[str | None]:
        with self.session() as s:
            rows = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            return [r.token_hash for r in rows]

    def list_tables(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        with self.session() as s:
            query = (
                select(TableRow)
                .options(selectinload(TableRow.seats))
                .order_by(TableRow.updated_at.desc())
            )
            if status:
                query = query.where(TableRow.status == status)
            return [self._summary(r) for r in s.scalars(query.limit(limit))]

    def running_table_ids(self) -> list[str]:
        with self.session() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status == "running")))

    @staticmethod
    def _summary(row: TableRow) -> dict[str, Any]:
        """The public listing of a table (no seed, salt, tokens, undo or clock)."""
        return {
            "id": row.id,
            "game": row.game,
            "status": row.status,
            "options": row.options,
            "settings": row.settings,
            "seats": [{"seat": s.seat, "name": s.name, "agent": s.agent} for s in row.seats],
            "created_at": row.created_at.isoformat(),
            "updated_at": row.updated_at.isoformat(),
            "result": row.result,
        }
