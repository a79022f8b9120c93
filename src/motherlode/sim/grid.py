"""A study's design: the grid of options, player counts and bot seatings it plays.

Its factors are the options named by ``--vary`` (each with a list of values, or a numeric
range ``lo:hi:step``; an empty value is the option's default, so ``components=,mod`` has a
baseline cell), the player counts (``--players 3-6``) and the bot *seatings* (``--bots
heuristic``, or a mix written ``heuristic+random``); every combination is a *cell*, and
every cell plays ``-n`` games.  Every setting is checked here, before a game is played.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from motherlode.agents.specs import parse_spec
from motherlode.engine import BadOptions, get_game
from motherlode.sim.play import check_bots


def parse_players(text: str, low: int, high: int) -> list[int]:
    """'3-6', '3,5' or '4' into player counts, each within the game's ``low``-``high``."""
    counts: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, sep, last = part.partition("-")
        try:
            span = range(int(first), int(last) + 1) if sep else range(int(first), int(first) + 1)
        except ValueError:
            raise BadOptions(f"--players is a count or a range like 3-6, not {text!r}") from None
        if not span:
            raise BadOptions(f"--players {text!r}: the range is empty")
        for k in span:
            if not low <= k <= high:
                raise BadOptions(f"the game is for {low}-{high} players, not {k}")
            if k not in counts:
                counts.append(k)
    return counts


DEALS = ("paired", "independent")
"""How a study deals its cells' games: the same deals in every cell (common random numbers,
the default), or each cell its own (studies made before pairing; docs/studies.md)."""

MAX_RANGE = 1000
"""Most values one ``lo:hi:step`` range may give."""

_NUMBER = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_RANGE = re.compile(rf"({_NUMBER}):({_NUMBER})(?::({_NUMBER}))?")


def _plain(value: Decimal) -> str:
    """A number as a person writes it: 500, 0.25 (no exponent, no trailing zeros)."""
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def expand_range(text: str) -> list[str] | None:
    """``lo:hi:step`` (``lo:hi`` for whole numbers, step 1) into its values, both ends
    included: ``400:700:100`` is 400, 500, 600, 700; None if ``text`` is not a range."""
    match = _RANGE.fullmatch(text.replace(" ", ""))
    if match is None:
        return None
    low, high, step_text = (Decimal(g) if g is not None else None for g in match.groups())
    assert low is not None and high is not None
    if step_text is None:
        if low != low.to_integral_value() or high != high.to_integral_value():
            raise BadOptions(f"--vary range {text!r}: give a step, like lo:hi:step")
        step_text = Decimal(1)
    if step_text <= 0:
        raise BadOptions(f"--vary range {text!r}: the step must be above 0")
    if high < low:
        raise BadOptions(f"--vary range {text!r}: {_plain(high)} is below {_plain(low)}")
    count = int((high - low) / step_text) + 1
    if count > MAX_RANGE:
        raise BadOptions(f"--vary range {text!r} gives {count} values; at most {MAX_RANGE}")
    return [_plain(low + k * step_text) for k in range(count)]


def parse_vary(items: Sequence[str]) -> dict[str, list[str]]:
    """``["auction_level=A,B", "param.start_cash=400:700:100", "components=,mod"]`` into
    option name -> values, in the order given; an empty value stands for the option's
    default (a baseline cell), a numeric ``lo:hi:step`` for every step of the range."""
    out: dict[str, list[str]] = {}
    for item in items:
        key, sep, values = item.partition("=")
        key = key.strip().replace("-", "_")
        listed: list[str] = []
        for part in values.split(","):
            expanded = expand_range(part.strip())
            listed.extend([part.strip()] if expanded is None else expanded)
        if not sep or not key or not any(listed):
            raise BadOptions(f"--vary is written option=value1,value2, got {item!r}")
        if key in out:
            raise BadOptions(f"--vary {key} is given twice")
        if len(set(listed)) != len(listed):
            raise BadOptions(f"--vary {key}: a value is listed twice")
        out[key] = listed
    return out


def parse_seating(text: str) -> tuple[str, ...]:
    """'heuristic' or 'heuristic+random': the bots seated in a cell (normalised specs)."""
    parts = [p for p in text.split("+") if p.strip()]
    if not parts:
        raise BadOptions(f"--bots names bots joined by '+', like heuristic+random, not {text!r}")
    return tuple(str(parse_spec(p)) for p in parts)


