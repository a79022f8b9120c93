"""A small language for fixed-shape encodings of a game's JSON observation.

A game's tensor layout is a tree of schema nodes that mirrors ``observe(seat)``: every key
of the observation is named in it, either encoded or skipped with a reason, so nothing the
seat sees is dropped by accident and nothing it does not see can get in (the encoding is a
function of the observation alone).  A key the layout does not know, a category outside its
vocabulary or a list longer than its room raises :class:`LayoutError` instead of encoding
something ambiguous.

Seats are encoded relative to the viewer: slot 0 is always the viewer's own, slot 1 the
next seat in turn order, and so on, padded to the game's largest table, so one policy can
play every seat and every player count.  Numbers are divided by a scale and kept exact
(float32 keeps integers distinct far beyond any game's range), so the encoding is
injective on what it encodes: two observations that differ in an encoded value never
encode the same.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar


class LayoutError(ValueError):
    """An observation does not fit the game's tensor layout (a bug to report, not to hide)."""


@dataclass(frozen=True)
class Ctx:
    """Who is looking: the viewer's seat (None: a spectator, encoded as seat 0), the table
    size and the game's largest table (the padding for per-seat blocks)."""

    seat: int
    num_players: int
    max_players: int

    def rel(self, seat: int) -> int:
        if not 0 <= seat < self.num_players:
            raise LayoutError(f"seat {seat!r} outside a {self.num_players}-player game")
        return (seat - self.seat) % self.num_players


Out = dict[int, float]
"""The encoding being written, sparse: offset -> value (most entries of a tensor are 0)."""
Path = Any
"""Where a value sits in the observation, for error messages: built lazily as nested tuples
(formatting a path for every value would cost more than encoding it)."""
Row = tuple[str, int, str, "int | None"]
"""(name, size, meaning, offset within the innermost list item or None) of one block."""


class Block(NamedTuple):
    """One block of a tensor layout (``Encoder.layout()``), all offsets in floats.

    A top-level block (``cash``, ``tally.road``) starts at ``offset`` and ``within`` is
    None.  A field of a list's items (``teams[].chain``: one per item slot) has ``within``,
    its offset inside one item's slot (the slot's present flag is at 0), and ``offset`` is
    where the outermost list begins; a field of items of a list inside an item
    (``players[].cards[].id``) counts ``within`` inside the innermost item's slot.  A key
    left out of the tensor has size 0 (``meaning`` gives the reason)."""

    key: str
    offset: int
    size: int
    meaning: str
    within: int | None = None

    @property
    def depth(self) -> int:
        """How many lists deep the block lies (0: a top-level block)."""
        return self.key.count("[]")


def where(path: Path) -> str:
    """A lazily built path as text: ``observation.players[2].cash``."""
    parts: list[str] = []
    while isinstance(path, tuple):
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return str(path) + "".join(reversed(parts))


class Node(ABC):
    """One part of a layout: a fixed number of floats for every observation.

    A node belongs to one encoder (one table size), so its size is worked out once.  Every
    kind of node says its size, writes its encoding and describes itself."""

    _cached: int | None = None

    def size(self, ctx: Ctx) -> int:
        size = self._cached
        if size is None:
            size = self._cached = self._size(ctx)
        return size

    @abstractmethod
    def _size(self, ctx: Ctx) -> int:
        """The number of floats this node takes."""

    @abstractmethod
    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        """Write ``value``'s encoding at offsets ``at`` to ``at + size`` (zero unless set)."""

    @abstractmethod
    def describe(self, ctx: Ctx) -> str:
        """The encoding in words, for the docs' layout tables."""

    def strip(self, value: Any) -> Any:
        """``value`` without the parts this layout skips: what the tensor must tell apart
        (two observations encode alike exactly when their stripped forms are equal)."""
        return value

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        """(name, size, meaning, offset within a list item or None) of each block, for
        docs and ``Encoder.layout``; a list of objects lists its items' fields too."""
        yield prefix, self.size(ctx), self.describe(ctx), None


