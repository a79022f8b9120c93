"""The numpy policy: its gradients are right, it saves and loads, it never plays illegally."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import motherlode
from motherlode.rl.policy import Policy, masked_softmax
from motherlode.rl.policy_bot import SHIPPED, PolicyAgent


def test_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    small = Policy.new("gonza", 6, 5, hidden=4, seed=2)
    policy = Policy("gonza", *(p.astype(np.float64) for p in small.params()))  # type: ignore[arg-type]
    policy.w2 += rng.standard_normal(policy.w2.shape)
    policy.b1 += 0.5  # away from the ReLU's kink
    x = rng.standard_normal((3, 6))
    mask = np.array([[1, 1, 0, 1, 0], [0, 1, 1, 1, 1], [1, 0, 0, 0, 1]], np.int8)
    actions = np.array([3, 2, 4])
    weights = np.array([1.0, -0.5, 2.0])
    _, grads = policy.gradients(x, mask, actions, weights)  # type: ignore[arg-type]
    for param, grad in zip(policy.params(), grads, strict=True):
        flat = param.reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 7)):
            old = flat[i]
            flat[i] = old + 1e-6
            up = policy.gradients(x, mask, actions, weights)[0]  # type: ignore[arg-type]
            flat[i] = old - 1e-6
            down = policy.gradients(x, mask, actions, weights)[0]  # type: ignore[arg-type]
            flat[i] = old
            assert abs((up - down) / 2e-6 - grad.reshape(-1)[i]) < 1e-5


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
