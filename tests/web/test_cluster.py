"""Several `motherlode serve` processes on one PostgreSQL database, as an operator runs them.

Real processes on loopback: people at one table on different processes, a table of bots,
and `kill -9` of the process running a table's bots mid-game.  Every game must end with
every move exactly once: its record replays, move by move, to the final state the servers
show, and no seat moved twice for one decision (a second move would not replay).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from motherlode.engine import GameRecord
from tests.web.browser import free_port

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """One `motherlode serve` process."""

    def __init__(self, database_url: str, *extra: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "motherlode.cli", "serve", "--port", str(self.port)]
        command += ["--database-url", database_url, "--bot-workers", "1", *extra]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.output()}")
            try:
                urllib.request.urlopen(f"{self.base}/api/games", timeout=2)
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def call(self, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def output(self) -> str:
        if self.process.poll() is None:
            return "(running)"
        return self.process.stdout.read() if self.process.stdout else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def servers(database_url: str, count: int) -> Iterator[list[Server]]:
    started = [Server(database_url) for _ in range(count)]
    try:
        for server in started:
            server.wait_ready()
        yield started
    finally:
        for server in started:
            server.stop()


def wait_for(predicate: Any, seconds: float, what: str) -> None:
    deadline = time.time() + seconds
    while not predicate():
        if time.time() > deadline:
            raise AssertionError(f"timed out: {what}")
        time.sleep(0.05)


def check_exactly_once(server: Server, table: str) -> GameRecord:
    """The finished game's record replays move by move to what the server shows."""
    record = GameRecord.from_json(server.call(f"/api/tables/{table}/record"))
    final = record.replay()  # applies every move in order: a duplicate would be illegal
    shown = server.call(f"/api/tables/{table}")
    assert shown["status"] == "finished" and final.is_over()
    assert shown["move_count"] == final.move_count == len(record.moves)
    assert shown["observation"] == json.loads(json.dumps(final.observe(None)))
    return record


@pytest.mark.slow
def test_people_at_one_table_on_three_processes(postgres_url: str) -> None:
    with servers(postgres_url, 3) as (a, b, c):
        seats = [{"agent": "human"}, {"agent": "human"}, {"agent": "heuristic"}]
        table = a.call("/api/tables", {"game": "gonza", "seats": seats})
        tid = table["id"]
        tokens = [s.get("token") for s in table["seats"]]
        opened = ExitStack()
        sockets = []
        for server, token in ((b, tokens[0]), (c, tokens[1])):
            ws = opened.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}"))
            ws.send(json.dumps({"type": "hello", "token": token}))
            sockets.append(ws)
        views: list[dict[str, Any]] = [{}, {}]
        frames = [0, 0]
        presence: list[list[Any]] = [[], []]

        def read(seat: int, timeout: float = 0.05) -> None:
            while True:
                try:
                    message = json.loads(sockets[seat].recv(timeout=timeout))
                except TimeoutError:
                    return
                if message["type"] == "presence":  # who is connected, to any process
                    presence[seat] = message["presence"]
                    continue
                assert message["type"] == "state", message
                frames[seat] += 1
                views[seat] = message["view"]
                timeout = 0.01

        deadline = time.time() + 240
        try:
            while time.time() < deadline:
                for seat in (0, 1):
                    read(seat)
                if any(v.get("status") == "finished" for v in views):
                    break
                for seat in (0, 1):
                    v = views[seat]
                    if v.get("legal"):
                        sockets[seat].send(
                            json.dumps(
                                {
                                    "type": "act",
                                    "action": v["legal"][0]["action"],
                                    "expect_move": v["move_count"],
                                }
                            )
                        )
                        views[seat] = {**v, "legal": []}  # one move per view

            def shows_the_end(seat: int) -> bool:
                read(seat)
                return views[seat].get("status") == "finished"

            for seat in (0, 1):
                wait_for(
                    lambda s=seat: shows_the_end(s),
                    30,
                    "each person's socket shows the end",
                )
        finally:
            opened.close()
        # each person, connected to another process, saw the other online (NOTIFY again)
        assert presence[0][:2] == ["online", "online"], presence
        assert presence[1][:2] == ["online", "online"], presence
        record = check_exactly_once(a, tid)
        for seat, server in ((0, b), (1, c)):
            # each socket saw the game move on through its own process (pushed by NOTIFY)
            assert frames[seat] > len(record.moves) // 4, frames
            mine = server.call(f"/api/tables/{tid}", token=tokens[seat])
            assert views[seat]["observation"] == mine["observation"]
        assert {s for s, _ in record.moves} == {0, 1, 2}


