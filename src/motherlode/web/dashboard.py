"""The GOLDFIX DASHBOARD (rulebook appendix A1/A2): its page and JSON API.

Routes only translate HTTP into :class:`~motherlode.games.goldfix.ledger.Ledger` calls and
the ledger queries of :mod:`motherlode.storage.ledger`.  Each request replays the stored
entries, applies one transaction and stores it; the answer is sent only after the commit,
so a reload or a server restart loses nothing.  A refused transaction is a 4xx and
nothing is stored.  The refusals and the journal's lines are words: each answer says them
in the language the request is answered in (the CSV stays in English).

Two tablets may keep the same books: a booking may carry ``expect_entries`` and an undo
must, so a page that has not seen the latest entry is refused (409) instead of booking
twice or taking back an entry nobody there has seen.  ``/quote`` works a transaction out
without booking it, so the page can show what a click will book before it is clicked.
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

from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.ledger import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOTHING_TO_UNDO,
    RULES,
    Entry,
    Ledger,
    LedgerError,
    Transaction,
    bullion_discount,
)
from motherlode.storage import Database
from motherlode.storage import ledger as store
from motherlode.web import i18n
from motherlode.web.errors import refusal
from motherlode.web.languages import LANGUAGE, in_language
from motherlode.web.limits import clip, excerpt

STATIC = Path(__file__).parent / "static"
BALANCE_COLUMNS = {
    "cash": "cash $M",
    "notes": "loan notes",
    "vault_koz": "vault kOz",
    "bullion_value": "vault $M",
    "assets": "mine assets $M",
    "net_worth": "net worth $M",
}
"""The CSV's per-player columns after each entry (keys of ``Ledger.balances()``)."""


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


class UndoIn(BaseModel):
    expect_entries: int = Field(ge=0)
    """The number of entries the page showed when the person confirmed: the entry it
    showed as the last is the one taken back, or nothing is (409)."""


STALE = T("the books changed meanwhile: reload and try again")


def refused(status: int, words: str | T) -> HTTPException:
    """A refusal in the request's language (held to a short message, whatever it quotes)."""
    return HTTPException(status, clip(in_language(words)))


def no_dashboard(dashboard_id: str) -> HTTPException:
    return refused(404, T("no dashboard {id!r}", id=excerpt(dashboard_id, 40)))


def effect(entry: Entry) -> str:
    """What an entry did, in the request's language."""
    return entry.words.render(i18n.translator(LANGUAGE.get()))


def stored(tx: dict[str, Any]) -> Transaction:
    """An entry as stored: one kept before the rules had a version is replayed under 1."""
    return Transaction.from_json({**tx, "rules": tx.get("rules", 1)})


def incoming(body: TransactionIn) -> dict[str, Any]:
    """A transaction from a client, always booked under today's rules."""
    return body.model_dump(exclude={"expect_entries"}) | {"rules": RULES}


