"""Several server processes on one database: who this process is, what the others did.

- SQLite serves one process: :class:`SingleProcess` holds a lock file beside the database
  for as long as the server runs, and a second process on the same file is refused at start.
- PostgreSQL serves any number: each process LISTENs on :data:`~motherlode.storage.db.CHANNEL`
  (:func:`listen`) and brings its copy of a table up to date when another process changed it.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import secrets
import socket
from collections.abc import Callable
from pathlib import Path
from typing import IO

from sqlalchemy.engine import make_url

from motherlode.storage.db import CHANNEL

log = logging.getLogger("motherlode.web")


def process_name() -> str:
    """This server process, as leases name it: host, pid and a random tag (a pid is reused)."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


class SingleProcess:
    """The one server process of a SQLite database (a lock file ``DATABASE.lock``)."""

    def __init__(self, database: str) -> None:
        self.path = Path(database + ".lock")
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        handle = self.path.open("a")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise RuntimeError(
                f"another motherlode server is already serving the SQLite database "
                f"{self.path.with_suffix('')}; SQLite serves one server process. For several "
                "processes use PostgreSQL: --database-url postgresql+psycopg://USER@HOST/DB"
            ) from None
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (None for other databases and in-memory SQLite)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return str(Path(parsed.database).resolve())


async def listen(url: str, changed: Callable[[str, str], None], *, retry: float = 1.0) -> None:
    """Call ``changed(table_id, what)`` for every change announced (``what``: the table's new
    version, or ``clock``), until cancelled.  On each (re)connection it reports every table
    (``"*"``, ``""``): announcements made while it was not listening are lost."""
    import psycopg

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    lost = False  # told once: a database down for a minute is not sixty warnings
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if lost:
                    log.warning("listening to the database's change announcements again")
                    lost = False
                changed("*", "")  # whatever changed before we listened
                async for note in conn.notifies():
                    table_id, _, what = note.payload.partition(":")
                    changed(table_id, what)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not lost:
                first = (str(exc).strip().splitlines() or [""])[0][:200]
                log.warning("lost the database's change announcements (%s); reconnecting", first)
                lost = True
            await asyncio.sleep(retry)