@dataclass(frozen=True)
class Cell:
    """One setting of the grid: a player count, the varied options' values, a seating."""

    index: int
    players: int
    varied: tuple[tuple[str, str], ...]
    bots: tuple[str, ...]

    @property
    def key(self) -> str:
        """Stable name of the cell's settings (its games' seeds derive from it)."""
        opts = "".join(f"|{k}={v}" for k, v in self.varied)
        return f"players={self.players}{opts}|bots={'+'.join(self.bots)}"

    @property
    def label(self) -> str:
        """Short and readable: '4p auction_level=EZ1' (bots only when they differ; an
        option at its default: 'components=(default)')."""
        parts = [f"{self.players}p", *(f"{k}={v or '(default)'}" for k, v in self.varied)]
        if len(self.bots) > 1 or self.bots != ("heuristic",):
            parts.append("+".join(self.bots))
        return " ".join(parts)

    def factors(self) -> dict[str, str]:
        """Every factor's value, for comparisons: players, each varied option, bots."""
        out = {"players": str(self.players)}
        out.update(self.varied)
        out["bots"] = "+".join(self.bots)
        return out


@dataclass(frozen=True)
class Plan:
    """The study's design: its game, fixed options, cells, games per cell and seed."""

    game: str
    options: dict[str, str]
    vary: dict[str, list[str]]
    cells: tuple[Cell, ...]
    games: int
    seed: int
    deals: str = "paired"
    """``paired``: game i of every cell is dealt alike; ``independent``: each cell its own
    deals (:data:`DEALS`)."""
    restored: dict[str, str] = field(default_factory=dict)
    """A components value -> the folder to play it from: the copy a re-run restores from
    a study.json when the files at the recorded path changed (:mod:`motherlode.sim.sources`)."""

    def cell_options(self, cell: Cell) -> dict[str, str]:
        """The options a cell plays: the fixed ones and its values (an empty value: the
        option's default, left out)."""
        return play_options(
            {**self.options, **{k: v for k, v in cell.varied if v != ""}}, self.restored
        )

    @property
    def total(self) -> int:
        return self.games * len(self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "vary": {k: list(v) for k, v in self.vary.items()},
            "players": sorted({c.players for c in self.cells}),
            "seatings": sorted({"+".join(c.bots) for c in self.cells}),
            "games_per_cell": self.games,
            "seed": self.seed,
            "deals": self.deals,
            "cells": [
                {
                    "cell": c.index,
                    "players": c.players,
                    "options": dict(c.varied),
                    "bots": list(c.bots),
                }
                for c in self.cells
            ],
        }


def play_options(options: Mapping[str, str], restored: Mapping[str, str]) -> dict[str, str]:
    """``options`` with each restored components value replaced by its folder."""
    return {k: restored.get(v, v) if k == "components" and v else v for k, v in options.items()}


def plan_study(
    game_id: str,
    *,
    vary: Mapping[str, Sequence[str]] | None = None,
    players: Sequence[int] | None = None,
    seatings: Sequence[Sequence[str]] | None = None,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
    deals: str = "paired",
    restored: Mapping[str, str] | None = None,
) -> Plan:
    """Check every setting (options, player counts, bots) before a game is played."""
    if deals not in DEALS:
        raise BadOptions(f"--deals is one of {', '.join(DEALS)}, not {deals!r}")
    game = get_game(game_id)
    base = {k: str(v) for k, v in (options or {}).items()}
    varied = {k: [str(x) for x in v] for k, v in (vary or {}).items()}
    clash = set(base) & set(varied)
    if clash:
        raise BadOptions(f"option {sorted(clash)[0]} is both fixed (--option) and varied (--vary)")
    counts = list(players or range(game.min_players, game.max_players + 1))
    for count in counts:
        game.check_players(count)
    default = "heuristic" if "heuristic" in game.bots else "random"
    lineups = [tuple(str(parse_spec(b)) for b in s) for s in (seatings or [[default]])]
    for k, lineup in enumerate(lineups):
        if not lineup:
            raise BadOptions("a seating names at least one bot")
        if lineup in lineups[:k]:
            raise BadOptions(f"--bots {'+'.join(lineup)} is given twice")
        check_bots(game, lineup)
    if games < 1:
        raise BadOptions("the number of games must be at least 1")
    names = list(varied)
    cells: list[Cell] = []
    kept = dict(restored or {})
    for count in counts:
        for values in itertools.product(*(varied[k] for k in names)):
            chosen = tuple(zip(names, values, strict=True))
            given = {**base, **{k: v for k, v in chosen if v != ""}}
            game.options(play_options(given, kept))  # a bad value or combination fails here
            for lineup in lineups:
                cells.append(Cell(len(cells), count, chosen, lineup))
    return Plan(game_id, base, varied, tuple(cells), games, seed, deals, kept)
