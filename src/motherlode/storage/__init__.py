"""Storage: tables, seats and moves in a SQL database (SQLite by default, PostgreSQL by URL).

Only this package holds SQL.  A table's moves are its record, so a restarted server
resumes every game exactly by replaying them.  The schema is versioned by Alembic
(:mod:`motherlode.storage.migrations`) and brought up to date whenever a database is opened.
"""

from motherlode.storage.db import Database, TableClosed, default_database_url
from motherlode.storage.migrations import SchemaError
from motherlode.storage.models import MoveRow, SeatRow, TableRow

__all__ = [
    "Database",
    "MoveRow",
    "SchemaError",
    "SeatRow",
    "TableClosed",
    "TableRow",
    "default_database_url",
]
