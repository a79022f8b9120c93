"""PettingZoo's own tests on every game at its smallest and largest table, and ours: a whole
game replays identically from a seed, simultaneous choices stay hidden, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from motherlode import rl
from motherlode.rl.core import IllegalActionError
from tests.rl.conftest import TABLE_IDS, TABLES

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_api(game: str, players: int) -> None:
    api_test(rl.env(game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_parallel_api(game: str, players: int) -> None:
    parallel_api_test(rl.parallel_env(game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_seed(game: str, players: int) -> None:
    seed_test(lambda: rl.env(game, players), num_cycles=20)
    # PettingZoo's parallel check samples actions without masks: with "penalty" an illegal
    # one ends the game, which must still happen identically in both copies.
    parallel_seed_test(lambda: rl.parallel_env(game, players, illegal="penalty"))


def _aec_run(game: str, players: int, seed: int) -> list[tuple[object, ...]]:
    """Everything an AEC run shows, step by step, for a whole game (masked random play)."""
    env = rl.env(game, players)
    env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    trace: list[tuple[object, ...]] = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(pick.choice(np.flatnonzero(obs["action_mask"]))))
    trace.append(tuple(sorted(env.rewards.items())))
    return trace


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_whole_game_is_deterministic(game: str, players: int) -> None:
    first = _aec_run(game, players, seed=3)
    assert first == _aec_run(game, players, seed=3)
    rewards: tuple[tuple[str, float], ...] = first[-1]  # type: ignore[assignment]
    assert abs(sum(r for _, r in rewards)) < 1e-9


def _parallel_run(game: str, players: int, seed: int) -> list[tuple[object, ...]]:
    env = rl.parallel_env(game, players)
    obs, _ = env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    trace: list[tuple[object, ...]] = []
    while env.agents:
        actions = {}
        for agent in env.agents:
            legal = np.flatnonzero(obs[agent]["action_mask"])
            if legal.size:
                actions[agent] = int(pick.choice(legal))
        obs, rewards, _, _, _ = env.step(actions)
        seen = tuple(
            (a, o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in obs.items()
        )
        trace.append(seen + tuple(sorted(rewards.items())))
    return trace


@pytest.mark.parametrize("game", ["goodwill", "goldfix"])
def test_parallel_whole_game_is_deterministic(game: str) -> None:
    assert _parallel_run(game, 3, seed=5) == _parallel_run(game, 3, seed=5)


def test_reset_without_seed_continues_the_seeded_stream() -> None:
    a, b = rl.env("gonza", 2), rl.env("gonza", 2)
    a.reset(seed=9)
    b.reset(seed=9)
    a.reset()
    b.reset()
    assert a.table.state.seed == b.table.state.seed


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = rl.env("gonza", 3)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.table.state.observe(None)
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(10**9)
    assert env.table.state.observe(None) == before


def test_illegal_action_penalty_ends_the_game() -> None:
    env = rl.env("gonza", 3, illegal="penalty", illegal_reward=-5)
    env.reset(seed=1)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -5
    assert sum(env._cumulative_rewards.values()) == -5


def test_render_modes() -> None:
    env = rl.env("yukon", 3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.strip()
    with pytest.raises(ValueError, match="render_mode"):
        rl.env("yukon", 3, render_mode="bogus")


def test_max_steps_truncates_every_agent() -> None:
    env = rl.env("yukon", 3, max_steps=5)
    env.reset(seed=4)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5 and not env.agents
