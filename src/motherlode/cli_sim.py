"""The simulation commands' glue: ``motherlode arena`` and ``motherlode study``.

Each turns its options into a run (:mod:`motherlode.sim.arena`, :mod:`motherlode.sim.study`),
shows a live progress bar and prints the results; :mod:`motherlode.cli` registers them.
Results go to standard output, the progress bar and the speed to standard error.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from motherlode.engine import MotherlodeError, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim import report
from motherlode.sim.arena import OUTPUT_FORMATS, Arena, run_arena
from motherlode.sim.files import write_arena
from motherlode.sim.grid import parse_players, parse_seating, parse_vary, plan_study
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    err_console,
    live_progress,
    open_backend,
    speed_line,
)
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


def study_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary", "-v", help="An option and its values to compare: key=v1,v2 (repeat)."
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
) -> None:
    """A designed balance experiment: every cell of options x players x bots, -n games each;
    an HTML report with plots, JSON and CSV of every figure, and a summary here.

    With --redraw, no games are played: the report of an earlier study is drawn again from
    its study.json (into --out, or beside the JSON)."""
    out_console = report.console  # read at each call: tests swap it for a wide one
    if redraw is not None:
        try:
            study = Study.from_json(json.loads(redraw.read_text()))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            out_console.print(f"[bold red]error:[/] cannot read {redraw}: {escape(str(exc))}")
            raise typer.Exit(2) from None
        if study.plan.game != game_id:
            out_console.print(f"[bold red]error:[/] {redraw} is a study of {study.plan.game}")
            raise typer.Exit(2)
        report.print_summary(study, out_console)
        written = report.write_report(study, out or redraw.parent)
        out_console.print(f"Report: {written}", soft_wrap=True)
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
        )
        folder = out or Path(f"study-{game_id}")
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            description = f"{game.title}: {len(plan.cells)} cells x {n} games"
            with live_progress(description, plan.total) as advance:
                study = run_study(plan, backend=runner, progress=advance)
            elapsed = time.perf_counter() - start
            speed = speed_line(plan.total, elapsed, runner)
    except MotherlodeError as exc:
        out_console.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    report.print_summary(study, out_console)
    written = report.write_report(study, folder)
    out_console.print(
        f"Report: {written} (with study.json and CSV files beside it)", soft_wrap=True
    )
    err_console.print(speed)
