"""Write ``data/release-616f1e2.sql``: a database as commit 616f1e2, the last release before
schema migrations, left it, for ``test_migrations.py`` to upgrade and resume.

Run it with the OLD code on the path (it refuses to run against code that has migrations),
from the root of this checkout::

    git worktree add /tmp/prev-release 616f1e2
    PYTHONPATH=/tmp/prev-release/src .venv/bin/python tests/storage/make_release_fixture.py
    git worktree remove --force /tmp/prev-release

It plays, through that release's own web app, the tables a live server holds: Sealed
Nuggets (the test fixture game, taken from the old checkout's tests) human against a random
bot part-way, two people with a 20-second decision timer part-way, an all-bot Carcassonne
game played to the end, a running Goodwill table with two people and a bot, and a GOLDFIX
dashboard with a few ledger entries.  Every running table is left waiting for a person, so
that nothing moves between the dump and the resume.  The database goes out as SQL text
(``sqlite3.Connection.iterdump``), and the people's seat tokens (which the database keeps
only hashed) beside it in ``release-616f1e2.tokens.json``, so the test can act as them.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import motherlode

OLD_ROOT = Path(motherlode.__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
NAME = "release-616f1e2"


def main() -> None:
    if importlib.util.find_spec("motherlode.storage.migrations") is not None:
        sys.exit(f"{motherlode.__file__} has migrations: run this against the old release")
    sys.path.insert(0, str(OLD_ROOT))  # the old checkout's tests.engine.nuggets
    from fastapi.testclient import TestClient

    from motherlode.engine import register
    from motherlode.web.app import create_app
    from tests.engine import nuggets

    register(nuggets.GAME, replace=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "old.db"
        tokens: dict[str, dict[str, str]] = {}
        with TestClient(create_app(f"sqlite:///{path}")) as client:
            Fixture(client, tokens).play()
        DATA.mkdir(exist_ok=True)
        connection = sqlite3.connect(path)
        try:
            sql = "\n".join(connection.iterdump()) + "\n"
        finally:
            connection.close()
    (DATA / f"{NAME}.sql").write_text(sql)
    (DATA / f"{NAME}.tokens.json").write_text(json.dumps(tokens, indent=2) + "\n")
    print(f"wrote {DATA / NAME}.sql ({len(sql)} characters) and its tokens")


class Fixture:
    def __init__(self, client: Any, tokens: dict[str, dict[str, str]]) -> None:
        self.client = client
        self.tokens = tokens
        self.service = client.app.state.service

    def play(self) -> None:
        solo = self.table("nuggets", ["human", "random"], seed=11)
        self.play_people(solo, moves=3)
        timed = self.table("nuggets", ["human", "human"], seed=12, settings={"decision_timer": 20})
        self.play_people(timed, moves=3)
        bots = self.table("carcassonne", ["heuristic", "heuristic"], seed=13)
        self.settle(bots, until_over=True)
        goodwill = self.table("goodwill", ["human", "heuristic", "human"], seed=14)
        self.play_people(goodwill, moves=5)
        self.dashboard()

    def table(self, game: str, agents: list[str], **extra: Any) -> str:
        body = {"game": game, "seats": [{"agent": a} for a in agents], **extra}
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        data = response.json()
        people = {str(s["seat"]): s["token"] for s in data["seats"] if "token" in s}
        if people:
            self.tokens[data["id"]] = people
        return str(data["id"])

    def play_people(self, table_id: str, moves: int) -> None:
        """The people make ``moves`` moves (each their first legal one), bots answering."""
        for _ in range(moves):
            self.settle(table_id)
            seat, token = next(
                (int(s), t) for s, t in self.tokens[table_id].items() if self.legal(table_id, t)
            )
            action = self.legal(table_id, token)[0]["action"]
            body = {"seat": seat, "action": action}
            response = self.client.post(
                f"/api/tables/{table_id}/actions", json=body, headers={"X-Seat-Token": token}
            )
            assert response.status_code == 200, response.text
        self.settle(table_id)
        assert not self.service.tables[table_id].table.state.is_over(), "ended too soon"

    def legal(self, table_id: str, token: str) -> list[dict[str, Any]]:
        view = self.client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token})
        assert view.status_code == 200, view.text
        return list(view.json()["legal"])

    def settle(self, table_id: str, until_over: bool = False) -> None:
        """Wait until no bot owes a move (and, with ``until_over``, the game is over)."""
        table = self.service.tables[table_id].table
        for _ in range(6000):
            state = table.state
            if state.is_over() or (
                not until_over and all(table.seats[s].is_human for s in state.pending())
            ):
                return
            time.sleep(0.05)
        raise TimeoutError(f"table {table_id} did not settle")

    def dashboard(self) -> None:
        players = {"players": ["Alf", "Bryan", "Chris"], "quickstart": True}
        response = self.client.post("/api/dashboards", json=players)
        assert response.status_code == 201, response.text
        url = f"/api/dashboards/{response.json()['id']}/transactions"
        for tx in (
            {"kind": "buy_asset", "player": 0, "asset": "drill_report", "broker": 1},
            {"kind": "goldfix_up"},
            {"kind": "production", "player": 2, "dice": 12, "drill_reports": 2},
        ):
            assert self.client.post(url, json=tx).status_code == 200, tx


if __name__ == "__main__":
    main()
