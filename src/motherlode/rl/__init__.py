"""Learning agents on every game: observation tensors and thin adapters for PettingZoo
(AEC and Parallel), Gymnasium and OpenSpiel.  docs/rl.md has the quick starts.

The libraries are imported only by the module that adapts to them, so ``motherlode.rl``
itself needs numpy alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from motherlode.rl.tensors import Encoder, encoder

if TYPE_CHECKING:
    from motherlode.rl.pettingzoo_env import MotherlodeAEC, MotherlodeParallel

__all__ = ["Encoder", "encoder", "env", "parallel_env"]


def env(game: str, num_players: int | None = None, **kwargs: Any) -> MotherlodeAEC:
    """A PettingZoo AEC environment of ``game`` (see :class:`MotherlodeAEC`)."""
    from motherlode.rl.pettingzoo_env import MotherlodeAEC

    return MotherlodeAEC(game, num_players, **kwargs)


def parallel_env(game: str, num_players: int | None = None, **kwargs: Any) -> MotherlodeParallel:
    """A PettingZoo Parallel environment of ``game`` (see :class:`MotherlodeParallel`)."""
    from motherlode.rl.pettingzoo_env import MotherlodeParallel

    return MotherlodeParallel(game, num_players, **kwargs)
