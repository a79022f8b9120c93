"""Study speed with 1 and with 2 (or more) workers, on the local pool or on Ray.

    python bench/study_speed.py                # GOLDFIX, 3-6 players, 10,000 games
    python bench/study_speed.py --backend ray --workers 1 2
    python bench/study_speed.py --game gonza --players 4 -n 1000

Plays the same study once per worker count, prints wall-clock seconds, games per second and
the speed-up over the first count, and checks that every run gave identical games (the
guarantee of :mod:`motherlode.sim.backends`).  The machine is shared, so the load average
before and after each run is printed beside it; timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.engine import get_game
from motherlode.sim.backends import make_backend
from motherlode.sim.study import parse_players, parse_seating, plan_study, run_study


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="goldfix")
    parser.add_argument("--players", "-p", default="3-6")
    parser.add_argument("-n", type=int, default=2500, help="games per cell")
    parser.add_argument("--backend", default="local", choices=("local", "ray"))
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="heuristic", help="a seating, e.g. random")
    args = parser.parse_args()
    game = get_game(args.game)
    plan = plan_study(
        args.game,
        players=parse_players(args.players, game.min_players, game.max_players),
        seatings=[parse_seating(args.bots)],
        games=args.n,
        seed=args.seed,
    )
    print(f"{args.game}: {len(plan.cells)} cells x {args.n} = {plan.total} games, {args.bots} bots")
    first: float | None = None
    reference = None
    for workers in args.workers:
        load = os.getloadavg()[0]
        with make_backend(args.backend, jobs=workers) as backend:
            start = time.perf_counter()
            study = run_study(plan, backend=backend)
            elapsed = time.perf_counter() - start
        same = reference is None or study.rows == reference
        reference = reference or study.rows
        first = first or elapsed
        print(
            f"{args.backend} {workers} worker(s): {elapsed:7.1f} s  "
            f"{plan.total / elapsed:6.1f} games/s  speed-up {first / elapsed:4.2f}x  "
            f"identical games: {same}  load before {load:.2f} after {os.getloadavg()[0]:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
