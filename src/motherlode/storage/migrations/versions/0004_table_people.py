"""Tables that hold people: privacy, table events, clocks and votes, presence.

``listed`` says whether a table is public (listed in the lobby); every table of an earlier
release was, so it stays listed.  ``table_events`` holds what the people did that is not a
move (the record's ``meta["table"]``), ``people`` the table's clock and an absent seat's
vote; both NULL for earlier tables (nothing happened, no clock).  ``presence`` says which
process holds a connection to which seat (online or away), across processes.

Revision ID: 0004_table_people
Revises: 0003_shared_tables
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_table_people"
down_revision: str | Sequence[str] | None = "0003_shared_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("listed", "table_events", "people")


def upgrade() -> None:
    # ADD COLUMN in place on SQLite too (a batch copy of ``tables`` would break the
    # foreign keys of seats and moves): a constant default is all it needs.
    op.add_column(
        "tables", sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column("tables", sa.Column("table_events", sa.JSON(), nullable=True))
    op.add_column("tables", sa.Column("people", sa.JSON(), nullable=True))
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("seen", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", "owner"),
    )


def downgrade() -> None:
    op.drop_table("presence")
    for name in reversed(COLUMNS):
        op.drop_column("tables", name)
