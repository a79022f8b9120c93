"""Self-play games as training data for the learned evaluator (``motherlode train``).

A task plays games between bot specs and keeps a few positions of each: at each kept
position, every seat's observation tensor (the same one :mod:`motherlode.rl.value`
reads at play time) with that seat's final result, its win share and its margin over the
best other seat.  Positions are chosen after the game (the game is replayed from its seed
and moves), so a long game costs no more memory than a short one.

Tensors are sparse (most entries are 0), so a batch travels and is stored as compressed
rows: the column indices (uint16; every layout is narrower than 65,536) and the values
(float16) of the non-zero entries.  Tasks are plain functions of their arguments, run by
the simulation backends (:mod:`motherlode.sim.backends`, local pool or Ray): the same seeds
give the same data on either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.agents.rollout import final_outcome
from motherlode.agents.specs import make_agent
from motherlode.engine import Action, Game, State, get_game
from motherlode.rl.tensors import encoder
from motherlode.rl.tensors.direct import direct_encoder

FloatArray = npt.NDArray[np.float32]


@dataclass
class Samples:
    """Rows of (seat tensor, win share, margin) in compressed sparse form."""

    width: int
    indptr: npt.NDArray[np.int64]
    indices: npt.NDArray[np.uint16]
    values: npt.NDArray[np.float16]
    win: FloatArray
    margin: FloatArray
    games: int = 0

    @property
    def rows(self) -> int:
        return len(self.win)

    @classmethod
    def empty(cls, width: int) -> Samples:
        return cls(
            width,
            np.zeros(1, np.int64),
            np.zeros(0, np.uint16),
            np.zeros(0, np.float16),
            np.zeros(0, np.float32),
            np.zeros(0, np.float32),
        )

    @classmethod
    def join(cls, parts: Sequence[Samples]) -> Samples:
        if not parts:
            raise ValueError("no samples to join")
        width = parts[0].width
        if any(p.width != width for p in parts):
            raise ValueError("samples of different tensor widths cannot be joined")
        offsets = np.cumsum([0] + [len(p.indices) for p in parts[:-1]])
        indptr = np.concatenate(
            [np.zeros(1, np.int64)]
            + [p.indptr[1:] + o for p, o in zip(parts, offsets, strict=True)]
        )
        return cls(
            width,
            indptr,
            np.concatenate([p.indices for p in parts]),
            np.concatenate([p.values for p in parts]),
            np.concatenate([p.win for p in parts]),
            np.concatenate([p.margin for p in parts]),
            sum(p.games for p in parts),
        )

    def dense(self, rows: npt.NDArray[np.intp]) -> FloatArray:
        """The tensors of ``rows`` as a dense float32 batch."""
        out = np.zeros((len(rows), self.width), np.float32)
        for i, r in enumerate(rows):
            a, b = self.indptr[r], self.indptr[r + 1]
            out[i, self.indices[a:b]] = self.values[a:b]
        return out

    def save(self, path: str | Path) -> None:
        with open(path, "wb") as out:
            np.savez_compressed(
                out,
                width=np.array(self.width),
                indptr=self.indptr,
                indices=self.indices,
                values=self.values,
                win=self.win,
                margin=self.margin,
                games=np.array(self.games),
            )

    @classmethod
    def load(cls, path: str | Path) -> Samples:
        with np.load(path, allow_pickle=False) as d:
            return cls(
                int(d["width"]),
                d["indptr"],
                d["indices"],
                d["values"],
                d["win"],
                d["margin"],
                int(d["games"]),
            )


@dataclass(frozen=True)
class SelfPlayTask:
    """Games ``seeds`` of ``game`` between ``specs`` (one per seat), ``positions`` kept per
    game; ``explore``: the chance that a move is a uniformly random legal one instead of
    the bot's (varied positions, so the evaluator sees more than one line of play)."""

    game: str
    specs: tuple[str, ...]
    options: Mapping[str, Any]
    seeds: tuple[int, ...]
    positions: int = 12
    explore: float = 0.03


def play_task(task: SelfPlayTask) -> Samples:
    """Play the task's games and keep their positions (a backend's unit of work)."""
    game = get_game(task.game)
    players = len(task.specs)
    enc = encoder(game, players, task.options)
    direct = direct_encoder(enc)  # one per task: its buffers serve every game
    encode = direct.encode if direct is not None else lambda s, seat: enc.encode(s.observe(seat))
    parts = [_one_game(game, task, seed, encode, enc.size) for seed in task.seeds]
    return Samples.join(parts)


def _one_game(
    game: Game,
    task: SelfPlayTask,
    seed: int,
    encode: Callable[[State, int], FloatArray],
    width: int,
) -> Samples:
    players = len(task.specs)
    rng = random.Random(seed ^ 0x5E1F)
    agents = [make_agent(spec, game, rng.getrandbits(63)) for spec in task.specs]
    state = game.new_state(players, seed=seed, options=task.options)
    moves: list[tuple[int, Action]] = []
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < task.explore:
            action = rng.choice(legal)
        else:
            action = agents[seat].act(state, seat)
        moves.append((seat, action))
        state.apply(seat, action)
    shares, margins = final_outcome(state)
    kept = set(rng.sample(range(len(moves)), min(task.positions, len(moves))))
    replay = game.new_state(players, seed=seed, options=task.options)
    rows: list[FloatArray] = []
    wins: list[float] = []
    gaps: list[float] = []
    for i, (seat, action) in enumerate(moves):
        if i in kept:
            for s in range(players):
                rows.append(encode(replay, s))
                wins.append(shares[s])
                gaps.append(margins[s])
        replay.apply(seat, action)
    return _compress(rows, wins, gaps, width)


def _compress(rows: list[FloatArray], wins: list[float], gaps: list[float], width: int) -> Samples:
    if not rows:
        out = Samples.empty(width)
        out.games = 1
        return out
    dense = np.stack(rows)
    r, c = np.nonzero(dense)
    indptr = np.zeros(len(rows) + 1, np.int64)
    np.add.at(indptr, r + 1, 1)
    return Samples(
        width,
        np.cumsum(indptr),
        c.astype(np.uint16),
        dense[r, c].astype(np.float16),
        np.asarray(wins, np.float32),
        np.asarray(gaps, np.float32),
        1,
    )
