"""A study's report: one self-contained HTML page beside its JSON and CSV files
(:mod:`motherlode.sim.files`), and a compact summary in the terminal.

The HTML holds its plots (:mod:`motherlode.sim.plots`) as base64 PNGs and its style inline,
so the single file can be mailed or archived and opens anywhere, offline.  The plots, and
matplotlib with them, are loaded only when a page is drawn.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table as RichTable

from motherlode.engine import get_game
from motherlode.sim.compare import Dist, Rate, mean_half, rate_half
from motherlode.sim.figures import key_figures
from motherlode.sim.files import write_tables
from motherlode.sim.study import Study

if TYPE_CHECKING:
    from matplotlib.figure import Figure

console = Console()


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _rate_pm(rate: Rate) -> str:
    return f"{rate.rate:.1%} ±{rate_half(rate):.1%}"


def _rate_ci(rate: Rate) -> str:
    return f"{rate.rate:.1%} ({rate.interval[0]:.1%}–{rate.interval[1]:.1%})"


def _mean_pm(dist: Dist) -> str:
    return f"{dist.mean:.1f} ±{mean_half(dist):.1f}"


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
    half = max(rate_half(r) for s in study.summaries for r in s.seats)
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


# -------------------------------------------------------------------------- page


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
    from motherlode.sim import plots as draw  # matplotlib, loaded only when a page is drawn

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
            f"<b>{k}</b>: {html.escape(v)}" for k, v in key_figures(study.plan.game).items()
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
        ("Seat advantage by player count", draw.plot_seat_lines(study)),
        ("Win rate by seat, every cell", draw.plot_seat_heatmap(study)),
        ("Effect of each factor", draw.plot_effects(study)),
        ("Game length", draw.plot_lengths(study)),
        ("Scores and margins", draw.plot_scores(study)),
        ("How games ended", draw.plot_ends(study)),
        ("Key figures", draw.plot_figures(study)),
    ]
    for title, fig in plots:
        if fig is not None:
            name = html.escape(title)
            source = f"data:image/png;base64,{draw.png_base64(fig)}"
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


def write_report(study: Study, folder: Path, command: str | None = None) -> Path:
    """report.html, study.json and the CSV files in ``folder``; returns the page's path."""
    write_tables(study, folder)
    page = folder / "report.html"
    page.write_text(render_html(study, command))
    return page
