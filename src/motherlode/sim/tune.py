"""Automatic balancing: search a game's options for the setting that best meets an objective.

``motherlode tune GAME`` (:mod:`motherlode.cli_tune`) asks Optuna's TPE sampler for
candidate settings of the searched options (``--search key=lo:hi``: any option key, dotted
``param.*`` design parameters included, with bounds given or taken from the option's declared
min/max), plays each candidate's games on the local pool or Ray
(:func:`motherlode.sim.play.play_games`) and scores them by an objective
(:mod:`motherlode.sim.objectives`): seat ``fairness``, game ``length`` near a target, the
skill ``ladder`` (does the better bot still win?), a designer's own function, or a
weighted mix; smaller is better.

**Noise.** A win rate from N games is only known to about ±1/sqrt(N), so every candidate is
first played on a few games and only promising ones on more: successive halving (Optuna's
:class:`~optuna.pruners.SuccessiveHalvingPruner`, halving at each step) over the steps
``--min-games``, twice that, ... up to ``-n``.  A candidate worse than half of those that
reached the same step is stopped there.

**Paired games.** Game ``i`` of every candidate has the same deal, the same bots' seeds and
the same line-up (common random numbers): two candidates differ only by their settings, so
their difference is measured far more precisely than with independent deals, and a
candidate stopped early was compared on exactly the games the others played first.

**Resuming.** The study lives in Optuna's storage (default ``sqlite:///OUT/tune.db``):
the same command after a crash or Ctrl+C goes on to ``--trials`` finished trials in all; a
stored study run with other settings is refused.  The first trial is the defaults (the
fixed ``-o`` options and each searched option's default), when they lie in the space.

**The re-check.** The best of many noisy trials is flattered by luck: it is played again
against the defaults on fresh deals (the same ones for both), for the report
(:mod:`motherlode.sim.tune_report`).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import optuna

from motherlode.engine import BadOptions, get_game
from motherlode.sim.backends import Backend
from motherlode.sim.grid import parse_seating
from motherlode.sim.objectives import (
    BOOTSTRAP,
    Objective,
    bootstrap,
    paired_bootstrap,
    parse_objective,
    seat_wins,
)
from motherlode.sim.play import (
    BOT_SEEDS,
    Chunk,
    Fixture,
    GameRow,
    Match,
    check_bots,
    play_chunk,
    play_games,
    schedule,
)
from motherlode.sim.stats import mean, wilson_interval


def tune_seed(run_seed: int, stream: str, index: int) -> int:
    """Seed ``index`` of one stream of a run: ``deal``, ``bots`` (the searched games) or
    ``fresh-deal``, ``fresh-bots`` (the re-check's)."""
    return random.Random(f"motherlode-tune:{run_seed}:{stream}:{index}").getrandbits(63)


# ----------------------------------------------------------------------- the space

_INT = re.compile(r"\s*-?[0-9]+\s*")


@dataclass(frozen=True)
class Dimension:
    """One searched option and its range; whole numbers when both bounds are."""

    key: str
    low: float
    high: float
    integer: bool

    def suggest(self, trial: optuna.Trial) -> int | float:
        if self.integer:
            return trial.suggest_int(self.key, int(self.low), int(self.high))
        return self.round(trial.suggest_float(self.key, self.low, self.high))

    def round(self, value: float) -> float:
        """Three significant digits of the range: what is played, stored and printed agree."""
        digits = max(0, 3 - math.floor(math.log10(self.high - self.low)))
        return round(value, digits)

    def text(self, value: float) -> str:
        """The value as ``-o key=value`` writes it."""
        return str(int(value)) if self.integer else repr(float(value))

    def contains(self, value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if self.integer and not float(value).is_integer():
            return False
        return self.low <= value <= self.high

    def describe(self) -> str:
        return f"{self.key}={num(self.low)}:{num(self.high)}" + (" (int)" * self.integer)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "low": self.low, "high": self.high, "int": self.integer}


def num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def declared_options(game_id: str) -> dict[str, dict[str, Any]]:
    """Every option the game declares (:meth:`GameOptions.describe`) and its design
    parameters (``param.*``, from ``data/parameters.toml`` where the engine reads one), by
    name: their types, defaults and ranges."""
    game = get_game(game_id)
    out = {o["name"]: o for o in game.options_class.describe()}
    try:  # found by name: the parameter files are newer than this module
        parameters = importlib.import_module("motherlode.engine.parameters")
    except ImportError:
        return out
    specs_for = getattr(parameters, "specs_for", None)
    if callable(specs_for):
        for spec in specs_for(game.folder("data")).values():
            entry = spec.describe()
            out.setdefault(entry["name"], entry)
    return out


def _whole(info: Mapping[str, Any]) -> bool:
    """A declared option or parameter takes whole numbers only."""
    return info["type"] == "int" or (info["type"] == "number" and isinstance(info["default"], int))


def parse_search(
    game_id: str, items: Sequence[str], fixed: Mapping[str, str] | None = None
) -> tuple[Dimension, ...]:
    """``["key=lo:hi", "key", ...]`` into the search space, each bound checked by the game.

    A bare ``key`` takes the option's declared min and max.  Any key the game accepts can be
    searched (``param.*`` too): both bounds are played through ``game.options`` with the
    fixed options, so a key the game does not know or a bound it refuses fails here."""
    game = get_game(game_id)
    declared = declared_options(game_id)
    fixed = dict(fixed or {})
    space: list[Dimension] = []
    for item in items:
        key, sep, bounds = item.partition("=")
        key = key.strip().replace("-", "_")
        if not key:
            raise BadOptions(f"--search is written key=low:high, got {item!r}")
        if any(d.key == key for d in space):
            raise BadOptions(f"--search {key} is given twice")
        info = declared.get(key)
        if info is not None and (
            info["type"] not in ("int", "float", "number") or info.get("choices")
        ):
            raise BadOptions(f"--search {key}: only options holding one number can be searched")
        whole = info is not None and _whole(info)
        if sep:
            low_text, colon, high_text = bounds.partition(":")
            if not colon:
                raise BadOptions(f"--search is written key=low:high, got {item!r}")
            try:
                low, high = float(low_text), float(high_text)
            except ValueError:
                raise BadOptions(f"--search {key}: bounds are numbers, got {bounds!r}") from None
            integer = bool(_INT.fullmatch(low_text) and _INT.fullmatch(high_text))
            if whole and not integer:
                raise BadOptions(f"--search {key}: the option is a whole number; give whole bounds")
        else:
            if info is None or info.get("min") is None or info.get("max") is None:
                raise BadOptions(
                    f"--search {key}: the game declares no range for it; write {key}=low:high"
                )
            low, high = float(info["min"]), float(info["max"])
            integer = whole
        if not (math.isfinite(low) and math.isfinite(high)) or low >= high:
            raise BadOptions(f"--search {key}: the low bound must be below the high one")
        dim = Dimension(key, low, high, integer)
        for bound in (low, high):
            game.options({**fixed, key: dim.text(bound)})  # an unknown key or bad bound fails
        space.append(dim)
    if not space:
        raise BadOptions("name at least one option to search: --search key=low:high")
    return tuple(space)


# ---------------------------------------------------------------------- the tuning


@dataclass(frozen=True)
class Measured:
    """One setting's games, read: each part's value, the objective, the seats' win rates,
    with 95% intervals where measured."""

    games: int
    values: dict[str, float]
    loss: float
    seats: list[float]
    mean_moves: float
    mean_rounds: float
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "values": self.values,
            "objective": self.loss,
            "seats": self.seats,
            "seat_intervals": [
                list(wilson_interval(w * self.games, self.games)) for w in self.seats
            ],
            "mean_moves": self.mean_moves,
            "mean_rounds": self.mean_rounds,
            "intervals": {k: list(v) for k, v in self.intervals.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Measured:
        return cls(
            int(data["games"]),
            {k: float(v) for k, v in data["values"].items()},
            float(data["objective"]),
            [float(x) for x in data["seats"]],
            float(data["mean_moves"]),
            float(data["mean_rounds"]),
            {k: (float(v[0]), float(v[1])) for k, v in data.get("intervals", {}).items()},
        )


@dataclass
class Tuning:
    """A tuning run's settings: the game, the table, the space, the objective, the budget."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    options: dict[str, str]
    space: tuple[Dimension, ...]
    objective: Objective
    games: int
    min_games: int
    seed: int = 0
    backend: Backend | None = None
    progress: Callable[[int], None] | None = None
    """Called with k after each k games played."""
    skipped: Callable[[int], None] | None = None
    """Called with the games a stopped trial will not play."""
    report: Callable[[TrialResult], None] | None = None
    """Called with each trial as it ends."""
    play: Callable[[Chunk], list[GameRow]] = play_chunk
    """Runs a chunk of games (tests wrap it)."""

    @classmethod
    def make(
        cls,
        game_id: str,
        *,
        search: Sequence[str],
        objective: str | None = None,
        objective_fn: str | None = None,
        target_length: float | None = None,
        players: int | None = None,
        bots: Sequence[str] | None = None,
        options: Mapping[str, str] | None = None,
        games: int = 200,
        min_games: int | None = None,
        seed: int = 0,
        **rest: Any,
    ) -> Tuning:
        """Every setting checked before a game is played."""
        game = get_game(game_id)
        count = game.check_players(game.usual_table() if players is None else players)
        default = "casual" if "heuristic" in game.bots else "random"
        seating = tuple(s for text in (bots or [default]) for s in parse_seating(text))
        check_bots(game, seating)
        fixed = {k: str(v) for k, v in (options or {}).items()}
        game.options(fixed)
        space = parse_search(game_id, search, fixed)
        goal = parse_objective(
            game_id, objective, bots=seating, target_length=target_length, fn=objective_fn
        )
        period = len(schedule(len(seating), count))
        if games < 1:
            raise BadOptions("-n (games a full evaluation plays) must be at least 1")
        first = max(period, games // 4) if min_games is None else min_games
        if first < 1:
            raise BadOptions("--min-games must be at least 1")
        first = min(games, period * math.ceil(first / period))
        return cls(game_id, count, seating, fixed, space, goal, games, first, seed, **rest)

    # ------------------------------------------------------------------- the games

    @property
    def lineups(self) -> list[tuple[int, ...]]:
        return schedule(len(self.bots), self.players)

    @property
    def steps(self) -> list[int]:
        """Games played by a candidate at each step of successive halving."""
        out, size = [], self.min_games
        while size < self.games:
            out.append(size)
            size *= 2
        return [*out, self.games]

    def fixture(self, index: int, *, fresh: bool = False) -> Fixture:
        """Game ``index`` of every candidate (or of the re-check): the same deal, bots'
        seeds and line-up whatever the settings.  A rotation period shares a deal."""
        lineups = self.lineups
        prefix = "fresh-" if fresh else ""
        return Fixture(
            index,
            tune_seed(self.seed, prefix + "deal", index // len(lineups)),
            tune_seed(self.seed, prefix + "bots", index) ^ BOT_SEEDS,
            lineups[index % len(lineups)],
        )

    def played_options(self, values: Mapping[str, float]) -> dict[str, str]:
        """The options a candidate plays: the fixed ones and the searched values."""
        chosen = {d.key: d.text(values[d.key]) for d in self.space if d.key in values}
        return {**self.options, **chosen}

    def play_rows(
        self, cells: Sequence[tuple[int, Mapping[str, str]]], indices: range, *, fresh: bool
    ) -> list[GameRow]:
        """Games ``indices`` of each ``(cell, options)``, on the same fixtures."""
        fixtures = [self.fixture(i, fresh=fresh) for i in indices]
        work = [
            (Match(self.game_id, self.bots, dict(opts), cell=cell, probed=True), fixtures)
            for cell, opts in cells
        ]
        return play_games(work, backend=self.backend, progress=self.progress, play=self.play)

    def measure(
        self, rows: Sequence[GameRow], *, intervals: bool, seed: int, reps: int = BOOTSTRAP
    ) -> Measured:
        values = self.objective.values(rows)
        wins = seat_wins(rows)
        measured = Measured(
            len(rows),
            values,
            self.objective.loss(values),
            [w / len(rows) for w in wins],
            mean([float(r.moves) for r in rows]),
            mean([r.rounds for r in rows]),
        )
        if intervals:
            measured.intervals.update(bootstrap(rows, self.statistics(), seed=seed, reps=reps))
        return measured

    def statistics(self) -> dict[str, Callable[[Sequence[GameRow]], float]]:
        """Each part's figure and the objective, as functions of a candidate's games."""
        goal = self.objective
        stats: dict[str, Callable[[Sequence[GameRow]], float]] = {
            name: partial(goal.value, name) for name in goal.parts
        }
        stats["objective"] = lambda rows: goal.loss(goal.values(rows))
        return stats

    # ------------------------------------------------------------------ the study

    def baseline(self) -> dict[str, int | float] | None:
        """The defaults of the searched options (the first trial), if all are in the space."""
        current = get_game(self.game_id).options(self.options).to_dict()
        declared = declared_options(self.game_id)
        out: dict[str, int | float] = {}
        for dim in self.space:
            value = self.options.get(dim.key, current.get(dim.key))
            if value is None and dim.key in declared:
                value = declared[dim.key]["default"]
            try:
                number = float(str(value))
            except (TypeError, ValueError):
                return None
            if not dim.contains(number):
                return None
            out[dim.key] = int(number) if dim.integer else number
        return out

    @property
    def study_name(self) -> str:
        return f"tune-{self.game_id}-{self.players}p"

    def settings(self) -> dict[str, Any]:
        """What a stored study must have been run with to be continued."""
        return {
            "game": self.game_id,
            "players": self.players,
            "bots": list(self.bots),
            "options": self.options,
            "space": [d.to_json() for d in self.space],
            "objective": self.objective.to_json(),
            "games": self.games,
            "steps": self.steps,
            "seed": self.seed,
        }

    def evaluate(self, trial: optuna.Trial) -> float:
        """One candidate: played step by step, stopped early where it is not promising."""
        start = time.perf_counter()
        values = {d.key: d.suggest(trial) for d in self.space}
        trial.set_user_attr("played", values)
        options = self.played_options(values)
        try:
            get_game(self.game_id).options(options)  # a bad combination fails the trial
        except BadOptions as exc:
            trial.set_user_attr("error", str(exc))
            if self.report:
                self.report(TrialResult.of(trial, "failed"))
            raise
        rows: list[GameRow] = []
        for size in self.steps:
            rows += self.play_rows([(trial.number, options)], range(len(rows), size), fresh=False)
            last = size == self.games
            measured = self.measure(rows, intervals=last, seed=self.seed + trial.number)
            trial.set_user_attr("measured", measured.to_json())
            trial.set_user_attr("seconds", time.perf_counter() - start)
            if last:
                break
            trial.report(measured.loss, size)
            if trial.should_prune():
                if self.skipped:
                    self.skipped(self.games - size)
                if self.report:
                    self.report(TrialResult.of(trial, "pruned"))
                raise optuna.TrialPruned
        if self.report:
            self.report(TrialResult.of(trial, "complete"))
        return measured.loss


@dataclass(frozen=True)
class TrialResult:
    """A trial as stored: its values, how it ended and what its games measured."""

    number: int
    values: dict[str, int | float]
    state: str
    """``complete``, ``pruned`` (stopped early), ``failed`` or ``running`` (interrupted)."""
    measured: Measured | None
    baseline: bool
    seconds: float
    error: str = ""

    @classmethod
    def of(cls, trial: optuna.Trial | optuna.trial.FrozenTrial, state: str = "") -> TrialResult:
        attrs = trial.user_attrs
        if not state:
            assert isinstance(trial, optuna.trial.FrozenTrial)
            state = _STATES.get(trial.state, trial.state.name.lower())
        measured = attrs.get("measured")
        return cls(
            trial.number,
            dict(attrs.get("played", getattr(trial, "params", {}))),
            state,
            Measured.from_json(measured) if measured else None,
            bool(attrs.get("baseline", False)),
            float(attrs.get("seconds", 0.0)),
            str(attrs.get("error", "")),
        )

    @property
    def games(self) -> int:
        return self.measured.games if self.measured else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "values": self.values,
            "state": self.state,
            "baseline": self.baseline,
            "seconds": round(self.seconds, 3),
            "error": self.error or None,
            "measured": self.measured.to_json() if self.measured else None,
        }


_STATES = {
    optuna.trial.TrialState.COMPLETE: "complete",
    optuna.trial.TrialState.PRUNED: "pruned",
    optuna.trial.TrialState.FAIL: "failed",
    optuna.trial.TrialState.RUNNING: "running",
    optuna.trial.TrialState.WAITING: "waiting",
}
FINISHED = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)


def sampler(seed: int, stored: int, trials: int) -> optuna.samplers.TPESampler:
    """TPE, seeded by the run's seed and the trials already stored (a resumed run must not
    draw the first run's candidates again); a few random candidates before it models."""
    startup = max(2, min(10, trials // 3))
    mixed = random.Random(f"motherlode-tune:sampler:{seed}:{stored}").getrandbits(31)
    return optuna.samplers.TPESampler(seed=mixed, n_startup_trials=startup)


def keep_settings(study: optuna.Study, settings: Mapping[str, Any], hint: str) -> None:
    """Store ``settings`` with a new study, or refuse (BadOptions) to continue a stored one
    run with other settings: its trials would not be comparable with the new ones."""
    settings = json.loads(json.dumps(settings))
    stored = study.user_attrs.get("settings")
    if stored is None:
        study.set_user_attr("settings", settings)
    elif stored != settings:
        changed = sorted(k for k in settings if stored.get(k) != settings[k])
        raise BadOptions(
            f"the stored study {study.study_name!r} was run with other settings "
            f"({', '.join(changed)}): use those, or {hint}"
        )


def queue_baseline(study: optuna.Study, base: Mapping[str, Any] | None) -> None:
    """Queue ``base`` (the defaults) as the first trial, unless it is queued already or a
    finished trial has it (a resumed run does not play it twice)."""
    trials = study.get_trials(deepcopy=False)
    waiting = any(t.state == optuna.trial.TrialState.WAITING for t in trials)
    done = any(t.user_attrs.get("baseline") and t.state in FINISHED for t in trials)
    if base is not None and not waiting and not done:
        study.enqueue_trial(dict(base), user_attrs={"baseline": True})


def open_study(tuning: Tuning, storage: str | None, trials: int) -> optuna.Study:
    """A new study, or the stored one of the same name and settings (BadOptions if they
    differ); the defaults are queued first unless a finished trial has them already."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        study_name=tuning.study_name,
        storage=storage,
        direction="minimize",
        pruner=optuna.pruners.SuccessiveHalvingPruner(
            min_resource=tuning.min_games, reduction_factor=2
        ),
        load_if_exists=True,
    )
    keep_settings(study, tuning.settings(), "another --storage or --out")
    study.sampler = sampler(tuning.seed, len(study.get_trials(deepcopy=False)), trials)
    queue_baseline(study, tuning.baseline())
    return study


def finished(study: optuna.Study) -> list[TrialResult]:
    return [TrialResult.of(t) for t in study.get_trials(deepcopy=False, states=FINISHED)]


def tune(
    tuning: Tuning,
    trials: int,
    storage: str | None = None,
    *,
    study: optuna.Study | None = None,
) -> optuna.Study:
    """Run trials until the study has ``trials`` finished ones, resuming the stored one
    (or ``study``, opened by :func:`open_study`)."""
    if trials < 1:
        raise BadOptions("--trials must be at least 1")
    study = study or open_study(tuning, storage, trials)
    todo = trials - len(finished(study))
    if todo > 0:
        study.optimize(tuning.evaluate, n_trials=todo, catch=(BadOptions,))
    return study


def remaining(study: optuna.Study, trials: int) -> int:
    """Trials still to run before the study has ``trials`` finished ones."""
    return max(0, trials - len(finished(study)))


# ----------------------------------------------------------------------- re-check


@dataclass(frozen=True)
class Recheck:
    """The best setting against the defaults on fresh deals, game for game."""

    games: int
    defaults: Measured
    best: Measured
    differences: dict[str, tuple[float, float, float]]
    """Statistic -> (best − defaults, 95% low, high): each part, the objective, each seat."""
    same: bool
    """The best setting is the defaults (played once)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "fresh_seeds": True,
            "defaults": self.defaults.to_json(),
            "best": self.best.to_json(),
            "differences": {k: list(v) for k, v in self.differences.items()},
            "best_is_defaults": self.same,
        }


def recheck(tuning: Tuning, best: Mapping[str, float], games: int) -> Recheck:
    """Play the defaults and ``best`` on ``games`` fresh deals (the same ones for both)."""
    defaults, chosen = dict(tuning.options), tuning.played_options(best)
    same = get_game(tuning.game_id).options(defaults) == get_game(tuning.game_id).options(chosen)
    cells = [(0, defaults)] if same else [(0, defaults), (1, chosen)]
    rows = tuning.play_rows(cells, range(games), fresh=True)
    a = [r for r in rows if r.cell == 0]
    b = a if same else [r for r in rows if r.cell == 1]
    seed = tuning.seed ^ 0x5EC0
    reps = 2 * BOOTSTRAP
    stats = tuning.statistics()
    for seat in range(tuning.players):
        stats[f"seat {seat + 1}"] = partial(_seat_rate, seat)
    return Recheck(
        games,
        tuning.measure(a, intervals=True, seed=seed, reps=reps),
        tuning.measure(b, intervals=True, seed=seed, reps=reps),
        {
            name: (stat(b) - stat(a), *interval)
            for (name, stat), interval in zip(
                stats.items(),
                paired_bootstrap(a, b, stats, seed=seed, reps=reps).values(),
                strict=True,
            )
        },
        same,
    )


def _seat_rate(seat: int, rows: Sequence[GameRow]) -> float:
    return seat_wins(rows)[seat] / len(rows) if rows else 0.0
