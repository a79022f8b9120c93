"""The simulation commands' glue: ``motherlode arena`` and ``motherlode study``.

Each turns its options into a run (:mod:`motherlode.sim.arena`, :mod:`motherlode.sim.study`),
shows a live progress bar and prints the results; :mod:`motherlode.cli` registers them
(``study`` is a group, :data:`study_app`: ``study GAME ...`` runs a study, ``study compare``
compares two runs).  Results go to standard output, the progress bar and the speed to
standard error.  A study writes its files before it prints, and a closed standard output
(``| head``) loses nothing.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable
from typer.core import TyperGroup

from motherlode.engine import MotherlodeError, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim import report
from motherlode.sim.arena import OUTPUT_FORMATS, Arena, run_arena
from motherlode.sim.files import StudyWriter, write_arena, write_run_comparison
from motherlode.sim.grid import Plan, parse_players, parse_seating, parse_vary, plan_study
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    err_console,
    live_progress,
    open_backend,
    speed_line,
)
from motherlode.sim.play import GameRow
from motherlode.sim.report import plural
from motherlode.sim.runs import compare_runs, load_run
from motherlode.sim.sources import components_values, data_changes, provenance, restore
from motherlode.sim.study import Study, run_study

# --------------------------------------------------------------------------- arena

console = Console()


def _fail(message: str) -> typer.Exit:
    console.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(2)


def _percent(value: float) -> str:
    return f"{value:.1%}"


def print_arena(arena: Arena, title: str, out: Console) -> None:
    """The leaderboard (by rating) and, for several bots, the head-to-head table."""
    board = RichTable(title=title)
    for col in ("bot", "games", "win rate", "95% CI", "fair share", "mean score", "mean place"):
        board.add_column(col, justify="left" if col == "bot" else "right")
    board.add_column("rating (mu ± sigma)", justify="right")
    board.add_column("ordinal", justify="right")
    summaries = sorted(arena.summaries(), key=lambda s: -s.rating.ordinal)
    for s in summaries:
        lo, hi = s.interval
        board.add_row(
            s.bot,
            str(s.games),
            _percent(s.win_rate),
            f"{lo:.1%}–{hi:.1%}",
            _percent(s.fair_share),
            f"{s.mean_score:.2f}",
            f"{s.mean_place:.2f}",
            f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}",
            f"{s.rating.ordinal:.1f}",
        )
    out.print(board)
    pairs = arena.head_to_head()
    if pairs:
        h2h = RichTable(title="Head to head: row placed above column (ties count half)")
        h2h.add_column("bot")
        for name in arena.bots:
            h2h.add_column(name, justify="right")
        cells = {(h.bot, h.other): h for h in pairs}
        for a, name in enumerate(arena.bots):
            row = [name]
            for b in range(len(arena.bots)):
                h = cells.get((a, b))
                row.append("-" if h is None else f"{h.win_rate:.0%} ({h.games})")
            h2h.add_row(*row)
        out.print(h2h)


def arena_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", "-b", help="A bot spec to enter (repeat): mcts:iters=500, ..."),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 100,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players per game (default: one per bot)."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same results.")] = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG plot here.")] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write results here: .json or .csv.")
    ] = None,
) -> None:
    """Seat-rotated games between bots: win rates with 95% CIs and OpenSkill ratings."""
    specs = list(bot or [])
    if out is not None and out.suffix.lower() not in OUTPUT_FORMATS:
        raise _fail(f"--out writes .json or .csv, not {out.name!r}")
    if plot is not None and plot.suffix.lower() != ".png":
        raise _fail(f"--plot writes a PNG; give a path ending in .png, not {plot.name!r}")
    try:
        game = get_game(game_id)
        options = parse_option_pairs(option or [])
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            with live_progress(f"{game.title} arena", n) as advance:
                arena = run_arena(
                    game_id,
                    specs,
                    n,
                    players=players,
                    seed=seed,
                    options=options,
                    backend=runner,
                    progress=advance,
                )
            elapsed = time.perf_counter() - start
            speed = speed_line(n, elapsed, runner)
    except MotherlodeError as exc:
        raise _fail(str(exc)) from None
    title = f"{game.title}: {n} games, {arena.players} players, seed {seed}"
    print_arena(arena, title, console)
    note = ""
    if n % arena.period:
        note = f" · seats are balanced every {arena.period} games; {n} is not a multiple"
    console.print(f"mean game length {arena.mean_moves:.1f} moves{note}")
    err_console.print(speed)
    if out is not None:
        write_arena(arena, out)
        console.print(f"Results written to {out}")
    if plot is not None:
        from motherlode.sim.plots import plot_arena  # matplotlib: only when a plot is asked

        plot_arena(arena, plot, title=title)
        console.print(f"Plot written to {plot}")


# --------------------------------------------------------------------------- study


class StudyGroup(TyperGroup):
    """``motherlode study GAME ...`` plays a study (the ``run`` command, named or not);
    ``motherlode study compare RUN_A RUN_B`` compares two runs."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # Typer's own click
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["run", *args]
        return super().parse_args(ctx, args)


