"""Typed game options: a frozen dataclass per game, validated with clear errors.

A game declares its variants as fields made with :func:`option`, each with a default from
the rulebook and a short help text naming the rule.  :meth:`GameOptions.from_dict` accepts
values from JSON or from the command line (``key=value`` strings) and raises
:class:`BadOptions` that say exactly which option is wrong and why.

Options also carry the game's design numbers (:mod:`motherlode.engine.parameters`):
``param.<name>`` keys override entries of the game's ``data/parameters.toml``, and
``options.parameters`` is the one immutable object the rules read them from.  A game that
declares :attr:`GameOptions.component_files` takes a designer's folder in its
``components`` option (:mod:`motherlode.engine.components`), checked here for every game.
"""

from __future__ import annotations

import dataclasses
import math
import re
import sys
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, ClassVar, Self

from motherlode.engine.components import PARAMETERS, ComponentError, designer_folder, suggest
from motherlode.engine.errors import BadOptions
from motherlode.engine.parameters import (
    PREFIX,
    Parameter,
    Parameters,
    Value,
    load_parameters,
    specs_for,
    to_json,
)

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

_PARAMS = "params"
"""The field holding the ``param.*`` overrides (not an option of its own)."""

_GAME_DATA: dict[type, tuple[Path, Mapping[str, Parameter]]] = {}
_DEFAULTS: dict[type, Parameters] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _option_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in fields(cls) if f.name != _PARAMS]


@dataclass(frozen=True)
class GameOptions:
    """Base of every game's options.  Subclasses add fields with :func:`option`."""

    params: tuple[tuple[str, Value], ...] = dataclasses.field(default=(), kw_only=True)
    """The ``param.<name>`` overrides, sorted by name (see :attr:`parameters`)."""

    component_files: ClassVar[tuple[str, ...] | None] = None
    """The component files a designer's ``components`` folder may hold besides
    ``parameters.toml`` (None: the game reads no such folder through the engine)."""

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None = None) -> Self:
        values = dict(values or {})
        raw_params = {
            k: values.pop(k) for k in list(values) if isinstance(k, str) and k.startswith(PREFIX)
        }
        known = {f.name: f for f in _option_fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            listing = ", ".join(known) or "none"
            raise BadOptions(f"unknown option(s) {', '.join(unknown)}; this game has: {listing}")
        parsed = {name: cls._coerce(name, raw) for name, raw in values.items()}
        opts = cls(**parsed, params=cls._coerce_params(raw_params))
        opts._check_data()
        opts.validate()
        return opts

    @classmethod
    def _coerce_params(cls, raw: Mapping[str, Any]) -> tuple[tuple[str, Value], ...]:
        specs = cls.parameter_specs()
        out: dict[str, Value] = {}
        for key, value in raw.items():
            name = key[len(PREFIX) :]
            spec = specs.get(name)
            if spec is None:
                listing = ", ".join(PREFIX + n for n in specs) or "none"
                raise BadOptions(
                    f"unknown option {key}{suggest(name, specs)}; "
                    f"this game's parameters are: {listing}"
                )
            try:
                out[name] = spec.coerce(value, f"option {key}")
            except ComponentError as exc:
                raise BadOptions(str(exc)) from None
        return tuple(sorted(out.items()))

    def _check_data(self) -> None:
        """The designer's folder and the parameters, as BadOptions naming what is wrong."""
        try:
            if self.component_files is not None:
                designer_folder(self.components_folder, (*self.component_files, PARAMETERS))
            self.parameters  # noqa: B018  (loads and checks the folder's parameters.toml)
        except ComponentError as exc:
            raise BadOptions(f"option components: {exc}") from None

    @property
    def components_folder(self) -> str:
        """The designer's folder (the ``components`` option; empty: the built-in data)."""
        folder = getattr(self, "components", "")
        return folder if isinstance(folder, str) else ""

    @classmethod
    def data_folder(cls) -> Path:
        """The game's ``data`` folder: beside its options module, in the game's package
        (the same folder as ``Game.folder("data")``)."""
        module = sys.modules[cls.__module__]
        return Path(module.__file__ or ".").resolve().parent / "data"

    @classmethod
    def _game_data(cls) -> tuple[Path, Mapping[str, Parameter]]:
        """The data folder and the parameters' entries, found once per game (options are
        made for every new game: no path work on that path)."""
        known = _GAME_DATA.get(cls)
        if known is None:
            data = cls.data_folder()
            known = _GAME_DATA[cls] = (data, specs_for(data))
        return known

    @classmethod
    def parameter_specs(cls) -> Mapping[str, Parameter]:
        """The game's parameters (``data/parameters.toml``), by name; empty if it has none."""
        return cls._game_data()[1]

    @property
    def parameters(self) -> Parameters:
        """The game's design numbers for these options: defaults, the designer's folder's
        ``parameters.toml``, then the ``param.*`` overrides.  One immutable object per
        distinct set, kept on the options (read it once, in a state's setup)."""
        cached: Parameters | None = self.__dict__.get("_parameters")
        if cached is None:
            folder = self.components_folder if self.component_files is not None else ""
            if folder or self.params:
                cached = load_parameters(self._game_data()[0], folder, self.params)
            else:  # the rulebook's numbers: the common case, one lookup
                cached = _DEFAULTS.get(type(self))
                if cached is None:
                    cached = _DEFAULTS[type(self)] = load_parameters(self._game_data()[0])
            object.__setattr__(self, "_parameters", cached)
        return cached

    @classmethod
    def _coerce(cls, name: str, raw: Any) -> Any:
        hint = _hints(cls)[name]
        meta = next(f.metadata for f in _option_fields(cls) if f.name == name)
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
        """Every option by name, and a ``param.<name>`` key per override: what a record
        keeps, and what :meth:`from_dict` reads back to the same options."""
        names = _NAMES.get(type(self))
        if names is None:  # fields() rebuilds the list each call; every view asks for it
            names = _NAMES[type(self)] = tuple(f.name for f in _option_fields(type(self)))
        out = {name: getattr(self, name) for name in names}
        for name, value in self.params:
            out[PREFIX + name] = to_json(value)
        return out

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option with its type, default, help and limits: for CLI help and web forms."""
        hints = _hints(cls)
        out = []
        for f in _option_fields(cls):
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
        return {f.name: f.default for f in _option_fields(cls) if not f.metadata.get("web", True)}

    @classmethod
    def describe_parameters(cls) -> list[dict[str, Any]]:
        """Every design number as an option ``param.<name>``: default, bounds, help."""
        return [spec.describe() for spec in cls.parameter_specs().values()]


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` from the command line into a dict, with a clear error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOptions(f"options are written key=value, got {pair!r}")
        out[key.strip().replace("-", "_")] = value.strip()
    return out
