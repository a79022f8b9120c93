"""Decisions per second of Carcassonne's factored AEC env, beside PettingZoo's Connect Four.

    nice .venv/bin/python bench/rl_factored.py            # 3 rounds, medians
    nice .venv/bin/python bench/rl_factored.py -r 5 -p 4

Every env plays whole random games the same way, in one process, one after another in each
round (so a busy machine slows them alike): ``env.last()`` (the acting agent's observation
and mask, new arrays every call), a random legal index
(``random.Random(seed).choice(mask.view(bool).nonzero()[0])``), ``env.step``:

* ``connect_four_v3.env()``: PettingZoo's own, wrapped as it ships (order enforcing,
  bounds and illegal-move wrappers); ``raw_env()`` too, unwrapped as ours are;
* ``factored_env("carcassonne")``: the factored actions, planes + vector + a 4,819 mask;
* ``rl.env("carcassonne")``: the flat env, a 7,645-float tensor + a 75,855 mask.

Connect Four's module imports pygame for drawing only; without pygame installed a stub
stands in (nothing here draws).  Then the pick alone, microseconds per call on a mask of a
real position: ``view(bool).nonzero()`` against ``np.flatnonzero`` (on the int8 mask and on
a uint8 copy), each followed by ``random.choice``.

    nice .venv/bin/python bench/rl_factored.py --breakdown

prints instead where the factored env's step goes: CPU microseconds per decision of the
engine alone, of the env, and of the env with its planes, then its vector too, replaced
by nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
import timeit
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

import motherlode
from motherlode import rl
from motherlode.games.carcassonne.factored import CarcassonneFactored
from motherlode.rl.factored import factored_env


def connect_four(raw: bool = False) -> Any:
    if "pygame" not in sys.modules and importlib.util.find_spec("pygame") is None:
        # (drawing only; nothing here draws)
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.raw_env() if raw else connect_four_v3.env()


def play(env: Any, games: int, first_seed: int) -> tuple[int, float, float]:
    """Decisions, wall seconds and CPU seconds of ``games`` random masked games."""
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        choice = random.Random(seed).choice
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(choice(obs["action_mask"].view(bool).nonzero()[0])))
            decisions += 1
    return decisions, time.perf_counter() - start, time.process_time() - cpu


def picks(mask: np.ndarray) -> dict[str, float]:
    """Microseconds per random pick from ``mask``, each way."""
    choice = random.Random(0).choice
    rng = np.random.default_rng(0)
    wide = mask.astype(np.uint8)
    ways: dict[str, Callable[[], int]] = {
        "choice(mask.view(bool).nonzero()[0])": lambda: int(choice(mask.view(bool).nonzero()[0])),
        "choice(np.flatnonzero(mask))": lambda: int(choice(np.flatnonzero(mask))),
        "choice(np.flatnonzero(uint8 mask))": lambda: int(choice(np.flatnonzero(wide))),
        "choice(uint8 mask.view(bool).nonzero()[0])": lambda: int(
            choice(wide.view(bool).nonzero()[0])
        ),
        "np.random.default_rng().choice(flatnonzero)": (
            lambda: int(rng.choice(np.flatnonzero(mask)))
        ),
    }
    return {
        name: min(timeit.repeat(way, number=2000, repeat=5)) / 2000 * 1e6
        for name, way in ways.items()
    }


def a_mask(env: Any, moves: int) -> np.ndarray:
    """The acting agent's mask at the first decision with 10 legal actions or more (a
    tile to place), ``moves`` random moves or more into a game."""
    env.reset(seed=1)
    choice = random.Random(1).choice
    done = 0
    while True:
        mask: np.ndarray = env.observe(env.agent_selection)["action_mask"]
        if done >= moves and mask.sum() >= 10:
            return mask
        env.step(int(choice(mask.view(bool).nonzero()[0])))
        done += 1


def engine_run(players: int, games: int, first_seed: int) -> tuple[int, float, float]:
    """The engine's own random games (``legal_actions`` + ``apply``), as :func:`play`."""
    game = motherlode.get_game("carcassonne")
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        choice = random.Random(seed).choice
        state = game.new_state(players, seed)
        state.logging = False
        while pending := state.pending():
            state.apply(pending[0], choice(state.legal_actions(pending[0])))
            decisions += 1
    return decisions, time.perf_counter() - start, time.process_time() - cpu


