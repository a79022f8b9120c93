"""GameRecord: options + seed + seats + moves, which replay to the identical state.

Records are what storage keeps, what the web server resumes from after a restart and what
``motherlode replay`` steps through.  Loading checks everything and raises
:class:`BadRecord` with the reason, so a corrupt file never half-loads.

A game played with a designer's files uploaded to a web table keeps their contents in
``meta["components"]`` (file name to text), and its ``components`` option names them by
hash (``sha256:…``) rather than by a folder of the machine it was played on: replaying
writes them to a content-addressed folder of this machine (:func:`materialise`), so the
record replays anywhere.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from motherlode.engine.actions import JsonValue
from motherlode.engine.errors import BadAction, BadOptions, BadRecord, IllegalAction, UnknownGame
from motherlode.engine.registry import get_game

if TYPE_CHECKING:
    from motherlode.engine.state import State

FORMAT = "motherlode-record"
FORMAT_VERSION = 1


@dataclass
class GameRecord:
    """A whole game as data.  ``moves`` are (seat, action JSON) in the order applied."""

    game: str
    rules_version: str
    options: dict[str, JsonValue]
    seed: int
    seats: list[dict[str, JsonValue]]
    moves: list[tuple[int, dict[str, JsonValue]]] = field(default_factory=list)
    meta: dict[str, JsonValue] = field(default_factory=dict)

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "moves": [[seat, action] for seat, action in self.moves],
            "meta": self.meta,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """A record from its JSON object (or JSON text), checked field by field."""
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise BadRecord(f"not a game record: the JSON is malformed ({exc})") from None
        if not isinstance(data, dict):
            raise BadRecord("not a game record: expected a JSON object")
        if data.get("format") != FORMAT:
            raise BadRecord(f"not a game record: 'format' should be {FORMAT!r}")
        if data.get("version") != FORMAT_VERSION:
            raise BadRecord(
                f"record format version {data.get('version')!r} is not supported "
                f"(this software reads version {FORMAT_VERSION})"
            )
        game = _need(data, "game", str)
        rules_version = _need(data, "rules_version", str)
        options = _need(data, "options", dict)
        seed = _need(data, "seed", int)
        seats = _need(data, "seats", list)
        if not seats or not all(isinstance(s, dict) for s in seats):
            raise BadRecord("record field 'seats' must be a non-empty list of objects")
        raw_moves = _need(data, "moves", list)
        moves: list[tuple[int, dict[str, JsonValue]]] = []
        for i, move in enumerate(raw_moves, 1):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or not isinstance(move[0], int)
                or isinstance(move[0], bool)
                or not isinstance(move[1], dict)
            ):
                raise BadRecord(f"move {i} is malformed: expected [seat, action object]")
            moves.append((move[0], move[1]))
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise BadRecord("record field 'meta' must be an object")
        return cls(game, rules_version, options, seed, seats, moves, meta)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise BadRecord(f"cannot read record {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise BadRecord(f"{path} is not a game record (it is not UTF-8 text)") from None
        return cls.from_json(text)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` moves (all by default), replayed exactly."""
        return replay(self, upto)