class Num(Node):
    """A number divided by ``scale``."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale

    def _size(self, ctx: Ctx) -> int:
        return 1

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LayoutError(f"{where(path)}: expected a number, got {value!r}")
        out[at] = value / self.scale

    def describe(self, ctx: Ctx) -> str:
        return "number" if self.scale == 1 else f"number / {self.scale:g}"


class Flag(Node):
    """A yes/no as 0/1."""

    def _size(self, ctx: Ctx) -> int:
        return 1

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, bool):
            raise LayoutError(f"{where(path)}: expected true or false, got {value!r}")
        out[at] = 1.0 if value else 0.0

    def describe(self, ctx: Ctx) -> str:
        return "0/1"


class Cat(Node):
    """One value out of a fixed vocabulary, one-hot."""

    def __init__(self, vocab: Iterable[Any]) -> None:
        self.vocab = tuple(dict.fromkeys(vocab))
        self.index = {v: i for i, v in enumerate(self.vocab)}

    def _size(self, ctx: Ctx) -> int:
        return len(self.vocab)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        try:
            i = self.index[value]
        except (KeyError, TypeError):
            known = self.vocab[:12]
            raise LayoutError(f"{where(path)}: {value!r} is not one of {known!r}") from None
        out[at + i] = 1.0

    def describe(self, ctx: Ctx) -> str:
        shown = ", ".join(map(str, self.vocab[:8])) + (", ..." if len(self.vocab) > 8 else "")
        return f"one-hot of {len(self.vocab)} ({shown})"


class Code(Cat):
    """One value out of a fixed vocabulary as its number (1 for the first): one float
    instead of a one-hot, for rare values that need telling apart more than learning."""

    def _size(self, ctx: Ctx) -> int:
        return 1

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        try:
            i = self.index[value]
        except (KeyError, TypeError):
            raise LayoutError(f"{where(path)}: {value!r} is not a known value") from None
        out[at] = i + 1.0

    def describe(self, ctx: Ctx) -> str:
        shown = ", ".join(map(str, self.vocab[:6])) + (", ..." if len(self.vocab) > 6 else "")
        return f"number of one of {len(self.vocab)} values (1: {shown})"


class Seat(Node):
    """A seat number, one-hot relative to the viewer (padded to the largest table); values
    in ``none`` (e.g. None, -1 for the Bank) take one extra slot at the end."""

    def __init__(self, none: Sequence[Any] = ()) -> None:
        self.none = tuple(none)

    def _size(self, ctx: Ctx) -> int:
        return ctx.max_players + (1 if self.none else 0)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if any(value is n or (type(value) is type(n) and value == n) for n in self.none):
            out[at + ctx.max_players] = 1.0
            return
        if type(value) is not int:
            raise LayoutError(f"{where(path)}: expected a seat, got {value!r}")
        out[at + ctx.rel(value)] = 1.0

    def describe(self, ctx: Ctx) -> str:
        extra = f" + 1 for {'/'.join(map(repr, self.none))}" if self.none else ""
        return f"seat one-hot ({ctx.max_players} relative to the viewer{extra})"


class SeatSet(Node):
    """A list of distinct seats as a multi-hot relative to the viewer."""

    def _size(self, ctx: Ctx) -> int:
        return ctx.max_players

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list):
            raise LayoutError(f"{where(path)}: expected a list of seats, got {value!r}")
        for s in value:
            if type(s) is not int or at + ctx.rel(s) in out:
                raise LayoutError(f"{where(path)}: {value!r} is not a set of seats")
            out[at + ctx.rel(s)] = 1.0

    def describe(self, ctx: Ctx) -> str:
        return f"seat multi-hot ({ctx.max_players}, relative)"


class SeatSeq(Node):
    """An ordered list of distinct seats: each seat's position in it (1-based, 0: absent)."""

    def _size(self, ctx: Ctx) -> int:
        return ctx.max_players

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list):
            raise LayoutError(f"{where(path)}: expected a list of seats, got {value!r}")
        for i, s in enumerate(value):
            if type(s) is not int or at + ctx.rel(s) in out:
                raise LayoutError(f"{where(path)}: {value!r} is not a list of distinct seats")
            out[at + ctx.rel(s)] = float(i + 1)

    def describe(self, ctx: Ctx) -> str:
        return f"per seat its place in the list ({ctx.max_players}, relative; 0 absent)"


def _item_rows(node: Node, inner: Node, ctx: Ctx, prefix: str, what: str) -> Iterable[Row]:
    """A list's row, then its items' fields with their offsets within an item slot."""
    yield prefix, node.size(ctx), f"{what}, each: a present flag, then the fields below", None
    at = 1
    for name, size, meaning, within in inner.parts(ctx, prefix + "[]"):
        yield name, size, meaning, at if within is None else within
        if within is None:
            at += size


class Seats(Node):
    """A list with one entry per seat, rotated so the viewer's entry comes first and padded
    to the largest table; each slot starts with a 'seat exists' flag."""

    def __init__(self, inner: Node) -> None:
        self.inner = inner

    def _size(self, ctx: Ctx) -> int:
        return ctx.max_players * (1 + self.inner.size(ctx))

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list) or len(value) != ctx.num_players:
            raise LayoutError(f"{where(path)}: expected one entry per seat, got {value!r}")
        step = 1 + self.inner.size(ctx)
        for s, item in enumerate(value):
            slot = at + ctx.rel(s) * step
            out[slot] = 1.0
            self.inner.put(item, out, slot + 1, ctx, (path, s))

    def describe(self, ctx: Ctx) -> str:
        return f"{ctx.max_players} seat slots (viewer first): flag + {self.inner.describe(ctx)}"

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        if not isinstance(self.inner, Rec):
            yield from super().parts(ctx, prefix)
            return
        what = f"{ctx.max_players} seat slots (the viewer's first)"
        yield from _item_rows(self, self.inner, ctx, prefix, what)

    def strip(self, value: Any) -> Any:
        return [self.inner.strip(v) for v in value]


