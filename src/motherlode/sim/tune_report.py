"""The report of a tuning run: ``tune.json`` and ``report.md``.

The best setting with 95% intervals on each part of the objective, the re-check of the best
against the defaults on fresh deals (paired, with the differences' intervals: the best of
many noisy trials is flattered by luck, the re-check is not), and the trade-offs found: the
best trials, and those no other trial beats on every part (the front).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import optuna

from motherlode.engine import BadOptions, get_game
from motherlode.sim.objectives import Objective, fair_floor
from motherlode.sim.tune import Measured, Recheck, TrialResult, Tuning, num, recheck

TOP = 10
"""Trials listed in the report's trade-offs."""


@dataclass
class Outcome:
    """A finished run: its settings, every trial, the best and its re-check."""

    tuning: Tuning
    trials: list[TrialResult]
    recheck: Recheck | None
    command: str = ""
    seconds: float = 0.0

    @property
    def complete(self) -> list[TrialResult]:
        return [t for t in self.trials if t.state == "complete" and t.measured]

    @property
    def best(self) -> TrialResult:
        done = self.complete
        if not done:
            raise BadOptions("no trial has played its full -n games yet")
        return min(done, key=lambda t: (t.measured.loss if t.measured else math.inf, t.number))

    @property
    def baseline(self) -> TrialResult | None:
        return next((t for t in self.complete if t.baseline), None)

    def ranked(self) -> list[TrialResult]:
        return sorted(self.complete, key=lambda t: (t.measured.loss if t.measured else 0, t.number))

    def front(self) -> set[int]:
        """Trials no other complete trial beats on every part (the trade-offs)."""
        goal = self.tuning.objective
        losses = {
            t.number: [goal.part_loss(p, t.measured.values[p]) for p in goal.parts]
            for t in self.complete
            if t.measured
        }

        def beaten(a: list[float]) -> bool:
            return any(
                all(x <= y for x, y in zip(b, a, strict=True)) and b != a for b in losses.values()
            )

        return {n for n, v in losses.items() if not beaten(v)}

    def games_played(self) -> int:
        return sum(t.games for t in self.trials) + (
            self.recheck.games * (1 if self.recheck.same else 2) if self.recheck else 0
        )

    def to_json(self) -> dict[str, Any]:
        best = self.best
        return {
            "command": self.command,
            "settings": self.tuning.settings(),
            "study": self.tuning.study_name,
            "objective": self.tuning.objective.describe(),
            "best": {
                "trial": best.number,
                "values": best.values,
                "options": self.tuning.played_options(best.values),
                "measured": best.measured.to_json() if best.measured else None,
            },
            "recheck": self.recheck.to_json() if self.recheck else None,
            "front": sorted(self.front()),
            "trials": [t.to_json() for t in self.trials],
            "games_played": self.games_played(),
            "seconds": round(self.seconds, 1),
        }


def outcome(tuning: Tuning, study: optuna.Study, recheck_games: int, command: str = "") -> Outcome:
    """Read the study back and re-check its best trial on ``recheck_games`` fresh deals."""
    trials = [TrialResult.of(t) for t in study.get_trials(deepcopy=False)]
    out = Outcome(tuning, trials, None, command)
    if recheck_games > 0:
        out.recheck = recheck(tuning, out.best.values, recheck_games)
    return out


def show(name: str, value: float, unit: str = "") -> str:
    """A figure as the report writes it: win rates in %, the objective to 4 decimals."""
    if name in ("fairness", "ladder") or name.startswith("seat "):
        return f"{value * 100:.1f}%"
    if name == "length":
        return f"{value:.1f} {unit}".strip()
    if name == "objective":
        return f"{value:.4f}"
    return f"{value:.4g}"


def show_diff(name: str, value: float) -> str:
    """A difference of a figure: win rates in points."""
    if name in ("fairness", "ladder") or name.startswith("seat "):
        return f"{value * 100:+.1f} pts"
    if name == "objective":
        return f"{value:+.4f}"
    return f"{value:+.4g}"


