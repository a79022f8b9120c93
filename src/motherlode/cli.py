"""The ``motherlode`` command: list games, play in the terminal, simulate, replay, verify."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlsplit, urlunsplit

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text

from motherlode.agents import levels
from motherlode.agents.human import HumanAgent, QuitGame
from motherlode.agents.specs import bot_names
from motherlode.cli_sim import arena_command, study_app
from motherlode.cli_tune import tune_command
from motherlode.engine import BadRecord, Game, GameRecord, MotherlodeError, State, games, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim import simulate as run_simulation
from motherlode.sim.live import (
    AddressOpt,
    BackendOpt,
    JobsOpt,
    err_console,
    live_progress,
    open_backend,
    speed_line,
)
from motherlode.table import Table
from motherlode.table.fairness import verify_record

if TYPE_CHECKING:
    from motherlode.web.limits import Limits
    from motherlode.web.notify import NotifySettings

app = typer.Typer(
    help="motherlode: play, simulate and study five gold-and-market board games.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

SeatOpt = Annotated[
    list[str] | None,
    typer.Option("--seat", "-s", help="One per seat, in order: human, random, heuristic, ..."),
]
HostOpt = Annotated[str, typer.Option(help="Interface to listen on.")]
PortOpt = Annotated[int, typer.Option(help="Port to listen on.")]
DatabaseOpt = Annotated[
    str | None, typer.Option(help="SQLAlchemy URL (default: SQLite file motherlode.db here).")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
]


def fail(message: str) -> typer.Exit:
    console.print(f"[bold red]error:[/] {message}")
    return typer.Exit(2)


def _game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except MotherlodeError as exc:
        raise fail(str(exc)) from None


@app.command("games")
def games_command(
    game_id: Annotated[str | None, typer.Argument(help="Show one game's options.")] = None,
) -> None:
    """Every game with its player counts, bots and options; for one game, its options and
    the difficulty levels its bots play at."""
    ids = [game_id] if game_id else games()
    if not ids:
        console.print("No games are installed.")
        return
    overview = RichTable(title="Games", show_lines=False)
    for col in ("id", "title", "players", "bots", "options"):
        overview.add_column(col)
    for gid in ids:
        g = _game(gid)
        opts = ", ".join(f"{o['name']}={o['default']}" for o in g.options_class.describe())
        overview.add_row(
            g.id,
            g.title,
            f"{g.min_players}-{g.max_players}",
            ", ".join(bot_names(g)),
            opts or "-",
        )
    console.print(overview)
    if game_id:
        g = _game(game_id)
        detail = RichTable(title=f"{g.title}: options")
        for col in ("option", "type", "default", "allowed", "meaning"):
            detail.add_column(col)
        for o in g.options_class.describe():
            if o["choices"]:
                allowed = ", ".join(map(str, o["choices"]))
            elif o["min"] is not None or o["max"] is not None:
                allowed = f"{o['min']}..{o['max']}"
            else:
                allowed = ""
            detail.add_row(o["name"], o["type"], str(o["default"]), allowed, o["help"])
        console.print(detail)
        design = g.options_class.describe_parameters()
        if design:
            how = "-o param.NAME=VALUE, --vary param.NAME=LO:HI:STEP"
            numbers = RichTable(title=f"{g.title}: design numbers ({how})")
            for col in ("parameter", "default", "allowed", "meaning"):
                numbers.add_column(col)
            for p in design:
                numbers.add_row(p["name"], str(p["default"]), p["allowed"], p["help"])
            console.print(numbers)
        console.print(_levels_table(g))


def _levels_table(game: Game) -> RichTable:
    """The difficulty levels of ``game``: what each does, its time a move, its rating."""
    table = RichTable(title=f"{game.title}: levels (bot specs, from the weakest)")
    for col in ("level", "what it does", "time a move", "rating"):
        table.add_column(col)
    for level in levels.describe(game):
        ms, rating = level["ms"], level["rating"]
        table.add_row(
            level["name"],
            level["sentence"],
            f"{ms / 1000:g} s" if ms is not None else "-",
            f"{rating['mu']:.1f} ± {rating['sigma']:.1f}" if rating else "not yet rated",
        )
    return table


def _choose_game() -> str:
    ids = games()
    if not ids:
        raise fail("no games are installed")
    for i, gid in enumerate(ids, 1):
        console.print(f"  [bold]{i}[/]) {get_game(gid).title} ({gid})")
    while True:
        answer = console.input("Which game? ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(ids):
            return ids[int(answer) - 1]
        if answer in ids:
            return answer


def _default_seats(game: Game, players: int | None) -> list[str]:
    n = players or game.min_players
    bot = "heuristic" if "heuristic" in game.bots else "random"
    return ["human"] + [bot] * (n - 1)


def _final(state: State, table: Table) -> None:
    """The ranking, and where the game can say it, how each score adds up."""
    result = RichTable(title="Final result")
    help_ = state.game.prompt
    parts = help_.score_parts if help_ is not None else None
    for col in ("place", "seat", "player", "score", *(("how",) if parts else ())):
        result.add_column(col)
    scores = state.scores()
    obs = state.observe(None)
    for place, group in enumerate(state.ranking(), 1):
        for seat in group:
            how = (escape(parts(obs, seat)),) if parts else ()
            result.add_row(str(place), str(seat), table.seats[seat].name, f"{scores[seat]:g}", *how)
    console.print(result)


@app.command()
def play(
    game_id: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id.")] = None,
    seat: SeatOpt = None,
    option: OptionOpt = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible game.")] = None,
    name: Annotated[list[str] | None, typer.Option("--name", help="Seat names, in order.")] = None,
    save: Annotated[Path | None, typer.Option(help="Where to save the record.")] = None,
) -> None:
    """Play a game in the terminal, people and bots at one table."""
    gid = game_id or _choose_game()
    game = _game(gid)
    specs = list(seat or _default_seats(game, players))
    try:
        options = parse_option_pairs(option or [])
        table = Table.create(game, specs, seed=seed, options=options, names=name)
    except MotherlodeError as exc:
        raise fail(str(exc)) from None
    names = [s.name for s in table.seats]
    hotseat = sum(s.is_human for s in table.seats) > 1
    person = HumanAgent(console, hotseat=hotseat, seat_names=names)
    humans = {i: person for i, s in enumerate(table.seats) if s.is_human}
    console.print(f"[bold]{game.title}[/] · seed {table.state.seed} · " + ", ".join(names))
    try:
        table.play(humans)
    except (QuitGame, EOFError, KeyboardInterrupt):
        console.print("\nGame left unfinished.")
    if table.state.is_over():
        person.show_end(table.state, sorted(humans))
        if game.render is not None:
            console.print(game.render(table.state.observe(None), None))
        _final(table.state, table)
    path = save or Path("records") / f"{gid}-{datetime.now(UTC):%Y%m%d-%H%M%S}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    table.record().save(path)
    console.print(f"Record saved to {path}")


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 100,
    seat: SeatOpt = None,
    option: OptionOpt = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same results.")] = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write results as JSON.")] = None,
) -> None:
    """Play many games between bots; win rates with 95% confidence intervals.

    Results go to standard output, identical for one seed on any backend and any number of
    workers; the progress bar and the speed go to standard error."""
    game = _game(game_id)
    specs = list(seat or ["random"])
    count = players or (len(specs) if len(specs) > 1 else game.min_players)
    if len(specs) == 1 and count > 1:
        specs = specs * count
    if len(specs) != count:
        raise fail(f"{len(specs)} seats given for {count} players")
    try:
        options = parse_option_pairs(option or [])
        with open_backend(backend, jobs, address) as runner:
            start = time.perf_counter()
            with live_progress(game.title, n) as advance:
                sim = run_simulation(
                    game_id, specs, n, seed=seed, options=options, backend=runner, progress=advance
                )
            elapsed = time.perf_counter() - start
            speed = speed_line(n, elapsed, runner)
    except MotherlodeError as exc:
        raise fail(escape(str(exc))) from None
    summary = RichTable(title=f"{game.title}: {n} games, seed {seed}")
    for col in ("seat", "bot", "win rate", "95% CI", "mean score"):
        summary.add_column(col, justify="right" if col != "bot" else "left")
    for s in sim.seats():
        lo, hi = s.interval
        summary.add_row(
            str(s.seat), s.spec, f"{s.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", f"{s.mean_score:.2f}"
        )
    console.print(summary)
    console.print(f"mean game length {sim.mean_moves:.1f} moves")
    err_console.print(speed)
    if json_out:
        payload: dict[str, Any] = {
            "game": game_id,
            "seed": seed,
            "options": options,
            "seats": [
                {
                    "seat": s.seat,
                    "bot": s.spec,
                    "games": s.games,
                    "wins": s.wins,
                    "win_rate": s.win_rate,
                    "ci95": list(s.interval),
                    "mean_score": s.mean_score,
                }
                for s in sim.seats()
            ],
            "games": [
                {
                    "seed": r.seed,
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                    "moves": r.moves,
                }
                for r in sim.results
            ],
        }
        json_out.write_text(json.dumps(payload, indent=1))
        console.print(f"Results written to {json_out}")


@app.command()
def train(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    out: Annotated[Path | None, typer.Option(help="The run's folder [default: runs/GAME].")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    rounds: Annotated[int, typer.Option(help="Rounds of self-play and training.")] = 3,
    games: Annotated[int, typer.Option(help="Games of round 0 (heuristic self-play).")] = 4000,
    search_games: Annotated[int, typer.Option(help="Games of each later round.")] = 300,
    iters: Annotated[int, typer.Option(help="The guided search's iterations a move.")] = 48,
    steps: Annotated[int, typer.Option(help="Training steps a round.")] = 3000,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same evaluator.")] = 0,
    quick: Annotated[bool, typer.Option(help="A run of about a minute (for tests).")] = False,
    ship: Annotated[
        bool, typer.Option(help="Install the result as the game's shipped evaluator.")
    ] = False,
    option: OptionOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Train the game's learned evaluator by self-play (needs the train extra: JAX, optax).

    Resumable: the same command again continues a run from its folder."""
    from motherlode.rl.pipeline import Plan
    from motherlode.rl.pipeline import run as run_training
    from motherlode.rl.pipeline import ship as ship_evaluator
    from motherlode.rl.train import FitSettings
    from motherlode.rl.value import describe, shipped_path

    game = _game(game_id)
    count = players or game.min_players
    folder = out or Path("runs") / game.id
    try:
        options = parse_option_pairs(option or [])
        if quick:
            plan = Plan.quick(game.id, count, seed)
            plan = Plan(**{**plan.__dict__, "options": options})
        else:
            plan = Plan(
                game.id,
                count,
                options,
                rounds=rounds,
                games=games,
                search_games=search_games,
                iters=iters,
                seed=seed,
                fit=FitSettings(steps=steps, seed=seed),
            )
        command = _train_command(game.id, plan, quick, options)
        with open_backend(backend, jobs, address) as runner:
            net = run_training(
                plan,
                folder,
                runner,
                live_progress,
                note=err_console.print,
                command=command,
            )
        if ship:
            ship_evaluator(folder, shipped_path(game))
    except MotherlodeError as exc:
        raise fail(escape(str(exc))) from None
    facts = describe(net)
    console.print(f"{game.title}: evaluator written to {folder / 'evaluator.npz'}")
    console.print(
        f"  {facts['games']:,} games, {facts['positions']:,} positions, "
        f"{facts['parameters']:,} weights, {facts['seconds']:.0f} s"
    )
    if ship:
        console.print(f"  shipped as {shipped_path(game)}")