def breakdown(players: int, games: int, rounds: int) -> None:
    """CPU microseconds per decision: the engine alone, the env, and the env with the
    planes, then the vector too, replaced by nothing (what each costs)."""
    env = factored_env("carcassonne", players)
    codec = env.factored
    assert isinstance(codec, CarcassonneFactored)

    def median(run: Callable[[int, int], tuple[int, float, float]]) -> float:
        per = []
        for r in range(rounds):
            decisions, _, cpu = run(games, r * games)
            per.append(cpu / decisions * 1e6)
        return statistics.median(per)

    print(f"CPU us per decision, {players}p, median of {rounds} runs of {games} games:")
    print(f"  engine alone                 {median(lambda g, s: engine_run(players, g, s)):6.1f}")
    print(f"  factored env                 {median(lambda g, s: play(env, g, s)):6.1f}")
    codec.canvas.planes = lambda state, seat: None  # type: ignore[method-assign,assignment,return-value]
    print(f"    planes not copied          {median(lambda g, s: play(env, g, s)):6.1f}")
    codec.vector = lambda state, seat: None  # type: ignore[method-assign,assignment,return-value]
    print(f"    nor the vector made        {median(lambda g, s: play(env, g, s)):6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-r", "--rounds", type=int, default=3)
    parser.add_argument("-p", "--players", type=int, default=2, help="Carcassonne's players")
    parser.add_argument("--c4-games", type=int, default=300)
    parser.add_argument("--games", type=int, default=30, help="Carcassonne games per round")
    parser.add_argument(
        "--breakdown", action="store_true", help="only where a step's time goes (5 runs)"
    )
    args = parser.parse_args()
    if args.breakdown:
        breakdown(args.players, args.games, 5)
        return
    envs: dict[str, tuple[Any, int]] = {
        "connect_four_v3.env()": (connect_four(), args.c4_games),
        "connect_four_v3.raw_env()": (connect_four(raw=True), args.c4_games),
        f"factored_env carcassonne {args.players}p": (
            factored_env("carcassonne", args.players),
            args.games,
        ),
        f"rl.env carcassonne {args.players}p (flat)": (
            rl.env("carcassonne", args.players),
            args.games,
        ),
    }
    wall: dict[str, list[float]] = {name: [] for name in envs}
    cpu: dict[str, list[float]] = {name: [] for name in envs}
    for r in range(args.rounds):
        for name, (env, games) in envs.items():
            decisions, seconds, cpu_seconds = play(env, games, r * games)
            wall[name].append(decisions / seconds)
            cpu[name].append(decisions / cpu_seconds)
    ours = f"factored_env carcassonne {args.players}p"
    for what, rates in (("wall-clock", wall), ("CPU-time (this process)", cpu)):
        print(f"decisions per {what} second, median of {args.rounds} rounds (each round's)")
        for name, got in rates.items():
            each = ", ".join(f"{x:,.0f}" for x in got)
            print(f"  {name:34} {statistics.median(got):>9,.0f}   ({each})")
        ratio = statistics.median(rates[ours]) / statistics.median(rates["connect_four_v3.env()"])
        print(f"  factored / connect_four_v3.env(): {ratio:.2f}x")
    factored, _ = envs[f"factored_env carcassonne {args.players}p"]
    flat, _ = envs[f"rl.env carcassonne {args.players}p (flat)"]
    for name, mask in (
        (f"factored mask ({factored.factored.action_size:,})", a_mask(factored, 20)),
        (f"flat mask ({flat.table.num_actions:,})", a_mask(flat, 20)),
    ):
        print(f"pick, us per call, {name}, {int(mask.sum())} legal:")
        for way, us in picks(mask).items():
            print(f"  {way:46} {us:6.2f}")


if __name__ == "__main__":
    main()
