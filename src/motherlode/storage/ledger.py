"""Storage for GOLDFIX DASHBOARDs: one row per dashboard, one row per ledger entry.

The ledger is append-only: an entry is only ever added at the end, or (undo) the last one
deleted.  The books are never stored, only replayed from the entries, so the database and
``motherlode.games.goldfix.ledger`` can never disagree.  ``(dashboard_id, index)`` is the
primary key, so two writers racing for the same place cannot both succeed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, delete, func, select
from sqlalchemy.orm import Mapped, mapped_column

from motherlode.storage.db import Database
from motherlode.storage.models import Base, utcnow


class DashboardRow(Base):
    """One table's books: its players (in seat order) and the agreed default winner."""

    __tablename__ = "goldfix_dashboards"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    winner: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DashboardEntryRow(Base):
    """One transaction of a dashboard's ledger, numbered from 1."""

    __tablename__ = "goldfix_dashboard_entries"

    dashboard_id: Mapped[str] = mapped_column(
        ForeignKey("goldfix_dashboards.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    transaction: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def create_dashboard(db: Database, dashboard_id: str, players: list[str], winner: int) -> None:
    with db.session() as s:
        s.add(DashboardRow(id=dashboard_id, players=players, winner=winner))


def dashboard(db: Database, dashboard_id: str) -> dict[str, Any] | None:
    """The dashboard's players, winner and entries (in order), or None."""
    with db.session() as s:
        row = s.get(DashboardRow, dashboard_id)
        if row is None:
            return None
        entries = s.scalars(
            select(DashboardEntryRow)
            .where(DashboardEntryRow.dashboard_id == dashboard_id)
            .order_by(DashboardEntryRow.index)
        )
        return {
            "id": row.id,
            "players": list(row.players),
            "winner": row.winner,
            "created_at": row.created_at.isoformat(),
            "entries": [(e.index, dict(e.transaction), e.created_at.isoformat()) for e in entries],
        }


def list_dashboards(db: Database, limit: int = 100) -> list[dict[str, Any]]:
    with db.session() as s:
        counts = (
            select(DashboardEntryRow.dashboard_id, func.count().label("n"))
            .group_by(DashboardEntryRow.dashboard_id)
            .subquery()
        )
        query = (
            select(DashboardRow, counts.c.n)
            .outerjoin(counts, counts.c.dashboard_id == DashboardRow.id)
            .order_by(DashboardRow.updated_at.desc())
            .limit(limit)
        )
        return [
            {
                "id": row.id,
                "players": list(row.players),
                "entries": n or 0,
                "updated_at": row.updated_at.isoformat(),
            }
            for row, n in s.execute(query)
        ]


def append_entry(db: Database, dashboard_id: str, index: int, transaction: dict[str, Any]) -> None:
    """Store entry ``index`` (committed on return)."""
    with db.session() as s:
        s.add(DashboardEntryRow(dashboard_id=dashboard_id, index=index, transaction=transaction))
        row = s.get(DashboardRow, dashboard_id)
        if row is not None:
            row.updated_at = utcnow()


def delete_entry(db: Database, dashboard_id: str, index: int) -> None:
    """Undo: delete entry ``index`` (the last one)."""
    with db.session() as s:
        s.execute(
            delete(DashboardEntryRow).where(
                DashboardEntryRow.dashboard_id == dashboard_id, DashboardEntryRow.index == index
            )
        )
        row = s.get(DashboardRow, dashboard_id)
        if row is not None:
            row.updated_at = utcnow()
