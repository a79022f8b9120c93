"""The skill ladder of one game: ``random`` and the four difficulty levels in a round robin.

    python bench/strength.py gonza                          # 2 players, 120 games
    python bench/strength.py goldfix -n 60 --jobs 2 -o circuit_limit=15   # 3 players
    python bench/strength.py gonza --bots random beginner casual strong:ms=100 expert:ms=100
    python bench/strength.py gonza -n 400 --markdown        # tables for docs/bots.md
    python bench/strength.py gonza -n 400 --write-ratings   # into games/gonza/data/levels.toml
    python bench/strength.py goldfix -n 3 --seed 55 --first 6 --out c2.json  # a long run, chunk 3
    python bench/strength.py goldfix --from c0.json c1.json c2.json         # the chunks as one run

The games are the arena's (:func:`motherlode.sim.arena.run_arena`): seat-rotated, every
combination of bots when there are more bots than players, every bot in every seat equally
often over each period of games, deals shared within a period.  This script only reads the
arena's numbers and lays them out as a ladder (TAG's matchup matrix):

* the matrix: for each ordered pair, how often the row bot placed above the column bot in
  the games where both sat (ties count half; the arena's head-to-head), with its Wilson 95%
  interval and the number of those games; a pair's two shares add up to 1;
* each bot's win rate against its fair share (with its interval) and its OpenSkill rating
  (mu ± sigma), as the arena computes them;
* whether the ladder is ordered: each bot, in the order given, beats the one before it head
  to head (share above 50%); in 2-player games it is *sure* when every step's interval lies
  above 50% too (with more players the intervals are printed but the verdict does not use
  them: a step's games there also depend on the third bot at the table);
* what a game costs at each level: the seconds each bot spent in its decisions (wall clock
  inside ``act``, in the process that played the game, the engine's own work left out),
  per game it sat in and per decision.  With ``--jobs`` above the free cores they stretch,
  and so does every ``ms=`` budget's strength; run with ``--jobs 1`` on a quiet machine
  for figures to publish.

Ratings are relative to the line-up: a level's mu means something only next to the other
bots of the same run, which ``--write-ratings`` therefore records with it (the bots, the
players, the games, the seed and the command), in the ``[ratings]`` table of the game's
``data/levels.toml`` (read by :func:`motherlode.agents.levels.rating`; the file's other
tables are kept as they are).  Only levels entered as themselves are written: a rating of
``strong:ms=100`` is not the rating of the ``strong`` the lobby offers.

Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
import time
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.agents import levels
from motherlode.agents.specs import parse_spec
from motherlode.engine import BadOptions, Game, MotherlodeError, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim.arena import Arena, HeadToHead, run_arena
from motherlode.sim.backends import BACKENDS, make_backend
from motherlode.sim.live import err_console, live_progress, speed_line

DEFAULT_BOTS = ("random", *levels.ORDER)
DEFAULT_GAMES = 120
"""A multiple of both periods of five bots: 20 games with 2 players, 30 with 3."""

Matrix = Mapping[tuple[int, int], HeadToHead]


def ladder_players(game: Game) -> int:
    """The game's smallest table (2, or 3 for the games of 3 and more)."""
    return game.min_players


def run_ladder(
    game_id: str, bots: Sequence[str], games: int, *, players: int | None = None, **arena: Any
) -> Arena:
    """The arena's round robin of ``bots`` at the game's smallest table (or ``players``);
    the other keywords (seed, options, jobs, backend, progress) are :func:`run_arena`'s."""
    if len(bots) < 2:
        raise BadOptions("a ladder needs at least two bots")
    count = ladder_players(get_game(game_id)) if players is None else players
    return run_arena(game_id, bots, games, players=count, **arena)


def matrix(arena: Arena) -> dict[tuple[int, int], HeadToHead]:
    """The arena's head-to-head tallies by (row bot, column bot); pairs that never met are
    missing."""
    return {(h.bot, h.other): h for h in arena.head_to_head()}


# ------------------------------------------------------------------------ verdict


