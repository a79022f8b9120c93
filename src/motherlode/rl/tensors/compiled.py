"""A layout compiled to one straight Python function: the encoding's hot path.

Walking the schema tree costs a method call, a size lookup and a type check per value; for
an observation of a few thousand values that is most of an environment step.  Here the tree
is turned once into the source of a single function (loops only where the observation has
lists) with every offset, scale and vocabulary bound as a constant.

The compiled function checks less than :meth:`schema.Node.put` (it trusts types that
Python's own operations would not reject); any error it meets sends the observation to the
tree walk, which raises the precise :class:`~schema.LayoutError`.  tests/rl/test_tensors.py
checks that both always give the same tensor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from motherlode.rl.tensors.schema import (
    Cat,
    Code,
    Ctx,
    Custom,
    Flag,
    Node,
    Num,
    Opt,
    Out,
    Rec,
    Seat,
    SeatMap,
    Seats,
    SeatSeq,
    SeatSet,
    Seq,
    Skip,
    Split,
    Tup,
)

Compiled = Callable[[Any, Out, int], None]
"""``encode(observation, out, seat)``: writes the sparse encoding of a seat's view."""


class Mismatch(Exception):
    """The compiled function met something it does not expect (the tree walk explains)."""


class _Writer:
    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.lines: list[str] = []
        seats = range(ctx.num_players)
        self.consts: dict[str, Any] = {
            "Mismatch": Mismatch,
            "ctxs": [Ctx(s, ctx.num_players, ctx.max_players) for s in seats],
        }
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def const(self, value: Any) -> str:
        name = self.name("K")
        self.consts[name] = value
        return name

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def seat(self, depth: int, value: str) -> str:
        """An expression of ``value``'s slot relative to the viewer (range checked)."""
        self.line(depth, f"if type({value}) is not int or not 0 <= {value} < n: raise Mismatch")
        return f"(({value} - seat) % n)"

    def node(self, node: Node, value: str, at: str, depth: int) -> None:
        ctx = self.ctx
        at = _fold(at)
        if isinstance(node, Skip):
            return
        if isinstance(node, Num):
            self.line(depth, f"if {value}.__class__ is bool: raise Mismatch")
            if node.scale == 1:
                self.line(depth, f"out[{at}] = {value} + 0.0")
            else:
                self.line(depth, f"out[{at}] = {value} / {node.scale!r}")
        elif isinstance(node, Flag):
            self.line(depth, f"if {value} is True: out[{at}] = 1.0")
            self.line(depth, f"elif {value} is not False: raise Mismatch")
        elif isinstance(node, Code):
            index = self.const(node.index)
            self.line(depth, f"out[{at}] = {index}[{value}] + 1.0")
        elif isinstance(node, Cat):
            index = self.const(node.index)
            self.line(depth, f"out[{at} + {index}[{value}]] = 1.0")
        elif isinstance(node, Seat):
            if node.none:
                nones = self.const(node.none)
                self.line(depth, f"if {value} is None or {value} in {nones}:")
                self.line(depth + 1, f"if {value} is not None or None in {nones}:")
                self.line(depth + 2, f"out[{at} + {ctx.max_players}] = 1.0")
                self.line(depth + 1, "else: raise Mismatch")
                self.line(depth, "else:")
                depth += 1
            slot = self.seat(depth, value)
            self.line(depth, f"out[{at} + {slot}] = 1.0")
        elif isinstance(node, SeatSet | SeatSeq):
            i, s = self.name("i"), self.name("s")
            self.line(depth, f"for {i}, {s} in enumerate({value}):")
            slot = self.seat(depth + 1, s)
            mark = "1.0" if isinstance(node, SeatSet) else f"{i} + 1.0"
            self.line(depth + 1, f"if {at} + {slot} in out: raise Mismatch")
            self.line(depth + 1, f"out[{at} + {slot}] = {mark}")
        elif isinstance(node, Seats):
            step = 1 + node.inner.size(ctx)
            s, item, base = self.name("s"), self.name("v"), self.name("b")
            self.line(depth, f"if len({value}) != n: raise Mismatch")
            self.line(depth, f"for {s}, {item} in enumerate({value}):")
            self.line(depth + 1, f"{base} = {at} + (({s} - seat) % n) * {step}")
            self.line(depth + 1, f"out[{base}] = 1.0")
            self.node(node.inner, item, f"{base} + 1", depth + 1)
        elif isinstance(node, SeatMap):
            step = 1 + node.inner.size(ctx)
            key, item, seat, base = (self.name(p) for p in ("k", "v", "s", "b"))
            self.line(depth, f"for {key}, {item} in {value}.items():")
            self.line(depth + 1, f"{seat} = int({key})")
            slot = self.seat(depth + 1, seat)
            self.line(depth + 1, f"{base} = {at} + {slot} * {step}")
            self.line(depth + 1, f"out[{base}] = 1.0")
            self.node(node.inner, item, f"{base} + 1", depth + 1)
        elif isinstance(node, Opt):
            self.line(depth, f"if {value} is not None:")
            self.line(depth + 1, f"out[{at}] = 1.0")
            self.node(node.inner, value, f"{at} + 1", depth + 1)
        elif isinstance(node, Seq):
            step = 1 + node.inner.size(ctx)
            i, item, base = self.name("i"), self.name("v"), self.name("b")
            self.line(depth, f"if len({value}) > {node.slots(ctx)}: raise Mismatch")
            self.line(depth, f"for {i}, {item} in enumerate({value}):")
            self.line(depth + 1, f"{base} = {at} + {i} * {step}")
            self.line(depth + 1, f"out[{base}] = 1.0")
            self.node(node.inner, item, f"{base} + 1", depth + 1)
        elif isinstance(node, Tup | Split):
            tup = node.tup if isinstance(node, Split) else node
            items = [self.name("t") for _ in tup.items]
            if isinstance(node, Split):
                convert = self.const(node.convert)
                parts = self.name("p")
                self.line(depth, f"{parts} = {value}.split({node.sep!r})")
                self.line(depth, f"{', '.join(items)}, = [{convert}(x) for x in {parts}]")
            else:
                self.line(depth, f"{', '.join(items)}, = {value}")
            offset = 0
            for child, item in zip(tup.items, items, strict=True):
                self.node(child, item, f"{at} + {offset}", depth)
                offset += child.size(ctx)
        elif isinstance(node, Rec):
            keys = self.const(frozenset(node.fields))
            self.line(depth, f"if not {keys}.issuperset({value}): raise Mismatch")
            offset = 0
            for key, child in node.wrapped.items():
                item = self.name("v")
                if key in node.optional:
                    self.line(depth, f"{item} = {value}.get({key!r})")
                elif not isinstance(child, Skip):
                    self.line(depth, f"{item} = {value}[{key!r}]")
                else:
                    self.line(depth, f"if {key!r} not in {value}: raise Mismatch")
                self.node(child, item, f"{at} + {offset}", depth)
                offset += child.size(ctx)
        elif isinstance(node, Custom):
            put = self.const(node.put)
            self.line(depth, f"{put}({value}, out, {at}, ctxs[seat], 'observation')")
        else:
            raise TypeError(f"no compiler for {type(node).__name__}")


def _fold(at: str) -> str:
    """An offset expression with its constant terms added up (``b3 + 1 + 0 + 4`` ->
    ``b3 + 5``): Python would add them again for every value written."""
    terms, total = [], 0
    for term in at.split(" + "):
        if term.isdigit():
            total += int(term)
        else:
            terms.append(term)
    if total or not terms:
        terms.append(str(total))
    return " + ".join(terms)


def compile_layout(root: Node, ctx: Ctx) -> Compiled:
    """The function that encodes like ``root.put`` for any viewer at ``ctx``'s table."""
    writer = _Writer(ctx)
    writer.line(0, "def encode(obs, out, seat):")
    writer.line(1, f"n = {ctx.num_players}")
    writer.node(root, "obs", "0", 1)
    namespace = dict(writer.consts)
    exec("\n".join(writer.lines), namespace)
    encode: Compiled = namespace["encode"]
    encode.source = "\n".join(writer.lines)  # type: ignore[attr-defined]
    return encode
