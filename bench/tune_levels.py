"""Tune one difficulty level's search settings for one game with Optuna (issue 27).

    python bench/tune_levels.py gonza --level strong --trials 30 --games 24 --ms 250 --jobs 2
    python bench/tune_levels.py gonza --level strong --iters 200 --storage sqlite:///tune.db
    python bench/tune_levels.py goldfix --level strong --space c,cutoff -o circuit_limit=15
    python bench/tune_levels.py gonza --level strong --storage sqlite:///tune.db --write

A *trial* is one setting of the parameters in the search space (below).  The level with those
settings (spec overrides, ``strong:ms=250,c=0.551,cutoff=25,bias=1.5,widen=8,win=0.8``)
plays ``--games`` seat-rotated games against the ``casual`` level (the game's heuristic
bot) in the arena (:func:`motherlode.sim.arena.run_arena`), and the trial's score is the
level's win rate there: its share of the wins, a shared win counting a part.  The game's
*fair share* (what an equal bot would get: 50% at a table of two) is the same for every
trial, so the best win rate is also the best margin over it; both are printed, each trial
with its Wilson 95% interval (:func:`motherlode.sim.stats.wilson_interval`).

The optimiser is Optuna's TPE sampler, seeded by ``--seed``; its first trial is today's
settings (the level's parameters from :func:`motherlode.agents.levels.expand`: its spec
defaults, the game's ``levels.toml``, ``Game.search_defaults`` and the search's own
defaults), so the run's baseline is what the lobby plays now.  Each trial's games are
seeded from ``--seed`` and the trial's number, so a trial can be replayed from its settings
(the command to do so is printed for the best trial).  The search space, one entry per
parameter, is :data:`SPACE`; ``--space c,cutoff`` tunes a subset, the others keep today's
values.  The rollout and the evaluation are not tuned (a game whose search rolls out with
its heuristic keeps it); ``bias`` is left out where the level has no prior bot to favour.

Budget: ``--ms`` (default: the level's own) gives each decision a wall-clock budget, as the
lobby does, so a trial's strength depends on how busy the machine is (``--jobs`` above the
free cores makes every trial weaker) and a trial replays only roughly.  ``--iters N``
gives each decision N iterations instead (no clock): slower settings then cost nothing,
but the trials are reproducible to the move.  Settings tuned at one budget need not be the
best at another.

Noise: with N games a trial's interval is about ±1/sqrt(N) wide around 50% (±19 points at
24 games), so most trials cannot be told apart, and the best of many trials is flattered
by luck.  Re-measure the best against today's settings with many more games (the printed
arena command) before writing it.  ``--same-deals`` gives every trial the same deals and
bot seeds (common random numbers): two settings then differ only in the games their play
changes, not in the luck of the deal, which in a game of dice is most of a trial's spread
(two settings' games on the same deals ended alike in about half the games in Gonza Index
and four in five in Goodwill: docs/bots.md's paired runs);
the best is then flattered by those deals too, so re-measure it on others (the printed
command uses another seed).

``--range NAME=LOW:HIGH`` (repeatable) moves a parameter's range, e.g. ``--range
cutoff=1:30`` for a level whose judgement at the cut-off needs few moves; a range starting
at 0 or below is sampled evenly, not on a log scale.

``--storage sqlite:///FILE.db`` keeps the study in an Optuna RDB storage (study name
``<game>-<level>-<players>p``): stop the run at any time and start the same command
again, and it goes on to ``--trials`` finished trials in all.  (The resumed sampler is seeded
from ``--seed`` and the trials stored, so it does not draw the trials already run again;
nor does it draw what an unbroken run would have.)  A stored study run with other settings
(games, budget, seed, space, options) is refused.  ``--write`` writes the best
trial's values into the ``[<level>]`` table of the game's ``data/levels.toml`` (other
tables kept; :func:`motherlode.agents.levels_file.update_table`), with a comment saying how
they were found.
"""

from __future__ import annotations

import argparse
import inspect
import math
import random
import shlex
import sys
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import optuna

