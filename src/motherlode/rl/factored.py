"""A game's factored actions as a PettingZoo AEC environment: :func:`factored_env`.

Where a game's flat action space is too large to mask and pick from at every step
(Carcassonne's 75,855), the game may offer a ``factored`` part (``Game.part("factored")``)
that numbers each decision's choices in a small space and shows the table as arrays
(Carcassonne: planes over a window of the map, see ``games/carcassonne/factored.py``).
This module is the generic wrapper around such a part: agents, rewards, seeding, illegal
actions and truncation exactly as :class:`~motherlode.rl.pettingzoo_env.MotherlodeAEC`.

The part's ``factored(num_players, options, **settings)`` returns an object with
``action_size``, ``shapes`` and ``dtypes`` (the observation keys besides the mask),
``observe(state, seat)``, ``action(state, seat, index)`` (the engine action, or None
where illegal), ``describe(index)`` and ``fits(state)`` (False: the game outgrew the
part's fixed shapes; the environment then truncates it, ``infos[agent]["outgrown"]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from motherlode.agents.specs import make_agent
from motherlode.engine import Action, Agent, GameOptions, State, get_game
from motherlode.rl.core import IllegalActionError, draw_seed, final_rewards, opponent_specs

__all__ = ["Factored", "FactoredAEC", "FactoredGym", "factored_env"]

Obs = dict[str, np.ndarray]


class Factored(Protocol):
    """What a game's ``factored`` part builds for one table (see the module docstring)."""

    action_size: int
    shapes: dict[str, tuple[int, ...]]
    dtypes: dict[str, type[np.generic]]

    def observe(self, state: Any, seat: int) -> Obs: ...
    def action(self, state: Any, seat: int, index: int) -> Action | None: ...
    def describe(self, index: int) -> str: ...
    def fits(self, state: Any) -> bool: ...


