"""The changing part of an OpenSpiel state, in one object: the engine's game, the deal
drawn so far, a decision waiting for its chance node, the re-draws and the
information-state steps.  OpenSpiel clones a Python state by deep-copying each attribute
and serializes it by pickling them: this object copies as the engine's fast ``clone`` and
pickles as the deal and the moves, replayed on load."""

from __future__ import annotations

from typing import Any

from motherlode.engine import State
from motherlode.rl.openspiel.chance import Redraw, redraw
from motherlode.rl.openspiel.observers import Step
from motherlode.rl.openspiel.shared import CHANCE, Shared

Chain = tuple[Any, Any] | None
"""A list shared by copies as linked pairs (item, the rest), the newest first."""

Decision = tuple[tuple[int, int], ...]
"""The (seat, action index) pairs of a decision made, not yet played."""


def items(chain: Chain) -> list[Any]:
    out = []
    while chain is not None:
        item, chain = chain
        out.append(item)
    out.reverse()
    return out


def chained(values: list[Any]) -> Chain:
    chain: Chain = None
    for value in values:
        chain = (value, chain)
    return chain


class Engine:
    """See the module docstring; the two chains are shared by copies, never changed."""

    __slots__ = ("deal", "infos", "node", "pending", "player", "redraws", "shared", "state")

    def __init__(
        self,
        shared: Shared,
        state: State | None = None,
        deal: int = 0,
        node: int = 0,
        redraws: Chain = None,
        infos: Chain = None,
        pending: Decision | None = None,
    ) -> None:
        self.shared = shared
        self.state = state
        self.deal = deal
        """The deal's digits drawn so far, as a number (the deal once ``state`` exists)."""
        self.node = node
        """The deal's chance nodes passed."""
        self.redraws = redraws
        self.infos = infos
        self.pending = pending
        """A decision waiting for the chance node before its effect (``chance="move"``)."""
        self.player = CHANCE
        """OpenSpiel's current player, worked out once per move (OpenSpiel asks often)."""
        if state is not None and pending is None:
            self.player = shared.current(state)

    def steps(self) -> list[Step]:
        return items(self.infos)

    def moved(self) -> None:
        """Work out the current player again, after a move."""
        assert self.state is not None
        self.player = self.shared.current(self.state)

    def redraw(self, seat: int | None, seed: int) -> None:
        """Re-draw in this engine's game what ``seat`` cannot see (None: what no seat can),
        by ``seed``, and record it for replay."""
        state = self.state
        assert state is not None
        redraw(state, seat, seed)
        done: Redraw = (state._move_count, seat, seed)
        self.redraws = (done, self.redraws)

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        state = self.state
        copy = Engine(
            self.shared,
            None if state is None else state.clone(),
            self.deal,
            self.node,
            self.redraws,
            self.infos,
            self.pending,
        )
        copy.player = self.player
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the deal, the moves (by index), the re-draws and the steps."""
        state = self.state
        moves = None
        if state is not None:
            index = self.shared.space.index
            moves = [(seat, index(action)) for seat, action in state.moves()]
        steps = [step.views(self.shared) for step in items(self.infos)]
        return (
            replayed,
            (self.shared, self.deal, self.node, moves, items(self.redraws), steps, self.pending),
        )


def replayed(
    shared: Shared,
    deal: int,
    node: int,
    moves: list[tuple[int, int]] | None,
    redraws: list[Redraw],
    steps: list[Step],
    pending: Decision | None = None,
) -> Engine:
    """The engine after ``moves`` from the deal, with the re-draws done where they were,
    played as the adapter plays (log off: a Gold am Yukon observation tells the turn's
    story only while logging)."""
    if moves is None:
        return Engine(shared, None, deal, node, chained(redraws), chained(steps))
    state = shared.new_state(deal)
    action = shared.space.action
    waiting = list(reversed(redraws))
    for count, (seat, index) in enumerate(moves):
        while waiting and waiting[-1][0] == count:
            _, who, seed = waiting.pop()
            redraw(state, who, seed)
        state.apply(seat, action(index))
    for _, who, seed in reversed(waiting):
        redraw(state, who, seed)
    return Engine(shared, state, deal, node, chained(redraws), chained(steps), pending)
