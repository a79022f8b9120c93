"""The adapters follow the libraries' conventions where researchers' tools rely on them:
what metadata claims holds, envs are freed, a global state, Gymnasium ids, pictures, one
name per agent, terminal masks that can be sampled, PettingZoo's seed and state checks with
the defaults, and the classic envs' wrappers."""

from __future__ import annotations

import gc
import random
import tracemalloc

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test, parallel_seed_test, render_test
from pettingzoo.test.state_test import state_test
from pettingzoo.utils.conversions import aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import motherlode
from motherlode import rl
from motherlode.rl.core import IllegalActionError
from motherlode.rl.gym_env import MotherlodeGym
from motherlode.rl.pettingzoo_env import MotherlodeAEC
from tests.rl.conftest import GAMES, TABLE_IDS, TABLES

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _legal(mask: np.ndarray, pick: random.Random) -> int:
    """A random legal action, the usual way (fails on an all-zero mask)."""
    return int(pick.choice(np.flatnonzero(mask)))


def _play(env: object, moves: int, seed: int = 0) -> None:
    """Masked random moves in an AEC env, stopping early at the end."""
    pick = random.Random(seed)
    for _ in env.agent_iter(moves):  # type: ignore[attr-defined]
        obs, _, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else _legal(obs["action_mask"], pick)
        env.step(action)  # type: ignore[attr-defined]


# 1. is_parallelizable only where aec_to_parallel works; the Parallel env we provide passes.


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_what_metadata_claims_of_parallel_conversion_holds(game: str, players: int) -> None:
    env = rl.env(game, players)
    if env.metadata.get("is_parallelizable", False):
        parallel_api_test(aec_to_parallel(env), num_cycles=30)
    parallel_api_test(rl.parallel_env(game, players), num_cycles=30)


# 2. Environments are freed (no cache holds them).


def _growth(make: object, count: int) -> float:
    """MiB still allocated after ``count`` envs were made, used and closed (after gc)."""
    for _ in range(5):
        make()  # type: ignore[operator]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(count):
            make()  # type: ignore[operator]
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - before) / 2**20
    finally:
        tracemalloc.stop()


def _use_and_close(env: object) -> None:
    for agent in env.possible_agents:  # type: ignore[attr-defined]
        env.observation_space(agent)  # type: ignore[attr-defined]
        env.action_space(agent).sample()  # type: ignore[attr-defined]
    env.close()  # type: ignore[attr-defined]


def test_a_thousand_envs_made_and_closed_leave_memory_flat() -> None:
    assert _growth(lambda: _use_and_close(rl.env("yukon", 3)), 1000) < 10
    assert _growth(lambda: _use_and_close(rl.parallel_env("yukon", 3)), 200) < 10
    assert _growth(lambda: _use_and_close(rl.env("goldfix", 4)), 100) < 10


# 3. state(): every agent's tensor, player_0's first.


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_state_is_every_agents_observation(game: str, players: int) -> None:
    env = rl.env(game, players)
    env.reset(seed=2)
    _play(env, 25)
    state = env.state()
    size = env.unwrapped.table.encoder.size
    assert state.shape == env.state_space.shape == (players * size,)
    assert state.dtype == np.float32 and env.state_space.contains(state)
    for k, agent in enumerate(env.possible_agents):
        assert np.array_equal(state[k * size : (k + 1) * size], env.observe(agent)["observation"])
    parallel = rl.parallel_env(game, players)
    parallel.reset(seed=2)
    assert parallel.state().shape == parallel.state_space.shape
    state_test(rl.env(game, players), rl.parallel_env(game, players), num_cycles=3)


# 4. gymnasium.make("motherlode/<game>-v0").


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_a_gymnasium_id(game: str) -> None:
    assert f"motherlode/{game}-v0" in gymnasium.registry
    env = gymnasium.make(f"motherlode/{game}-v0", opponents="random")
    assert isinstance(env.unwrapped, MotherlodeGym) and env.unwrapped.table.game.id == game
    check_env(env.unwrapped, skip_render_check=True)
    _, info = env.reset(seed=1)
    env.step(_legal(info["action_mask"], random.Random(1)))


