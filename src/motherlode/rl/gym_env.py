"""A Gymnasium single-agent environment: one learner seat against fixed opponent bots.

    env = MotherlodeGym("gonza", num_players=3, opponents=["heuristic", "mcts:ms=50"])
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(action)

Observations are the learner's tensor (a ``Box``); the legal actions are in
``info["action_mask"]`` and :meth:`MotherlodeGym.action_masks` (what sb3-contrib's
MaskablePPO reads); once the episode has ended, the terminal mask (1 at index 0 alone,
never all zeros: a vector env's autoreset step may sample it, and ignores the action).
``motherlode.rl`` registers every game as ``motherlode/<game>-v0`` for ``gymnasium.make``.

Opponents are bot specs, as in ``play`` and ``arena`` (one spec for all other seats, or one
per other seat in turn order); they are rebuilt with seeds from the environment's stream at
every reset, so ``reset(seed=s)`` replays a whole episode.  The reward comes at the end
(``reward="rank"`` or ``"margin"``, see :mod:`motherlode.rl.core`).

Illegal actions: a single-agent learner often samples without masks, so by default
(``illegal="penalty"``) an illegal action ends the episode with ``illegal_reward`` (-1);
``illegal="raise"`` raises :class:`~motherlode.rl.core.IllegalActionError` instead.
``seat=None`` draws the learner's seat at every reset.  Render modes: ``ansi`` (text),
``human`` (printed), ``rgb_array`` (a picture: :mod:`motherlode.rl.rgb`), of the learner's
view; seats are named ``player_0`` ... as in PettingZoo, in errors and renderings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from motherlode.agents.specs import make_agent
from motherlode.engine import Agent, GameOptions, State
from motherlode.rl.core import IllegalActionError, Mask, Table, draw_seed, opponent_specs
from motherlode.rl.tensors import Vector

__all__ = ["MotherlodeGym"]


class MotherlodeGym(gymnasium.Env[Vector, np.int64]):
    """One seat of a game as a Gymnasium environment (see the module docstring)."""

    metadata = {  # noqa: RUF012 - Gymnasium's convention
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        opponents: Sequence[str] | str = ("random",),
        seat: int | None = 0,
        reward: str = "rank",
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        observation: str = "full",
    ) -> None:
        self.table = Table(game, num_players, options, reward, observation)
        n = self.table.num_players
        specs = opponent_specs(opponents, n, seat)
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal is 'raise' or 'penalty', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode is 'human', 'ansi', 'rgb_array' or None, not {render_mode!r}"
            )
        for spec in specs:  # fail now on a bad spec, not at the first reset
            make_agent(spec, self.table.game, 0)
        self.specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, self.table.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._seeds = np.random.default_rng()
        self._bots: dict[int, Agent] = {}
        self._done = False
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        for _ in range(100):
            self.table.new_state(draw_seed(self._seeds))
            n = self.table.num_players
            if self.fixed_seat is None:
                self.seat = int(self._seeds.integers(n))
            others = [s for s in range(n) if s != self.seat]
            self._bots = {
                s: make_agent(spec, self.table.game, draw_seed(self._seeds))
                for s, spec in zip(others, self.specs, strict=True)
            }
            self.steps = 0
            self._done = False
            self._opponents_play()
            if not self.table.state.is_over():
                break
        return self._observation(), self._info()

    @property
    def state(self) -> State:
        """The engine's game now (its ranking at the end, for a learner's statistics)."""
        return self.table.state

    def _opponents_play(self) -> None:
        """Let the bots move until the learner is asked or the game is over."""
        state = self.table.state
        while True:
            pending = state.pending()
            if not pending or self.seat in pending:
                return
            bot_seat = pending[0]
            state.apply(bot_seat, self._bots[bot_seat].act(state, bot_seat))

    def _observation(self) -> Vector:
        return self.table.tensor(self.seat)

    def _mask(self) -> Mask:
        return self.table.terminal_mask() if self._done else self.table.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask(), "seat": self.seat}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner now (sb3-contrib's MaskablePPO reads this); the
        terminal mask once the episode has ended."""
        return self._mask().view(bool)

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        try:
            self.table.play(self.seat, action)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._done = True
            return self._observation(), self.illegal_reward, True, False, self._info()
        self._opponents_play()
        self.steps += 1
        over = self.table.state.is_over()
        reward = self.table.rewards()[self.seat] if over else 0.0
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        self._done = over or truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, truncated, self._info()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self.table.render_rgb(self.seat)
        text = self.table.render_text(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
