"""Actions: small frozen values with a JSON form, a text notation, and an integer index.

Every game defines its actions as ``@dataclass(frozen=True, slots=True)`` subclasses of
:class:`Action` with a ``TYPE`` keyword.  The JSON form is ``{"type": TYPE, field: value}``;
the text notation is ``TYPE value value`` (or ``TYPE field=value``), which is what a person
types in the terminal.  Field types are limited to what both forms carry without loss:
``int``, ``str``, ``bool``, ``None`` and tuples of ``int`` or ``str``.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Union

from motherlode.engine.errors import BadAction

JsonValue = Any
"""What ``json.dumps`` accepts; kept loose because JSON itself is."""


def _short(value: object, limit: int = 60, *, quote: bool = True) -> str:
    """``repr(value)`` (or ``str`` without ``quote``), cut to ``limit`` characters: an error
    quotes bad input, never all of it."""
    text = repr(value) if quote else str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions.  Subclasses set ``TYPE`` and declare their fields."""

    TYPE: ClassVar[str] = "action"

    def to_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {"type": self.TYPE}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def notation(self) -> str:
        """Short text form, e.g. ``bid 2``; :meth:`ActionCodec.parse` reads it back."""
        parts = [self.TYPE]
        parts.extend(_format_value(getattr(self, name)) for name in _field_names(type(self)))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def _field_names(cls: type[Action]) -> tuple[str, ...]:
    """The field names of an action class, in order (``dataclasses.fields`` rebuilds them on
    every call; a live table writes every legal action of every view)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_PLAIN = re.compile(r'[^\s"=\[,]+')


def _format_value(value: object) -> str:
    """A field value as one notation token; text that would be ambiguous is JSON-quoted."""
    if type(value) is int:  # the common case first: a number is always one plain token
        return str(value)
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value if _PLAIN.fullmatch(value) and value != "-" else json.dumps(value)
    if isinstance(value, tuple):
        if not value:
            return "."
        items = [str(v) for v in value]
        if all(type(v) is int for v in value) or all(
            _PLAIN.fullmatch(i) and i != "." for i in items
        ):
            return ",".join(items)
        return json.dumps(list(value), separators=(",", ":"))
    return str(value)


def _tokens(text: str) -> list[str]:
    """Split notation on whitespace, keeping double-quoted JSON strings whole."""
    tokens: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for ch in text:
        if quoted:
            current.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
            current.append(ch)
        elif ch.isspace():
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if quoted:
        raise BadAction(f"unclosed quote in {_short(text)}")
    if current:
        tokens.append("".join(current))
    return tokens


def _unquote(raw: str) -> object:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        raise BadAction(f"malformed quoted value {_short(raw)}") from None


_FIELD_TYPES: dict[type[Action], tuple[tuple[str, Any], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    spec = _FIELD_TYPES.get(cls)
    if spec is None:
        hints = typing.get_type_hints(cls)
        spec = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in fields(cls))
    return spec


def _convert(name: str, hint: Any, raw: object, *, from_text: bool) -> object:
    """Turn a JSON or text value into the field's declared type, or raise BadAction."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if (raw is None or (from_text and raw == "-")) and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return _convert(name, inner[0], raw, from_text=from_text)
        raise BadAction(f"field {name!r}: unsupported type {hint}")
    if origin is tuple:
        fixed = not (len(args) == 2 and args[1] is Ellipsis)
        if from_text and isinstance(raw, str) and raw.startswith("["):
            raw, from_text = _unquote(raw), False
        if from_text:
            if not isinstance(raw, str):
                raise BadAction(f"field {name!r}: expected a list, got {_short(raw)}")
            items: list[object] = [] if raw in (".", "") else list(raw.split(","))
        elif isinstance(raw, list | tuple):
            items = list(raw)
        else:
            raise BadAction(f"field {name!r}: expected a list, got {_short(raw)}")
        if fixed and len(items) != len(args):
            raise BadAction(f"field {name!r}: expected {len(args)} values, got {len(items)}")
        kinds = args if fixed else (args[0] if args else str,) * len(items)
        return tuple(
            _convert(name, kind, item, from_text=from_text)
            for kind, item in zip(kinds, items, strict=True)
        )
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if from_text and isinstance(raw, str) and raw.lower() in ("yes", "no", "true", "false"):
            return raw.lower() in ("yes", "true")
        raise BadAction(f"field {name!r}: expected yes or no, got {_short(raw)}")
    if hint is int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if from_text and isinstance(raw, str):
            try:
                return int(raw)
            except ValueError:
                pass
        raise BadAction(f"field {name!r}: expected a whole number, got {_short(raw)}")
    if hint is str:
        if from_text and isinstance(raw, str) and raw.startswith('"'):
            raw = _unquote(raw)
        if isinstance(raw, str):
            return raw
        raise BadAction(f"field {name!r}: expected text, got {_short(raw)}")
    raise BadAction(f"field {name!r}: unsupported type {hint}")


