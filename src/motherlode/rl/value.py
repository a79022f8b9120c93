"""A learned value for the search: each seat's chance to win and margin, from its own view.

``motherlode train`` (:mod:`motherlode.rl.train`) fits a small network on self-play games;
this module is what plays with it, in numpy alone (no training library at play time).  The
network reads one seat's observation tensor (:mod:`motherlode.rl.tensors`: exactly what
``observe(seat)`` holds, so nothing hidden from the seat can reach it) and answers two
numbers: the probability that the seat wins, and its expected final margin over the best
other seat in the game's own unit.  The search (``eval=learned``) asks it for every seat of
a position at its cut-off, one matrix product for the whole table.

A weights file is an ``.npz`` without pickle (it cannot run code): float16 arrays and a
JSON header with the format, the game, the tensor layout's fingerprint and how the file was
made (command, seed, games, positions, seconds).  A file that is corrupt, of another game,
or made for another tensor layout (other options) is refused with a clear error.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.agents.levels import data_folder
from motherlode.agents.rollout import Outcome, standing_outcome
from motherlode.engine import BadOptions, Game, State
from motherlode.rl.tensors import encoder
from motherlode.rl.tensors.direct import direct_encoder

Array = npt.NDArray[np.float32]

log = logging.getLogger("motherlode.agents")

FORMAT = "motherlode-value/1"
SHIPPED_NAME = "evaluator.npz"
"""A game's shipped evaluator: ``games/<id>/data/evaluator.npz`` (found through the Game)."""
MAX_FILE_BYTES = 32 * 1024 * 1024


class BadValueFile(BadOptions):
    """A weights file that cannot be used: unreadable, corrupt, or made for something else."""


