""" "Play again" and the lobby's options, for every game (issue 28).

The table page's "Play again" posts the finished table's game, seats, names and *all* its
options back (the observation's ``options``: every option, the terminal-only ones at the
value they played).  It used to fail in Carcassonne and Gonza Index, whose hidden
``components`` option the server refused whatever its value.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.engine import games, get_game
from motherlode.web.app import create_app

REAL_GAMES = [g for g in games() if g != "nuggets"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'again.db'}")) as c:
        yield c


def create(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def play_again_body(view: dict[str, Any]) -> dict[str, Any]:
    """What table.js's ``playAgain`` sends, built from the seat's view as it does."""
    settings = {
        k: v for k, v in view["settings"].items() if k in ("decision_timer", "bot_delay_ms")
    }
    return {
        "game": view["game"],
        "options": view["observation"]["options"],
        "settings": settings,
        "seats": [
            {"agent": a, "name": n} for a, n in zip(view["agents"], view["names"], strict=True)
        ],
    }


def seats_for(game_id: str) -> list[dict[str, str]]:
    game = get_game(game_id)
    agents = ["human"] + ["casual"] * (game.min_players - 1)
    if game_id == "gonza":  # a Minister AI seat makes the minister option "2"
        agents[1] = "minister"
    return [{"agent": a, "name": f"P{i}"} for i, a in enumerate(agents)]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_play_again_makes_the_same_table(client: TestClient, game_id: str) -> None:
    data = create(client, {"game": game_id, "seats": seats_for(game_id)})
    token = data["seats"][0]["token"]
    view = client.get(f"/api/tables/{data['id']}", headers={"X-Seat-Token": token}).json()
    body = play_again_body(view)
    again = create(client, body)
    token = again["seats"][0]["token"]
    second = client.get(f"/api/tables/{again['id']}", headers={"X-Seat-Token": token}).json()
    assert second["observation"]["options"] == view["observation"]["options"]
    assert second["agents"] == view["agents"] and second["names"] == view["names"]


@pytest.mark.parametrize(
    "game_id", [g for g in REAL_GAMES if get_game(g).options_class.terminal_only()]
)
def test_a_terminal_option_with_another_value_is_refused(client: TestClient, game_id: str) -> None:
    """Sent back at the value the table plays, a terminal-only option passes; any other value
    (a path on the server, or Minister seats the seats do not say) is refused, 422."""
    key = next(iter(get_game(game_id).options_class.terminal_only()))
    body = {"game": game_id, "seats": seats_for(game_id), "options": {key: "/etc/passwd"}}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert f"the {key} option is not offered at web tables" in response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_gonza_minister_seats_come_from_the_seats_alone(client: TestClient) -> None:
    body = {"game": "gonza", "seats": seats_for("gonza"), "options": {"minister": "1"}}
    assert client.post("/api/tables", json=body).status_code == 422
    body["options"] = {"minister": "2"}  # what the seats say: accepted, as Play again sends it
    create(client, body)


BOOL_WORDS = re.compile(r"\b(true|false)\b")


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_lobby_option_speaks_players_words(client: TestClient, game_id: str) -> None:
    """Each option the lobby shows has a title and a sentence of its own (not its key), a
    switch speaks yes/no as its control does, and every choice has a label."""
    catalogue = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    shown = [o for o in catalogue[game_id]["options"] if o["web"]]
    assert shown, game_id
    for o in shown:
        assert o["title"] and "_" not in o["title"], o
        assert o["sentence"] and o["sentence"] != o["help"], o
        assert not BOOL_WORDS.search(o["sentence"]), o
        if o["choices"] and len(o["choices"]) > 1 and o["type"] == "str":
            assert o["labels"] and set(o["labels"]) == {str(c) for c in o["choices"]}, o
    assert "components" not in {o["name"] for o in shown}
    if game_id == "gonza":
        assert "minister" not in {o["name"] for o in shown}  # chosen as a seat's bot only
        assert "minister" in catalogue[game_id]["bots"]
