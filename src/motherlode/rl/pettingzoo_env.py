"""PettingZoo environments of every game: :class:`MotherlodeAEC` and :class:`MotherlodeParallel`.

They follow PettingZoo's classic environments: agents ``player_0`` ... ``player_{n-1}`` (the
seats, named so in the engine's errors and renderings too), observations
``{"observation": float32 tensor, "action_mask": int8}`` (the mask is exactly the legal
actions; once an agent's episode has ended, the terminal mask: 1 at index 0 alone, see
:func:`~motherlode.rl.core.terminal_mask`), one ``Discrete`` action space per agent (the
game's fixed integer action space; its ``sample()`` without a mask draws among the agent's
legal actions now), rewards only at the end (``reward="rank"`` or ``"margin"``, see
:mod:`.core`).  ``state()`` is the global state for a centralised critic: every agent's
tensor, ``player_0``'s first (``state_space``: a ``Box`` of ``n`` times the tensor's size).
``motherlode.rl.env`` wraps the AEC env in PettingZoo's ``OrderEnforcingWrapper`` as the
classic ``env()`` functions do; ``motherlode.rl.raw_env`` gives it bare.

Simultaneous secret decisions (Goodwill's prices and votes, GOLDFIX's sealed bids) are
played in AEC order: each asked agent is selected in turn and its choice is held by the
engine until every asked agent has chosen; no observation shows another agent's choice
before the reveal (an agent's own held choice is in its own observation only).  The
Parallel environment asks them all in one step.  The AEC env's agents do not take turns in
a fixed cycle, so PettingZoo's ``aec_to_parallel`` cannot convert it (``is_parallelizable``
is False): :class:`MotherlodeParallel` is the parallel form.

An illegal action raises :class:`~motherlode.rl.core.IllegalActionError` and changes
nothing; with ``illegal="penalty"`` it ends the game instead, the offender getting
``illegal_reward`` (-1) and everyone else 0, as PettingZoo's ``TerminateIllegalWrapper``.

``max_steps=N`` truncates every agent after N decisions (random play can wander for
thousands of moves in Gold am Yukon); the default is to play to the end.

Seeding: ``reset(seed=s)`` starts the engine from a seed drawn from ``s``; a later
``reset()`` without a seed draws the next game from the same stream, so a run is a pure
function of its first seed and its actions.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from motherlode.engine import GameOptions
from motherlode.rl.core import IllegalActionError, Mask, Table, draw_seed

__all__ = ["IllegalActionError", "MotherlodeAEC", "MotherlodeParallel", "OrderEnforcing", "wrap"]

ILLEGAL = ("raise", "penalty")
RENDER_MODES = ("human", "ansi", "rgb_array")
Obs = dict[str, np.ndarray]


class LegalActions(spaces.Discrete):
    """An agent's ``Discrete`` action space whose ``sample()`` without a mask draws among
    the agent's legal actions now (so tools that sample spaces blindly, PettingZoo's
    ``parallel_seed_test`` and ``state_test``, play legal games); with a mask it samples
    that mask, as ``Discrete`` does.  It reaches its environment through a weak reference
    (it keeps no environment alive), dropped when the space is copied or pickled."""

    def __init__(self, n: int, env: _Base, seat: int) -> None:
        super().__init__(n)
        self._env: weakref.ref[_Base] | None = weakref.ref(env)
        self._seat = seat

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            ref = getattr(self, "_env", None)  # (None in a copy: a plain Discrete)
            env = ref() if ref is not None else None
            if env is not None:
                mask = env.mask(self._seat)
        return super().sample(mask, probability)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_env"}


class _Base:
    """What both environment kinds share: the table, the spaces, seeding, rendering."""

    def _setup(
        self,
        game: str,
        num_players: int | None,
        options: Mapping[str, Any] | GameOptions | None,
        render_mode: str | None,
        reward: str,
        illegal: str,
        illegal_reward: float,
        max_steps: int | None,
        observation: str,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is 'raise' or 'penalty', not {illegal!r}")
        self.table = Table(game, num_players, options, reward, observation)
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        n = self.table.num_players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        box = spaces.Box(-np.inf, np.inf, self.table.encoder.shape, np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, (self.table.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        actions = self.table.num_actions
        self.action_spaces = {
            a: LegalActions(actions, self, s) for a, s in self.agent_name_mapping.items()
        }
        self.state_space = spaces.Box(-np.inf, np.inf, (self.table.state_size,), np.float32)
        self._seeds = np.random.default_rng()
        self._done = False
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The global state: every agent's observation tensor, ``player_0``'s first (see
        :meth:`~motherlode.rl.core.Table.global_state`)."""
        return self.table.global_state()

    def mask(self, seat: int) -> Mask:
        """``seat``'s action mask now (the terminal mask once its episode has ended)."""
        return self.table.terminal_mask() if self._done else self.table.mask(seat)

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.table.new_state(draw_seed(self._seeds))
        self._done = False
        self.steps = 0

    def render(self) -> str | np.ndarray | None:
        """The spectator's view: text (``ansi``), printed (``human``), or a picture
        (``rgb_array``: an HxWx3 uint8 array, see :mod:`motherlode.rl.rgb`)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self.table.render_rgb(None)
        text = self.table.render_text(None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


class MotherlodeAEC(_Base, AECEnv[str, Obs, int]):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; named per game
        "render_modes": list(RENDER_MODES),
        "render_fps": 2,
        "name": "motherlode_v0",
        "is_parallelizable": False,  # (agents do not step in a cycle: see MotherlodeParallel)
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        render_mode: str | None = None,
        reward: str = "rank",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        observation: str = "full",
    ) -> None:
        super().__init__()
        self._setup(
            game,
            num_players,
            options,
            render_mode,
            reward,
            illegal,
            illegal_reward,
            max_steps,
            observation,
        )
        self.metadata = {**type(self).metadata, "name": f"motherlode_{self.table.game.id}_v0"}
        self.reset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game.  ``options`` is accepted for the API and unused: the game's options are
        fixed at construction (the spaces depend on them)."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self.agent_selection = self.possible_agents[self.table.state.pending()[0]]

    def observe(self, agent: str) -> Obs:
        if self._done:
            return self.table.final_observation(self.agent_name_mapping[agent])
        return self.table.observation(self.agent_name_mapping[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        try:
            table.play(seat, action)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._end(dict.fromkeys(self.agents, 0.0) | {agent: self.illegal_reward})
            return
        self.steps += 1
        pending = table.state.pending()
        if not pending:  # (the game is over)
            rewards = table.rewards()
            self._end({a: rewards[self.agent_name_mapping[a]] for a in self.agents})
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._done = True
            self._clear_rewards()
        else:
            self.agent_selection = self.possible_agents[pending[0]]
            if self._rewarded:  # (rewards are 0 until the end: mostly nothing to do)
                self._clear_rewards()
                self._rewarded = False
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float]) -> None:
        self.rewards = rewards
        self._rewarded = True
        self._done = True
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


class MotherlodeParallel(_Base, ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """A game as a PettingZoo Parallel environment: each step takes the actions of every
    agent asked now (one for an ordinary turn, all the asked ones for a simultaneous secret
    decision, resolved together); the actions of agents not asked are ignored (their masks
    are all 0).  Every agent stays in ``agents`` until the game ends."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; named per game
        "render_modes": list(RENDER_MODES),
        "render_fps": 2,
        "name": "motherlode_v0",
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        render_mode: str | None = None,
        reward: str = "rank",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        observation: str = "full",
    ) -> None:
        self._setup(
            game,
            num_players,
            options,
            render_mode,
            reward,
            illegal,
            illegal_reward,
            max_steps,
            observation,
        )
        self.metadata = {**type(self).metadata, "name": f"motherlode_{self.table.game.id}_v0"}
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new game (``options``: as :meth:`MotherlodeAEC.reset`)."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, Obs]:
        observation = self.table.final_observation if self._done else self.table.observation
        return {a: observation(self.agent_name_mapping[a]) for a in self.agents}

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        agents = self.agents
        state = self.table.state
        asked = [self.possible_agents[s] for s in state.pending()]
        missing = [a for a in asked if a not in actions]
        if missing:
            raise IllegalActionError(f"no action given for {', '.join(missing)}, who must act")
        rewards = dict.fromkeys(agents, 0.0)
        over = False
        try:
            # Check every action before playing any: a bad one changes nothing.
            for agent in asked:
                self._check(self.agent_name_mapping[agent], actions[agent])
            for agent in asked:
                self.table.play(self.agent_name_mapping[agent], int(actions[agent]))
        except IllegalActionError as exc:
            if self.illegal == "raise":
                raise
            offender = getattr(exc, "agent", asked[0])
            rewards[offender] = self.illegal_reward
            over = True
        self.steps += 1
        if state.is_over():
            final = self.table.rewards()
            rewards = {a: final[self.agent_name_mapping[a]] for a in agents}
            over = True
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        self._done = over or truncated
        observations = self._observations()
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _check(self, seat: int, action: object) -> None:
        """Raise (tagged with the agent) unless ``action`` is legal for ``seat`` now."""
        mask = self.table.mask(seat)
        value = int(action) if isinstance(action, int | np.integer) else -1
        if not 0 <= value < mask.size or not mask[value]:
            error = IllegalActionError(
                f"action {action!r} is not legal for {self.possible_agents[seat]} now"
            )
            error.agent = self.possible_agents[seat]  # type: ignore[attr-defined]
            raise error


