"""A designer's variant at a web table: uploaded component files and ``param.*`` options.

The files are hostile input: bounded in number and size, named as the game's component
files (never a path), UTF-8 TOML that the game's own loader accepts.  Every refusal is a
422 that names the file (and, from the loader, the key) and creates nothing.  A variant
that passes is kept with the table (a restart on another machine resumes it) and in its
record, which replays anywhere.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.engine import GameRecord
from motherlode.engine.record import MAX_FILE_BYTES, MAX_FILES, components_root
from motherlode.web.app import DESIGNER_TABLES, create_app
from motherlode.web.limits import MAX_PARAMETER_OPTIONS, Limits

SEEDED = Limits(allow_client_seed=True)
JSON = {"Content-Type": "application/json"}
MOTHERLODE = str(Path(sys.executable).parent / "motherlode")
"""The command, as installed beside this Python."""

VARIANT = {
    # SETUP: the first player takes 7 credits, the others 9 (the rulebook: 1 and 2) ...
    "parameters.toml": "start_credits_first = 7\nstart_credits_others = 9\n",
    # ... from a box of 25 credits in each colour (the rulebook's: 20)
    "dice.toml": "# a designer's copy\ncredits_per_colour = 25\n",
}


@pytest.fixture
def own_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own temporary directory: the designer's folders are written under it."""
    where = tmp_path / "tmp-a"
    where.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(where))
    return where


@pytest.fixture
def client(backend_url: str, own_tmp: Path) -> Iterator[TestClient]:
    with TestClient(create_app(backend_url, limits=SEEDED)) as c:
        yield c


def gonza(files: Any = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "gonza",
        "seats": [{"agent": "human", "name": "Ann"}, {"agent": "human", "name": "Bob"}],
        "seed": 3,
        "options": {"event_cards": 3},
        **extra,
    }
    if files is not None:
        body["components_files"] = files
    return body


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": token or ""})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def nothing_left(client: TestClient) -> None:
    """No table was made, and no scratch folder of the check is left behind."""
    assert client.get("/api/tables").json()["tables"] == []
    assert [p.name for p in components_root().iterdir()] == []


# ------------------------------------------------------------------ an attacker's uploads

BIG = "# " + "x" * MAX_FILE_BYTES + "\n"


@pytest.mark.parametrize(
    ("files", "says"),
    [
        ({"dice.toml": BIG}, f"dice.toml has {len(BIG)} bytes; at most {MAX_FILE_BYTES}"),
        (
            {f"f{i}.toml": "" for i in range(MAX_FILES + 1)},
            f"{MAX_FILES + 1} files; at most {MAX_FILES}",
        ),
        ({"data/dice.toml": "yellow_dice = 4"}, "'data/dice.toml' is not one of"),
        ({"/etc/passwd": ""}, "(a file name, not a path)"),
        ({"../x.toml": ""}, "'../x.toml' is not one of Gonza Index's component files"),
        ({"Dice.toml": "yellow_dice = 4"}, "(did you mean dice.toml?)"),
        ({"dice.toml": "yellow_dice = = 4"}, "dice.toml: not valid TOML"),
        ({"dice.toml": "nope = 1"}, "dice.toml: unknown key 'nope'"),
        ({"dice.toml": 'yellow_dice = "four"'}, "dice.toml: 'yellow_dice' must be a whole number"),
        ({"parameters.toml": "start_credits_first = 99"}, "parameters.toml: start_credits_first"),
        ({"parameters.toml": "hand_limt = 3"}, "(did you mean hand_limit?)"),
        ({"dice.toml": 4}, "dice.toml must be the file's text"),
        (["dice.toml"], "components_files"),
    ],
    ids=[
        "oversized",
        "too-many",
        "a-path",
        "an-absolute-path",
        "dot-dot",
        "misnamed",
        "invalid-toml",
        "unknown-key",
        "wrong-type",
        "out-of-bounds-number",
        "unknown-number",
        "not-text",
        "not-an-object",
    ],
)
def test_a_hostile_upload_is_refused_naming_the_file_and_creates_nothing(
    client: TestClient, files: Any, says: str
) -> None:
    response = client.post(DESIGNER_TABLES, json=gonza(files))
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert says in detail
    assert tempfile.gettempdir() not in detail, "the server's folders are never named"
    nothing_left(client)