class ActionCodec:
    """Reads a game's actions from JSON objects or text notation."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for cls in action_types:
            if cls.TYPE in self.types:
                raise ValueError(f"two action classes share the type {cls.TYPE!r}")
            self.types[cls.TYPE] = cls

    def from_json(self, data: object) -> Action:
        if not isinstance(data, Mapping):
            raise BadAction(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise BadAction(f"unknown action type {_short(kind)}; known: {', '.join(self.types)}")
        spec = _field_types(cls)
        names = {n for n, _ in spec}
        extra = set(data) - names - {"type"}
        if extra:
            fields = ", ".join(map(str, sorted(extra)))
            raise BadAction(f"{kind}: unknown field(s) {_short(fields, quote=False)}")
        missing = [n for n, _ in spec if n not in data]
        if missing:
            raise BadAction(f"{kind}: missing field(s) {', '.join(missing)}")
        values = {n: _convert(n, hint, data[n], from_text=False) for n, hint in spec}
        return cls(**values)

    def from_text(self, text: str) -> Action:
        tokens = _tokens(text)
        if not tokens:
            raise BadAction("empty action")
        cls = self.types.get(tokens[0])
        if cls is None:
            raise BadAction(f"unknown action {_short(tokens[0])}; known: {', '.join(self.types)}")
        spec = _field_types(cls)
        positional: list[str] = []
        named: dict[str, str] = {}
        for tok in tokens[1:]:
            named_value = re.match(r"([A-Za-z_]\w*)=(.*)", tok, re.DOTALL)
            if named_value:
                named[named_value[1]] = named_value[2]
            else:
                if named:
                    raise BadAction(f"{_short(text)}: a plain value cannot follow name=value")
                positional.append(tok)
        if len(positional) > len(spec):
            raise BadAction(f"{cls.TYPE} takes {len(spec)} value(s), got {len(positional)}")
        raw = dict(zip((n for n, _ in spec), positional, strict=False))
        for key, value in named.items():
            if key not in dict(spec):
                raise BadAction(f"{cls.TYPE}: unknown field {_short(key)}")
            if key in raw:
                raise BadAction(f"{cls.TYPE}: field {_short(key)} given twice")
            raw[key] = value
        missing = [n for n, _ in spec if n not in raw]
        if missing:
            raise BadAction(f"{cls.TYPE}: missing {', '.join(missing)}")
        values = {n: _convert(n, hint, raw[n], from_text=True) for n, hint in spec}
        return cls(**values)

    def parse(self, data: object) -> Action:
        """An action from its JSON object, its JSON text, or its notation."""
        if isinstance(data, Action):
            return data
        if isinstance(data, str):
            stripped = data.strip()
            if stripped.startswith("{"):
                try:
                    return self.from_json(json.loads(stripped))
                except json.JSONDecodeError as exc:
                    raise BadAction(f"malformed JSON action: {exc.msg}") from None
            return self.from_text(stripped)
        return self.from_json(data)


class ActionSpace:
    """A fixed numbering of every action a game can ever offer, for RL and OpenSpiel.

    Built from the full, ordered list of possible actions; games whose action sets are
    too large to list override :meth:`index` and :meth:`action` with arithmetic.
    """

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(self._actions)}
        if len(self._index) != len(self._actions):
            raise ValueError("an action space lists the same action twice")

    @property
    def size(self) -> int:
        return len(self._actions)

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise BadAction(f"{action} has no index in this game's action space") from None

    def action(self, index: int) -> Action:
        if not 0 <= index < len(self._actions):
            raise BadAction(f"action index {index} is outside 0..{len(self._actions) - 1}")
        return self._actions[index]

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """True at the index of every legal action."""
        out = [False] * self.size
        for a in legal:
            out[self.index(a)] = True
        return out
