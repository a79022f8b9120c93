"""Observation tensors: a fixed-shape float32 vector of exactly what ``observe(seat)`` holds.

The encoding is a function of the observation alone (never of the state), so it cannot
show more than the engine lets the seat see: hidden cards, the deck order and the other
seats' sealed commitments are not in an observation, hence not in a tensor.  The layout of
each game is declared key by key in its own package's ``tensors.py`` (see :mod:`.schema`); the shape
depends only on the game, the player count and the options, and seat blocks are padded to
the game's largest table and rotated so the viewer comes first.

    enc = encoder("gonza", num_players=4)
    vector = enc.encode(state.observe(seat))   # shape (enc.size,), float32
    enc.layout()                               # [Block(key, offset, size, meaning, within)]

Beside this full encoding each game has a compact one (:func:`compact_encoder`, or
:func:`tensor_encoder` with ``kind="compact"``; see :mod:`.compact`): a few hundred
hand-picked features of the same observation, with the same interface.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from motherlode.engine import Game, GameOptions, State, games, get_game
from motherlode.rl.tensors.compact import CompactEncoder, compact_module
from motherlode.rl.tensors.compiled import Mismatch, compile_layout
from motherlode.rl.tensors.schema import (
    Block,
    Cat,
    Ctx,
    Custom,
    Flag,
    LayoutError,
    Node,
    Num,
    Out,
    Path,
    Rec,
    Seat,
    Seats,
    SeatSet,
    Skip,
    where,
)

__all__ = [
    "KINDS",
    "Block",
    "CompactEncoder",
    "Encoder",
    "LayoutError",
    "TensorEncoder",
    "compact_encoder",
    "encoder",
    "games_with_compact",
    "games_with_layout",
    "layout_module",
    "tensor_encoder",
]


def layout_module(game: Game) -> ModuleType | None:
    """The game's tensor layout: its own ``tensors`` module (``fields(state)`` and optional
    ``OPTIONAL`` keys), found through the game's package; None where it declares none."""
    return game.part("tensors")


def games_with_layout() -> list[str]:
    """Ids of the registered games that declare a tensor layout."""
    return [g for g in games() if layout_module(get_game(g)) is not None]


def games_with_compact() -> list[str]:
    """Ids of the registered games that declare a compact encoding."""
    return [g for g in games() if compact_module(get_game(g)) is not None]


Vector = npt.NDArray[np.float32]


class TensorEncoder(Protocol):
    """What every encoding offers (the full :class:`Encoder`, the :class:`CompactEncoder`):
    what an environment needs to turn a seat's observation into its vector."""

    kind: str
    size: int
    num_players: int

    @property
    def shape(self) -> tuple[int]: ...

    def encode(self, observation: Mapping[str, Any]) -> Vector: ...

    def layout(self) -> list[Block]: ...


