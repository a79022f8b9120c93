"""What a study played with, recorded in its study.json so that it can be played again.

A study's result depends on more than its command line: the motherlode version, the game's
own data files (``data/*.toml``: its components, parameters and bot levels) and any
designer's ``components`` folder or file named by an option.  :func:`provenance` records
each of them, with its SHA-256 and its full text, when the study starts.  A re-run
(:func:`restore`) plays the recorded copy of a designer's files wherever the files at the
recorded path have changed or gone, and says what else differs from the recorded study
(another version, changed game data), since those cannot be put back from the record.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import platform
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from motherlode.engine import get_game
from motherlode.sim.grid import Plan

COMPONENTS = "components"
"""The option naming a designer's components (a folder of TOML files, or one file)."""


def motherlode_version() -> str:
    try:
        return importlib.metadata.version("motherlode")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - a source tree
        from motherlode import __version__

        return __version__


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def read_files(path: Path) -> dict[str, Any]:
    """A folder's ``*.toml`` files (or one file): each file's text and SHA-256, and one
    SHA-256 over them all."""
    if path.is_dir():
        kind, files = "folder", sorted(path.glob("*.toml"))
    elif path.is_file():
        kind, files = "file", [path]
    else:
        return {"path": str(path), "kind": "missing", "sha256": "", "files": {}}
    texts = {f.name: f.read_text(encoding="utf-8", errors="replace") for f in files}
    record = {name: {"sha256": _digest(text), "text": text} for name, text in texts.items()}
    whole = _digest("".join(f"{name}\0{r['sha256']}\n" for name, r in record.items()))
    return {"path": str(path), "kind": kind, "sha256": whole, "files": record}


def components_values(plan: Plan) -> list[str]:
    """Every non-empty ``components`` value the study plays (fixed or varied)."""
    values = [plan.options.get(COMPONENTS, "")]
    values += plan.vary.get(COMPONENTS, [])
    return [v for v in dict.fromkeys(values) if v]


def provenance(plan: Plan) -> dict[str, Any]:
    """The version, the game's data files, every components folder or file played and the
    parameters (``param.*`` options) set, each file with its text and SHA-256."""
    game = get_game(plan.game)
    data = game.folder("data")
    parameters = {k: v for k, v in plan.options.items() if k.startswith("param.")}
    parameters.update({k: ",".join(v) for k, v in plan.vary.items() if k.startswith("param.")})
    return {
        "motherlode": motherlode_version(),
        "python": platform.python_version(),
        "game_data": read_files(data) if data.is_dir() else {},
        "components": {
            value: read_files(Path(plan.restored.get(value, value)))
            for value in components_values(plan)
        },
        "parameters": parameters,
    }


def _write_copy(record: Mapping[str, Any], folder: Path) -> Path:
    """The recorded files of one components value, written again under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, file in record["files"].items():
        (folder / Path(name).name).write_text(file["text"], encoding="utf-8")
    if record["kind"] == "file":
        return folder / Path(next(iter(record["files"]))).name
    return folder


def restore(
    recorded: Mapping[str, Any], values: Iterable[str], into: Path
) -> tuple[dict[str, str], list[str]]:
    """For a re-run: each components value whose files differ from the record (or are
    gone) -> a copy of the recorded files written under ``into``; and notes on what could
    not be restored (the version, the game's data)."""
    restored: dict[str, str] = {}
    notes: list[str] = []
    for k, value in enumerate(values):
        record = recorded.get("components", {}).get(value)
        if not record or not record.get("files"):
            continue
        if read_files(Path(value))["sha256"] != record["sha256"]:
            copy = _write_copy(record, into / f"components-{k + 1}")
            restored[value] = str(copy)
            notes.append(
                f"components {value} changed since the study: playing the recorded copy in {copy}"
            )
    version = recorded.get("motherlode")
    if version and version != motherlode_version():
        notes.append(f"the study ran on motherlode {version}, this is {motherlode_version()}")
    return restored, notes


def data_changes(recorded: Mapping[str, Any], game_id: str) -> list[str]:
    """The game's own data files that differ from those the study recorded."""
    before = recorded.get("game_data") or {}
    if not before:
        return []
    data = get_game(game_id).folder("data")
    now = read_files(data)["files"] if data.is_dir() else {}
    old = before.get("files", {})
    changed = sorted(
        name
        for name in set(old) | set(now)
        if old.get(name, {}).get("sha256") != now.get(name, {}).get("sha256")
    )
    return [f"the game's data file {name} changed since the study" for name in changed]
