"""OpenSpiel's observers: what a seat sees now, and what it has seen since the deal.

* :class:`SeatObserver` (``observation_tensor`` / ``observation_string``): the seat's
  tensor, written by the game's direct encoder (the PettingZoo env's fast path, the same
  array as the reference encoding of ``observe(seat)``), and its JSON view as text.  With
  ``private_info=NONE`` (a public observer) it is the spectator's view instead.
* :class:`InfoStateObserver` (``information_state_tensor`` / ``_string``, games loaded
  with ``infostate_steps`` > 0): the seat's action-observation history, perfect recall.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import numpy as np

from motherlode.engine import State

if TYPE_CHECKING:
    from motherlode.rl.openspiel.game import MotherlodeState
    from motherlode.rl.openspiel.shared import Shared
    from motherlode.rl.tensors import Vector

NOT_DEALT = "the deal is not drawn yet"


class SeatObserver:
    """A seat's observation now (before the deal: zeros, and :data:`NOT_DEALT`)."""

    def __init__(self, shared: Shared, public: bool = False) -> None:
        self.shared = shared
        self.public = public
        self.tensor = np.zeros(shared.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MotherlodeState, player: int) -> None:
        engine = state.engine.state
        if engine is None:
            self.tensor.fill(0.0)
        elif self.public:
            self.tensor[:] = self.shared.encoder.encode(engine.observe(None))
        else:
            self.tensor[:] = self.shared.seat_tensor(engine, player)

    def string_from(self, state: MotherlodeState, player: int) -> str:
        engine = state.engine.state
        if engine is None:
            return NOT_DEALT
        return json.dumps(engine.observe(None if self.public else player), sort_keys=True)


class InfoStateObserver:
    """A seat's information state: from the deal on, one step per OpenSpiel action (a
    joint one at a simultaneous node; the deal's chance nodes are not steps), each the
    seat's own action then (if it acted) and its observation after it.  Every seat sees
    every step happen (the turn order is public), so the sequence is exactly what the seat
    has seen and done: perfect recall.

    The tensor holds ``infostate_steps`` slots of ``[1, own action + 1 (0: none),
    observation tensor]``, zeros after the last step; a longer history is an error.  The
    string is one line per step: the own action's index or ``-``, then the seat's JSON view.
    """

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.slot = 2 + shared.encoder.size
        self.steps = shared.params.infostate_steps
        self.tensor = np.zeros(self.steps * self.slot, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: MotherlodeState, player: int) -> None:
        steps = state.engine.steps()
        if len(steps) > self.steps:
            raise ValueError(
                f"the history has {len(steps)} steps; infostate_steps={self.steps} holds fewer"
            )
        tensor = self.tensor
        tensor.fill(0.0)
        slot = self.slot
        for i, step in enumerate(steps):
            at = i * slot
            tensor[at] = 1.0
            tensor[at + 1] = step.actions[player] + 1
            tensor[at + 2 : at + slot] = step.tensor(player, self.shared)

    def string_from(self, state: MotherlodeState, player: int) -> str:
        lines = []
        for step in state.engine.steps():
            own = step.actions[player]
            lines.append(f"{'-' if own < 0 else own} {step.text(player)}")
        return "\n".join(lines)


class Step:
    """One step of the history as the seats saw it: each seat's own action (-1: none),
    and its view after the step, worked out when first asked (from a copy of the position,
    kept until every seat's view is known).  Shared by the copies of a state."""

    __slots__ = ("actions", "position", "tensors", "texts")

    def __init__(
        self,
        actions: tuple[int, ...],
        position: State | None,
        texts: dict[int, str] | None = None,
        tensors: dict[int, Vector] | None = None,
    ) -> None:
        self.actions = actions
        self.position = position
        self.texts = texts or {}
        self.tensors = tensors or {}

    def text(self, seat: int) -> str:
        """The seat's JSON view after the step."""
        text = self.texts.get(seat)
        if text is None:
            assert self.position is not None
            text = self.texts[seat] = json.dumps(self.position.observe(seat), sort_keys=True)
            self._release()
        return text

    def tensor(self, seat: int, shared: Shared) -> Vector:
        """The seat's observation tensor after the step."""
        tensor = self.tensors.get(seat)
        if tensor is None:
            assert self.position is not None
            tensor = self.tensors[seat] = shared.seat_tensor(self.position, seat)
            self._release()
        return tensor

    def _release(self) -> None:
        n = len(self.actions)
        if len(self.texts) == n and len(self.tensors) == n:
            self.position = None

    def views(self, shared: Shared) -> Step:
        """The step with every view worked out and no position (what pickles)."""
        n = len(self.actions)
        texts = {p: self.text(p) for p in range(n)}
        tensors = {p: self.tensor(p, shared) for p in range(n)}
        return Step(self.actions, None, texts, tensors)

    def __reduce__(self) -> tuple[object, ...]:
        if self.position is not None:
            raise ValueError("a step pickles once its views are worked out (Step.views)")
        return (Step, (self.actions, None, self.texts, self.tensors))
