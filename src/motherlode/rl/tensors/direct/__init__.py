"""Direct encoders: a seat's tensor written straight from the engine state (the hot path).

The reference encoding is ``Encoder.encode(state.observe(seat))``: the seat's JSON view,
encoded key by key by the game's layout (:mod:`..schema`).  It is the definition, and it
is what the leak properties are stated on; but building the JSON view and walking it costs
ten times an engine step.  A direct encoder writes *the same array* (tests/rl/test_direct.py
checks equality for every seat at every step of many games, secret decisions pending
included) without building the view:

* it reads only what ``observe(seat)`` reads, through the same attributes, so it can show
  no more than the view (and the leak properties are checked on it too);
* every seat has its own float32 buffer, kept between calls: a block is rewritten only
  when the part of the state it encodes differs from what the buffer holds (compared as
  plain Python values, or by identity only for immutable objects, so any state of the
  game, a copy or a determinization, encodes correctly in any order).

``Table.tensor`` (every environment's observation) uses it; a spectator's view, and a game
without a direct encoder, take the reference path.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from motherlode.engine import ActionSpace, State
from motherlode.rl.tensors import Encoder

if TYPE_CHECKING:
    from motherlode.rl.tensors import TensorEncoder, Vector


def offsets(enc: Encoder) -> tuple[dict[str, int], dict[str, int]]:
    """Every block's offset and size by name: offsets are absolute for top-level keys
    (``"teams"``), within a list item's slot for an item's fields (``"teams[].chain"``;
    the slot's presence flag is at +0)."""
    at: dict[str, int] = {}
    size: dict[str, int] = {}
    for block in enc.layout():
        if block.within is None:
            at[block.key] = block.offset
        elif block.depth == 1:
            at[block.key] = block.within
        size[block.key] = block.size
    return at, size


def pack(*values: float) -> bytes:
    """Floats as a buffer holds them (float32), packed: a run written in one assignment."""
    return array("f", values).tobytes()


def item_runs(size: int) -> tuple[bytes, ...]:
    """Per value of a vocabulary of ``size``, a list item of it packed: the present flag,
    then the value's one-hot (the runs a list of such values is written from)."""
    out = []
    for i in range(size):
        item = [0.0] * (1 + size)
        item[0] = item[1 + i] = 1.0
        out.append(pack(*item))
    return tuple(out)


class Buffer:
    """One seat's tensor as it was last written, and the state parts it was written from."""

    def __init__(self, size: int) -> None:
        self.data = array("f", bytes(4 * size))
        self.view = np.frombuffer(self.data, np.float32)
        self.raw = memoryview(self.data).cast("B")
        """The same memory as bytes: a run of packed floats is written in one assignment."""
        self.keys: dict[Any, Any] = {}
        self.final = False
        """Whether the scores and ranking of a finished game are written."""


class DirectEncoder(ABC):
    """The base of a game's direct encoder: the fields every observation has (seat,
    pending, committed, simultaneous, my_commitment) and the per-seat buffers."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc
        self.n = enc.num_players
        self.max = enc.game.max_players
        self.size = enc.size
        self.at, self.sizes = offsets(enc)
        self.space: ActionSpace | None = (
            enc.game.action_space(enc.num_players, enc.options)
            if enc.game.action_space_factory
            else None
        )
        self.zero = array("f", bytes(4 * self.size))
        # pending, committed, simultaneous, over and my_commitment lie side by side
        self.base = self.at["pending"]
        assert self.at["my_commitment"] == self.base + 2 * self.max + 2
        self.p_scores = self.at["scores"]
        self.p_ranking = self.at["ranking"]
        self.final_size = self.p_ranking + self.sizes["ranking"] - self.p_scores
        self.base_runs: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool], bytes] = {}
        self.setup(enc)
        self.buffers = [Buffer(self.size) for _ in range(self.n)]
        for seat in range(self.n):
            self.reset(seat)

    def setup(self, enc: Encoder) -> None:
        """The game's own offsets and tables (before the buffers are made)."""

    def encode(self, state: State, seat: int) -> Vector:
        """``seat``'s tensor now: the same array as the reference encoding of
        ``state.observe(seat)`` (a new array each call)."""
        buf = self.buffers[seat]
        self.write(state, seat, buf, buf.keys)  # (first: it may reset the buffer)
        seats = state._to_act()
        commits = state._commits  # (empty but in a secret decision)
        # pending, committed, simultaneous, over: one packed run, the same for every
        # position with these seats asked and these committed
        key = (
            seats,
            tuple(sorted(commits)) if commits else (),
            seat,
            bool(seats) and state._is_simultaneous(),
        )
        run = self.base_runs.get(key)
        if run is None:
            run = self.base_runs[key] = self._seats_run(*key)
        buf.raw[4 * self.base : 4 * self.base + len(run)] = run
        if seat in commits:  # (its own choice, which only it sees: my_commitment)
            space = self.space
            assert space is not None
            b = self.base + 2 * self.max + 2
            buf.data[b] = 1.0
            buf.data[b + 1] = float(space.index(commits[seat]))
        if not seats:
            self._final(state, seat, buf.data)
            buf.final = True
        elif buf.final:
            self.clear(buf.data, self.p_scores, self.final_size)
            buf.final = False
        return buf.view.copy()

    def _seats_run(
        self, seats: tuple[int, ...], committed: tuple[int, ...], seat: int, simultaneous: bool
    ) -> bytes:
        """The block of who is asked and who has committed, packed (``my_commitment`` left
        0: a seat's own choice is written over it)."""
        n, m = self.n, self.max
        block = [0.0] * (2 * m + 4)
        for s in seats:
            if s not in committed:
                block[(s - seat) % n] = 1.0
        for s in committed:
            block[m + (s - seat) % n] = 1.0
        block[2 * m] = 1.0 if simultaneous else 0.0
        block[2 * m + 1] = 0.0 if seats else 1.0
        return array("f", block).tobytes()

    def _final(self, state: State, seat: int, data: array[float]) -> None:
        """The scores and the ranking of a finished game."""
        n = self.n
        self.clear(data, self.p_scores, self.final_size)
        b = self.p_scores
        data[b] = 1.0
        for s, score in enumerate(state.scores()):
            r = b + 1 + 2 * ((s - seat) % n)
            data[r] = 1.0
            data[r + 1] = score / 100
        b = self.p_ranking
        data[b] = 1.0
        for place, group in enumerate(state.ranking(), start=1):
            for s in group:
                data[b + 1 + (s - seat) % n] = float(place)

    @abstractmethod
    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        """Bring the game's own blocks of ``seat``'s buffer up to date with ``state``;
        ``keys`` is the buffer's memory of what its blocks were written from."""

    def reset(self, seat: int) -> None:
        """``seat``'s buffer as new: zeros but for the constants, and nothing remembered."""
        buf = self.buffers[seat]
        buf.data[:] = self.zero
        buf.data[self.at["num_players"]] = float(self.n)
        buf.data[self.at["seat"] + seat] = 1.0
        buf.keys.clear()
        buf.final = False
        self.fixed(buf.data)

    def fixed(self, data: array[float]) -> None:
        """Write the game's constant entries (e.g. the seat slots' presence flags) into a
        new buffer."""

    def seat_flags(self, data: array[float], at: int, step: int) -> None:
        """The presence flags of a per-seat block's slots."""
        for s in range(self.n):
            data[at + s * step] = 1.0

    @staticmethod
    def put_run(buf: Buffer, at: int, run: bytes, old: int) -> None:
        """Write packed floats ``run`` at ``at``, zeroing the rest of the ``old`` bytes the
        block had before (a list that got shorter)."""
        if len(run) < old:
            run += bytes(old - len(run))
        if run:
            buf.raw[4 * at : 4 * at + len(run)] = run

    @staticmethod
    def put_list(
        buf: Buffer,
        at: int,
        runs: Sequence[bytes],
        ix: Mapping[Any, int] | Sequence[int],
        values: Iterable[Any],
        old: int,
    ) -> None:
        """Write a list block at ``at``: each of ``values`` as its item ``runs[ix[value]]``
        (all of one size), then zeros over the rest of the ``old`` items it held before."""
        run = b"".join([runs[ix[v]] for v in values])
        DirectEncoder.put_run(buf, at, run, len(runs[0]) * old if old else 0)

    def clear(self, data: array[float], at: int, size: int) -> None:
        if size:  # (an empty slice assignment counts as a resize, which the view forbids)
            data[at : at + size] = self.zero[:size]


def direct_encoder(enc: TensorEncoder) -> DirectEncoder | None:
    """A new direct encoder for ``enc``'s game and table, or None (the reference path:
    a game without one, or the compact encoding, which is written from the view)."""
    if not isinstance(enc, Encoder):
        return None
    module = enc.game.part("direct_tensors")
    if module is None:
        return None
    cls: type[DirectEncoder] = module.Direct
    return cls(enc)
