"""Bots and evaluators that other packages provide, found through entry points.

The agents layer knows the generic bots (random, the search) and each game's own
(``Game.bots``).  Anything built on a heavier layer registers itself instead of being
imported from here, so ``agents`` never imports ``rl`` (nor numpy):

* group ``motherlode.bots``: a spec name -> a factory ``(seed, **params) -> Agent``; such
  a bot plays wherever a spec does but the lobby does not list it (the trained ``policy``);
* group ``motherlode.evaluators``: a name -> a factory ``(game, path) -> evaluator`` for the
  search's ``eval=NAME`` (``learned``: the evaluator self-play trained).

A third-party package adds its own through the same groups in its ``pyproject.toml``.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from motherlode.engine import BadOptions
from motherlode.engine.words import T

BOTS = "motherlode.bots"
EVALUATORS = "motherlode.evaluators"


@cache
def plugins(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by name (read once a process)."""
    return {ep.name: ep for ep in entry_points(group=group)}


def load(group: str, name: str) -> Any | None:
    """The object registered as ``name`` in ``group``; None where nothing is registered.

    A plug-in whose module cannot be imported (an extra not installed) is a clear error."""
    ep = plugins(group).get(name)
    if ep is None:
        return None
    try:
        return ep.load()
    except ImportError as exc:
        raise BadOptions(
            T(
                "{name} needs a package that is not installed ({package}): "
                "install motherlode with the rl extra",
                name=name,
                package=str(exc.name or exc),
            )
        ) from None