from motherlode.agents import levels, levels_file
from motherlode.agents.mcts import MCTSAgent
from motherlode.engine import BadOptions, MotherlodeError, get_game
from motherlode.engine.options import parse_option_pairs
from motherlode.sim.arena import run_arena
from motherlode.sim.backends import BACKENDS, Backend, make_backend
from motherlode.sim.live import live_progress
from motherlode.sim.stats import WinTally, wilson_interval
from motherlode.sim.tune import keep_settings, queue_baseline

OPPONENT = "casual"
TUNABLE = ("strong", "expert")
DIGITS = 3
"""Decimals a tuned float keeps: what the trial plays and what --write writes agree."""


@dataclass(frozen=True)
class Param:
    """One parameter's range in the search space."""

    low: float
    high: float
    log: bool = False
    integer: bool = False

    def suggest(self, trial: optuna.Trial, name: str) -> int | float:
        if self.integer:
            return trial.suggest_int(name, int(self.low), int(self.high), log=self.log)
        return round(trial.suggest_float(name, self.low, self.high, log=self.log), DIGITS)

    def describe(self) -> str:
        kind = ", ".join(k for k, on in (("int", self.integer), ("log", self.log)) if on)
        return f"[{self.low:g}, {self.high:g}]" + (f" {kind}" if kind else "")

    def contains(self, value: Any) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def to_json(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "log": self.log, "int": self.integer}


SPACE: dict[str, Param] = {
    "c": Param(0.2, 1.6, log=True),  # UCT exploration
    "cutoff": Param(4, 60, log=True, integer=True),  # rollout moves before the evaluation
    "bias": Param(0.0, 4.0),  # progressive bias towards the prior bot's move
    "widen": Param(2, 32, log=True, integer=True),  # progressive widening's floor
    "win": Param(0.4, 1.0),  # weight of the win share against the margin
    "top": Param(0, 16, integer=True),  # root moves the heuristic ranks best (0: every move)
}
"""The search space: every parameter :mod:`motherlode.agents.mcts` may be tuned in, with its
range.  Printed at the start of a run and written with its results."""


LIMITS = {"win": (0.0, 1.0)}
"""What the search accepts where a ``--range`` may reach (every parameter: at least 0)."""


def ranged(param: Param, name: str, bounds: tuple[float, float] | None) -> Param:
    """``param`` with the range ``bounds`` (``--range``), checked: within what the search
    takes (:data:`LIMITS`), whole numbers for a whole-number parameter, low below high, and
    no log scale from 0 or below."""
    if bounds is None:
        return param
    low, high = bounds
    floor, ceiling = LIMITS.get(name, (0.0, math.inf))
    if low < floor or high > ceiling:
        raise BadOptions(f"--range {name}: {name} lies between {floor:g} and {ceiling:g}")
    if not low < high:
        raise BadOptions(f"--range {name}: the low end must be below the high end")
    if param.integer and not (float(low).is_integer() and float(high).is_integer()):
        raise BadOptions(f"--range {name}: {name} takes whole numbers")
    return Param(low, high, log=param.log and low > 0, integer=param.integer)


def parse_ranges(texts: Sequence[str]) -> dict[str, tuple[float, float]]:
    """``["cutoff=1:30"]`` as ``{"cutoff": (1.0, 30.0)}``, with a clear error otherwise."""
    ranges: dict[str, tuple[float, float]] = {}
    for text in texts:
        name, _, bounds = text.partition("=")
        low, colon, high = bounds.partition(":")
        try:
            if not colon:
                raise ValueError
            ranges[name.strip()] = (float(low), float(high))
        except ValueError:
            raise BadOptions(f"--range is NAME=LOW:HIGH (cutoff=1:30), not {text!r}") from None
    return ranges


def describe_space(space: Mapping[str, Param]) -> str:
    return "; ".join(f"{name} {param.describe()}" for name, param in space.items())


def search_defaults() -> dict[str, Any]:
    """The search's own defaults (MCTSAgent's keyword arguments)."""
    signature = inspect.signature(MCTSAgent.__init__)
    return {
        name: p.default
        for name, p in signature.parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    }


def _spec_value(value: Any) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def trial_seed(seed: int, number: int) -> int:
    """The arena seed of trial ``number`` of a run seeded ``seed`` (stable across runs)."""
    return random.Random(f"tune_levels:{seed}:{number}").getrandbits(31)


