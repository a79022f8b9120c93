"""A game's data files and a designer's components folder: one meaning in every game.

A game keeps its components (boards, cards, tiles) and its design numbers
(``parameters.toml``, see :mod:`motherlode.engine.parameters`) as TOML files in the
``data/`` folder beside its rules.  Its ``components`` option names a designer's folder
(``components=DIR``) holding changed copies of some of them, to match a physical copy or
to try a variant.  The rules, the same in every game that uses this module:

* The folder holds only files the game reads (its :attr:`GameOptions.component_files` and
  ``parameters.toml``).  Anything else is refused, naming it and listing what is allowed,
  so a misspelt ``Dice.toml`` never plays the defaults in silence.  Hidden entries (a
  name starting with ``.``) are ignored.  A file given instead of a folder (the old
  single-file option) is refused with a message saying to put it in a folder.
* A designer's file overrides the built-in one key by key: its top-level keys, and the
  keys of its tables, replace the built-in's; an array (a list of cards, a track) is
  replaced whole; whatever it leaves out comes from the built-in file.
* The built-in file is the schema.  A key it does not have is refused; a value must have
  the built-in's type (a whole number where it has one, a number, text, true or false, an
  array, a table), and the entries of an array of tables may use the keys the built-in
  entries use.  What the values mean (a track that goes down, a tile whose edges do not
  meet) the game's own parser checks; its messages name the file and the entry too.

Loading is cached while the folder's files stay unchanged (:func:`folder_cached`), so a
designer who edits a file between two games gets the edited one.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, Protocol, TypeVar

PARAMETERS = "parameters.toml"
"""The design numbers' file, in ``data/`` and in a designer's folder."""

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class ComponentError(ValueError):
    """A components folder or file that cannot be used; the message names the file, the
    key and what is allowed.  Options turn it into :class:`BadOptions`."""


def suggest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean dice.toml?)`` for a near miss, else the empty string."""
    known = list(known)
    same_case = [k for k in known if k.lower() == name.lower()]
    close = same_case or difflib.get_close_matches(name, known, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def designer_folder(folder: str, allowed: Iterable[str]) -> Path | None:
    """The designer's folder named by ``components=folder`` (None for the empty value),
    checked: it exists, is a folder, and holds only the ``allowed`` files."""
    if not folder:
        return None
    path = Path(folder).expanduser()
    allowed = sorted(allowed)
    listing = ", ".join(allowed)
    if path.is_file():
        raise ComponentError(
            f"{folder} is a file, but components names a folder: put the file in a folder "
            f"under its own name (one of {listing}) and give the folder"
        )
    if not path.is_dir():
        raise ComponentError(f"components folder {folder} does not exist")
    try:
        entries = sorted(os.listdir(path))
    except OSError as exc:
        raise ComponentError(
            f"components folder {folder}: cannot be read ({exc.strerror})"
        ) from None
    for entry in entries:
        if entry.startswith("."):
            continue
        if entry not in allowed or not (path / entry).is_file():
            raise ComponentError(
                f"{path / entry}: unknown file in the components folder{suggest(entry, allowed)}; "
                f"a components folder holds only {listing}"
            )
    return path


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file's table, or a :class:`ComponentError` naming the file."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{path}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise ComponentError(f"{path}: cannot be read ({exc.strerror})") from None


@lru_cache(maxsize=64)
def _builtin(path: str) -> dict[str, Any]:
    return read_toml(Path(path))


def builtin(data: Path, name: str) -> dict[str, Any]:
    """The built-in file ``name`` of a game's ``data`` folder, read once (never changed)."""
    return _builtin(str(data / name))


def load(data: Path, folder: Path | None, name: str) -> tuple[dict[str, Any], str]:
    """The file ``name``: the built-in one merged with the designer's copy in ``folder``
    (if it holds one), and where it came from (the designer's path, or ``data/name``).

    The designer's copy is checked against the built-in file's shape (module docstring)."""
    base = builtin(data, name)
    mine = folder / name if folder is not None else None
    if mine is None or not mine.is_file():
        return base, f"data/{name}"
    theirs = read_toml(mine)
    numbers = builtin(data, PARAMETERS) if (data / PARAMETERS).is_file() else {}
    return merge(base, theirs, str(mine), numbers), str(mine)


def merge(
    base: Mapping[str, Any],
    theirs: Mapping[str, Any],
    where: str,
    numbers: Collection[str] = (),
) -> dict[str, Any]:
    """``base`` with ``theirs`` laid over it key by key, every key and type checked.

    ``numbers``: the game's parameter names, so that a key that moved to
    ``parameters.toml`` is refused with a message that says so."""
    out = dict(base)
    for key, value in theirs.items():
        if key not in base:
            if key in numbers:
                raise ComponentError(
                    f"{where}: {key} must be set in {PARAMETERS} now: it is one of the "
                    f"game's design numbers, no longer a key of this file"
                )
            raise ComponentError(
                f"{where}: unknown key {key!r}{suggest(key, base)}; "
                f"the keys here are {', '.join(sorted(base)) or 'none'}"
            )
        at = f"{where}: {key!r}"
        old = base[key]
        if isinstance(old, dict):
            if not isinstance(value, dict):
                raise ComponentError(f"{at} must be a table (like the built-in one), got {value!r}")
            out[key] = merge(old, value, f"{where} [{key}]", numbers)
        else:
            check_like(old, value, at)
            out[key] = value
    return out


_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "true or false"),
    (int, "a whole number"),
    (float, "a number"),
    (str, "text"),
    (list, "an array"),
    (dict, "a table"),
)