@dataclass(frozen=True)
class Step:
    """One rung: how often ``upper`` placed above ``lower``, the bot before it."""

    lower: str
    upper: str
    tally: HeadToHead | None
    """None when the two never met."""

    @property
    def beats(self) -> bool:
        return self.tally is not None and self.tally.rate > 0.5

    @property
    def sure(self) -> bool:
        """Its 95% interval lies above 50% as well."""
        return self.tally is not None and self.tally.interval[0] > 0.5

    def describe(self) -> str:
        if self.tally is None:
            return f"{self.upper} vs {self.lower}: never met"
        lo, hi = self.tally.interval
        return (
            f"{self.upper} over {self.lower}: {self.tally.rate:.1%} "
            f"({lo:.1%}–{hi:.1%}) of {self.tally.games} games"
        )


@dataclass(frozen=True)
class Verdict:
    steps: tuple[Step, ...]
    players: int

    @property
    def measured(self) -> bool:
        return all(s.tally is not None for s in self.steps)

    @property
    def ordered(self) -> bool:
        """Each bot beats the one before it head to head."""
        return self.measured and all(s.beats for s in self.steps)

    @property
    def sure(self) -> bool | None:
        """Ordered with every step's interval above 50% (2-player games; None otherwise)."""
        if self.players != 2:
            return None
        return self.ordered and all(s.sure for s in self.steps)

    def line(self) -> str:
        """The verdict in one line."""
        if not self.steps:
            return "nothing to order: one bot"
        missing = [s for s in self.steps if s.tally is None]
        if missing:
            pairs = "; ".join(f"{s.upper} and {s.lower}" for s in missing)
            return f"not measured: {pairs} never met (play at least one full period of games)"
        losers = [s for s in self.steps if not s.beats]
        if losers:
            why = "; ".join(
                f"{s.upper} does not beat {s.lower} ({s.tally.rate:.1%} of {s.tally.games})"
                for s in losers
                if s.tally is not None
            )
            return f"NOT ordered: {why}"
        if self.players != 2:
            return (
                f"ordered: each bot beats the one below it head to head ({self.players} "
                "players: the 95% check is for 2-player games)"
            )
        unsure = [s for s in self.steps if not s.sure]
        if not unsure:
            return "ordered and sure: each bot beats the one below it, every 95% interval above 50%"
        reach = "; ".join(
            f"{s.upper} over {s.lower} down to {s.tally.interval[0]:.1%}"
            for s in unsure
            if s.tally is not None
        )
        return (
            f"ordered, not sure yet: each bot beats the one below it, but the 95% interval "
            f"reaches 50% for {reach} (play more games)"
        )


def judge(bots: Sequence[str], cells: Matrix, players: int) -> Verdict:
    """Whether ``bots``, weakest first, form a ladder in the matrix ``cells``."""
    steps = tuple(Step(bots[i - 1], bots[i], cells.get((i, i - 1))) for i in range(1, len(bots)))
    return Verdict(steps, players)


# ------------------------------------------------------------------------ reports


def _share(h: HeadToHead | None, *, markdown: bool = False) -> str:
    if h is None:
        return "–" if markdown else "-"
    lo, hi = h.interval
    if markdown:
        return f"{h.rate:.1%} ({lo:.1%}–{hi:.1%}), {h.games}"
    return f"{h.rate:.0%} [{lo:.0%}–{hi:.0%}] n={h.games}"


def _columns(rows: list[list[str]], right: int = 1) -> str:
    """Rows as aligned plain-text columns (the first ``right`` columns left-aligned)."""
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(w) if c < right else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _figure(value: float) -> str:
    """Three significant figures, without an exponent."""
    return f"{value:.0f}" if value >= 100 else f"{value:.3g}"


def _board_rows(arena: Arena) -> list[list[str]]:
    thinking = arena.thinking()
    rows = []
    for s, t in zip(arena.summaries(), thinking, strict=True):
        lo, hi = s.interval
        rows.append(
            [
                s.bot,
                str(s.games),
                f"{s.win_rate:.1%}",
                f"{lo:.1%}–{hi:.1%}",
                f"{s.fair_share:.1%}",
                f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}",
                _figure(t.per_game),
                _figure(t.per_decision * 1000),
            ]
        )
    return rows