def _train_command(game_id: str, plan: Any, quick: bool, options: dict[str, Any]) -> str:
    """The command line that makes this run again (recorded in the evaluator's header)."""
    words = ["motherlode", "train", game_id]
    if quick:
        words += ["--quick"]
    else:
        words += [
            f"--rounds {plan.rounds}",
            f"--games {plan.games}",
            f"--search-games {plan.search_games}",
            f"--iters {plan.iters}",
            f"--steps {plan.fit.steps}",
        ]
    words += [f"--players {plan.players}", f"--seed {plan.seed}"]
    words += [f"-o {k}={v}" for k, v in options.items()]
    return " ".join(words)


@app.command()
def replay(
    record_path: Annotated[Path, typer.Argument(metavar="RECORD", help="A saved game record.")],
    seat: Annotated[int | None, typer.Option(help="See the game as this seat.")] = None,
    at: Annotated[int | None, typer.Option(help="Show the position after this many moves.")] = None,
) -> None:
    """Step through a saved game: Enter for the next move, b back, a number to jump, q to quit."""
    try:
        record = GameRecord.load(record_path)
        final = record.replay()
    except MotherlodeError as exc:
        raise fail(str(exc)) from None
    game = final.game
    total = final.move_count
    if seat is not None and not 0 <= seat < final.num_players:
        raise fail(f"--seat must be between 0 and {final.num_players - 1} for this record")
    moves = final.moves()

    def show(k: int) -> None:
        state = record.replay(k)
        if game.render is not None:
            console.print(game.render(state.observe(seat), seat))
        if k:
            s, a = moves[k - 1]
            console.print(f"move {k}/{total}: {record.seats[s].get('name', s)} played {a}")
        else:
            console.print(f"start of the game ({total} moves recorded)")

    if at is not None:
        if not 0 <= at <= total:
            raise fail(f"--at must be between 0 and {total}")
        show(at)
        return
    if not sys.stdin.isatty():
        for k, (s, a) in enumerate(moves, 1):
            console.print(f"{k:4d}. {record.seats[s].get('name', s)}: {a}")
        show(total)
        return
    k = 0
    show(k)
    while True:
        answer = console.input("[Enter] next, b back, number jump, q quit > ").strip().lower()
        if answer == "q":
            return
        if answer == "b":
            k = max(0, k - 1)
        elif answer.isdigit():
            k = min(total, int(answer))
        else:
            k = min(total, k + 1)
        show(k)