class FactoredAEC(AECEnv[str, Obs, int]):  # type: ignore[misc]
    """A game through its factored actions as a PettingZoo AEC environment.

    Observations are ``{"observation", <the part's other keys>, "action_mask"}``; one
    ``Discrete(action_size)`` space per agent.  Everything else (``reward``, ``illegal``,
    ``illegal_reward``, ``max_steps``, ``render_mode``, seeding) as ``rl.env``; the part's
    own settings (Carcassonne: ``radius``) pass through ``settings``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention; named per game
        "render_modes": ["human", "ansi"],
        "name": "motherlode_factored_v0",
        "is_parallelizable": False,
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
        **settings: Any,
    ) -> None:
        super().__init__()
        self.game = get_game(game)
        part = self.game.part("factored")
        if part is None:
            raise ValueError(f"{self.game.title} has no factored actions (a 'factored' part)")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is 'human', 'ansi' or None, not {render_mode!r}")
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal is 'raise' or 'penalty', not {illegal!r}")
        if reward not in ("rank", "margin"):
            raise ValueError(f"reward is 'rank' or 'margin', not {reward!r}")
        self.num_players = self.game.check_players(
            self.game.min_players if num_players is None else num_players
        )
        self.options = self.game.options(options)
        self.factored: Factored = part.factored(self.num_players, self.options, **settings)
        self.render_mode = render_mode
        self.reward = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.metadata = {**type(self).metadata, "name": f"motherlode_{self.game.id}_factored_v0"}
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.factored.action_size
        keys: dict[str, spaces.Space[Any]] = {
            key: spaces.Box(0, _high(self.factored.dtypes[key]), shape, self.factored.dtypes[key])
            for key, shape in self.factored.shapes.items()
        }
        keys["action_mask"] = spaces.Box(0, 1, (size,), np.int8)
        self.observation_spaces = {a: spaces.Dict(keys) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.steps = 0
        self.reset()

    # plain lookups: a functools.cache here would keep every env alive (issue 31)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``options`` is accepted for the API and unused, as in ``rl.env``)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        state = self.game.new_state(
            num_players=self.num_players, seed=draw_seed(self._seeds), options=self.options
        )
        state.logging = False
        self.state: State = state
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self.agent_selection = self.possible_agents[state.pending()[0]]

    def observe(self, agent: str) -> Obs:
        return self.factored.observe(self.state, self.agent_name_mapping[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        move = None
        if type(action) is int or isinstance(action, np.integer):
            move = self.factored.action(state, seat, int(action))
        if move is None:
            if self.illegal == "raise":
                what = (
                    self.factored.describe(int(action))
                    if isinstance(action, int | np.integer)
                    else repr(action)
                )
                raise IllegalActionError(f"action {what} is not legal for {agent} now")
            self._end(dict.fromkeys(self.agents, 0.0) | {agent: self.illegal_reward})
            return
        state.apply(seat, move)
        self.steps += 1
        pending = state.pending()
        if not pending:
            rewards = final_rewards(state, self.reward)
            self._end({a: rewards[self.agent_name_mapping[a]] for a in self.agents})
        elif not self.factored.fits(state):
            self.truncations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"outgrown": True} for a in self.agents}
            self._clear_rewards()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._clear_rewards()
        else:
            self.agent_selection = self.possible_agents[pending[0]]
            if self._rewarded:
                self._clear_rewards()
                self._rewarded = False
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float]) -> None:
        self.rewards = rewards
        self._rewarded = True
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        view = self.state.observe(None)
        drawn = self.game.render(view, None) if self.game.render else str(view)
        if not isinstance(drawn, str):
            from io import StringIO

            from rich.console import Console

            buffer = StringIO()
            Console(file=buffer, width=100, color_system=None).print(drawn)
            drawn = buffer.getvalue()
        if self.render_mode == "ansi":
            return drawn
        print(drawn)
        return None

    def close(self) -> None:
        pass


class FactoredGym(gymnasium.Env[Obs, np.int64]):
    """One seat of a game through its factored actions, against bot specs, as a Gymnasium
    environment (what :class:`~motherlode.rl.gym_env.MotherlodeGym` is to the flat space):
    observations are the part's arrays (Carcassonne: ``observation``, the planes, and
    ``vector``); the legal actions are ``info["action_mask"]``, the terminal mask (1 at index
    0 alone) once the episode has ended.  ``seat=None`` draws the learner's seat at every
    reset; ``reset(seed=s)`` replays a whole episode (bots included).  A game that outgrows
    the part's window is truncated (``info["outgrown"]``).  An illegal action raises
    (``illegal="raise"``, the default) or ends the episode with ``illegal_reward``."""

    metadata = {"render_modes": []}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        opponents: Sequence[str] | str = ("random",),
        seat: int | None = 0,
        reward: str = "rank",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        **settings: Any,
    ) -> None:
        self.aec = FactoredAEC(game, num_players, options, None, reward, illegal, illegal_reward)
        self.factored = self.aec.factored
        n = self.aec.num_players
        specs = opponent_specs(opponents, n, seat)
        self.specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {k: v for k, v in self.aec.observation_spaces["player_0"].items() if k != "action_mask"}
        )
        self.action_space = spaces.Discrete(self.factored.action_size)
        self._bots: dict[int, Agent] = {}
        self._seeds = np.random.default_rng()
        self._done = False

    @property
    def state(self) -> State:
        return self.aec.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.aec.reset(seed=int(self._seeds.integers(2**62)))
        n = self.aec.num_players
        if self.fixed_seat is None:
            self.seat = int(self._seeds.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self._bots = {
            s: make_agent(spec, self.aec.game, draw_seed(self._seeds))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self._done = False
        self._opponents_play()
        return self._result({})

    def _opponents_play(self) -> None:
        state = self.aec.state
        while True:
            pending = state.pending()
            if not pending or self.seat in pending:
                return
            bot = pending[0]
            state.apply(bot, self._bots[bot].act(state, bot))

    def _result(self, extra: dict[str, Any]) -> tuple[Obs, dict[str, Any]]:
        obs = self.factored.observe(self.aec.state, self.seat)
        mask = obs.pop("action_mask")
        if self._done:
            mask = np.zeros_like(mask)
            mask[0] = 1
        return obs, {"action_mask": mask, "seat": self.seat, **extra}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        state = self.aec.state
        move = self.factored.action(state, self.seat, int(action))
        if move is None:
            if self.aec.illegal == "raise":
                raise IllegalActionError(
                    f"action {self.factored.describe(int(action))} is not legal for "
                    f"player_{self.seat} now"
                )
            self._done = True
            obs, info = self._result({})
            return obs, self.aec.illegal_reward, True, False, info
        state.apply(self.seat, move)
        self._opponents_play()
        over = state.is_over()
        outgrown = not over and not self.factored.fits(state)
        self._done = over or outgrown
        reward = final_rewards(state, self.aec.reward)[self.seat] if over else 0.0
        obs, info = self._result({"outgrown": True} if outgrown else {})
        return obs, reward, over, outgrown, info


def _high(dtype: type[np.generic]) -> float:
    """A Box's upper bound for values of ``dtype`` (whole numbers: its largest)."""
    if np.issubdtype(dtype, np.integer):
        return float(np.iinfo(np.dtype(dtype)).max)
    return np.inf


def factored_env(game: str, num_players: int | None = None, **kwargs: Any) -> FactoredAEC:
    """A PettingZoo AEC environment of ``game``'s factored actions (see :class:`FactoredAEC`)."""
    return FactoredAEC(game, num_players, **kwargs)
