"""``motherlode tune GAME``: the command-line glue of :mod:`motherlode.sim.tune`.

Optuna (the ``train`` extra) and the tuning module are imported inside the command, so
``motherlode --help`` stays fast and the base install runs every other command without it.
Trial lines and the summary go to standard output, the progress bar to standard error.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from motherlode.engine import MotherlodeError
from motherlode.engine.options import parse_option_pairs
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    RateColumn,
    err_console,
    open_backend,
    speed_line,
)

if TYPE_CHECKING:
    from motherlode.sim.tune import TrialResult, Tuning
    from motherlode.sim.tune_report import Outcome

console = Console()
INSTALL_OPTUNA = "pip install 'motherlode[train]'"


@contextmanager
def tuning_progress(
    description: str, total: int
) -> Iterator[tuple[Callable[[int], None], Callable[[int], None]]]:
    """A progress bar on standard error whose total shrinks when a trial stops early:
    yields ``advance(k)`` and ``skip(k)`` (k games that will not be played)."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left at most"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as progress:
        task = progress.add_task(description, total=total)

        def skip(k: int) -> None:
            left = progress.tasks[0].total or 0
            progress.update(task, total=max(0, left - k))

        yield (lambda k: progress.advance(task, k)), skip


def trial_line(trial: TrialResult, tuning: Tuning) -> str:
    """One line a trial: its values, its games, the objective and each part."""
    from motherlode.sim.tune_report import show

    values = "  ".join(f"{k}={v:g}" for k, v in trial.values.items())
    tag = {"pruned": "  stopped early", "failed": "  failed"}.get(trial.state, "")
    if trial.baseline:
        tag += "  (defaults)"
    m = trial.measured
    if m is None:
        return f"trial {trial.number:3d}  {values}{tag}: {trial.error}"
    parts = ", ".join(f"{p} {show(p, m.values[p], tuning.objective.length_unit)}" for p in m.values)
    head = f"trial {trial.number:3d}  {values}   {m.games} games"
    return f"{head}  objective {m.loss:.4f} ({parts}){tag}"


def print_summary(result: Outcome, out: Console) -> None:
    from motherlode.sim.tune_report import show, show_diff

    best = result.best
    unit = result.tuning.objective.length_unit
    assert best.measured is not None
    chosen = ", ".join(f"{k}={v:g}" for k, v in best.values.items())
    out.print(f"Best: trial {best.number}: {chosen} (objective {best.measured.loss:.4f})")
    check = result.recheck
    if check is None:
        return
    out.print(f"Re-checked on {check.games} fresh deals against the defaults (paired):")
    for name in [*result.tuning.objective.parts, "objective"]:
        a = check.defaults.loss if name == "objective" else check.defaults.values[name]
        b = check.best.loss if name == "objective" else check.best.values[name]
        diff, lo, hi = check.differences[name]
        out.print(
            f"  {name}: defaults {show(name, a, unit)}, best {show(name, b, unit)}; "
            f"difference {show_diff(name, diff)} "
            f"(95% {show_diff(name, lo)} to {show_diff(name, hi)})",
            soft_wrap=True,
        )


