"""Accounts, ratings, chat and notifications (issue 32).

``users`` and ``user_sessions`` hold accounts and their signed-in browsers (argon2id hashes,
SHA-256 of session cookies); ``auth_attempts`` counts sign-ins per address and per account
across processes.  ``seats.user_id`` names the account holding a seat: NULL for every seat of
an earlier release (a guest"s, by its link alone, as before; it may be claimed later).
``ratings`` and ``rating_changes`` hold OpenSkill ratings per game and what each rated table
did to them; ``chat`` and ``chat_mutes`` a table"s chat; ``push_subscriptions`` and
``notifications_sent`` the "your turn" notifications.  All new tables start empty.

Revision ID: 0005_accounts
Revises: 0004_table_people
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_accounts"
down_revision: str | Sequence[str] | None = "0004_table_people"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "auth_attempts",
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("window", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", "window"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("chat", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_chat_table_id"), ["table_id"], unique=False)

    op.create_table(
        "chat_mutes",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("muted", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", "muted"),
    )
    op.create_table(
        "notifications_sent",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("move", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id", "move", "kind"),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("keys", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("endpoint"),
    )
    with op.batch_alter_table("push_subscriptions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_push_subscriptions_user_id"), ["user_id"], unique=False
        )

    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rating_changes_user_id"), ["user_id"], unique=False)

    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game"),
    )
    op.create_table(
        "user_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("csrf", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("user_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_user_sessions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("username", sa.String(length=24), nullable=False),
        sa.Column("username_key", sa.String(length=24), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("seat_key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("notify_email", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("username_key"),
    )
    # ADD COLUMN in place on SQLite too (a batch copy of ``seats`` is not needed).
    op.add_column("seats", sa.Column("user_id", sa.Integer(), nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_seats_user_id", table_name="seats")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("user_id")

    op.drop_table("users")
    with op.batch_alter_table("user_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_user_sessions_user_id"))

    op.drop_table("user_sessions")
    op.drop_table("ratings")
    with op.batch_alter_table("rating_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rating_changes_user_id"))

    op.drop_table("rating_changes")
    with op.batch_alter_table("push_subscriptions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_push_subscriptions_user_id"))

    op.drop_table("push_subscriptions")
    op.drop_table("notifications_sent")
    op.drop_table("chat_mutes")
    with op.batch_alter_table("chat", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_chat_table_id"))

    op.drop_table("chat")
    op.drop_table("auth_attempts")
