"""Ray as a backend: identical results to the local pool, a killed worker changes nothing,
and ``simulate`` prints the same on either backend.

One Ray instance (2 CPUs) serves the whole module; the backends find it running and leave
it running.  Ray's workers import the games from the installed package, so these tests use
a real game (Gonza Index), not the fixture game the test session registers.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from motherlode import cli
from motherlode.engine import BadOptions
from motherlode.sim import backends, report
from motherlode.sim.arena import run_arena
from motherlode.sim.backends import LocalBackend, RayBackend, make_backend
from motherlode.sim.simulate import simulate
from motherlode.sim.study import Chunk, GameRow, plan_study, play_chunk, run_study

runner = CliRunner()


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    cloudpickle = pytest.importorskip("ray.cloudpickle")
    # test functions travel by value: the workers need not import this test module
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "console", Console(width=200, color_system=None))
    monkeypatch.setattr(report, "console", Console(width=200, color_system=None))


def test_without_ray_the_message_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(backends, "import_module", missing)
    with pytest.raises(BadOptions, match=r"pip install 'motherlode\[dist\]'"):
        make_backend("ray")
    result = runner.invoke(cli.app, ["simulate", "gonza", "-n", "2", "--backend", "ray"])
    assert result.exit_code == 2
    assert "install it with: pip install 'motherlode[dist]'" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "spark"], "--backend is one of local, ray, not 'spark'"),
        (["--address", "ray://x:1"], "--address joins a Ray cluster; use it with --backend ray"),
        (["--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_backend_options_are_checked(args: list[str], message: str) -> None:
    result = runner.invoke(cli.app, ["simulate", "gonza", "-n", "2", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_a_study_is_identical_on_ray_and_locally(cluster: None, tmp_path: Path) -> None:
    args = ["study", "gonza", "-p", "2", "-n", "6", "--vary", "event_cards=3,4", "--seed", "3"]
    ray_run = runner.invoke(cli.app, [*args, "--backend", "ray", "--out", str(tmp_path / "r")])
    local = runner.invoke(cli.app, [*args, "--jobs", "1", "--out", str(tmp_path / "l")])
    assert ray_run.exit_code == 0, ray_run.output
    assert local.exit_code == 0, local.output
    assert (tmp_path / "r" / "study.json").read_text() == (
        tmp_path / "l" / "study.json"
    ).read_text()
    for name in ("cells.csv", "seats.csv", "games.csv", "comparisons.csv"):
        assert (tmp_path / "r" / name).read_text() == (tmp_path / "l" / name).read_text()
    assert ray_run.stdout.replace("/r/", "/l/") == local.stdout
    assert "2 ray workers" in ray_run.stderr and "1 process" in local.stderr


def die_once(marker: str, chunk: Chunk) -> list[GameRow]:
    """Kill this worker process the first time the study's first chunk comes up."""
    if chunk.cell == 0 and chunk.games[0][0] == 0 and not os.path.exists(marker):
        with open(marker, "w") as handle:
            handle.write(str(os.getpid()))
        os._exit(1)
    return play_chunk(chunk)


def test_a_killed_worker_does_not_change_the_result(cluster: None, tmp_path: Path) -> None:
    plan = plan_study("gonza", players=[2], vary={"event_cards": ["3"]}, games=8, seed=5)
    marker = tmp_path / "killed"
    with RayBackend() as ray_backend:
        assert ray_backend.workers == 2
        survived = run_study(plan, backend=ray_backend, play=partial(die_once, str(marker)))
    assert marker.exists()  # a worker did die, half-way through a chunk
    assert int(marker.read_text()) != os.getpid()
    local = run_study(plan)
    assert survived.rows == local.rows
    assert survived.to_json() == local.to_json()


def ours(text: str) -> str:
    """Our output without Ray's own notices, which its driver prints when they arrive (a
    worker the test before killed on purpose may be reported during this one)."""
    return "\n".join(
        line for line in text.splitlines() if not line.lstrip("\x1b[0123456789m").startswith("(ray")
    )


def test_simulate_prints_the_same_on_ray_as_locally(cluster: None) -> None:
    """The issue's check is 400 games (docs/studies.md); 100 keep the test short."""
    args = ["simulate", "gonza", "-n", "100", "-s", "heuristic", "-p", "3", "--seed", "7"]
    ray_run = runner.invoke(cli.app, [*args, "--backend", "ray"])
    local = runner.invoke(cli.app, [*args, "--backend", "local", "--jobs", "1"])
    assert ray_run.exit_code == 0, ray_run.output
    assert local.exit_code == 0, local.output
    assert "win rate" in local.stdout and "mean game length" in local.stdout
    assert ours(ray_run.stdout) == ours(local.stdout)
    assert "games/s on 2 ray workers" in ray_run.stderr
    assert "games/s on 1 process" in local.stderr


def test_simulate_and_arena_results_are_identical_on_ray(cluster: None) -> None:
    with RayBackend() as ray_backend:
        sim = simulate("gonza", ["random"] * 3, 12, seed=4, backend=ray_backend)
        arena = run_arena(
            "gonza", ["heuristic", "random"], 8, players=2, seed=4, backend=ray_backend
        )
    assert sim.results == simulate("gonza", ["random"] * 3, 12, seed=4).results
    with LocalBackend(2) as pool:
        local_arena = run_arena(
            "gonza", ["heuristic", "random"], 8, players=2, seed=4, backend=pool
        )
    assert arena.results == local_arena.results


def test_a_backend_leaves_a_running_ray_instance_running(cluster: None) -> None:
    import ray

    with RayBackend() as ray_backend:
        assert ray_backend.chunk_size(10_000) == 250 and ray_backend.chunk_size(20) == 3
    assert ray.is_initialized()