def sampler_seed(seed: int, trials: int) -> int:
    """The sampler's seed when a stored study with ``trials`` trials is resumed."""
    return random.Random(f"tune_levels:sampler:{seed}:{trials}").getrandbits(31)


# ------------------------------------------------------------------------ tuning


@dataclass(frozen=True)
class Result(WinTally):
    """A finished trial: its parameters and how the level fared against ``casual``."""

    number: int
    params: dict[str, Any]
    """As played (Optuna's ``trial.params`` keeps the floats before rounding)."""
    wins: float
    games: int
    fair_share: float
    seed: int
    spec: str
    seconds: float
    baseline: bool

    @classmethod
    def of(cls, trial: optuna.Trial | optuna.trial.FrozenTrial) -> Result:
        a = trial.user_attrs
        return cls(
            trial.number,
            dict(a.get("played", trial.params)),
            float(a["wins"]),
            int(a["games"]),
            float(a["fair_share"]),
            int(a["seed"]),
            str(a["spec"]),
            float(a.get("seconds", 0.0)),
            bool(a.get("baseline", False)),
        )


@dataclass
class Tuning:
    """One tuning run's settings, and the objective that plays a trial."""

    game_id: str
    level: str
    games: int
    players: int
    seed: int
    ms: float | None = None
    iters: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    space: dict[str, Param] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    same_deals: bool = False
    """Every trial plays the same deals and bot seeds (``--same-deals``)."""
    backend: Backend | None = None
    jobs: int = 1
    progress: bool = False
    report: Callable[[str], None] = print

    @classmethod
    def make(
        cls,
        game_id: str,
        level: str,
        *,
        games: int,
        players: int | None = None,
        seed: int = 0,
        ms: float | None = None,
        iters: int | None = None,
        space: Sequence[str] | None = None,
        ranges: Mapping[str, tuple[float, float]] | None = None,
        options: Mapping[str, Any] | None = None,
        **rest: Any,
    ) -> Tuning:
        """Checks the settings and narrows the space to what the level can use."""
        game = get_game(game_id)
        if level not in TUNABLE:
            raise BadOptions(f"--level is one of {', '.join(TUNABLE)}, not {level!r}")
        if games < 1:
            raise BadOptions("--games must be at least 1")
        if ms is not None and iters is not None:
            raise BadOptions("give --ms or --iters, not both")
        if isinstance(ms, float) and ms.is_integer():
            ms = int(ms)  # ms=250 in the specs, not 250.0
        names = list(SPACE) if space is None else list(space)
        unknown = [n for n in names if n not in SPACE]
        if unknown or not names:
            raise BadOptions(
                f"--space names some of {', '.join(SPACE)}, not {', '.join(unknown) or 'none'}"
            )
        tuning = cls(
            game_id,
            level,
            games,
            game.min_players if players is None else players,
            seed,
            ms,
            iters,
            dict(options or {}),
            **rest,
        )
        game.check_players(tuning.players)
        game.options(tuning.options)
        current = tuning.current()
        prior = current.get("prior")
        has_prior = prior != "none" and (prior is not None or current["rollout"] != "random")
        if "bias" in names and not has_prior:
            names.remove("bias")
            tuning.notes.append("bias is not tuned: the level has no prior bot to favour")
            if not names:
                raise BadOptions("nothing left to tune")
        heuristic = game.bots.get("heuristic")
        if "top" in names and not callable(getattr(heuristic, "ranked", None)):
            names.remove("top")
            tuning.notes.append("top is not tuned: the game's heuristic does not rank its moves")
            if not names:
                raise BadOptions("nothing left to tune")
        ranges = dict(ranges or {})
        stray = sorted(set(ranges) - set(names))
        if stray:
            raise BadOptions(f"--range names {', '.join(stray)}, which this run does not tune")
        tuning.space = {n: ranged(SPACE[n], n, ranges.get(n)) for n in names}
        current = tuning.current()
        for name, param in tuning.space.items():
            value = current.get(name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                tuning.notes.append(
                    f"today's {name}={value} is not in the space; trial 0 samples it"
                )
            elif not param.contains(value):
                tuning.notes.append(f"today's {name}={value} lies outside {param.describe()}")
        return tuning

    def current(self) -> dict[str, Any]:
        """Every search parameter the level plays with today (with the search's defaults)."""
        _, params = levels.expand(self.level, {}, get_game(self.game_id))
        return {**search_defaults(), **params}

    def baseline(self) -> dict[str, Any]:
        """Today's values of the tuned parameters (the first trial).  A value the space
        cannot hold (no cut-off at all) is left to the sampler (``notes`` says so)."""
        current = self.current()
        return {
            name: int(value) if param.integer else float(value)
            for name, param in self.space.items()
            if isinstance(value := current.get(name), int | float) and not isinstance(value, bool)
        }

    @property
    def budget(self) -> str:
        if self.iters is not None:
            return f"iters={self.iters}"
        ms = self.ms if self.ms is not None else self.current()["ms"]
        return f"ms={_spec_value(ms)}"

    def spec(self, params: Mapping[str, Any]) -> str:
        """The bot spec a trial plays: the level with overrides (a wall-clock budget), or
        with ``--iters`` the search with the level's settings and no clock (a level's own
        ``ms`` cannot be taken away by an override)."""
        values = {**params}
        if self.iters is None:
            body = {"ms": self.ms, **values} if self.ms is not None else values
            return f"{self.level}:" + ",".join(f"{k}={_spec_value(v)}" for k, v in body.items())
        _, merged = levels.expand(self.level, values, get_game(self.game_id))
        merged.pop("ms", None)
        merged["iters"] = self.iters
        return "mcts:" + ",".join(f"{k}={_spec_value(v)}" for k, v in merged.items())

    def settings(self) -> dict[str, Any]:
        """What a stored study must have been run with to be continued."""
        return {
            "game": self.game_id,
            "level": self.level,
            "opponent": OPPONENT,
            "players": self.players,
            "games": self.games,
            "budget": self.budget,
            "seed": self.seed,
            "options": self.options,
            "space": {name: p.to_json() for name, p in self.space.items()},
            **({"deals": "same"} if self.same_deals else {}),
        }

    @property
    def study_name(self) -> str:
        return f"{self.game_id}-{self.level}-{self.players}p"

    def objective(self, trial: optuna.Trial) -> float:
        params = {name: param.suggest(trial, name) for name, param in self.space.items()}
        spec = self.spec(params)
        seed = trial_seed(self.seed, 0 if self.same_deals else trial.number)
        start = time.perf_counter()
        common: dict[str, Any] = {
            "players": self.players,
            "seed": seed,
            "options": self.options,
            "jobs": self.jobs,
            "backend": self.backend,
        }
        if self.progress:
            with live_progress(f"trial {trial.number}", self.games) as advance:
                arena = run_arena(
                    self.game_id, [spec, OPPONENT], self.games, progress=advance, **common
                )
        else:
            arena = run_arena(self.game_id, [spec, OPPONENT], self.games, **common)
        mine = arena.summaries()[0]
        for key, value in {
            "played": params,  # as played: floats rounded to DIGITS decimals
            "wins": mine.wins,
            "games": mine.games,
            "fair_share": mine.fair_share,
            "seed": seed,
            "spec": spec,
            "seconds": time.perf_counter() - start,
        }.items():
            trial.set_user_attr(key, value)
        self.report(trial_line(Result.of(trial), self.space))
        return mine.win_rate


def trial_line(result: Result, space: Mapping[str, Param]) -> str:
    values = "  ".join(f"{k}={_short(result.params.get(k))}" for k in space)
    lo, hi = result.interval
    tag = "  (today)" if result.baseline else ""
    return (
        f"trial {result.number:3d}  {values}   {result.win_rate:6.1%} "
        f"({lo:.1%}-{hi:.1%}) of {result.games}, {result.seconds:.1f} s{tag}"
    )


def _short(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return "-" if value is None else str(value)


def open_study(tuning: Tuning, storage: str | None) -> optuna.Study:
    """A new study, or the stored one of the same name and settings (BadOptions if its
    settings differ); today's settings are queued first unless a finished trial has them."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        study_name=tuning.study_name,
        storage=storage,
        direction="maximize",
        sampler=optuna.samplers.TPESampler(seed=tuning.seed),
        load_if_exists=True,
    )
    keep_settings(study, tuning.settings(), "another --storage file")
    trials = study.get_trials(deepcopy=False)
    if trials:  # a fresh seed: the same one would draw the startup trials already run
        study.sampler = optuna.samplers.TPESampler(seed=sampler_seed(tuning.seed, len(trials)))
    queue_baseline(study, tuning.baseline())
    return study


def results(study: optuna.Study) -> list[Result]:
    complete = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
    return [Result.of(t) for t in complete]


def tune(tuning: Tuning, trials: int, storage: str | None = None) -> optuna.Study:
    """Run trials until the study has ``trials`` finished ones (resuming a stored one)."""
    study = open_study(tuning, storage)
    done = results(study)
    for result in done:
        tuning.report(trial_line(result, tuning.space))
    if trials > len(done):
        study.optimize(tuning.objective, n_trials=trials - len(done))
    return study


def best_and_baseline(study: optuna.Study) -> tuple[Result, Result | None]:
    finished = results(study)
    if not finished:
        raise ValueError("no trial has finished")
    best = max(finished, key=lambda r: (r.win_rate, -r.number))
    return best, next((r for r in finished if r.baseline), None)


# ------------------------------------------------------------------------ report


def noise_warning(games: int, trials: int) -> str:
    lo, hi = wilson_interval(games / 2, games)
    need = math.ceil((1.96 / 0.05) ** 2 / 4)
    return (
        f"Warning: with {games} games a trial's 95% interval around 50% is "
        f"{lo:.0%}-{hi:.0%} (±{(hi - lo) / 2 * 100:.0f} points): trials closer than that "
        f"are not told apart, and the best of {trials} is flattered by luck. "
        f"±5 points takes about {need} games."
    )


def comparison(best: Result, base: Result | None, space: Mapping[str, Param]) -> str:
    rows = [
        ["", f"best (trial {best.number})", "today" + (f" (trial {base.number})" if base else "")]
    ]
    for name in space:
        rows.append([name, _short(best.params.get(name)), _short(base and base.params.get(name))])
    for label, get in (
        ("win rate", lambda r: f"{r.win_rate:.1%}"),
        ("95% interval", lambda r: f"{r.interval[0]:.1%}-{r.interval[1]:.1%}"),
        ("fair share", lambda r: f"{r.fair_share:.1%}"),
        ("games", lambda r: str(r.games)),
        ("seconds", lambda r: f"{r.seconds:.1f}"),
    ):
        rows.append([label, get(best), get(base) if base else "not run"])
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "\n".join(
        f"{row[0]:<{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]:>{widths[2]}}" for row in rows
    )


def confirm_command(tuning: Tuning, best: Result, base: Result | None, games: int = 400) -> str:
    bots = [best.spec] + ([base.spec] if base else [])
    return shlex.join(
        [
            "motherlode",
            "arena",
            tuning.game_id,
            *(a for spec in bots for a in ("-b", spec)),
            "-n",
            str(games),
            "-p",
            str(tuning.players),
            "--seed",
            str(tuning.seed + 1),
        ]
    )


# ------------------------------------------------------------------------ write


def write_best(tuning: Tuning, study: optuna.Study, command: str) -> tuple[Path, dict[str, Any]]:
    """Write the best trial's values into the level's table of the game's levels.toml (its
    other values in that table, and the file's other tables, kept)."""
    best, base = best_and_baseline(study)
    path = levels_file.path_of(get_game(tuning.game_id))
    old: dict[str, Any] = {}
    if path.is_file():
        with open(path, "rb") as f:
            table = tomllib.load(f).get(tuning.level, {})
        old = dict(table) if isinstance(table, dict) else {}
    values = {**old, **best.params}
    finished = len(results(study))

    def rate(r: Result) -> str:
        lo, hi = r.interval
        return f"{r.win_rate:.1%} (95% {lo:.1%}-{hi:.1%})"

    comment = [
        f"[{tuning.level}] tuned by Optuna TPE against {OPPONENT}: {command}",
        f"seed {tuning.seed}, {finished} trials of {tuning.games} games each, "
        f"{tuning.players} players, {tuning.budget} a move"
        + (", the same deals in every trial" if tuning.same_deals else "")
        + (f", options {tuning.options}" if tuning.options else ""),
        f"space: {describe_space(tuning.space)}",
        f"best: trial {best.number}, win rate {rate(best)}"
        + (f"; today's settings (trial {base.number}) {rate(base)}" if base else ""),
    ]
    levels_file.update_table(path, tuning.level, values, "\n".join(comment))
    return path, values


# -------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id")
    parser.add_argument("--level", choices=TUNABLE, default="strong", help="level to tune")
    parser.add_argument("--trials", type=int, default=30, help="finished trials in all")
    parser.add_argument("-n", "--games", type=int, default=24, help="games a trial plays")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--ms", type=float, help="ms a move (default: the level's own)")
    budget.add_argument("--iters", type=int, help="iterations a move instead: reproducible")
    parser.add_argument("-p", "--players", type=int, help="players (default: the game's fewest)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the sampler and the games")
    parser.add_argument("--space", help=f"parameters to tune, of {','.join(SPACE)} (default all)")
    parser.add_argument(
        "--range",
        action="append",
        default=[],
        metavar="NAME=LOW:HIGH",
        help="another range for a parameter (cutoff=1:30); repeatable",
    )
    parser.add_argument(
        "--same-deals",
        action="store_true",
        help="every trial plays the same deals and bot seeds (common random numbers)",
    )
    parser.add_argument("-j", "--jobs", type=int, help="local processes (1) or Ray CPUs (all)")
    parser.add_argument("--backend", choices=BACKENDS, default="local")
    parser.add_argument("--address", help="the Ray cluster to join")
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="a game option as key=value"
    )
    parser.add_argument("--storage", help="Optuna storage to resume from, sqlite:///FILE.db")
    parser.add_argument(
        "--write", action="store_true", help="write the best values into data/levels.toml"
    )
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "bench/tune_levels.py", *(sys.argv[1:] if argv is None else argv)]
    )
    if args.trials < 1:
        parser.error("--trials must be at least 1")
    try:
        with make_backend(args.backend, jobs=args.jobs, address=args.address) as runner:
            tuning = Tuning.make(
                args.game,
                args.level,
                games=args.games,
                players=args.players,
                seed=args.seed,
                ms=args.ms,
                iters=args.iters,
                space=None if args.space is None else [n.strip() for n in args.space.split(",")],
                ranges=parse_ranges(args.range),
                same_deals=args.same_deals,
                options=parse_option_pairs(args.option),
                backend=runner,
                progress=sys.stderr.isatty(),
            )
            game = get_game(args.game)
            print(
                f"Tuning {game.title}'s {args.level} level: {args.trials} trials of "
                f"{args.games} games against {OPPONENT}, {tuning.players} players, "
                f"{tuning.budget} a move, seed {args.seed}, on {runner.describe()}"
            )
            print(f"Search space: {describe_space(tuning.space)}")
            if tuning.same_deals:
                print(f"Every trial plays the same deals (arena seed {trial_seed(args.seed, 0)})")
            print(f"Today's settings: {tuning.spec(tuning.baseline())}")
            for note in tuning.notes:
                print(f"Note: {note}")
            print(noise_warning(args.games, args.trials))
            if args.storage:
                print(f"Study {tuning.study_name!r} in {args.storage}")
            study = tune(tuning, args.trials, args.storage)
    except KeyboardInterrupt:
        print("\nStopped." + (" Run the same command to go on." if args.storage else ""))
        return 130
    except (MotherlodeError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    best, base = best_and_baseline(study)
    print()
    print(comparison(best, base, tuning.space))
    if base is not None and best.number != base.number:
        diff = best.win_rate - base.win_rate
        print(
            f"The best beats today's settings by {diff * 100:+.1f} points in these games: "
            f"re-measure before trusting it, e.g.\n  {confirm_command(tuning, best, base)}"
        )
    elif base is not None:
        print("Today's settings are the best trial.")
    print(
        f"Replay the best trial: motherlode arena {args.game} -b {shlex.quote(best.spec)} "
        f"-b {OPPONENT} -n {best.games} -p {tuning.players} --seed {best.seed}"
    )
    if args.write:
        try:
            path, values = write_best(tuning, study, command)
        except (OSError, ValueError) as exc:
            print(f"error: not written: {exc}", file=sys.stderr)
            return 1
        shown = ", ".join(f"{k}={_spec_value(v)}" for k, v in values.items())
        print(f"[{args.level}] written to {path}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