RECORD_LIMIT = 50 * 1024 * 1024
"""The most bytes ``verify`` reads from a server: a long game's record is far smaller."""
FETCH_TIMEOUT = 20
_TABLE_PAGE = re.compile(r"^(?P<prefix>.*)/t/(?P<table>[^/]+)/?$")
_RECORD_PATH = re.compile(r"^.*/api/tables/[^/]+/record/?$")


def record_url(url: str) -> str:
    """The record endpoint for a table page or record URL, without the ``#fragment``.

    A player's table link carries the seat's token in its fragment; it is dropped here so
    that it never leaves this machine (a browser would not send it either).
    """
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise BadRecord(f"not an http(s) URL: {url[:120]}")
    page = _TABLE_PAGE.match(parts.path)
    if page:
        path = f"{page['prefix']}/api/tables/{page['table']}/record"
        return urlunsplit((parts.scheme, parts.netloc, path, "", ""))
    if _RECORD_PATH.match(parts.path):
        return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))
    raise BadRecord(
        "a URL should be a table page (.../t/TABLE_ID) "
        "or a table's record (.../api/tables/TABLE_ID/record)"
    )


def fetch_record(url: str) -> GameRecord:
    """Download a finished table's record; every failure is a :class:`BadRecord` that says why."""
    import urllib.error
    import urllib.request

    target = record_url(url)
    request = urllib.request.Request(
        target, headers={"Accept": "application/json", "User-Agent": "motherlode-verify"}
    )
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as answer:
            body = answer.read(RECORD_LIMIT + 1)
    except urllib.error.HTTPError as exc:
        if exc.code == 409:
            raise BadRecord(
                "the game is not over yet; the seed is revealed only at the end"
            ) from None
        if exc.code == 404:
            raise BadRecord(f"{target}: no such table on that server (HTTP 404)") from None
        raise BadRecord(f"{target}: the server answered HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, OSError) and reason.strerror:
            reason = reason.strerror
        raise BadRecord(f"cannot reach {target}: {reason}") from None
    except TimeoutError:
        raise BadRecord(f"{target} did not answer within {FETCH_TIMEOUT} s") from None
    except (OSError, ValueError) as exc:
        raise BadRecord(f"cannot fetch {target}: {exc}") from None
    if len(body) > RECORD_LIMIT:
        raise BadRecord(f"{target} sent more than {RECORD_LIMIT // 2**20} MB; not a game record")
    return GameRecord.from_json(body)


def _hex_commitment(value: str | None) -> str | None:
    if value is None:
        return None
    text = value.strip().lower()
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise fail("--commitment should be the 64 hex digits the table showed during play")
    return text


@app.command()
def verify(
    source: Annotated[
        str,
        typer.Argument(
            metavar="RECORD_OR_URL",
            help="A record file, a table's page URL (http://host/t/ID) or its record URL.",
        ),
    ],
    commitment: Annotated[
        str | None,
        typer.Option(help="The commitment the table showed during play, to compare with."),
    ] = None,
) -> None:
    """Check a finished game was dealt fairly: seed matches its commitment, every move legal.

    Exit status: 0 fair, 1 a check failed, 2 the record cannot be read.
    """
    expected = _hex_commitment(commitment)
    try:
        record = fetch_record(source) if "://" in source else GameRecord.load(source)
    except MotherlodeError as exc:
        raise fail(escape(str(exc))) from None
    verdict = verify_record(record, expected)
    checks = RichTable(title=f"Verifying {escape(record.game)}, seed {record.seed}")
    for col in ("", "check", "detail"):
        checks.add_column(col)
    for check in verdict.checks:
        mark = "[green]✓[/]" if check.ok else "[red]✗[/]"
        checks.add_row(mark, check.name, Text(check.detail))
    console.print(checks)
    failed = verdict.first_failure
    if failed is not None:
        verdict_line = Text(f"NOT FAIR: {failed.name}: {failed.detail}", style="bold red")
        console.print(verdict_line, soft_wrap=True)
        raise typer.Exit(1)
    console.print(
        Text(
            f"FAIR: the deal was fixed before the first move (commitment {verdict.commitment}), "
            "and every move was legal.",
            style="bold green",
        ),
        soft_wrap=True,
    )
    if expected is None:
        console.print(
            "Compare this commitment with the one the table showed during play "
            "(or pass it with --commitment): only that proves it was published first."
        )


@app.command()
def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    database_url: DatabaseOpt = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open")] = False,
    bot_seconds: Annotated[
        float, typer.Option(help="The most a bot may think per move (seconds).")
    ] = 2.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Searching bots that think at once [default: cores - 1, at least 1]."),
    ] = None,
    max_tables: Annotated[int, typer.Option(help="Open tables the server keeps at most.")] = 500,
    tables_per_client: Annotated[
        int, typer.Option(help="Tables one client address may create per hour.")
    ] = 30,
    max_bytes: Annotated[
        int, typer.Option(help="The largest request body or WebSocket frame (bytes).")
    ] = 64 * 1024,
    allow_client_seed: Annotated[
        bool,
        typer.Option(
            help="Take a client's seed at tables with people. Private test servers only: "
            "whoever picks the seed can read every hidden card."
        ),
    ] = False,
    unload_after: Annotated[
        float,
        typer.Option(
            help="Seconds a table nobody watches stays in memory when idle (a finished one "
            "leaves sooner); it is reloaded from the database when asked for."
        ),
    ] = 600.0,
    base_url: Annotated[
        str | None,
        typer.Option(
            envvar="MOTHERLODE_BASE_URL",
            help="The site's address as players reach it, for the links in notifications "
            "(default: http://HOST:PORT).",
        ),
    ] = None,
    smtp_host: Annotated[
        str | None,
        typer.Option(
            envvar="MOTHERLODE_SMTP_HOST",
            help="SMTP server for the 'your turn' e-mail (off without it); its password "
            "comes from MOTHERLODE_SMTP_PASSWORD only, never the command line.",
        ),
    ] = None,
    smtp_port: Annotated[int, typer.Option(envvar="MOTHERLODE_SMTP_PORT")] = 587,
    smtp_username: Annotated[str | None, typer.Option(envvar="MOTHERLODE_SMTP_USERNAME")] = None,
    smtp_from: Annotated[
        str | None, typer.Option(envvar="MOTHERLODE_SMTP_FROM", help="The e-mail's sender.")
    ] = None,
    smtp_starttls: Annotated[
        bool,
        typer.Option(
            "--smtp-starttls/--no-smtp-starttls",
            envvar="MOTHERLODE_SMTP_STARTTLS",
            help="Encrypt the SMTP connection with STARTTLS (off: a relay on this machine).",
        ),
    ] = True,
    vapid_private_key: Annotated[
        str | None,
        typer.Option(
            envvar="MOTHERLODE_VAPID_PRIVATE_KEY",
            help="Web Push: the VAPID private key's PEM file (or the key, base64url); off "
            "without it.",
        ),
    ] = None,
    vapid_public_key: Annotated[
        str | None,
        typer.Option(
            envvar="MOTHERLODE_VAPID_PUBLIC_KEY",
            help="Its public key, base64url (default: derived from the private key).",
        ),
    ] = None,
    vapid_subject: Annotated[
        str | None,
        typer.Option(
            envvar="MOTHERLODE_VAPID_SUBJECT",
            help="How push services reach the operator: mailto:you@example.org or https://….",
        ),
    ] = None,
) -> None:
    """Start the web server: lobby, live tables with bots, replays; "your turn" e-mail and
    Web Push where SMTP and VAPID keys are given (docs/web.md, notifications)."""
    from motherlode.web.limits import Limits
    from motherlode.web.notify import NotifySettings

    try:
        limits = Limits(
            bot_seconds=bot_seconds,
            bot_workers=bot_workers or max(1, (os.cpu_count() or 2) - 1),
            max_tables=max_tables,
            tables_per_client=tables_per_client,
            max_bytes=max_bytes,
            allow_client_seed=allow_client_seed,
            unload_after=unload_after,
        )
        notify = NotifySettings.from_env(
            base_url=base_url or f"http://{host}:{port}",
            smtp_host=smtp_host,
            smtp_port=smtp_port,
            smtp_username=smtp_username,
            smtp_from=smtp_from,
            smtp_starttls=smtp_starttls,
            vapid_private_key=vapid_private_key,
            vapid_public_key=vapid_public_key,
            vapid_subject=vapid_subject,
        )
    except ValueError as exc:
        raise fail(str(exc)) from None
    _serve(host, port, database_url, "/" if open_browser else None, limits, notify)


