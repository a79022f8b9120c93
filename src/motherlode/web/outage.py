"""A database outage, told once: 503 "try again shortly" to every request meanwhile, one log
line when it starts and one when it ends (a stopped PostgreSQL used to leave a traceback
per request, hundreds a few seconds)."""

from __future__ import annotations

import logging
import time

from sqlalchemy import exc as sa

from motherlode.engine.words import T

log = logging.getLogger("motherlode.web")

MESSAGE = T("the database is out of reach for a moment; please try again shortly")
"""What a refused request is told (words: each in its request's language)."""
RETRY_AFTER = 5
"""Seconds a refused client is told to wait (the ``Retry-After`` header)."""


def _driver_errors() -> tuple[type[Exception], ...]:
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return ()
    return (psycopg.OperationalError, psycopg.InterfaceError)


OUTAGE_ERRORS: tuple[type[Exception], ...] = (
    sa.OperationalError,
    sa.InterfaceError,
    sa.DisconnectionError,
    sa.TimeoutError,
    ConnectionError,
    *_driver_errors(),
)
"""What a database out of reach raises: SQLAlchemy's wrappers (a refused or lost
connection, a pool that cannot connect in time) and the driver's own, for the raw
connection that listens to announcements."""


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be reached (not that a query is wrong)."""
    return isinstance(error, OUTAGE_ERRORS)


class Outage:
    """Whether the database is out of reach now, since when, and how much was refused."""

    def __init__(self) -> None:
        self.since: float | None = None
        self.refused = 0
        self.outages = 0

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: BaseException, where: str = "a request") -> None:
        """Count one refusal; the first of an outage is logged, with the error in a line."""
        self.refused += 1
        if self.since is None:
            self.since = time.monotonic()
            self.outages += 1
            first = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
            log.error(
                "the database is out of reach (%s in %s: %s); answering 503 until it is back",
                type(error).__name__,
                where,
                first,
            )

    def recovered(self) -> None:
        """The database answered again: one line saying how long it was gone."""
        if self.since is None:
            return
        log.warning(
            "the database is back after %.1f s; %d requests or tasks were refused meanwhile",
            time.monotonic() - self.since,
            self.refused,
        )
        self.since = None
        self.refused = 0