def tune_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
    search: Annotated[
        list[str] | None,
        typer.Option(
            "--search",
            help="An option to search: key=low:high (whole numbers if both bounds are), or "
            "key alone for its declared range; repeat for more. Any option key, param.* too.",
        ),
    ] = None,
    objective: Annotated[
        str | None,
        typer.Option(
            "--objective",
            help="fairness (default), length, ladder, fn, or a weighted mix such as "
            "fairness:1,length:0.5 (smaller is better).",
        ),
    ] = None,
    objective_fn: Annotated[
        str | None,
        typer.Option(
            "--objective-fn",
            help="Your own objective, module:function or file.py:function, called as "
            "fn(rows) -> float with a candidate's GameRows (smaller is better).",
        ),
    ] = None,
    target_length: Annotated[
        float | None,
        typer.Option(
            "--target-length",
            help="The length objective's target, in rounds (moves where the game counts none).",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: the usual table).")
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="The seating: one bot for every seat or a mix joined by + (seat-rotated); "
            "for ladder the better bot first (strong+casual). Default: casual.",
        ),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Games a candidate plays in full.")] = 200,
    min_games: Annotated[
        int | None,
        typer.Option("--min-games", help="Games every candidate plays first (default: n/4)."),
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="Finished trials in all.")] = 20,
    recheck: Annotated[
        int | None,
        typer.Option(
            "--recheck",
            help="Fresh deals to re-check the best on, against the defaults (default: n; 0: none).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A fixed game option: key=value.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same games.")] = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    storage: Annotated[
        str | None,
        typer.Option(
            "--storage",
            help="Optuna storage to resume from (default: sqlite:///OUT/tune.db).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Folder for tune.json, report.md and tune.db (default: tune-GAME)."
        ),
    ] = None,
) -> None:
    """Automatic balancing: search options for the setting that best meets an objective
    (seat fairness, game length, the skill ladder, your own), with successive halving on
    paired deals; resumable; a report with intervals and a re-check on fresh deals."""
    try:
        import optuna  # noqa: F401  (only to say how to install it)
    except ImportError:
        console.print(
            f"[bold red]error:[/] motherlode tune needs Optuna; install it with: {INSTALL_OPTUNA}"
        )
        raise typer.Exit(2) from None
    from motherlode.sim import tune as tuning_module
    from motherlode.sim import tune_report

    folder = out or Path(f"tune-{game_id}")
    command = shlex.join(["motherlode", "tune", *sys.argv[2:]]) if sys.argv[1:2] == ["tune"] else ""
    try:
        tuning = tuning_module.Tuning.make(
            game_id,
            search=search or [],
            objective=objective,
            objective_fn=objective_fn,
            target_length=target_length,
            players=players,
            bots=bots,
            options=parse_option_pairs(option or []),
            games=n,
            min_games=min_games,
            seed=seed,
        )
        checks = n if recheck is None else recheck
        if checks < 0:
            raise MotherlodeError("--recheck is a number of games, 0 for none")
        folder.mkdir(parents=True, exist_ok=True)
        url = storage or f"sqlite:///{(folder / 'tune.db').as_posix()}"
        tuning.report = lambda t: console.print(escape(trial_line(t, tuning)), soft_wrap=True)
        console.print(
            f"Tuning {tuning.game_id} at {tuning.players} players ({' + '.join(tuning.bots)}): "
            f"{tuning.objective.describe()}; "
            f"search {', '.join(d.describe() for d in tuning.space)}; "
            f"{trials} trials of {' → '.join(map(str, tuning.steps))} games; study in {url}",
            soft_wrap=True,
        )
        with open_backend(backend, jobs, address) as runner:
            tuning.backend = runner
            start = time.perf_counter()
            study = tuning_module.open_study(tuning, url, trials)
            for done in tuning_module.finished(study):
                console.print(escape(trial_line(done, tuning)), soft_wrap=True)
            todo = tuning_module.remaining(study, trials)
            reruns = checks * 2
            total = todo * n + reruns
            played = 0
            with tuning_progress(f"tune {tuning.game_id}", total) as (advance, skip):

                def count(k: int) -> None:
                    nonlocal played
                    played += k
                    advance(k)

                tuning.progress, tuning.skipped = count, skip
                tuning_module.tune(tuning, trials, study=study)
                result = tune_report.outcome(tuning, study, checks, command)
            elapsed = time.perf_counter() - start
            result.seconds = elapsed
    except KeyboardInterrupt:
        console.print(f"\nStopped. Run the same command to go on (the study is in {folder}).")
        raise typer.Exit(130) from None
    except MotherlodeError as exc:
        console.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    print_summary(result, console)
    written = tune_report.write_report(result, folder)
    console.print(f"Report: {written} (with tune.json beside it)", soft_wrap=True)
    err_console.print(speed_line(max(1, played), elapsed, runner))