BOARD_HEADER = [
    "bot",
    "games",
    "win rate",
    "95% CI",
    "fair share",
    "rating (mu ± sigma)",
    "s / game",
    "ms / decision",
]


def title(arena: Arena) -> str:
    game = get_game(arena.game)
    extra = f", options {arena.options}" if arena.options else ""
    return (
        f"{game.title}: skill ladder of {len(arena.bots)} bots, {arena.players} players, "
        f"{len(arena.results)} games (period {arena.period}), seed {arena.seed}{extra}"
    )


def report_text(arena: Arena) -> str:
    cells = matrix(arena)
    bots = arena.bots
    out = [title(arena), ""]
    out.append("Matchup matrix: how often the row bot placed above the column bot (ties half),")
    out.append("95% Wilson interval, games they met in")
    rows = [["", *bots]]
    for a, name in enumerate(bots):
        rows.append(
            [name, *("·" if a == b else _share(cells.get((a, b))) for b in range(len(bots)))]
        )
    out += [_columns(rows), ""]
    out.append("Each bot: win rate against its fair share, OpenSkill rating, time in its decisions")
    out += [_columns([BOARD_HEADER, *_board_rows(arena)]), ""]
    verdict = judge(bots, cells, arena.players)
    out.append("Ladder, weakest first (each bot against the one before it):")
    for s in verdict.steps:
        sure = ", interval above 50%" if arena.players == 2 and s.sure else ""
        out.append(f"  {'ok' if s.beats else 'NO'}  {s.describe()}{sure}")
    out.append(f"Verdict: {verdict.line()}")
    out.append(
        f"Mean game length {arena.mean_moves:.1f} moves; seconds are wall clock inside each "
        "bot's decisions (per game it sat in, all its seats)"
    )
    if len(arena.results) % arena.period:
        out.append(
            f"Note: seats and pairings are balanced every {arena.period} games; "
            f"{len(arena.results)} is not a multiple"
        )
    return "\n".join(out)


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def report_markdown(arena: Arena, command: str = "") -> str:
    """The same report as Markdown tables, to paste into docs/bots.md."""
    cells = matrix(arena)
    bots = arena.bots
    game = get_game(arena.game)
    out = [f"### {game.title}, {arena.players} players: the skill ladder", ""]
    if command:
        out += [f"`{command}`", ""]
    out.append(
        f"{len(arena.results)} games, seed {arena.seed}. Each cell: how often the row bot "
        "placed above the column bot in the games where both sat (ties count half), its "
        "Wilson 95% interval, and the number of those games."
    )
    out.append("")
    out.append(_md_row(["row above column", *bots]))
    out.append(_md_row(["---"] * (len(bots) + 1)))
    for a, name in enumerate(bots):
        row = [f"**{name}**"]
        row += [
            "—" if a == b else _share(cells.get((a, b)), markdown=True) for b in range(len(bots))
        ]
        out.append(_md_row(row))
    out.append("")
    out.append(_md_row(BOARD_HEADER))
    out.append(_md_row(["---"] * len(BOARD_HEADER)))
    for row in _board_rows(arena):
        out.append(_md_row([f"`{row[0]}`", *row[1:]]))
    out.append("")
    verdict = judge(bots, cells, arena.players)
    out.append(f"**Verdict:** {verdict.line()}.")
    out.append("")
    out.append(
        f"Mean game length {arena.mean_moves:.1f} moves; seconds are wall clock inside each "
        "bot's decisions, per game it sat in."
    )
    return "\n".join(out)


def to_json(arena: Arena, command: str = "") -> dict[str, Any]:
    """The arena's own JSON (every game, with timings) and the ladder's reading of it."""
    verdict = judge(arena.bots, matrix(arena), arena.players)
    out = arena.to_json(timings=True)
    out["ladder"] = {
        "command": command,
        "steps": [
            {
                "lower": s.lower,
                "upper": s.upper,
                "rate": None if s.tally is None else s.tally.rate,
                "games": 0 if s.tally is None else s.tally.games,
                "beats": s.beats,
                "sure": s.sure,
            }
            for s in verdict.steps
        ],
        "ordered": verdict.ordered,
        "sure": verdict.sure,
        "verdict": verdict.line(),
    }
    return out