@pytest.mark.slow
def test_killing_the_process_running_a_tables_bots_loses_no_move(postgres_url: str) -> None:
    with servers(postgres_url, 3) as procs:
        seats = [{"agent": "heuristic"}, {"agent": "random"}, {"agent": "heuristic"}]
        body = {"game": "gonza", "seats": seats, "settings": {"bot_delay_ms": 40}}
        tid = procs[1].call("/api/tables", body)["id"]
        engine = create_engine(postgres_url)
        try:

            def runner() -> Server | None:
                with engine.connect() as c:
                    owner = c.execute(
                        text("SELECT lease_owner FROM tables WHERE id = :id"), {"id": tid}
                    ).scalar()
                pid = int(str(owner).split(":")[1]) if owner else None
                return next((p for p in procs if p.process.pid == pid), None)

            wait_for(lambda: runner() is not None, 10, "a process takes the bots' lease")
            wait_for(
                lambda: procs[0].call(f"/api/tables/{tid}")["move_count"] >= 10,
                60,
                "the bots play",
            )
            victim = runner()
            assert victim is not None
            moves_then = procs[0].call(f"/api/tables/{tid}")["move_count"]
            victim.process.send_signal(signal.SIGKILL)
            victim.process.wait()
            survivors = [p for p in procs if p is not victim]
            wait_for(lambda: runner() in survivors, 15, "another process takes the lease over")
            wait_for(
                lambda: survivors[0].call(f"/api/tables/{tid}")["status"] == "finished",
                240,
                "the game finishes",
            )
        finally:
            engine.dispose()
        record = check_exactly_once(survivors[0], tid)
        assert len(record.moves) > moves_then
        check_exactly_once(survivors[1], tid)


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    with servers(url, 1) as (first,):
        second = Server(url)
        try:
            second.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            second.process.kill()
            raise AssertionError("the second process started") from None
        out = " ".join(second.output().split())  # as one line, however it was wrapped
        assert second.process.returncode != 0
        assert "SQLite serves one server process" in out and "PostgreSQL" in out, out
        assert first.call("/api/games")["games"], "the first goes on serving"


def test_a_process_loads_only_the_tables_asked_for(tmp_path: Path) -> None:
    """After a restart nothing is loaded until a client asks for it, but the tables whose
    bots must go on (their lease had lapsed with the process)."""
    from fastapi.testclient import TestClient

    from motherlode.web.app import create_app

    url = f"sqlite:///{tmp_path / 'lazy.db'}"
    people = {"game": "gonza", "seats": [{"agent": "human"}, {"agent": "human"}]}
    bots = {
        "game": "gonza",
        "seats": [{"agent": "heuristic"}] * 2,
        "settings": {"bot_delay_ms": 500},
    }
    with TestClient(create_app(url)) as first:
        ids = [first.post("/api/tables", json=people).json()["id"] for _ in range(3)]
        robot = first.post("/api/tables", json=bots).json()["id"]
    with TestClient(create_app(url)) as second:
        service = second.app.state.service  # type: ignore[attr-defined]
        wait_for(lambda: robot in service.tables, 10, "the bot table is taken up")
        assert set(service.tables) == {robot}
        assert second.get(f"/api/tables/{ids[0]}").status_code == 200
        assert set(service.tables) == {robot, ids[0]}
