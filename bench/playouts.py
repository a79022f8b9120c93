"""Random playouts per second and mean ms per game for every registered game.

    python bench/playouts.py                 # every game, its default player counts
    python bench/playouts.py gonza -p 4 -n 500

A playout is the engine's hot loop as bots and simulations drive it: pick a pending seat,
list its legal actions, apply a random one (legality checked), until the game ends.
Timings are wall-clock on one core of this machine and are printed, never asserted.
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
DEFAULT_PLAYERS = {"carcassonne": 2, "gonza": 4, "goodwill": 4, "goldfix": 4, "yukon": 4}
DEFAULT_OPTIONS: dict[str, dict[str, object]] = {"goldfix": {"circuit_limit": 30}}


def playout(game: motherlode.Game, players: int, seed: int, options: dict[str, object]) -> int:
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    choice = rng.choice
    while True:
        pending = state.pending()
        if not pending:
            return state.move_count
        seat = pending[0] if len(pending) == 1 else choice(pending)
        state.apply(seat, choice(state.legal_actions(seat)))


def bench(game_id: str, players: int, games: int, options: dict[str, object]) -> None:
    game = motherlode.get_game(game_id)
    times = []
    moves = 0
    for seed in range(games):
        start = time.perf_counter()
        moves += playout(game, players, seed, options)
        times.append(time.perf_counter() - start)
    total = sum(times)
    label = f"{game_id} ({players}p{' ' + str(options) if options else ''})"
    print(
        f"{label:<40} {games / total:9.1f} games/s  mean {1000 * total / games:8.2f} ms/game  "
        f"median {1000 * statistics.median(times):8.2f} ms  {moves / games:7.0f} moves/game  "
        f"{moves / total / 1000:6.1f} k moves/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("-p", "--players", type=int, help="player count (default per game)")
    parser.add_argument("-n", "--count", type=int, default=200, help="games per game id")
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value")
    args = parser.parse_args()
    extra = dict(pair.split("=", 1) for pair in args.option)
    for game_id in args.games or motherlode.games():
        game = motherlode.get_game(game_id)
        players = args.players or DEFAULT_PLAYERS.get(game_id, game.min_players)
        options = {**DEFAULT_OPTIONS.get(game_id, {}), **extra}
        bench(game_id, players, args.count, options)
        if game_id == "carcassonne" and not args.option:
            bench(game_id, players, args.count, {"goldmines": False})


if __name__ == "__main__":
    main()
