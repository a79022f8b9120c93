"""What the simulation commands share: the backend options and a live progress bar.

Progress and timing go to standard error: standard output holds only results, so the same
run prints the same thing on any backend and any number of workers (and pipes cleanly).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from motherlode.sim.backends import BACKENDS, Backend, make_backend

err_console = Console(stderr=True)

BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        help=f"Where games are played: {' or '.join(BACKENDS)} (a Ray cluster; "
        "pip install 'motherlode\\[dist]').",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="The Ray cluster to join (default: RAY_ADDRESS, else a Ray started here).",
    ),
]
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Workers: local processes (default 1), or Ray CPUs (default: all).",
    ),
]


def open_backend(backend: str, jobs: int | None, address: str | None) -> Backend:
    return make_backend(backend, jobs=jobs, address=address)


class RateColumn(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="progress.data.speed")


@contextmanager
def live_progress(description: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error (games done, games/s, time left); yields
    ``advance(k)``.  It disappears when done."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as progress:
        task = progress.add_task(description, total=total)
        yield lambda k: progress.advance(task, k)


def speed_line(games: int, elapsed: float, backend: Backend) -> str:
    return f"{games / elapsed:.1f} games/s on {backend.describe()} ({elapsed:.1f} s)"
