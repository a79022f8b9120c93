"""`motherlode verify`: a record file or a server's URL in, the checks and a verdict out."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from motherlode import cli
from motherlode.engine import GameRecord
from motherlode.table import Table
from motherlode.table.fairness import commitment, fairness_meta

runner = CliRunner()
SALT = "0123456789abcdef0123456789abcdef"
SEED = 21


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide, colourless console so that lines are not wrapped (it writes to sys.stdout)."""
    monkeypatch.setattr(cli, "console", Console(width=250, color_system=None))


def run(*args: str) -> Result:
    return runner.invoke(cli.app, ["verify", *args])


def text(result: Result) -> str:
    return " ".join(result.output.split())


def finished() -> GameRecord:
    table = Table.create("nuggets", ["random", "random"], seed=SEED)
    table.play()
    record = table.record()
    record.meta["fairness"] = fairness_meta(SEED, SALT)
    return record


def saved(tmp_path: Path, record: GameRecord) -> str:
    path = tmp_path / "game.json"
    record.save(path)
    return str(path)


# ------------------------------------------------------------------------ files


def test_a_fair_record_exits_0(tmp_path: Path) -> None:
    result = run(saved(tmp_path, finished()))
    assert result.exit_code == 0, result.output
    out = text(result)
    published = commitment(SEED, SALT)
    assert (
        f"FAIR: the deal was fixed before the first move (commitment {published}), "
        "and every move was legal." in out
    )
    for name in ("commitment", "moves", "finished", "result"):
        assert f"✓ │ {name}" in out
    assert "✗" not in out
    assert "--commitment" in out  # the hint to compare with what the table showed


def test_the_commitment_seen_during_play(tmp_path: Path) -> None:
    path = saved(tmp_path, finished())
    same = run(path, "--commitment", commitment(SEED, SALT).upper())
    assert same.exit_code == 0, same.output
    assert "as seen during play" in text(same) and "pass it with" not in text(same)
    other = run(path, "--commitment", commitment(SEED + 1, SALT))
    assert other.exit_code == 1, other.output
    assert "NOT FAIR: as seen during play: shown during play: " in text(other)
    malformed = run(path, "--commitment", "not-hex")
    assert malformed.exit_code == 2
    assert "64 hex digits" in text(malformed)


def test_tampered_records_exit_1(tmp_path: Path) -> None:
    record = finished()
    record.seed += 1
    result = run(saved(tmp_path, record))
    assert result.exit_code == 1, result.output
    assert "NOT FAIR: commitment: seed 22 with salt" in text(result)
    assert "FAIR: the deal" not in text(result)

    record = finished()
    record.moves[0] = (record.moves[0][0], {"type": "bid", "gold": 99})
    result = run(saved(tmp_path, record))
    assert result.exit_code == 1
    assert "NOT FAIR: moves: move 1: seat" in text(result) and "not 99" in text(result)

    record = finished()
    scores = record.meta["scores"]
    assert isinstance(scores, list)
    record.meta["scores"] = list(reversed(scores))
    result = run(saved(tmp_path, record))
    assert result.exit_code == 1
    assert "NOT FAIR: result: the record states scores" in text(result)


def test_a_record_without_commitment_says_why(tmp_path: Path) -> None:
    record = finished()
    del record.meta["fairness"]
    result = run(saved(tmp_path, record))
    assert result.exit_code == 1
    assert (
        "NOT FAIR: commitment: this record has no seed commitment "
        "(a table of bots, or made before commitments existed)" in text(result)
    )


def test_markup_in_a_record_is_printed_as_it_is(tmp_path: Path) -> None:
    record = finished()
    record.seats[0]["name"] = "[/bold][red]Eve"
    record.moves[0] = (0, {"type": "bid", "gold": 99})
    result = run(saved(tmp_path, record))
    assert result.exit_code == 1, result.output
    assert "seat 0 ([/bold][red]Eve) played" in text(result)


def test_unreadable_input_exits_2(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "error:" in text(missing)
    junk = tmp_path / "junk.json"
    junk.write_text("[not json", encoding="utf-8")
    result = run(str(junk))
    assert result.exit_code == 2 and "not a game record" in text(result)
    for url in ("ftp://example.org/t/abc", "http://127.0.0.1:9/somewhere/else"):
        result = run(url)
        assert result.exit_code == 2, result.output
    assert "table page" in text(result)


# ------------------------------------------------------------------------- URLs


class Server:
    """A stand-in for `motherlode serve`: one finished table, one still being played."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.requests: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner.requests.append(self.path)
                if self.path == "/api/tables/abc/record":
                    self.answer(200, owner.body)
                elif self.path == "/api/tables/live/record":
                    detail = "the record of a game is public once the game is over"
                    self.answer(409, json.dumps({"detail": detail}).encode())
                else:
                    self.answer(404, b'{"detail": "no such table"}')

            def answer(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"


@pytest.fixture
def server() -> Iterator[Server]:
    srv = Server(finished().dumps().encode())
    thread = threading.Thread(target=srv.httpd.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()
    thread.join()


def test_a_table_page_url_fetches_its_record_and_keeps_the_fragment(server: Server) -> None:
    result = run(f"{server.base}/t/abc#seat=0&token=x")
    assert result.exit_code == 0, result.output
    assert "FAIR: the deal was fixed" in text(result)
    assert server.requests == ["/api/tables/abc/record"]
    assert not any("token" in path or "#" in path for path in server.requests)


def test_a_record_url_is_fetched_as_it_is(server: Server) -> None:
    result = run(f"{server.base}/api/tables/abc/record", "--commitment", commitment(SEED, SALT))
    assert result.exit_code == 0, result.output
    assert server.requests == ["/api/tables/abc/record"]


def test_a_game_not_over_yet(server: Server) -> None:
    result = run(f"{server.base}/t/live")
    assert result.exit_code == 2, result.output
    assert "the game is not over yet; the seed is revealed only at the end" in text(result)
    assert server.requests == ["/api/tables/live/record"]


def test_other_server_answers_exit_2(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = run(f"{server.base}/t/gone")
    assert missing.exit_code == 2 and "HTTP 404" in text(missing)
    server.body = b"<html>a login page</html>"
    assert "not a game record" in text(run(f"{server.base}/t/abc"))
    monkeypatch.setattr(cli, "RECORD_LIMIT", 100)
    server.body = b" " * 101
    too_big = run(f"{server.base}/t/abc")
    assert too_big.exit_code == 2 and "sent more than" in text(too_big)


def test_an_unreachable_server_exits_2() -> None:
    with socket.socket() as sock:  # a port nobody listens on once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = run(f"http://127.0.0.1:{port}/t/abc")
    assert result.exit_code == 2, result.output
    assert "cannot reach" in text(result)
