"""Storage: tables, seats and moves in a SQL database (SQLite by default, PostgreSQL by URL).

Only this package holds SQL.  A table's moves are its record, so a restarted server
resumes every game exactly by replaying them.
"""

from motherlode.storage.db import Database, default_database_url
from motherlode.storage.models import MoveRow, SeatRow, TableRow

__all__ = ["Database", "MoveRow", "SeatRow", "TableRow", "default_database_url"]
