"""Writing a game's ``data/levels.toml``: one table replaced, every other line kept.

The file holds a table per difficulty level (``[strong]``: the tuned search settings, written
by ``bench/tune_levels.py``) and the levels' measured ratings (``[ratings]``, written by
``bench/strength.py``); :mod:`motherlode.agents.levels` reads it.  Python's ``tomllib``
reads TOML but does not write it, and these tables hold only a few plain values, so
:func:`update_table` writes them itself: strings, booleans, whole numbers, floats, lists and
inline tables of those.

A table *owns* its header line, the comment lines directly above the header (no blank line
between) and every line after it up to the next header's comments; dotted subtables
(``[ratings.strong]``) belong to their top table.  (So the file's opening comment needs a
blank line after it, or it goes with the first table.)  Everything the replaced table does not
own (the file's opening comment, the other tables with their comments, blank lines) is kept
byte for byte, and the new table takes the old one's place (or goes last).  Before the file
is written, the result is read back with ``tomllib``: unless it holds exactly the old
tables and the new values, nothing is written and ValueError says why (say, a value with the
same name outside the table, which this module does not rewrite).
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from motherlode.agents import levels
from motherlode.engine import Game

_HEADER = re.compile(r"^\s*\[\[?\s*(?P<name>[^\[\]#]+?)\s*\]\]?\s*(#.*)?$")
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


def path_of(game: Game) -> Path:
    """The game's levels file (it need not exist yet)."""
    return levels.data_folder(game) / "levels.toml"


# ----------------------------------------------------------------------- values


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(key: str) -> str:
    if not isinstance(key, str):
        raise TypeError(f"a TOML key is a string, not {type(key).__name__}")
    return key if _BARE.match(key) else _string(key)


def toml_value(value: Any) -> str:
    """One value in TOML: strings, booleans, whole numbers, floats (not NaN), lists and
    inline tables of those; TypeError for anything else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            raise ValueError("NaN is not a value to keep in a levels file")
        return repr(value)  # 0.55, 1e-05, inf, -inf: every one is TOML
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + items + "}" if items else "{}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _plain(value: Any) -> Any:
    """``value`` as tomllib reads it back: tuples as lists, mappings as dicts."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _comment_lines(comment: str) -> list[str]:
    """Each line of ``comment`` as a TOML comment (``# `` added where missing; control
    characters, which TOML comments may not hold, become spaces)."""
    out = []
    for raw in comment.splitlines() or [""]:
        line = "".join(" " if (ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F else c for c in raw)
        line = line.rstrip()
        out.append(line if line.startswith("#") else f"# {line}".rstrip())
    return out


# ------------------------------------------------------------------------ lines


def _top_key(header: str) -> str:
    """The first key of a table header's dotted name, unquoted (``"a.b".c`` -> ``a.b``)."""
    header = header.strip()
    if header[:1] in "\"'":
        end = header.find(header[0], 1)
        return header[1:end] if end > 0 else header
    return header.split(".", 1)[0].strip()


def _blocks(lines: list[str]) -> tuple[int, list[tuple[str, int, int]]]:
    """Where the preamble ends, and each table's (top key, first line, end): a table starts
    at the comment lines directly above its header."""
    starts: list[tuple[str, int]] = []
    for i, line in enumerate(lines):
        match = _HEADER.match(line)
        if match:
            start = i
            while start > 0 and lines[start - 1].lstrip().startswith("#"):
                start -= 1
            starts.append((_top_key(match.group("name")), start))
    blocks = [
        (key, start, starts[k + 1][1] if k + 1 < len(starts) else len(lines))
        for k, (key, start) in enumerate(starts)
    ]
    return (blocks[0][1] if blocks else len(lines)), blocks


def replace_table(
    text: str, name: str, values: Mapping[str, Any], comment: str | None = None
) -> str:
    """``text`` (a TOML document) with table ``name`` holding ``values``; see the module.

    ``comment`` goes on the lines directly above the header (each line a TOML comment);
    None keeps the comment that was there.  Raises ValueError when ``text`` does not parse
    or the result would not read back as the old tables plus the new one.
    """
    try:
        old_data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the file is not TOML ({exc})") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    _, blocks = _blocks(lines)
    mine = [(start, end) for key, start, end in blocks if key == name]

    above: list[str] = []
    if comment is not None:
        above = _comment_lines(comment)
    elif mine:
        start, _ = mine[0]
        while start < len(lines) and not _HEADER.match(lines[start]):
            above.append(lines[start])
            start += 1
    table = [
        *above,
        f"[{toml_key(name)}]",
        *(f"{toml_key(k)} = {toml_value(v)}" for k, v in values.items()),
    ]

    if mine:
        out: list[str] = []
        at = 0
        for k, (start, end) in enumerate(mine):
            out.extend(lines[at:start])
            if k == 0:
                out.extend(table)
                trailing = end
                while trailing > start and not lines[trailing - 1].strip():
                    trailing -= 1
                out.extend(lines[trailing:end])  # the blank lines that ended the old table
            at = end
        out.extend(lines[at:])
    else:
        out = list(lines)
        while out and not out[-1].strip():
            out.pop()
        out.extend([""] if out else [])
        out.extend(table)
    new = newline.join(out).rstrip("\r\n") + newline

    try:
        new_data = tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the rewritten file would not parse ({exc})") from None
    old_data.pop(name, None)
    written = new_data.pop(name, None)
    if new_data != old_data:
        raise ValueError(f"rewriting [{name}] would change other values; edit the file by hand")
    if written != _plain(values):
        raise ValueError(f"[{name}] would not read back as written; edit the file by hand")
    return new


def update_table(
    path: Path, name: str, values: Mapping[str, Any], comment: str | None = None
) -> str:
    """Write table ``name`` with ``values`` into the TOML file at ``path`` (created, with
    its folder, if missing), keeping everything else in it; see :func:`replace_table`.

    The file is replaced in one step (a temporary file beside it, then a rename), so a
    reader never sees half of it.  Returns the new text.  Nothing is written when
    :func:`replace_table` raises ValueError.
    """
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    new = replace_table(text, name, values, comment)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as handle:
            handle.write(new)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    levels._levels_file.cache_clear()  # this process reads the new values from now on
    return new