def test_gymnasium_make_passes_its_keywords() -> None:
    env = gymnasium.make(
        "motherlode/gonza-v0",
        num_players=3,
        opponents="heuristic",
        seat=None,
        render_mode="rgb_array",
    )
    assert isinstance(env.unwrapped, MotherlodeGym)
    assert env.unwrapped.table.num_players == 3 and env.render_mode == "rgb_array"
    check_env(env.unwrapped)
    assert rl.register_gymnasium("gonza") == ["motherlode/gonza-v0"]


# 5. rgb_array pictures.


def _is_picture(frame: object) -> bool:
    return (
        isinstance(frame, np.ndarray)
        and frame.ndim == 3
        and frame.shape[2] == 3
        and frame.dtype == np.uint8
        and len(np.unique(frame.reshape(-1, 3), axis=0)) > 2
    )


def test_rgb_array_in_every_env() -> None:
    aec = rl.env("goldfix", 3, render_mode="rgb_array")
    aec.reset(seed=1)
    _play(aec, 10)
    first = aec.render()
    assert _is_picture(first)
    parallel = rl.parallel_env("carcassonne", 2, render_mode="rgb_array")
    parallel.reset(seed=1)
    assert _is_picture(parallel.render())
    gym = MotherlodeGym("yukon", 3, render_mode="rgb_array")
    gym.reset(seed=1)
    second = gym.render()
    assert isinstance(first, np.ndarray) and isinstance(second, np.ndarray)
    assert _is_picture(second) and second.shape == first.shape  # (a video's frames)


def test_pettingzoo_render_test() -> None:
    render_test(lambda render_mode=None: rl.env("goodwill", 3, render_mode=render_mode))


# 6. One name per agent: player_k, in errors and in what the env shows.