def test_text_that_is_not_utf8_is_refused(client: TestClient) -> None:
    # a lone surrogate is valid JSON but no UTF-8 text
    body = json.dumps(gonza({"dice.toml": "yellow_dice = 4 # \ud800"})).encode()
    response = client.post("/api/tables", content=body, headers=JSON)
    assert response.status_code == 422
    assert "dice.toml is not UTF-8 text" in response.json()["detail"]
    # and raw bytes that are no UTF-8 at all are no JSON: FastAPI's 400
    raw = json.dumps(gonza({"dice.toml": "@"})).encode().replace(b"@", b"\xff\xfe")
    response = client.post("/api/tables", content=raw, headers=JSON)
    assert response.status_code == 400
    nothing_left(client)


def test_a_body_past_what_sixteen_files_need_is_refused_before_it_is_read(
    client: TestClient,
) -> None:
    files = {f"f{i}.toml": "x" * MAX_FILE_BYTES for i in range(3 * MAX_FILES)}
    response = client.post(DESIGNER_TABLES, json=gonza(files))
    assert response.status_code == 413
    # the usual address keeps the usual limit: a few small files fit in it
    response = client.post("/api/tables", json=gonza({"dice.toml": "x" * 3 * MAX_FILE_BYTES}))
    assert response.status_code == 413
    nothing_left(client)
    small = client.post("/api/tables", json=gonza({"dice.toml": "credits_per_colour = 25"}))
    assert small.status_code == 201, small.text


def test_a_game_that_reads_no_files_takes_none(client: TestClient) -> None:
    body = {"game": "nuggets", "seats": [{"agent": "human"}] * 2, "seed": 1}
    response = client.post("/api/tables", json={**body, "components_files": {"x.toml": ""}})
    assert response.status_code == 422
    assert "takes no designer's files" in response.json()["detail"]
    nothing_left(client)


def test_the_components_option_still_names_no_folder_on_the_server(client: TestClient) -> None:
    response = client.post("/api/tables", json=gonza(options={"components": "/etc"}))
    assert response.status_code == 422
    assert "components_files" in response.json()["detail"]
    nothing_left(client)


# --------------------------------------------------------------- design numbers, param.*


@pytest.mark.parametrize(
    ("options", "status", "says"),
    [
        ({"param.start_credits_first": 21}, 422, "option param.start_credits_first: 21 is outside"),
        ({"param.caps": [6, 8]}, 422, "option param.caps: expected 4 numbers"),
        ({"param.start_credit": 3}, 422, "(did you mean start_credits_first?)"),
        (
            {f"param.x{i}": 1 for i in range(MAX_PARAMETER_OPTIONS + 1)},
            422,
            f"{MAX_PARAMETER_OPTIONS + 1} param.* options; a table takes at most",
        ),
        ({f"param.x{i}": 1 for i in range(2000)}, 422, "options"),
    ],
    ids=["out-of-bounds", "wrong-shape", "unknown", "too-many", "a-huge-number"],
)
def test_a_design_number_out_of_its_bounds_is_refused_naming_it(
    client: TestClient, options: dict[str, Any], status: int, says: str
) -> None:
    response = client.post("/api/tables", json=gonza(options={"event_cards": 3, **options}))
    assert response.status_code == status, response.text
    assert says in response.json()["detail"]
    nothing_left(client)


def test_design_numbers_as_options_play(client: TestClient) -> None:
    options = {"event_cards": 3, "param.start_credits_first": 5, "param.start_credits_others": 6}
    made = client.post("/api/tables", json=gonza(options=options))
    assert made.status_code == 201, made.text
    players = view(client, made.json()["id"])["observation"]["players"]
    assert sorted(p["credits"] for p in players) == [5, 6]


# ----------------------------------------------------------------- a variant that plays


def play_to_the_end(client: TestClient, table: str, tokens: list[str]) -> dict[str, Any]:
    """Each person makes their first legal move whenever asked, until the game is over."""
    for _ in range(2000):
        views = [view(client, table, t) for t in tokens]
        if views[0]["status"] == "finished":
            return views[0]
        seat = next(i for i, v in enumerate(views) if v["legal"])
        body = {"seat": seat, "action": views[seat]["legal"][0]["action"]}
        moved = client.post(
            f"/api/tables/{table}/actions", json=body, headers={"X-Seat-Token": tokens[seat]}
        )
        assert moved.status_code == 200, moved.text
    pytest.fail("the game did not end")