def _after_reset(name: str) -> Any:
    """A wrapper property that reads the env's attribute ``name`` directly, refused before
    the first reset (PettingZoo's rule)."""

    def read(self: OrderEnforcing) -> Any:
        if not self._has_reset:
            raise self._unreset(name)
        return getattr(self.env, name)

    return property(read)


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with its checks unchanged, but what a
    training loop reads at every step (``agent_iter``, ``last``, ``step``) reaches the env
    directly: the base class finds those attributes through ``__getattr__`` after a failed
    lookup, about 10 us a step, a third to a half of a whole env step (docs/rl.md)."""

    table: Table
    """(The env's attributes pass through, typed where they are ours.)"""

    def _unreset(self, name: str) -> AttributeError:
        return AttributeError(f"{name} cannot be accessed before reset")

    agents = _after_reset("agents")
    agent_selection = _after_reset("agent_selection")
    rewards = _after_reset("rewards")
    terminations = _after_reset("terminations")
    truncations = _after_reset("truncations")
    infos = _after_reset("infos")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise self._unreset("agent_selection")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def __str__(self) -> str:
        return str(self.env)

    def step(self, action: int | None) -> None:
        env = self.env
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            env.step(action)


def wrap(env: MotherlodeAEC) -> OrderEnforcing:
    """``env`` as the classic environments' ``env()`` gives theirs: in PettingZoo's
    ``OrderEnforcingWrapper`` (nothing before ``reset``, a step per agent of
    ``agent_iter``).  Their other wrappers are built in: ``AssertOutOfBoundsWrapper``'s
    check is the env's own (an :class:`IllegalActionError` naming the action, where the
    wrapper gives a bare ``AssertionError``), ``TerminateIllegalWrapper`` is
    ``illegal="penalty"``."""
    return OrderEnforcing(env)
