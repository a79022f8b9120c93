"""Carcassonne's factored actions: a turn as a few small choices instead of one of 75,855.

The engine already asks a turn as separate decisions (place the tile; The Goldmines'
second bar; a follower or none; taking gold); this interface numbers each one's choices in
a space of ``5 S² + 14`` (4,819 with the default window, ``S`` = 31), laid over the same
window of the map as the planes (:mod:`.planes`), so a convolutional policy can point at a
square:

``[0, 4 S²)``        place the drawn tile: ``rotation * S² + row * S + column``
``[4 S², 5 S²)``     a square (``row * S + column``): the second gold bar's tile, or the
                     tile to take a gold bar from
``[5 S², 5 S²+13)``  a follower on the new tile's feature at slot :data:`SLOTS` (the
                     cloister, else the first side, else the first half-edge it reaches,
                     as the tile lies turned): the same slot means the same place on every
                     tile type
``5 S² + 13``        no follower

Each index that the mask allows is exactly one of the engine's legal actions (the very
object ``legal_actions`` offered) and every legal action has one: the tests check it over
whole random games.  Should the map grow wider than the window (``S - 2`` squares: never
seen in random play at the default radius), no decision fits any more: :meth:`fits` says
so and the environment truncates the game.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt

from motherlode.engine import Action, GameOptions
from motherlode.games.carcassonne.actions import Follower, GoldBar, Place, TakeGold
from motherlode.games.carcassonne.components import CLOISTER, FIELD, TileSet, load_tileset
from motherlode.games.carcassonne.options import CarcassonneOptions
from motherlode.games.carcassonne.planes import (
    CHANNELS,
    DEFAULT_RADIUS,
    DTYPE,
    NOWHERE,
    SEATS,
    Canvas,
    Window,
    reference,
    tables,
)
from motherlode.games.carcassonne.rules import FOLLOWER, OVER, PHASES, PLACE, CarcassonneState

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]

STAGES = PHASES[:OVER]
"""The decisions, in the order of a turn (``stage`` one-hot in the vector)."""
SLOTS = ("cloister", "N", "E", "S", "W", "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
"""Where a follower goes: by the place on the tile, not the tile's own feature numbers."""


def slot_tables(tileset: TileSet) -> tuple[tuple[int, ...], ...]:
    """Per variant (type * 4 + rotation), per feature: its slot in :data:`SLOTS`."""
    out = []
    for var in tileset.variants:
        features = tileset.types[var.tile].features
        slots = []
        for f, feature in enumerate(features):
            if feature.kind == CLOISTER:
                slots.append(0)
            elif feature.kind == FIELD:
                slots.append(5 + var.half_feature.index(f))
            else:
                slots.append(1 + var.side_feature.index(f))
        if len(set(slots)) < len(slots):
            raise ValueError(
                f"tile {tileset.types[var.tile].id}: two features share a follower slot "
                "(two cloisters?): the factored actions cannot tell them apart"
            )
        out.append(tuple(slots))
    return tuple(out)


def vector_layout(types: int) -> tuple[tuple[str, int, str], ...]:
    """The vector's blocks: (name, size, meaning), seats relative to the viewer."""
    return (
        ("stage", len(STAGES), "one-hot: place, gold, follower, take (all 0: game over)"),
        ("to act", SEATS, "one-hot: the seat asked now"),
        ("seats", SEATS, "1 for each seat at the table"),
        ("points", SEATS, "score / 100"),
        ("supply", SEATS, "followers in supply"),
        ("bars", SEATS, "gold bars taken"),
        ("bag", 1, "tiles in the bag / 10"),
        ("remaining", types, "tiles of each type in the bag"),
        ("drawn", types, "one-hot: the tile drawn, while it waits to be placed"),
    )


