"""Environment steps per second of the PettingZoo AEC env, against the engine's own playouts.

    python bench/rl.py -n 3 -r 5            # every game at the player counts of playouts.py
    python bench/rl.py gonza -p 4 -n 3 -r 5

Both sides play the same random games (one seed per game) with the log off:

* **engine**: the engine's hot loop as ``bench/playouts.py`` drives it — pick the pending
  seat, list its legal actions, apply a random one (``random.Random(seed).choice``);
* **AEC env**: ``env.last()`` (the acting agent's observation tensor and action mask, both
  new arrays, as every call), a random index among the mask's ones (the same
  ``random.Random(seed).choice``, over ``mask.view(bool).nonzero()[0]``: numpy's
  ``Generator.choice`` and ``nonzero`` on an int8 array would cost more than most
  engine steps, and they are the learner's cost, not the adapter's), ``env.step``; what
  every PettingZoo training loop does per decision.

* **OpenSpiel**: the same random games (the deal is the seed) through the OpenSpiel game
  (its turn-based registration for Goodwill and GOLDFIX, one decision per seat as in the
  AEC env): ``current_player``, the observer's tensor (``set_from``: the direct encoder,
  written into the observer's array), ``legal_actions``, ``apply_action`` of a random one;
  what an OpenSpiel loop that reads tensors does per decision.

A run plays ``-n`` games on each side; the figures are the medians over ``-r`` runs (the
machine is shared and noisy), in decisions per second, and ``ratio`` is how many times
slower the AEC env is per decision; ``OS/AEC`` is OpenSpiel's decisions per second over the
AEC env's.  ``free tensor`` is that ratio again for the env
whose tensor is a copy of a constant array: everything but the encoding (the mask, the
pick, PettingZoo's bookkeeping, copying the tensor), the floor the encoders add to.

``AEC/C4`` is the AEC env's decisions per second over PettingZoo's own ``connect_four_v3``
``env()`` (as it ships, wrapped), played by the same loop in the same run, ``--c4-games``
games a run: the peer researchers use.  A game with factored actions (Carcassonne) gets a
second row, its factored env (``motherlode.rl.factored``) against the same peer.

A second table says where an env step's time goes, in
microseconds per decision (medians over the runs, on up to 400 positions of one game, the
acting seat's view of each in turn): the engine's own ``legal_actions`` + ``apply``; the
seat's ``tensor`` as the env makes it (the game's direct encoder, written straight from
the state); the reference it equals, the seat's JSON ``observe`` and its ``encode``; the
action ``mask``.  Printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench.rl_factored
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

import motherlode
from bench.rl_factored import connect_four, play  # the peer, and its loop (as env_run's)
from motherlode import rl
from motherlode.engine import State
from motherlode.rl.core import Table
from motherlode.rl.factored import factored_env


def engine_run(game_id: str, players: int, seeds: range) -> tuple[int, float]:
    """Decisions and seconds of the engine's own random playouts."""
    game = motherlode.get_game(game_id)
    decisions, seconds = 0, 0.0
    for seed in seeds:
        start = time.perf_counter()
        state = game.new_state(players, seed)
        state.logging = False
        choice = random.Random(seed).choice
        while True:
            pending = state.pending()
            if not pending:
                break
            seat = pending[0]
            state.apply(seat, choice(state.legal_actions(seat)))
        seconds += time.perf_counter() - start
        decisions += state.move_count
    return decisions, seconds


class Constant:
    """An encoder that costs nothing: a copy of a constant array (the env's tensor is a
    new array each call)."""

    def __init__(self, size: int) -> None:
        self.array = np.zeros(size, np.float32)

    def encode(self, state: State, seat: int) -> np.ndarray:
        return self.array.copy()


def env_run(
    game_id: str, players: int, seeds: range, free_tensor: bool = False
) -> tuple[int, float]:
    """Decisions and seconds of the AEC env playing random masked actions; with
    ``free_tensor`` the observation tensor is a copy of a constant array instead of the
    encoding (what everything but the encoder costs: the floor the encoders add to)."""
    env = rl.env(game_id, players)
    if free_tensor:
        env.table.direct = Constant(env.table.encoder.size)  # type: ignore[assignment]
    decisions, seconds, _ = play(env, len(seeds), seeds.start)
    return decisions, seconds


def openspiel_run(game_id: str, players: int, seeds: range) -> tuple[int, float]:
    """Decisions and seconds of random games through the OpenSpiel game and its observer."""
    import pyspiel

    from motherlode.rl import openspiel
    from motherlode.rl.openspiel.chance import Deal

    turn_based = motherlode.get_game(game_id).simultaneous
    game = pyspiel.load_game(openspiel.short_name(game_id, turn_based), {"players": players})
    observer = game.make_py_observer()
    deal = Deal(openspiel.DEFAULT_DEALS)
    decisions, seconds = 0, 0.0
    for seed in seeds:
        choice = random.Random(seed).choice
        start = time.perf_counter()
        state = game.new_initial_state()
        for digit in deal.digits(seed):
            state.apply_action(digit)
        while True:
            player = state.current_player()
            if player < 0:  # terminal (no chance node after the deal)
                break
            observer.set_from(state, player)
            state.apply_action(choice(state.legal_actions(player)))
            decisions += 1
        seconds += time.perf_counter() - start
    return decisions, seconds


