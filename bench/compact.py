"""Encoding speed, decisions per second: the compact encoding against the full one (its
reference, ``observe`` + ``encode``, and the game's direct encoder, the envs' hot path).

The same random games (one seed each, log off) are played once and every decision's state
kept; each encoder then encodes the acting seat's view at every kept state, in game order
(the direct encoders rewrite only what changed since their last call), timed as a whole.
Prints the median of ``-r`` runs; ``compact (encode)`` leaves out ``observe``.

    nice .venv/bin/python bench/compact.py -n 3 -r 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import motherlode
from motherlode.engine import State
from motherlode.rl.tensors import compact_encoder, encoder
from motherlode.rl.tensors.direct import direct_encoder


def tables() -> list[tuple[str, int]]:
    """Every game with a compact encoding, at its usual table."""
    return [
        (g, motherlode.get_game(g).usual_table())
        for g in motherlode.games()
        if motherlode.get_game(g).part("compact")
    ]


def decisions(game: str, players: int, games: int) -> list[tuple[State, int]]:
    """(state, seat to act) at every decision of ``games`` random games."""
    out = []
    for seed in range(games):
        state = motherlode.get_game(game).new_state(num_players=players, seed=seed)
        state.logging = False
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            out.append((state.clone(), seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def rate(points: list[tuple[State, int]], encode: Callable[[State, int], object]) -> float:
    start = time.perf_counter()
    for state, seat in points:
        encode(state, seat)
    return len(points) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3, help="games per table")
    parser.add_argument("-r", type=int, default=3, help="runs (the median is printed)")
    args = parser.parse_args()
    head = ("full (direct)", "full (reference)", "compact", "compact (encode)", "floats")
    print(f"{'decisions/s':18}" + "".join(f"{h:>18}" for h in head))
    for game, players in tables():
        points = decisions(game, players, args.n)
        full = encoder(game, players)
        compact = compact_encoder(game, players)
        direct = direct_encoder(full)
        views = [(state.observe(seat), seat) for state, seat in points]
        # each way is timed within this game's loop turn, so binding late is what is meant
        ways: list[Callable[[], float]] = [
            lambda: rate(points, direct.encode) if direct else float("nan"),  # noqa: B023
            lambda: rate(points, lambda s, seat: full.encode(s.observe(seat))),  # noqa: B023
            lambda: rate(points, lambda s, seat: compact.encode(s.observe(seat))),  # noqa: B023
            lambda: rate(views, lambda obs, seat: compact.encode(obs)),  # type: ignore[arg-type]  # noqa: B023
        ]
        medians = [statistics.median(way() for _ in range(args.r)) for way in ways]
        sizes = f"{full.size} / {compact.size}"
        label = f"{game} ({players}p)"
        print(f"{label:18}" + "".join(f"{m:>18,.0f}" for m in medians) + f"{sizes:>18}")


if __name__ == "__main__":
    main()