def _ranking(value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
    """The final ranking as each seat's place (1: first; tied seats share a place)."""
    if not isinstance(value, list):
        raise LayoutError(f"{where(path)}: expected a ranking, got {value!r}")
    for place, group in enumerate(value, start=1):
        for seat in group:
            out[at + ctx.rel(seat)] = float(place)


def _commitment(game: Game, num_players: int, options: GameOptions) -> Node:
    """The viewer's own sealed choice, as its index in the action space (the others' are
    never in an observation)."""
    space = game.action_space(num_players, options) if game.action_space_factory else None

    def put(value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if space is None:
            raise LayoutError(f"{where(path)}: {game.title} has no action space")
        out[at] = float(space.index(game.parse_action(value)))

    return Custom(lambda ctx: 1, put, "its index in the action space")


class Encoder:
    """The tensor layout of one game at one player count and set of options."""

    kind = "full"

    def __init__(self, game: Game, num_players: int, options: GameOptions) -> None:
        module = layout_module(game)
        if module is None:
            raise LayoutError(f"no tensor layout for {game.title}")
        self.game = game
        self.num_players = num_players
        self.options = options
        probe: State = game.new_state(num_players=num_players, seed=0, options=options)
        fields_of: Callable[[State], dict[str, Node]] = module.fields
        base: dict[str, Node] = {
            "game": Skip("the game, fixed for the environment"),
            "num_players": Num(),
            "seat": Cat(range(game.max_players)),
            "options": Skip("fixed for the environment"),
            "pending": SeatSet(),
            "committed": SeatSet(),
            "simultaneous": Flag(),
            "over": Flag(),
            "my_commitment": _commitment(game, num_players, options),
            "scores": Seats(Num(100)),
            "ranking": Custom(
                lambda ctx: ctx.max_players, _ranking, "place per seat (relative; 1: first)"
            ),
        }
        optional = ("my_commitment", "scores", "ranking", *getattr(module, "OPTIONAL", ()))
        self.root = Rec({**base, **fields_of(probe)}, optional=optional)
        self._ctx = [Ctx(s, num_players, game.max_players) for s in range(num_players)]
        self.size = self.root.size(self._ctx[0])
        self._fast = compile_layout(self.root, self._ctx[0])

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def encode(self, observation: Mapping[str, Any], *, checked: bool = False) -> Vector:
        """The observation of one seat as a vector (a spectator's is encoded as seat 0's).

        The compiled layout does the work; ``checked`` walks the schema tree instead, which
        validates every value (the compiled function falls back to it on any surprise)."""
        seat = observation.get("seat")
        if seat is None:
            observation = {**observation, "seat": 0}
            seat = 0
        out: Out = {}
        try:
            if checked:
                raise Mismatch
            self._fast(observation, out, seat)
        except Exception:
            out = {}
            self.root.put(observation, out, 0, self._ctx[seat], "observation")
        vector = np.zeros(self.size, dtype=np.float32)
        n = len(out)
        vector[np.fromiter(out, np.intp, n)] = np.fromiter(out.values(), np.float32, n)
        return vector

    def visible(self, observation: Mapping[str, Any]) -> Any:
        """The observation without the keys the layout skips: two observations encode alike
        exactly when these are equal (the property tests/rl/test_tensors.py checks)."""
        return self.root.strip(dict(observation))

    def layout(self) -> list[Block]:
        """Every block in order (:class:`~.schema.Block`: key, offset, size, meaning and,
        for the fields of a list's items, ``within`` an item's slot), skipped keys with
        size 0."""
        rows = []
        at = 0
        top = 0
        for name, size, meaning, within in self.root.parts(self._ctx[0], ""):
            if within is None:
                rows.append(Block(name, at, size, meaning))
                top = at
                at += size
            else:
                rows.append(Block(name, top, size, meaning, within))
        return rows

    def skipped(self) -> dict[str, str]:
        """The observation keys left out of the tensor, with the reason for each."""
        return self.root.skipped()


KINDS = ("full", "compact")
"""The encodings every game offers: ``full`` (every value of the view, :class:`Encoder`)
and ``compact`` (hand-picked features, :class:`CompactEncoder`)."""

_CACHE: dict[tuple[str, int, str, str], Any] = {}


def _cached(
    kind: str,
    game: Game | str,
    num_players: int | None,
    options: Mapping[str, Any] | GameOptions | None,
) -> Any:
    """The encoder of ``kind`` for a game, player count and options, made once."""
    game = get_game(game) if isinstance(game, str) else game
    players = game.check_players(game.min_players if num_players is None else num_players)
    opts = game.options(options)
    key = (game.id, players, repr(sorted(opts.to_dict().items())), kind)
    enc = _CACHE.get(key)
    if enc is None:
        made = Encoder if kind == "full" else CompactEncoder
        enc = _CACHE[key] = made(game, players, opts)
    return enc


def encoder(
    game: Game | str,
    num_players: int | None = None,
    options: Mapping[str, Any] | GameOptions | None = None,
) -> Encoder:
    """The (cached) full encoder of a game for a player count and options."""
    enc: Encoder = _cached("full", game, num_players, options)
    return enc


def compact_encoder(
    game: Game | str,
    num_players: int | None = None,
    options: Mapping[str, Any] | GameOptions | None = None,
) -> CompactEncoder:
    """The (cached) compact encoder of a game (its ``compact`` module, :mod:`.compact`)."""
    enc: CompactEncoder = _cached("compact", game, num_players, options)
    return enc


def tensor_encoder(
    game: Game | str,
    num_players: int | None = None,
    options: Mapping[str, Any] | GameOptions | None = None,
    kind: str = "full",
) -> TensorEncoder:
    """The (cached) encoder of ``kind`` (one of :data:`KINDS`): what an environment with an
    ``observation=`` option calls."""
    if kind not in KINDS:
        raise ValueError(f"the observation is one of {', '.join(KINDS)}, not {kind!r}")
    enc: TensorEncoder = _cached(kind, game, num_players, options)
    return enc


__all__ += ["Seat", "Vector"]