class SeatMap(Node):
    """A JSON object keyed by seat numbers written as text (``{"2": 5}``), per seat slot:
    a presence flag and the value."""

    def __init__(self, inner: Node) -> None:
        self.inner = inner

    def _size(self, ctx: Ctx) -> int:
        return ctx.max_players * (1 + self.inner.size(ctx))

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, dict):
            raise LayoutError(f"{where(path)}: expected an object keyed by seat, got {value!r}")
        step = 1 + self.inner.size(ctx)
        for key, item in value.items():
            try:
                seat = int(key)
            except ValueError:
                raise LayoutError(f"{where(path)}: {key!r} is not a seat") from None
            slot = at + ctx.rel(seat) * step
            out[slot] = 1.0
            self.inner.put(item, out, slot + 1, ctx, (path, key))

    def describe(self, ctx: Ctx) -> str:
        return f"{ctx.max_players} seat slots: present + {self.inner.describe(ctx)}"

    def strip(self, value: Any) -> Any:
        return {k: self.inner.strip(v) for k, v in value.items()}


class Opt(Node):
    """A value that may be None: a presence flag, then the value's encoding."""

    def __init__(self, inner: Node) -> None:
        self.inner = inner

    def _size(self, ctx: Ctx) -> int:
        return 1 + self.inner.size(ctx)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if value is None:
            return
        out[at] = 1.0
        self.inner.put(value, out, at + 1, ctx, path)

    def describe(self, ctx: Ctx) -> str:
        return f"present + {self.inner.describe(ctx)}"

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        if isinstance(self.inner, Rec):
            yield prefix, 1, "present (0: null or absent)", None
            yield from self.inner.parts(ctx, prefix)
        else:
            yield prefix, self.size(ctx), self.describe(ctx), None

    def strip(self, value: Any) -> Any:
        return None if value is None else self.inner.strip(value)


class Seq(Node):
    """A list of at most ``room`` items, in order: per slot a presence flag and the item."""

    def __init__(self, inner: Node, room: int | Callable[[Ctx], int]) -> None:
        self.inner = inner
        self.room = room

    def slots(self, ctx: Ctx) -> int:
        return self.room(ctx) if callable(self.room) else self.room

    def _size(self, ctx: Ctx) -> int:
        return self.slots(ctx) * (1 + self.inner.size(ctx))

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list):
            raise LayoutError(f"{where(path)}: expected a list, got {value!r}")
        if len(value) > self.slots(ctx):
            room = self.slots(ctx)
            raise LayoutError(f"{where(path)}: {len(value)} items, the layout has {room}")
        step = 1 + self.inner.size(ctx)
        for i, item in enumerate(value):
            out[at + i * step] = 1.0
            self.inner.put(item, out, at + i * step + 1, ctx, (path, i))

    def describe(self, ctx: Ctx) -> str:
        return f"up to {self.slots(ctx)} items in order: present + {self.inner.describe(ctx)}"

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        if not isinstance(self.inner, Rec):
            yield from super().parts(ctx, prefix)
            return
        yield from _item_rows(self, self.inner, ctx, prefix, f"up to {self.slots(ctx)} items")

    def strip(self, value: Any) -> Any:
        return [self.inner.strip(v) for v in value]


class Tup(Node):
    """A fixed-length list of differently typed values (``[x, y, tile, rotation]``)."""

    def __init__(self, *items: Node) -> None:
        self.items = items

    def _size(self, ctx: Ctx) -> int:
        return sum(i.size(ctx) for i in self.items)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise LayoutError(f"{where(path)}: expected {len(self.items)} values, got {value!r}")
        for i, (node, item) in enumerate(zip(self.items, value, strict=True)):
            node.put(item, out, at, ctx, (path, i))
            at += node.size(ctx)

    def describe(self, ctx: Ctx) -> str:
        return "[" + "; ".join(i.describe(ctx) for i in self.items) + "]"

    def strip(self, value: Any) -> Any:
        return [
            n.strip(v) for n, v in zip(self.items, value, strict=True) if not isinstance(n, Skip)
        ]


