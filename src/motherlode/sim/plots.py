"""Arena plots as PNG files, drawn with matplotlib's Agg canvas (no display, no pyplot state).

Panels: win rate per bot with its 95% Wilson interval and the fair share of an equally
strong bot; OpenSkill rating (mu ± sigma) over the games; and, with several bots, the
head-to-head matrix.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from motherlode.sim.arena import Arena


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
