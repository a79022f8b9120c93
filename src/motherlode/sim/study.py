"""Balance studies: a designed experiment over options, player counts and bot seatings.

A study is a grid (:mod:`motherlode.sim.grid`): every combination of the varied options,
the player counts and the bot seatings is a *cell*, and every cell plays ``-n`` games.
Where a seating mixes bots, seats are filled by the arena's balanced schedule
(:func:`motherlode.sim.play.schedule`), so every bot sits in every seat equally often and
shares the deals.  Each game is watched by its game's probe (:mod:`motherlode.sim.figures`);
the figures drawn from the games are :mod:`motherlode.sim.compare`'s, the files
:mod:`motherlode.sim.files`', the report :mod:`motherlode.sim.report`'s.

Reproducibility and pairing: game ``i`` of every cell is dealt from the same seed, derived
from the run's seed and ``i``, and its bots are seeded alike (common random numbers), so two
cells' game ``i`` differ only by their settings and the comparisons between cells are
paired (:mod:`motherlode.sim.differences`).  A cell gives the same games whichever grid it
is part of, on either backend and any number of workers.  Where a seating rotates bots
through the seats, the games of one rotation share a deal.  Studies made before pairing
dealt each cell from its own key (``deals="independent"``, still available).

A study writes as it goes (:class:`motherlode.sim.files.StudyWriter`): ``on_rows`` receives
each chunk of games as it ends.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from motherlode.sim.backends import Backend
from motherlode.sim.compare import (
    CellSummary,
    Comparison,
    Effect,
    MainEffect,
    comparisons,
    effects,
    main_effects,
    summarise,
)
from motherlode.sim.figures import key_figures
from motherlode.sim.grid import Cell, Plan, parse_players, parse_seating, parse_vary, plan_study
from motherlode.sim.play import (
    BOT_SEEDS,
    Chunk,
    Fixture,
    GameRow,
    Match,
    play_chunk,
    play_game,
    play_games,
    schedule,
)
from motherlode.sim.sources import provenance

__all__ = [
    "Cell",
    "Chunk",
    "GameRow",
    "Plan",
    "Study",
    "bot_seed",
    "parse_players",
    "parse_seating",
    "parse_vary",
    "plan_study",
    "play_chunk",
    "play_study_game",
    "row_json",
    "run_study",
    "study_seed",
    "summarise",
]


def study_seed(run_seed: int, key: str, index: int) -> int:
    """The deal of game ``index`` (or rotation period) of the cell named ``key``."""
    return random.Random(f"motherlode-study:{run_seed}:{key}:{index}").getrandbits(63)


PAIRED_KEY = "every cell"
"""The key every cell's seeds derive from when deals are paired."""


def deal_key(plan: Plan, cell: Cell) -> str:
    """What a cell's seeds derive from: shared by every cell, or (``independent``) its own."""
    return cell.key if plan.deals == "independent" else PAIRED_KEY


def bot_seed(plan: Plan, cell: Cell, index: int) -> int:
    """The seed the bots of game ``index`` of ``cell`` are seeded from."""
    return study_seed(plan.seed, deal_key(plan, cell), index) ^ BOT_SEEDS


