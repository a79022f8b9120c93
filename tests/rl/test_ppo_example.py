"""The reference agent (examples/ppo.py) runs end to end on a tiny budget: it learns, writes
its weights (arrays only), its curve and its record, and the saved policy plays legal moves
with numpy alone."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from motherlode.rl.gym_env import MotherlodeGym

pytestmark = pytest.mark.jax

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "ppo.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ppo_example", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_writes_weights_a_curve_and_its_record(tmp_path: Path) -> None:
    ppo = load_script()
    args = ["gonza", "--steps", "512", "--envs", "2", "--rollout", "128", "--eval-every", "2"]
    args += ["--eval-games", "4", "--eval", "random", "--hidden", "32", "--out", str(tmp_path)]
    assert ppo.main(args) == 0
    meta = json.loads((tmp_path / "meta.json").read_text())
    assert meta["steps"] == 512 and meta["command"].startswith("python examples/ppo.py gonza")
    assert 0.0 <= meta["evaluation"]["vs_random"] <= 1.0
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert len((tmp_path / "curve.csv").read_text().splitlines()) == 1 + 2  # two updates
    with np.load(tmp_path / "weights.npz", allow_pickle=False) as saved:
        params = {k: saved[k] for k in saved.files}
    env = MotherlodeGym("gonza", num_players=2, opponents=["random"], illegal="raise")
    obs, info = env.reset(seed=3)
    for _ in range(40):  # legal moves, chosen by numpy alone (illegal="raise" would raise)
        obs, _, terminated, truncated, info = env.step(
            ppo.numpy_act(params, obs, info["action_mask"])
        )
        if terminated or truncated:
            break


def test_the_same_seed_gives_the_same_curve(tmp_path: Path) -> None:
    ppo = load_script()
    base = ["gonza", "--steps", "256", "--envs", "2", "--rollout", "128", "--eval-games", "2"]
    base += ["--eval", "random", "--hidden", "16"]
    curves = []
    for run in ("a", "b"):
        ppo.main([*base, "--out", str(tmp_path / run)])
        with (tmp_path / run / "curve.csv").open() as f:
            curves.append(
                [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(f)]
            )
    assert curves[0] == curves[1] and curves[0][0]["entropy"]
