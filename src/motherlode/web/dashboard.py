"""The GOLDFIX DASHBOARD (rulebook appendix A1/A2): its page and JSON API.

Routes only translate HTTP into :class:`~motherlode.games.goldfix.ledger.Ledger` calls and
the ledger queries of :mod:`motherlode.storage.ledger`.  Each request replays the stored
entries, applies one transaction and stores it; the answer is sent only after the commit,
so a reload or a server restart loses nothing.  A refused transaction is a 4xx and
nothing is stored.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import threading
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field

from motherlode.games.goldfix import money
from motherlode.games.goldfix.ledger import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Ledger,
    LedgerError,
    Transaction,
    bullion_discount,
)
from motherlode.storage import Database
from motherlode.storage import ledger as store

STATIC = Path(__file__).parent / "static"


class CreateDashboard(BaseModel):
    players: list[str] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    winner: int = Field(money.DEFAULT_WINNER, gt=0, le=100_000)
    quickstart: bool = False


class TransactionIn(BaseModel):
    kind: str
    expect_entries: int | None = Field(None, ge=0)
    """The number of entries the client saw: a stale page (another tablet booked
    something meanwhile) gets 409 instead of booking twice."""

    model_config = {"extra": "allow"}


def dashboard_router(db: Database) -> APIRouter:
    """The page at /goldfix/dashboard[/{id}] and the API under /api/dashboards."""
    router = APIRouter()
    lock = threading.Lock()

    def load(dashboard_id: str) -> tuple[Ledger, dict[str, Any]]:
        data = store.dashboard(db, dashboard_id)
        if data is None:
            raise HTTPException(404, f"no dashboard {dashboard_id!r}")
        ledger = Ledger(data["players"], data["winner"])
        for _, tx, _ in data["entries"]:
            ledger.apply(Transaction.from_json(tx))
        return ledger, data

    def view(ledger: Ledger, dashboard_id: str) -> dict[str, Any]:
        return {
            "id": dashboard_id,
            "state": ledger.to_json(),
            "log": [
                {"index": e.index, "transaction": e.transaction.to_json(), "effect": e.effect}
                for e in reversed(ledger.entries)
            ],
        }

    def book(dashboard_id: str, tx: dict[str, Any], expect: int | None = None) -> dict[str, Any]:
        with lock:
            ledger, _ = load(dashboard_id)
            if expect is not None and expect != len(ledger.entries):
                raise HTTPException(409, "the books changed meanwhile: reload and try again")
            try:
                ledger.apply(Transaction.from_json(tx))
            except LedgerError as exc:
                raise HTTPException(422, str(exc)) from exc
            store.append_entry(db, dashboard_id, len(ledger.entries), tx)
            return view(ledger, dashboard_id)

    # ------------------------------------------------------------------- pages

    @router.get("/goldfix/dashboard", include_in_schema=False)
    def dashboard_page() -> FileResponse:
        return FileResponse(STATIC / "dashboard.html")

    @router.get("/goldfix/dashboard/{dashboard_id}", include_in_schema=False)
    def dashboard_page_for(dashboard_id: str) -> FileResponse:
        return FileResponse(STATIC / "dashboard.html")

    # --------------------------------------------------------------------- API

    @router.get("/api/dashboards/bullion-discount")
    def discount_calculator(
        koz: int = Query(ge=0, le=1_000_000),
        goldfix: int = Query(money.GOLDFIX_START),
        discount: int = Query(money.LIQUIDATION_DISCOUNT, ge=0, le=100),
    ) -> dict[str, int]:
        """A2 [38]: the bullion discount calculator."""
        try:
            return bullion_discount(koz, goldfix, discount)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from exc

    @router.post("/api/dashboards", status_code=201)
    def create(body: CreateDashboard) -> dict[str, Any]:
        try:
            ledger = Ledger(body.players, body.winner)
        except LedgerError as exc:
            raise HTTPException(422, str(exc)) from exc
        dashboard_id = secrets.token_urlsafe(6)
        store.create_dashboard(db, dashboard_id, list(ledger.names), body.winner)
        if body.quickstart:
            return book(dashboard_id, {"kind": "quickstart"})
        return view(ledger, dashboard_id)

    @router.get("/api/dashboards")
    def list_all() -> dict[str, Any]:
        return {"dashboards": store.list_dashboards(db)}

    @router.get("/api/dashboards/{dashboard_id}")
    def get(dashboard_id: str) -> dict[str, Any]:
        ledger, _ = load(dashboard_id)
        return view(ledger, dashboard_id)

    @router.post("/api/dashboards/{dashboard_id}/transactions")
    def post_transaction(dashboard_id: str, body: TransactionIn) -> dict[str, Any]:
        tx = body.model_dump(exclude={"expect_entries"})
        return book(dashboard_id, tx, body.expect_entries)

    @router.post("/api/dashboards/{dashboard_id}/undo")
    def undo(dashboard_id: str) -> dict[str, Any]:
        with lock:
            ledger, _ = load(dashboard_id)
            if not ledger.entries:
                raise HTTPException(409, "there is nothing to undo")
            index = len(ledger.entries)
            ledger.undo()
            store.delete_entry(db, dashboard_id, index)
            return view(ledger, dashboard_id)

    @router.post("/api/dashboards/{dashboard_id}/reset")
    def reset(dashboard_id: str) -> dict[str, Any]:
        return book(dashboard_id, {"kind": "reset"})

    @router.post("/api/dashboards/{dashboard_id}/quickstart")
    def quickstart(dashboard_id: str) -> dict[str, Any]:
        return book(dashboard_id, {"kind": "quickstart"})

    @router.get("/api/dashboards/{dashboard_id}/ledger.csv")
    def export_csv(dashboard_id: str) -> Response:
        ledger, data = load(dashboard_id)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["index", "time", "kind", "transaction", "effect"])
        for entry, (_, _, created) in zip(ledger.entries, data["entries"], strict=True):
            tx = entry.transaction
            writer.writerow([entry.index, created, tx.kind, json.dumps(tx.to_json()), entry.effect])
        return Response(
            out.getvalue(),
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="goldfix-{dashboard_id}.csv"'},
        )

    return router
