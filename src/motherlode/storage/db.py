"""The database: engine, sessions and the few queries the table service needs.

Opening a :class:`Database` brings its schema up to date with the Alembic migrations in
:mod:`motherlode.storage.migrations` (a new database is created by them), so a server
upgrade resumes every table of the previous release as it was.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session, selectinload, sessionmaker

from motherlode.engine import GameRecord
from motherlode.storage import migrations
from motherlode.storage.models import MoveRow, PresenceRow, SeatRow, TableRow, utcnow


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


CHANNEL = "motherlode_tables"
"""The PostgreSQL NOTIFY channel: ``TABLE_ID:VERSION`` after each committed change to a
table's moves, ``TABLE_ID:clock`` after its clock changed.  It names no move or seat: each
process reads what changed from the database and shows each connection only its own view."""


def _notify(connection: Session | Connection, table_id: str, what: str) -> None:
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": f"{table_id}:{what}"},
    )


@dataclass
class TableChanges:
    """What a process needs to bring its copy of a table up to date."""

    version: int
    status: str
    moves: list[tuple[int, int, dict[str, Any]]]
    """(index, seat, action) of each move after the one asked for, in order."""
    undo: Undo | None
    clock: tuple[int, float] | None
    """(the move its decision opened at, deadline) of the running decision clock."""


_T = cast(Table, TableRow.__table__)
_M = cast(Table, MoveRow.__table__)
_S = cast(Table, SeatRow.__table__)
_LOCK = (
    select(
        _T.c.version,
        _T.c.status,
        _T.c.lease_owner,
        _T.c.undo_floor,
        _T.c.undo_seat,
        _T.c.clock_move,
        _T.c.clock_deadline,
    )
    .where(_T.c.id == bindparam("table_id"))
    .with_for_update()
)
_MOVES_AFTER = (
    select(_M.c.index, _M.c.seat, _M.c.action)
    .where(_M.c.table_id == bindparam("table_id"), _M.c.index > bindparam("after"))
    .order_by(_M.c.index)
)
_INSERT_MOVE = _M.insert()
_UPDATE_TABLE = _T.update().where(_T.c.id == bindparam("table_id"))
_DELETE_MOVES = _M.delete().where(
    _M.c.table_id == bindparam("table_id"), _M.c.index > bindparam("keep")
)
"""The statements of the per-move path, built once."""

_UPDATES: dict[tuple[str, ...], Any] = {}


def _update_table(columns: tuple[str, ...]) -> Any:
    """The UPDATE of the table row setting ``columns`` (sorted), built once per column set."""
    statement = _UPDATES.get(columns)
    if statement is None:
        statement = _UPDATE_TABLE.values({c: bindparam(f"new_{c}") for c in columns})
        _UPDATES[columns] = statement
    return statement


class _Direct:
    """A Core statement run on the driver's own connection, inside SQLAlchemy's transaction:
    compiled once for the dialect, its parameters converted by SQLAlchemy's own type
    processors (JSON, dates), its rows plain tuples.

    A live table writes one move after another; per statement SQLAlchemy's execution
    machinery cost three times what SQLite itself takes (bench: a move's three statements
    and commit, 135 µs through ``Connection.execute``, 60 µs this way)."""

    def __init__(self, statement: Any, dialect: Any) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql: str = compiled.string
        self.order: tuple[str, ...] | None = (
            None if compiled.positiontup is None else tuple(compiled.positiontup)
        )
        """Parameter names in order for a positional driver (SQLite); None: by name."""
        self.processors: dict[str, Callable[[Any], Any]] = {}
        for bind in compiled.binds.values():
            processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if processor is not None:
                self.processors[bind.key] = processor

    def execute(self, connection: Connection, values: dict[str, Any]) -> Any:
        for name, processor in self.processors.items():
            if name in values:
                values[name] = processor(values[name])
        params: Any = values if self.order is None else tuple(values[k] for k in self.order)
        return connection.connection.driver_connection.execute(  # type: ignore[union-attr]
            self.sql, params
        )


class _DirectStatements:
    """The per-move statements compiled for one engine's dialect (see :class:`_Direct`)."""

    def __init__(self, dialect: Any) -> None:
        self.dialect = dialect
        self.lock = _Direct(_LOCK, dialect)
        self.insert_move = _Direct(_INSERT_MOVE, dialect)
        self._updates: dict[tuple[str, ...], _Direct] = {}

    def update(self, columns: tuple[str, ...]) -> _Direct:
        direct = self._updates.get(columns)
        if direct is None:
            direct = self._updates[columns] = _Direct(_update_table(columns), self.dialect)
        return direct


