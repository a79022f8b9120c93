"""A study's report: one self-contained HTML page beside its JSON and CSV files
(:mod:`motherlode.sim.files`), and a compact summary in the terminal.

The HTML holds its plots (:mod:`motherlode.sim.plots`) as base64 PNGs and its style inline,
so the single file can be mailed or archived and opens anywhere, offline.  The plots, and
matplotlib with them, are loaded only when a page is drawn.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table as RichTable

from motherlode.engine import get_game
from motherlode.sim.compare import (
    Dist,
    MainEffect,
    Rate,
    by_interest,
    factor_rank,
    mean_half,
    rate_half,
)
from motherlode.sim.differences import PAIRED, seat_detectable
from motherlode.sim.figures import key_figures
from motherlode.sim.files import write_tables
from motherlode.sim.runs import RunComparison
from motherlode.sim.runs import by_interest as by_run_interest
from motherlode.sim.stats import format_p
from motherlode.sim.study import Study

if TYPE_CHECKING:
    from matplotlib.figure import Figure


class ResultsConsole(Console):
    """Standard output for results.  Where it is a pipe closed early (``| head``), rich
    would end the program at once with status 1 and no word; here the caller gets the
    ``BrokenPipeError`` and says where the results are (they are written first)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


console: Console = ResultsConsole()


def plural(count: int, word: str) -> str:
    """'1 cell', '2 cells'."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _rate_pm(rate: Rate) -> str:
    return f"{rate.rate:.1%} ±{rate_half(rate):.1%}"


def _rate_ci(rate: Rate) -> str:
    """'37.5% (24.2%–53.0%)', the interval kept whole on a line (a word joiner after the
    dash)."""
    return f"{rate.rate:.1%} ({rate.interval[0]:.1%}–\u2060{rate.interval[1]:.1%})"


def _mean_pm(dist: Dist) -> str:
    return f"{dist.mean:.1f} ±{mean_half(dist):.1f}"


def _ended(ends: dict[str, int], games: int) -> str:
    """How games ended: each way with its share of the games."""
    return ", ".join(f"{k} {v / games:.0%}" for k, v in ends.items())


def _num(x: float) -> str:
    return f"{x:,.1f}" if abs(x) < 1e5 else f"{x:,.0f}"


NBSP = "\u00a0"
"""Keeps a number with its unit, and an interval whole, on one line."""


def _is_rate(metric: str) -> bool:
    return "win rate" in metric


def _fmt(metric: str, value: float) -> str:
    return _pct(value) if _is_rate(metric) else _num(value)


def _signed(metric: str, x: float) -> str:
    """A difference: percentage points for a win rate, the measure's unit otherwise."""
    if not math.isfinite(x):
        return "–"
    if _is_rate(metric):
        return f"{100 * x:+.1f}{NBSP}pts"
    return f"{x:+,.1f}" if abs(x) < 1e5 else f"{x:+,.0f}"


def _interval(metric: str, low: float, high: float) -> str:
    """A 95% interval of a difference, in the difference's unit."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "too few games"
    unit = f"{NBSP}pts" if _is_rate(metric) else ""
    return f"{_signed(metric, low).removesuffix(unit)}{NBSP}to{NBSP}{_signed(metric, high)}"


def _detect(metric: str, mde: float) -> str:
    """The smallest effect the comparison could detect."""
    if not math.isfinite(mde):
        return "–"
    return f"±{100 * mde:.1f}{NBSP}pts" if _is_rate(metric) else f"±{_num(mde)}"


def _p(p: float) -> str:
    """A p-value in a table cell: two digits, ``< 1e-12`` below that (never 0)."""
    return format_p(p).removeprefix("p ")


def _title(study: Study) -> str:
    plan = study.plan
    game = get_game(plan.game)
    head = (
        f"{game.title} study: {plural(len(plan.cells), 'cell')} × "
        f"{plural(plan.games, 'game')}, seed {plan.seed}"
    )
    if not study.complete:
        head += f" (interrupted: {len(study.rows):,} games played)"
    return head


def _main_rows(study: Study, terminal: bool) -> list[MainEffect]:
    """The main effects by interest.  On the page: seat fairness, then margin, length, key
    figures and decisions, the varied options before the seating and the player count.
    In the terminal, grouped by factor value: its seat fairness, margin and length."""
    plan = study.plan
    if terminal:
        chosen = [m for m in study.main_effects if m.rank <= 2]
        return sorted(chosen, key=lambda m: factor_rank(plan, m.factor))  # stable: by value
    return sorted(study.main_effects, key=lambda m: (m.rank, factor_rank(plan, m.factor)))


def _effect_name(m: MainEffect) -> str:
    return f"{m.factor} {m.value or '(default)'} vs {m.baseline or '(default)'}"


def _tests_line(methods: set[str]) -> str:
    """Which tests compared the games."""
    said = f"tests: {', '.join(sorted(methods))}"
    if PAIRED in methods:
        said += " (paired: on each deal's difference, the cells having played the same deals)"
    return said + "; detectable: the smallest effect found with 80% power at 5%"


def _seat_detect_line(study: Study) -> str:
    """How far a seat must be from its fair share for a cell's games to show it."""
    counts = sorted({s.cell.players for s in study.summaries})
    games = min(s.games for s in study.summaries)
    parts = [f"{100 * seat_detectable(k, games):.1f} points at {k} players" for k in counts]
    return (
        f"with {plural(games, 'game')} a cell, a seat's win rate must be {', '.join(parts)} "
        "from its fair share to be detected (80% power, 5% two-sided)"
    )


