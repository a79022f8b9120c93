"""Plots of arenas and studies, drawn with matplotlib's Agg canvas (no display, no pyplot
state).

An arena's PNG file has these panels: win rate per bot with its 95% Wilson interval and the
fair share of an equally strong bot; OpenSkill rating (mu ± sigma) over the games; and,
with several bots, the head-to-head matrix.  A study's figures (seat advantage, game
length, each factor's effect, scores, ends, key figures) go into its report page
(:mod:`motherlode.sim.report`).
"""

from __future__ import annotations

import base64
import io
import math
import os
from collections.abc import Callable
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from motherlode.sim.arena import Arena
from motherlode.sim.compare import Effect, mean_half, rate_half
from motherlode.sim.play import GameRow
from motherlode.sim.study import Study

MAX_LINES = 8
"""Seat-advantage lines drawn in one panel; with more cells a panel is not drawn (the
heat map shows every cell)."""


# -------------------------------------------------------------------------- arenas


def plot_arena(arena: Arena, path: Path, *, title: str | None = None) -> None:
    """Write ``arena``'s plot to ``path`` (PNG)."""
    summaries = arena.summaries()
    pairs = arena.head_to_head()
    panels = 3 if pairs else 2
    fig = Figure(figsize=(5.2 * panels, 4.2 + 0.18 * len(summaries)), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    names = [s.bot for s in summaries]
    ys = list(range(len(summaries)))

    ax = axes[0]
    rates = [s.win_rate for s in summaries]
    lows = [s.win_rate - s.interval[0] for s in summaries]
    highs = [s.interval[1] - s.win_rate for s in summaries]
    ax.barh(ys, rates, xerr=[lows, highs], color="#d4a017", ecolor="#333333", capsize=4)
    ax.scatter(
        [s.fair_share for s in summaries],
        ys,
        marker="|",
        s=400,
        color="#8b0000",
        label="fair share",
        zorder=3,
    )
    ax.set_yticks(ys, names)
    ax.invert_yaxis()
    ax.set_xlim(0.0, 1.0)
    ax.set_xlabel("win rate (95% Wilson CI)")
    ax.legend(loc="lower right", fontsize="small")

    ax = axes[1]
    for s in summaries:
        history = arena.rating_history[s.entrant]
        xs = list(range(len(history)))
        mu = [r.mu for r in history]
        ax.plot(xs, mu, label=s.bot)
        ax.fill_between(
            xs, [r.mu - r.sigma for r in history], [r.mu + r.sigma for r in history], alpha=0.15
        )
    ax.set_xlabel("games played")
    ax.set_ylabel("OpenSkill rating (mu ± sigma)")
    ax.legend(fontsize="small")

    if pairs:
        ax = axes[2]
        k = len(arena.bots)
        grid = [[float("nan")] * k for _ in range(k)]
        for h in pairs:
            grid[h.bot][h.other] = h.win_rate
        image = ax.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdYlGn")
        for h in pairs:
            ax.text(h.other, h.bot, f"{h.win_rate:.0%}", ha="center", va="center", fontsize="small")
        ax.set_xticks(range(k), arena.bots, rotation=30, ha="right")
        ax.set_yticks(range(k), arena.bots)
        ax.set_title("row placed above column", fontsize="small")
        fig.colorbar(image, ax=ax, shrink=0.8)

    fig.suptitle(title or f"{arena.game} arena: {len(arena.results)} games")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", dpi=110)


# ------------------------------------------------------------------------ studies


def cell_names(study: Study) -> list[str]:
    """The cells' labels for a plot's axis, a folder or file shown by its last part
    (``components=…/mod``); the full labels where two would then read the same."""
    names = []
    for cell in study.plan.cells:
        label = cell.label
        for _, value in cell.varied:
            if "/" in value or os.sep in value:
                label = label.replace(f"={value}", f"=…/{Path(value).name}")
        names.append(label)
    return names if len(set(names)) == len(names) else [c.label for c in study.plan.cells]


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def png_base64(fig: Figure) -> str:
    """The figure as a PNG in base64, for a page that embeds it."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


HEAT_FLOOR = 0.10
"""The heat map's colour scale reaches at least ±10 points: noise of a few points in a small
study stays pale instead of looking like a strong effect."""


def heat_span(deviations: list[float]) -> float:
    """The colour scale's half-range: the largest deviation, rounded up to 5 points, at least
    :data:`HEAT_FLOOR` (no cell ever saturates)."""
    largest = max([0.0, *(abs(v) for v in deviations if not math.isnan(v))])
    return max(HEAT_FLOOR, math.ceil(round(largest * 20, 9)) / 20)


def plot_seat_heatmap(study: Study) -> Figure:
    """Win rate by seat minus the fair share (1 / players), every cell a row; the numbers
    are the win rates, white on the dark cells."""
    summaries = study.summaries
    seats = max(s.cell.players for s in summaries)
    names = cell_names(study)
    label = max(len(name) for name in names)
    width = max(6.0, 2.2 + 0.85 * seats + 0.065 * label)
    fig = _figure(width, max(3.0, 1.6 + 0.32 * len(summaries)))
    ax = fig.add_subplot()
    grid = [
        [
            s.seats[k].rate - 1 / s.cell.players if k < s.cell.players else math.nan
            for k in range(seats)
        ]
        for s in summaries
    ]
    span = heat_span([v for row in grid for v in row])
    cmap = "RdBu_r"
    image = ax.imshow(grid, cmap=cmap, vmin=-span, vmax=span, aspect="auto")
    for i, s in enumerate(summaries):
        for k in range(s.cell.players):
            dark = abs(grid[i][k]) > 0.55 * span
            ax.text(
                k,
                i,
                f"{s.seats[k].rate:.0%}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if dark else "black",
            )
    ax.set_xticks(range(seats), [f"seat {k + 1}" for k in range(seats)])
    ax.set_yticks(range(len(summaries)), names, fontsize=8)
    fig.suptitle("Win rate by seat, seat 1 first to play", fontsize=10)
    bar = fig.colorbar(image, ax=ax, shrink=0.8, format=lambda x, _: f"{100 * x:+.0f}")
    bar.set_label("points above the fair share", fontsize=8)
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
                label=cell_names(study)[s.cell.index],
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
    labels = cell_names(study)
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
            lambda e: (e.first_player.rate - e.fair_share, rate_half(e.first_player)),
        ),
        ("turns", lambda e: (e.turns.mean, mean_half(e.turns))),
        ("margin", lambda e: (e.margin.mean, mean_half(e.margin))),
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
    ax.set_yticks(range(len(summaries)), cell_names(study), fontsize=8)
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
    labels = cell_names(study)
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
        errs = [mean_half(d) for d in dists]
        ax.errorbar([d.mean for d in dists], ys, xerr=errs, fmt="o", capsize=3)
        ax.set_yticks(ys, cell_names(study) if i % cols == 0 else [], fontsize=8)
        ax.invert_yaxis()
        ax.set_title(name.replace("_", " "), fontsize=9)
    for j in range(len(names), rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    return fig