class Split(Node):
    """A text made of fields (``"16:7"``): split on ``sep``, each part by its own node."""

    def __init__(self, sep: str, *items: Node, convert: Callable[[str], Any] = int) -> None:
        self.sep = sep
        self.tup = Tup(*items)
        self.convert = convert

    def _size(self, ctx: Ctx) -> int:
        return self.tup.size(ctx)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, str):
            raise LayoutError(f"{where(path)}: expected text, got {value!r}")
        try:
            parts = [self.convert(p) for p in value.split(self.sep)]
        except ValueError:
            raise LayoutError(f"{where(path)}: cannot read {value!r}") from None
        self.tup.put(parts, out, at, ctx, path)

    def describe(self, ctx: Ctx) -> str:
        return f"{self.sep!r}-separated " + self.tup.describe(ctx)


class Skip(Node):
    """A key the encoding leaves out, with the reason (constant, or derived from encoded
    keys, or narration of facts encoded elsewhere).  Listed in docs/rl.md."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def _size(self, ctx: Ctx) -> int:
        return 0

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        return

    def describe(self, ctx: Ctx) -> str:
        return f"not encoded: {self.reason}"

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        yield prefix, 0, self.describe(ctx), None


class Rec(Node):
    """A JSON object with known keys.  ``optional`` keys may be missing (a presence flag
    says which); any other missing or unknown key raises :class:`LayoutError`."""

    def __init__(self, fields: Mapping[str, Node], optional: Iterable[str] = ()) -> None:
        self.fields = dict(fields)
        self.optional = frozenset(optional)
        self.wrapped = {
            k: (Opt(v) if k in self.optional and not isinstance(v, Skip) else v)
            for k, v in self.fields.items()
        }

    def _size(self, ctx: Ctx) -> int:
        return sum(node.size(ctx) for node in self.wrapped.values())

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        if not isinstance(value, dict):
            raise LayoutError(f"{where(path)}: expected an object, got {value!r}")
        for key in value:
            if key not in self.fields:
                raise LayoutError(f"{where(path)}: unknown key {key!r}")
        for key, node in self.wrapped.items():
            if key in value:
                node.put(value[key], out, at, ctx, (path, key))
            elif key not in self.optional:
                raise LayoutError(f"{where(path)}: missing key {key!r}")
            at += node.size(ctx)

    def describe(self, ctx: Ctx) -> str:
        inner = "; ".join(f"{k}: {v.describe(ctx)}" for k, v in self.wrapped.items())
        return "{" + inner + "}"

    def parts(self, ctx: Ctx, prefix: str) -> Iterable[Row]:
        for key, node in self.wrapped.items():
            yield from node.parts(ctx, f"{prefix}.{key}" if prefix else key)

    def skipped(self) -> dict[str, str]:
        """Every key left out, by path, with its reason (nested objects included)."""
        out: dict[str, str] = {}
        for key, node in self.fields.items():
            inner = _unwrap(node)
            if isinstance(inner, Skip):
                out[key] = inner.reason
            elif isinstance(inner, Rec):
                out.update({f"{key}.{k}": r for k, r in inner.skipped().items()})
        return out

    def strip(self, value: Any) -> Any:
        return {
            k: self.fields[k].strip(v)
            for k, v in value.items()
            if not isinstance(self.fields[k], Skip)
        }


class Custom(Node):
    """A hand-written encoder for one value (e.g. a ranking as places per seat)."""

    def __init__(
        self,
        size: Callable[[Ctx], int],
        put: Callable[[Any, Out, int, Ctx, str], None],
        describe: str,
    ) -> None:
        self._size_of = size
        self._put = put
        self._describe = describe

    def _size(self, ctx: Ctx) -> int:
        return self._size_of(ctx)

    def put(self, value: Any, out: Out, at: int, ctx: Ctx, path: Path) -> None:
        self._put(value, out, at, ctx, path)

    def describe(self, ctx: Ctx) -> str:
        return self._describe


def _unwrap(node: Node) -> Node:
    while isinstance(node, Opt | Seq | Seats | SeatMap):
        node = node.inner
    return node


N = TypeVar("N", bound=Node)


def node_at(root: Node, *path: str, kind: type[N]) -> N:
    """The node at ``path``, a key of each nested object (lists, seat slots and options
    looked through), which must be a ``kind``: how a direct encoder finds a block's
    vocabulary in the layout rather than building it again."""
    node = _unwrap(root)
    for key in path:
        if not isinstance(node, Rec):
            raise TypeError(f"{'.'.join(path)}: {key!r} is not in an object")
        node = _unwrap(node.fields[key])
    if not isinstance(node, kind):
        raise TypeError(f"{'.'.join(path)} is a {type(node).__name__}, not a {kind.__name__}")
    return node
