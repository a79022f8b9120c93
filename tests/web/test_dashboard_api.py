"""The GOLDFIX DASHBOARD's JSON API: bad input, persistence across a restart, CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from motherlode.storage import Database
from motherlode.web.dashboard import dashboard_router


def make_client(url: str) -> TestClient:
    app = FastAPI()
    app.include_router(dashboard_router(Database(url)))
    return TestClient(app)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'dash.db'}"


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", ["Alf", "Bryan", "Chris"])
    r = client.post("/api/dashboards", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def post(client: TestClient, dash: str, **tx: Any) -> Any:
    return client.post(f"/api/dashboards/{dash}/transactions", json=tx)


def cash(view: dict[str, Any]) -> list[int]:
    return [p["cash"] for p in view["state"]["players"]]


def test_create_book_undo_and_restart(url: str) -> None:
    client = make_client(url)
    dash = create(client, quickstart=True)
    assert cash(dash) == [225, 225, 225]
    d = dash["id"]
    r = post(client, d, kind="buy_asset", player=0, asset="drill_report", broker=1)
    assert r.status_code == 200
    assert cash(r.json()) == [214, 226, 225]  # DR $10M + $1M commission to Bryan
    r = post(client, d, kind="buy_headgear", player=0)  # no second lease
    assert r.status_code == 422 and "HEADGEAR" in r.json()["detail"]
    assert post(client, d, kind="goldfix_up").status_code == 200
    assert client.post(f"/api/dashboards/{d}/undo").json()["state"]["goldfix"] == 1000
    listing = client.get("/api/dashboards").json()["dashboards"]
    assert listing[0]["id"] == d and listing[0]["entries"] == 2
    # a restart: a new app on the same database sees the same books
    again = make_client(url)
    view = again.get(f"/api/dashboards/{d}").json()
    assert cash(view) == [214, 226, 225]
    assert [e["transaction"]["kind"] for e in view["log"]] == ["buy_asset", "quickstart"]


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["Alf", "Bryan"]},
        {"players": ["A", "B", "C", "D", "E", "F", "G"]},
        {"players": ["Alf", "alf", "Chris"]},
        {"players": ["Alf", "Bryan", " "]},
        {"players": ["Alf", "Bryan", "Chris"], "winner": 0},
        {"players": "Alf"},
    ],
)
def test_bad_dashboards_are_refused(url: str, body: dict[str, Any]) -> None:
    client = make_client(url)
    assert client.post("/api/dashboards", json=body).status_code == 422
    assert client.get("/api/dashboards").json() == {"dashboards": []}


@pytest.mark.parametrize(
    "tx",
    [
        {"kind": "steal", "player": 0},
        {"kind": "repay", "player": "x"},
        {"kind": "repay", "player": 7},
        {"kind": "sell_bullion", "rate": 30, "sales": [[0, 100]]},
        {"kind": "production", "player": 0, "dice": 0},
        {"kind": "transfer", "seller": "bank", "buyer": "bank", "bullion": 1},
        {"player": 0},
    ],
)
def test_bad_transactions_change_nothing(url: str, tx: dict[str, Any]) -> None:
    client = make_client(url)
    d = create(client)["id"]
    r = client.post(f"/api/dashboards/{d}/transactions", json=tx)
    assert 400 <= r.status_code < 500
    assert client.get(f"/api/dashboards/{d}").json()["log"] == []


def test_unknown_dashboard_stale_page_and_empty_undo(url: str) -> None:
    client = make_client(url)
    assert client.get("/api/dashboards/nope").status_code == 404
    assert post(client, "nope", kind="goldfix_up").status_code == 404
    d = create(client)["id"]
    assert client.post(f"/api/dashboards/{d}/undo").status_code == 409
    assert post(client, d, kind="goldfix_up", expect_entries=0).status_code == 200
    assert post(client, d, kind="goldfix_up", expect_entries=0).status_code == 409
    assert client.get(f"/api/dashboards/{d}").json()["state"]["goldfix"] == 1100


def test_reset_quickstart_and_csv(url: str) -> None:
    client = make_client(url)
    d = create(client)["id"]
    assert cash(client.post(f"/api/dashboards/{d}/quickstart").json()) == [225] * 3
    assert client.post(f"/api/dashboards/{d}/quickstart").status_code == 422
    post(client, d, kind="production", player=2, dice=12, drill_reports=2)
    post(client, d, kind="sell_bullion", broker=0, rate=20, sales=[[2, 100]])
    assert cash(client.post(f"/api/dashboards/{d}/reset").json()) == [500] * 3
    r = client.get(f"/api/dashboards/{d}/ledger.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(r.text)))
    assert [row["kind"] for row in table] == ["quickstart", "production", "sell_bullion", "reset"]
    # 250 kOz at $1,000 = 250; 20% to Alf = 50; pay to mine 200.
    assert "commission $50M, pay to mine $200M" in table[2]["effect"]


def test_the_calculator_and_the_page(url: str) -> None:
    client = make_client(url)
    r = client.get("/api/dashboards/bullion-discount", params={"koz": 150, "discount": 25})
    assert r.json() == {"koz": 150, "value": 150, "discounted": 113}  # 112.5 -> 113
    assert client.get("/api/dashboards/bullion-discount?koz=1&goldfix=1050").status_code == 422
    assert "GOLDFIX" in client.get("/goldfix/dashboard").text
    assert client.get("/goldfix/dashboard/abc").status_code == 200
