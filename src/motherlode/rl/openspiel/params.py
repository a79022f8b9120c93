"""A loaded game's OpenSpiel parameters, checked, with their defaults and their text form.

OpenSpiel writes a game as ``name(key=value,...)`` (what ``str(game)``, serialization and
pickling carry) and reads it back by splitting on ``,`` and the last ``=``; so the game's
own options travel in one comma-free text, ``options="key:value;key:value"`` (JSON with a
single key, as before, is read too), and each parameter is kept in the game's text only
when it differs from its default.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motherlode.engine import Game, GameOptions

DEFAULT_DEALS = 2**31 - 1
"""Distinct deals by default: OpenSpiel's largest integer parameter (its ints are 32-bit)."""
CHANCE = ("deal", "move")
_FORBIDDEN = ",=()"


@dataclass(frozen=True)
class Params:
    """Every parameter of a loaded game (see the package docstring for what each does)."""

    players: int
    deals: int = DEFAULT_DEALS
    options: str = ""
    chance: str = "deal"
    horizon: int = 0
    infostate_steps: int = 0

    def given(self, game: Game) -> dict[str, Any]:
        """The parameters that differ from their defaults, players always: the game's text."""
        out: dict[str, Any] = {"players": self.players}
        for key, default in specification(game).items():
            value = getattr(self, key)
            if key != "players" and value != default:
                out[key] = value
        return out


def specification(game: Game) -> dict[str, Any]:
    """Every parameter with its default (OpenSpiel's ``parameter_specification``)."""
    return {
        "players": game.min_players,
        "deals": DEFAULT_DEALS,
        "options": "",
        "chance": "deal",
        "horizon": 0,
        "infostate_steps": 0,
    }


def parse(game: Game, raw: Mapping[str, Any] | None) -> tuple[Params, GameOptions]:
    """The parameters of ``raw`` (OpenSpiel's dict, defaults filled in or not), checked."""
    values = {**specification(game), **dict(raw or {})}
    unknown = sorted(set(values) - set(specification(game)))
    if unknown:
        raise ValueError(f"unknown parameter(s) {', '.join(unknown)}")
    players = game.check_players(int(values["players"]))
    deals = int(values["deals"])
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    chance = str(values["chance"])
    if chance not in CHANCE:
        raise ValueError(f"chance is one of {', '.join(CHANCE)}, not {chance!r}")
    horizon = int(values["horizon"])
    steps = int(values["infostate_steps"])
    if horizon < 0 or steps < 0:
        raise ValueError("horizon and infostate_steps are 0 (off) or more")
    given = options_dict(str(values["options"]))
    options = game.options(given)
    params = Params(
        players=players,
        deals=deals,
        options=options_text(given, options),
        chance=chance,
        horizon=horizon,
        infostate_steps=steps,
    )
    return params, options


def options_dict(text: str) -> dict[str, Any]:
    """``key:value;key:value`` (values as on the command line) or a JSON object."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        loaded = json.loads(text)
        if not isinstance(loaded, dict):
            raise ValueError(f"options as JSON is an object, got {text!r}")
        return loaded
    out: dict[str, Any] = {}
    for pair in text.split(";"):
        key, sep, value = pair.partition(":")
        if not sep or not key.strip():
            raise ValueError(f"options are key:value pairs separated by ';', got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def options_text(given: Mapping[str, Any], options: GameOptions) -> str:
    """The canonical text of the options given: sorted ``key:value`` pairs, values as the
    game read them; refused if OpenSpiel's game text could not carry it back."""
    read = options.to_dict()
    pairs = []
    for key in sorted(given):
        value = read.get(key, given[key])
        if isinstance(value, bool):
            shown = "true" if value else "false"
        elif isinstance(value, int | float | str):
            shown = str(value)
        else:
            shown = json.dumps(value)  # (a list of several numbers holds commas: refused)
        pairs.append(f"{key}:{shown}")
    text = ";".join(pairs)
    bad = sorted({c for c in text if c in _FORBIDDEN})
    if bad:
        raise ValueError(
            f"options {text!r} hold {' '.join(bad)}, which OpenSpiel's game text cannot "
            "carry (a list-valued param.*: set it in a components folder's parameters.toml)"
        )
    return text
