"""The web API on the fixture game: tokens, stale and illegal actions, privacy, restarts."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.agents.levels import LEVELS
from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from tests.web.sockets import receive

SEEDED = Limits(allow_client_seed=True)
"""These tests deal fixed seeds to tables with people, as only a private test server may."""


@pytest.fixture
def db_url(backend_url: str) -> str:
    """Every test runs on a fresh SQLite file and on an empty PostgreSQL database."""
    return backend_url


@pytest.fixture
def client(db_url: str) -> Any:
    with TestClient(create_app(db_url, limits=SEEDED)) as c:
        yield c


def new_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "nuggets", "seats": [{"agent": a} for a in seats], "seed": 11, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def notation(action: dict[str, Any]) -> str:
    from tests.engine.nuggets import GAME

    return GAME.parse_action(action).notation()


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: TestClient, table: str, seat: int, token: str | None, action: Any, **kw: Any):
    headers = {"X-Seat-Token": token} if token else {}
    body = {"seat": seat, "action": action, **kw}
    return client.post(f"/api/tables/{table}/actions", json=body, headers=headers)


def test_games_catalogue_lists_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    nuggets = games["nuggets"]
    assert nuggets["min_players"] == 2 and "random" in nuggets["bots"]
    assert {o["name"] for o in nuggets["options"]} == {"rounds", "start_gold", "challenges"}
    assert nuggets["timed_decisions"] is True


def test_catalogue_lists_each_games_levels_with_sentences(client: TestClient) -> None:
    """The lobby offers the difficulty levels: each game lists them, weakest first, with
    the sentence a player reads and the measured rating (None until measured)."""
    catalogue = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for game_id in ("carcassonne", "goldfix", "goodwill", "gonza", "yukon"):
        levels = catalogue[game_id]["levels"]
        assert [lv["name"] for lv in levels] == ["beginner", "casual", "strong", "expert"]
        assert catalogue[game_id]["bots"][:4] == ["beginner", "casual", "strong", "expert"]
        for level in levels:
            assert level["sentence"] == LEVELS[level["name"]].sentence
            rating = level["rating"]
            assert rating is None or set(rating) == {"mu", "sigma"}
    # the fixture game has no heuristic bot, so no casual level: it lists only those it has
    nuggets = catalogue["nuggets"]
    assert [lv["name"] for lv in nuggets["levels"]] == ["beginner", "strong", "expert"]


def test_each_game_serves_its_own_browser_files_from_its_package(client: TestClient) -> None:
    """A game's renderer, how-to and sample come from its package's web/ folder, found
    through the registered game: nothing in the web layer lists the games."""
    catalogue = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for game_id, entry in catalogue.items():
        script = client.get(f"/games/{game_id}/render.js")
        assert entry["renderer"] is (script.status_code == 200)
        if script.status_code == 200:
            assert script.headers["content-type"].startswith("text/javascript")
            assert f"renderers.{game_id}" in script.text or f'renderers["{game_id}"]' in script.text
            assert entry["howto"]["line"] and entry["howto"]["turn"]
            sample = client.get(f"/games/{game_id}/sample.json").json()
            assert sample["game"] == game_id and sample["sample"] is True
    assert catalogue["nuggets"]["renderer"] is False and catalogue["nuggets"]["howto"] == {}
    assert sum(1 for g in catalogue.values() if g["renderer"]) >= 5


@pytest.mark.parametrize(
    "path",
    [
        "/games/gonza/rules.py",  # only browser files, never the game's code
        "/games/gonza/..%2Frules.py",
        "/games/gonza/%2e%2e",
        "/games/gonza/web",
        "/games/gonza/missing.js",
        "/games/nowhere/render.js",
        "/games/gonza/" + "a" * 300 + ".js",
        "/games/gonza/Render.JS",
    ],
)
def test_a_game_file_outside_its_web_folder_is_not_found(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "rules" not in response.text and "import" not in response.text


def test_create_table_gives_secret_links_to_people_only(client: TestClient) -> None:
    data = new_table(client, ["human", "random", "human"])
    seats = data["seats"]
    assert "token" in seats[0] and "token" in seats[2] and "token" not in seats[1]
    assert seats[0]["token"] != seats[2]["token"] and len(seats[0]["token"]) >= 32
    assert seats[0]["link"].endswith(f"#seat=0&token={seats[0]['token']}")
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [data["id"]]
    assert "token" not in json.dumps(listed)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "chess", "seats": [{"agent": "human"}]}, 404),
        ({"game": "nuggets", "seats": [{"agent": "human"}]}, 422),  # too few players
        ({"game": "nuggets", "seats": [{"agent": "human"}, {"agent": "wizard"}]}, 422),
        ({"game": "nuggets", "seats": [{"agent": "human"}] * 2, "options": {"rounds": 99}}, 422),
        ({"game": "nuggets", "seats": [{"agent": "human"}] * 2, "settings": {"x": 1}}, 422),
        ({"game": "nuggets", "seats": "two"}, 422),
        ({"seats": []}, 422),
        (
            {
                "game": "carcassonne",
                "seats": [{"agent": "human"}] * 2,
                "options": {"components": "/etc/passwd"},
            },
            422,
        ),
    ],
)
def test_bad_table_requests_are_refused_clearly(
    client: TestClient, body: dict[str, Any], status: int
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_seat_token_is_needed_to_act(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, (ann, bob) = data["id"], [s["token"] for s in data["seats"]]
    assert act(client, table, 0, None, {"type": "bid", "gold": 1}).status_code == 401
    assert act(client, table, 0, bob, {"type": "bid", "gold": 1}).status_code == 403
    assert act(client, table, 0, "forged-token", {"type": "bid", "gold": 1}).status_code == 403
    assert client.get(f"/api/tables/{table}", headers={"X-Seat-Token": "x"}).status_code == 403
    assert view(client, table)["move_count"] == 0
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}).status_code == 200
    assert view(client, table)["move_count"] == 1


def test_stale_and_illegal_actions_are_refused_and_change_nothing(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, ann = data["id"], data["seats"][0]["token"]
    before = view(client, table, ann)
    for action, kw, status in [
        ({"type": "bid", "gold": 99}, {}, 422),
        ({"type": "challenge", "accept": True}, {}, 422),
        ({"type": "fly"}, {}, 422),
        ("bid lots", {}, 422),
        ({"type": "bid", "gold": 1}, {"expect_move": 5}, 409),
    ]:
        response = act(client, table, 0, ann, action, **kw)
        assert response.status_code == status, (action, response.text)
        assert response.json()["detail"]
    assert view(client, table, ann) == before


def test_views_hide_what_a_seat_may_not_know(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table = data["id"]
    ann, bob = (s["token"] for s in data["seats"])
    assert act(client, table, 0, ann, {"type": "bid", "gold": 4}).status_code == 200
    ann_view, bob_view, spectator = (
        view(client, table, ann),
        view(client, table, bob),
        view(client, table),
    )
    assert ann_view["observation"]["my_commitment"] == {"type": "bid", "gold": 4}
    for other in (bob_view, spectator):
        text = json.dumps(other)
        assert "my_commitment" not in text
        assert other["observation"]["committed"] == [0]
    assert "my_bonus" not in json.dumps(spectator)
    assert bob_view["observation"]["my_bonus"] != ann_view["observation"].get("bonus")
    # the record (with the seed) stays secret until the game is over
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get(f"/api/tables/{table}/replay/0").status_code == 409


def test_bots_answer_and_the_finished_game_can_be_replayed(client: TestClient) -> None:
    data = new_table(client, ["human", "random"])
    table, ann = data["id"], data["seats"][0]["token"]
    for _ in range(100):
        v = view(client, table, ann)
        if v["status"] == "finished":
            break
        if v["legal"]:
            assert act(client, table, 0, ann, v["legal"][0]["action"]).status_code == 200
        else:
            time.sleep(0.02)  # the bot is thinking in its thread
    assert v["status"] == "finished" and "ranking" in v["observation"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["game"] == "nuggets" and len(record["moves"]) == v["move_count"]
    first = client.get(f"/api/tables/{table}/replay/0").json()
    last = client.get(f"/api/tables/{table}/replay/{v['move_count']}").json()
    assert first["move"] == 0 and first["last"] is None
    assert last["observation"]["over"] is True
    # the last move's text comes from the server (the fixture game has no words: notation)
    seat, action = record["moves"][-1]
    assert last["last"] == {"seat": seat, "action": action, "text": notation(action)}
    assert client.get(f"/api/tables/{table}/replay/9999").status_code == 422
    finished = client.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert finished[0]["result"]["scores"] == v["observation"]["scores"]


def test_a_restarted_server_resumes_every_table_exactly(db_url: str) -> None:
    with TestClient(create_app(db_url, limits=SEEDED)) as first:
        data = new_table(first, ["human", "human"])
        table, ann, bob = data["id"], data["seats"][0]["token"], data["seats"][1]["token"]
        assert act(first, table, 0, ann, {"type": "bid", "gold": 2}).status_code == 200
        assert act(first, table, 1, bob, {"type": "bid", "gold": 3}).status_code == 200
        before = view(first, table, ann)
    with TestClient(create_app(db_url, limits=SEEDED)) as second:
        assert view(second, table, ann) == before
        assert before["observation"]["pending"] == [0], "Bob won; Ann may challenge"
        nxt = before["legal"][0]["action"]
        assert act(second, table, 0, ann, nxt).status_code == 200
        assert view(second, table, bob)["move_count"] == 3


def test_undo_only_within_ones_own_private_moves(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, ann, bob = data["id"], data["seats"][0]["token"], data["seats"][1]["token"]
    undo = client.post(f"/api/tables/{table}/undo", json={"seat": 0}, headers={"X-Seat-Token": ann})
    assert undo.status_code == 409 and "nothing to undo" in undo.json()["detail"]
    # a secret bid is never private (it is a simultaneous commitment)
    assert act(client, table, 0, ann, {"type": "bid", "gold": 6}).status_code == 200
    assert view(client, table, ann)["can_undo"] is False
    assert act(client, table, 1, bob, {"type": "bid", "gold": 0}).status_code == 200
    # Ann won the card, Bob is asked whether to challenge: a move with a private peek
    v = view(client, table, bob)
    assert [a["action"]["type"] for a in v["legal"]] == ["challenge", "challenge"]
    assert act(client, table, 1, bob, {"type": "challenge", "accept": True}).status_code == 200
    assert view(client, table, bob)["can_undo"] is False
    wrong = client.post(
        f"/api/tables/{table}/undo", json={"seat": 1}, headers={"X-Seat-Token": ann}
    )
    assert wrong.status_code == 403


def test_websocket_pushes_each_seat_its_own_view(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    table, ann, bob = data["id"], data["seats"][0]["token"], data["seats"][1]["token"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as ws_ann,
        client.websocket_connect(f"/ws/tables/{table}") as ws_watch,
    ):
        ws_ann.send_json({"type": "hello", "token": ann})
        ws_watch.send_json({"type": "hello"})
        assert receive(ws_ann)["view"]["seat"] == 0
        assert receive(ws_watch)["view"]["seat"] is None
        ws_ann.send_json({"type": "act", "action": {"type": "bid", "gold": 5}, "expect_move": 0})
        mine = receive(ws_ann)["view"]
        theirs = receive(ws_watch)["view"]
        assert mine["observation"]["my_commitment"]["gold"] == 5
        assert "my_commitment" not in json.dumps(theirs) and theirs["observation"]["committed"] == [
            0
        ]
        ws_watch.send_json({"type": "act", "action": {"type": "bid", "gold": 1}})
        assert receive(ws_watch)["type"] == "error"
        ws_ann.send_json({"type": "act", "action": {"type": "bid", "gold": 1}, "expect_move": 1})
        error = receive(ws_ann)
        assert error["type"] == "error" and "already decided" in error["message"]
        ws_ann.send_json({"type": "dance"})
        assert receive(ws_ann)["status"] == 422
    assert act(client, table, 1, bob, {"type": "bid", "gold": 1}).status_code == 200


def test_websocket_with_a_bad_token_is_closed(client: TestClient) -> None:
    data = new_table(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_json({"type": "hello", "token": "nope"})
        message = receive(ws)
        assert message["type"] == "error" and message["status"] == 403


def test_timed_decisions_pass_for_a_seat_that_runs_out(db_url: str, monkeypatch: Any) -> None:
    with TestClient(create_app(db_url, limits=SEEDED)) as client:
        data = new_table(client, ["human", "human"], settings={"decision_timer": 20})
        table, ann = data["id"], data["seats"][0]["token"]
        v = view(client, table, ann)
        assert v["deadline"] is not None and v["deadline"] > time.time() + 15
        live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
        assert live.timer_task is not None and not live.timer_task.done()
        assert act(client, table, 0, ann, {"type": "bid", "gold": 3}).status_code == 200
        assert view(client, table, ann)["deadline"] == v["deadline"], "one clock per decision"
        # run the expiry now instead of waiting 20 seconds
        live.timer_task.cancel()
        portal: Any = client.portal
        portal.call(client.app.state.service._expire, live, 0)  # type: ignore[attr-defined]
        after = view(client, table, ann)
        assert after["move_count"] == 2
        assert "Bids: Player 1 3, Player 2 0" in [e["text"] for e in after["events"]]


def test_a_secret_choice_is_not_stale_because_others_committed(client: TestClient) -> None:
    """Two people price at once: the second sends a choice made before the first committed."""
    data = new_table(client, ["human", "human", "human"])
    table, ann, bob, cat = (data["id"], *(s["token"] for s in data["seats"]))
    assert act(client, table, 0, ann, {"type": "bid", "gold": 1}, expect_move=0).status_code == 200
    assert act(client, table, 1, bob, {"type": "bid", "gold": 2}, expect_move=0).status_code == 200
    assert act(client, table, 2, cat, {"type": "bid", "gold": 3}, expect_move=0).status_code == 200
    # a new decision has opened: a choice from before it is stale
    v = view(client, table, ann)
    assert v["move_count"] == 3
    if 0 in v["observation"]["pending"]:
        stale = act(client, table, 0, ann, v["legal"][0]["action"], expect_move=1)
        assert stale.status_code == 409


def test_carcassonnes_tiles_come_from_the_rules_data(client: TestClient) -> None:
    """The renderer draws the tiles the engine plays (data/tiles.toml), sent by the server:
    the page holds only where each follower is drawn."""
    from motherlode.games.carcassonne.components import KINDS, load_tileset

    tiles = client.get("/games/carcassonne/data.json").json()["tiles"]
    built_in = load_tileset()
    assert set(tiles) == set(built_in.ids)
    for tile in built_in.types:
        sent = tiles[tile.id]
        assert sent["edges"] == tile.edges and sent["gold"] == tile.gold
        assert [f["kind"] for f in sent["features"]] == [KINDS[f.kind] for f in tile.features]
        assert all(len(f["at"]) == 2 for f in sent["features"])
    assert client.get("/games/nuggets/data.json").status_code == 404
