"""The self-play loop behind ``motherlode train GAME`` (Expert Iteration, in small).

Round 0 plays the game's heuristic bot against itself (with a few random moves for variety)
and fits the first evaluator on its results.  Every later round plays the search guided by
the previous round's evaluator (``mcts:eval=learned,value=...``), so the games get better
as the evaluator does, and fits the next evaluator on the latest rounds' positions,
starting from the previous weights.

Everything a run makes lies in its output folder, written as each step ends, so a run that
is stopped picks up where it was (the same command again):

    plan.json               the run's settings (a resumed run must ask for the same)
    round-K.samples.npz     the positions of round K's games (:class:`Samples`)
    round-K.value.npz       the evaluator fitted after round K (:class:`ValueNet`)
    round-K.json            round K's figures: games, positions, losses, seconds
    evaluator.npz           the latest evaluator, with how it was made in its header

Games are played on the simulation backends (local pool or Ray), seeded per game from the
run's seed, so a run is reproducible on either.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from motherlode.engine import BadOptions, get_game
from motherlode.rl.selfplay import Samples, SelfPlayTask, play_task
from motherlode.rl.tensors import encoder
from motherlode.rl.train import FitReport, FitSettings, fit
from motherlode.rl.value import ValueNet, fingerprint
from motherlode.sim.backends import Backend
from motherlode.sim.simulate import game_seed

Progress = Callable[[str, int], AbstractContextManager[Callable[[int], None]]]
"""Opens a progress bar ``(description, total)`` and yields its ``advance(k)``."""


@dataclass(frozen=True)
class Plan:
    """What a training run does; kept in ``plan.json`` so that a resumed run is the same run."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    rounds: int = 3
    games: int = 4000
    """Games of round 0 (the heuristic bot: quick)."""
    search_games: int = 300
    """Games of each later round (the guided search: slower)."""
    iters: int = 48
    """The guided search's iterations a decision in self-play."""
    positions: int = 12
    explore: float = 0.03
    window: int = 3
    """A round trains on the positions of this many latest rounds."""
    seed: int = 0
    fit: FitSettings = field(default_factory=FitSettings)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["fit"]["hidden"] = list(self.fit.hidden)
        return out

    @classmethod
    def quick(cls, game: str, players: int, seed: int = 0) -> Plan:
        """A run of a minute or so: two rounds on a few games (``--quick``, used by tests)."""
        return cls(
            game,
            players,
            rounds=2,
            games=40,
            search_games=2,
            iters=4,
            positions=6,
            seed=seed,
            fit=FitSettings(hidden=(32, 16), steps=150, batch=64, seed=seed),
        )


def round_specs(plan: Plan, round_no: int, previous: Path | None) -> tuple[str, ...]:
    """Who plays round ``round_no``: the heuristic bot first, then the guided search."""
    if round_no == 0 or previous is None:
        return ("heuristic",) * plan.players
    spec = f"mcts:iters={plan.iters},eval=learned,value={previous}"
    return (spec,) * plan.players


def _tasks(
    plan: Plan, round_no: int, specs: tuple[str, ...], count: int, chunk: int
) -> list[SelfPlayTask]:
    seeds = [game_seed(plan.seed * 1000 + round_no, i) for i in range(count)]
    return [
        SelfPlayTask(
            plan.game,
            specs,
            plan.options,
            tuple(seeds[a : a + chunk]),
            plan.positions,
            plan.explore,
        )
        for a in range(0, count, chunk)
    ]


def run(
    plan: Plan,
    out: Path,
    backend: Backend,
    progress: Progress,
    note: Callable[[str], None] = lambda text: None,
    command: str = "",
) -> ValueNet:
    """Run (or resume) the training in ``out``; the final evaluator is ``out/evaluator.npz``."""
    game = get_game(plan.game)
    game.check_players(plan.players)
    layout = fingerprint(encoder(game, plan.players, plan.options).layout())
    out.mkdir(parents=True, exist_ok=True)
    _check_plan(plan, out / "plan.json")
    net: ValueNet | None = None
    previous: Path | None = None
    spent = 0.0
    positions = 0
    games = 0
    history: list[Samples] = []
    for k in range(plan.rounds):
        samples_file = out / f"round-{k}.samples.npz"
        value_file = out / f"round-{k}.value.npz"
        report_file = out / f"round-{k}.json"
        if samples_file.is_file():
            samples = Samples.load(samples_file)
            note(f"round {k}: {samples.games} games kept from before")
        else:
            began = time.perf_counter()
            specs = round_specs(plan, k, previous)
            count = plan.games if k == 0 else plan.search_games
            chunk = backend.chunk_size(count)
            tasks = _tasks(plan, k, specs, count, chunk)
            parts: list[Samples] = []
            with progress(f"round {k}: self-play", count) as advance:
                for _, part in backend.map_unordered(play_task, tasks):
                    parts.append(part)
                    advance(part.games)
            samples = Samples.join(parts)
            samples.save(samples_file)
            _write(
                report_file,
                {"round": k, "specs": list(specs), "play_seconds": time.perf_counter() - began},
            )
        history.append(samples)
        games += samples.games
        positions += samples.rows
        if value_file.is_file():
            net = ValueNet.load(value_file)
            note(f"round {k}: evaluator kept from before")
        else:
            data = Samples.join(history[-plan.window :])
            settings = FitSettings(**{**asdict(plan.fit), "seed": plan.seed * 1000 + k})
            with progress(f"round {k}: training", settings.steps) as advance:
                net, report = fit(data, game.id, layout, settings, net, advance)
            net.save(value_file)
            _write(report_file, {**_read(report_file), "fit": asdict(report)})
            note(_describe(k, report))
        spent += _seconds(_read(report_file))
        previous = value_file
    assert net is not None
    net.info = {
        "command": command,
        "seed": plan.seed,
        "players": plan.players,
        "rounds": plan.rounds,
        "games": games,
        "positions": positions,
        "seconds": round(spent, 1),
        "trained": time.strftime("%Y-%m-%d"),
    }
    net.save(out / "evaluator.npz")
    return net


def ship(out: Path, destination: Path) -> None:
    """Copy a run's evaluator to where a game ships it (``games/<id>/data/``)."""
    ValueNet.load(out / "evaluator.npz")  # refuse to ship what could not be read
    shutil.copyfile(out / "evaluator.npz", destination)


def _describe(k: int, report: FitReport) -> str:
    return (
        f"round {k}: {report.rows:,} positions; loss {report.train_loss:.3f} training, "
        f"{report.valid_loss:.3f} held out (win term {report.valid_win_loss:.3f}; a coin's: "
        f"0.693); winner told at {report.valid_accuracy:.1%} of held-out positions; "
        f"weights of step {report.best_step} kept ({report.seconds:.0f} s)"
    )


def _check_plan(plan: Plan, file: Path) -> None:
    wanted = plan.to_json()
    if file.is_file():
        had = json.loads(file.read_text())
        if had != wanted:
            changed = sorted(k for k in wanted if had.get(k) != wanted[k])
            raise BadOptions(
                f"{file.parent} holds a run with other settings ({', '.join(changed)}); "
                "resume it with the same ones or choose another --out"
            )
    else:
        _write(file, wanted)


def _write(file: Path, data: Mapping[str, Any]) -> None:
    tmp = file.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(file)


def _read(file: Path) -> dict[str, Any]:
    return dict(json.loads(file.read_text())) if file.is_file() else {}


def _seconds(report: Mapping[str, Any]) -> float:
    return float(report.get("play_seconds", 0.0)) + float(report.get("fit", {}).get("seconds", 0.0))