def _need(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise BadRecord(f"record is missing the field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRecord(f"record field {key!r} should be of type {kind.__name__}")
    return value


def replay(record: GameRecord, upto: int | None = None) -> State:
    """Rebuild the state a record describes; every move is re-checked against the rules."""
    try:
        game = get_game(record.game)
    except UnknownGame as exc:
        raise BadRecord(str(exc)) from None
    if record.rules_version != game.rules_version:
        raise BadRecord(
            f"this record was played under {game.title} rules version {record.rules_version}; "
            f"this software implements version {game.rules_version}"
        )
    names = [str(seat.get("name") or f"Player {i + 1}") for i, seat in enumerate(record.seats)]
    try:
        state = game.new_state(record.num_players, record.seed, record_options(record), names)
    except BadOptions as exc:
        raise BadRecord(f"record options are invalid: {exc}") from None
    moves = record.moves if upto is None else record.moves[:upto]
    events = table_events(record)
    at = 0
    for event in events:  # those before the first move (a seat given to a bot at once)
        if event["move"] > 0:
            break
        _table_event(state, event)
        at += 1
    for i, (seat, action_json) in enumerate(moves, 1):
        try:
            state.apply(seat, game.parse_action(action_json))
        except (BadAction, IllegalAction) as exc:
            raise BadRecord(f"move {i} of the record cannot be replayed: {exc}") from None
        while at < len(events) and events[at]["move"] == i:
            _table_event(state, events[at])
            at += 1
    return state


TABLE_EVENTS = ("absent", "vote", "bot", "back", "end")
"""What a table's people did that is not a move of the game (``meta["table"]``): a seat
found absent (out of time, or gone), a vote, a bot taking the seat, its person taking it
back, the game ended by the players as it stood.  Each is ``{"move": n, "event": kind,
"seat": s or None, "text": "what the log says", ...}``, in order, after move ``n``."""


def table_events(record: GameRecord) -> list[dict[str, Any]]:
    """The record's table events, checked (a corrupt list raises :class:`BadRecord`)."""
    raw = record.meta.get("table", [])
    if not isinstance(raw, list):
        raise BadRecord("record meta 'table' should be a list of table events")
    last = 0
    for k, event in enumerate(raw):
        where = f"table event {k + 1} of the record"
        if not isinstance(event, dict):
            raise BadRecord(f"{where} is not an object")
        move, kind, text = event.get("move"), event.get("event"), event.get("text")
        if not isinstance(move, int) or isinstance(move, bool) or not last <= move:
            raise BadRecord(f"{where} has no move number in order")
        if move > len(record.moves):
            raise BadRecord(f"{where} comes after move {move}, past the record's last move")
        if kind not in TABLE_EVENTS:
            raise BadRecord(f"{where} is of unknown kind {kind!r}")
        if not isinstance(text, str) or not 0 < len(text) <= 300:
            raise BadRecord(f"{where} needs a text of 1 to 300 characters")
        seat = event.get("seat")
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(record.seats)
        ):
            raise BadRecord(f"{where} names no seat of this game")
        if kind == "end" and k != len(raw) - 1:
            raise BadRecord(f"{where} ends the game, but more events follow it")
        last = move
    return raw


def _table_event(state: State, event: dict[str, Any]) -> None:
    if event["event"] == "end":
        state.end_by_table(event["text"])
    else:
        state.log(event["text"])


# ------------------------------------------------------------ a designer's files

COMPONENTS = "components"
"""The meta key (and the option) of a designer's files: ``{"dice.toml": "TOML text"}``."""
MAX_FILES = 16
"""The most designer's files a record (or a web table) may hold."""
MAX_FILE_BYTES = 32 * 1024
"""The most bytes (UTF-8) one designer's file may have."""
HASHED = "sha256:"
"""How the ``components`` option of a record names its files: ``sha256:`` + their digest."""

_FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}\.toml")


def check_files(files: object, where: str = "record meta 'components'") -> dict[str, str]:
    """Designer's files as a clean ``{name: text}``: at most :data:`MAX_FILES` plain
    ``name.toml`` names (never a path), each UTF-8 text of at most :data:`MAX_FILE_BYTES`;
    else :class:`BadRecord` naming the file (quoting at most 40 characters of a name)."""
    if not isinstance(files, Mapping):
        raise BadRecord(f"{where} must be an object of file names and their text")
    if len(files) > MAX_FILES:
        raise BadRecord(f"{where} holds {len(files)} files; at most {MAX_FILES}")
    out: dict[str, str] = {}
    for name, text in files.items():
        shown = repr(name[:40]) if isinstance(name, str) else "a name"
        if not isinstance(name, str) or not _FILE_NAME.fullmatch(name):
            raise BadRecord(
                f"{where}: {shown} is not a file name (lowercase letters, digits, _ and -, "
                "ending in .toml; never a path)"
            )
        if not isinstance(text, str):
            raise BadRecord(f"{where}: {name} must be text")
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            raise BadRecord(f"{where}: {name} is not UTF-8 text") from None
        if size > MAX_FILE_BYTES:
            raise BadRecord(f"{where}: {name} has {size} bytes; at most {MAX_FILE_BYTES}")
        out[name] = text
    return out


