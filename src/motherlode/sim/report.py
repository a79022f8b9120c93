"""A study's report: one self-contained HTML page, JSON and CSV of every figure, and a
compact summary in the terminal.

The HTML holds its plots as base64 PNGs and its style inline, so the single file can be
mailed or archived and opens anywhere, offline.  ``study.json`` holds everything (plan,
every cell's figures, every comparison, every game); the CSV files hold the same figures
as flat tables for spreadsheets: ``cells.csv`` (one row per cell), ``seats.csv``,
``bots.csv``, ``distributions.csv`` (scores, margin, length and key figures),
``ends.csv``, ``comparisons.csv`` and ``games.csv``.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from rich.console import Console
from rich.table import Table as RichTable

from motherlode.engine import get_game
from motherlode.sim.study import CellSummary, Dist, Effect, GameRow, Rate, Study

console = Console()
MAX_LINES = 8
"""Seat-advantage lines drawn in one panel; with more cells a panel is not drawn (the
heat map shows every cell)."""


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _rate_half(rate: Rate) -> float:
    """The half-width of a win rate's 95% Wilson interval."""
    low, high = rate.interval
    return (high - low) / 2


def _mean_half(dist: Dist) -> float:
    """The half-width of the 95% interval of a mean (normal approximation)."""
    return 1.96 * dist.sd / math.sqrt(max(1, dist.n))


def _rate_pm(rate: Rate) -> str:
    return f"{rate.rate:.1%} ±{_rate_half(rate):.1%}"


def _rate_ci(rate: Rate) -> str:
    return f"{rate.rate:.1%} ({rate.interval[0]:.1%}–{rate.interval[1]:.1%})"


def _mean_pm(dist: Dist) -> str:
    return f"{dist.mean:.1f} ±{_mean_half(dist):.1f}"


def _ended(ends: dict[str, int], games: int) -> str:
    """How games ended: each way with its share of the games."""
    return ", ".join(f"{k} {v / games:.0%}" for k, v in ends.items())


def _num(x: float) -> str:
    return f"{x:,.1f}" if abs(x) < 1e5 else f"{x:,.0f}"


# --------------------------------------------------------------------- terminal


def print_summary(study: Study, out: Console) -> None:
    """One row per cell, then the significant differences between cells."""
    game = get_game(study.plan.game)
    plan = study.plan
    table = RichTable(
        title=f"{game.title} study: {len(plan.cells)} cells × {plan.games} games, seed {plan.seed}"
    )
    reasons = {r for s in study.summaries for r in s.ends}
    columns = ["cell", "win rate by seat", "seats equal? p", "turns", "rounds", "margin"]
    if len(reasons) > 1:
        columns.append("ended")
    for col in columns:
        table.add_column(col, justify="left" if col in ("cell", "ended") else "right")
    for s in study.summaries:
        row = [
            s.cell.label,
            " ".join(f"{r.rate:.0%}" for r in s.seats),
            f"{s.chi_square_p:.2g}",
            f"{s.turns.mean:.1f}",
            f"{s.rounds.mean:.1f}",
            _num(s.margin.mean),
        ]
        if len(reasons) > 1:
            row.append(_ended(s.ends, s.games))
        table.add_row(*row)
    out.print(table)
    if len(reasons) == 1:
        out.print(f"every game ended: {reasons.pop()}")
    half = max(_rate_half(r) for s in study.summaries for r in s.seats)
    out.print(f"win rates within ±{half:.1%} at most (95% Wilson intervals)")
    significant = sorted((c for c in study.comparisons if c.significant), key=lambda c: c.p_holm)
    if not study.comparisons:
        return
    out.print(
        f"{len(significant)} of {len(study.comparisons)} comparisons between cells are "
        "significant (Holm-adjusted p < 0.05)"
    )
    cells = plan.cells
    for c in significant[:12]:
        out.print(
            f"  {c.metric}: {cells[c.a].label} {_fmt(c.metric, c.value_a)} → "
            f"{cells[c.b].label} {_fmt(c.metric, c.value_b)} (p {c.p_holm:.2g})"
        )
    if len(significant) > 12:
        out.print(f"  … and {len(significant) - 12} more in comparisons.csv")


def _fmt(metric: str, value: float) -> str:
    return _pct(value) if "rate" in metric else _num(value)


