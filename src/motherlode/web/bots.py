"""Where the bots of every live table think: bounded, fair, and never able to hang a table.

Two lanes, both first come first served.  A table asks for one bot move at a time (its bot
task is sequential), so a first-come queue serves the tables in turn: a table with slow
bots waits behind the others' moves, never ahead of them.

- **Quick lane**: a game's own bots and ``random`` with their default settings.  They decide
  in milliseconds, in a thread of the server process, a few at once.
- **Search lane**: every other spec (``mcts``, or any bot with parameters).  These think in
  worker processes (:mod:`pebble`), so a search never holds the server's interpreter lock
  and a worker that overruns the operator's time limit is killed and replaced.  At most
  ``workers`` search at once; a search's ``ms`` budget is capped at the limit, and an
  iteration budget stops at the limit too.

A bot that raises or overruns is logged (with its traceback) and that move is played by the
game's heuristic bot, or at random where the game has none, so no table waits on a bot.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import random
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pebble import ProcessPool

from motherlode.agents.levels import LEVELS, is_level
from motherlode.agents.specs import AgentSpec, make_agent
from motherlode.engine import Action, Agent, BadOptions, Game, State, get_game
from motherlode.engine.words import T

log = logging.getLogger("motherlode.web")

GRACE_SECONDS = 1.0
"""How long past its limit a searching worker may take before it is killed (the search
itself stops at the limit; this covers a move that is already under way)."""


def searches(spec: AgentSpec) -> bool:
    """A spec that searches: ``mcts`` or a level built on it (``beginner``, ``strong``...)."""
    return spec.name == "mcts" or (is_level(spec.name) and LEVELS[spec.name].bot == "mcts")


def is_quick(spec: AgentSpec) -> bool:
    """A bot that decides in milliseconds: no search and no parameters to make it slow."""
    return not searches(spec) and not spec.params


def limit_spec(spec: AgentSpec, seconds: float) -> AgentSpec:
    """``spec`` held to the operator's limit of ``seconds`` a move; refused if it asks more.
    A level's own thinking time is kept where it is within the limit."""
    if not searches(spec):
        return spec
    cap = seconds * 1000
    ms = spec.params.get("ms")
    if isinstance(ms, int | float) and not isinstance(ms, bool) and ms > cap:
        raise BadOptions(
            T(
                "{bot} ms is at most {cap:g} on this server (its operator's limit per move), "
                "got {ms:g}",
                bot=spec.name,
                cap=cap,
                ms=ms,
            )
        )
    if ms is None and spec.name != "mcts":
        # a level thinks for its own time (the game's levels.toml may say otherwise, but
        # never past the cap: the worker is stopped at the limit in any case)
        default = LEVELS[spec.name].params.get("ms")
        if not isinstance(default, int | float) or default > cap:
            ms = cap
        else:
            return spec
    return AgentSpec(spec.name, {**spec.params, "ms": ms if ms is not None else cap})


def _warm() -> None:
    """A new search worker imports what searches use before its first move, so that the
    first move's time limit is spent searching: the learned evaluator and the tensors
    (numpy) cost about half a second to import."""
    for module in ("motherlode.agents.mcts", "motherlode.rl.value", "motherlode.rl.tensors.direct"):
        importlib.import_module(module)


def _think(game_id: str, spec: AgentSpec, seed: int, state: State, seat: int) -> Any:
    """In a worker process: build the bot and decide; the action travels back as JSON."""
    agent = make_agent(spec, get_game(game_id), seed)
    return agent.act(state, seat).to_json()


class BotPool:
    """The bots of all tables: ``decide`` gives a legal move within about ``seconds``."""

    def __init__(self, *, seconds: float = 2.0, workers: int = 1, quick: int = 4) -> None:
        if not seconds > 0:
            raise ValueError("bots need some time to think: seconds must be positive")
        if workers < 1 or quick < 1:
            raise ValueError("the bot pool needs at least one worker in each lane")
        self.seconds = seconds
        self.workers = workers
        self._search = asyncio.Semaphore(workers)
        self._quick = asyncio.Semaphore(quick)
        self._pool: ProcessPool | None = None
        self.fallbacks = 0
        """Moves played for a bot that raised or ran out of time (for tests and logs)."""
        self.searches = 0
        """Search moves asked for and not yet answered (thinking or waiting their turn)."""

    def _processes(self) -> ProcessPool:
        if self._pool is None:  # started on the first search: most servers never need it
            self._pool = ProcessPool(
                max_workers=self.workers,
                context=multiprocessing.get_context("spawn"),
                initializer=_warm,
            )
        return self._pool

    async def decide(
        self, game: Game, spec: AgentSpec, agent: Agent | None, seed: int, state: State, seat: int
    ) -> Action:
        """A move for ``seat``; ``state`` is a snapshot the caller will not touch meanwhile."""
        try:
            if agent is not None and is_quick(spec):
                async with self._quick:
                    return await asyncio.wait_for(
                        asyncio.to_thread(agent.act, state, seat), self.seconds
                    )
            self.searches += 1
            try:
                async with self._search:
                    future = self._processes().schedule(
                        _think,
                        args=(game.id, limit_spec(spec, self.seconds), seed, state, seat),
                        timeout=self.seconds + GRACE_SECONDS,
                    )
                    data = await asyncio.wrap_future(future)
            finally:
                self.searches -= 1
            return game.parse_action(data)
        except (TimeoutError, FutureTimeout):
            log.warning("bot %s (seat %d) ran out of time; its move is played for it", spec, seat)
        except Exception:
            log.exception("bot %s (seat %d) failed; its move is played for it", spec, seat)
        self.fallbacks += 1
        return await asyncio.to_thread(fallback_move, game, state, seat, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool.join(timeout=5)
            self._pool = None


def fallback_move(game: Game, state: State, seat: int, seed: int) -> Action:
    """The game's heuristic bot's move, or a random legal one if it has none (or it fails)."""
    if "heuristic" in game.bots:
        try:
            return make_agent("heuristic", game, seed).act(state, seat)
        except Exception:
            log.exception("the heuristic bot failed too; a random legal move is played")
    return random.Random(seed).choice(state.legal_actions(seat))
