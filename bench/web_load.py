"""Load test of the web server: N concurrent tables played over WebSockets on loopback.

    python bench/web_load.py --tables 50 --game gonza --players 2
    python bench/web_load.py --processes 2 --database-url postgresql+psycopg://USER@HOST/DB
    python bench/web_load.py --tables 50 --accounts --chat 3

``--accounts``: every seat is held by an account (made in the database before the servers
start, each signed in with a session cookie), the table is rated, and its seats are taken
as a signed-in person takes them (the first by making the table, the others by joining it
with the cookie and the CSRF token): each finished game is rated by the server after it.
``--chat S``: every seat also writes a chat message every S seconds (within the chat's
rate limit), which every seat of its table receives.

Starts ``motherlode serve`` in ``--processes`` subprocesses on one database (by default a
fresh SQLite file, which serves one process; several need PostgreSQL), creates N tables
whose seats are all "people", and plays every seat from this process as a random player
over its own WebSocket, the connections spread over the processes in turn (so with two
processes each move is made on one and pushed to the other's seat).  When its view offers
legal actions a seat sends one and measures the time from sending until the frame of the
view that includes the move arrives.  Every move goes through the whole path a person's
move takes (validation, the SQL commit, the broadcast to every seat).

It is a closed loop with no thinking time: every table always has a move in flight, so the
latency it reports is mostly queueing, about ``tables / moves per second`` (Little's law);
the service time of one move is what ``--tables 1`` reports.  Prints moves per second,
p50 / p99 / max move latency, the error frames, and the CPU time the servers and this
client took per move (they share the machine); exits non-zero on any error frame or a
table left unfinished.
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
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
SILENCE = 60.0
"""Seconds a seat waits for a frame before it gives its table up as unfinished."""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    races: int = 0
    """Moves refused because another seat, asked at the same time, answered first."""
    unfinished: set[str] = field(default_factory=set)
    chats_sent: int = 0
    chats_seen: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"{url}: HTTP {exc.code}: {exc.read().decode(errors='replace')}") from None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_seat(
    base: str,
    table: str,
    seat: int,
    token: str,
    rng: random.Random,
    tally: Tally,
    chat_every: float = 0.0,
) -> None:
    """Play one seat to the end of its game (or until the server falls silent).

    One move is in flight at a time.  Where the view asks this seat alone, the first view
    with a higher move count is the move's answer.  Where it asks several seats at once
    (a secret simultaneous decision, or GOLDFIX's open ones), that view may be another
    seat's move, so a ``ping`` follows the move and its ``pong`` (the server answers a
    connection's frames in order) ends it; the latency is then taken at the first higher
    view all the same, which makes it approximate there.  A 409 there is a race lost to a
    seat that answered first.  Any other error frame is a failure: it is counted, and the
    seat chooses again from its last view, a few times at most before it gives up."""
    async with websockets.connect(f"ws://{base}/ws/tables/{table}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        view: dict[str, Any] | None = None
        in_flight = measured = barrier = refused = False
        sent_at = 0.0
        sent_count = -1
        failures = 0
        # a generator of its own: the moves' random choices stay those of the plain run
        chat_at = time.perf_counter() + random.Random(f"{table}:{seat}").random() * chat_every
        while True:
            if chat_every and time.perf_counter() >= chat_at:
                chat_at = time.perf_counter() + chat_every
                text = f"seat {seat} says hello at move {view['move_count'] if view else 0}"
                await ws.send(json.dumps({"type": "chat", "text": text}))
                tally.chats_sent += 1
            try:
                frame = await asyncio.wait_for(ws.recv(), SILENCE)
            except (TimeoutError, websockets.ConnectionClosed):
                tally.unfinished.add(table)
                return
            arrived = time.perf_counter()
            message = json.loads(frame)
            kind = message["type"]
            if kind == "state":
                view = message["view"]
                if in_flight and not measured and view["move_count"] > sent_count:
                    tally.latencies.append(arrived - sent_at)
                    measured = True
                    if not barrier:
                        in_flight = False
                        tally.moves += 1
                        failures = 0
                if view["status"] == "finished":
                    return
            elif kind == "chat":
                tally.chats_seen += 1
            elif kind == "pong" and barrier:
                barrier = in_flight = False
                if not refused:
                    tally.moves += 1
                    failures = 0
            elif kind == "error":
                if barrier and message.get("status") == 409:
                    tally.races += 1
                    refused = True
                    continue
                tally.errors.append(f"table {table} seat {seat}: {message.get('message')}")
                failures += 1
                if failures > 3:
                    tally.unfinished.add(table)
                    return
                refused = True
                in_flight = barrier  # alone: choose again now; else after the pong
            if not in_flight and view is not None and view["legal"]:
                action = rng.choice(view["legal"])["action"]
                sent_count = view["move_count"]
                barrier = len(view["observation"]["pending"]) > 1
                in_flight, measured, refused = True, False, False
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "act", "action": action, "expect_move": sent_count})
                )
                if barrier:
                    await ws.send('{"type": "ping"}')


async def run(
    bases: list[str], tables: list[dict[str, Any]], seed: int, chat_every: float = 0.0
) -> Tally:
    """Every seat of every table at once, connection k to server k modulo their number."""
    tally = Tally()
    rng = random.Random(seed)
    seats = [(t["id"], s) for t in tables for s in t["seats"]]
    await asyncio.gather(
        *(
            play_seat(
                bases[k % len(bases)],
                table,
                s["seat"],
                s["token"],
                random.Random(rng.random()),
                tally,
                chat_every,
            )
            for k, (table, s) in enumerate(seats)
        )
    )
    return tally


def make_accounts(url: str, count: int) -> list[tuple[str, str]]:
    """``count`` accounts, each signed in: (session cookie, CSRF token), written straight
    into the database (a real sign-up costs an argon2 hash and meets the sign-up limit)."""
    import hashlib
    import secrets

    from motherlode.storage import Database
    from motherlode.storage import accounts as store

    db = Database(url)
    now = time.time()
    out = []
    for i in range(count):
        user = store.create_user(db, f"load{i}", "-", secrets.token_hex(32), now)
        assert user is not None
        cookie, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        digest = hashlib.sha256(cookie.encode()).hexdigest()
        store.create_session(db, digest, user.id, csrf, now, now + 86400)
        out.append((cookie, csrf))
    db.engine.dispose()
    return out


def account_post(url: str, body: dict[str, Any], session: tuple[str, str]) -> dict[str, Any]:
    from motherlode.web.identity import CSRF_HEADER, SESSION_COOKIE

    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            "Cookie": f"{SESSION_COOKIE}={session[0]}",
            CSRF_HEADER: session[1],
        },
    )
    with urllib.request.urlopen(request) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def account_table(
    base: str, args: argparse.Namespace, i: int, sessions: list[tuple[str, str]]
) -> dict[str, Any]:
    """A rated table whose seats the accounts take as people do: the first makes it (its
    seat ``mine``), the others join its open seats."""
    mine = sessions[i * args.players : (i + 1) * args.players]
    seats = [{"agent": "human", "mine": True}] + [{"agent": "open"}] * (args.players - 1)
    body = {"game": args.game, "seats": seats, "seed": args.seed + i, "settings": {"rated": True}}
    table = account_post(f"http://{base}/api/tables", body, mine[0])
    out = [{"seat": 0, "token": table["seats"][0]["token"]}]
    for seat in range(1, args.players):
        joined = account_post(
            f"http://{base}/api/tables/{table['id']}/join", {"seat": seat}, mine[seat]
        )
        out.append({"seat": seat, "token": joined["token"]})
    return {"id": table["id"], "seats": out}


def start_servers(
    args: argparse.Namespace, url: str
) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    servers: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    for _ in range(args.processes):
        port = free_port()
        command = [sys.executable, "-m", "motherlode.cli", "serve", "--port", str(port)]
        command += ["--database-url", url]
        # a private benchmark server: known deals, every table from this one address, and
        # no table limit that a run (or what earlier runs left in a shared database) meets
        command += ["--allow-client-seed", "--tables-per-client", str(args.tables + 10)]
        command += ["--max-tables", str(args.tables + 100_000)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        servers.append(subprocess.Popen(command, cwd=ROOT, env=env))
        bases.append(f"127.0.0.1:{port}")
    for server, base in zip(servers, bases, strict=True):
        for _ in range(300):
            if server.poll() is not None:
                raise SystemExit(f"the server for {base} exited with {server.returncode}")
            try:
                urllib.request.urlopen(f"http://{base}/api/games")
                break
            except OSError:
                time.sleep(0.1)
    return servers, bases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="gonza")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes on the one database"
    )
    parser.add_argument(
        "--database-url", default=None, help="default: a fresh SQLite file (one process only)"
    )
    parser.add_argument(
        "--accounts", action="store_true", help="seats held by signed-in accounts; rated tables"
    )
    parser.add_argument(
        "--chat", type=float, default=0.0, help="each seat chats every this many seconds"
    )
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'load.db'}"
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.processes > 1 and url.startswith("sqlite"):
        parser.error("SQLite serves one server process; several need a PostgreSQL --database-url")

    sessions = make_accounts(url, args.tables * args.players) if args.accounts else []
    servers, bases = start_servers(args, url)
    try:
        if args.accounts:
            tables = [
                account_table(bases[i % len(bases)], args, i, sessions) for i in range(args.tables)
            ]
        else:
            seats = [{"agent": "human"}] * args.players
            tables = [
                post(
                    f"http://{bases[i % len(bases)]}/api/tables",
                    {"game": args.game, "seats": seats, "seed": args.seed + i},
                )
                for i in range(args.tables)
            ]
        before = [cpu_seconds(s.pid) for s in servers]
        client_cpu = time.process_time()
        start = time.perf_counter()
        tally = asyncio.run(run(bases, tables, args.seed, args.chat))
        elapsed = time.perf_counter() - start
        client_cpu = time.process_time() - client_cpu
        after = [cpu_seconds(s.pid) for s in servers]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=10)

    moves = max(tally.moves, 1)
    latencies = sorted(tally.latencies) or [0.0]
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
    where = f"{args.processes} processes" if args.processes > 1 else "1 process"
    print(
        f"{args.tables} tables of {args.game} ({args.players}p) over WebSockets, {where}: "
        f"{tally.moves} moves in {elapsed:.1f} s = {tally.moves / elapsed:.0f} moves/s; "
        f"move latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1] * 1000:.1f} ms; "
        f"{len(tally.errors)} error frames (and {tally.races} races lost), "
        f"{len(tally.unfinished)} tables unfinished"
    )
    spent = [a - b for a, b in zip(after, before, strict=True) if a is not None and b is not None]
    cpu = f"servers {sum(spent) / moves * 1000:.2f} ms, " if len(spent) == len(servers) else ""
    print(
        f"CPU per move: {cpu}this client {client_cpu / moves * 1000:.2f} ms "
        f"({client_cpu / elapsed:.0%} of a core over the run)"
    )
    if args.accounts:
        print(f"accounts: {len(sessions)} signed in, every table rated")
    if args.chat:
        print(f"chat: {tally.chats_sent} messages sent, {tally.chats_seen} frames delivered")
    for error in tally.errors[:10]:
        print("error:", error)
    if tally.errors or tally.unfinished:
        sys.exit(1)


if __name__ == "__main__":
    main()