study_app = typer.Typer(
    cls=StudyGroup,
    help="Balance studies: play a designed experiment (motherlode study GAME --vary ...), "
    "or compare two runs (motherlode study compare RUN_A RUN_B).",
    no_args_is_help=True,
    add_completion=False,
)


def _error(out: Console, message: str) -> typer.Exit:
    out.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(2)


def _stdout_closed(folder: Path | None) -> None:
    """Standard output was closed early (``| head``): stop writing to it, say where the
    results are, and end normally (they are all written)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass  # not a real file (a test's capture)
    where = f"; the results are in {folder}" if folder is not None else ""
    err_console.print(f"standard output was closed before the summary ended{where}")


def _show(folder: Path | None, show: Callable[[], None]) -> None:
    """Print to standard output; a closed pipe loses nothing (:func:`_stdout_closed`)."""
    try:
        show()
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_closed(folder)


def _play(
    plan: Plan,
    folder: Path,
    *,
    backend: str,
    jobs: int | None,
    address: str | None,
    command: str | None,
    out_console: Console,
) -> Study:
    """Play ``plan`` writing as it goes (:class:`motherlode.sim.files.StudyWriter`), then
    the whole report; the summary is printed once every file is written."""
    game = get_game(plan.game)
    sources = provenance(plan)
    writer: StudyWriter | None = None
    try:
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            writer = StudyWriter(folder, plan, sources)
            with writer:
                description = f"{game.title}: {plural(len(plan.cells), 'cell')} x {plan.games}"
                with live_progress(description, plan.total) as advance:
                    study = run_study(
                        plan, backend=runner, progress=advance, on_rows=writer.add, sources=sources
                    )
            elapsed = time.perf_counter() - start
            speed = speed_line(plan.total, elapsed, runner)
    except KeyboardInterrupt:
        played = len(writer.rows) if writer is not None else 0
        err_console.print(
            f"interrupted: {played:,} of {plan.total:,} games kept in {folder} (study.json, "
            "games.csv, cells.csv of the cells finished); --redraw draws what was played, "
            "--rerun plays the whole study again",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    written = report.write_report(study, folder, command)

    def show() -> None:
        report.print_summary(study, out_console)
        out_console.print(
            f"Report: {written} (with study.json and CSV files beside it)", soft_wrap=True
        )

    _show(folder, show)
    err_console.print(speed)
    return study


def _rerun(
    source: Path,
    game_id: str | None,
    out: Path | None,
    *,
    backend: str,
    jobs: int | None,
    address: str | None,
    out_console: Console,
) -> None:
    """Play a study again from its study.json (see :mod:`motherlode.sim.sources`) and say
    whether its games came out the same."""
    file = source / "study.json" if source.is_dir() else source
    try:
        data = json.loads(file.read_text())
        old = Study.from_json(data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise _error(out_console, f"cannot read {file}: {exc}") from None
    was = old.plan
    if game_id is not None and game_id != was.game:
        raise _error(out_console, f"{file} is a study of {was.game}")
    folder = out or file.parent.with_name(file.parent.name + "-rerun")
    recorded = data.get("provenance", {})
    try:
        restored, notes = restore(recorded, components_values(was), folder)
        notes += data_changes(recorded, was.game)
        plan = plan_study(
            was.game,
            vary=was.vary,
            players=list(dict.fromkeys(c.players for c in was.cells)),
            seatings=list(dict.fromkeys(c.bots for c in was.cells)),
            games=int(data["plan"]["games_per_cell"]),
            seed=was.seed,
            options=was.options,
            deals=was.deals,
            restored=restored,
        )
    except MotherlodeError as exc:
        raise _error(out_console, str(exc)) from None
    for note in notes:
        err_console.print(f"note: {note}", soft_wrap=True)
    command = f"motherlode study --rerun {file}"
    study = _play(
        plan,
        folder,
        backend=backend,
        jobs=jobs,
        address=address,
        command=command,
        out_console=out_console,
    )
    recorded_games = {(c.key, r.index): r for c in old.plan.cells for r in old.rows_of(c)}
    same = sum(
        1
        for c in study.plan.cells
        for r in study.rows_of(c)
        if _same_game(recorded_games.get((c.key, r.index)), r)
    )
    _show(
        folder,
        lambda: out_console.print(
            f"Re-run of {file}: {same:,} of {len(recorded_games):,} recorded games came out "
            "the same" + ("" if same == len(recorded_games) else " (see the notes above)"),
            soft_wrap=True,
        ),
    )


def _same_game(recorded: GameRow | None, played: GameRow) -> bool:
    """The same game: seeds, line-up, scores, ranking, length and figures (not the cell's
    number, which an interrupted study's record renumbers)."""
    return recorded is not None and replace(recorded, cell=played.cell) == played


@study_app.command("run")
def study_command(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Game id (not needed with --rerun)."),
    ] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            "-v",
            help="An option and its values to compare: key=v1,v2, a range key=lo:hi:step, "
            "an empty value for the default (components=,mod); repeat for more options.",
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player counts: 4, 3-6 or 3,5 (default: all)."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="A seating: one bot for every seat (heuristic) or a mix (heuristic+random), "
            "seat-rotated; repeat to compare seatings (default: heuristic).",
        ),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Games per cell.")] = 100,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A fixed game option: key=value.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same results.")] = 0,
    deals: Annotated[
        str,
        typer.Option(
            "--deals",
            help="paired: every cell plays the same deals, and comparisons are paired; "
            "independent: each cell its own (studies made before pairing).",
        ),
    ] = "paired",
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Folder for report.html, study.json and CSV files (default: study-GAME)."
        ),
    ] = None,
    redraw: Annotated[
        Path | None,
        typer.Option(
            "--redraw", help="Draw the report of an earlier study again from its study.json."
        ),
    ] = None,
    rerun: Annotated[
        Path | None,
        typer.Option(
            "--rerun",
            help="Play an earlier study again from its study.json, with the components it "
            "recorded (into --out, default: its folder's name + -rerun).",
        ),
    ] = None,
) -> None:
    """A designed balance experiment: every cell of options x players x bots, -n games each;
    an HTML report with plots, JSON and CSV of every figure, and a summary here.

    Every cell plays the same deals, so comparisons between cells are paired. Results are
    written as the games end: an interrupted or piped run keeps what it played.
    With --redraw, no games are played: the report of an earlier study is drawn again from
    its study.json (into --out, or beside the JSON). With --rerun, an earlier study is
    played again from its study.json."""
    out_console = report.console  # read at each call: tests swap it for a wide one
    if rerun is not None:
        _rerun(
            rerun,
            game_id,
            out,
            backend=backend,
            jobs=jobs,
            address=address,
            out_console=out_console,
        )
        return
    if game_id is None:
        raise _error(out_console, "name a game (motherlode study GAME ...), or --rerun STUDY_JSON")
    if redraw is not None:
        try:
            study = Study.from_json(json.loads(redraw.read_text()))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise _error(out_console, f"cannot read {redraw}: {exc}") from None
        if study.plan.game != game_id:
            raise _error(out_console, f"{redraw} is a study of {study.plan.game}")
        folder = out or redraw.parent
        written = report.write_report(study, folder)

        def show() -> None:
            report.print_summary(study, out_console)
            out_console.print(f"Report: {written}", soft_wrap=True)

        _show(folder, show)
        return
    try:
        game = get_game(game_id)
        counts = parse_players(players, game.min_players, game.max_players) if players else None
        plan = plan_study(
            game_id,
            vary=parse_vary(vary or []),
            players=counts,
            seatings=[parse_seating(b) for b in bots] if bots else None,
            games=n,
            seed=seed,
            options=parse_option_pairs(option or []),
            deals=deals,
        )
    except MotherlodeError as exc:
        raise _error(out_console, str(exc)) from None
    folder = out or Path(f"study-{game_id}")
    try:
        _play(
            plan,
            folder,
            backend=backend,
            jobs=jobs,
            address=address,
            command=None,
            out_console=out_console,
        )
    except MotherlodeError as exc:
        raise _error(out_console, str(exc)) from None


@study_app.command("compare")
def compare_command(
    run_a: Annotated[Path, typer.Argument(metavar="RUN_A", help="A study's folder or study.json.")],
    run_b: Annotated[Path, typer.Argument(metavar="RUN_B", help="Another, compared with it.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Also write compare.json and comparisons.csv here."),
    ] = None,
) -> None:
    """Compare two finished studies (a study run again after a change): each cell of RUN_B
    against the cell of RUN_A with the same settings, paired where their seeds match,
    with 95% intervals and Holm-adjusted p-values."""
    out_console = report.console
    try:
        result = compare_runs(load_run(run_a), load_run(run_b))
    except MotherlodeError as exc:
        raise _error(out_console, str(exc)) from None
    if out is not None:
        write_run_comparison(result, out)
    _show(out, lambda: report.print_run_comparison(result, out_console, str(run_a), str(run_b)))
    if out is not None:
        _show(out, lambda: out_console.print(f"Written: {out / 'compare.json'}", soft_wrap=True))
