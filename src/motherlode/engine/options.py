"""Typed game options: a frozen dataclass per game, validated with clear errors.

A game declares its variants as fields made with :func:`option`, each with a default from
the rulebook and a short help text naming the rule.  :meth:`GameOptions.from_dict` accepts
values from JSON or from the command line (``key=value`` strings) and raises
:class:`BadOptions` that say exactly which option is wrong and why.
"""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Self

from motherlode.engine.errors import BadOptions

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option(
    default: Any,
    help: str,
    *,
    min: float | None = None,
    max: float | None = None,
    choices: Sequence[Any] | None = None,
    title: str = "",
    sentence: str = "",
    labels: Mapping[Any, str] | None = None,
    advanced: bool = False,
    web: bool = True,
) -> Any:
    """A dataclass field carrying its help text and allowed range or choices.

    ``help`` names the rule for the terminal and the docs (``--help``, ``motherlode
    games``).  The lobby speaks to players instead: ``title`` (a few words), ``sentence``
    (what choosing it does, in the control's own terms: yes/no for a switch) and
    ``labels`` (a choice's words, e.g. ``{"EZ1": "One lot for each player"}``).
    ``advanced`` folds the option away in the lobby; ``web=False`` keeps it out of web
    tables altogether (an option that reads a file on the server), which then play its
    default.
    """
    meta = {
        "help": help,
        "min": min,
        "max": max,
        "choices": tuple(choices) if choices else None,
        "title": title,
        "sentence": sentence,
        "labels": dict(labels) if labels else None,
        "advanced": advanced,
        "web": web,
    }
    return dataclasses.field(default=default, metadata=meta)


_HINTS: dict[type, dict[str, Any]] = {}


_NAMES: dict[type, tuple[str, ...]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


@dataclass(frozen=True)
class GameOptions:
    """Base of every game's options.  Subclasses add fields with :func:`option`."""

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None = None) -> Self:
        values = dict(values or {})
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            listing = ", ".join(known) or "none"
            raise BadOptions(f"unknown option(s) {', '.join(unknown)}; this game has: {listing}")
        parsed = {name: cls._coerce(name, raw) for name, raw in values.items()}
        opts = cls(**parsed)
        opts.validate()
        return opts

    @classmethod
    def _coerce(cls, name: str, raw: Any) -> Any:
        hint = _hints(cls)[name]
        meta = next(f.metadata for f in fields(cls) if f.name == name)
        value: Any
        if hint is bool:
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.lower() in _TRUE | _FALSE:
                value = raw.lower() in _TRUE
            else:
                raise BadOptions(f"option {name}: expected true or false, got {raw!r}")
        elif hint is int:
            if isinstance(raw, int) and not isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and re.fullmatch(r"\s*-?[0-9]+\s*", raw):
                value = int(raw)
            else:
                raise BadOptions(f"option {name}: expected a whole number, got {raw!r}")
        elif hint is float:
            try:
                if isinstance(raw, bool):
                    raise ValueError
                value = float(raw)
                if math.isnan(value):
                    raise ValueError
            except (TypeError, ValueError):
                raise BadOptions(f"option {name}: expected a number, got {raw!r}") from None
        elif hint is str:
            if not isinstance(raw, str):
                raise BadOptions(f"option {name}: expected text, got {raw!r}")
            value = raw
        else:
            raise BadOptions(f"option {name}: unsupported type {hint}")
        lo, hi, choices = meta.get("min"), meta.get("max"), meta.get("choices")
        if choices is not None and value not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise BadOptions(f"option {name}: {value!r} is not one of {allowed}")
        if lo is not None and value < lo:
            raise BadOptions(f"option {name}: {value} is below the minimum {lo}")
        if hi is not None and value > hi:
            raise BadOptions(f"option {name}: {value} is above the maximum {hi}")
        return value

    def validate(self) -> None:
        """Checks that involve several options at once; raise BadOptions."""

    def to_dict(self) -> dict[str, Any]:
        names = _NAMES.get(type(self))
        if names is None:  # fields() rebuilds the list each call; every view asks for it
            names = _NAMES[type(self)] = tuple(f.name for f in fields(self))
        return {name: getattr(self, name) for name in names}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option with its type, default, help and limits: for CLI help and web forms."""
        hints = _hints(cls)
        out = []
        for f in fields(cls):
            hint = hints[f.name]
            out.append(
                {
                    "name": f.name,
                    "type": getattr(hint, "__name__", str(hint)),
                    "default": f.default,
                    "help": f.metadata.get("help", ""),
                    "min": f.metadata.get("min"),
                    "max": f.metadata.get("max"),
                    "choices": list(f.metadata["choices"]) if f.metadata.get("choices") else None,
                    "title": f.metadata.get("title") or f.name.replace("_", " ").capitalize(),
                    "sentence": f.metadata.get("sentence") or f.metadata.get("help", ""),
                    "labels": (
                        {str(k): v for k, v in f.metadata["labels"].items()}
                        if f.metadata.get("labels")
                        else None
                    ),
                    "advanced": bool(f.metadata.get("advanced")),
                    "web": f.metadata.get("web", True),
                }
            )
        return out

    @classmethod
    def terminal_only(cls) -> dict[str, Any]:
        """The options web tables do not offer (``web=False``), with the default they play."""
        return {f.name: f.default for f in fields(cls) if not f.metadata.get("web", True)}


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` from the command line into a dict, with a clear error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOptions(f"options are written key=value, got {pair!r}")
        out[key.strip().replace("-", "_")] = value.strip()
    return out
