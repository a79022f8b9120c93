"""The ``policy:path=FILE`` bot spec: a trained policy plays in ``play`` and ``arena``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import motherlode
from motherlode import cli
from motherlode.agents.specs import bot_names, check_agent, make_agent
from motherlode.engine import BadOptions
from motherlode.rl.policy import Policy
from motherlode.rl.policy_bot import PolicyAgent
from motherlode.rl.tensors import encoder
from motherlode.sim.arena import run_arena

GONZA = motherlode.get_game("gonza")


@pytest.fixture(scope="module")
def policy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An untrained gonza policy: enough to check the plumbing."""
    path = tmp_path_factory.mktemp("policy") / "gonza.npz"
    size = GONZA.action_space(2).size
    Policy.new("gonza", encoder("gonza", 2).size, size, hidden=8, seed=1).save(path)
    return path


def test_the_spec_builds_the_bot_and_checks_the_game(policy_file: Path) -> None:
    agent = make_agent(f"policy:path={policy_file}", GONZA, seed=1)
    assert isinstance(agent, PolicyAgent)
    check_agent(f"policy:path={policy_file},greedy=0", GONZA)
    with pytest.raises(BadOptions, match="trained for gonza, not Goodwill"):
        check_agent(f"policy:path={policy_file}", motherlode.get_game("goodwill"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("policy:path=/no/such/file.npz", "no policy file"),
        ("policy:path=notes.txt", "ends in .npz"),
        ("policy:path=x.npz,greedy=2", "greedy is 1"),
    ],
)
def test_bad_policy_specs_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_agent(spec, GONZA)


def test_a_file_that_is_not_a_policy_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(BadOptions, match="cannot read the policy file"):
        make_agent(f"policy:path={bad}", GONZA)


def test_policy_is_not_listed_but_still_plays() -> None:
    # it is weaker than the casual level (docs/bots.md), so the lobby does not offer it
    assert "policy" not in bot_names(GONZA)
    check_agent("policy", GONZA)
    goodwill = motherlode.get_game("goodwill")
    assert "policy" not in bot_names(goodwill)
    with pytest.raises(BadOptions, match="no trained policy ships for Goodwill"):
        check_agent("policy", goodwill)


def test_the_policy_plays_in_the_arena(policy_file: Path) -> None:
    arena = run_arena("gonza", [f"policy:path={policy_file}", "random"], games=2, seed=3)
    assert len(arena.results) == 2


def test_the_policy_plays_a_game_in_the_terminal(policy_file: Path) -> None:
    seats = ["-s", f"policy:path={policy_file}", "-s", "random"]
    result = CliRunner().invoke(cli.app, ["play", "gonza", *seats, "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Final result" in result.output
