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
from motherlode.storage import ledger as store
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
    undone = client.post(f"/api/dashboards/{d}/undo", json={"expect_entries": 3}).json()
    assert undone["state"]["goldfix"] == 1000
    assert undone["undone"] == {"index": 3, "effect": "GOLDFIX up to $1,100"}
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
    assert client.post(f"/api/dashboards/{d}/undo", json={"expect_entries": 0}).status_code == 409
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


def test_undo_takes_back_only_the_entry_the_page_showed(url: str) -> None:
    """Issue 22, 5: a second tablet cannot undo an entry it has not seen."""
    client = make_client(url)
    d = create(client)["id"]
    post(client, d, kind="goldfix_up")  # tablet 1 sees 1 entry
    post(client, d, kind="tax_switch")  # tablet 2 books a second one
    undo = f"/api/dashboards/{d}/undo"
    assert client.post(undo).status_code == 422  # an undo must say what the page saw
    r = client.post(undo, json={"expect_entries": 1})  # tablet 1, stale
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    view = client.get(f"/api/dashboards/{d}").json()
    assert len(view["log"]) == 2 and view["state"]["tax"] == "HIGH"
    r = client.post(undo, json={"expect_entries": 2})
    assert r.status_code == 200 and r.json()["undone"]["index"] == 2
    assert r.json()["state"]["tax"] == "LOW"


def test_a_quote_books_nothing(url: str) -> None:
    client = make_client(url)
    d = create(client, quickstart=True)["id"]
    q = client.post(
        f"/api/dashboards/{d}/quote",
        json={"kind": "buy_asset", "player": 0, "asset": "mine_lease", "price": 30, "broker": 1},
    )
    assert q.json() == {
        "index": 2,
        "effect": "Alf buys a MINE LEASE for $30M + $3M commission to Bryan",
    }
    bad = client.post(f"/api/dashboards/{d}/quote", json={"kind": "buy_headgear", "player": 0})
    assert bad.status_code == 422
    stale = client.post(
        f"/api/dashboards/{d}/quote", json={"kind": "goldfix_up", "expect_entries": 0}
    )
    assert stale.status_code == 409
    assert len(client.get(f"/api/dashboards/{d}").json()["log"]) == 1


def test_the_bank_side_of_44(url: str) -> None:
    """Issue 22, 3: the BANK values every item at the rules' prices."""
    client = make_client(url)
    d = create(client)["id"]
    r = post(client, d, kind="transfer", seller=0, buyer="bank", loan_notes=2, price=0)
    assert r.status_code == 422 and "-$500M" in r.json()["detail"]
    r = post(client, d, kind="transfer", seller=0, buyer="bank", merchant_bank_fees=1, price=0)
    assert r.status_code == 422
    r = post(client, d, kind="transfer", seller=0, buyer="bank", merchant_bank_fees=1)
    assert r.status_code == 200
    assert "pays $10M" in r.json()["log"][0]["effect"]
    assert cash(r.json()) == [490, 500, 500]
    # a RISK card that costs cash: the cash-only entry
    r = post(client, d, kind="cash", payer=1, payee="bank", amount=60, memo="RISK card")
    assert r.json()["log"][0]["effect"] == "Bryan pays the BANK $60M (RISK card)"
    assert cash(r.json()) == [490, 440, 500]


def test_interest_before_a_new_loan(url: str) -> None:
    client = make_client(url)
    d = create(client)["id"]
    r = post(client, d, kind="normal_loan", player=0)
    assert r.status_code == 422 and "interest must be paid" in r.json()["detail"]
    assert post(client, d, kind="pay_interest", player=0).status_code == 200  # 500 - 26
    assert cash(post(client, d, kind="normal_loan", player=0).json()) == [724, 500, 500]


def test_the_merchant_bank_example_in_one_booking(url: str) -> None:
    client = make_client(url)
    d = create(client, players=["Alf", "Bryan", "Chris", "Don"])["id"]
    post(client, d, kind="goldfix_up")
    post(client, d, kind="goldfix_up")
    post(client, d, kind="transfer", seller="bank", buyer=0, mine_leases=1, headgears=1)
    post(client, d, kind="transfer", seller="bank", buyer=1, drill_reports=1)
    post(client, d, kind="transfer", seller="bank", buyer=2, drill_reports=1)
    owners = [
        {"player": 0, "mine_leases": 1, "headgears": 1},
        {"player": 1, "drill_reports": 1},
        {"player": 2, "drill_reports": 1},
    ]
    r = post(client, d, kind="takeover", bidder=3, red=4, black=2, owners=owners)
    assert r.status_code == 200
    # 115 + 770; 480 + 40; 480 + 40; Don 500 - 10 - 850 with two overdrafts = 100.
    assert cash(r.json()) == [885, 520, 520, 100]


def test_the_csv_has_every_players_balances_after_every_entry(url: str) -> None:
    client = make_client(url)
    d = create(client, quickstart=True)["id"]
    post(client, d, kind="production", player=2, dice=12, drill_reports=2)  # 250 kOz
    post(client, d, kind="goldfix_up")
    text = client.get(f"/api/dashboards/{d}/ledger.csv").text
    table = list(csv.DictReader(io.StringIO(text)))
    assert [row["index"] for row in table] == ["1", "2", "3"]
    first, _, last = table
    assert first["Alf cash $M"] == "225" and first["Alf loan notes"] == "2"
    assert first["Alf mine assets $M"] == "275" and first["Alf net worth $M"] == "0"
    assert last["goldfix"] == "1100" and last["tax"] == "LOW"
    # Chris at $1,100: 250 kOz = 275; ML 30 + HG 300 = 330; 225 + 330 + 275 - 500 = 330.
    assert last["Chris vault kOz"] == "250" and last["Chris vault $M"] == "275"
    assert last["Chris mine assets $M"] == "330" and last["Chris net worth $M"] == "330"


def test_books_kept_before_issue_22_replay_as_booked(url: str) -> None:
    """Entries stored by the first release carry no 'rules': they replay under rules 1
    (a loan without interest, the BANK at the price entered); new bookings follow 2."""
    client = make_client(url)
    d = create(client)["id"]
    db = Database(url)
    store.append_entry(db, d, 1, {"kind": "normal_loan", "player": 0})
    store.append_entry(
        db, d, 2, {"kind": "transfer", "seller": 1, "buyer": "bank", "loan_notes": 2, "price": 0}
    )
    view = client.get(f"/api/dashboards/{d}").json()
    assert cash(view) == [750, 500, 500]
    assert [p["notes"] for p in view["state"]["players"]] == [3, 0, 2]
    assert [e["transaction"]["rules"] for e in view["log"]] == [1, 1]
    csv_text = client.get(f"/api/dashboards/{d}/ledger.csv").text
    assert list(csv.DictReader(io.StringIO(csv_text)))[1]["Bryan loan notes"] == "0"
    # the same bookings today: refused, even when a client asks for the old rules
    r = post(client, d, kind="normal_loan", player=2, rules=1)
    assert r.status_code == 422 and "interest" in r.json()["detail"]
    r = post(client, d, kind="transfer", seller=2, buyer="bank", loan_notes=2, price=0)
    assert r.status_code == 422
    assert post(client, d, kind="goldfix_up").json()["log"][0]["transaction"]["rules"] == 2