def test_a_variant_plays_survives_a_restart_elsewhere_and_its_record_replays_anywhere(
    backend_url: str, own_tmp: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(backend_url, limits=SEEDED)) as first:
        made = first.post(DESIGNER_TABLES, json=gonza(VARIANT))
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        tokens = [s["token"] for s in made.json()["seats"]]
        before = view(first, table, tokens[0])
        players = before["observation"]["players"]
        first_seat = before["observation"]["first_player"]
        assert [p["credits"] for p in players] == [7 if i == first_seat else 9 for i in range(2)]
        assert [p["supply"] + p["credits"] for p in players] == [25, 25]
        # the view names the files, and never holds their text
        assert before["settings"]["designer_files"] == ["dice.toml", "parameters.toml"]
        assert "credits_per_colour" not in json.dumps(before["settings"])
        # nor the folder on the server the files were written to: the files by their hash
        assert before["observation"]["options"]["components"].startswith("sha256:")
        assert str(tempfile.gettempdir()) not in json.dumps(before)
        listed = first.get("/api/tables").json()["tables"][0]["settings"]
        assert listed["designer_files"] == ["dice.toml", "parameters.toml"]

    # another machine: its own temporary folder, which holds none of the files
    elsewhere = tmp_path / "tmp-b"
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
    with TestClient(create_app(backend_url, limits=SEEDED)) as second:
        again = view(second, table, tokens[0])
        assert again["observation"]["players"] == players
        assert again["move_count"] == before["move_count"]
        final = play_to_the_end(second, table, tokens)
        record = second.get(f"/api/tables/{table}/record").json()
    assert final["status"] == "finished"
    assert record["meta"]["components"] == VARIANT
    assert record["options"]["components"].startswith("sha256:")
    assert final["observation"]["options"]["components"] == record["options"]["components"]

    # a third machine replays it: in-process, and with `motherlode verify` in a bare folder
    third = tmp_path / "tmp-c"
    third.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(third))
    replayed = GameRecord.from_json(record).replay()
    assert replayed.is_over() and list(replayed.scores()) == record["meta"]["scores"]
    start = GameRecord.from_json(record).replay(0).observe(None)["players"]
    assert [p["credits"] for p in start] == [p["credits"] for p in players]
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "game.json").write_text(json.dumps(record))
    env = {**os.environ, "TMPDIR": str(fresh)}
    done = subprocess.run(
        [MOTHERLODE, "verify", "game.json"],
        cwd=fresh,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIR" in done.stdout


def test_a_record_whose_files_were_changed_does_not_replay(
    client: TestClient, tmp_path: Path
) -> None:
    made = client.post("/api/tables", json=gonza(VARIANT))
    table = made.json()["id"]
    tokens = [s["token"] for s in made.json()["seats"]]
    play_to_the_end(client, table, tokens)
    record = client.get(f"/api/tables/{table}/record").json()
    record["meta"]["components"]["parameters.toml"] = "start_credits_first = 20\n"
    file = tmp_path / "changed.json"
    file.write_text(json.dumps(record))
    done = subprocess.run(
        [MOTHERLODE, "verify", str(file)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "they were changed" in " ".join(done.stdout.split())


def test_play_again_at_a_variant_table_makes_the_same_variant(client: TestClient) -> None:
    """What table.js's "Play again" sends at a finished variant table: the view's options
    without the files' hash, and the files from the finished game's record."""
    made = client.post(DESIGNER_TABLES, json=gonza(VARIANT)).json()
    tokens = [s["token"] for s in made["seats"]]
    final = play_to_the_end(client, made["id"], tokens)
    record = client.get(f"/api/tables/{made['id']}/record").json()
    options = {k: v for k, v in final["observation"]["options"].items() if k != "components"}
    body = {
        "game": final["game"],
        "options": options,
        "settings": {},
        "seats": [
            {"agent": a, "name": n} for a, n in zip(final["agents"], final["names"], strict=True)
        ],
        "components_files": record["meta"]["components"],
    }
    again = client.post(DESIGNER_TABLES, json=body)
    assert again.status_code == 201, again.text
    fresh = view(client, again.json()["id"], again.json()["seats"][0]["token"])
    assert fresh["settings"]["designer_files"] == ["dice.toml", "parameters.toml"]
    assert sorted(p["credits"] for p in fresh["observation"]["players"]) == [7, 9]