# ------------------------------------------------------------------ levels.toml

_HEADER = re.compile(r"^\s*\[\[?\s*([^\[\]#]+?)\s*\]\]?\s*(#.*)?$")


def _toml_value(value: Any) -> str:
    """A small TOML writer: strings, whole numbers, floats, lists and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def ratings_table(arena: Arena, specs: Sequence[str], command: str) -> dict[str, Any]:
    """What ``--write-ratings`` puts under ``[ratings]``: the run, then each level entered
    as itself (no parameters; the first of a level entered twice)."""
    table: dict[str, Any] = {
        "command": command,
        "bots": list(arena.bots),
        "players": arena.players,
        "games": len(arena.results),
        "seed": arena.seed,
    }
    for spec, summary in zip(specs, arena.summaries(), strict=True):
        parsed = parse_spec(spec)
        if levels.is_level(parsed.name) and not parsed.params and parsed.name not in table:
            table[parsed.name] = {
                "mu": round(summary.rating.mu, 4),
                "sigma": round(summary.rating.sigma, 4),
                "games": summary.games,
            }
    return table


def replace_ratings(text: str, table: Mapping[str, Any]) -> str:
    """``text`` (a TOML file) with its ``[ratings]`` table (and any ``[ratings.*]``) replaced
    by ``table``, written last; every other line is kept as it is, the comment right above a
    table's header (no blank line between) with that table.  Raises ValueError when
    the result would not read back as exactly the old tables plus the new ratings."""
    kept: list[str] = []
    dropped: list[str] = []
    inside = False
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            name = re.sub(r"[\s\"']", "", header.group(1))
            ratings = name == "ratings" or name.startswith("ratings.")
            if inside and not ratings:
                # the comment lines right above the next table's header are that table's
                at = len(dropped)
                while at and dropped[at - 1].lstrip().startswith("#"):
                    at -= 1
                kept.extend(dropped[at:])
            dropped = []
            inside = ratings
        (dropped if inside else kept).append(line)
    body = "\n".join(kept).rstrip()
    section = [
        "[ratings]",
        "# OpenSkill ratings of the levels (mu ± sigma) against the other bots of one run of",
        "# bench/strength.py; rewritten by its --write-ratings.",
        *(f"{key} = {_toml_value(value)}" for key, value in table.items()),
    ]
    new = (body + "\n\n" if body else "") + "\n".join(section) + "\n"
    old_data = tomllib.loads(text)
    try:
        new_data = tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the rewritten file would not parse ({exc})") from None
    old_data.pop("ratings", None)
    written = new_data.pop("ratings", None)
    if new_data != old_data or written != dict(table):
        raise ValueError("rewriting [ratings] would change other tables; edit the file by hand")
    return new


def levels_file(game: Game) -> Path:
    return levels.data_folder(game) / "levels.toml"


def write_ratings(arena: Arena, specs: Sequence[str], command: str) -> tuple[Path, list[str]]:
    """Write the levels' ratings into the game's levels.toml (created if missing); the
    file and the levels written."""
    game = get_game(arena.game)
    path = levels_file(game)
    table = ratings_table(arena, specs, command)
    text = path.read_text() if path.is_file() else ""
    new = replace_ratings(text, table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new)
    return path, [name for name in levels.ORDER if name in table]


# -------------------------------------------------------------------------- main


SAME = ("game", "bots", "players", "options")
"""What the chunks of one run share: their seeds differ (so their deals do), or they are
played from one seed's schedule, each from its own ``--first`` game."""