def write_report(result: Outcome, folder: Path) -> Path:
    """``tune.json`` and ``report.md`` in ``folder``; returns the report's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tune.json").write_text(json.dumps(result.to_json(), indent=1) + "\n")
    path = folder / "report.md"
    path.write_text(markdown(result))
    return path


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def markdown(result: Outcome) -> str:
    """The report: the best setting, the re-check on fresh deals, the trade-offs."""
    t = result.tuning
    goal = t.objective
    unit = goal.length_unit
    game = get_game(t.game_id)
    best = result.best
    states = [s.state for s in result.trials]
    lines = [
        f"# Tuning {game.title}: {goal.describe()}",
        "",
        f"`{result.command}`" if result.command else "",
        "",
        f"{t.players} players, bots {' + '.join(t.bots)}"
        + (
            f", fixed options {', '.join(f'{k}={v}' for k, v in t.options.items())}"
            if t.options
            else ""
        )
        + f", seed {t.seed}. Searched: {', '.join(d.describe() for d in t.space)}.",
        f"Each candidate played {' → '.join(map(str, t.steps))} games (successive halving: "
        "one no better than half of those at the same step stopped there), on the same "
        "deals as every other candidate.",
        f"Trials: {states.count('complete')} played in full, {states.count('pruned')} stopped "
        f"early, {states.count('failed')} failed"
        + (f", {states.count('running')} interrupted" if "running" in states else "")
        + f"; {result.games_played():,} games in all.",
        "",
        f"## The best setting: trial {best.number}",
        "",
    ]
    base = result.baseline
    head = ["option", "best", "default"]
    defaults = t.baseline() or {}
    lines += _table(
        head,
        [
            [d.key, num(best.values[d.key]), num(defaults[d.key]) if d.key in defaults else "-"]
            for d in t.space
        ],
    )
    lines += ["", f"Measured on its {best.games} games (95% bootstrap intervals over deals):", ""]
    rows = []
    for name in [*goal.parts, "objective"]:
        m = best.measured
        assert m is not None
        value = m.loss if name == "objective" else m.values[name]
        lo, hi = m.intervals.get(name, (value, value))
        other = "-"
        if base is not None and base.measured is not None:
            b = base.measured
            other = show(name, b.loss if name == "objective" else b.values[name], unit)
        rows.append(
            [
                name,
                show(name, value, unit),
                f"{show(name, lo, unit)} – {show(name, hi, unit)}",
                other,
            ]
        )
    lines += _table(
        ["part", "best", "95% interval", f"defaults (trial {base.number})" if base else "defaults"],
        rows,
    )
    if "fairness" in goal.parts:
        lines += ["", floor_line(t.players, best.games)]
    if result.recheck is not None:
        lines += ["", *recheck_lines(result.recheck, goal, t.players)]
    lines += ["", "## Trade-offs: the best trials", ""]
    front = result.front()
    head = ["trial", *(d.key for d in t.space), "games", "objective", *goal.parts]
    if len(goal.parts) > 1:
        head.append("on the front")
    table_rows = []
    for trial in result.ranked()[:TOP]:
        m = trial.measured
        assert m is not None
        row = [
            f"{trial.number}" + (" (defaults)" if trial.baseline else ""),
            *(num(trial.values[d.key]) for d in t.space),
            str(m.games),
            f"{m.loss:.4f}",
            *(show(p, m.values[p], unit) for p in goal.parts),
        ]
        if len(goal.parts) > 1:
            row.append("yes" if trial.number in front else "")
        table_rows.append(row)
    lines += _table(head, table_rows)
    if len(goal.parts) > 1:
        lines += [
            "",
            "*On the front*: no other trial is at least as good on every part and "
            "better on one; choosing among them is a matter of weights.",
        ]
    lines += [
        "",
        "A trial's figures come from the searched deals, shared by every candidate; the best "
        "of many trials is flattered by luck, which is what the re-check on fresh deals "
        "measures.",
        "",
    ]
    return "\n".join(lines)


def recheck_lines(check: Recheck, goal: Objective, players: int) -> list[str]:
    unit = goal.length_unit
    lines = [
        f"## Re-check on fresh deals: {check.games} games each, paired",
        "",
    ]
    if check.same:
        lines += ["The best setting is the defaults: played once.", ""]
    names = [*goal.parts, "objective", *(f"seat {s + 1}" for s in range(players))]
    rows = []
    for name in names:
        a = _figure(check.defaults, name, players)
        b = _figure(check.best, name, players)
        diff, lo, hi = check.differences[name]
        sure = "" if lo <= 0 <= hi else " *"
        rows.append(
            [
                name,
                show(name, a, unit),
                show(name, b, unit),
                f"{show_diff(name, diff)} ({show_diff(name, lo)} to {show_diff(name, hi)}){sure}",
            ]
        )
    lines += _table(["figure", "defaults", "best", "best − defaults (95%)"], rows)
    lines += [
        "",
        f"Seats in turn order (seat 1 moved first; fair share {100 / players:.1f}%); "
        f"* : the interval excludes 0. Mean length: defaults {check.defaults.mean_rounds:.1f} "
        f"rounds / {check.defaults.mean_moves:.0f} moves, best {check.best.mean_rounds:.1f} / "
        f"{check.best.mean_moves:.0f}.",
    ]
    if "fairness" in goal.parts:
        lines += ["", floor_line(players, check.games)]
    return lines


def floor_line(players: int, games: int) -> str:
    """How far from fair a perfectly fair table reads at this many games."""
    floor = fair_floor(players, games)
    return (
        f"Noise floor: a perfectly fair table of {players} would read a fairness of about "
        f"{floor:.1%} on {games} games; a setting near it cannot be told from fair there."
    )


def _figure(m: Measured, name: str, players: int) -> float:
    if name == "objective":
        return m.loss
    if name.startswith("seat "):
        return m.seats[int(name.split()[1]) - 1]
    return m.values[name]
