"""Training a :class:`~motherlode.rl.policy.Policy` with JAX and optax (the ``train`` extra).

One loss serves both of examples/train_policy.py's uses: ``mean(weights * -log p(action))``
over a batch of (tensor, legal-action mask, action taken, weight) rows, the probabilities
being the policy's masked softmax.  Weights 1 make it the cross-entropy of imitation;
weights = returns minus a baseline make it REINFORCE.  The steps are optax's Adam on a
jitted loss; after every :meth:`PolicyTrainer.run` the weights are written back into the
policy as numpy float32, so that the policy plays (numpy alone) between runs.  Only this
module imports JAX; play needs numpy alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.rl.policy import Policy
from motherlode.rl.train import load_jax

Batch = tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]
"""Rows of ``(x, mask, actions, weights)``: tensors, legal-action masks (nonzero where
legal), the index of the action taken in each row, and each row's weight."""


class PolicyTrainer:
    """Adam (optax, learning rate ``lr``) on a policy's weights, its state kept from one
    :meth:`run` to the next (a new trainer starts a fresh Adam from the policy's weights)."""

    def __init__(self, policy: Policy, lr: float = 1e-3) -> None:
        jax, jnp, optax = load_jax()
        self.policy = policy
        self.params = tuple(jnp.asarray(p, jnp.float32) for p in policy.params())
        tx = optax.adam(lr)
        self.opt_state = tx.init(self.params)

        def loss_fn(p: Any, x: Any, mask: Any, actions: Any, weights: Any, rows: Any) -> Any:
            w1, b1, w2, b2 = p
            logits = jax.nn.relu(x @ w1 + b1) @ w2 + b2
            logp = jax.nn.log_softmax(jnp.where(mask, logits, -jnp.inf), axis=-1)
            chosen = jnp.take_along_axis(logp, actions[:, None], axis=-1)[:, 0]
            return -jnp.sum(weights * chosen) / rows

        @jax.jit  # type: ignore[untyped-decorator]
        def step(p: Any, s: Any, x: Any, mask: Any, actions: Any, weights: Any, rows: Any) -> Any:
            loss, grads = jax.value_and_grad(loss_fn)(p, x, mask, actions, weights, rows)
            updates, s = tx.update(grads, s, p)
            return optax.apply_updates(p, updates), s, loss

        self._step = step

    def run(self, batches: Iterable[Batch]) -> list[float]:
        """One Adam step per batch; each step's loss (at the weights before it).  The
        policy holds the new weights afterwards."""
        losses = []
        for batch in batches:
            x, mask, actions, weights, rows = _padded(*batch)
            self.params, self.opt_state, loss = self._step(
                self.params, self.opt_state, x, mask, actions, weights, rows
            )
            losses.append(loss)
        self.write_back()
        return [float(loss) for loss in losses]

    def write_back(self) -> None:
        """Copy the trained weights into the policy (numpy float32, writable)."""
        p = self.policy
        p.w1, p.b1, p.w2, p.b2 = (np.array(a, dtype=np.float32) for a in self.params)


def _padded(
    x: npt.NDArray[Any], mask: npt.NDArray[Any], actions: npt.NDArray[Any], weights: Any
) -> tuple[Any, ...]:
    """The batch padded to a power of two of rows (weight 0, every action legal), so that
    REINFORCE's batches of every size share a few compiled steps; with the real row count
    the mean is over."""
    rows = len(actions)
    if rows == 0:
        raise ValueError("an empty batch")
    if not np.all(np.asarray(mask)[np.arange(rows), actions]):
        raise ValueError("an action taken is not legal under its row's mask")
    size = 1 << max(3, (rows - 1).bit_length())
    pad = size - rows
    x = np.concatenate([np.asarray(x, np.float32), np.zeros((pad, x.shape[1]), np.float32)])
    legal = np.concatenate([np.asarray(mask) != 0, np.ones((pad, mask.shape[1]), bool)])
    taken = np.concatenate([np.asarray(actions, np.int32), np.zeros(pad, np.int32)])
    w = np.concatenate([np.asarray(weights, np.float32), np.zeros(pad, np.float32)])
    return x, legal, taken, w, np.float32(rows)
