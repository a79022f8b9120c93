"""The Gymnasium single-agent environment passes Gymnasium's own checker, on every game."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from motherlode.engine import BadOptions
from motherlode.rl.core import IllegalActionError
from motherlode.rl.gym_env import MotherlodeGym
from tests.rl.conftest import GAMES


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_check_env(game: str) -> None:
    check_env(MotherlodeGym(game, opponents="random"), skip_render_check=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_env_against_the_heuristic_bots() -> None:
    env = MotherlodeGym("gonza", num_players=3, opponents=["heuristic", "random"], seat=None)
    check_env(env, skip_render_check=True)


def _episode(env: MotherlodeGym, seed: int) -> list[tuple[bytes, float]]:
    obs, info = env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    trace = [(obs.tobytes(), 0.0)]
    done = False
    while not done:
        assert (env.action_masks() == info["action_mask"].astype(bool)).all()
        action = int(pick.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append((obs.tobytes(), reward))
        done = terminated or truncated
    return trace


def test_an_episode_replays_from_its_seed_and_ends_with_the_rank_reward() -> None:
    env = MotherlodeGym("goodwill", num_players=4, opponents="heuristic", seat=2)
    first = _episode(env, 11)
    assert first == _episode(env, 11)
    assert env.table.state.is_over()
    assert -1.0 <= first[-1][1] <= 1.0


def test_illegal_actions() -> None:
    env = MotherlodeGym("gonza", num_players=2, illegal="raise")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    penalised = MotherlodeGym("gonza", num_players=2)
    penalised.reset(seed=1)
    _, reward, terminated, _, _ = penalised.step(illegal)
    assert terminated and reward == -1.0


def test_bad_opponents_are_refused_at_once() -> None:
    with pytest.raises(BadOptions, match="unknown bot"):
        MotherlodeGym("gonza", opponents="nobody")
    with pytest.raises(ValueError, match="one opponent spec"):
        MotherlodeGym("gonza", num_players=4, opponents=["random", "random"])