# ------------------------------------------------------------------------- plots


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plot_seat_heatmap(study: Study) -> Figure:
    """Win rate by seat minus the fair share (1 / players), every cell a row."""
    summaries = study.summaries
    seats = max(s.cell.players for s in summaries)
    fig = _figure(1.6 + 1.0 * seats, 1.2 + 0.32 * len(summaries))
    ax = fig.add_subplot()
    grid = [
        [
            s.seats[k].rate - 1 / s.cell.players if k < s.cell.players else math.nan
            for k in range(seats)
        ]
        for s in summaries
    ]
    span = max([0.05, *(abs(v) for row in grid for v in row if not math.isnan(v))])
    image = ax.imshow(grid, cmap="RdBu_r", vmin=-span, vmax=span, aspect="auto")
    for i, s in enumerate(summaries):
        for k in range(s.cell.players):
            ax.text(k, i, f"{s.seats[k].rate:.0%}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(seats), [f"seat {k + 1}" for k in range(seats)])
    ax.set_yticks(range(len(summaries)), [s.cell.label for s in summaries], fontsize=8)
    ax.set_title("win rate by seat (colour: minus the fair share 1/players)", fontsize=10)
    fig.colorbar(image, ax=ax, shrink=0.8, format=lambda x, _: f"{x:+.0%}")
    return fig


def plot_seat_lines(study: Study) -> Figure | None:
    """Seat advantage by player count: win rate per seat with 95% intervals, a panel per
    player count, a line per cell; None when a panel would hold too many lines."""
    counts = sorted({s.cell.players for s in study.summaries})
    groups = [[s for s in study.summaries if s.cell.players == k] for k in counts]
    if max(len(g) for g in groups) > MAX_LINES:
        return None
    # one scale for every panel, centred on each fair share, so that panels compare
    span = 1.1 * max(
        abs(bound - 1 / s.cell.players)
        for s in study.summaries
        for r in s.seats
        for bound in r.interval
    )
    fig = _figure(4.0 * len(counts), 3.6)
    axes = fig.subplots(1, len(counts), squeeze=False)[0]
    for ax, count, group in zip(axes, counts, groups, strict=True):
        ax.set_ylim(max(0.0, 1 / count - span), min(1.0, 1 / count + span))
        xs = list(range(1, count + 1))
        for j, s in enumerate(group):
            shift = (j - (len(group) - 1) / 2) * 0.08
            ys = [r.rate for r in s.seats]
            low = [r.rate - r.interval[0] for r in s.seats]
            high = [r.interval[1] - r.rate for r in s.seats]
            ax.errorbar(
                [x + shift for x in xs],
                ys,
                yerr=[low, high],
                marker="o",
                capsize=3,
                label=s.cell.label,
            )
        ax.axhline(1 / count, color="#888888", linestyle="--", linewidth=1)
        ax.set_xticks(xs)
        ax.set_xlabel("seat (1 plays first)")
        ax.set_title(f"{count} players", fontsize=10)
        if len(group) > 1:
            ax.legend(fontsize=7)
    axes[0].set_ylabel("win rate (95% Wilson CI)")
    return fig


def plot_lengths(study: Study) -> Figure:
    """Distributions of game length: turns and decisions, a box per cell."""
    summaries = study.summaries
    fig = _figure(11, 1.4 + 0.34 * len(summaries))
    axes = fig.subplots(1, 2, squeeze=False)[0]
    labels = [s.cell.label for s in summaries]
    measures: list[tuple[str, Callable[[GameRow], float]]] = [
        ("turns", lambda r: float(r.turns)),
        ("decisions", lambda r: float(r.decisions)),
    ]
    for ax, (name, read) in zip(axes, measures, strict=True):
        data = [[read(r) for r in study.rows_of(s.cell)] for s in summaries]
        ax.boxplot(data, orientation="horizontal", tick_labels=labels, showfliers=False)
        ax.invert_yaxis()
        ax.set_xlabel(f"{name} per game (box: quartiles; whiskers: 1.5 IQR)")
        ax.tick_params(axis="y", labelsize=8)
    return fig


def plot_effects(study: Study) -> Figure | None:
    """Per-option effects: the first player's advantage, turns and margin against each
    factor's values, pooled over the other factors (95% intervals)."""
    effects = study.effects
    if not effects:
        return None
    factors = list(dict.fromkeys(e.factor for e in effects))
    metrics: list[tuple[str, Callable[[Effect], tuple[float, float]]]] = [
        (
            "first player's win rate − fair share",
            lambda e: (e.first_player.rate - e.fair_share, _rate_half(e.first_player)),
        ),
        ("turns", lambda e: (e.turns.mean, _mean_half(e.turns))),
        ("margin", lambda e: (e.margin.mean, _mean_half(e.margin))),
    ]
    fig = _figure(12, 2.8 * len(factors))
    axes = fig.subplots(len(factors), len(metrics), squeeze=False)
    for row, name in enumerate(factors):
        group = [e for e in effects if e.factor == name]
        for col, (metric, read) in enumerate(metrics):
            ax = axes[row][col]
            points = [read(e) for e in group]
            ax.errorbar(
                range(len(group)),
                [y for y, _ in points],
                yerr=[err for _, err in points],
                marker="o",
                capsize=4,
            )
            ax.set_xticks(range(len(group)), [e.value for e in group], fontsize=8)
            ax.set_xlabel(name)
            if col == 0:
                ax.axhline(0, color="#888888", linestyle="--", linewidth=1)
            ax.set_title(metric, fontsize=9)
    return fig


def plot_ends(study: Study) -> Figure:
    """How games ended: shares of each end reason, a bar per cell."""
    summaries = study.summaries
    reasons = list(dict.fromkeys(r for s in summaries for r in s.ends))
    fig = _figure(10, 1.4 + 0.32 * len(summaries))
    ax = fig.add_subplot()
    left = [0.0] * len(summaries)
    for reason in reasons:
        shares = [s.ends.get(reason, 0) / s.games for s in summaries]
        ax.barh(range(len(summaries)), shares, left=left, label=reason)
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_yticks(range(len(summaries)), [s.cell.label for s in summaries], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.legend(fontsize=8, loc="lower right")
    return fig


def plot_scores(study: Study) -> Figure:
    """Score distribution (all seats) and margin of victory, a box per cell."""
    summaries = study.summaries
    fig = _figure(11, 1.4 + 0.34 * len(summaries))
    axes = fig.subplots(1, 2, squeeze=False)[0]
    labels = [s.cell.label for s in summaries]
    scores = [[x for r in study.rows_of(s.cell) for x in r.scores] for s in summaries]
    margins = [[r.margin for r in study.rows_of(s.cell)] for s in summaries]
    for ax, data, name in (
        (axes[0], scores, "final score, every seat"),
        (axes[1], margins, "margin of victory"),
    ):
        ax.boxplot(data, orientation="horizontal", tick_labels=labels, showfliers=False)
        ax.invert_yaxis()
        ax.set_xlabel(name)
        ax.tick_params(axis="y", labelsize=8)
    return fig


def plot_figures(study: Study) -> Figure | None:
    """The game's key figures: mean per cell with 95% intervals, a panel per figure."""
    names = study.figure_names
    if not names:
        return None
    summaries = study.summaries
    cols = min(3, len(names))
    rows = math.ceil(len(names) / cols)
    fig = _figure(4.2 * cols, (1.0 + 0.28 * len(summaries)) * rows)
    axes = fig.subplots(rows, cols, squeeze=False)
    for i, name in enumerate(names):
        ax = axes[i // cols][i % cols]
        dists = [s.figures[name] for s in summaries]
        ys = range(len(summaries))
        errs = [_mean_half(d) for d in dists]
        ax.errorbar([d.mean for d in dists], ys, xerr=errs, fmt="o", capsize=3)
        ax.set_yticks(ys, [s.cell.label for s in summaries] if i % cols == 0 else [], fontsize=8)
        ax.invert_yaxis()
        ax.set_title(name.replace("_", " "), fontsize=9)
    for j in range(len(names), rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    return fig


# -------------------------------------------------------------------------- files


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


def _write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def write_tables(study: Study, folder: Path) -> None:
    """study.json and the CSV files (see the module docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "study.json").write_text(json.dumps(study.to_json(), indent=1) + "\n")
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
    _write_csv(
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
    _write_csv(
        folder / "seats.csv",
        [*head, "counted", "seat", "wins", "win_rate", "ci95_low", "ci95_high"],
        [
            [*ident(s), counted, k + 1, r.wins, r.rate, *r.interval]
            for s in study.summaries
            for counted, rates in (("in turn order", s.seats), ("as dealt", s.dealt))
            for k, r in enumerate(rates)
        ],
    )
    _write_csv(
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
    _write_csv(
        folder / "distributions.csv",
        [*head, "measure", *fields],
        [
            [*ident(s), name, *(getattr(d, f) for f in fields)]
            for s in study.summaries
            for name, d in _dist_rows(s)
        ],
    )
    _write_csv(
        folder / "ends.csv",
        [*head, "end", "games_ended", "share"],
        [[*ident(s), end, k, k / s.games] for s in study.summaries for end, k in s.ends.items()],
    )
    _write_csv(
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
    _write_csv(
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
    _write_csv(
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


STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:1200px;
color:#222;padding:0 1em}
h1{color:#7a5c00}h2{border-bottom:2px solid #d4a017;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;font-size:.85em;margin:.6em 0}
th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right}
th{background:#f6f0dc}td.l,th.l{text-align:left}
tr.sig td{background:#fff4d6}img{max-width:100%;border:1px solid #eee;margin:.5em 0}
.note{color:#555;font-size:.9em}code{background:#f3f3f3;padding:0 .3em}
"""


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, classes: Sequence[str] = ()
) -> str:
    th = "".join(
        f"<th{' class=l' if i < left else ''}>{html.escape(h)}</th>" for i, h in enumerate(header)
    )
    body = []
    for j, row in enumerate(rows):
        cls = f" class={classes[j]}" if j < len(classes) and classes[j] else ""
        tds = "".join(
            f"<td{' class=l' if i < left else ''}>{html.escape(v)}</td>" for i, v in enumerate(row)
        )
        body.append(f"<tr{cls}>{tds}</tr>")
    return f"<table><tr>{th}</tr>{''.join(body)}</table>"


def render_html(study: Study, command: str | None = None) -> str:
    """The report page, plots embedded."""
    plan = study.plan
    game = get_game(plan.game)
    summaries = study.summaries
    fixed = ", ".join(f"{k}={v}" for k, v in plan.options.items()) or "the rulebook defaults"
    varied = "; ".join(f"{k} = {', '.join(v)}" for k, v in plan.vary.items()) or "nothing"
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>{html.escape(game.title)} study</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game.title)}: balance study</h1>",
        f"<p>{len(plan.cells)} cells × {plan.games} games = {plan.total:,} games, seed {plan.seed}."
        f" Fixed options: {html.escape(fixed)}. Varied: {html.escape(varied)}.</p>",
    ]
    if command:
        parts.append(f"<p>Command: <code>{html.escape(command)}</code></p>")
    parts.append(
        "<p class=note>Seat 1 is the player who moved first, seat 2 the next in turn order, "
        "and so on. Win rates count a shared win as 1/k to each of k winners; intervals are "
        "95% Wilson intervals. “Seats equal? p” is Pearson's chi-square test that every seat "
        "wins equally often (a small p: the seat matters). A turn is a change of the player "
        "whose turn it is (Goodwill: a year), a round every player's turn, a decision any "
        "move by any seat; the margin is the winner's score minus the best other score.</p>"
    )
    parts.append("<h2>Cells</h2>")
    top = max(s.cell.players for s in summaries)
    rows = []
    for s in summaries:
        seats = [_rate_ci(r) for r in s.seats] + [""] * (top - len(s.seats))
        rows.append(
            [
                s.cell.label,
                f"{s.games}",
                *seats,
                f"{s.chi_square_p:.3g}",
                f"{s.turns.mean:.1f}",
                f"{s.rounds.mean:.1f}",
                f"{s.decisions.mean:.0f}",
                _num(s.scores.mean),
                _num(s.margin.mean),
            ]
        )
    parts.append(
        _table(
            [
                "cell",
                "games",
                *(f"seat {k + 1} wins" for k in range(top)),
                "seats equal? p",
                "turns",
                "rounds",
                "decisions",
                "mean score",
                "mean margin",
            ],
            rows,
        )
    )
    if any(r.first for r in study.rows):
        parts.append(
            "<h2>Win rate by seat number as dealt</h2><p class=note>This game draws its first "
            "player, so the seats above are counted from whoever moved first; here they are "
            "the seat numbers the deal gave (a seat with a fixed role, such as a Minister AI "
            "player, shows here).</p>"
        )
        parts.append(
            _table(
                ["cell", *(f"seat {k + 1} wins" for k in range(top))],
                [
                    [s.cell.label, *map(_rate_ci, s.dealt), *[""] * (top - len(s.dealt))]
                    for s in summaries
                ],
            )
        )
    if any(s.bots for s in summaries):
        parts.append("<h2>Win rate by bot</h2>")
        parts.append(
            _table(
                ["cell", "bot", "games", "seats held", "win rate", "95% CI", "fair share"],
                [
                    [
                        s.cell.label,
                        b.bot,
                        str(b.rate.games),
                        str(b.seats),
                        _pct(b.rate.rate),
                        f"{b.rate.interval[0]:.1%}–{b.rate.interval[1]:.1%}",
                        _pct(b.fair_share),
                    ]
                    for s in summaries
                    for b in s.bots
                ],
                left=2,
            )
        )
    parts.append("<h2>How games ended</h2>")
    reasons = list(dict.fromkeys(r for s in summaries for r in s.ends))
    parts.append(
        _table(
            ["cell", *reasons],
            [
                [s.cell.label, *(_pct(s.ends.get(r, 0) / s.games) for r in reasons)]
                for s in summaries
            ],
        )
    )
    names = study.figure_names
    if names:
        described = "; ".join(
            f"<b>{k}</b>: {html.escape(v)}" for k, v in study_key_figures(study).items()
        )
        parts.append(f"<h2>Key figures (mean per game)</h2><p class=note>{described}.</p>")
        parts.append(
            _table(
                ["cell", *names],
                [[s.cell.label, *(_num(s.figures[k].mean) for k in names)] for s in summaries],
            )
        )
    if study.effects:
        parts.append(
            "<h2>Effect of each factor</h2><p class=note>Each value of each factor that "
            "varies, over all the games played at that value (pooled over the other factors); "
            "± is the 95% interval.</p>"
        )
        parts.append(
            _table(
                [
                    "factor",
                    "value",
                    "games",
                    "first player wins",
                    "fair share",
                    "turns",
                    "decisions",
                    "margin",
                    *names,
                    "ended",
                ],
                [
                    [
                        e.factor,
                        e.value,
                        str(e.games),
                        _rate_pm(e.first_player),
                        _pct(e.fair_share),
                        _mean_pm(e.turns),
                        f"{e.decisions.mean:.0f}",
                        _num(e.margin.mean),
                        *(_num(e.figures[k].mean) for k in names),
                        _ended(e.ends, e.games),
                    ]
                    for e in study.effects
                ],
                left=2,
            )
        )
    parts.append("<h2>Plots</h2>")
    plots: list[tuple[str, Figure | None]] = [
        ("Seat advantage by player count", plot_seat_lines(study)),
        ("Win rate by seat, every cell", plot_seat_heatmap(study)),
        ("Effect of each factor", plot_effects(study)),
        ("Game length", plot_lengths(study)),
        ("Scores and margins", plot_scores(study)),
        ("How games ended", plot_ends(study)),
        ("Key figures", plot_figures(study)),
    ]
    for title, fig in plots:
        if fig is not None:
            name = html.escape(title)
            source = f"data:image/png;base64,{_png(fig)}"
            parts.append(f"<h3>{name}</h3><img alt='{name}' src='{source}'>")
    comparisons = study.comparisons
    if comparisons:
        significant = sorted((c for c in comparisons if c.significant), key=lambda c: c.p_holm)
        parts.append(
            f"<h2>Differences between cells</h2><p class=note>{len(comparisons)} comparisons of "
            "cells that differ in one factor; p-values adjusted together by Holm's method. "
            f"{len(significant)} are significant at 5% (listed; all are in comparisons.csv).</p>"
        )
        labels = [c.label for c in plan.cells]
        parts.append(
            _table(
                ["metric", "cell a", "cell b", "a", "b", "difference", "p (Holm)"],
                [
                    [
                        c.metric,
                        labels[c.a],
                        labels[c.b],
                        _fmt(c.metric, c.value_a),
                        _fmt(c.metric, c.value_b),
                        _fmt(c.metric, c.difference),
                        f"{c.p_holm:.2g}",
                    ]
                    for c in significant[:200]
                ],
                left=3,
            )
        )
    parts.append(
        "<p class=note>Every figure is also in study.json and the CSV files beside this page.</p>"
        "</body></html>"
    )
    return "\n".join(parts)


def study_key_figures(study: Study) -> dict[str, str]:
    from motherlode.sim.figures import key_figures

    return key_figures(study.plan.game)


def write_report(study: Study, folder: Path, command: str | None = None) -> Path:
    """report.html, study.json and the CSV files in ``folder``; returns the page's path."""
    write_tables(study, folder)
    page = folder / "report.html"
    page.write_text(render_html(study, command))
    return page
