"""The schema's history: Alembic revisions, applied by every :class:`~motherlode.storage.Database`
when it opens a database, so a server upgrade keeps every table, seat, move and ledger entry.

Alembic runs here programmatically: :func:`alembic_config` points at this package, so no
``alembic.ini`` is needed at run time (the ``alembic.ini`` beside this file is for developers
writing a revision, see ``docs/web.md``).  A database written before migrations existed has
the tables of :data:`INITIAL` but no ``alembic_version``; it is stamped :data:`INITIAL` and then
upgraded like any other.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect

HERE = Path(__file__).parent

INITIAL = "0001_initial"
"""The schema of the last release without migrations (commit 616f1e2)."""

INITIAL_TABLES = frozenset(
    {"tables", "seats", "moves", "goldfix_dashboards", "goldfix_dashboard_entries"}
)

_LOCK_KEY = 0x6D6F746865726C  # "motherl": PostgreSQL advisory lock held while migrating


class SchemaError(Exception):
    """A database whose schema this release cannot recognise, so it will not touch it."""


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for this package, running on ``connection`` when given."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision this release knows."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None, "the migrations package has no revisions"
    return revision


def current(connection: Connection) -> str | None:
    """The revision a database is at (None: no ``alembic_version``)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: Connection) -> None:
    """Bring the database on ``connection`` to :func:`head`; nothing to do is a no-op.

    Call it inside a transaction.  On PostgreSQL, whose DDL is transactional, the whole
    upgrade is one transaction under an advisory lock, so server processes starting together
    migrate once: the others wait, then find the database at head.
    """
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
    config = alembic_config(connection)
    present = set(inspect(connection).get_table_names())
    if "alembic_version" not in present and present & INITIAL_TABLES:
        missing = INITIAL_TABLES - present
        if missing:
            raise SchemaError(
                "this database has some of motherlode's tables but not "
                f"{', '.join(sorted(missing))}, and no migration history (alembic_version); "
                "it was not written by a release this one can upgrade, so it is left untouched"
            )
        command.stamp(config, INITIAL)  # written by the release before migrations
    command.upgrade(config, "head")
