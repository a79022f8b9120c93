"""MCTS iterations per second for every registered game: plain, and with its tuned settings.

    python bench/mcts.py                      # every game, its default player counts
    python bench/mcts.py gonza -p 4 --iters 300 --rollout heuristic

Each game is searched twice: plain ISMCTS (random rollouts to the end, or ``--rollout`` /
``--cutoff``), and with the game's own ``search_defaults`` (what ``mcts`` plays with).

Positions are sampled along seeded random games; at each one the asked seat runs a search
of ``--iters`` iterations.  Timings are wall-clock on one core and are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import motherlode
from motherlode.agents.mcts import MCTSAgent

DEFAULT_OPTIONS: dict[str, dict[str, object]] = {"goldfix": {"circuit_limit": 30}}


def positions(game: motherlode.Game, players: int, count: int, options: dict[str, object]):
    """``count`` states with a real decision, taken along seeded random games: more than one
    legal move, and not one the game leaves to its heuristic (``Game.scripted``: GOLDFIX's
    deals and bids take no iteration, so they would measure nothing)."""
    found = 0
    seed = 0
    while found < count:
        state = game.new_state(players, seed, options)
        rng = random.Random(seed)
        seed += 1
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            pending = state.pending()
            if not pending:
                break
            seat = pending[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        pending = state.pending()
        if not pending or len(state.legal_actions(pending[0])) < 2:
            continue
        if game.scripted is None or not game.scripted(state, pending[0]):
            found += 1
            yield state, pending[0]


def bench(
    game_id: str,
    players: int,
    count: int,
    iters: int,
    params: dict[str, object],
    options: dict[str, object],
) -> None:
    game = motherlode.get_game(game_id)
    done = 0
    seconds = 0.0
    for state, seat in positions(game, players, count, options):
        agent = MCTSAgent(seed=done, iters=iters, **params)  # type: ignore[arg-type]
        start = time.perf_counter()
        result = agent.search(state, seat)
        seconds += time.perf_counter() - start
        done += result.iterations
    extra = ",".join(f"{k}={v}" for k, v in params.items())
    label = f"{game_id} ({players}p{' ' + extra if extra else ''})"
    print(
        f"{label:<70} {done / seconds:7.0f} iterations/s  ({count} decisions x {iters} iterations)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("-p", "--players", type=int, help="player count (default per game)")
    parser.add_argument("-n", "--decisions", type=int, default=10, help="positions per game")
    parser.add_argument("--iters", type=int, default=200, help="iterations per decision")
    parser.add_argument("--rollout", default="random", help="random or a bot name")
    parser.add_argument("--cutoff", type=int, help="rollout cut-off in moves")
    args = parser.parse_args()
    params: dict[str, object] = {}
    if args.rollout != "random":
        params["rollout"] = args.rollout
    if args.cutoff:
        params["cutoff"] = args.cutoff
    for game_id in args.games or motherlode.games():
        game = motherlode.get_game(game_id)
        players = args.players or game.usual_table()
        options = DEFAULT_OPTIONS.get(game_id, {})
        bench(game_id, players, args.decisions, args.iters, params, options)
        if game.search_defaults:
            tuned = dict(game.search_defaults)
            bench(game_id, players, args.decisions, args.iters, tuned, options)


if __name__ == "__main__":
    main()
