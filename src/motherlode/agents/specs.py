"""Bot specs: ``random``, ``human``, the difficulty levels (``beginner``, ``casual``,
``strong``, ``expert``: :mod:`motherlode.agents.levels`), a game's own bots (``heuristic``,
``minister``) and parameters after a colon (``mcts:iters=500,c=1.4``, ``expert:ms=250``).
The same strings work in ``play``, ``simulate``, ``arena`` and the web server's seat forms.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from motherlode.agents import plugins
from motherlode.agents.levels import LEVELS, expand, is_level
from motherlode.agents.mcts import MCTSAgent
from motherlode.agents.random_agent import RandomAgent
from motherlode.engine import Agent, BadOptions, Game
from motherlode.engine.words import T

GENERIC: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "mcts": MCTSAgent}
"""The bots every game has (tests may swap one for a stand-in)."""


def _generic() -> dict[str, Callable[..., Agent]]:
    return GENERIC


def _unlisted(name: str) -> Callable[..., Agent] | None:
    """A bot every spec may name but :func:`bot_names` does not list, registered by another
    package (entry-point group ``motherlode.bots``): the trained ``policy`` (rl extra) is
    weaker than the ``casual`` level, so the lobby does not offer it (docs/bots.md)."""
    factory: Callable[..., Agent] | None = plugins.load(plugins.BOTS, name)
    return factory


@dataclass(frozen=True)
class AgentSpec:
    name: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())

    @property
    def is_human(self) -> bool:
        return self.name == "human"


def _value(key: str, text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        raise BadOptions(
            T("bot parameter {key} must be a finite number, got {text!r}", key=key, text=text[:20])
        )
    return number


def parse_spec(text: str) -> AgentSpec:
    """``name`` or ``name:key=value,key=value``, with a clear error for anything else."""
    name, _, rest = text.strip().partition(":")
    if not name or not name.replace("_", "").replace("-", "").isalnum():
        raise BadOptions(
            T("a seat is a bot name such as 'random' or 'mcts:iters=500', not {text!r}", text=text)
        )
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise BadOptions(
                T(
                    "bot parameters are written key=value, got {part!r} in {text!r}",
                    part=part,
                    text=text,
                )
            )
        params[key.strip()] = _value(key.strip(), value.strip())
    if name.lower() == "human" and params:
        raise BadOptions(T("a person's seat takes no parameters, got {text!r}", text=text))
    return AgentSpec(name.lower(), params)


def bot_names(game: Game) -> list[str]:
    """Every bot spec name usable for ``game`` (besides ``human``): the difficulty levels
    first, from the weakest, then the raw bots by name."""
    levels = [name for name in LEVELS if LEVELS[name].bot in ("mcts", *game.bots)]
    return [*levels, *sorted({*_generic(), *game.bots} - set(levels))]


def make_agent(spec: AgentSpec | str, game: Game, seed: int | None = None) -> Agent:
    """Build the bot a spec names; ``human`` seats are handled by the interfaces."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    factory = (
        game.bots.get(spec.name)
        or _generic().get(spec.name)
        or _unlisted(spec.name)
        or (_generic()["mcts"] if is_level(spec.name) else None)
    )
    if spec.is_human:
        raise BadOptions(T("'human' seats are played by people, not built as bots"))
    if factory is None:
        known = ", ".join(["human", *bot_names(game)])
        raise BadOptions(
            T(
                "unknown bot {name!r} for {game}; choose from: {known}",
                name=spec.name,
                game=T(game.title),
                known=known,
            )
        )
    params = dict(spec.params)
    if "seed" in params:
        raise BadOptions(
            T(
                "bad parameters for bot {spec}: a bot's seed comes from the table, game or "
                "arena that runs it, not from its spec",
                spec=str(spec),
            )
        )
    if is_level(spec.name) and spec.name not in game.bots:
        name, params = expand(spec.name, params, game)
        factory = game.bots.get(name) or _generic()[name]
    elif spec.name == "mcts" and spec.name not in game.bots:
        tuned = params.pop("tuned", 1)
        if tuned not in (0, 1):
            raise BadOptions(
                T("mcts tuned is 1 (the game's search settings) or 0, got {tuned!r}", tuned=tuned)
            )
        if tuned:
            params = {**game.search_defaults, **params}
    try:
        agent = factory(seed=seed, **params)
    except (TypeError, ValueError) as exc:
        why = _unknown(factory, params) if isinstance(exc, TypeError) else None
        raise BadOptions(
            T("bad parameters for bot {spec}: {why}", spec=str(spec), why=why or str(exc))
        ) from None
    if not isinstance(agent, Agent):
        raise BadOptions(
            T("bot {name!r} of {game} did not build an agent", name=spec.name, game=T(game.title))
        )
    return agent


def _unknown(factory: Callable[..., Agent], params: dict[str, Any]) -> T | None:
    """Which parameters a bot does not take, and those it does (a person reads this, not
    Python's "unexpected keyword argument"); None when its signature does not say."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    takes = [
        name
        for name, p in signature.parameters.items()
        if name != "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    unknown = [k for k in params if k not in takes]
    if not unknown:
        return None
    if not takes:
        return T("it takes no {unknown} (its parameters: none)", unknown=", ".join(unknown))
    return T(
        "it takes no {unknown} (its parameters: {takes})",
        unknown=", ".join(unknown),
        takes=", ".join(takes),
    )


def check_agent(spec: AgentSpec | str, game: Game) -> Agent:
    """Build the bot and everything it will use for ``game`` now (rollout, eval and prior
    bots of a search), so a spec that would fail on its first move fails here instead."""
    agent = make_agent(spec, game, 0)
    bind = getattr(agent, "bind", None)
    if callable(bind):
        bind(game)
    return agent