def files_digest(files: Mapping[str, str]) -> str:
    """The SHA-256 of a set of files (names and contents, in name order), in hex."""
    canonical = json.dumps(sorted(files.items()), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def components_root() -> Path:
    """This user's folder of materialised designer's files, in the temporary directory:
    made private (0700) and refused if someone else owns it or may write to it."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    root = Path(tempfile.gettempdir()) / f"motherlode-components-{uid}"
    root.mkdir(mode=0o700, exist_ok=True)
    info = os.lstat(root)
    if root.is_symlink() or not root.is_dir() or (hasattr(os, "getuid") and info.st_uid != uid):
        raise BadRecord(f"{root} is not this user's own folder: designer's files are not written")
    if info.st_mode & 0o022:
        raise BadRecord(f"{root} may be written by others: designer's files are not written")
    return root


_VERIFIED: dict[Path, tuple[str, ...]] = {}
"""Folders already checked to hold their files, by what their listing looked like then."""


def materialise(files: Mapping[str, str], root: Path | None = None) -> Path:
    """The folder ``root/<digest>/`` holding exactly ``files`` (checked with
    :func:`check_files` first), written once and atomically; a folder found there that
    holds anything else (half-written, tampered with) is written again."""
    files = check_files(files)
    root = components_root() if root is None else root
    folder = root / files_digest(files)
    listing = _listing(folder)
    if listing is not None and _VERIFIED.get(folder) == listing:
        return folder
    if listing is not None and _holds(folder, files):
        _VERIFIED[folder] = listing
        return folder
    scratch = Path(tempfile.mkdtemp(prefix=".new-", dir=root))
    try:
        for name, text in files.items():
            (scratch / name).write_bytes(text.encode("utf-8"))
        if folder.exists() or folder.is_symlink():
            _remove(folder)
        os.rename(scratch, folder)
    except OSError:
        shutil.rmtree(scratch, ignore_errors=True)
        if not _holds(folder, files):  # not another writer's identical folder either
            raise
    listing = _listing(folder)
    if listing is not None:
        if len(_VERIFIED) > 256:
            _VERIFIED.clear()
        _VERIFIED[folder] = listing
    return folder


def _listing(folder: Path) -> tuple[str, ...] | None:
    """Names, sizes and change times of a real folder's entries (None: no such folder)."""
    if folder.is_symlink() or not folder.is_dir():
        return None
    with os.scandir(folder) as entries:
        return tuple(
            sorted(
                f"{e.name}:{(s := e.stat(follow_symlinks=False)).st_size}:{s.st_mtime_ns}"
                for e in entries
            )
        )


def _holds(folder: Path, files: Mapping[str, str]) -> bool:
    """Whether ``folder`` holds exactly ``files``, as plain files."""
    try:
        if folder.is_symlink() or sorted(os.listdir(folder)) != sorted(files):
            return False
        return all(
            not (folder / n).is_symlink() and (folder / n).read_bytes() == t.encode("utf-8")
            for n, t in files.items()
        )
    except OSError:
        return False


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    else:
        shutil.rmtree(path)


def without_folder(observation: dict[str, Any], files: Mapping[str, str] | None) -> dict[str, Any]:
    """``observation`` with its ``options.components`` naming the designer's files by their
    hash (as a record does) instead of the folder they were written to: that folder is a
    path on the machine that plays the game, which no player needs to see."""
    options = observation.get("options")
    if not files or not isinstance(options, dict) or COMPONENTS not in options:
        return observation
    return {**observation, "options": {**options, COMPONENTS: HASHED + files_digest(files)}}


def record_files(record: GameRecord) -> dict[str, str] | None:
    """The designer's files a record holds (None: it holds none), checked."""
    raw = record.meta.get(COMPONENTS)
    return None if raw is None else check_files(raw)


def record_options(record: GameRecord, root: Path | None = None) -> dict[str, Any]:
    """The options a record's game is set up with: its own, and for a record holding a
    designer's files, ``components`` naming their folder on this machine (written now)."""
    files = record_files(record)
    named = record.options.get(COMPONENTS)
    if files is None:
        if isinstance(named, str) and named.startswith(HASHED):
            raise BadRecord(
                f"the record's components option names designer's files ({named[:20]}…), "
                "but the record does not hold them (meta 'components')"
            )
        return record.options
    digest = files_digest(files)
    if isinstance(named, str) and named.startswith(HASHED) and named != HASHED + digest:
        raise BadRecord(
            "the designer's files in the record (meta 'components') are not the ones its "
            "components option names: they were changed"
        )
    try:
        folder = materialise(files, root)
    except OSError as exc:
        raise BadRecord(f"the record's designer's files cannot be written: {exc}") from None
    return {**record.options, COMPONENTS: str(folder)}
