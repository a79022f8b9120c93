"""The files simulations write: an arena's JSON or CSV, a study's JSON and CSV tables.

``study.json`` holds everything (plan, what it played with, every cell's figures, every
comparison, every game); the CSV files hold the same figures as flat tables for
spreadsheets: ``cells.csv`` (one row per cell), ``seats.csv``, ``bots.csv``,
``distributions.csv`` (scores, margin, length and key figures), ``ends.csv``,
``effects.csv`` (with each value's main effect against the factor's first value),
``comparisons.csv`` and ``games.csv``.  A key figure whose name is already a column's
(Gonza's ``winner_score``) is written ``figure_<name>``.

A study writes as it goes (:class:`StudyWriter`): each game's row is appended to games.csv
as its chunk ends, each cell's row to cells.csv as the cell completes, and study.json holds
every game played so far, so a run that is interrupted, killed or piped into ``head``
keeps what it has played.  When the study ends every file is written again, in order.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from motherlode.engine import BadOptions
from motherlode.sim.arena import OUTPUT_FORMATS, Arena
from motherlode.sim.compare import CellSummary, Comparison, Dist, MainEffect, summarise
from motherlode.sim.differences import finite
from motherlode.sim.figures import key_figures
from motherlode.sim.grid import Plan
from motherlode.sim.play import GameRow
from motherlode.sim.runs import RunComparison
from motherlode.sim.study import Study, row_json


def write_json(path: Path, data: Any) -> None:
    """``data`` as indented JSON, ending with a newline."""
    path.write_text(json.dumps(data, indent=1) + "\n")


def write_arena(arena: Arena, path: Path) -> None:
    """JSON (everything) or CSV (one row per bot), chosen by the file's suffix."""
    suffix = path.suffix.lower()
    if suffix not in OUTPUT_FORMATS:
        raise BadOptions(f"results are written as .json or .csv, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".json":
        write_json(path, arena.to_json())
        return
    rows = [s.to_json() for s in arena.summaries()]
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _dist_rows(s: CellSummary) -> list[tuple[str, Dist]]:
    return [
        ("score", s.scores),
        ("winner_score", s.winner_scores),
        ("margin", s.margin),
        ("decisions", s.decisions),
        ("turns", s.turns),
        ("rounds", s.rounds),
        *((f"figure:{k}", d) for k, d in s.figures.items()),
    ]


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A CSV file: a header line, then the rows."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def figure_columns(taken: Sequence[str], figures: Sequence[str], prefix: str) -> list[str]:
    """``prefix + name`` for each key figure, ``prefix + figure_ + name`` where that column
    is already ``taken`` (a column name is never written twice)."""
    return [f"{prefix}figure_{k}" if f"{prefix}{k}" in taken else f"{prefix}{k}" for k in figures]


def _ident_head(plan: Plan) -> list[str]:
    return ["cell", "label", "players", *plan.vary, "bots", "games"]


def _ident(plan: Plan, s: CellSummary) -> list[Any]:
    c = s.cell
    return [
        c.index,
        c.label,
        c.players,
        *(dict(c.varied)[k] for k in plan.vary),
        "+".join(c.bots),
        s.games,
    ]


CELL_MEANS = [
    "mean_score",
    "mean_winner_score",
    "mean_margin",
    "mean_turns",
    "mean_rounds",
    "mean_decisions",
]


def cells_header(plan: Plan, figures: Sequence[str]) -> list[str]:
    """The columns of cells.csv."""
    top = max(c.players for c in plan.cells)
    return [
        *_ident_head(plan),
        *(f"seat{k + 1}_win_rate" for k in range(top)),
        "chi_square",
        "chi_square_p",
        *CELL_MEANS,
        *figure_columns(CELL_MEANS, figures, "mean_"),
    ]


def cell_row(plan: Plan, s: CellSummary, figures: Sequence[str]) -> list[Any]:
    """One row of cells.csv."""
    top = max(c.players for c in plan.cells)
    return [
        *_ident(plan, s),
        *(s.seats[k].rate if k < len(s.seats) else "" for k in range(top)),
        s.chi_square,
        s.chi_square_p,
        s.scores.mean,
        s.winner_scores.mean,
        s.margin.mean,
        s.turns.mean,
        s.rounds.mean,
        s.decisions.mean,
        *(s.figures[k].mean for k in figures),
    ]


COMPARISON_HEAD = [
    "value_a",
    "value_b",
    "difference",
    "ci95_low",
    "ci95_high",
    "p",
    "p_holm",
    "significant",
    "method",
    "mde80",
]
"""comparisons.csv's columns after the cells and the metric (a study's and study compare's)."""


def comparison_row(c: Comparison) -> list[Any]:
    """A comparison's figures, in COMPARISON_HEAD's order (an infinite bound left empty)."""
    return [
        c.value_a,
        c.value_b,
        c.difference,
        finite(c.low),
        finite(c.high),
        c.p,
        c.p_holm,
        c.significant,
        c.method,
        finite(c.mde),
    ]


GAMES_HEAD = [
    "cell",
    "index",
    "seed",
    "lineup",
    "scores",
    "winners",
    "decisions",
    "turns",
    "rounds",
    "end",
]


def game_row(labels: Sequence[str], r: GameRow) -> list[Any]:
    """One row of games.csv."""
    return [
        labels[r.cell],
        r.index,
        r.seed,
        " ".join(map(str, r.lineup)),
        " ".join(f"{x:g}" for x in r.scores),
        " ".join(str(s + 1) for s in r.winners),
        r.decisions,
        r.turns,
        r.rounds,
        r.end,
        *r.figures,
    ]


MAIN_METRICS = (
    ("first_player", ("first player win rate", "first player win rate − fair share")),
    ("margin", ("mean margin",)),
    ("turns", ("mean turns",)),
)
"""The main effects effects.csv holds: a column prefix and the metric's names."""


def _main_columns(effects: Sequence[MainEffect], factor: str, value: str) -> list[Any]:
    """The main effect of ``factor=value`` on the first player, margin and turns."""
    found = [m for m in effects if m.factor == factor and m.value == value]
    out: list[Any] = [found[0].baseline if found else ""]
    for _, names in MAIN_METRICS:
        m = next((m for m in found if m.metric in names), None)
        if m is None:
            out.extend([""] * 5)
            continue
        d = m.difference
        out.extend([d.estimate, finite(d.low), finite(d.high), m.p_holm, finite(d.mde)])
    return out


def write_tables(study: Study, folder: Path) -> None:
    """study.json and the CSV files (see the module docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / "study.json", study.to_json())
    plan = study.plan
    figures = study.figure_names
    head = _ident_head(plan)

    def ident(s: CellSummary) -> list[Any]:
        return _ident(plan, s)

    write_csv(
        folder / "cells.csv",
        cells_header(plan, figures),
        [cell_row(plan, s, figures) for s in study.summaries],
    )
    write_csv(
        folder / "seats.csv",
        [*head, "counted", "seat", "wins", "win_rate", "ci95_low", "ci95_high"],
        [
            [*ident(s), counted, k + 1, r.wins, r.rate, *r.interval]
            for s in study.summaries
            for counted, rates in (("in turn order", s.seats), ("as dealt", s.dealt))
            for k, r in enumerate(rates)
        ],
    )
    write_csv(
        folder / "bots.csv",
        [
            *head,
            "bot",
            "seats",
            "games_played",
            "wins",
            "win_rate",
            "ci95_low",
            "ci95_high",
            "fair_share",
        ],
        [
            [
                *ident(s),
                b.bot,
                b.seats,
                b.rate.games,
                b.rate.wins,
                b.rate.rate,
                *b.rate.interval,
                b.fair_share,
            ]
            for s in study.summaries
            for b in s.bots
        ],
    )
    fields = list(Dist.__dataclass_fields__)
    write_csv(
        folder / "distributions.csv",
        [*head, "measure", *fields],
        [
            [*ident(s), name, *(getattr(d, f) for f in fields)]
            for s in study.summaries
            for name, d in _dist_rows(s)
        ],
    )
    write_csv(
        folder / "ends.csv",
        [*head, "end", "games_ended", "share"],
        [[*ident(s), end, k, k / s.games] for s in study.summaries for end, k in s.ends.items()],
    )
    effect_means = ["mean_turns", "sd_turns", "mean_decisions", "mean_margin"]
    write_csv(
        folder / "effects.csv",
        [
            "factor",
            "value",
            "games",
            "first_player_win_rate",
            "ci95_low",
            "ci95_high",
            "fair_share",
            *effect_means,
            *figure_columns(effect_means, figures, "mean_"),
            "ends",
            "baseline",
            *(
                f"{prefix}_{column}"
                for prefix, _ in MAIN_METRICS
                for column in ("vs_baseline", "ci95_low", "ci95_high", "p_holm", "mde80")
            ),
        ],
        [
            [
                e.factor,
                e.value,
                e.games,
                e.first_player.rate,
                *e.first_player.interval,
                e.fair_share,
                e.turns.mean,
                e.turns.sd,
                e.decisions.mean,
                e.margin.mean,
                *(e.figures[k].mean for k in figures),
                "; ".join(f"{k}: {v}" for k, v in e.ends.items()),
                *_main_columns(study.main_effects, e.factor, e.value),
            ]
            for e in study.effects
        ],
    )
    labels = [c.label for c in study.plan.cells]
    write_csv(
        folder / "comparisons.csv",
        [
            "cell_a",
            "cell_b",
            "factor",
            "metric",
            *COMPARISON_HEAD,
        ],
        [
            [labels[c.a], labels[c.b], c.factor, c.metric, *comparison_row(c)]
            for c in study.comparisons
        ],
    )
    write_csv(
        folder / "games.csv",
        [*GAMES_HEAD, *figure_columns(GAMES_HEAD, figures, "")],
        [game_row(labels, r) for r in study.rows],
    )


class StudyWriter:
    """Writes a study while it is played (see the module docstring): ``add(rows)`` with
    each chunk of games as it ends; leaving the ``with`` block writes study.json with every
    game so far, marked incomplete (the finished study is written by :func:`write_tables`)."""

    def __init__(self, folder: Path, plan: Plan, sources: dict[str, Any]) -> None:
        self.folder, self.plan, self.sources = folder, plan, sources
        self.figures = list(key_figures(plan.game))
        self.labels = [c.label for c in plan.cells]
        self.rows: list[GameRow] = []
        self.played: Counter[int] = Counter()
        folder.mkdir(parents=True, exist_ok=True)
        self._games = self._open(
            "games.csv", [*GAMES_HEAD, *figure_columns(GAMES_HEAD, self.figures, "")]
        )
        self._cells = self._open("cells.csv", cells_header(plan, self.figures))
        self.save()

    def _open(self, name: str, header: Sequence[str]) -> tuple[TextIO, Any]:
        handle = (self.folder / name).open("w", newline="")
        writer = csv.writer(handle)
        writer.writerow(header)
        handle.flush()
        return handle, writer

    def add(self, rows: Sequence[GameRow]) -> None:
        """Append ``rows`` to games.csv; a cell they complete to cells.csv and study.json."""
        handle, writer = self._games
        writer.writerows(game_row(self.labels, r) for r in rows)
        handle.flush()
        self.rows.extend(rows)
        completed = []
        for r in rows:
            self.played[r.cell] += 1
            if self.played[r.cell] == self.plan.games:
                completed.append(r.cell)
        for index in completed:
            cell = self.plan.cells[index]
            mine = sorted((r for r in self.rows if r.cell == index), key=lambda r: r.index)
            handle, writer = self._cells
            writer.writerow(cell_row(self.plan, summarise(cell, mine, self.figures), self.figures))
            handle.flush()
        if completed:
            self.save()

    def partial(self) -> Study:
        """The games so far, as an incomplete study."""
        rows = sorted(self.rows, key=lambda r: (r.cell, r.index))
        return Study(self.plan, rows, self.sources, complete=False)

    def save(self) -> None:
        """study.json: the plan, what it plays with, and every game so far."""
        study = self.partial()
        data = {**study.head_json(), "games_played": len(study.rows)}
        data["games"] = [row_json(r) for r in study.rows]
        write_json(self.folder / "study.json", data)

    def close(self) -> None:
        for handle, _ in (self._games, self._cells):
            handle.close()

    def __enter__(self) -> StudyWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
        if exc_type is not None:
            self.save()


def write_run_comparison(result: RunComparison, folder: Path) -> None:
    """compare.json (everything) and comparisons.csv (a row per metric per matched cell,
    the overall rows first) for ``motherlode study compare``."""
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / "compare.json", result.to_json())
    labels_a = [c.label for c in result.a.plan.cells]
    labels_b = [c.label for c in result.b.plan.cells]
    write_csv(
        folder / "comparisons.csv",
        [
            "cell_a",
            "cell_b",
            "metric",
            *COMPARISON_HEAD,
        ],
        [
            [
                labels_a[c.a] if c.a >= 0 else "all cells",
                labels_b[c.b] if c.b >= 0 else "all cells",
                c.metric,
                *comparison_row(c),
            ]
            for c in [*result.overall, *result.cells]
        ],
    )
