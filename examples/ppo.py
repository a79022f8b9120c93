"""A reference agent to start from: masked PPO (CleanRL-style, one file) on the Gymnasium env.

    python examples/ppo.py gonza --opponent random --steps 200000 --out runs/ppo/gonza-random
    python examples/ppo.py gonza --opponent casual --steps 400000 \
        --init runs/ppo/gonza-random/weights.npz --out runs/ppo/gonza-casual

The learner takes one seat (drawn at every reset) of a game against bot specs
(:class:`motherlode.rl.gym_env.MotherlodeGym`; ``--opponent random,casual`` shares the
environments out between two); the reward is the rank at the end (+1 first ... -1 last), or
``--reward margin``; ``--observation compact`` reads the game's compact encoding (a few
hundred floats) instead of the full layout.  An actor-critic MLP (two hidden layers, tanh)
reads the seat's tensor; its logits are masked with the legal actions (illegal ones get
-1e9, so they are never sampled and carry no gradient).  PPO as in CleanRL's ``ppo.py``:
rollouts of ``--rollout`` steps in each of ``--envs`` environments, generalised advantage
estimates, a clipped surrogate, a value loss and an entropy bonus over the legal actions,
Adam with gradient clipping (JAX and optax: ``pip install 'motherlode[train]'``).  Nothing
here is specific to one game.

Every ``--eval-every`` updates the greedy policy plays ``--eval-games`` games against each
``--eval`` spec on seeds the training never draws, with the win rate's 95% Wilson interval;
the curve goes to ``curve.csv`` and ``curve.png`` in ``--out``, the weights to
``weights.npz`` (arrays only: loaded with ``allow_pickle=False``) with ``meta.json`` (the
command, the seed, the steps, the time and the last evaluation).  A run is seeded: the same
command gives the same curve on the same machine.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from motherlode.rl.factored import FactoredGym
from motherlode.rl.gym_env import MotherlodeGym
from motherlode.rl.train import load_jax
from motherlode.sim.stats import wilson_interval

EVAL_SEED = 10**9
"""Evaluation games are seeded from here on: training seeds are far below."""


@dataclass
class Settings:
    game: str
    players: int
    opponent: str
    observation: str
    factored: bool
    reward: str
    steps: int
    envs: int
    rollout: int
    epochs: int
    minibatches: int
    lr: float
    gamma: float
    gae_lambda: float
    clip: float
    ent_coef: float
    vf_coef: float
    max_grad_norm: float
    hidden: int
    seed: int
    eval_specs: list[str]
    eval_games: int
    eval_every: int


def parse(argv: Sequence[str] | None) -> tuple[Settings, Path, Path | None]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("-p", "--players", type=int, default=2)
    ap.add_argument(
        "--opponent",
        default="random",
        help="bot spec of the other seats; several, comma-separated, share the environments out",
    )
    ap.add_argument("--observation", choices=("full", "compact"), default="full")
    ap.add_argument(
        "--factored",
        action="store_true",
        help="the game's factored actions and map planes (Carcassonne), read by a small CNN",
    )
    ap.add_argument(
        "--reward", choices=("rank", "margin"), default="rank", help="in training (eval: rank)"
    )
    ap.add_argument("--steps", type=int, default=200_000, help="learner decisions in all")
    ap.add_argument("--envs", type=int, default=8)
    ap.add_argument("--rollout", type=int, default=256, help="steps per env per update")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eval", nargs="+", default=["random", "casual"], help="specs to meet")
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--eval-every", type=int, default=10, help="updates between evaluations")
    ap.add_argument("--out", type=Path, default=Path("runs/ppo"))
    ap.add_argument("--init", type=Path, help="start from these weights (weights.npz)")
    a = ap.parse_args(argv)
    settings = Settings(
        a.game, a.players, a.opponent, a.observation, a.factored, a.reward, a.steps, a.envs,
        a.rollout, a.epochs, a.minibatches, a.lr, a.gamma, a.gae_lambda, a.clip, a.ent_coef,
        a.vf_coef, a.max_grad_norm, a.hidden, a.seed, list(a.eval), a.eval_games,
        a.eval_every,
    )  # fmt: skip
    return settings, a.out, a.init


# ------------------------------------------------------------------------- network
# A batch of observations is a tuple of arrays: (tensors,) for the flat envs, (planes,
# vector) for the factored ones.


def init_params(
    jax: Any, key: Any, shapes: list[tuple[int, ...]], hidden: int, n_out: int
) -> dict[str, Any]:
    """Orthogonal weights, zero biases; the policy head small (near-uniform at first) and
    the value head at scale 1, as CleanRL initialises them.  One input: an MLP of two tanh
    layers.  Planes and a vector: two 3x3 convolutions over the planes, a 1x1 convolution
    giving a logit per square for each of the first ``n_out // S²`` channels of the action
    space (Carcassonne: each rotation's placements, then the gold square), and the pooled
    features with the vector through a dense layer for the rest (the follower) and the value."""
    ortho = jax.nn.initializers.orthogonal
    jnp = jax.numpy
    k = jax.random.split(key, 8)
    root2 = math.sqrt(2.0)
    if len(shapes) == 1:
        n_in = shapes[0][0]
        return {
            "w1": ortho(root2)(k[0], (n_in, hidden)),
            "b1": jnp.zeros(hidden),
            "w2": ortho(root2)(k[1], (hidden, hidden)),
            "b2": jnp.zeros(hidden),
            "pi": ortho(0.01)(k[2], (hidden, n_out)),
            "pi_b": jnp.zeros(n_out),
            "v": ortho(1.0)(k[3], (hidden, 1)),
            "v_b": jnp.zeros(1),
        }
    (channels, side, _), (n_vec,) = shapes
    maps = n_out // (side * side)
    rest = n_out - maps * side * side
    conv = jax.nn.initializers.he_normal(in_axis=1, out_axis=0)
    f = 32
    return {
        "c1": conv(k[0], (f, channels, 3, 3)),
        "c1_b": jnp.zeros((f, 1, 1)),
        "c2": conv(k[1], (f, f, 3, 3)),
        "c2_b": jnp.zeros((f, 1, 1)),
        "head": 0.01 * conv(k[2], (maps, f, 1, 1)),
        "head_b": jnp.zeros((maps, 1, 1)),
        "d": ortho(root2)(k[3], (f + n_vec, hidden)),
        "d_b": jnp.zeros(hidden),
        "pi": ortho(0.01)(k[4], (hidden, rest)),
        "pi_b": jnp.zeros(rest),
        "v": ortho(1.0)(k[5], (hidden, 1)),
        "v_b": jnp.zeros(1),
    }


def forward(jax: Any, p: dict[str, Any], xs: tuple[Any, ...], mask: Any) -> tuple[Any, Any]:
    """Masked logits (illegal: -1e9) and the value of a batch of observations."""
    jnp = jax.numpy
    if len(xs) == 1:
        h = jnp.tanh(xs[0] @ p["w1"] + p["b1"])
        h = jnp.tanh(h @ p["w2"] + p["b2"])
        logits = h @ p["pi"] + p["pi_b"]
    else:
        planes, vec = xs

        def conv(x: Any, w: Any, b: Any) -> Any:
            dims = ("NCHW", "OIHW", "NCHW")
            return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=dims) + b

        x = jnp.minimum(planes.astype(jnp.float32), 4.0) / 4.0
        h = jax.nn.relu(conv(x, p["c1"], p["c1_b"]))
        h = jax.nn.relu(conv(h, p["c2"], p["c2_b"]))
        squares = conv(h, p["head"], p["head_b"]).reshape(h.shape[0], -1)
        z = jnp.tanh(jnp.concatenate([h.mean((2, 3)), vec], -1) @ p["d"] + p["d_b"])
        logits = jnp.concatenate([squares, z @ p["pi"] + p["pi_b"]], -1)
        h = z
    return jnp.where(mask, logits, -1e9), (h @ p["v"] + p["v_b"])[:, 0]


def numpy_act(p: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray) -> int:
    """The greedy action of the MLP with numpy alone: what play needs (no JAX)."""
    h = np.tanh(x @ p["w1"] + p["b1"])
    h = np.tanh(h @ p["w2"] + p["b2"])
    logits = np.where(mask.astype(bool), h @ p["pi"] + p["pi_b"], -np.inf)
    return int(np.argmax(logits))


# ------------------------------------------------------------------------ training

Env = MotherlodeGym | FactoredGym


def make_env(s: Settings, opponent: str, reward: str = "rank") -> Env:
    if s.factored:
        return FactoredGym(
            s.game, s.players, opponents=[opponent], seat=None, illegal="raise", reward=reward
        )
    return MotherlodeGym(
        s.game,
        num_players=s.players,
        opponents=[opponent],
        seat=None,
        illegal="raise",
        reward=reward,
        observation=s.observation,
    )


def parts(obs: Any) -> tuple[np.ndarray, ...]:
    """An observation as the network's inputs: (tensor,) or (planes, vector)."""
    return (obs["observation"], obs["vector"]) if isinstance(obs, dict) else (obs,)


def evaluate(s: Settings, act: Any, spec: str) -> tuple[float, float, float]:
    """The greedy policy's win rate against ``spec`` (a shared first place is not a win),
    with its 95% Wilson interval, on seeds the training never draws."""
    env = make_env(s, spec)
    wins = 0
    for g in range(s.eval_games):
        obs, info = env.reset(seed=EVAL_SEED + g)
        done = False
        while not done:
            xs = tuple(x[None] for x in parts(obs))
            action = int(act(xs, info["action_mask"][None].astype(bool)))
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += tuple(env.state.ranking()[0]) == (env.seat,)
    low, high = wilson_interval(wins, s.eval_games)
    return wins / s.eval_games, low, high


def train(s: Settings, out: Path, init: Path | None, command: str) -> dict[str, Any]:
    jax, jnp, optax = load_jax()
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(s.seed)
    opponents = s.opponent.split(",")
    envs = [make_env(s, opponents[i % len(opponents)], s.reward) for i in range(s.envs)]
    first, info = envs[0].reset(seed=0)
    shapes = [x.shape for x in parts(first)]
    dtypes = [x.dtype for x in parts(first)]
    n_act = int(envs[0].action_space.n)  # type: ignore[attr-defined]  # Discrete
    key = jax.random.PRNGKey(s.seed)
    key, sub = jax.random.split(key)
    params = init_params(jax, sub, shapes, s.hidden, n_act)
    if init is not None:
        with np.load(init, allow_pickle=False) as saved:
            params = {k: jnp.asarray(saved[k]) for k in params}
    tx = optax.chain(optax.clip_by_global_norm(s.max_grad_norm), optax.adam(s.lr, eps=1e-5))
    opt_state = tx.init(params)

    @jax.jit  # type: ignore[untyped-decorator]
    def act(p: Any, xs: Any, mask: Any, k: Any) -> tuple[Any, Any, Any]:
        logits, value = forward(jax, p, xs, mask)
        a = jax.random.categorical(k, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(a.shape[0]), a]
        return a, logp, value

    @jax.jit  # type: ignore[untyped-decorator]
    def greedy(p: Any, xs: Any, mask: Any) -> Any:
        return jnp.argmax(forward(jax, p, xs, mask)[0], -1)[0]

    def loss_fn(p: Any, xs: Any, mask: Any, a: Any, logp_old: Any, adv: Any, ret: Any) -> Any:
        logits, value = forward(jax, p, xs, mask)
        logp_all = jax.nn.log_softmax(logits)
        logp = logp_all[jnp.arange(a.shape[0]), a]
        ratio = jnp.exp(logp - logp_old)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        pg = jnp.maximum(-adv * ratio, -adv * jnp.clip(ratio, 1 - s.clip, 1 + s.clip)).mean()
        v_loss = 0.5 * ((value - ret) ** 2).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(mask, probs * logp_all, 0.0)).sum(-1).mean()
        return pg + s.vf_coef * v_loss - s.ent_coef * entropy, (pg, v_loss, entropy)

    @jax.jit  # type: ignore[untyped-decorator]
    def update(p: Any, o: Any, batch: tuple[Any, ...]) -> tuple[Any, Any, Any]:
        (_, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, *batch)
        updates, o = tx.update(grads, o, p)
        return optax.apply_updates(p, updates), o, aux

    T, N = s.rollout, s.envs
    obs = [np.zeros((N, *shape), dtype) for shape, dtype in zip(shapes, dtypes, strict=True)]
    masks = np.zeros((N, n_act), bool)
    for i, env in enumerate(envs):
        o, info = env.reset(seed=int(rng.integers(2**31)))
        for buf, x in zip(obs, parts(o), strict=True):
            buf[i] = x
        masks[i] = info["action_mask"].astype(bool)
    buf_x = [np.zeros((T, *b.shape), b.dtype) for b in obs]
    buf_m = np.zeros((T, N, n_act), bool)
    buf_a = np.zeros((T, N), np.int32)
    buf_lp = np.zeros((T, N), np.float32)
    buf_v = np.zeros((T, N), np.float32)
    buf_r = np.zeros((T, N), np.float32)
    buf_d = np.zeros((T, N), np.float32)
    updates = max(1, s.steps // (T * N))
    curve: list[dict[str, Any]] = []
    recent: list[float] = []
    started = time.perf_counter()
    last_eval: dict[str, Any] = {}
    for u in range(1, updates + 1):
        for t in range(T):
            key, sub = jax.random.split(key)
            a, lp, v = act(params, tuple(obs), masks, sub)
            a, lp, v = np.asarray(a), np.asarray(lp), np.asarray(v)
            for buf, x in zip(buf_x, obs, strict=True):
                buf[t] = x
            buf_m[t], buf_a[t], buf_lp[t], buf_v[t] = masks, a, lp, v
            for i, env in enumerate(envs):
                o, r, terminated, truncated, info = env.step(int(a[i]))
                buf_r[t, i] = r
                buf_d[t, i] = float(terminated or truncated)
                if terminated or truncated:
                    recent.append(float(tuple(env.state.ranking()[0]) == (env.seat,)))
                    o, info = env.reset(seed=int(rng.integers(2**31)))
                for buf, x in zip(obs, parts(o), strict=True):
                    buf[i] = x
                masks[i] = info["action_mask"].astype(bool)
        # generalised advantage estimates, bootstrapped from the value of the next state
        next_v = np.asarray(forward(jax, params, tuple(obs), masks)[1])
        adv = np.zeros((T, N), np.float32)
        last = np.zeros(N, np.float32)
        for t in reversed(range(T)):
            nv = next_v if t == T - 1 else buf_v[t + 1]
            alive = 1.0 - buf_d[t]
            delta = buf_r[t] + s.gamma * nv * alive - buf_v[t]
            last = delta + s.gamma * s.gae_lambda * alive * last
            adv[t] = last
        ret = adv + buf_v
        flat_x = tuple(b.reshape(T * N, *b.shape[2:]) for b in buf_x)
        flat = [b.reshape(T * N, *b.shape[2:]) for b in (buf_m, buf_a, buf_lp, adv, ret)]
        size = (T * N) // s.minibatches
        for _ in range(s.epochs):
            order = rng.permutation(T * N)
            for m in range(s.minibatches):
                idx = order[m * size : (m + 1) * size]
                batch = (tuple(x[idx] for x in flat_x), *(f[idx] for f in flat))
                params, opt_state, aux = update(params, opt_state, batch)
        row: dict[str, Any] = {
            "update": u,
            "steps": u * T * N,
            "seconds": round(time.perf_counter() - started, 1),
            "train_win": round(float(np.mean(recent[-200:])), 3) if recent else None,
            "entropy": round(float(aux[2]), 3),
        }
        if u % s.eval_every == 0 or u == updates:
            for spec in s.eval_specs:
                rate, low, high = evaluate(s, partial(greedy, params), spec)
                row[f"vs_{spec}"] = round(rate, 3)
                row[f"vs_{spec}_ci"] = f"{low:.3f}-{high:.3f}"
            last_eval = {k: v for k, v in row.items() if k.startswith("vs_")}
            host = {k: np.asarray(v, np.float32) for k, v in params.items()}
            np.savez(out / "weights.npz", allow_pickle=False, **host)
        curve.append(row)
        print(json.dumps(row), flush=True)
    write_curve(out, curve, s.eval_specs)
    meta = {
        "command": command,
        "settings": s.__dict__,
        "steps": updates * T * N,
        "seconds": round(time.perf_counter() - started, 1),
        "evaluation": last_eval,
        "eval_games": s.eval_games,
    }
    (out / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def write_curve(out: Path, curve: list[dict[str, Any]], specs: list[str]) -> None:
    """curve.csv (every update) and curve.png (the evaluations' win rates by steps)."""
    keys = sorted({k for row in curve for k in row}, key=lambda k: (k != "update", k))
    with (out / "curve.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, keys)
        w.writeheader()
        w.writerows(curve)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=110)
    for spec in specs:
        pts = [(r["steps"], r[f"vs_{spec}"]) for r in curve if f"vs_{spec}" in r]
        if pts:
            ax.plot(*zip(*pts, strict=True), marker="o", label=f"greedy vs {spec}")
    ax.set_xlabel("learner decisions")
    ax.set_ylabel("games won")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "curve.png")
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    s, out, init = parse(argv)
    command = "python examples/ppo.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv)
    )
    meta = train(s, out, init, command)
    print(json.dumps(meta["evaluation"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
