"""Compact observations: a few hundred hand-picked floats of what a seat decides on.

The full encoding (:class:`motherlode.rl.tensors.Encoder`) keeps every value of a seat's
view, so nothing is lost, but a learner has to find the few that matter among thousands of
mostly zero floats.  A compact encoding is hand-made by each game, in its own package's
``compact`` module: money and scores of every seat, the summaries of the board or the
market a player weighs, and the facts of the decision now asked, each scaled to about
-1..1 (and clipped to +-:data:`LIMIT`).  It is lossy by design, and still a function of the
seat's observation alone (never of the state), so it cannot show more than the seat sees.

A game's ``compact`` module gives ``writer(probe)``: from a new state of the table (read
for component data only: vocabularies, boards, production tables) it returns
``write(observation, features)``, which makes the same calls on :class:`Features` for every
observation.  Each call appends one named block of a fixed size, so the layout is the
sequence of calls, recorded once on the probe's own view::

    def writer(probe):
        def write(obs, f):
            f.seats("cash", [p["cash"] for p in obs["players"]], 100, "cash ($M)")
            f.onehot("phase", PHASES, obs["phase"], "the phase")
        return write
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.engine import Game, GameOptions, State
from motherlode.rl.tensors.schema import Block, LayoutError

LIMIT = 10.0
"""Every compact value lies in [-LIMIT, LIMIT]: scales keep ordinary play well inside, the
clip guards a learner against runaway values (a debt spiral, a bidding war)."""


class Features:
    """A compact vector being written: each call appends one block of a fixed size.

    Values are appended as they are; the encoder divides each by its block's scale and
    clips it in one step at the end, so a scale must be a constant of the table (it is
    read once, when the layout is recorded).  Values for seats are turned so the viewer's
    comes first, then the next seats in turn order, padded with zeros to the game's
    largest table, as in the full encoding."""

    __slots__ = ("max", "n", "seat", "values")

    def __init__(self, seat: int, num_players: int, max_players: int) -> None:
        self.values: list[float] = []
        self.seat = seat
        self.n = num_players
        self.max = max_players

    def num(self, key: str, value: float, scale: float, meaning: str) -> None:
        """A number divided by ``scale``."""
        self.values.append(value)

    def flag(self, key: str, value: object, meaning: str) -> None:
        """A yes/no as 1/0."""
        self.values.append(1.0 if value else 0.0)

    def nums(
        self, key: str, values: Iterable[float], size: int, scale: float, meaning: str
    ) -> None:
        """``size`` numbers divided by ``scale`` (zeros after the last one given)."""
        out = self.values
        end = len(out) + size
        out.extend(values)
        if len(out) != end:
            if len(out) > end:
                raise LayoutError(f"{key}: more than the layout's {size} values")
            out.extend([0.0] * (end - len(out)))

    def onehot(self, key: str, index: Mapping[Any, int], value: Any, meaning: str) -> None:
        """One value out of ``index`` (value -> position), one-hot; all zeros for None."""
        out = [0.0] * len(index)
        if value is not None:
            try:
                out[index[value]] = 1.0
            except (KeyError, TypeError):
                raise LayoutError(f"{key}: {value!r} is not a known value") from None
        self.values.extend(out)

    def seats(self, key: str, values: Sequence[float], scale: float, meaning: str) -> None:
        """One number per seat (in seat order) divided by ``scale``, the viewer's first."""
        n = self.n
        if len(values) != n:
            raise LayoutError(f"{key}: expected one value per seat, got {len(values)}")
        seat = self.seat
        turned = [*values[seat:], *values[:seat]]
        self.values.extend(turned)
        if n < self.max:
            self.values.extend([0.0] * (self.max - n))

    def seat_hot(self, key: str, seat: int | None, meaning: str) -> None:
        """A seat, one-hot relative to the viewer (slot 0: the viewer); zeros for None."""
        out = [0.0] * self.max
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < self.n:
                raise LayoutError(f"{key}: {seat!r} is not a seat")
            out[(seat - self.seat) % self.n] = 1.0
        self.values.extend(out)

    def seat_set(self, key: str, seats: Iterable[int], meaning: str) -> None:
        """Seats, multi-hot relative to the viewer."""
        out = [0.0] * self.max
        for seat in seats:
            if type(seat) is not int or not 0 <= seat < self.n:
                raise LayoutError(f"{key}: {seat!r} is not a seat")
            out[(seat - self.seat) % self.n] = 1.0
        self.values.extend(out)


