"""Load test of the web server: N concurrent tables played over WebSockets on loopback.

    python bench/web_load.py --tables 50 --game gonza --players 2

Starts the server (``motherlode serve``) in a subprocess on a fresh SQLite file, creates N
tables whose seats are all "people", and plays every seat from this process as a random
player over its own WebSocket: when its view offers legal actions it sends one and
measures the time until the server pushes the view that includes the move.  Every move
goes through the whole path a person's move takes (validation, the SQL commit, the
broadcast to every seat).  Prints moves per second and p50 / p99 move latency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


async def play_seat(
    base: str, table: str, seat: int, token: str, rng: random.Random, latencies: list[float]
) -> int:
    """Play one seat to the end of its game; returns the moves it made."""
    moves = 0
    async with websockets.connect(f"ws://{base}/ws/tables/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_count = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                sent_at = None  # a race lost to another seat's move: wait for the next view
                continue
            view = message["view"]
            if sent_at is not None and view["move_count"] > sent_count:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["status"] == "finished":
                return moves
            if view["legal"] and sent_at is None:
                action = rng.choice(view["legal"])["action"]
                sent_count = view["move_count"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "act", "action": action, "expect_move": sent_count})
                )
                moves += 1


async def run(base: str, tables: list[dict[str, Any]], seed: int) -> tuple[int, list[float]]:
    latencies: list[float] = []
    rng = random.Random(seed)
    jobs = [
        play_seat(base, t["id"], s["seat"], s["token"], random.Random(rng.random()), latencies)
        for t in tables
        for s in t["seats"]
    ]
    counts = await asyncio.gather(*jobs)
    return sum(counts), latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="gonza")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    port = free_port()
    db = Path(tempfile.mkdtemp()) / "load.db"
    command = [sys.executable, "-m", "motherlode.cli", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{db}"]
    # a private benchmark server: known deals, and every table from this one address
    command += ["--allow-client-seed", "--tables-per-client", str(args.tables + 10)]
    command += ["--max-tables", str(args.tables + 10)]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://{base}/api/games")
                break
            except OSError:
                time.sleep(0.1)
        seats = [{"agent": "human"}] * args.players
        tables = [
            post(
                f"http://{base}/api/tables",
                {"game": args.game, "seats": seats, "seed": args.seed + i},
            )
            for i in range(args.tables)
        ]
        start = time.perf_counter()
        moves, latencies = asyncio.run(run(base, tables, args.seed))
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=10)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
    print(
        f"{args.tables} tables of {args.game} ({args.players}p) over WebSockets: "
        f"{moves} moves in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s; "
        f"move latency p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )


if __name__ == "__main__":
    main()
