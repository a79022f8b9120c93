"""The database: engine, sessions and the few queries the table service needs."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, selectinload, sessionmaker

from motherlode.engine import GameRecord
from motherlode.storage.models import Base, MoveRow, SeatRow, TableRow, utcnow


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


class Database:
    """Owns the SQLAlchemy engine; every method is one committed transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine: Engine = create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
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
    ) -> None:
        with self.session() as s:
            row = TableRow(
                id=table_id,
                game=record.game,
                rules_version=record.rules_version,
                options=record.options,
                settings=settings,
                seed=record.seed,
                status="running",
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
        self, table_id: str, index: int, seat: int, action: dict[str, Any], result: Any = None
    ) -> None:
        """Store one move (committed on return); ``result`` set means the game is over."""
        with self.session() as s:
            s.add(MoveRow(table_id=table_id, index=index, seat=seat, action=action))
            row = s.get(TableRow, table_id)
            if row is not None:
                row.updated_at = utcnow()
                if result is not None:
                    row.status = "finished"
                    row.result = result

    def delete_moves_after(self, table_id: str, keep: int) -> None:
        with self.session() as s:
            s.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.index > keep))
            row = s.get(TableRow, table_id)
            if row is not None:
                row.status = "running"
                row.result = None
                row.updated_at = utcnow()

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