def dashboard_router(db: Database) -> APIRouter:
    """The page at /goldfix/dashboard[/{id}] and the API under /api/dashboards."""
    router = APIRouter()
    lock = threading.Lock()

    def load(dashboard_id: str) -> tuple[Ledger, dict[str, Any]]:
        data = store.dashboard(db, dashboard_id)
        if data is None:
            raise no_dashboard(dashboard_id)
        ledger = Ledger(data["players"], data["winner"])
        for _, tx, _ in data["entries"]:
            ledger.apply(stored(tx))
        return ledger, data

    def view(ledger: Ledger, dashboard_id: str) -> dict[str, Any]:
        translate = i18n.translator(LANGUAGE.get())
        return {
            "id": dashboard_id,
            "state": ledger.to_json(),
            "log": [
                {
                    "index": e.index,
                    "transaction": e.transaction.to_json(),
                    "effect": e.words.render(translate),
                }
                for e in reversed(ledger.entries)
            ],
        }

    def book(dashboard_id: str, tx: dict[str, Any], expect: int | None = None) -> dict[str, Any]:
        with lock:
            ledger, _ = load(dashboard_id)
            if expect is not None and expect != len(ledger.entries):
                raise refused(409, STALE)
            try:
                entry = ledger.apply(Transaction.from_json(tx | {"rules": RULES}))
            except LedgerError as exc:
                raise refused(422, refusal(exc)) from exc
            store.append_entry(db, dashboard_id, entry.index, entry.transaction.to_json())
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
            raise refused(422, refusal(exc)) from exc

    @router.post("/api/dashboards", status_code=201)
    def create(body: CreateDashboard) -> dict[str, Any]:
        try:
            ledger = Ledger(body.players, body.winner)
        except LedgerError as exc:
            raise refused(422, refusal(exc)) from exc
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
        return book(dashboard_id, incoming(body), body.expect_entries)

    @router.post("/api/dashboards/{dashboard_id}/quote")
    def quote(dashboard_id: str, body: TransactionIn) -> dict[str, Any]:
        """What the transaction would book now, in words; nothing is stored."""
        ledger, _ = load(dashboard_id)
        if body.expect_entries is not None and body.expect_entries != len(ledger.entries):
            raise refused(409, STALE)
        try:
            entry = ledger.apply(Transaction.from_json(incoming(body)))
        except LedgerError as exc:
            raise refused(422, refusal(exc)) from exc
        return {"index": entry.index, "effect": effect(entry)}

    @router.post("/api/dashboards/{dashboard_id}/undo")
    def undo(dashboard_id: str, body: UndoIn) -> dict[str, Any]:
        """Take back the last entry, only if it is the last one the page showed."""
        with lock:
            ledger, _ = load(dashboard_id)
            if not ledger.entries:
                raise refused(409, NOTHING_TO_UNDO)
            index = len(ledger.entries)
            if body.expect_entries != index:
                raise refused(
                    409,
                    T(
                        "the books moved on (entry {index} is the last, the page showed "
                        "{shown}): look again before undoing",
                        index=index,
                        shown=body.expect_entries,
                    ),
                )
            undone = ledger.entries[-1]
            ledger.undo()
            store.delete_entry(db, dashboard_id, index)
            return view(ledger, dashboard_id) | {
                "undone": {"index": undone.index, "effect": effect(undone)}
            }

    @router.post("/api/dashboards/{dashboard_id}/reset")
    def reset(dashboard_id: str) -> dict[str, Any]:
        return book(dashboard_id, {"kind": "reset"})

    @router.post("/api/dashboards/{dashboard_id}/quickstart")
    def quickstart(dashboard_id: str) -> dict[str, Any]:
        return book(dashboard_id, {"kind": "quickstart"})

    @router.get("/api/dashboards/{dashboard_id}/ledger.csv")
    def export_csv(dashboard_id: str) -> Response:
        """The journal, and after every entry each player's balances (whole $M / kOz)."""
        data = store.dashboard(db, dashboard_id)
        if data is None:
            raise no_dashboard(dashboard_id)
        ledger = Ledger(data["players"], data["winner"])
        out = io.StringIO()
        writer = csv.writer(out)
        header = ["index", "time", "kind", "transaction", "effect", "goldfix", "tax"]
        for name in ledger.names:
            header += [f"{name} {column}" for column in BALANCE_COLUMNS.values()]
        writer.writerow(header)
        for _, tx, created in data["entries"]:
            entry = ledger.apply(stored(tx))
            row: list[Any] = [entry.index, created, entry.transaction.kind]
            row += [json.dumps(entry.transaction.to_json()), entry.effect]
            row += [ledger.goldfix, ledger.tax]
            for balance in ledger.balances():
                row += [balance[key] for key in BALANCE_COLUMNS]
            writer.writerow(row)
        return Response(
            out.getvalue(),
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="goldfix-{dashboard_id}.csv"'},
        )

    return router
