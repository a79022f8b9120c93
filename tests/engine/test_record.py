"""GameRecord: JSON form, files, exact replays, and a clear BadRecord for every corruption."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import motherlode
from motherlode.engine import BadRecord, GameRecord, State, replay
from motherlode.engine.record import (
    MAX_FILE_BYTES,
    MAX_FILES,
    files_digest,
    materialise,
    record_options,
)
from motherlode.table import Table
from motherlode.testing import fingerprint, random_step
from tests.engine.nuggets import GAME, Bid


def played(moves: int | None = None, seed: int = 4, players: int = 3) -> tuple[State, list[str]]:
    """A seeded random game (to the end by default) and its fingerprint before every move."""
    state = GAME.new_state(players, seed, {"rounds": 4})
    rng = random.Random(seed)
    prints = []
    while not state.is_over() and (moves is None or state.move_count < moves):
        prints.append(fingerprint(state))
        random_step(state, rng)
    prints.append(fingerprint(state))
    return state, prints


def good_json() -> dict[str, Any]:
    state, _ = played(6)
    return state.record().to_json()


def test_record_fields() -> None:
    state, _ = played(6)
    record = state.record()
    assert record.game == "nuggets"
    assert record.rules_version == GAME.rules_version == "1"
    assert record.options == {"rounds": 4, "start_gold": 6, "challenges": True}
    assert record.seed == 4
    assert record.seats == [{"name": "Player 1"}, {"name": "Player 2"}, {"name": "Player 3"}]
    assert record.num_players == 3
    assert record.moves == [(s, a.to_json()) for s, a in state.moves()]
    assert len(record.moves) == 6
    data = record.to_json()
    assert data["format"] == "motherlode-record" and data["version"] == 1
    assert data["moves"] == [[s, a.to_json()] for s, a in state.moves()]
    assert data["meta"] == {}
    assert json.loads(record.dumps()) == data


def test_json_round_trip() -> None:
    state, _ = played()
    record = state.record([{"name": "Ann"}, {"name": "Bob", "agent": "random"}, {"name": "Cy"}])
    record.meta["note"] = "friendly"
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert GameRecord.from_json(record.dumps()) == record
    assert GameRecord.from_json(record.dumps().encode()) == record
    assert again.seats[1] == {"name": "Bob", "agent": "random"}
    assert again.meta == {"note": "friendly"}


def test_save_and_load(tmp_path: Path) -> None:
    state, _ = played()
    record = state.record()
    path = tmp_path / "game.json"
    record.save(path)
    assert json.loads(path.read_text(encoding="utf-8")) == record.to_json()
    assert GameRecord.load(path) == record
    assert GameRecord.load(str(path)) == record


def test_replay_gives_the_identical_state() -> None:
    state, _ = played()
    assert state.is_over()
    record = GameRecord.from_json(state.record().dumps())
    assert fingerprint(replay(record)) == fingerprint(state)
    assert fingerprint(motherlode.replay(record)) == fingerprint(state)
    assert fingerprint(record.replay()) == fingerprint(state)
    assert record.replay().ranking() == state.ranking()


def test_replay_upto_each_move() -> None:
    state, prints = played()
    record = state.record()
    for k, expected in enumerate(prints):
        assert fingerprint(record.replay(k)) == expected, f"after {k} moves"
    assert fingerprint(record.replay(0)) == fingerprint(GAME.new_state(3, 4, {"rounds": 4}))
    assert record.replay(len(record.moves) + 5).move_count == len(record.moves)


def test_a_pending_secret_commitment_replays() -> None:
    state = GAME.new_state(2, 8)
    state.apply(1, Bid(3))
    again = GameRecord.from_json(state.record().dumps()).replay()
    assert again.pending() == (0,)
    assert again.observe(1)["my_commitment"] == {"type": "bid", "gold": 3}
    assert fingerprint(again) == fingerprint(state)


# ----------------------------------------------------------------- corruption

Mutation = Callable[[dict[str, Any]], Any]


def without(key: str) -> Mutation:
    return lambda d: {k: v for k, v in d.items() if k != key}


def with_(key: str, value: Any) -> Mutation:
    return lambda d: {**d, key: value}


LOAD_ERRORS: list[tuple[str, Mutation, str]] = [
    ("not-json", lambda d: "{not json", "not a game record: the JSON is malformed"),
    ("truncated", lambda d: json.dumps(d)[:40], "not a game record: the JSON is malformed"),
    ("bad-bytes", lambda d: b"\xff\xfe{", "not a game record: the JSON is malformed"),
    ("list", lambda d: [d], "not a game record: expected a JSON object"),
    ("string-json", lambda d: '"hello"', "not a game record: expected a JSON object"),
    ("format", with_("format", "chess-pgn"), "'format' should be 'motherlode-record'"),
    ("no-format", without("format"), "'format' should be 'motherlode-record'"),
    ("version", with_("version", 2), "record format version 2 is not supported"),
    ("no-version", without("version"), "record format version None is not supported"),
    ("no-game", without("game"), "record is missing the field 'game'"),
    ("no-rules", without("rules_version"), "record is missing the field 'rules_version'"),
    ("no-options", without("options"), "record is missing the field 'options'"),
    ("no-seed", without("seed"), "record is missing the field 'seed'"),
    ("no-seats", without("seats"), "record is missing the field 'seats'"),
    ("no-moves", without("moves"), "record is missing the field 'moves'"),
    ("game-type", with_("game", 7), "record field 'game' should be of type str"),
    ("rules-type", with_("rules_version", 1), "record field 'rules_version' should be of type str"),
    ("options-type", with_("options", []), "record field 'options' should be of type dict"),
    ("seed-text", with_("seed", "seven"), "record field 'seed' should be of type int"),
    ("seed-bool", with_("seed", True), "record field 'seed' should be of type int"),
    ("seed-float", with_("seed", 4.0), "record field 'seed' should be of type int"),
    ("seats-type", with_("seats", {"a": 1}), "record field 'seats' should be of type list"),
    ("seats-empty", with_("seats", []), "'seats' must be a non-empty list of objects"),
    ("seats-items", with_("seats", ["Ann", "Bob"]), "'seats' must be a non-empty list of objects"),
    ("moves-type", with_("moves", {}), "record field 'moves' should be of type list"),
    ("move-short", with_("moves", [[0]]), "move 1 is malformed: expected [seat, action object]"),
    (
        "move-seat-text",
        lambda d: {**d, "moves": [*d["moves"][:2], ["0", {"type": "bid", "gold": 0}]]},
        "move 3 is malformed",
    ),
    (
        "move-seat-bool",
        lambda d: {**d, "moves": [[True, {"type": "bid", "gold": 0}]]},
        "move 1 is malformed",
    ),
    ("move-action-text", with_("moves", [[0, "bid 1"]]), "move 1 is malformed"),
    ("move-tuple", with_("moves", [[0, {"type": "bid", "gold": 0}, 1]]), "move 1 is malformed"),
    ("meta-type", with_("meta", []), "record field 'meta' must be an object"),
]


@pytest.mark.parametrize(
    ("mutate", "message"), [c[1:] for c in LOAD_ERRORS], ids=[c[0] for c in LOAD_ERRORS]
)
def test_corrupt_records_are_refused_on_load(mutate: Mutation, message: str) -> None:
    bad = mutate(good_json())
    with pytest.raises(BadRecord, match=re.escape(message)):
        GameRecord.from_json(bad)
    if isinstance(bad, dict | list):
        with pytest.raises(BadRecord, match=re.escape(message)):
            GameRecord.from_json(json.dumps(bad))


def replace_move(k: int, move: Any, *, same_seat: bool = False) -> Mutation:
    """Move ``k`` (1-based) replaced, optionally keeping the seat that played it."""

    def mutate(d: dict[str, Any]) -> dict[str, Any]:
        moves = list(d["moves"])
        moves[k - 1] = [moves[k - 1][0], move[1]] if same_seat else move
        return {**d, "moves": moves}

    return mutate


REPLAY_ERRORS: list[tuple[str, Mutation, str]] = [
    ("unknown-game", with_("game", "chess"), "unknown game 'chess'; known games:"),
    (
        "rules-version",
        with_("rules_version", "0"),
        "this record was played under Sealed Nuggets (test fixture) rules version 0; "
        "this software implements version 1",
    ),
    (
        "bad-option",
        with_("options", {"rounds": 99}),
        "record options are invalid: option rounds: 99 is above the maximum 8",
    ),
    ("unknown-option", with_("options", {"speed": 2}), "record options are invalid: unknown"),
    ("one-seat", with_("seats", [{"name": "Solo"}]), "is for 2-4 players, not 1"),
    (
        "illegal-bid",
        replace_move(5, [0, {"type": "bid", "gold": 99}], same_seat=True),
        "move 5 of the record cannot be replayed: you can bid 0 to",
    ),
    (
        "unknown-action",
        replace_move(2, [1, {"type": "dig"}]),
        "move 2 of the record cannot be replayed: unknown action type 'dig'",
    ),
    (
        "bad-field",
        replace_move(3, [0, {"type": "bid", "gold": "1"}], same_seat=True),
        "move 3 of the record cannot be replayed: field 'gold': expected a whole number",
    ),
    (
        "no-such-seat",
        replace_move(1, [7, {"type": "bid", "gold": 0}]),
        "move 1 of the record cannot be replayed: there is no seat 7 in a 3-player game",
    ),
    (
        "twice",
        lambda d: {**d, "moves": [d["moves"][0], d["moves"][0]]},
        "move 2 of the record cannot be replayed: Player",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "message"), [c[1:] for c in REPLAY_ERRORS], ids=[c[0] for c in REPLAY_ERRORS]
)
def test_mismatched_records_are_refused_on_replay(mutate: Mutation, message: str) -> None:
    record = GameRecord.from_json(json.dumps(mutate(good_json())))
    with pytest.raises(BadRecord, match=re.escape(message)):
        record.replay()


def test_a_move_after_the_end_names_its_index() -> None:
    state, _ = played()
    data = state.record().to_json()
    n = len(data["moves"])
    data["moves"].append([0, {"type": "bid", "gold": 0}])
    record = GameRecord.from_json(data)
    with pytest.raises(BadRecord, match=re.escape(f"move {n + 1} of the record cannot be")):
        record.replay()
    assert fingerprint(record.replay(n)) == fingerprint(state)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(BadRecord, match=re.escape(f"cannot read record {path}: No such file")):
        GameRecord.load(path)
    with pytest.raises(BadRecord, match="cannot read record"):
        GameRecord.load(tmp_path)


def test_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "motherlode-record", "version": 1, "game": ', encoding="utf-8")
    with pytest.raises(BadRecord, match="the JSON is malformed"):
        GameRecord.load(path)
    path.write_text("", encoding="utf-8")
    with pytest.raises(BadRecord, match="the JSON is malformed"):
        GameRecord.load(path)


def test_a_binary_file_is_a_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xd8\xff\xe0 a JPEG, not a record")
    with pytest.raises(BadRecord):
        GameRecord.load(path)


# ------------------------------------------------------------ a designer's files

VARIANT = {
    "parameters.toml": "start_credits_first = 7\nstart_credits_others = 9\n",
    "dice.toml": "credits_per_colour = 25\n",
}


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """Switch to another machine's temporary directory (where designer's folders go)."""

    def switch(name: str) -> Path:
        where = tmp_path / name
        where.mkdir()
        monkeypatch.setattr(tempfile, "tempdir", str(where))
        return where

    switch("first")
    return switch


def seen(state: State) -> list[Any]:
    """What every seat sees, but the options (which name this machine's folder)."""
    views = [state.observe(s) for s in (None, *range(state.num_players))]
    return [{k: v for k, v in view.items() if k != "options"} for view in views]


def variant_record() -> tuple[State, GameRecord]:
    table = Table.create("gonza", ["random", "random"], seed=5, components=VARIANT)
    table.run_bots(limit=40)
    return table.state, table.record()


def test_a_record_holds_its_designers_files_and_replays_them_on_another_machine(
    machine: Callable[[str], Path],
) -> None:
    state, record = variant_record()
    assert record.meta["components"] == VARIANT
    assert record.options["components"] == "sha256:" + files_digest(VARIANT)
    start = record.replay(0).observe(None)["players"]
    assert sorted(p["credits"] for p in start) == [7, 9]
    elsewhere = machine("second")
    again = GameRecord.from_json(json.dumps(record.to_json())).replay()
    assert seen(again) == seen(state)
    (folder,) = (elsewhere / f"motherlode-components-{os.getuid()}").iterdir()
    assert folder.name == files_digest(VARIANT)
    assert {p.name: p.read_text() for p in folder.iterdir()} == VARIANT


def test_a_damaged_folder_is_written_again(machine: Callable[[str], Path]) -> None:
    folder = materialise(VARIANT)
    (folder / "dice.toml").write_text("credits_per_colour = 99\n")
    (folder / "events.toml").write_text("")
    assert materialise(VARIANT) == folder
    assert {p.name: p.read_text() for p in folder.iterdir()} == VARIANT
    shutil.rmtree(folder)
    folder.symlink_to(folder.parent.parent)  # something planted in its place
    assert materialise(VARIANT) == folder and not folder.is_symlink()
    assert {p.name: p.read_text() for p in folder.iterdir()} == VARIANT


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"../evil.toml": "x = 1"}, "'../evil.toml' is not a file name"),
        ({"/etc/passwd.toml": ""}, "is not a file name"),
        ({"dice.toml": 4}, "dice.toml must be text"),
        ({"dice.toml": "# \ud800"}, "dice.toml is not UTF-8 text"),
        ({"dice.toml": "#" * (MAX_FILE_BYTES + 1)}, f"at most {MAX_FILE_BYTES}"),
        ({f"f{i}.toml": "" for i in range(MAX_FILES + 1)}, f"at most {MAX_FILES}"),
        (["dice.toml"], "must be an object"),
        ({"dice.toml": "nope = 1"}, "dice.toml: unknown key 'nope'"),
    ],
    ids=["dot-dot", "a-path", "not-text", "not-utf8", "too-big", "too-many", "a-list", "bad-key"],
)
def test_hostile_files_in_a_record_are_refused_and_nothing_is_written(
    machine: Callable[[str], Path], tmp_path: Path, files: Any, message: str
) -> None:
    _, record = variant_record()
    data = record.to_json()
    data["meta"]["components"] = files
    data["options"]["components"] = ""
    with pytest.raises(BadRecord, match=re.escape(message)):
        GameRecord.from_json(data).replay()
    assert not (tmp_path / "evil.toml").exists()
    assert not (tmp_path / "first" / "evil.toml").exists()


def test_a_record_whose_files_were_changed_or_dropped_does_not_replay(
    machine: Callable[[str], Path],
) -> None:
    _, record = variant_record()
    changed = GameRecord.from_json(record.to_json())
    changed.meta["components"] = {**VARIANT, "dice.toml": "credits_per_colour = 30\n"}
    with pytest.raises(BadRecord, match="they were changed"):
        changed.replay()
    dropped = GameRecord.from_json(record.to_json())
    del dropped.meta["components"]
    with pytest.raises(BadRecord, match="does not hold them"):
        dropped.replay()


def test_a_record_without_files_replays_with_its_own_options() -> None:
    state, _ = played()
    record = state.record()
    assert record_options(record) is record.options
    assert fingerprint(record.replay()) == fingerprint(state)
