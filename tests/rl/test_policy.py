"""The numpy policy and its JAX training: a few steps of imitation learn, masked actions keep
probability 0, a trained policy saves, loads and plays legally as the ``policy`` bot, and
playing never imports JAX."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import motherlode
from motherlode.agents.specs import make_agent
from motherlode.rl.policy import Policy, masked_softmax
from motherlode.rl.policy_bot import SHIPPED, PolicyAgent
from motherlode.rl.tensors import encoder


def _nll(policy: Policy, x: np.ndarray, mask: np.ndarray, actions: np.ndarray) -> float:
    """The imitation loss in numpy: mean -log p(action) under the masked softmax."""
    probs = policy.probabilities(x, mask)
    return float(np.mean(-np.log(probs[np.arange(len(actions)), actions])))


def _small_batch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((32, 12)).astype(np.float32)
    mask = (rng.random((32, 9)) < 0.5).astype(np.int8)
    mask[:, 4] = 1  # every row has a legal action
    mask[:, 8] = 0  # and one action is never legal
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    return x, mask, actions


@pytest.mark.jax
def test_jax_imitation_lowers_the_loss_and_keeps_masked_actions_at_zero() -> None:
    pytest.importorskip("jax")
    pytest.importorskip("optax")
    from motherlode.rl.policy_train import PolicyTrainer

    x, mask, actions = _small_batch()
    policy = Policy.new("gonza", 12, 9, hidden=16, seed=1)
    rows = np.arange(len(actions))
    before = _nll(policy, x, mask, actions)
    p_before = policy.probabilities(x, mask)[rows, actions]
    losses = PolicyTrainer(policy, lr=1e-2).run(
        [(x, mask, actions, np.ones(len(actions), np.float32))] * 30
    )
    after = _nll(policy, x, mask, actions)
    assert len(losses) == 30 and abs(losses[0] - before) < 1e-4
    assert after < 0.7 * before and losses[-1] < losses[0]
    probs = policy.probabilities(x, mask)
    assert np.mean(probs[rows, actions]) > np.mean(p_before) + 0.1
    assert np.all(probs[mask == 0] == 0) and np.allclose(probs.sum(1), 1, atol=1e-5)
    for param in policy.params():  # numpy float32, writable: the numpy policy's own
        assert isinstance(param, np.ndarray) and param.dtype == np.float32
        assert param.flags.writeable


@pytest.mark.jax
def test_jax_reinforce_weights_push_away_from_punished_actions() -> None:
    pytest.importorskip("jax")
    from motherlode.rl.policy_train import PolicyTrainer

    x, mask, actions = _small_batch()
    policy = Policy.new("gonza", 12, 9, hidden=16, seed=1)
    rows = np.arange(len(actions))
    weights = np.where(rows % 2 == 0, 1.0, -1.0).astype(np.float32)
    p_before = policy.probabilities(x, mask)[rows, actions]
    PolicyTrainer(policy, lr=1e-2).run([(x, mask, actions, weights)] * 10)
    p_after = policy.probabilities(x, mask)[rows, actions]
    assert np.mean(p_after[::2]) > np.mean(p_before[::2])
    assert np.mean(p_after[1::2]) < np.mean(p_before[1::2])


@pytest.mark.jax
def test_jax_training_refuses_an_illegal_action() -> None:
    pytest.importorskip("jax")
    from motherlode.rl.policy_train import PolicyTrainer

    x, mask, actions = _small_batch()
    actions[3] = 8  # never legal
    policy = Policy.new("gonza", 12, 9, hidden=4)
    with pytest.raises(ValueError, match="not legal"):
        PolicyTrainer(policy).run([(x, mask, actions, np.ones(len(actions), np.float32))])


@pytest.mark.jax
def test_a_jax_trained_policy_saves_loads_and_plays_as_the_policy_bot(tmp_path: Path) -> None:
    """A few imitation steps on a real game's decisions (the heuristic's, one game), saved,
    loaded and played through the ``policy`` bot: whole legal games."""
    pytest.importorskip("jax")
    from motherlode.rl.policy_train import PolicyTrainer

    game = motherlode.get_game("gonza")
    enc = encoder(game, 2)
    space = game.action_space(2)
    bots = [make_agent("heuristic", game, 0), make_agent("random", game, 1)]
    xs, masks, actions = [], [], []
    state = game.new_state(num_players=2, seed=3)
    while not state.is_over():
        seat = state.pending()[0]
        action = bots[seat].act(state, seat)
        if seat == 0:
            mask = np.zeros(space.size, np.int8)
            mask[[space.index(a) for a in state.legal_actions(seat)]] = 1
            xs.append(enc.encode(state.observe(seat)))
            masks.append(mask)
            actions.append(space.index(action))
        state.apply(seat, action)
    x, mask, taken = np.stack(xs), np.stack(masks), np.array(actions)
    policy = Policy.new("gonza", enc.size, space.size, hidden=8, seed=4)
    before = _nll(policy, x, mask, taken)
    PolicyTrainer(policy, lr=3e-3).run([(x, mask, taken, np.ones(len(taken), np.float32))] * 20)
    assert _nll(policy, x, mask, taken) < before
    policy.info = {"trained_by": "test"}
    file = tmp_path / "trained.npz"
    policy.save(file)
    loaded = Policy.load(file)
    assert loaded.game == "gonza" and loaded.info == policy.info
    np.testing.assert_allclose(
        loaded.probabilities(x, mask), policy.probabilities(x, mask), atol=1e-2
    )
    assert np.all(loaded.probabilities(x, mask)[mask == 0] == 0)
    for seed in (5, 6):
        state = game.new_state(num_players=2, seed=seed)
        seats = [PolicyAgent(seed=seed, path=str(file), greedy=seed % 2), bots[1]]
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, seats[seat].act(state, seat))


def test_playing_a_policy_needs_no_jax() -> None:
    """The policy bot plays with numpy alone: neither JAX nor optax is imported."""
    code = (
        "import sys, motherlode\n"
        "from motherlode.rl.policy_bot import PolicyAgent\n"
        "state = motherlode.get_game('gonza').new_state(num_players=2, seed=1)\n"
        "seat = state.pending()[0]\n"
        "state.apply(seat, PolicyAgent(seed=0).act(state, seat))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jax', 'optax')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_masked_actions_get_no_probability() -> None:
    probs = masked_softmax(np.array([[5.0, 1.0, 9.0]], np.float32), np.array([[1, 1, 0]]))
    assert probs[0, 2] == 0 and abs(probs.sum() - 1) < 1e-6


def test_save_and_load(tmp_path: Path) -> None:
    policy = Policy.new("yukon", 10, 7, hidden=3, seed=5)
    policy.info = {"curve": [{"epoch": 1}]}
    policy.save(tmp_path / "p.npz")
    loaded = Policy.load(tmp_path / "p.npz")
    assert loaded.game == "yukon" and loaded.info == policy.info
    for a, b in zip(policy.params(), loaded.params(), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-2, atol=1e-3)


def test_the_shipped_gonza_policy_plays_whole_games_legally() -> None:
    assert (SHIPPED / "gonza.npz").is_file()
    game = motherlode.get_game("gonza")
    for players in (2, 4):
        state = game.new_state(num_players=players, seed=players)
        bots = [PolicyAgent(seed=s, greedy=s % 2) for s in range(players)]
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, bots[seat].act(state, seat))
