"""A server that runs for months (issue 28): tables leave memory when nobody needs them and
come back from the database exactly; a database outage is answered 503 and logged once."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from motherlode.web.app import create_app
from motherlode.web.limits import FINISHED_UNLOAD, Limits
from tests.web.sockets import receive
from tests.web.test_api import act, new_table, view

LIMITS = Limits(allow_client_seed=True, unload_after=600)


@pytest.fixture
def client(backend_url: str) -> Any:
    with TestClient(create_app(backend_url, limits=LIMITS)) as c:
        yield c


def service(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def finish(client: TestClient, table: str, token: str) -> dict[str, Any]:
    for _ in range(300):
        v = view(client, table, token)
        if v["status"] == "finished":
            return v
        if v["legal"]:
            assert act(client, table, 0, token, v["legal"][0]["action"]).status_code == 200
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not finish")


def test_a_finished_table_leaves_memory_and_comes_back_exactly(client: TestClient) -> None:
    data = new_table(client, ["human", "random"])
    table, ann = data["id"], data["seats"][0]["token"]
    before = finish(client, table, ann)
    tables = service(client).tables
    now = time.monotonic()
    assert service(client).unload_idle(now) == []  # just used: kept for the replays
    assert service(client).unload_idle(now + FINISHED_UNLOAD + 1) == [table]
    assert table not in tables and table not in service(client)._hashes
    again = view(client, table, ann)  # loaded from the database on demand
    assert table in tables
    assert {k: again[k] for k in ("observation", "move_count", "status", "names")} == {
        k: before[k] for k in ("observation", "move_count", "status", "names")
    }
    assert client.get(f"/api/tables/{table}/replay/{before['move_count']}").status_code == 200


def test_an_idle_running_table_leaves_memory_and_play_goes_on(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, ann, bob = data["id"], data["seats"][0]["token"], data["seats"][1]["token"]
    assert act(client, table, 0, ann, {"type": "bid", "gold": 2}).status_code == 200
    before = view(client, table, bob)
    now = time.monotonic()
    assert service(client).unload_idle(now + 599) == []  # running: kept while recently used
    assert service(client).unload_idle(now + 601) == [table]
    assert view(client, table, bob) == before
    assert act(client, table, 1, bob, {"type": "bid", "gold": 3}).status_code == 200
    assert view(client, table, ann)["move_count"] == before["move_count"] + 1


def test_a_watched_table_stays(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, ann = data["id"], data["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": ann})
        assert receive(socket)["type"] == "state"
        assert service(client).unload_idle(time.monotonic() + 10**6) == []
    # the socket's close reaches the server in its own time, and the server's own work on
    # it (the seat's presence, read back under the table's lock) may still be under way:
    # this thread asks until the table goes
    gone: list[str] = []
    for _ in range(500):
        gone = service(client).unload_idle(time.monotonic() + 10**6)
        if gone:
            break
        time.sleep(0.01)
    assert gone == [table]


def test_cached_token_hashes_are_bounded(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr("motherlode.web.service.MAX_CACHED_HASHES", 3)
    made = [new_table(client, ["human", "human"]) for _ in range(5)]
    for data in made:
        view(client, data["id"], data["seats"][0]["token"])
    assert len(service(client)._hashes) <= 3


def refused(statement: str = "SELECT 1") -> OperationalError:
    return OperationalError(statement, {}, ConnectionRefusedError("connection refused"))


def test_a_database_outage_is_503_and_one_log_line(
    client: TestClient, monkeypatch: Any, caplog: Any
) -> None:
    data = new_table(client, ["human", "human"])
    table, ann = data["id"], data["seats"][0]["token"]
    view(client, table, ann)
    db = service(client).db

    def down(*_: Any, **__: Any) -> Any:
        raise refused()

    service(client).unload_idle(time.monotonic() + 10**6)  # the next view must read the database
    with caplog.at_level(logging.WARNING, logger="motherlode"):
        with monkeypatch.context() as m:
            for name in ("table_state", "record", "token_hashes", "locked", "list_tables", "renew"):
                m.setattr(db, name, down)
            answers = [client.get(f"/api/tables/{table}") for _ in range(10)]
            answers += [client.get("/api/tables") for _ in range(10)]
            answers += [act(client, table, 0, ann, {"type": "bid", "gold": 2}) for _ in range(10)]
            time.sleep(1.5)  # the lease watch fails too, every second
            assert {a.status_code for a in answers} == {503}
            assert all(a.headers["retry-after"] == "5" for a in answers)
            assert all("try again shortly" in a.json()["detail"] for a in answers)
            assert service(client).outage.down
        for _ in range(40):  # the lease watch sees it back within a second or two
            if not service(client).outage.down:
                break
            time.sleep(0.1)
    assert not service(client).outage.down
    lines = [r for r in caplog.records if r.name.startswith("motherlode")]
    assert [r.levelname for r in lines] == ["ERROR", "WARNING"], [r.getMessage() for r in lines]
    assert "out of reach" in lines[0].getMessage() and lines[0].exc_info is None
    assert "is back after" in lines[1].getMessage()
    assert act(client, table, 0, ann, {"type": "bid", "gold": 2}).status_code == 200
