"""A uniformly random legal action from a mask, safely and fast (numpy alone).

``np.random.choice(np.flatnonzero(mask))`` fails on an all-zero mask and scans an int8
array slowly; :func:`sample_legal` reads the mask as booleans (no copy) and gives 0 where
nothing is legal, as gymnasium's ``Discrete.sample(mask)`` does: the environments ignore
that action there (an agent not asked in the Parallel env).  Their terminal masks are never
all zeros anyway (1 at index 0 alone: :func:`motherlode.rl.core.terminal_mask`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

_DEFAULT = np.random.default_rng()


def sample_legal(mask: np.ndarray, rng: Any = None) -> Any:
    """A random index among ``mask``'s ones (0 if there are none).

    ``mask``: one agent's mask (1-D: an ``int``), or a vector env's stacked masks (2-D: an
    int64 array with one action per row).  ``rng``: a ``numpy.random.Generator``, a
    ``random.Random`` (the faster per call), or None (a generator of this module's)."""
    mask = np.asarray(mask)
    if mask.ndim == 2:
        return np.fromiter((_one(row, rng) for row in mask), np.int64, count=len(mask))
    return _one(mask, rng)


def _one(mask: np.ndarray, rng: Any) -> int:
    flags = mask.view(bool) if mask.dtype.itemsize == 1 and mask.dtype.kind in "biu" else mask != 0
    legal = flags.nonzero()[0]
    count = len(legal)
    if count <= 1:
        return int(legal[0]) if count else 0
    if rng is None:
        rng = _DEFAULT
    if isinstance(rng, random.Random):
        return int(legal[rng.randrange(count)])
    return int(legal[rng.integers(count)])
