"""Learning agents on every game: observation tensors and thin adapters for PettingZoo
(AEC and Parallel), Gymnasium and OpenSpiel.  docs/rl.md has the quick starts.

The libraries are imported only by the module that adapts to them, so ``motherlode.rl``
itself needs numpy alone; where Gymnasium is installed, importing it registers
``motherlode/<game>-v0`` for every installed game (:func:`register_gymnasium`).
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from motherlode.rl.sampling import sample_legal
from motherlode.rl.tensors import Encoder, encoder

if TYPE_CHECKING:
    from motherlode.rl.pettingzoo_env import MotherlodeAEC, MotherlodeParallel, OrderEnforcing

__all__ = [
    "Encoder",
    "encoder",
    "env",
    "parallel_env",
    "raw_env",
    "register_gymnasium",
    "sample_legal",
]


def env(game: str, num_players: int | None = None, **kwargs: Any) -> OrderEnforcing:
    """A PettingZoo AEC environment of ``game`` in PettingZoo's ``OrderEnforcingWrapper``,
    as the classic environments' ``env()`` (see :class:`MotherlodeAEC`; the wrapper passes
    its attributes through, ``env.unwrapped`` is the bare env)."""
    from motherlode.rl.pettingzoo_env import wrap

    return wrap(raw_env(game, num_players, **kwargs))


def raw_env(game: str, num_players: int | None = None, **kwargs: Any) -> MotherlodeAEC:
    """The bare AEC environment of ``game``, without wrappers."""
    from motherlode.rl.pettingzoo_env import MotherlodeAEC

    return MotherlodeAEC(game, num_players, **kwargs)


def parallel_env(game: str, num_players: int | None = None, **kwargs: Any) -> MotherlodeParallel:
    """A PettingZoo Parallel environment of ``game`` (see :class:`MotherlodeParallel`)."""
    from motherlode.rl.pettingzoo_env import MotherlodeParallel

    return MotherlodeParallel(game, num_players, **kwargs)


GYM_ENTRY_POINT = "motherlode.rl.gym_env:MotherlodeGym"


def gym_id(game: str) -> str:
    return f"motherlode/{game}-v0"


def register_gymnasium(*games: str) -> list[str]:
    """Register ``motherlode/<game>-v0`` with Gymnasium (the :class:`MotherlodeGym` of
    ``game``; ``gymnasium.make``'s keywords go to it) for each game named, or every
    installed game (by its entry point: no game is loaded); the ids, none where Gymnasium
    is not installed.  A game registered later in the process (a test's) calls it again."""
    if importlib.util.find_spec("gymnasium") is None:
        return []
    import gymnasium

    if not games:
        from importlib.metadata import entry_points

        from motherlode.engine.registry import GROUP

        games = tuple(sorted({point.name for point in entry_points(group=GROUP)}))
    ids = []
    for game in games:
        name = gym_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=GYM_ENTRY_POINT, kwargs={"game": game})
        ids.append(name)
    return ids


register_gymnasium()