class Decision:
    """One decision of one position, worked out once: who, what stage, the legal
    actions and their factored indices."""

    __slots__ = ("epoch", "indices", "legal", "marks", "move", "seat", "stage", "state")

    def __init__(self, state: CarcassonneState, move: int, epoch: int) -> None:
        self.state = state
        self.move = move
        self.epoch = epoch
        self.seat = -1
        self.stage = OVER
        self.legal: list[Action] = []
        self.indices: list[int] = []
        self.marks = np.zeros(0, np.intp)


class CarcassonneFactored:
    """Factored actions, planes and vector of one Carcassonne table (one env's game)."""

    def __init__(
        self, num_players: int, options: GameOptions, radius: int = DEFAULT_RADIUS
    ) -> None:
        assert isinstance(options, CarcassonneOptions)
        self.n = num_players
        self.tileset = tileset = load_tileset(options.components)
        self.window = window = Window(radius)
        self.tables = tables(tileset)
        self.slots = slot_tables(tileset)
        size = self.size = window.size
        area = size * size
        self.cell_at = 4 * area
        self.slot_at = 5 * area
        self.pass_index = self.slot_at + len(SLOTS)
        self.action_size = self.pass_index + 1
        self.types = len(tileset.types)
        self.layout = vector_layout(self.types)
        self.at: dict[str, int] = {}
        total = 0
        for name, width, _ in self.layout:
            self.at[name] = total
            total += width
        self.shapes: dict[str, tuple[int, ...]] = {
            "observation": (len(CHANNELS), size, size),
            "vector": (total,),
        }
        """Every observation key but the mask (all values >= 0), and its type."""
        self.dtypes: dict[str, type[np.generic]] = {"observation": DTYPE, "vector": np.float32}
        self.canvas = Canvas(self.tables, window, num_players)
        self._decision: Decision | None = None
        self.base = np.zeros(total, np.float32)
        """The vector with seats in table order, written once per decision."""
        self.base[self.at["seats"] : self.at["seats"] + num_players] = 1.0
        self._points: list[int] = []
        self._supply: list[int] = []
        self._bars: list[int] = []
        self._bag: tuple[CarcassonneState | None, list[int]] = (None, [])
        self.head = self.at["seats"]
        """The vector's stage and to-act blocks, rewritten at every decision."""
        self.remaining = self.at["remaining"]
        self._drawn = -1
        blocks = [self.at[name] for name in ("to act", "seats", "points", "supply", "bars")]
        self.seat_block = np.array([b + k for b in blocks for k in range(SEATS)], np.intp)
        """The vector's per-seat slots."""
        self.turned = [
            np.array(
                [
                    b + ((seat + k) % num_players if k < num_players else k)
                    for b in blocks
                    for k in range(SEATS)
                ],
                np.intp,
            )
            for seat in range(num_players)
        ]
        """Per viewing seat, the table-order slot each of its relative slots reads."""

    # ------------------------------------------------------------ decisions

    def fits(self, state: CarcassonneState) -> bool:
        """Whether the map (and every square next to it) lies in the window."""
        self.canvas.sync(state)
        return self.canvas.fits()

    def decision(self, state: CarcassonneState) -> Decision:
        """The decision now, with the factored index of every legal action."""
        canvas = self.canvas
        canvas.sync(state)
        d = self._decision
        if (
            d is not None
            and d.state is state
            and d.move == state._move_count
            and d.epoch == canvas.epoch
        ):
            return d
        d = self._decision = Decision(state, state._move_count, canvas.epoch)
        self._write_base(state)
        pending = state.pending()
        if not pending or not canvas.fits():
            canvas.mark(state, OVER, NOWHERE)
            return d
        seat = d.seat = pending[0]
        stage = d.stage = state.phase
        legal = d.legal = state.legal_actions(seat)
        size = self.size
        x0, y0 = canvas.origin()
        if stage == PLACE:
            shift = y0 * size + x0
            area = size * size
            places = cast(list[Place], legal)
            d.indices = [a.rotation * area + a.y * size + a.x - shift for a in places]
        elif stage == FOLLOWER:
            slots = self.slots[state.placed[state.board[state.last]][1]]
            at, none = self.slot_at, self.pass_index
            d.indices = [at + slots[a.feature] if type(a) is Follower else none for a in legal]
        else:  # GOLD, TAKE: a square
            shift = y0 * size + x0 - self.cell_at
            squares = cast(list[GoldBar | TakeGold], legal)
            d.indices = [a.y * size + a.x - shift for a in squares]
        d.marks = np.array(d.indices, np.intp)
        if stage == PLACE:
            canvas.mark(state, stage, d.marks)
        elif stage == FOLLOWER:
            canvas.mark(state, stage, NOWHERE)
        else:
            canvas.mark(state, stage, d.marks - self.cell_at)
        return d

    def action(self, state: CarcassonneState, seat: int, index: int) -> Action | None:
        """The engine action of factored ``index`` for ``seat`` now; None where illegal."""
        d = self.decision(state)
        if seat != d.seat:
            return None
        try:
            return d.legal[d.indices.index(index)]
        except ValueError:
            return None

    def index(self, state: CarcassonneState, seat: int, action: Action) -> int:
        """The factored index of a legal engine action (a bot's move, say)."""
        d = self.decision(state)
        if seat == d.seat:
            for i, offered in enumerate(d.legal):
                if offered is action or offered == action:
                    return d.indices[i]
        raise ValueError(f"{action} is not a legal action of seat {seat} in the window now")

    def describe(self, index: int) -> str:
        """An index in words: what it asks for, by window square, slot or none."""
        size, area = self.size, self.size * self.size
        if not 0 <= index < self.action_size:
            return f"{index} (outside 0..{self.action_size - 1})"
        if index < self.cell_at:
            rotation, cell = divmod(index, area)
            return f"{index} (place: row {cell // size}, column {cell % size}, turned {rotation})"
        if index < self.slot_at:
            cell = index - self.cell_at
            return f"{index} (the tile at row {cell // size}, column {cell % size})"
        if index < self.pass_index:
            return f"{index} (a follower on the {SLOTS[index - self.slot_at]} slot)"
        return f"{index} (no follower)"

    # ------------------------------------------------------------ observations

    def observe(self, state: CarcassonneState, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s planes, vector and mask now (new arrays; the mask all 0 unless asked)."""
        d = self.decision(state)
        return {
            "observation": self.canvas.planes(state, seat),
            "vector": self.vector(state, seat),  # (after the decision: its base is written)
            "action_mask": self.mask(seat, d),
        }

    def mask(self, seat: int, d: Decision) -> Mask:
        mask = np.zeros(self.action_size, np.int8)
        if seat == d.seat:
            mask[d.marks] = 1
        return mask

    def planes(self, state: CarcassonneState, seat: int) -> np.ndarray:
        self.decision(state)
        return self.canvas.planes(state, seat)

    def vector(self, state: CarcassonneState, seat: int) -> Vector:
        self.decision(state)
        base = self.base
        out = base.copy()
        if seat:
            out[self.seat_block] = base[self.turned[seat]]
        return out

    def _write_base(self, state: CarcassonneState) -> None:
        """The vector with seats in table order (slot k: seat k), once per decision, each
        block only when what it shows changed."""
        base, at, n = self.base, self.at, self.n
        base[: self.head] = 0.0
        if state.phase != OVER:
            base[state.phase] = 1.0
        pending = state.pending()
        if pending:
            base[self.head - SEATS + pending[0]] = 1.0
        if state.points != self._points:
            self._points = state.points[:]
            base[at["points"] : at["points"] + n] = np.array(self._points) / 100
        if state.supply != self._supply:
            self._supply = state.supply[:]
            base[at["supply"] : at["supply"] + n] = self._supply
        if state.bars != self._bars:
            self._bars = state.bars[:]
            base[at["bars"] : at["bars"] + n] = self._bars
        bag, (was, old) = state.bag, self._bag
        if len(bag) != len(old) or was is not state:
            r = self.remaining
            base[r - 1] = len(bag) / 10
            if was is state and len(bag) < len(old):  # drawn from the end since
                for tile in old[len(bag) :]:
                    base[r + tile] -= 1.0
            else:
                base[r : r + self.types] = np.bincount(bag, minlength=self.types) if bag else 0
            self._bag = (state, bag[:])
        drawn = self.remaining + self.types
        if self._drawn >= 0:
            base[drawn + self._drawn] = 0.0
        self._drawn = state.tile
        if state.tile >= 0:
            base[drawn + state.tile] = 1.0

    # ------------------------------------------------------------ the definition

    def reference(self, state: CarcassonneState, seat: int) -> dict[str, np.ndarray]:
        """What :meth:`observe` gives, built from ``observe(seat)`` alone (slow): its
        definition, which the tests hold the fast path to."""
        view = state.observe(seat)
        return {
            "observation": reference(view, seat, self.tileset, self.window),
            "vector": self.reference_vector(view, seat),
            "action_mask": self.reference_mask(view, seat),
        }

    def reference_vector(self, view: dict[str, Any], seat: int) -> Vector:
        at, n = self.at, self.n
        out = np.zeros(self.shapes["vector"], np.float32)
        if view["phase"] != "over":
            out[STAGES.index(view["phase"])] = 1.0
        if view["pending"]:
            out[at["to act"] + (view["pending"][0] - seat) % n] = 1.0
        for s in range(n):
            r = (s - seat) % n
            out[at["seats"] + r] = 1.0
            out[at["points"] + r] = view["points"][s] / 100
            out[at["supply"] + r] = view["supply"][s]
            out[at["bars"] + r] = view.get("bars", [0] * n)[s]
        out[at["bag"]] = view["bag"] / 10
        by_id = self.tileset.by_id
        for tile_id, count in view["remaining"].items():
            out[at["remaining"] + by_id[tile_id].index] = count
        if view["tile"] is not None:
            out[at["drawn"] + by_id[view["tile"]].index] = 1.0
        return out

    def reference_mask(self, view: dict[str, Any], seat: int) -> Mask:
        mask = np.zeros(self.action_size, np.int8)
        if not view["pending"] or view["pending"][0] != seat:
            return mask
        board = view["board"]
        xs = [b[0] for b in board]
        ys = [b[1] for b in board]
        box = (min(xs), max(xs), min(ys), max(ys))
        if not self.window.fits(box):
            return mask
        x0, y0 = self.window.origin(box)
        size = self.size

        def cell(x: int, y: int) -> int:
            return (y - y0) * size + x - x0

        for x, y, rotation in view.get("placements", ()):
            mask[rotation * size * size + cell(x, y)] = 1
        for x, y in view.get("gold_targets", ()):
            mask[self.cell_at + cell(x, y)] = 1
        for x, y, seats in view.get("claims", ()):
            if view["gold_turn"] in seats:
                mask[self.cell_at + cell(x, y)] = 1
        if "free_features" in view:
            x, y = view["last"]
            tile_id, rotation = next((b[2], b[3]) for b in board if b[0] == x and b[1] == y)
            slots = self.slots[self.tileset.by_id[tile_id].index * 4 + rotation]
            for f in view["free_features"]:
                mask[self.slot_at + slots[f]] = 1
            mask[self.pass_index] = 1
        return mask


def factored(
    num_players: int, options: GameOptions, radius: int = DEFAULT_RADIUS
) -> CarcassonneFactored:
    """The game's factored interface (what ``motherlode.rl.factored`` looks up by name)."""
    return CarcassonneFactored(num_players, options, radius)


__all__ = ["SLOTS", "STAGES", "CarcassonneFactored", "Decision", "factored"]