class Recorder(Features):
    """:class:`Features` that also writes down each block (its key, offset, size, meaning)
    and its scale: how a compact encoder learns its layout, from one observation."""

    __slots__ = ("keys", "rows", "scales")

    def __init__(self, seat: int, num_players: int, max_players: int) -> None:
        super().__init__(seat, num_players, max_players)
        self.rows: list[Block] = []
        self.scales: list[float] = []
        self.keys: set[str] = set()

    def _block(self, key: str, size: int, meaning: str, scale: float = 1.0) -> None:
        if key in self.keys:
            raise LayoutError(f"the compact layout has two blocks {key!r}")
        self.keys.add(key)
        if not scale > 0:
            raise LayoutError(f"{key}: the scale must be positive, got {scale!r}")
        offset = len(self.scales)
        if len(self.values) != offset:
            raise LayoutError(f"{self.rows[-1].key}: the wrong number of values")
        shown = meaning if scale == 1 else f"{meaning} / {scale:g}"
        self.rows.append(Block(key, offset, size, shown))
        self.scales.extend([float(scale)] * size)

    def finish(self) -> None:
        """Check the last block's size."""
        if len(self.values) != len(self.scales):
            raise LayoutError(f"{self.rows[-1].key}: the wrong number of values")

    def num(self, key: str, value: float, scale: float, meaning: str) -> None:
        self._block(key, 1, meaning, scale)
        super().num(key, value, scale, meaning)

    def flag(self, key: str, value: object, meaning: str) -> None:
        self._block(key, 1, f"{meaning} (0/1)")
        super().flag(key, value, meaning)

    def nums(
        self, key: str, values: Iterable[float], size: int, scale: float, meaning: str
    ) -> None:
        self._block(key, size, f"{meaning} ({size})", scale)
        super().nums(key, values, size, scale, meaning)

    def onehot(self, key: str, index: Mapping[Any, int], value: Any, meaning: str) -> None:
        self._block(key, len(index), f"{meaning}, one-hot of {len(index)}")
        super().onehot(key, index, value, meaning)

    def seats(self, key: str, values: Sequence[float], scale: float, meaning: str) -> None:
        m = self.max
        self._block(key, m, f"{meaning}, per seat ({m}, the viewer's first)", scale)
        super().seats(key, values, scale, meaning)

    def seat_hot(self, key: str, seat: int | None, meaning: str) -> None:
        m = self.max
        self._block(key, m, f"{meaning}, seat one-hot ({m}, the viewer's first)")
        super().seat_hot(key, seat, meaning)

    def seat_set(self, key: str, seats: Iterable[int], meaning: str) -> None:
        m = self.max
        self._block(key, m, f"{meaning}, seat multi-hot ({m}, the viewer's first)")
        super().seat_set(key, seats, meaning)


Write = Callable[[Mapping[str, Any], Features], None]
"""A game's compact encoding: the calls on :class:`Features` for one observation."""


def common(obs: Mapping[str, Any], f: Features) -> None:
    """The blocks every game's compact encoding starts with: the engine's own keys."""
    me = f.seat
    f.seats("seats", [1] * f.n, 1, "a player sits here (0: padding)")
    f.flag("asked", me in obs["pending"], "the viewer owes a decision")
    f.flag("committed", me in obs["committed"], "the viewer has sealed its choice")
    f.flag("simultaneous", obs["simultaneous"], "a simultaneous secret decision")
    f.flag("over", obs["over"], "the game is over")


def compact_module(game: Game) -> ModuleType | None:
    """The game's ``compact`` module (``writer(probe)``), or None where it has none."""
    return game.part("compact")


class CompactEncoder:
    """A game's compact encoding at one player count and set of options, with the interface
    of the full :class:`~motherlode.rl.tensors.Encoder` (``size``, ``shape``,
    ``encode(observation)``, ``layout()``)."""

    kind = "compact"

    def __init__(self, game: Game, num_players: int, options: GameOptions) -> None:
        module = compact_module(game)
        if module is None:
            raise LayoutError(f"no compact encoding for {game.title}")
        self.game = game
        self.num_players = num_players
        self.options = options
        probe: State = game.new_state(num_players=num_players, seed=0, options=options)
        self._write: Write = module.writer(probe)
        self._rows, scales = self.record(probe.observe(0))
        self.size = len(scales)
        self._scale = np.array([1 / s for s in scales], dtype=np.float32)

    def record(self, observation: Mapping[str, Any]) -> tuple[list[Block], list[float]]:
        """The blocks and the scale of every value as written for ``observation``: the
        same for every observation of the table (tests/rl/test_compact.py checks it), so
        they are recorded once, from a new game's."""
        seat = observation.get("seat")
        recorder = Recorder(seat or 0, self.num_players, self.game.max_players)
        common(observation, recorder)
        self._write(observation, recorder)
        recorder.finish()
        return recorder.rows, recorder.scales

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def encode(self, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The observation of one seat as a float32 vector (a spectator's as seat 0's)."""
        seat = observation.get("seat")
        features = Features(seat or 0, self.num_players, self.game.max_players)
        common(observation, features)
        self._write(observation, features)
        values = features.values
        if len(values) != self.size:
            raise LayoutError(
                f"{self.game.title}'s compact encoding wrote {len(values)} values, not {self.size}"
            )
        vector = np.array(values, dtype=np.float32)
        vector *= self._scale
        np.minimum(vector, LIMIT, out=vector)
        np.maximum(vector, -LIMIT, out=vector)
        return vector

    def layout(self) -> list[Block]:
        """Every block in order: key, offset, size, meaning (``within`` is always None)."""
        return list(self._rows)
