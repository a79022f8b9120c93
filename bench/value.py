"""Evaluations per second of the learned evaluator at play time: numpy alone, on one core.

    python bench/value.py                 # every game that ships an evaluator
    python bench/value.py gonza -r 7      # one game, median of 7 runs

A position is valued as the search values it at a cut-off: every seat's tensor is written
from the state (the game's direct encoder) and the network reads them in one batch
(:class:`motherlode.rl.value.LearnedEvaluator`).  The positions come from a few
heuristic games; the figure is the median over ``-r`` runs, of positions a second and of
seat evaluations a second (positions times seats), with the share of time spent in the
network's matrix products.  BLAS is held to one thread before numpy loads, so the figure
is one core's.  A game without a shipped evaluator is timed with a net of the same shape
and random weights (the cost does not depend on the weights), and says so.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

import motherlode
from motherlode.agents.specs import make_agent
from motherlode.engine import State
from motherlode.rl.tensors import encoder
from motherlode.rl.value import LearnedEvaluator, ValueNet, fingerprint, shipped_path


def positions(game_id: str, players: int, count: int) -> list[State]:
    game = motherlode.get_game(game_id)
    bots = [make_agent("heuristic", game, seat) for seat in range(players)]
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = game.new_state(players, seed=seed)
        while not state.is_over() and len(out) < count:
            seat = state.pending()[0]
            state.apply(seat, bots[seat].act(state, seat))
            out.append(state.clone())
        seed += 1
    return out


def network(game_id: str, players: int) -> tuple[ValueNet, str]:
    game = motherlode.get_game(game_id)
    file = shipped_path(game)
    if file.is_file():
        return ValueNet.load(file), "shipped"
    enc = encoder(game, players)
    rng = np.random.default_rng(0)
    sizes = [enc.size, 64, 32, 2]  # the shape motherlode train gives (FitSettings)
    layers = [
        (rng.standard_normal((a, b)).astype(np.float32) * 0.01, np.zeros(b, np.float32))
        for a, b in itertools.pairwise(sizes)
    ]
    return ValueNet(game.id, fingerprint(enc.layout()), layers), "random weights"


def run(game_id: str, players: int, states: list[State], net: ValueNet) -> tuple[float, float]:
    """Seconds per position valued, and the share of it in the matrix products."""
    evaluator = LearnedEvaluator(net, motherlode.get_game(game_id))
    start = time.perf_counter()
    for state in states:
        evaluator(state)
    total = time.perf_counter() - start
    rows = [evaluator.inputs(state) for state in states[:200]]
    start = time.perf_counter()
    for x in rows:
        net.predict(x)
    matmul = (time.perf_counter() - start) / len(rows)
    per_position = total / len(states)
    return per_position, matmul / per_position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=motherlode.games())
    parser.add_argument("-r", "--runs", type=int, default=5)
    parser.add_argument("-n", "--positions", type=int, default=500)
    args = parser.parse_args()
    print(
        f"{'game':<12} {'players':>7} {'positions/s':>12} {'seat evals/s':>13} "
        f"{'in the net':>10}  weights"
    )
    for game_id in args.games:
        players = motherlode.get_game(game_id).min_players
        states = positions(game_id, players, args.positions)
        net, kind = network(game_id, players)
        run(game_id, players, states[:50], net)  # warm the encoder's buffers and caches
        results = [run(game_id, players, states, net) for _ in range(args.runs)]
        per = statistics.median(r[0] for r in results)
        share = statistics.median(r[1] for r in results)
        print(
            f"{game_id:<12} {players:>7} {1 / per:>12,.0f} {players / per:>13,.0f} "
            f"{share:>10.0%}  {kind}"
        )


if __name__ == "__main__":
    main()