def cell_fixtures(plan: Plan, cell: Cell) -> list[Fixture]:
    """The games of one cell: a deal per rotation period, the bots seeded per game."""
    lineups = schedule(len(cell.bots), cell.players)
    period = len(lineups)
    key = deal_key(plan, cell)
    return [
        Fixture(
            i, study_seed(plan.seed, key, i // period), bot_seed(plan, cell, i), lineups[i % period]
        )
        for i in range(plan.games)
    ]


def cell_match(plan: Plan, cell: Cell) -> Match:
    """What every game of ``cell`` shares; each is watched by the game's probe."""
    return Match(plan.game, cell.bots, plan.cell_options(cell), cell=cell.index, probed=True)


def play_study_game(
    game_id: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    cell: int,
    job: tuple[int, int, int, tuple[int, ...]],
) -> GameRow:
    """One game of a study: ``job`` is its index, seed, bots' seed and line-up."""
    match = Match(game_id, tuple(bots), dict(options), cell=cell, probed=True)
    return play_game(match, Fixture(*job))


def run_study(
    plan: Plan,
    *,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    play: Callable[[Chunk], list[GameRow]] = play_chunk,
    on_rows: Callable[[list[GameRow]], None] | None = None,
    sources: Mapping[str, Any] | None = None,
) -> Study:
    """Play every cell of ``plan`` on ``backend`` (default: this process); ``progress(k)``
    after each k games, ``on_rows(rows)`` with each chunk's games as it ends.  ``play``
    runs a chunk (tests wrap it); ``sources``: what the study plays with (default: read
    now, :func:`motherlode.sim.sources.provenance`)."""
    recorded = dict(sources) if sources is not None else provenance(plan)
    work = [(cell_match(plan, cell), cell_fixtures(plan, cell)) for cell in plan.cells]
    rows = play_games(work, backend=backend, progress=progress, play=play, on_rows=on_rows)
    return Study(plan, rows, recorded)


def row_json(row: GameRow) -> dict[str, Any]:
    """One game of a study as ``study.json`` keeps it."""
    return {
        "cell": row.cell,
        "index": row.index,
        "seed": row.seed,
        "lineup": list(row.lineup),
        "scores": list(row.scores),
        "ranking": [list(g) for g in row.ranking],
        "decisions": row.decisions,
        "turns": row.turns,
        "rounds": row.rounds,
        "end": row.end,
        "figures": list(row.figures),
        "first": row.first,
    }


@dataclass
class Study:
    """A played study: its plan and every game, by cell then index."""

    plan: Plan
    rows: list[GameRow] = field(default_factory=list)
    sources: dict[str, Any] = field(default_factory=dict)
    """What it played with: version, data files, components (:mod:`motherlode.sim.sources`)."""
    complete: bool = True
    """False for a study read back from an interrupted run (its cells hold fewer games)."""

    @property
    def figure_names(self) -> list[str]:
        return list(key_figures(self.plan.game))

    def rows_of(self, cell: Cell) -> list[GameRow]:
        return self._by_cell[cell.index]

    @cached_property
    def _by_cell(self) -> dict[int, list[GameRow]]:
        out: dict[int, list[GameRow]] = {c.index: [] for c in self.plan.cells}
        for row in self.rows:
            out[row.cell].append(row)
        return out

    @cached_property
    def summaries(self) -> list[CellSummary]:
        names = self.figure_names
        return [summarise(cell, self.rows_of(cell), names) for cell in self.plan.cells]

    @cached_property
    def effects(self) -> list[Effect]:
        """Each value of each factor that takes several values (players, a varied option,
        the seating), over all the games played at that value."""
        return effects(self.plan, self._by_cell, self.figure_names)

    @cached_property
    def comparisons(self) -> list[Comparison]:
        """Every pair of cells differing in one factor, on every metric; Holm-adjusted."""
        return comparisons(self.plan, self._by_cell, self.summaries, self.figure_names)

    @cached_property
    def main_effects(self) -> list[MainEffect]:
        """Each value of each factor against its first value, other factors held."""
        return main_effects(self.plan, self._by_cell, self.figure_names)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Study:
        """A study back from its ``study.json``, to draw its report again without playing."""
        head = data["plan"]
        cells = tuple(
            Cell(
                c["cell"],
                c["players"],
                tuple((k, str(v)) for k, v in c["options"].items()),
                tuple(c["bots"]),
            )
            for c in head.get("cells", data.get("cells", []))
        )
        plan = Plan(
            head["game"],
            {k: str(v) for k, v in head["options"].items()},
            {k: [str(x) for x in v] for k, v in head["vary"].items()},
            cells,
            head["games_per_cell"],
            head["seed"],
            head.get("deals", "independent"),  # studies made before pairing
        )
        by_index = {c.index: c for c in cells}  # the bots' seeds are not saved: derived again
        rows = [
            GameRow(
                g["cell"],
                g["index"],
                g["seed"],
                tuple(g["lineup"]),
                tuple(float(x) for x in g["scores"]),
                tuple(tuple(group) for group in g["ranking"]),
                g["decisions"],
                g["turns"],
                float(g["rounds"]),
                g["end"],
                tuple(float(x) for x in g["figures"]),
                g.get("first", 0),
                bot_seed=bot_seed(plan, by_index[g["cell"]], g["index"]),
            )
            for g in data["games"]
        ]
        complete = bool(data.get("complete", True))
        if not complete:
            plan, rows = _played_part(plan, rows)
        return cls(plan, rows, dict(data.get("provenance", {})), complete)

    def head_json(self) -> dict[str, Any]:
        """What is known before any game ends: the plan and what it plays with."""
        return {
            "plan": self.plan.to_json(),
            "provenance": self.sources,
            "complete": self.complete,
            "key_figures": key_figures(self.plan.game),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            **self.head_json(),
            "games_played": len(self.rows),
            "cells": [s.to_json() for s in self.summaries],
            "effects": [e.to_json() for e in self.effects],
            "main_effects": [m.to_json() for m in self.main_effects],
            "comparisons": [c.to_json() for c in self.comparisons],
            "games": [row_json(r) for r in self.rows],
        }


def _played_part(plan: Plan, rows: list[GameRow]) -> tuple[Plan, list[GameRow]]:
    """An interrupted study's cells that have games, numbered again from 0."""
    played = sorted({r.cell for r in rows})
    number = {old: new for new, old in enumerate(played)}
    cells = tuple(replace(plan.cells[old], index=new) for old, new in number.items())
    kept = replace(plan, cells=cells)
    return kept, [replace(r, cell=number[r.cell]) for r in rows]
