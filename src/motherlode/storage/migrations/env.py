"""Alembic's environment for motherlode's schema.

Run two ways: at every start by :func:`motherlode.storage.migrations.upgrade`, which passes
its open connection (already in a transaction) in ``config.attributes["connection"]``; or by
the ``alembic`` command for developers, ``-c src/motherlode/storage/migrations/alembic.ini
-x url=DATABASE_URL``, which connects to that URL.

SQLite alters tables in batch mode (a copy of the table) where it cannot ALTER in place;
autogenerate writes batch operations there too.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

import motherlode.storage.ledger  # noqa: F401  (puts the GOLDFIX dashboard tables on Base.metadata)
from motherlode.storage.models import Base


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        run_migrations(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("name the database: alembic -x url=sqlite:///path/to/file.db ...")
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            run_migrations(connection)
    finally:
        engine.dispose()


main()