def _kind(value: object) -> str:
    return next((words for kind, words in _KINDS if isinstance(value, kind)), "a date or time")


def check_like(example: object, value: object, at: str) -> None:
    """``value`` has the type of the built-in ``example`` (arrays and tables looked into)."""
    if isinstance(example, bool) or isinstance(value, bool):
        ok = isinstance(example, bool) and isinstance(value, bool)
    elif isinstance(example, float):
        ok = isinstance(value, int | float)
    else:
        ok = type(value) is type(example)
    if not ok:
        raise ComponentError(f"{at} must be {_kind(example)} (as built in), got {value!r}")
    if isinstance(example, list) and isinstance(value, list) and example:
        _check_items(example, value, at)
    elif isinstance(example, dict) and isinstance(value, dict):
        for key, item in value.items():
            if key not in example:
                raise ComponentError(
                    f"{at}: unknown key {key!r}{suggest(key, example)}; "
                    f"the keys here are {', '.join(sorted(example))}"
                )
            check_like(example[key], item, f"{at}.{key}")


def _check_items(example: list[Any], value: list[Any], at: str) -> None:
    """The entries of an array are like the built-in's: tables use the keys some built-in
    entry uses (each with its type), other entries have the built-in entries' type."""
    if all(isinstance(e, dict) for e in example):
        keys: dict[str, Any] = {}  # each key's example, from every entry that has the key:
        for entry in example:  # tables united, arrays laid end to end
            for key, item in entry.items():
                seen = keys.setdefault(key, item)
                if seen is item:
                    continue
                if isinstance(seen, dict) and isinstance(item, dict):
                    keys[key] = {**seen, **item}
                elif isinstance(seen, list) and isinstance(item, list):
                    keys[key] = seen + item
        for i, entry in enumerate(value, 1):
            if not isinstance(entry, dict):
                raise ComponentError(f"{at}, entry {i} must be a table, got {entry!r}")
            for key, item in entry.items():
                if key not in keys:
                    raise ComponentError(
                        f"{at}, entry {i}: unknown key {key!r}{suggest(key, keys)}; "
                        f"an entry's keys are {', '.join(sorted(keys))}"
                    )
                if all(_same(keys[key], e[key]) for e in example if key in e):
                    check_like(keys[key], item, f"{at}, entry {i}, {key!r}")
    elif all(_same(example[0], e) for e in example):
        for i, item in enumerate(value, 1):
            check_like(example[0], item, f"{at}, entry {i}")


def _same(a: object, b: object) -> bool:
    """Whether two built-in values have one type (then a designer's must have it too)."""
    return _kind(a) == _kind(b)


def stamp(folder: str) -> tuple[tuple[str, int, int], ...]:
    """What a folder holds, as names, change times and sizes: a cache key that changes
    when a file is edited, added or removed (empty for no folder or a missing one)."""
    if not folder:
        return ()
    try:
        with os.scandir(Path(folder).expanduser()) as entries:
            return tuple(sorted((e.name, (s := e.stat()).st_mtime_ns, s.st_size) for e in entries))
    except OSError:
        return ()


class FolderLoader(Protocol[T_co]):
    """What :func:`folder_cached` makes: ``load(folder)``, the empty folder by default."""

    def __call__(self, folder: str = "") -> T_co: ...


def folder_cached(load: Callable[[str], T]) -> FolderLoader[T]:
    """``load(folder)`` cached while the folder's files stay unchanged (see :func:`stamp`)."""

    @lru_cache(maxsize=16)
    def cached(folder: str, _stamp: tuple[tuple[str, int, int], ...]) -> T:
        return load(folder)

    @wraps(load)
    def loader(folder: str = "") -> T:
        return cached(folder, stamp(folder))

    return loader
