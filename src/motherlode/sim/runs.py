"""Two finished studies compared: ``motherlode study compare RUN_A RUN_B``.

A designer runs a study, edits the components or a parameter, and runs the same command
again; this says what changed, with the statistics of a study's own comparisons
(:mod:`motherlode.sim.compare`).  Each cell of run B is matched to the cell of run A with
the same settings (player count, varied options, seating); where no cell matches by its
settings and both runs have as many cells, cells are matched in order (a run of one cell
against another).  Games are *paired* where the runs dealt them from the same seeds (the
same ``--seed``, the same player count and seating, paired deals), else compared by
Welch's test.  Every difference has its 95% interval and the smallest effect it could
detect; the p-values of all the comparisons are adjusted together by Holm's method.  The
runs are also compared whole (every matched cell pooled), and what differs between their
setups (version, options, components, data files) is listed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine import BadOptions
from motherlode.sim.compare import (
    FIRST_EDGE,
    FIRST_PLAYER,
    Comparison,
    compare_games,
    game_metrics,
    pooled,
)
from motherlode.sim.grid import Cell
from motherlode.sim.stats import holm
from motherlode.sim.study import Study


def load_run(path: Path) -> Study:
    """A finished (or interrupted) study from its folder or its study.json."""
    file = path / "study.json" if path.is_dir() else path
    try:
        data = json.loads(file.read_text())
        return Study.from_json(data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BadOptions(f"cannot read {file}: {exc}") from None


def match_cells(a: Study, b: Study) -> list[tuple[Cell, Cell]]:
    """Each cell of ``b`` with the cell of ``a`` of the same settings; in order where no
    setting matches and the runs have as many cells."""
    keys = {c.key: c for c in a.plan.cells}
    by_key = [(keys[c.key], c) for c in b.plan.cells if c.key in keys]
    if by_key:
        return by_key
    if len(a.plan.cells) == len(b.plan.cells):
        return list(zip(a.plan.cells, b.plan.cells, strict=True))
    raise BadOptions(
        "the runs share no cell (no player count, options and seating in common) and have "
        f"{len(a.plan.cells)} and {len(b.plan.cells)} cells: nothing to compare"
    )


def setup_differences(a: Study, b: Study) -> list[str]:
    """What differs between the two runs' setups, in words."""
    out: list[str] = []
    pa, pb = a.plan, b.plan
    sa, sb = a.sources, b.sources
    if sa.get("motherlode") != sb.get("motherlode"):
        out.append(f"motherlode {sa.get('motherlode', '?')} → {sb.get('motherlode', '?')}")
    if pa.options != pb.options:
        keys = sorted(set(pa.options) | set(pb.options))
        for k in keys:
            if pa.options.get(k) != pb.options.get(k):
                was, now = pa.options.get(k, "(default)"), pb.options.get(k, "(default)")
                out.append(f"option {k}: {was} → {now}")
    ca, cb = sa.get("components") or {}, sb.get("components") or {}
    for value in sorted(set(ca) | set(cb)):
        ha, hb = ca.get(value, {}).get("sha256"), cb.get(value, {}).get("sha256")
        if ha != hb:
            out.append(
                f"components {value}: files changed (sha256 {str(ha)[:12]} → {str(hb)[:12]})"
            )
    da, db = (sa.get("game_data") or {}).get("sha256"), (sb.get("game_data") or {}).get("sha256")
    if da != db:
        out.append("the game's own data files differ")
    if pa.seed != pb.seed:
        out.append(f"seed {pa.seed} → {pb.seed} (the games cannot be paired)")
    if pa.deals != pb.deals:
        out.append(f"deals {pa.deals} → {pb.deals} (the games cannot be paired)")
    if pa.games != pb.games:
        out.append(f"games a cell {pa.games} → {pb.games}")
    return out


@dataclass(frozen=True)
class RunComparison:
    """Run ``b`` against run ``a``: per matched cell (``Comparison.a`` / ``.b`` are the
    cells' numbers in each run) and overall (every matched cell pooled)."""

    a: Study
    b: Study
    matches: list[tuple[Cell, Cell]]
    cells: list[Comparison]
    overall: list[Comparison]
    setup: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "run_a": {"game": self.a.plan.game, "plan": self.a.plan.to_json()},
            "run_b": {"game": self.b.plan.game, "plan": self.b.plan.to_json()},
            "setup_differences": self.setup,
            "matched_cells": [
                {"a": ca.index, "b": cb.index, "label_a": ca.label, "label_b": cb.label}
                for ca, cb in self.matches
            ],
            "overall": [c.to_json() for c in self.overall],
            "cells": [c.to_json() for c in self.cells],
        }


def _comparison(a: int, b: int, factor: str, name: str, rank: int, d: Any, q: float) -> Comparison:
    return Comparison(
        a, b, factor, name, d.mean_a, d.mean_b, d.p, q, d.low, d.high, d.method, d.mde, rank
    )


def compare_runs(a: Study, b: Study) -> RunComparison:
    """Run ``b`` against run ``a`` (see the module docstring)."""
    if a.plan.game != b.plan.game:
        raise BadOptions(f"the runs are of different games: {a.plan.game} and {b.plan.game}")
    matches = match_cells(a, b)
    figures = a.figure_names
    per_cell: list[tuple[int, int, str, int, Any]] = []
    for ca, cb in matches:
        same_players = ca.players == cb.players
        for metric, d in compare_games(
            a.rows_of(ca),
            b.rows_of(cb),
            seats=same_players,
            bots=ca.bots if same_players and ca.bots == cb.bots else (),
            figure_names=figures,
        ):
            per_cell.append((ca.index, cb.index, metric.name, metric.rank, d))
    games = [(a.rows_of(ca), b.rows_of(cb)) for ca, cb in matches]
    same = all(ca.players == cb.players for ca, cb in matches)
    overall_raw = [
        (m.name, m.rank, pooled(games, m.read, m.rate))
        for m in [FIRST_PLAYER if same else FIRST_EDGE, *game_metrics(figures)]
    ]
    adjusted = holm([d.p for *_, d in per_cell])
    overall_q = holm([d.p for *_, d in overall_raw])
    return RunComparison(
        a,
        b,
        matches,
        [
            _comparison(x, y, "run", name, rank, d, q)
            for (x, y, name, rank, d), q in zip(per_cell, adjusted, strict=True)
        ],
        [
            _comparison(-1, -1, "run", name, rank, d, q)
            for (name, rank, d), q in zip(overall_raw, overall_q, strict=True)
        ],
        setup_differences(a, b),
    )


def by_interest(found: Sequence[Comparison]) -> list[Comparison]:
    """Seat fairness first, mechanical counts last, then by p."""
    return sorted(found, key=lambda c: (c.rank, c.p))
