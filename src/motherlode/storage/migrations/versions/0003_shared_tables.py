"""Tables shared by several server processes: a version per table and a lease for its bots.

``version`` counts every change to a table's moves (a move added, an undo), so a process can
tell whether its copy in memory is current; ``lease_owner`` / ``lease_until`` say which
process runs the table's bots and decision clock, and until when (epoch seconds) unless it
renews.  A running table of an earlier release gets an expired lease with no owner, so the
first process that starts picks up its bots and clock.

Revision ID: 0003_shared_tables
Revises: 0002_table_trust
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_shared_tables"
down_revision: str | Sequence[str] | None = "0002_table_trust"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("version", "lease_owner", "lease_until")


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("lease_owner", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float(), nullable=True))
    op.execute("UPDATE tables SET lease_owner = '', lease_until = 0 WHERE status = 'running'")


def downgrade() -> None:
    for name in reversed(COLUMNS):
        op.drop_column("tables", name)