@dataclass
class ValueNet:
    """A multi-layer perceptron (ReLU) from a seat's tensor to (win logit, scaled margin).

    ``layers`` are (weights, bias) pairs; the last has two outputs.  ``margin_scale`` turns
    the second output back into the game's unit.  ``layout`` is the fingerprint of the
    tensor layout it was trained on (:func:`fingerprint`)."""

    game: str
    layout: str
    layers: list[tuple[Array, Array]]
    margin_scale: float = 1.0
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    def forward(self, x: Array) -> Array:
        """Raw outputs (rows: positions; columns: win logit, scaled margin).

        A seat's tensor is mostly zeros (a few hundred of several thousand entries), so the
        first layer multiplies only the columns that some row uses: the same sums, read
        from a tenth of the weights or less."""
        w, b = self.layers[0]
        used = np.flatnonzero(x.any(axis=0))
        h = x[:, used] @ w[used] + b if len(used) * 4 < x.shape[1] else x @ w + b
        for w, b in self.layers[1:]:
            h = np.maximum(h, 0.0) @ w + b
        return h

    def predict(self, x: Array) -> tuple[Array, Array]:
        """Per row: the probability of winning, and the expected margin in the game's unit."""
        out = self.forward(x)
        logit = np.clip(out[:, 0], -30.0, 30.0)
        win: Array = (1.0 / (1.0 + np.exp(-logit))).astype(np.float32)
        margin: Array = (out[:, 1] * self.margin_scale).astype(np.float32)
        return win, margin

    # ------------------------------------------------------------------- files

    def save(self, path: str | Path) -> None:
        header = {
            "format": FORMAT,
            "game": self.game,
            "layout": self.layout,
            "layers": len(self.layers),
            "margin_scale": self.margin_scale,
            "info": self.info,
        }
        arrays: dict[str, Any] = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float16)
        arrays["header"] = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
        with open(path, "wb") as out:
            np.savez_compressed(out, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """Read a weights file, or raise :class:`BadValueFile` saying what is wrong."""
        file = Path(path)
        name = file.name[:60]
        try:
            if file.stat().st_size > MAX_FILE_BYTES:
                raise BadValueFile(f"{name} is too large to be an evaluator file")
            with np.load(file, allow_pickle=False) as data:
                header = json.loads(bytes(data["header"]).decode())
                if not isinstance(header, dict) or header.get("format") != FORMAT:
                    raise BadValueFile(f"{name} is not a motherlode evaluator file")
                count = header["layers"]
                if not isinstance(count, int) or not 1 <= count <= 8:
                    raise BadValueFile(f"{name}: its header gives {count!r} layers")
                layers = [
                    (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                    for i in range(count)
                ]
            net = cls(
                str(header["game"]),
                str(header["layout"]),
                layers,
                float(header["margin_scale"]),
                dict(header.get("info") or {}),
            )
        except BadValueFile:
            raise
        except FileNotFoundError:
            raise BadValueFile(f"no evaluator file at {str(path)[:80]!r}") from None
        except Exception as exc:  # zip, npz, JSON and key errors alike: the file is corrupt
            raise BadValueFile(f"{name} is not a readable evaluator file ({exc})") from None
        net._check_shapes(name)
        return net

    def _check_shapes(self, name: str) -> None:
        width = self.inputs
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or b.shape != (w.shape[1],) or w.shape[0] != width:
                raise BadValueFile(f"{name}: layer {i} has mismatched shapes")
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise BadValueFile(f"{name}: layer {i} holds values that are not finite")
            width = w.shape[1]
        if width != 2:
            raise BadValueFile(f"{name}: the last layer gives {width} outputs, not 2")
        if not math.isfinite(self.margin_scale) or self.margin_scale <= 0:
            raise BadValueFile(f"{name}: its margin scale is not a positive number")

    def check_game(self, game: Game) -> None:
        """Refuse a net made for another game."""
        if self.game != game.id:
            raise BadValueFile(f"this evaluator was trained for {self.game}, not {game.title}")

    def check(self, game: Game, layout: str) -> None:
        """Refuse a net made for another game or another tensor layout."""
        self.check_game(game)
        if self.layout != layout:
            raise BadValueFile(
                f"this evaluator was trained on another tensor layout of {game.title} "
                "(other options or another version): train one for this table"
            )


def fingerprint(rows: Sequence[Sequence[Any]]) -> str:
    """A short hash of a tensor layout (``Encoder.layout()``: key, offset, size, meaning):
    nets are tied to it.  Only the encoded blocks count, by name and size in order (their
    offsets follow from them): a key the encoding skips (a name, a design number the same
    all game) changes no tensor, so it leaves a trained net usable."""
    text = json.dumps([[row[0], row[2]] for row in rows if row[2]])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def shipped_path(game: Game) -> Path:
    """Where ``game``'s trained evaluator ships: the ``data`` folder of its package."""
    return data_folder(game) / SHIPPED_NAME


_LOADED: dict[tuple[str, float], ValueNet] = {}


def load_cached(path: Path) -> ValueNet:
    """The net in ``path``, read once per version of the file (bots are built per move)."""
    try:
        key = (str(path.resolve()), path.stat().st_mtime)
    except OSError:
        raise BadValueFile(f"no evaluator file at {str(path)[:80]!r}") from None
    net = _LOADED.get(key)
    if net is None:
        net = _LOADED[key] = ValueNet.load(path)
    return net


class LearnedEvaluator:
    """The search's cut-off evaluation by a :class:`ValueNet`: every seat's view of the
    position is encoded (the game's direct encoder, the same tensor as its observation) and
    valued in one batch.  Built per table kind (players, options), as the tensors are."""

    def __init__(
        self, net: ValueNet, game: Game, fallback: Callable[[State], Outcome] | None = None
    ) -> None:
        self.net = net
        self.game = game
        self.fallback = fallback
        """What values a table the net does not fit (None: raise :class:`BadValueFile`)."""
        self._kinds: dict[tuple[int, str], Callable[[State, int], Array] | None] = {}

    def with_fallback(self, fallback: Callable[[State], Outcome] | None) -> LearnedEvaluator:
        """This net, valuing the tables it does not fit by ``fallback`` (None: the scores)."""
        return LearnedEvaluator(self.net, self.game, fallback or _scores)

    def encoder_for(self, state: State) -> Callable[[State, int], Array] | None:
        """The tensor of a seat of ``state``'s table kind; None (with a fallback) or
        :class:`BadValueFile` where the net was trained on another layout."""
        key = (state.num_players, repr(sorted(state.options.to_dict().items())))
        if key in self._kinds:
            return self._kinds[key]
        try:
            encode: Callable[[State, int], Array] | None = seat_tensor(self.net, state)
        except BadValueFile as exc:
            if self.fallback is None:
                raise
            log.warning("%s; the search values this table by its default", exc)
            encode = None
        self._kinds[key] = encode
        return encode

    def inputs(self, state: State) -> Array:
        """The rows the net reads: seat by seat, each seat's own tensor."""
        encode = self.encoder_for(state)
        if encode is None:
            raise BadValueFile(f"the evaluator does not fit this table of {self.game.title}")
        return _rows(encode, state)

    def __call__(self, state: State) -> Outcome:
        encode = self.encoder_for(state)
        if encode is None:
            assert self.fallback is not None
            return self.fallback(state)
        win, margin = self.net.predict(_rows(encode, state))
        total = float(win.sum())  # (each seat's estimate from its own view: made to add up)
        shares = [float(p) / total for p in win] if total > 0 else [1.0 / len(win)] * len(win)
        return shares, [float(m) for m in margin]


def _rows(encode: Callable[[State, int], Array], state: State) -> Array:
    return np.stack([encode(state, seat) for seat in range(state.num_players)])


def _scores(state: State) -> Outcome:
    return standing_outcome(state)


def seat_tensor(net: ValueNet, state: State) -> Callable[[State, int], Array]:
    """The encoding of one seat's view for ``state``'s game, players and options, after
    checking that ``net`` was trained on that layout."""
    enc = encoder(state.game, state.num_players, state.options)
    net.check(state.game, fingerprint(enc.layout()))
    direct = direct_encoder(enc)
    if direct is not None:
        return direct.encode
    return lambda s, seat: enc.encode(s.observe(seat))


def learned_evaluator(game: Game, path: str | None) -> LearnedEvaluator:
    """The evaluator of the file at ``path``, or of the one shipped with ``game`` (None)."""
    file = shipped_path(game) if path is None else Path(path)
    if path is not None and file.suffix != ".npz":
        raise BadValueFile(f"an evaluator file ends in .npz, got {path[:60]!r}")
    net = load_cached(file)
    net.check_game(game)
    return LearnedEvaluator(net, game)


def describe(net: ValueNet) -> Mapping[str, Any]:
    """What a person asks of a weights file: its game, size and how it was made."""
    return {
        "game": net.game,
        "layers": [list(w.shape) for w, _ in net.layers],
        "parameters": sum(w.size + b.size for w, b in net.layers),
        **net.info,
    }
