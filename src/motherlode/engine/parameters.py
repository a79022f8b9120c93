"""A game's design numbers as data: ``data/parameters.toml``, bounded, overridable.

Every number a designer could want to change (starting money, caps, hand limits, point
values, tables by player count) is an entry of the game's ``data/parameters.toml``::

    [start_credits]
    value = 10
    min = 0
    max = 100
    help = "credits each player starts with (SETUP)"

``value`` is the rulebook's number and the default; ``min`` and ``max`` bound what may be
chosen (a search such as ``motherlode tune`` takes its ranges from them); ``help`` says
what it is, naming the rulebook section.  All four are required.  A value is:

* a number: a whole number when ``value`` is one (``10``), else any number (``0.5``);
* an array of numbers (a price list, a table by player count): ``value = [6, 8, 10, 12]``.
  ``min`` and ``max`` are a number for every entry, or an array of one bound per entry;
* an array of arrays (rows of a table, of any lengths): ``value = [[3], [3, 2]]``, with
  ``min`` and ``max`` a number for every entry.

A table keeps the default's shape (its length, each row's length): its entries are
indexed by something the rules fix (a player count, a tier), so a designer changes the
numbers, not how many there are.

Overrides, later ones winning: a designer's components folder holding a
``parameters.toml`` with only the keys they change (``start_credits = 12``, or the table
form of the built-in file with a new ``value``), then options ``param.<name>`` on the
command line and in studies (``-o param.start_credits=12``; an array as ``6,8,10,12``, rows
separated by ``;``, or as JSON).  Every value is checked against its type, shape and bounds
with a message naming the key and what is allowed.

A game reads its numbers from one :class:`Parameters` object, reached as
``options.parameters``: built once per distinct folder and overrides, immutable, its
entries plain attributes (numbers and tuples), so rules read ``p.hand_limit`` and never a
file or a string key on a hot path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from motherlode.engine.components import (
    PARAMETERS,
    ComponentError,
    builtin,
    read_toml,
    stamp,
    suggest,
)

Number = int | float
Value = Number | tuple[Number, ...] | tuple[tuple[Number, ...], ...]
Bound = Number | tuple[Number, ...]

PREFIX = "param."
"""How an option names a parameter: ``param.start_credits``."""

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_WHOLE = re.compile(r"^\s*-?[0-9]+\s*$")
_SPEC_KEYS = ("value", "min", "max", "help")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _fail(at: str, message: str) -> NoReturn:
    raise ComponentError(f"{at}: {message}")


@dataclass(frozen=True, slots=True)
class Parameter:
    """One entry of a parameter file: its default, bounds and help."""

    name: str
    default: Value
    min: Bound
    max: Bound
    help: str
    whole: bool
    """Whole numbers only (the default's numbers are whole)."""

    @property
    def kind(self) -> str:
        """``number``, ``array`` or ``table`` (an array of arrays)."""
        if not isinstance(self.default, tuple):
            return "number"
        return "table" if self.default and isinstance(self.default[0], tuple) else "array"

    def allowed(self) -> str:
        """What may be chosen, in words: ``a whole number from 0 to 100``."""
        what = "a whole number" if self.whole else "a number"
        bounds = f"from {_text(self.min)} to {_text(self.max)}"
        if self.kind == "number":
            return f"{what} {bounds}"
        if self.kind == "array":
            assert isinstance(self.default, tuple)
            per = " (entry by entry)" if isinstance(self.min, tuple) else ""
            return f"{len(self.default)} numbers, each {what} {bounds}{per}"
        assert isinstance(self.default, tuple)
        rows = "; ".join(str(len(r)) for r in self.default if isinstance(r, tuple))
        return f"rows of {rows} numbers, each {what} {bounds}"

    def coerce(self, raw: object, at: str) -> Value:
        """``raw`` (from TOML, JSON or the command line) as this parameter's value, checked:
        a :class:`ComponentError` that starts with ``at`` and says what is allowed."""
        if isinstance(raw, str):
            raw = self._parse_text(raw, at)
        kind = self.kind
        if kind == "number":
            return self._number(raw, 0, at)
        if not isinstance(raw, list | tuple):
            _fail(at, f"expected {self.allowed()}, got {raw!r}")
        default = self.default
        assert isinstance(default, tuple)
        if len(raw) != len(default):
            _fail(at, f"expected {self.allowed()}, got {len(raw)} entries")
        if kind == "array":
            return tuple(self._number(item, i, at) for i, item in enumerate(raw))
        rows: list[tuple[Number, ...]] = []
        for row, (got, want) in enumerate(zip(raw, default, strict=True)):
            assert isinstance(want, tuple)
            if not isinstance(got, list | tuple) or len(got) != len(want):
                _fail(at, f"expected {self.allowed()}; row {row + 1} is {got!r}")
            rows.append(tuple(self._number(item, 0, at) for item in got))
        return tuple(rows)

    def _parse_text(self, text: str, at: str) -> object:
        text = text.strip()
        if text.startswith("["):
            try:
                return json.loads(text)
            except json.JSONDecodeError:
                _fail(at, f"expected {self.allowed()}, got {text!r}")
        if self.kind == "number":
            return _number_text(text, self.whole, at, self.allowed())
        rows = [
            [_number_text(x, self.whole, at, self.allowed()) for x in row.split(",") if x.strip()]
            for row in text.split(";")
        ]
        return rows if self.kind == "table" else (rows[0] if len(rows) == 1 else rows)

    def _number(self, raw: object, index: int, at: str) -> Number:
        if not _is_number(raw):
            _fail(at, f"expected {self.allowed()}, got {raw!r}")
        assert isinstance(raw, int | float)
        if self.whole:
            if isinstance(raw, float):
                if not raw.is_integer():
                    _fail(at, f"expected {self.allowed()}, got {raw!r}")
                raw = int(raw)
        else:
            raw = float(raw)
        low = self.min[index] if isinstance(self.min, tuple) else self.min
        high = self.max[index] if isinstance(self.max, tuple) else self.max
        if not low <= raw <= high:
            place = f"entry {index + 1} " if isinstance(self.min, tuple) else ""
            _fail(at, f"{place}{raw} is outside {low} to {high}; allowed: {self.allowed()}")
        return raw

    def describe(self) -> dict[str, Any]:
        """The entry for help texts and forms (``name`` as an option: ``param.x``)."""
        return {
            "name": PREFIX + self.name,
            "type": self.kind,
            "default": to_json(self.default),
            "min": to_json(self.min),
            "max": to_json(self.max),
            "help": self.help,
            "allowed": self.allowed(),
        }


def _number_text(text: str, whole: bool, at: str, allowed: str) -> Number:
    text = text.strip()
    if whole and _WHOLE.match(text):
        return int(text)
    try:
        return float(text)  # NaN and infinities then fail the bounds
    except ValueError:
        _fail(at, f"expected {allowed}, got {text!r}")


def _text(bound: Bound) -> str:
    return "[" + ", ".join(map(str, bound)) + "]" if isinstance(bound, tuple) else str(bound)


def to_json(value: Value | Bound) -> Any:
    """A value as JSON (tuples as lists), for records and ``to_dict``."""
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    return value


def _freeze(raw: object) -> Any:
    return tuple(_freeze(v) for v in raw) if isinstance(raw, list) else raw


def _spec(name: str, entry: object, where: str) -> Parameter:
    at = f"{where} [{name}]"
    if not _NAME.match(name) or name in _RESERVED:
        _fail(at, "a parameter's name is lowercase letters, digits and '_' (not a method name)")
    if not isinstance(entry, dict):
        _fail(at, "expected a table with value, min, max and help")
    for key in entry:
        if key not in _SPEC_KEYS:
            _fail(at, f"unknown key {key!r}; an entry has {', '.join(_SPEC_KEYS)}")
    missing = [k for k in _SPEC_KEYS if k not in entry]
    if missing:
        _fail(at, f"missing {', '.join(missing)}")
    value, low, high, text = (_freeze(entry[k]) for k in _SPEC_KEYS)
    if not isinstance(text, str) or not text:
        _fail(at, "help must be a short text")
    numbers = _flat(value)
    if numbers is None or not numbers:
        _fail(at, "value must be a number, an array of numbers or an array of such arrays")
    nested = isinstance(value, tuple) and isinstance(value[0], tuple)
    for bound in (low, high):
        per_entry = isinstance(bound, tuple)
        if per_entry and (
            nested
            or not isinstance(value, tuple)
            or len(bound) != len(value)
            or not all(_is_number(b) for b in bound)
        ):
            _fail(at, "min and max are a number, or for an array one number per entry")
        if not per_entry and not _is_number(bound):
            _fail(at, "min and max must be numbers")
    whole = all(isinstance(v, int) for v in numbers)
    spec = Parameter(name, value, low, high, text, whole)
    try:
        spec.coerce(value, at)
    except ComponentError as exc:
        raise ComponentError(f"{exc} (the default itself)") from None
    return spec


def _flat(value: object) -> list[Number] | None:
    """Every number of a value (None if it is not a number, an array or an array of arrays)."""
    if _is_number(value):
        return [value]  # type: ignore[list-item]
    if not isinstance(value, tuple) or not value:
        return None
    if all(_is_number(v) for v in value):
        return list(value)
    if all(isinstance(v, tuple) and v and all(_is_number(x) for x in v) for v in value):
        return [x for row in value for x in row]
    return None


@lru_cache(maxsize=32)
def _specs(path: str) -> Mapping[str, Parameter]:
    file = Path(path)
    if not file.is_file():
        return {}
    data = builtin(file.parent, file.name)
    return {name: _spec(name, entry, f"data/{PARAMETERS}") for name, entry in data.items()}


def specs_for(data: Path) -> Mapping[str, Parameter]:
    """The parameters of the game whose data folder is ``data`` (none if it has no file)."""
    return _specs(str(data / PARAMETERS))


class Parameters:
    """One game's design numbers after every override: read-only attributes named after
    the entries of its ``parameters.toml`` (numbers, and tuples for tables)."""

    _specs: Mapping[str, Parameter]

    def __init__(self, specs: Mapping[str, Parameter], values: Mapping[str, Value]) -> None:
        object.__setattr__(self, "_specs", specs)
        for name, spec in specs.items():
            object.__setattr__(self, name, values.get(name, spec.default))

    def __getattr__(self, name: str) -> Any:
        """Only for a name that is not a parameter (the others are plain attributes)."""
        if name.startswith("_"):
            raise AttributeError(name)
        known = ", ".join(self._specs) or "none"
        raise AttributeError(f"no parameter {name!r}{suggest(name, self._specs)}; known: {known}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("parameters are read-only: override them by options or a folder")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("parameters are read-only")

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def as_dict(self) -> dict[str, Value]:
        """Every parameter's value, by name."""
        return {name: getattr(self, name) for name in self._specs}

    def changed(self) -> dict[str, Value]:
        """The parameters whose value is not the rulebook's default."""
        return {
            name: value
            for name, value in self.as_dict().items()
            if value != self._specs[name].default
        }

    def spec(self, name: str) -> Parameter:
        return self._specs[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Parameters):
            return NotImplemented
        return self.as_dict() == other.as_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.as_dict().items()))

    def __repr__(self) -> str:
        return f"Parameters({self.changed()!r} changed)"