@app.command()
def dashboard(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    database_url: DatabaseOpt = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open")] = True,
) -> None:
    """Keep the books of a physical GOLDFIX table: the rulebook's DASHBOARD in the browser."""
    _serve(host, port, database_url, "/goldfix/dashboard" if open_browser else None)


def _serve(
    host: str,
    port: int,
    database_url: str | None,
    open_path: str | None,
    limits: Limits | None = None,
    notify: NotifySettings | None = None,
) -> None:
    try:
        import uvicorn

        from motherlode.web.app import create_app
        from motherlode.web.limits import Limits
    except ImportError:
        raise fail("the web server needs the 'web' extra: pip install 'motherlode[web]'") from None
    from motherlode.storage import default_database_url
    from motherlode.web.cluster import SingleProcess, sqlite_file

    database = sqlite_file(database_url or default_database_url())
    if database is not None:  # say it plainly, before starting (the server holds it then)
        probe = SingleProcess(database)
        try:
            probe.acquire()
        except RuntimeError as exc:
            raise fail(str(exc)) from None
        probe.release()
    limits = limits or Limits()
    app_ = create_app(database_url, limits=limits, notify=notify, own_process=True)
    url = f"http://{host}:{port}/"
    page = url.rstrip("/") + (open_path or "/")
    console.print(f"motherlode is serving at [bold]{page}[/] (Ctrl+C to stop)")
    if open_path is not None:
        import webbrowser

        webbrowser.open(page)
    # No permessage-deflate: compressing every frame cost a tenth of the server's time per move
    # under load, for frames of a few kilobytes (docs/web.md, "Latency").
    uvicorn.run(
        app_,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=limits.max_bytes,
        ws_per_message_deflate=False,
    )


app.command("arena")(arena_command)
app.add_typer(study_app, name="study")
app.command("tune")(tune_command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
