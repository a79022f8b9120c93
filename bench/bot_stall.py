"""What slow bots on other tables cost a table's quick bot: the stall attack, measured.

Starts ``motherlode serve`` on loopback (a fresh SQLite file), opens ``--attackers`` tables
whose two seats are the slowest search the server allows (``mcts:ms=LIMIT``), then plays a
person's moves at an unrelated Carcassonne table against the heuristic bot and times each
answer: from sending the move until the person is asked again.  Prints the median, p90
and worst answer over ``--moves`` answers.

    python bench/bot_stall.py                      # 4 attackers at the default 2 s limit
    python bench/bot_stall.py --attackers 0        # the same table with nobody attacking
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """GET (or POST ``body``) with a seat's token; the JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=120) as r:
        return json.load(r)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--attackers", type=int, default=4)
    parser.add_argument("--ms", type=int, default=2000, help="the attackers' search time")
    parser.add_argument("--moves", type=int, default=20, help="answers to time")
    args = parser.parse_args()

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "stall.db"
    command = [sys.executable, "-m", "motherlode.cli", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{db}"]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/games")
                break
            except OSError:
                time.sleep(0.1)
        slow = [{"agent": f"mcts:ms={args.ms}"}] * 2
        for _ in range(args.attackers):
            call(f"{base}/api/tables", {"game": "carcassonne", "seats": slow})
        time.sleep(3 if args.attackers else 0)  # let the searches get going
        seats = [{"agent": "human"}, {"agent": "heuristic"}]
        table = call(f"{base}/api/tables", {"game": "carcassonne", "seats": seats})
        url, token = f"{base}/api/tables/{table['id']}", table["seats"][0]["token"]
        answers: list[float] = []
        while len(answers) < args.moves:
            view = call(url, token=token)
            if view["status"] != "running":
                break
            if not view["legal"]:
                time.sleep(0.002)
                continue
            sent = time.perf_counter()
            body = {"seat": 0, "action": view["legal"][0]["action"]}
            reply = call(f"{url}/actions", {**body, "expect_move": view["move_count"]}, token)
            if reply["legal"]:
                continue  # the person's turn goes on (a follower after the tile)
            while not call(url, token=token)["legal"] and call(url)["status"] == "running":
                time.sleep(0.002)
            answers.append(time.perf_counter() - sent)
    finally:
        server.terminate()
        server.wait(timeout=20)
    answers.sort()
    p90 = answers[int(0.9 * (len(answers) - 1))]
    print(
        f"{args.attackers} attacking tables (mcts:ms={args.ms} x2): heuristic bot's answer over "
        f"{len(answers)} moves: median {statistics.median(answers) * 1000:.0f} ms, "
        f"p90 {p90 * 1000:.0f} ms, worst {answers[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