class LockedTable:
    """A table's row, locked for one change: read what others committed, then write."""

    def __init__(
        self,
        connection: Connection,
        table_id: str,
        notifies: bool,
        direct: _DirectStatements,
    ) -> None:
        self.connection = connection
        self.table_id = table_id
        self.notifies = notifies
        self.direct = direct
        self.changed = False
        self.people_changed = False
        row = direct.lock.execute(connection, {"table_id": table_id}).fetchone()
        if row is None:
            raise KeyError(table_id)
        version, status, owner, floor, seat, clock_move, clock_deadline = row
        self.version: int = version
        self.status: str = status
        self.lease_owner: str | None = owner
        self.undo: Undo | None = None if floor is None else (floor, seat)
        self.clock: tuple[int, float] | None = None
        if clock_move is not None and clock_deadline is not None:
            self.clock = (clock_move, clock_deadline)

    def changes(self, after: int) -> TableChanges:
        moves = self.connection.execute(_MOVES_AFTER, {"table_id": self.table_id, "after": after})
        return TableChanges(
            self.version,
            self.status,
            [(i, s, dict(a)) for i, s, a in moves],
            self.undo,
            self.clock,
        )

    def add_move(
        self,
        index: int,
        seat: int,
        action: dict[str, Any],
        result: Any = None,
        *,
        undo: Undo | None = None,
        worker: bool = False,
    ) -> None:
        """Store one move; ``result`` set means the game is over (its lease is let go).

        ``undo`` (floor, seat), when given, is stored with it.  ``worker``: the table now
        needs a process to run its bots or clock; unless one holds its lease, it is marked
        as needing one in the same transaction, so it is taken up even if this process dies
        before it claims the lease.  Raises :class:`TableClosed` (storing nothing) if the
        table is already finished.
        """
        if self.status == "finished":
            raise TableClosed(self.table_id)
        self.direct.insert_move.execute(
            self.connection,
            {
                "table_id": self.table_id,
                "index": index,
                "seat": seat,
                "action": action,
                "created_at": utcnow(),
            },
        )
        values: dict[str, Any] = {}
        if worker and self.lease_owner is None:
            values.update(lease_owner="", lease_until=0.0)
            self.lease_owner = ""
        if result is not None:
            self._finish(values, result)
        self._changed(undo, values)

    def _finish(self, values: dict[str, Any], result: Any) -> None:
        """The game is over with ``result``: its lease and clock go with it."""
        self.status = "finished"
        values.update(
            status="finished",
            result=result,
            lease_owner=None,
            lease_until=None,
            clock_move=None,
            clock_deadline=None,
        )

    def delete_moves_after(self, keep: int, *, undo: Undo | None = None) -> None:
        """Undo: delete the moves after move ``keep``, storing ``undo`` when given.

        Raises :class:`TableClosed` (deleting nothing) if the table is finished.
        """
        if self.status == "finished":
            raise TableClosed(self.table_id)
        self.connection.execute(_DELETE_MOVES, {"table_id": self.table_id, "keep": keep})
        self._changed(undo, {})

    def _changed(self, undo: Undo | None, values: dict[str, Any]) -> None:
        self.version += 1
        values.update(version=self.version, updated_at=utcnow())
        if undo is not None:
            values.update(undo_floor=undo[0], undo_seat=undo[1])
            self.undo = undo
        params = {f"new_{k}": v for k, v in values.items()}
        update = self.direct.update(tuple(sorted(values)))
        update.execute(self.connection, {"table_id": self.table_id, **params})
        self.changed = True

    def people(self) -> dict[str, Any]:
        """The table's clock and an absent seat's vote (see ``web/people.py``); {} if none."""
        row = self.connection.execute(
            select(_T.c.people).where(_T.c.id == self.table_id)
        ).fetchone()
        return dict(row[0] or {}) if row is not None else {}

    def set_people(self, people: dict[str, Any]) -> None:
        """Store the clock and the vote; the other processes are told (``TABLE:people``)."""
        self.connection.execute(
            update(_T).where(_T.c.id == self.table_id).values(people=people or None)
        )
        self.people_changed = True

    def add_table_event(
        self,
        event: dict[str, Any],
        *,
        agent: tuple[int, str] | None = None,
        result: Any = None,
        undo: Undo | None = None,
    ) -> None:
        """Append a table event (the record's ``meta["table"]``): with ``agent`` (seat,
        spec) that seat's player changes; with ``result`` the game ends (its lease let go).
        Raises :class:`TableClosed` if the game is already over."""
        if self.status == "finished":
            raise TableClosed(self.table_id)
        row = self.connection.execute(
            select(_T.c.table_events).where(_T.c.id == self.table_id)
        ).fetchone()
        events = list((row[0] if row is not None else None) or [])
        events.append(event)
        values: dict[str, Any] = {"table_events": events}
        if agent is not None:
            seat, spec = agent
            self.connection.execute(
                update(_S)
                .where(_S.c.table_id == self.table_id, _S.c.seat == seat)
                .values(agent=spec)
            )
        if result is not None:
            self._finish(values, result)
            values["people"] = None  # no clock nor vote after the end
        self._changed(undo, values)

    def notify(self) -> None:
        """Tell the other processes (on PostgreSQL, delivered when the change commits)."""
        if self.notifies:
            _notify(self.connection, self.table_id, str(self.version))