_RESERVED = frozenset(dir(Parameters))


def read_overrides(
    specs: Mapping[str, Parameter], raw: Mapping[str, object], where: str
) -> dict[str, Value]:
    """A designer's ``parameters.toml`` (only the keys they change) as checked values.

    A key's entry is its value, or the built-in table form with a new ``value`` (its
    ``min``, ``max`` and ``help`` then must be the built-in's: bounds are the game's)."""
    out: dict[str, Value] = {}
    for name, given in raw.items():
        spec = specs.get(name)
        if spec is None:
            _fail(
                where,
                f"unknown parameter {name!r}{suggest(name, specs)}; "
                f"this game's parameters are {', '.join(specs) or 'none'}",
            )
        at = f"{where}: {name}"
        out[name] = spec.coerce(_value_of(spec, given, at), at)
    return out


def _value_of(spec: Parameter, given: object, at: str) -> object:
    """The value of a designer's entry: itself, or the ``value`` of its table form."""
    if not isinstance(given, dict):
        return given
    extra = [k for k in given if k not in _SPEC_KEYS]
    if extra:
        _fail(at, f"unknown key {extra[0]!r}; give {spec.name} = VALUE or a table with value")
    if "value" not in given:
        _fail(at, "a table here needs its value")
    built = {"min": to_json(spec.min), "max": to_json(spec.max), "help": spec.help}
    for key in ("min", "max", "help"):
        if key in given and given[key] != built[key]:
            _fail(at, f"{key} is the game's ({built[key]!r}); change only the value")
    return given["value"]


@lru_cache(maxsize=64)
def _load(
    data: str,
    folder: str,
    _stamp: tuple[tuple[str, int, int], ...],
    overrides: tuple[tuple[str, Value], ...],
) -> Parameters:
    specs = _specs(str(Path(data) / PARAMETERS))
    values: dict[str, Value] = {}
    if folder:
        mine = Path(folder).expanduser() / PARAMETERS
        if mine.is_file():
            values.update(read_overrides(specs, read_toml(mine), str(mine)))
    values.update(overrides)
    return Parameters(specs, values)


def load_parameters(
    data: Path, folder: str = "", overrides: tuple[tuple[str, Value], ...] = ()
) -> Parameters:
    """The parameters of the game whose data folder is ``data``: its defaults, then the
    designer's ``folder/parameters.toml``, then ``overrides`` (already checked, as
    :meth:`Parameter.coerce` gives them).  Cached while the folder stays unchanged."""
    return _load(str(data), folder, stamp(folder), overrides)