def at_each(table: Table, positions: list[tuple[State, int]], part: Callable[[int], Any]) -> float:
    """Seconds to call ``part(seat)`` at every position, the table set to it."""
    start = time.perf_counter()
    for state, seat in positions:
        table.state = state
        part(seat)
    return time.perf_counter() - start


def breakdown(game_id: str, players: int, runs: int) -> dict[str, float]:
    """Median microseconds per decision of each part of an env step."""
    table = rl.env(game_id, players).table
    table.new_state(0)
    rng = random.Random(0)
    positions: list[tuple[State, int]] = []
    while not table.state.is_over() and len(positions) < 400:
        state = table.state
        seat = state.pending()[0]
        positions.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    parts: dict[str, list[float]] = {
        "engine": [],
        "tensor": [],
        "observe": [],
        "encode": [],
        "mask": [],
    }
    for _ in range(runs):
        observations = []
        copies = [state.clone() for state, _ in positions]
        choice = random.Random(1).choice
        start = time.perf_counter()
        for copy, (_, seat) in zip(copies, positions, strict=True):
            copy.apply(seat, choice(copy.legal_actions(seat)))
        parts["engine"].append(time.perf_counter() - start)
        parts["tensor"].append(at_each(table, positions, table.tensor))
        start = time.perf_counter()
        for state, seat in positions:
            observations.append(state.observe(seat))
        parts["observe"].append(time.perf_counter() - start)
        start = time.perf_counter()
        for observation in observations:
            table.encoder.encode(observation)
        parts["encode"].append(time.perf_counter() - start)
        parts["mask"].append(at_each(table, positions, table.mask))
    return {k: 1e6 * statistics.median(v) / len(positions) for k, v in parts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all five)")
    parser.add_argument("-p", "--players", type=int, help="player count (default per game)")
    parser.add_argument("-n", "--games-per-run", type=int, default=3)
    parser.add_argument("-r", "--runs", type=int, default=5)
    parser.add_argument("--c4-games", type=int, default=100)
    args = parser.parse_args()
    c4 = connect_four()
    print(
        f"{'game':<16} {'engine steps/s':>15} {'AEC env steps/s':>16} {'ratio':>6}"
        f" {'free tensor':>12} {'OpenSpiel steps/s':>18} {'OS/AEC':>7} {'AEC/C4':>7}"
        f"   (median of {args.runs} runs of {args.games_per_run} games)"
    )
    for game_id in args.games or motherlode.games():
        players = args.players or motherlode.get_game(game_id).usual_table()
        seeds = range(args.games_per_run)
        engine, env, floor, spiel, peer, factored = [], [], [], [], [], []
        split = motherlode.get_game(game_id).part("factored") is not None
        for r in range(args.runs):
            decisions, seconds, _ = play(c4, args.c4_games, r * args.c4_games)
            peer.append(decisions / seconds)
            if split:
                games = len(seeds)
                decisions, seconds, _ = play(factored_env(game_id, players), games, 0)
                factored.append(decisions / seconds)
            moves, seconds = engine_run(game_id, players, seeds)
            engine.append(moves / seconds)
            steps, seconds = env_run(game_id, players, seeds)
            env.append(steps / seconds)
            steps, seconds = env_run(game_id, players, seeds, free_tensor=True)
            floor.append(steps / seconds)
            steps, seconds = openspiel_run(game_id, players, seeds)
            spiel.append(steps / seconds)
        fast, slow = statistics.median(engine), statistics.median(env)
        bare, os_rate = statistics.median(floor), statistics.median(spiel)
        label = f"{game_id} ({players}p)"
        c4_rate = statistics.median(peer)
        print(
            f"{label:<16} {fast:15,.0f} {slow:16,.0f} {fast / slow:6.1f} {fast / bare:12.1f}"
            f" {os_rate:18,.0f} {os_rate / slow:7.2f} {slow / c4_rate:7.2f}"
        )
        if split:
            rate = statistics.median(factored)
            print(
                f"{'  factored':<16} {'':>15} {rate:16,.0f} {'':>6} {'':>12} {'':>18} {'':>7}"
                f" {rate / c4_rate:7.2f}"
            )
    print(f"connect_four_v3.env(): {statistics.median(peer):,.0f} decisions/s (last game's runs)")
    print(
        f"\n{'us per decision':<16} {'engine':>8} {'tensor':>8}   {'observe':>8} {'encode':>8}"
        f" {'mask':>8}   (tensor: the env's; observe + encode: the reference it equals)"
    )
    for game_id in args.games or motherlode.games():
        players = args.players or motherlode.get_game(game_id).usual_table()
        cost = breakdown(game_id, players, args.runs)
        label = f"{game_id} ({players}p)"
        print(
            f"{label:<16} {cost['engine']:8.1f} {cost['tensor']:8.1f}   {cost['observe']:8.1f}"
            f" {cost['encode']:8.1f} {cost['mask']:8.1f}"
        )


if __name__ == "__main__":
    main()