def _changes(session: Session, row: TableRow, after: int) -> TableChanges:
    moves = session.execute(_MOVES_AFTER, {"table_id": row.id, "after": after})
    undo = None if row.undo_floor is None else (row.undo_floor, row.undo_seat)
    clock = None
    if row.clock_move is not None and row.clock_deadline is not None:
        clock = (row.clock_move, row.clock_deadline)
    return TableChanges(
        row.version, row.status, [(i, s, dict(a)) for i, s, a in moves], undo, clock
    )


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
        self._direct = _DirectStatements(self.engine.dialect)
        self.notifies = self.engine.dialect.name == "postgresql"
        """Whether changes are announced to other processes (PostgreSQL's NOTIFY)."""

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
        listed: bool = True,
        people: dict[str, Any] | None = None,
    ) -> None:
        """Store a new running table; ``seed_salt`` is the salt of its seed's commitment;
        ``listed``: public (in the lobby's list), else private (by link only)."""
        with self.session() as s:
            row = TableRow(
                listed=listed,
                people=people or None,
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

    @contextmanager
    def locked(self, table_id: str) -> Iterator[LockedTable]:
        """One change to a table, as one transaction holding its row's lock (``FOR UPDATE``
        on PostgreSQL; SQLite lets one writer at a time), so changes to a table are
        serialized across server processes.  Raises KeyError for an unknown table."""
        with self.engine.begin() as connection:
            locked = LockedTable(connection, table_id, self.notifies, self._direct)
            yield locked
            if locked.changed:
                locked.notify()
            elif locked.people_changed and self.notifies:
                _notify(connection, table_id, "people")

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
        """Store one move (committed on return): see :meth:`LockedTable.add_move`."""
        with self.locked(table_id) as table:
            table.add_move(index, seat, action, result, undo=undo)

    def delete_moves_after(self, table_id: str, keep: int, *, undo: Undo | None = None) -> None:
        """Undo: see :meth:`LockedTable.delete_moves_after`."""
        with self.locked(table_id) as table:
            table.delete_moves_after(keep, undo=undo)

    def set_clock(self, table_id: str, move: int | None, deadline: float | None) -> None:
        """Store the running decision clock: the move count its decision opened at and its
        deadline (epoch seconds); None, None when no clock runs.  Other processes are told."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(clock_move=move, clock_deadline=deadline)
            )
            if self.notifies:
                _notify(s, table_id, "clock")

    def changes(self, table_id: str, after: int) -> TableChanges | None:
        """A table's version and private state, and its moves after move ``after``."""
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else _changes(s, row, after)

    # ------------------------------------------------------------- leases

    def claim(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or keep) the lease on a running table's bots and clock for ``seconds``:
        True if ``owner`` holds it now, False if another process's lease is still live."""
        now = time.time()
        free = or_(
            TableRow.lease_owner.is_(None),
            TableRow.lease_owner.in_(("", owner)),
            TableRow.lease_until < now,
        )
        with self.session() as s:
            done = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "running", free)
                .values(lease_owner=owner, lease_until=now + seconds)
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def release(self, table_id: str, owner: str) -> None:
        """Give the lease back (no bot or clock to run now): nobody needs to take it over."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.lease_owner == owner)
                .values(lease_owner=None, lease_until=None)
            )

    def abandon(self, owner: str) -> None:
        """A process stopping: its tables' bots and clocks go to whichever process looks
        next, at once (the lease is left expired with no owner, not given back: they still
        have work)."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.lease_owner == owner)
                .values(lease_owner="", lease_until=0)
            )

    def renew(self, owner: str, seconds: float) -> set[str]:
        """Extend every lease ``owner`` holds; the ids of the tables it still holds."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.lease_owner == owner)
                .values(lease_until=time.time() + seconds)
            )
            return set(s.scalars(select(TableRow.id).where(TableRow.lease_owner == owner)))

    def orphans(self, limit: int = 50) -> list[str]:
        """Running tables whose bots or clock nobody runs: their lease ran out unrenewed."""
        with self.session() as s:
            query = select(TableRow.id).where(
                TableRow.status == "running",
                TableRow.lease_owner.is_not(None),
                TableRow.lease_until < time.time(),
            )
            return list(s.scalars(query.limit(limit)))

    def expire_leases(self) -> None:
        """Let every lease run out now (a lone server process starting: nobody else runs
        bots on this database, so what the last one held is picked up at once)."""
        with self.session() as s:
            s.execute(
                update(TableRow).where(TableRow.lease_owner.is_not(None)).values(lease_until=0)
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
                meta={"table": list(row.table_events)} if row.table_events else {},
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
                "version": row.version,
                "listed": row.listed,
                "people": row.people,
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
            query = query.where(TableRow.listed.is_(True))  # private tables: by link only
            return [self._summary(r) for r in s.scalars(query.limit(limit))]

    # ------------------------------------------------------------ open seats

    def open_seats(self, table_id: str) -> list[int]:
        """The seats waiting for a person to take them (a person's seat with no token)."""
        with self.session() as s:
            query = select(SeatRow.seat).where(
                SeatRow.table_id == table_id,
                SeatRow.agent == "human",
                SeatRow.token_hash.is_(None),
            )
            return sorted(s.scalars(query))

    def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open seat to whoever asks first, in one statement: True for the one
        request (of any process) that took it, False for every other.  The table's version
        moves on, so every process reloads the names."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(_S)
                .where(
                    _S.c.table_id == table_id,
                    _S.c.seat == seat,
                    _S.c.agent == "human",
                    _S.c.token_hash.is_(None),
                    _S.c.table_id.in_(
                        select(_T.c.id).where(_T.c.id == table_id, _T.c.status == "running")
                    ),
                )
                .values(token_hash=token_hash, name=name)
            )
            if not done.rowcount:
                return False
            connection.execute(
                update(_T)
                .where(_T.c.id == table_id)
                .values(version=_T.c.version + 1, updated_at=utcnow())
            )
            if self.notifies:
                _notify(connection, table_id, "seats")
            return True

    # -------------------------------------------------------------- presence

    def set_presence(self, table_id: str, seat: int, owner: str, status: str | None) -> None:
        """This process's connections to a seat: ``online``, ``away``, or None (none left)."""
        with self.session() as s:
            s.execute(
                delete(PresenceRow).where(
                    PresenceRow.table_id == table_id,
                    PresenceRow.seat == seat,
                    PresenceRow.owner == owner,
                )
            )
            if status is not None:
                s.add(
                    PresenceRow(
                        table_id=table_id, seat=seat, owner=owner, status=status, seen=time.time()
                    )
                )
            if self.notifies:
                _notify(s, table_id, "presence")

    def presence(self, table_id: str, fresh: float) -> dict[int, str]:
        """Each seat's best state over the processes that renewed their rows within
        ``fresh`` seconds: ``online`` beats ``away``; a seat absent here is offline."""
        best: dict[int, str] = {}
        with self.session() as s:
            query = select(PresenceRow.seat, PresenceRow.status).where(
                PresenceRow.table_id == table_id, PresenceRow.seen >= time.time() - fresh
            )
            for seat, status in s.execute(query):
                if best.get(seat) != "online":
                    best[seat] = status
        return best

    def renew_presence(self, owner: str) -> None:
        """Keep this process's presence rows fresh; drop the long-dead rows of any process."""
        now = time.time()
        with self.session() as s:
            s.execute(update(PresenceRow).where(PresenceRow.owner == owner).values(seen=now))
            s.execute(delete(PresenceRow).where(PresenceRow.seen < now - 3600))

    def drop_presence(self, owner: str) -> None:
        with self.session() as s:
            s.execute(delete(PresenceRow).where(PresenceRow.owner == owner))

    def running_count(self) -> int:
        """How many tables are open (for the operator's limit)."""
        with self.session() as s:
            query = select(func.count()).select_from(TableRow).where(TableRow.status == "running")
            return int(s.scalar(query) or 0)

    @staticmethod
    def _summary(row: TableRow) -> dict[str, Any]:
        """The public listing of a table (no seed, salt, tokens, undo or clock)."""
        return {
            "id": row.id,
            "game": row.game,
            "status": row.status,
            "options": row.options,
            "settings": row.settings,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "agent": s.agent,
                    "open": s.agent == "human" and s.token_hash is None,
                }
                for s in row.seats
            ],
            "created_at": row.created_at.isoformat(),
            "updated_at": row.updated_at.isoformat(),
            "result": row.result,
        }
