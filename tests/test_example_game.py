"""A sixth game as its own package (examples/panning): installed beside motherlode, it
passes its conformance suite and plays in simulate, study, arena and every RL adapter,
found only through its entry point (the browser side: tests/web/test_browser_example_game.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.example_game import EXAMPLE, motherlode, run


def test_the_example_passes_its_own_tests_and_the_conformance_kit() -> None:
    done = run(
        ["-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", str(EXAMPLE / "tests")]
    )
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 10 and "failed" not in done.stdout, done.stdout


def test_the_example_is_listed_and_simulated_like_any_game(tmp_path: Path) -> None:
    assert "panning" in motherlode("games").stdout
    out = tmp_path / "sim.json"
    motherlode(
        "simulate",
        "panning",
        "-n",
        "20",
        "-s",
        "casual",
        "-s",
        "random",
        "--seed",
        "3",
        "--json",
        str(out),
    )
    results = json.loads(out.read_text())
    assert results["game"] == "panning"
    text = json.dumps(results)
    assert "casual" in text and "random" in text


def test_a_study_of_the_example_reads_its_key_figures(tmp_path: Path) -> None:
    motherlode(
        "study",
        "panning",
        "-v",
        "target=20,40",
        "-p",
        "2",
        "-b",
        "casual",
        "-n",
        "12",
        "--seed",
        "5",
        "--out",
        str(tmp_path),
    )
    study = json.loads((tmp_path / "study.json").read_text())
    assert set(study["key_figures"]) == {"washouts", "winner_score"}
    assert "washouts" in (tmp_path / "report.html").read_text()


def test_the_arena_rates_the_examples_levels(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    motherlode(
        "arena",
        "panning",
        "-b",
        "casual",
        "-b",
        "beginner",
        "-n",
        "8",
        "--seed",
        "2",
        "--out",
        str(out),
    )
    assert [s["games"] for s in json.loads(out.read_text())["summary"]] == [8, 8]


def test_the_example_steps_through_every_rl_adapter() -> None:
    script = """
import numpy as np, pyspiel
from pettingzoo.test import api_test
import motherlode.rl as rl
from motherlode.rl import openspiel_game
from motherlode.rl.gym_env import MotherlodeGym

env = rl.env("panning", num_players=3)
api_test(env, num_cycles=200)
gym = MotherlodeGym("panning", num_players=2, opponents=["casual"])
obs, info = gym.reset(seed=1)
done = False
while not done:
    legal = np.flatnonzero(info["action_mask"])
    obs, reward, done, cut, info = gym.step(int(legal[0]))
    done = done or cut
assert "panning" in openspiel_game.game_ids()
game = pyspiel.load_game("python_motherlode_panning", {"players": 2})
pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
print("rl ok")
"""
    assert "rl ok" in run(["-c", script]).stdout
