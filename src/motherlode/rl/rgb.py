"""Frames for ``render_mode="rgb_array"``: every game drawn the same simple way.

A frame is a fixed 800x800 picture (so the frames of a run make a video): a title (the
game, the move, who is to act), a bar per agent for its score (the agents asked now in
orange), and the game's own terminal rendering below, in a monospace font sized to fit.
Drawn on matplotlib's Agg canvas directly, with no pyplot and no window: nothing is kept
between frames, and matplotlib is imported only by whoever asks for one.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np

WIDTH, HEIGHT, DPI = 800, 800, 100
ASKED, WAITING = "#e8871e", "#4c72b0"


def draw(
    title: str, agents: Sequence[str], scores: Sequence[float], asked: Sequence[int], text: str
) -> np.ndarray:
    """The frame as an HEIGHTxWIDTHx3 uint8 array."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor="white")
    canvas = FigureCanvasAgg(figure)
    figure.text(0.02, 0.985, title, fontsize=12, va="top", parse_math=False)
    bars = figure.add_axes((0.14, 0.80, 0.80, 0.14))
    rows = range(len(agents))
    colours = [ASKED if seat in asked else WAITING for seat in rows]
    bars.barh(list(rows), list(scores), color=colours)
    bars.set_yticks(list(rows), list(agents), fontsize=8)
    bars.invert_yaxis()
    bars.tick_params(axis="x", labelsize=7)
    bars.axvline(0, color="black", linewidth=0.5)
    for seat, score in zip(rows, scores, strict=True):
        bars.annotate(
            f"{score:g}",
            (score, seat),
            fontsize=7,
            va="center",
            xytext=(3, 0),
            textcoords="offset points",
        )
    lines = text.rstrip("\n").splitlines() or [""]
    columns = max(len(line) for line in lines) or 1
    height_px = 0.76 * HEIGHT / (1.2 * len(lines))
    width_px = 0.96 * WIDTH / (0.61 * columns)
    points = min(11.0, height_px, width_px) * 72 / DPI
    with warnings.catch_warnings():  # (a glyph the font lacks is drawn as a box)
        warnings.simplefilter("ignore")
        figure.text(
            0.02,
            0.77,
            "\n".join(lines),
            family="monospace",
            fontsize=points,
            va="top",
            linespacing=1.2,
            parse_math=False,
        )
        canvas.draw()  # type: ignore[no-untyped-call]
    return np.asarray(canvas.buffer_rgba())[..., :3].copy()  # type: ignore[no-untyped-call]