def test_errors_and_renderings_name_the_agents() -> None:
    env = rl.env("gonza", 3)
    env.reset(seed=1)
    while env.agent_selection == "player_0":
        _play(env, 1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    with pytest.raises(IllegalActionError, match=f"for {agent} now") as raised:
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Player" not in str(raised.value)
    other = next(a for a in env.agents if a != agent)
    with pytest.raises(IllegalActionError, match=f"not {other}'s decision"):
        env.unwrapped.table.play(env.agent_name_mapping[other], 0)
    for game in ("yukon", "carcassonne", "goldfix"):
        shown = rl.env(game, 3, render_mode="ansi")
        shown.reset(seed=1)
        _play(shown, 5)
        text = shown.render()
        assert "player_0" in text and "Player 1" not in text, game
    goldfix = rl.env("goldfix", 3)
    goldfix.reset(seed=1)
    assert "player_2" in str(goldfix.unwrapped.table.state.observe(0))
    parallel = rl.parallel_env("goodwill", 3)
    parallel.reset(seed=1)
    with pytest.raises(IllegalActionError, match="no action given for player_"):
        parallel.step({})


# 7. Terminal masks, and the safe sampler.


def _is_terminal_mask(mask: np.ndarray) -> bool:
    return mask.dtype == np.int8 and mask[0] == 1 and not mask[1:].any()


def test_terminal_masks_in_every_env() -> None:
    aec = rl.env("gonza", 2)
    aec.reset(seed=3)
    seen = []
    pick = random.Random(0)
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            seen.append(agent)
            assert _is_terminal_mask(obs["action_mask"])
            aec.step(None)
        else:
            aec.step(_legal(obs["action_mask"], pick))
    assert sorted(seen) == ["player_0", "player_1"]
    parallel = rl.parallel_env("goodwill", 3, max_steps=4)
    seen_by, _ = parallel.reset(seed=1)
    while parallel.agents:
        actions = {
            a: _legal(o["action_mask"], pick) for a, o in seen_by.items() if o["action_mask"].any()
        }
        seen_by, *_ = parallel.step(actions)
    assert all(_is_terminal_mask(o["action_mask"]) for o in seen_by.values())
    gym = MotherlodeGym("gonza", 2)
    _, info = gym.reset(seed=1)
    done = False
    while not done:
        _, _, terminated, truncated, info = gym.step(_legal(info["action_mask"], pick))
        done = terminated or truncated
    assert _is_terminal_mask(info["action_mask"]) and gym.action_masks().tolist()[0]


def test_sample_legal() -> None:
    mask = np.zeros(700, np.int8)
    mask[[3, 50, 699]] = 1
    for rng in (np.random.default_rng(1), random.Random(1), None):
        picks = {rl.sample_legal(mask, rng) for _ in range(200)}
        assert picks == {3, 50, 699}
        assert isinstance(rl.sample_legal(mask, rng), int)
    assert rl.sample_legal(mask.astype(bool)) in {3, 50, 699}
    assert rl.sample_legal(mask.astype(np.float32)) in {3, 50, 699}
    assert rl.sample_legal(np.zeros(9, np.int8)) == 0  # (nothing legal: 0, as Discrete does)
    batch = rl.sample_legal(np.stack([mask, np.zeros(700, np.int8)]), random.Random(2))
    assert batch.shape == (2,) and batch[0] in {3, 50, 699} and batch[1] == 0
    a, b = random.Random(7), random.Random(7)
    assert [rl.sample_legal(mask, a) for _ in range(20)] == [
        rl.sample_legal(mask, b) for _ in range(20)
    ]


def test_a_vector_env_autoresets_through_mask_sampling() -> None:
    """At the autoreset step the vector env hands out the terminal info; a loop that samples
    every mask it gets (here by np.flatnonzero, the usual way) must not fail there."""
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: MotherlodeGym("gonza", opponents="random")] * 2
        + [lambda: MotherlodeGym("gonza", opponents="random", max_steps=7)]
    )
    _, infos = envs.reset(seed=4)
    pick = np.random.default_rng(4)
    ended = 0
    for _ in range(250):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([pick.choice(np.flatnonzero(row)) for row in masks])
        _, _, terminated, truncated, infos = envs.step(actions)
        ended += int(terminated.sum() + truncated.sum())
    assert ended >= 5  # (gonza's episodes end too, not only the truncated ones)
    assert rl.sample_legal(masks, pick).shape == (3,)
    envs.close()


# 8. PettingZoo's parallel_seed_test with the defaults (illegal="raise").


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_parallel_seed_test_with_the_defaults(game: str, players: int) -> None:
    parallel_seed_test(lambda: rl.parallel_env(game, players), num_cycles=40)


def test_a_blind_sample_of_an_action_space_is_legal() -> None:
    env = rl.env("goldfix", 4)
    env.reset(seed=5)
    for _ in range(30):
        agent = env.agent_selection
        action = env.action_space(agent).sample()
        assert env.observe(agent)["action_mask"][action] == 1
        env.step(action)
    space = env.action_space(env.agent_selection)
    import copy
    import pickle

    for twin in (copy.deepcopy(space), pickle.loads(pickle.dumps(space))):
        assert twin == space and 0 <= twin.sample() < space.n


# 9. The classic envs' wrappers.


def test_env_is_wrapped_as_the_classic_envs() -> None:
    env = rl.env("gonza", 2)
    assert isinstance(env, OrderEnforcingWrapper)
    assert isinstance(env.unwrapped, MotherlodeAEC)
    assert isinstance(rl.raw_env("gonza", 2), MotherlodeAEC)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    for name in ("agents", "agent_selection", "rewards", "terminations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    env.reset(seed=1)
    assert env.table is env.unwrapped.table  # (attributes pass through)
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(10**9)  # (the env's own bounds check, not a bare AssertionError)
    assert str(env) == f"motherlode_{motherlode.get_game('gonza').id}_v0"