# --------------------------------------------------------------------- terminal


def print_summary(study: Study, out: Console) -> None:
    """One row per cell, the main effects (significant or not, with their intervals and
    what the sample could detect), then the significant differences between cells, the
    most interesting first."""
    plan = study.plan
    table = RichTable(title=_title(study))
    reasons = {r for s in study.summaries for r in s.ends}
    columns = ["cell", "win rate by seat", "seats equal? p", "turns", "rounds", "margin"]
    if len(reasons) > 1:
        columns.append("ended")
    for col in columns:
        if col == "cell":  # never cut: two cells must not print the same label
            table.add_column(col, overflow="fold", min_width=12)
        else:
            table.add_column(col, justify="left" if col == "ended" else "right")
    for s in study.summaries:
        row = [
            s.cell.label,
            " ".join(f"{r.rate:.0%}" for r in s.seats),
            _p(s.chi_square_p),
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
    out.print(
        f"win rates within ±{half:.1%} at most (95% Wilson intervals); {_seat_detect_line(study)}"
    )
    main = _main_rows(study, terminal=True)
    if main:
        effects = RichTable(
            title="Main effects: each value against the factor's first, other factors held "
            "(significant or not)"
        )
        for col in ("effect", "metric", "from → to", "change", "95% CI", "p (Holm)", "detectable"):
            fixed = col in ("change", "p (Holm)", "detectable")  # short: never wrapped
            effects.add_column(
                col,
                overflow="fold",
                no_wrap=fixed,
                justify="left" if col in ("effect", "metric") else "right",
            )
        shown = ""
        for m in main:
            d = m.difference
            name = _effect_name(m)
            effects.add_row(
                "" if name == shown else name,
                m.metric,
                f"{_fmt(m.metric, d.mean_a)} → {_fmt(m.metric, d.mean_b)}",
                _signed(m.metric, d.estimate),
                _interval(m.metric, d.low, d.high),
                _p(m.p_holm),
                _detect(m.metric, d.mde),
                end_section=m is main[-1] or _effect_name(main[main.index(m) + 1]) != name,
            )
            shown = name
        out.print(effects)
        out.print(_tests_line({m.difference.method for m in study.main_effects}))
    if not study.comparisons:
        return
    significant = [c for c in by_interest(plan, study.comparisons) if c.significant]
    out.print(
        f"{len(significant)} of {len(study.comparisons)} comparisons between cells are "
        "significant (Holm-adjusted p < 0.05)"
        + ("; the most interesting first:" if significant else ".")
    )
    cells = plan.cells
    for c in significant[:12]:
        out.print(
            f"  {c.metric}: {cells[c.a].label} {_fmt(c.metric, c.value_a)} → "
            f"{cells[c.b].label} {_fmt(c.metric, c.value_b)}, "
            f"{_signed(c.metric, c.difference)} ({_interval(c.metric, c.low, c.high)}), "
            f"{format_p(c.p_holm)} (Holm)",
            soft_wrap=True,
        )
    if len(significant) > 12:
        out.print(f"  … and {len(significant) - 12} more")
    out.print(
        "every comparison, significant or not, with its interval: report.html, comparisons.csv"
    )


def print_run_comparison(result: RunComparison, out: Console, name_a: str, name_b: str) -> None:
    """Run B against run A: what differs in their setups, the runs overall (every matched
    cell pooled), then each matched cell, the most interesting metrics first; significant
    or not, each with its 95% interval."""
    a, b = result.a, result.b
    game = get_game(a.plan.game)
    out.print(
        f"{game.title}: {name_b} ({plural(len(b.plan.cells), 'cell')} × "
        f"{plural(b.plan.games, 'game')}) against {name_a} "
        f"({plural(len(a.plan.cells), 'cell')} × {plural(a.plan.games, 'game')})",
        soft_wrap=True,
    )
    for line in result.setup or ["the same setup (version, options, components, seed)"]:
        out.print(f"  {line}", soft_wrap=True)
    labels_a = [c.label for c in a.plan.cells]
    labels_b = [c.label for c in b.plan.cells]
    table = RichTable(title="B against A (95% intervals; p adjusted by Holm's method)")
    for col in ("cells", "metric", "A → B", "change", "95% CI", "p (Holm)", "test"):
        table.add_column(
            col,
            overflow="fold",
            no_wrap=col in ("change", "p (Holm)"),
            justify="left" if col in ("cells", "metric", "test") else "right",
        )
    rows = [*by_run_interest(result.overall), *by_run_interest(result.cells)]
    for c in rows:
        if c.a < 0:
            where = "all cells"
        elif labels_a[c.a] == labels_b[c.b]:
            where = labels_a[c.a]
        else:
            where = f"{labels_a[c.a]} → {labels_b[c.b]}"
        table.add_row(
            where,
            c.metric,
            f"{_fmt(c.metric, c.value_a)} → {_fmt(c.metric, c.value_b)}",
            _signed(c.metric, c.difference),
            _interval(c.metric, c.low, c.high),
            _p(c.p_holm),
            f"{c.method}{' *' if c.significant else ''}",
        )
    out.print(table)
    significant = sum(c.significant for c in result.cells)
    out.print(
        f"{significant} of {len(result.cells)} comparisons of matched cells are significant "
        "(Holm-adjusted p < 0.05, marked *); paired where the runs dealt the same games"
    )


# -------------------------------------------------------------------------- page


STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:1200px;
color:#222;padding:0 1em}
h1{color:#7a5c00}h2{border-bottom:2px solid #d4a017;padding-bottom:.2em;margin-top:1.6em}
.wide{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.85em;margin:.6em 0}
th,td{border:1px solid #ddd;padding:.25em .5em;text-align:right}
th{background:#f6f0dc}td.l,th.l{text-align:left}td.l{overflow-wrap:break-word;min-width:6em}
tr.sig td{background:#fff4d6}img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0}
.note{color:#555;font-size:.9em}code{background:#f3f3f3;padding:0 .3em;overflow-wrap:anywhere}
"""

MAX_ROWS = 500
"""Comparisons listed on the page at most (every one is in comparisons.csv)."""


def _table(
    header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, classes: Sequence[str] = ()
) -> str:
    """A table in a box that scrolls sideways on a narrow screen (the page never does)."""
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
    return f"<div class=wide><table><tr>{th}</tr>{''.join(body)}</table></div>"


def _sources(study: Study) -> str:
    """What the study played with: the version, the data files' and components' hashes."""
    src = study.sources
    if not src:
        return ""
    parts = [f"motherlode {html.escape(str(src.get('motherlode', '?')))}"]
    data = src.get("game_data") or {}
    if data.get("sha256"):
        parts.append(f"the game's data files (sha256 {data['sha256'][:12]}…)")
    for value, record in (src.get("components") or {}).items():
        files = ", ".join(record.get("files", {})) or "missing"
        parts.append(
            f"components <code>{html.escape(value)}</code> ({html.escape(files)}; "
            f"sha256 {str(record.get('sha256', ''))[:12]}…)"
        )
    return (
        f"<p class=note>Played with {'; '.join(parts)}. study.json holds every file's text: "
        "<code>motherlode study --rerun study.json</code> plays the study again.</p>"
    )


def _detect_section(study: Study) -> str:
    """How large an effect the study's sample could detect."""
    lines = [f"<li>{html.escape(_seat_detect_line(study))}.</li>"]
    plan = study.plan
    factors = list(dict.fromkeys(m.factor for m in study.main_effects))
    for factor in sorted(factors, key=lambda f: factor_rank(plan, f)):
        found = [m for m in study.main_effects if m.factor == factor and m.rank <= 2]
        if not found:
            continue
        worst: dict[str, float] = {}
        for m in found:
            worst[m.metric] = max(worst.get(m.metric, 0.0), m.difference.mde)
        said = ", ".join(f"{metric} {_detect(metric, x)}" for metric, x in worst.items())
        how = sorted({m.difference.method for m in found})
        lines.append(
            f"<li>a change of <b>{html.escape(factor)}</b> ({html.escape(', '.join(how))}): "
            f"{html.escape(said)}.</li>"
        )
    return (
        "<h2>What this study can detect</h2><p class=note>The smallest true effect each "
        "test would find four times out of five (80% power, 5% two-sided, before Holm's "
        "correction); a smaller effect may be there unseen. More games a cell shrink it "
        "as 1/√games.</p><ul>" + "".join(lines) + "</ul>"
    )


def _main_effects_table(rows: Sequence[MainEffect]) -> str:
    return _table(
        [
            "effect",
            "metric",
            "from",
            "to",
            "difference",
            "95% CI",
            "p",
            "p (Holm)",
            "could detect",
            "games compared",
        ],
        [
            [
                _effect_name(m),
                m.metric,
                _fmt(m.metric, m.difference.mean_a),
                _fmt(m.metric, m.difference.mean_b),
                _signed(m.metric, m.difference.estimate),
                _interval(m.metric, m.difference.low, m.difference.high),
                _p(m.difference.p),
                _p(m.p_holm),
                _detect(m.metric, m.difference.mde),
                f"{m.difference.method}, {m.difference.n:,}",
            ]
            for m in rows
        ],
        left=2,
        classes=["sig" if m.significant else "" for m in rows],
    )


def _main_effects_section(study: Study) -> str:
    """The main effects on seat fairness, the margin and the length."""
    rows = [m for m in _main_rows(study, terminal=False) if m.rank <= 2]
    if not rows:
        return ""
    return (
        "<h2>Main effects</h2><p class=note>Each value of each factor against the factor's "
        "first value, every other factor held: the games of every pair of cells that differ "
        "in that factor only, pooled. Seat fairness first, then the margin and the length, "
        "then the key figures and the decisions; significant or not (highlighted: Holm-"
        "adjusted p &lt; 0.05 over the main effects). <i>paired</i>: the cells played the "
        "same deals, and the test is on each deal's difference (the count is of deals); "
        "otherwise Welch's test or, for a win rate, the two-proportion test. A win rate's "
        "difference is in percentage points; where the player count changes, the first "
        "player's rate is measured against its fair share. The key figures and the "
        "decisions follow the effect of each factor, below.</p>" + _main_effects_table(rows)
    )


def _mechanical_section(study: Study) -> str:
    """The main effects on the key figures and the decisions."""
    rows = [m for m in _main_rows(study, terminal=False) if m.rank > 2]
    if not rows:
        return ""
    return (
        "<h3>Main effects on the key figures and the decisions</h3><p class=note>As the main "
        "effects above (each value against the factor's first, Holm-adjusted together with "
        "them).</p>" + _main_effects_table(rows)
    )


def render_html(study: Study, command: str | None = None) -> str:
    """The report page, plots embedded."""
    from motherlode.sim import plots as draw  # matplotlib, loaded only when a page is drawn

    plan = study.plan
    game = get_game(plan.game)
    summaries = study.summaries
    fixed = ", ".join(f"{k}={v}" for k, v in plan.options.items()) or "the rulebook defaults"
    varied = (
        "; ".join(f"{k} = {', '.join(x or '(default)' for x in v)}" for k, v in plan.vary.items())
        or "nothing"
    )
    deals = (
        "every cell plays the same deals (game i of each cell is dealt from one seed, its bots "
        "seeded alike), so differences are paired"
        if plan.deals == "paired"
        else "each cell plays its own deals"
    )
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>",
        f"<title>{html.escape(game.title)} study</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(game.title)}: balance study</h1>",
        f"<p>{html.escape(_title(study).split(': ', 1)[1])}: {plan.total:,} games planned; "
        f"{html.escape(deals)}. Fixed options: {html.escape(fixed)}. "
        f"Varied: {html.escape(varied)}.</p>",
    ]
    if command:
        parts.append(f"<p>Command: <code>{html.escape(command)}</code></p>")
    parts.append(_sources(study))
    parts.append(
        "<p class=note>Seat 1 is the player who moved first, seat 2 the next in turn order, "
        "and so on. Win rates count a shared win as 1/k to each of k winners; intervals are "
        "95% Wilson intervals. “Seats equal? p” is Pearson's chi-square test that every seat "
        "wins equally often (a small p: the seat matters). A turn is a change of the player "
        "whose turn it is (Goodwill: a year), a round every player's turn, a decision any "
        "move by any seat; the margin is the winner's score minus the best other score.</p>"
    )
    parts.append(_detect_section(study))
    parts.append(_main_effects_section(study))
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
                _p(s.chi_square_p),
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
            "± is the 95% interval. The differences between values, with their intervals, "
            "are the main effects above.</p>"
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
                ],
                [
                    [
                        e.factor,
                        e.value or "(default)",
                        str(e.games),
                        _rate_pm(e.first_player),
                        _pct(e.fair_share),
                        _mean_pm(e.turns),
                        f"{e.decisions.mean:.0f}",
                        _num(e.margin.mean),
                    ]
                    for e in study.effects
                ],
                left=2,
            )
        )
        if names:
            parts.append("<h3>Key figures by value (mean per game)</h3>")
            parts.append(
                _table(
                    ["factor", "value", *names],
                    [
                        [
                            e.factor,
                            e.value or "(default)",
                            *(_num(e.figures[k].mean) for k in names),
                        ]
                        for e in study.effects
                    ],
                    left=2,
                )
            )
        if len({r for e in study.effects for r in e.ends}) > 1:
            parts.append("<h3>How games ended, by value</h3>")
            parts.append(
                _table(
                    ["factor", "value", "ended"],
                    [
                        [e.factor, e.value or "(default)", _ended(e.ends, e.games)]
                        for e in study.effects
                    ],
                    left=3,
                )
            )
        parts.append(_mechanical_section(study))
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
    comparisons = by_interest(plan, study.comparisons)
    if comparisons:
        significant = sum(c.significant for c in comparisons)
        shown = comparisons[:MAX_ROWS]
        more = (
            f" The first {MAX_ROWS} are listed; all {len(comparisons):,} are in comparisons.csv."
            if len(comparisons) > MAX_ROWS
            else ""
        )
        parts.append(
            f"<h2>Differences between cells</h2><p class=note>{len(comparisons):,} comparisons "
            "of cells that differ in one factor, seat fairness first and mechanical counts "
            f"last, significant or not; p-values adjusted together by Holm's method, "
            f"{significant:,} significant at 5% (highlighted).{more}</p>"
        )
        labels = [c.label for c in plan.cells]
        parts.append(
            _table(
                [
                    "metric",
                    "cell a",
                    "cell b",
                    "a",
                    "b",
                    "difference",
                    "95% CI",
                    "p (Holm)",
                    "could detect",
                    "test",
                ],
                [
                    [
                        c.metric,
                        labels[c.a],
                        labels[c.b],
                        _fmt(c.metric, c.value_a),
                        _fmt(c.metric, c.value_b),
                        _signed(c.metric, c.difference),
                        _interval(c.metric, c.low, c.high),
                        _p(c.p_holm),
                        _detect(c.metric, c.mde),
                        c.method,
                    ]
                    for c in shown
                ],
                left=3,
                classes=["sig" if c.significant else "" for c in shown],
            )
        )
    parts.append(
        "<p class=note>Every figure is also in study.json and the CSV files beside this page.</p>"
        "</body></html>"
    )
    return "\n".join(p for p in parts if p)


def write_report(study: Study, folder: Path, command: str | None = None) -> Path:
    """report.html, study.json and the CSV files in ``folder``; returns the page's path."""
    write_tables(study, folder)
    page = folder / "report.html"
    page.write_text(render_html(study, command))
    return page
