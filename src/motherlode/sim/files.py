"""The files simulations write: an arena's JSON or CSV, a study's JSON and CSV tables.

``study.json`` holds everything (plan, every cell's figures, every comparison, every game);
the CSV files hold the same figures as flat tables for spreadsheets: ``cells.csv`` (one row
per cell), ``seats.csv``, ``bots.csv``, ``distributions.csv`` (scores, margin, length and
key figures), ``ends.csv``, ``effects.csv``, ``comparisons.csv`` and ``games.csv``.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from motherlode.engine import BadOptions
from motherlode.sim.arena import OUTPUT_FORMATS, Arena
from motherlode.sim.compare import CellSummary, Dist
from motherlode.sim.study import Study


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


def write_tables(study: Study, folder: Path) -> None:
    """study.json and the CSV files (see the module docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_json(folder / "study.json", study.to_json())
    vary = list(study.plan.vary)
    figures = study.figure_names
    head = ["cell", "label", "players", *vary, "bots", "games"]

    def ident(s: CellSummary) -> list[Any]:
        c = s.cell
        return [
            c.index,
            c.label,
            c.players,
            *(dict(c.varied)[k] for k in vary),
            "+".join(c.bots),
            s.games,
        ]

    top = max(s.cell.players for s in study.summaries)
    write_csv(
        folder / "cells.csv",
        [
            *head,
            *(f"seat{k + 1}_win_rate" for k in range(top)),
            "chi_square",
            "chi_square_p",
            "mean_score",
            "mean_winner_score",
            "mean_margin",
            "mean_turns",
            "mean_rounds",
            "mean_decisions",
            *(f"mean_{k}" for k in figures),
        ],
        [
            [
                *ident(s),
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
            for s in study.summaries
        ],
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
            "mean_turns",
            "sd_turns",
            "mean_decisions",
            "mean_margin",
            *(f"mean_{k}" for k in figures),
            "ends",
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
            "value_a",
            "value_b",
            "difference",
            "p",
            "p_holm",
            "significant",
        ],
        [
            [
                labels[c.a],
                labels[c.b],
                c.factor,
                c.metric,
                c.value_a,
                c.value_b,
                c.difference,
                c.p,
                c.p_holm,
                c.significant,
            ]
            for c in study.comparisons
        ],
    )
    write_csv(
        folder / "games.csv",
        [
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
            *figures,
        ],
        [
            [
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
            for r in study.rows
        ],
    )
