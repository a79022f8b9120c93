"""Random playouts per second and mean ms per game for every registered game.

    python bench/playouts.py                 # every game, its default player counts
    python bench/playouts.py gonza -p 4 -n 500

A playout is the engine's hot loop as bots and simulations drive it: pick a pending seat,
list its legal actions, apply a random one (legality checked), until the game ends.  Each
game is played twice from the same seed: with the log off, as ``simulate``, ``arena`` and
the search play, and with it on, as a table with people plays.  Timings are wall-clock on
one core of this machine, the best of ``-r`` runs of each game (the machine is shared, so
the best run is the one least disturbed), printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import motherlode

# Player counts the issues quote their targets at; other games use their minimum.
DEFAULT_OPTIONS: dict[str, dict[str, object]] = {"goldfix": {"circuit_limit": 30}}


def playout(
    game: motherlode.Game, players: int, seed: int, options: dict[str, object], log: bool
) -> int:
    state = game.new_state(players, seed, options)
    state.logging = log
    rng = random.Random(seed)
    choice = rng.choice
    while True:
        pending = state.pending()
        if not pending:
            return state.move_count
        seat = pending[0] if len(pending) == 1 else choice(pending)
        state.apply(seat, choice(state.legal_actions(seat)))


def timed(
    game: motherlode.Game, players: int, seed: int, options: dict[str, object], log: bool, runs: int
) -> tuple[float, int]:
    """The best of ``runs`` timings of one game, and its length in decisions."""
    best, moves = float("inf"), 0
    for _ in range(runs):
        start = time.perf_counter()
        moves = playout(game, players, seed, options, log)
        best = min(best, time.perf_counter() - start)
    return best, moves


def bench(game_id: str, players: int, games: int, options: dict[str, object], runs: int) -> None:
    game = motherlode.get_game(game_id)
    quiet, logged = [], []
    moves = 0
    for seed in range(games):
        seconds, length = timed(game, players, seed, options, False, runs)
        quiet.append(seconds)
        logged.append(timed(game, players, seed, options, True, runs)[0])
        moves += length
    total = sum(quiet)
    label = f"{game_id} ({players}p{' ' + str(options) if options else ''})"
    print(
        f"{label:<40} {games / total:8.1f} games/s  mean {1000 * total / games:7.2f} ms/game "
        f"(log on {1000 * sum(logged) / games:7.2f})  median {1000 * statistics.median(quiet):7.2f}"
        f"  {moves / games:6.0f} moves/game  {moves / total / 1000:6.1f} k moves/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("-p", "--players", type=int, help="player count (default per game)")
    parser.add_argument("-n", "--count", type=int, default=200, help="games per game id")
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value")
    parser.add_argument("-r", "--runs", type=int, default=3, help="timings per game (best kept)")
    args = parser.parse_args()
    extra = dict(pair.split("=", 1) for pair in args.option)
    for game_id in args.games or motherlode.games():
        game = motherlode.get_game(game_id)
        players = args.players or game.usual_table()
        options = {**DEFAULT_OPTIONS.get(game_id, {}), **extra}
        bench(game_id, players, args.count, options, args.runs)
        if game_id == "carcassonne" and not args.option:
            bench(game_id, players, args.count, {"goldmines": False}, args.runs)


if __name__ == "__main__":
    main()
