"""Difficulty levels: ``beginner``, ``casual``, ``strong`` and ``expert``, in every game.

A level is a bot spec a player understands.  Each names a bot underneath with settings:

* ``beginner``: the search with a handful of iterations, guided by the game's heuristic
  (it looks at the heuristic's move and a few others once each): legal, sensible-looking
  moves, with the slips of a player who does not look far;
* ``casual``: the game's greedy heuristic bot (the best move by its rules of thumb now);
* ``strong``: the search with the game's tuned settings, a few tenths of a second a move;
* ``expert``: the search valued by the evaluator that self-play trained
  (``eval=learned``, :mod:`motherlode.rl.value`), about a second a move.

A level's parameters, in order of precedence: what its spec says (``expert:ms=250``), the
game's own values for the level (``games/<id>/data/levels.toml``, written by the tuning
runs, found through the Game), the level's defaults below, and for a searching level the
game's tuned search settings (``Game.search_defaults``).  The same file holds each level's
measured rating (``[ratings]``, from ``bench/strength.py``), which the lobby and
``motherlode games`` show.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from motherlode.engine import BadOptions, Game
from motherlode.engine.words import T


@dataclass(frozen=True)
class Level:
    name: str
    sentence: str
    """What a player reads in the lobby: how the bot plays, in words."""
    bot: str
    """The spec name underneath (``mcts`` or a game bot)."""
    params: Mapping[str, Any] = field(default_factory=dict)


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "beginner",
            "Plays sensible moves but looks only a little ahead, and often misses the best one.",
            "mcts",
            {"iters": 24},
        ),
        Level(
            "casual",
            "Plays the move that looks best right now by rules of thumb; never plans ahead.",
            "heuristic",
        ),
        Level(
            "strong",
            "Plays out hundreds of possible futures before each move (about 0.3 s a move).",
            "mcts",
            {"ms": 300},
        ),
        Level(
            "expert",
            "Searches the longest (about 1 s a move), judging positions as self-play taught it "
            "where that helps.",
            "mcts",
            {"ms": 1000, "eval": "learned"},
        ),
    )
}
ORDER = tuple(LEVELS)


def data_folder(game: Game) -> Path:
    """The ``data`` folder of ``game``'s package (its components, levels, evaluator)."""
    return game.folder("data")


@cache
def _levels_file(game: Game) -> dict[str, Any]:
    file = data_folder(game) / "levels.toml"
    if not file.is_file():
        return {}
    with open(file, "rb") as f:
        return tomllib.load(f)


def tuned(game: Game, level: str) -> dict[str, Any]:
    """The game's own settings for ``level`` (from its levels.toml; {} where none)."""
    values = _levels_file(game).get(level, {})
    return dict(values) if isinstance(values, dict) else {}


def rating(game: Game, level: str) -> dict[str, float] | None:
    """The level's measured rating in this game (``mu``, ``sigma``), if measured."""
    value = _levels_file(game).get("ratings", {}).get(level)
    if not isinstance(value, dict) or "mu" not in value:
        return None
    return {"mu": float(value["mu"]), "sigma": float(value.get("sigma", 0.0))}


def is_level(name: str) -> bool:
    return name in LEVELS


def expand(name: str, params: Mapping[str, Any], game: Game) -> tuple[str, dict[str, Any]]:
    """The bot spec name and parameters that level ``name`` means in ``game``."""
    level = LEVELS[name]
    if level.bot != "mcts":
        if level.bot not in game.bots:
            raise BadOptions(
                T(
                    "{game} has no {bot} bot for the {name} level",
                    game=T(game.title),
                    bot=level.bot,
                    name=name,
                )
            )
        if params:
            raise BadOptions(
                T(
                    "the {name} level takes no parameters, got {params}",
                    name=name,
                    params=", ".join(params),
                )
            )
        return level.bot, {}
    if "tuned" in params:
        raise BadOptions(T("the {name} level always uses the game's search settings", name=name))
    merged = {**game.search_defaults, **level.params, **tuned(game, name), **params}
    return level.bot, merged


def describe(game: Game) -> list[dict[str, Any]]:
    """Every level for ``game``: name, sentence, thinking time and measured rating."""
    out = []
    for name, level in LEVELS.items():
        if level.bot != "mcts" and level.bot not in game.bots:
            continue
        _, params = expand(name, {}, game) if level.bot == "mcts" else (level.bot, {})
        out.append(
            {
                "name": name,
                "sentence": level.sentence,
                "ms": params.get("ms"),
                "rating": rating(game, name),
            }
        )
    return out
