"""Tables that hold people (issue 28), through the API on SQLite and PostgreSQL: open seats
taken once, private tables, clocks that run out, absent players voted on, a bot taking the
seat and its person taking it back, presence from the sockets."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.web import people as ppl
from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from tests.web.test_api import act, view

QUICK = ppl.Clock("quick", "realtime", 1, 0, "Quick: a second a move (tests only)")


@pytest.fixture
def client(backend_url: str, monkeypatch: Any) -> Any:
    monkeypatch.setitem(ppl.CLOCKS, "quick", QUICK)
    # long enough that a loaded machine's requests between an absence and a vote never race
    # the bot taking the seat; the test of that sets its own
    monkeypatch.setattr(ppl, "VOTE_SECONDS", 30.0)
    with TestClient(create_app(backend_url, limits=Limits())) as c:
        yield c


def create(client: TestClient, seats: list[str], **settings: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "nuggets",
        "seats": [{"agent": a, "name": f"P{i}"} for i, a in enumerate(seats)],
        "settings": {"bot_delay_ms": 0, **settings},
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def until(check: Callable[[], Any], seconds: float = 15.0) -> Any:
    deadline = time.time() + seconds
    while time.time() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError("the table did not get there in time")


def post(client: TestClient, table: str, what: str, token: str | None, **body: Any) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/tables/{table}/{what}", json=body, headers=headers)


# ------------------------------------------------------------------ open seats, privacy


def test_an_open_seat_is_taken_once_and_the_game_starts(client: TestClient) -> None:
    data = create(client, ["human", "open"])
    table, ann = data["id"], data["seats"][0]["token"]
    assert "token" not in data["seats"][1]
    listed = client.get("/api/tables").json()["tables"][0]
    assert [s["open"] for s in listed["seats"]] == [False, True]
    before = view(client, table, ann)
    assert before["open_seats"] == [1] and before["presence"][1] == "open"
    waiting = act(client, table, 0, ann, {"type": "bid", "gold": 1})
    assert waiting.status_code == 409 and "open seat" in waiting.json()["detail"]
    joined = post(client, table, "join", None, seat=1, name="Ben")
    assert joined.status_code == 200, joined.text
    ben = joined.json()["token"]
    assert joined.json()["link"] == f"/t/{table}#seat=1&token={ben}"
    again = post(client, table, "join", None, seat=1, name="Cat")
    assert again.status_code == 409
    assert post(client, table, "join", None, seat=0, name="Dan").status_code == 409
    after = view(client, table, ben)
    assert after["seat"] == 1 and after["names"] == ["P0", "Ben"] and after["open_seats"] == []
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
    assert client.get("/api/tables").json()["tables"][0]["seats"][1] == {
        "seat": 1,
        "name": "Ben",
        "agent": "human",
        "open": False,
    }


def test_a_private_table_is_not_listed_but_opens_by_link(client: TestClient) -> None:
    public = create(client, ["human", "random"])
    private = create(client, ["human", "random"], private=True)
    listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert listed == [public["id"]]
    assert client.get(f"/api/tables/{private['id']}").status_code == 200


@pytest.mark.parametrize(
    "settings", [{"clock": "forever"}, {"clock": 30}, {"private": "yes"}, {"clock": ["fast"]}]
)
def test_bad_people_settings_are_refused(client: TestClient, settings: dict[str, Any]) -> None:
    body = {"game": "nuggets", "seats": [{"agent": "human"}] * 2, "settings": settings}
    assert client.post("/api/tables", json=body).status_code == 422
    assert client.get("/api/tables").json()["tables"] == []


# ----------------------------------------------------------- clocks and absent players


def test_a_clock_runs_out_the_others_vote_a_bot_in_and_the_seat_is_taken_back(
    client: TestClient,
) -> None:
    data = create(client, ["human", "human"], clock="quick")
    table = data["id"]
    ann, ben = data["seats"][0]["token"], data["seats"][1]["token"]
    first = view(client, table, ann)
    assert first["clock"]["name"] == "quick" and set(first["clock"]["deadlines"]) == {"0", "1"}
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
    absent = until(lambda: view(client, table, ann).get("absent"))  # Ben did not bid in time
    assert set(absent) == {"1"} and absent["1"]["reason"] == "time"
    seen = view(client, table, ann)
    assert seen["can_vote"] == [1] and view(client, table, ben).get("can_vote") == []
    log = [e["text"] for e in seen["events"]]
    assert any(t.startswith("P1 ran out of time") for t in log)
    bad = post(client, table, "vote", ben, seat=1, absent=1, choice="bot")
    assert bad.status_code == 403  # nobody votes on their own seat
    assert post(client, table, "vote", ann, seat=0, absent=1, choice="maybe").status_code == 422
    voted = post(client, table, "vote", ann, seat=0, absent=1, choice="bot")
    assert voted.status_code == 200, voted.text
    after = voted.json()
    assert after["agents"][1] != "human" and after["bot_plays"] == [1]
    assert "absent" not in after
    # the bot plays for Ben; Ben's page offers his seat back, and he takes it
    ben_view = view(client, table, ben)
    assert ben_view["can_take_back"] is True
    refused = act(client, table, 1, ben, {"type": "bid", "gold": 1})
    assert refused.status_code in (409, 422)
    back = post(client, table, "back", ben, seat=1)
    assert back.status_code == 200, back.text
    assert back.json()["agents"][1] == "human" and back.json()["bot_plays"] == []
    assert post(client, table, "back", ben, seat=1).status_code == 409
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    assert [e["event"] for e in live.table.events][:3] == ["absent", "bot", "back"]
    assert view(client, table, ann)["can_undo"] is False  # nothing before them is undone


def test_the_players_may_end_the_game_as_it_stands(client: TestClient) -> None:
    data = create(client, ["human", "human"], clock="quick")
    table, ann = data["id"], data["seats"][0]["token"]
    assert act(client, table, 0, ann, {"type": "bid", "gold": 2}).status_code == 200
    until(lambda: view(client, table, ann).get("absent"))
    ended = post(client, table, "vote", ann, seat=0, absent=1, choice="end").json()
    assert ended["status"] == "finished" and ended["observation"]["over"] is True
    assert "ended as it stood" in ended["events"][-1]["text"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert [e["event"] for e in record["meta"]["table"]] == ["absent", "end"]
    listed = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert listed[0]["result"]["ranking"] == record["meta"]["ranking"]
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 409


def test_without_a_vote_a_bot_takes_the_seat_and_the_game_goes_on(
    client: TestClient, monkeypatch: Any
) -> None:
    monkeypatch.setattr(ppl, "VOTE_SECONDS", 1.0)
    data = create(client, ["human", "human"], clock="quick")
    table, ann = data["id"], data["seats"][0]["token"]
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
    until(lambda: view(client, table, ann).get("absent"))
    taken = until(lambda: view(client, table, ann)["bot_plays"] == [1])
    assert taken
    assert until(lambda: view(client, table, ann)["move_count"] >= 2)  # the bot bid for P1


def test_alone_with_bots_a_person_out_of_time_is_replaced_at_once(client: TestClient) -> None:
    data = create(client, ["random", "human"], clock="quick")
    table, ben = data["id"], data["seats"][1]["token"]
    until(lambda: view(client, table, ben)["bot_plays"] == [1])
    texts = [e["text"] for e in view(client, table, ben)["events"]]
    assert any("nobody else is here to vote" in t for t in texts)


def test_a_person_gone_offline_may_be_called_absent(client: TestClient, monkeypatch: Any) -> None:
    # the wait is set, not slept through: an hour while asked early, then none (a busy
    # machine once took longer than a short real wait between two requests)
    monkeypatch.setattr(ppl, "GONE_SECONDS", 3600.0)
    data = create(client, ["human", "human"])  # no clock: only the others can free the seat
    table, ann = data["id"], data["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": ann})
        assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
        early = post(client, table, "gone", ann, seat=0, gone=1)
        assert early.status_code == 409  # not yet a minute (here an hour) of waiting
        assert view(client, table, ann)["can_call_gone"] == []
        monkeypatch.setattr(ppl, "GONE_SECONDS", 0.0)
        until(lambda: view(client, table, ann)["can_call_gone"] == [1])
        assert post(client, table, "gone", ann, seat=0, gone=0).status_code == 409
        called = post(client, table, "gone", ann, seat=0, gone=1)
        assert called.status_code == 200, called.text
        assert called.json()["absent"]["1"]["reason"] == "gone"


def test_an_absent_person_who_moves_is_back(client: TestClient) -> None:
    data = create(client, ["human", "human"], clock="quick")
    table = data["id"]
    ann, ben = data["seats"][0]["token"], data["seats"][1]["token"]
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
    until(lambda: view(client, table, ann).get("absent"))
    assert act(client, table, 1, ben, {"type": "bid", "gold": 2}).status_code == 200
    seen = view(client, table, ann)
    assert "absent" not in seen
    assert any(e["text"] == "P1 is back" for e in seen["events"])


# ------------------------------------------------------------------------- presence


def presence_frame(socket: Any) -> list[Any]:
    while True:
        frame = socket.receive_json()
        if frame["type"] == "presence":
            return list(frame["presence"])


def test_presence_follows_the_sockets(client: TestClient) -> None:
    data = create(client, ["human", "human", "random"])
    table = data["id"]
    ann, ben = data["seats"][0]["token"], data["seats"][1]["token"]
    assert view(client, table)["presence"] == ["offline", "offline", None]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        watcher.send_json({"type": "hello"})
        with client.websocket_connect(f"/ws/tables/{table}") as socket:
            socket.send_json({"type": "hello", "token": ann})
            assert presence_frame(watcher) == ["online", "offline", None]
            socket.send_json({"type": "presence", "away": True})
            assert presence_frame(watcher) == ["away", "offline", None]
            with client.websocket_connect(f"/ws/tables/{table}") as other:
                other.send_json({"type": "hello", "token": ben, "away": False})
                assert presence_frame(watcher) == ["away", "online", None]
            assert presence_frame(watcher) == ["away", "offline", None]
        assert presence_frame(watcher) == ["offline", "offline", None]


def test_the_clock_survives_a_restart(backend_url: str, monkeypatch: Any) -> None:
    monkeypatch.setitem(ppl.CLOCKS, "quick", QUICK)
    with TestClient(create_app(backend_url)) as first:
        data = create(first, ["human", "human"], clock="normal")
        table, ann = data["id"], data["seats"][0]["token"]
        assert act(first, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
        before = view(first, table, ann)["clock"]
    with TestClient(create_app(backend_url)) as second:
        after = view(second, table, ann)["clock"]
    assert after == before and after["deadlines"] == before["deadlines"]
