"""A small softmax policy over a game's masked action space, played in numpy alone.

One hidden layer (ReLU) from the observation tensor to a logit per action; illegal actions
are masked out before the softmax.  Small enough to train on a laptop CPU in minutes
(examples/train_policy.py: imitation of the heuristic bot, then REINFORCE, with JAX and
optax in :mod:`.policy_train`) and to commit (float16 weights in an ``.npz`` with a JSON
header, loaded without pickle).  This module needs numpy alone: the ``policy`` bot plays
without JAX.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
FORMAT = "motherlode-policy/1"


@dataclass
class Policy:
    """Weights of a one-hidden-layer masked softmax policy, and what it was trained for."""

    game: str
    w1: Array
    b1: Array
    w2: Array
    b2: Array
    info: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(cls, game: str, inputs: int, actions: int, hidden: int = 64, seed: int = 0) -> Policy:
        rng = np.random.default_rng(seed)
        return cls(
            game,
            (rng.standard_normal((inputs, hidden)) * np.sqrt(2.0 / inputs)).astype(np.float32),
            np.zeros(hidden, np.float32),
            (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
            np.zeros(actions, np.float32),
        )

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def actions(self) -> int:
        return int(self.w2.shape[1])

    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def hidden(self, x: Array) -> Array:
        out: Array = np.maximum(x @ self.w1 + self.b1, 0.0)
        return out

    def probabilities(self, x: Array, mask: npt.NDArray[Any]) -> Array:
        """Action probabilities for a batch of tensors ``x`` (rows) under their masks."""
        logits = self.hidden(x) @ self.w2 + self.b2
        return masked_softmax(logits, mask)

    def save(self, path: str | Path) -> None:
        header = {"format": FORMAT, "game": self.game, "info": self.info}
        arrays: dict[str, Any] = {
            name: p.astype(np.float16)
            for name, p in zip(("w1", "b1", "w2", "b2"), self.params(), strict=True)
        }
        arrays["header"] = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Read a saved policy (no pickle: a policy file cannot run code)."""
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(bytes(data["header"]).decode())
            if header.get("format") != FORMAT:
                raise ValueError(f"{Path(path).name} is not a motherlode policy file")
            w1, b1, w2, b2 = (data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2"))
        return cls(str(header["game"]), w1, b1, w2, b2, dict(header.get("info", {})))


def masked_softmax(logits: Array, mask: npt.NDArray[Any]) -> Array:
    z = np.where(mask.astype(bool), logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: Array = e / e.sum(axis=-1, keepdims=True)
    return out
