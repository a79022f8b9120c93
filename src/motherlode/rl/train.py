"""Fitting the learned evaluator with JAX and optax (the ``train`` extra).

The network is :class:`motherlode.rl.value.ValueNet`: a small ReLU perceptron from a
seat's tensor to a win logit and a scaled margin.  The loss is the cross-entropy of the win
logit against the seat's final win share, plus the squared error of the margin (divided by
its spread in the data, so both terms weigh alike in every game's unit).  Training starts
from the previous round's net where there is one (the loop of :mod:`.pipeline`), with Adam
(optax's ``adamw``), minibatches drawn by a seeded generator: the same data and seed give
the same weights.  Only this module imports JAX; play needs numpy alone.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from motherlode.engine import BadOptions
from motherlode.rl.selfplay import Samples
from motherlode.rl.value import ValueNet

INSTALL = "pip install 'motherlode[train]'"


def load_jax() -> tuple[Any, Any, Any]:
    """``(jax, jax.numpy, optax)``, or a message saying how to install them."""
    try:
        import jax
        import jax.numpy as jnp
        import optax
    except ImportError as exc:
        raise BadOptions(
            f"training needs JAX and optax ({exc.name} is missing); install them with: {INSTALL}"
        ) from None
    return jax, jnp, optax


@dataclass(frozen=True)
class FitSettings:
    hidden: tuple[int, ...] = (64, 32)
    steps: int = 3000
    batch: int = 256
    lr: float = 1e-3
    weight_decay: float = 1e-3
    margin_weight: float = 0.5
    seed: int = 0

    check_every: int = 250
    """Steps between looks at the held-out loss; the best weights seen are kept."""


@dataclass(frozen=True)
class FitReport:
    """How a fit went: losses on the training rows and on the held-out tenth (the win
    term alone too: 0.693 is a coin's), at the step whose weights were kept."""

    train_loss: float
    valid_loss: float
    valid_win_loss: float
    valid_accuracy: float
    """Held-out positions where the net's more-likely-than-not agrees with win or loss."""
    best_step: int
    seconds: float
    rows: int


def fit(
    data: Samples,
    game: str,
    layout: str,
    settings: FitSettings,
    start: ValueNet | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[ValueNet, FitReport]:
    """Train a net on ``data`` (from ``start``'s weights where given)."""
    jax, jnp, optax = load_jax()
    began = time.perf_counter()
    rows = data.rows
    if rows < 20:
        raise BadOptions(f"too little data to train on ({rows} positions)")
    held = max(1, rows // 10)
    train_rows = np.arange(rows - held)
    valid_rows = np.arange(rows - held, rows)
    scale = float(np.std(data.margin[train_rows])) or 1.0
    rng = np.random.default_rng(settings.seed)
    if start is not None and start.inputs == data.width and _shape(start) == settings.hidden:
        params = [(jnp.asarray(w), jnp.asarray(b)) for w, b in start.layers]
        scale = start.margin_scale
    else:
        params = _init(jnp, rng, [data.width, *settings.hidden, 2])
    tx = optax.adamw(settings.lr, weight_decay=settings.weight_decay)
    opt_state = tx.init(params)
    mw = settings.margin_weight

    def forward(p: Any, x: Any) -> Any:
        h = x
        for w, b in p[:-1]:
            h = jax.nn.relu(h @ w + b)
        w, b = p[-1]
        return h @ w + b

    def loss_fn(p: Any, x: Any, win: Any, margin: Any) -> Any:
        out = forward(p, x)
        bce = optax.sigmoid_binary_cross_entropy(out[:, 0], win).mean()
        mse = ((out[:, 1] - margin / scale) ** 2).mean()
        return bce + mw * mse

    @jax.jit  # type: ignore[untyped-decorator]
    def step(p: Any, s: Any, x: Any, win: Any, margin: Any) -> Any:
        loss, grads = jax.value_and_grad(loss_fn)(p, x, win, margin)
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    def win_loss(p: Any, x: Any, win: Any) -> Any:
        return optax.sigmoid_binary_cross_entropy(forward(p, x)[:, 0], win).mean()

    losses: list[float] = []
    batch = min(settings.batch, len(train_rows))
    look = valid_rows[:4096]  # the look-out rows (the report uses all held-out rows)
    lookout = (data.dense(look), data.win[look], data.margin[look])
    best = (float(loss_fn(params, *lookout)), 0, params)
    for i in range(1, settings.steps + 1):
        pick = rng.choice(train_rows, batch, replace=False)
        x = data.dense(pick)
        params, opt_state, loss = step(params, opt_state, x, data.win[pick], data.margin[pick])
        losses.append(float(loss))
        if i % settings.check_every == 0 or i == settings.steps:
            now = float(loss_fn(params, *lookout))
            if now < best[0]:
                best = (now, i, params)
        if progress is not None:
            progress(1)
    _, best_step, params = best
    valid_loss, valid_win, accuracy = _validate(
        forward, loss_fn, win_loss, params, data, valid_rows
    )
    net = ValueNet(
        game,
        layout,
        [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in params],
        scale,
    )
    recent = losses[max(0, best_step - 100) : best_step] or losses[-100:] or [best[0]]
    report = FitReport(
        float(np.mean(recent)),
        valid_loss,
        valid_win,
        accuracy,
        best_step,
        time.perf_counter() - began,
        rows,
    )
    return net, report


def _shape(net: ValueNet) -> tuple[int, ...]:
    return tuple(int(w.shape[1]) for w, _ in net.layers[:-1])


def _init(jnp: Any, rng: np.random.Generator, sizes: list[int]) -> list[tuple[Any, Any]]:
    """He-initialised weights, zero biases."""
    out = []
    for a, b in itertools.pairwise(sizes):
        w = rng.standard_normal((a, b)).astype(np.float32) * np.sqrt(2.0 / a)
        out.append((jnp.asarray(w), jnp.zeros(b, jnp.float32)))
    return out


def _validate(
    forward: Any, loss_fn: Any, win_loss: Any, params: Any, data: Samples, rows: Any
) -> tuple[float, float, float]:
    total, win, right, seen = 0.0, 0.0, 0.0, 0
    for a in range(0, len(rows), 512):
        part = rows[a : a + 512]
        x = data.dense(part)
        total += float(loss_fn(params, x, data.win[part], data.margin[part])) * len(part)
        win += float(win_loss(params, x, data.win[part])) * len(part)
        out = np.asarray(forward(params, x))
        won = data.win[part] > 0.5
        right += float(np.sum((out[:, 0] > 0) == won))
        seen += len(part)
    return total / seen, win / seen, right / seen
