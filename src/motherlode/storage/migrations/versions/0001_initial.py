"""The schema of the last release before migrations (commit 616f1e2).

Exactly what that release's ``Base.metadata.create_all`` made: tables, seats and moves;
GOLDFIX dashboards and their ledger entries.  A database that release wrote is stamped at
this revision rather than upgraded through it.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "goldfix_dashboards",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rules_version", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_tables_game", "tables", ["game"], unique=False)
    op.create_index("ix_tables_status", "tables", ["status"], unique=False)
    op.create_table(
        "goldfix_dashboard_entries",
        sa.Column("dashboard_id", sa.String(length=40), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("transaction", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["dashboard_id"], ["goldfix_dashboards.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("dashboard_id", "index"),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "index"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("agent", sa.String(length=120), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("seats")
    op.drop_table("moves")
    op.drop_table("goldfix_dashboard_entries")
    op.drop_index("ix_tables_status", table_name="tables")
    op.drop_index("ix_tables_game", table_name="tables")
    op.drop_table("tables")
    op.drop_table("goldfix_dashboards")