def pooled(runs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The games of several saved runs of one match as one run (chunks played in parallel,
    each with its own seed); the first run's seed and command stand for the pool."""
    if not runs:
        raise ValueError("no runs")
    first = runs[0]
    for run in runs[1:]:
        differs = [key for key in SAME if run.get(key) != first.get(key)]
        if differs:
            raise ValueError(f"the runs differ in {', '.join(differs)}")
    played = [(run.get("seed"), g["index"]) for run in runs for g in run["games"]]
    if len(set(played)) != len(played):
        raise ValueError("two runs hold the same game of one seed: the same games twice")
    games = [dict(g) for run in runs for g in run["games"]]
    for index, game in enumerate(games):
        game["index"] = index
    return {**first, "games": games}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id")
    parser.add_argument(
        "--bots",
        nargs="+",
        default=list(DEFAULT_BOTS),
        help="bot specs, weakest first (default: %(default)s)",
    )
    parser.add_argument("-p", "--players", type=int, help="players (default: the game's fewest)")
    parser.add_argument("-n", "--games", type=int, default=DEFAULT_GAMES, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="run seed")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="start at this game of the seed's schedule: chunks of one long ladder, "
        "pooled with --from (default 0)",
    )
    parser.add_argument("-j", "--jobs", type=int, help="local processes (1) or Ray CPUs (all)")
    parser.add_argument("--backend", choices=BACKENDS, default="local")
    parser.add_argument("--address", help="the Ray cluster to join")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a game option as key=value"
    )
    parser.add_argument("--out", type=Path, help="write the arena's JSON (with timings) here")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument(
        "--write-ratings",
        action="store_true",
        help="write the levels' ratings into the game's data/levels.toml",
    )
    parser.add_argument(
        "--from",
        dest="saved",
        type=Path,
        nargs="+",
        help="lay out runs saved with --out (or by `motherlode arena --out`) instead of "
        "playing: one run, or the chunks of one run played in parallel (the same bots, "
        "players and options; their games are pooled)",
    )
    args = parser.parse_args(argv)
    command = shlex.join(["python", "bench/strength.py", *(sys.argv[1:] if argv is None else argv)])
    if args.out is not None and args.out.suffix.lower() != ".json":
        parser.error(f"--out writes JSON: give a path ending in .json, not {args.out.name!r}")
    if args.saved is not None:  # a run already played: its figures, its ratings
        try:
            data = pooled([json.loads(path.read_text()) for path in args.saved])
            arena = Arena.from_json(data)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(
                f"error: {shlex.join(map(str, args.saved))}: not saved runs: {exc}", file=sys.stderr
            )
            return 2
        if arena.game != args.game:
            print(f"error: {args.saved[0]} is a ladder of {arena.game}", file=sys.stderr)
            return 2
        played = str((data.get("ladder") or {}).get("command") or "")
        if played and len(args.saved) > 1:  # the first chunk's command is not the pool's
            command = f"{played}; and its other chunks, {len(args.saved)} runs pooled: {command}"
        else:
            command = played or command
        args.bots = list(arena.bots)
        return _report(args, arena, command, "")
    try:
        game = get_game(args.game)
        options = parse_option_pairs(args.option)
        with make_backend(args.backend, jobs=args.jobs, address=args.address) as runner:
            start = time.perf_counter()
            with live_progress(f"{game.title} ladder", args.games) as advance:
                arena = run_ladder(
                    args.game,
                    args.bots,
                    args.games,
                    players=args.players,
                    seed=args.seed,
                    options=options,
                    backend=runner,
                    progress=advance,
                    first=args.first,
                )
            speed = speed_line(args.games, time.perf_counter() - start, runner)
    except MotherlodeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return _report(args, arena, command, speed)


def _report(args: argparse.Namespace, arena: Arena, command: str, speed: str) -> int:
    """Print the ladder, then write what was asked (its JSON, the levels' ratings)."""
    print(report_markdown(arena, command) if args.markdown else report_text(arena))
    if speed:
        err_console.print(speed)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(to_json(arena, command), indent=1) + "\n")
        print(f"Results written to {args.out}")
    if args.write_ratings:
        try:
            path, written = write_ratings(arena, args.bots, command)
        except (OSError, ValueError) as exc:
            print(f"error: ratings not written: {exc}", file=sys.stderr)
            return 1
        print(f"Ratings of {', '.join(written) or 'no level'} written to {path}")
        entered = [parse_spec(b) for b in args.bots]
        skipped = [str(b) for b in entered if levels.is_level(b.name) and str(b) not in written]
        if skipped:
            print(f"Not written (not the level as the lobby offers it): {', '.join(skipped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
