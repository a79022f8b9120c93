"""PettingZoo environments of every game: :class:`MotherlodeAEC` and :class:`MotherlodeParallel`.

They follow PettingZoo's classic environments: agents ``player_0`` ... ``player_{n-1}`` (the
seats), observations ``{"observation": float32 tensor, "action_mask": int8}`` (the mask is
exactly the legal actions), one ``Discrete`` action space per game (its fixed integer action
space), rewards only at the end (``reward="rank"`` or ``"margin"``, see :mod:`.core`).

Simultaneous secret decisions (Goodwill's prices and votes, GOLDFIX's sealed bids) are
played in AEC order: each asked agent is selected in turn and its choice is held by the
engine until every asked agent has chosen; no observation shows another agent's choice
before the reveal (an agent's own held choice is in its own observation only).  The
Parallel environment asks them all in one step.

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

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from motherlode.engine import GameOptions
from motherlode.rl.core import IllegalActionError, Table, draw_seed

__all__ = ["IllegalActionError", "MotherlodeAEC", "MotherlodeParallel"]

ILLEGAL = ("raise", "penalty")
RENDER_MODES = ("human", "ansi")
Obs = dict[str, np.ndarray]


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
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is 'raise' or 'penalty', not {illegal!r}")
        self.table = Table(game, num_players, options, reward)
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
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.steps = 0

    @functools.cache  # noqa: B019 - one entry per agent, env lives long
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.table.new_state(draw_seed(self._seeds))
        self.steps = 0

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
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
        "name": "motherlode_v0",
        "is_parallelizable": True,
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
    ) -> None:
        super().__init__()
        self._setup(
            game, num_players, options, render_mode, reward, illegal, illegal_reward, max_steps
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
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


class MotherlodeParallel(_Base, ParallelEnv[str, Obs, int]):  # type: ignore[misc]
    """A game as a PettingZoo Parallel environment: each step takes the actions of every
    agent asked now (one for an ordinary turn, all the asked ones for a simultaneous secret
    decision, resolved together); the actions of agents not asked are ignored (their masks
    are all 0).  Every agent stays in ``agents`` until the game ends."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; named per game
        "render_modes": list(RENDER_MODES),
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
    ) -> None:
        self._setup(
            game, num_players, options, render_mode, reward, illegal, illegal_reward, max_steps
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
        observation = self.table.observation
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
