"""Per-table state of the live service: seed salt, undo eligibility, decision clock.

What the server keeps so that a restart changes nothing a player relies on: the salt of
the seed's commitment, who may undo back to where, and the running decision clock.  All
nullable: NULL for tables created before (no commitment, no undo across the restart, no
clock running).

Revision ID: 0002_table_trust
Revises: 0001_initial
Create Date: 2026-11-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_table_trust"
down_revision: str | Sequence[str] | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("seed_salt", "undo_floor", "undo_seat", "clock_move", "clock_deadline")


def upgrade() -> None:
    # ADD COLUMN works in place on SQLite too: batch mode copies nothing here.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seed_salt", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("undo_floor", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("undo_seat", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_move", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.Float(), nullable=True))


def downgrade() -> None:
    # Not batch mode: a batch copy of ``tables`` would drop the table that seats and moves
    # refer to.  SQLite drops a column in place since 3.35.
    for name in reversed(COLUMNS):
        op.drop_column("tables", name)
