"""How well Carcassonne's judgement of unfinished features foretells the final scores.

    python bench/carcassonne_judge.py --games 3000 --save runs/judge/heur3000.npz
    python bench/carcassonne_judge.py --load runs/judge/heur3000.npz --write FILE

Heuristic bots (3% of moves random, for varied positions) play ``--games`` 2-player games;
at every fourth turn's start each seat's holdings are written down (``bots.holdings``: its
points, the open cities, roads, cloisters and farms where it has the most followers, its
followers in supply, its gold) with the final scores.  A ridge least-squares fit of the
final margin on the two seats' holdings, each weighted a + b·t + c·t² (t the share of the
bag left), is made on four fifths of the games and compared on the last fifth with the
heuristic's own ``evaluate``: how closely each foretells the final margin, and how often it
names the winner (by quarter of the bag, too).  ``--write`` fits on every game and writes
the weights the ``judge`` bot reads (``data/judge.toml``).

Finding (3,000 games, seed 50000; 11,400 held-out positions of 600 games, about 13 minutes
of one core): the heuristic's ``evaluate`` names the winner in 70.9% (correlation with the
final margin 0.626), the fit in 72.7% (0.667); by quarter of the bag, from the end:
88.7 / 74.3 / 63.8 / 53.5% against 89.0 / 76.7 / 66.7 / 54.8%.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.engine import get_game
from motherlode.games.carcassonne.bots import HOLDINGS, HeuristicBot, holdings
from motherlode.games.carcassonne.rules import PLACE, CarcassonneState

Array = NDArray[Any]


def play(seed: int, every: int) -> list[tuple[float, list[list[float]], list[float], list[float]]]:
    """One game: (bag share left, each seat's holdings, the heuristic's evaluation, final
    points) at every ``every``-th turn's start."""
    game = get_game("carcassonne")
    state = game.new_state(2, seed)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    bots = [HeuristicBot(seed=seed * 10 + s) for s in range(2)]
    judge = HeuristicBot(seed=0)
    rows = []
    turn = 0
    while not state.is_over():
        (seat,) = state.pending()
        if state.phase == PLACE:
            turn += 1
            if turn % every == 0:
                left = len(state.bag) / max(1, state.reach)
                rows.append((left, holdings(state), judge.evaluate_seats(state)))
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if rng.random() < 0.03 else bots[seat].act(state, seat)
        state.apply(seat, action)
    final = [float(p) for p in state.points]
    return [(left, h, e, final) for left, h, e in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--buckets", type=int, default=4)
    parser.add_argument("--save", type=Path, help="write the data here (.npz)")
    parser.add_argument("--load", type=Path, help="read the data from here instead of playing")
    parser.add_argument("--ridge", type=float, default=10.0, help="the fit's ridge penalty")
    parser.add_argument("--write", type=Path, help="fit on every game and write the weights here")
    args = parser.parse_args()
    if args.load:
        data = np.load(args.load)
        game_of, left, x, ev, final, now = (
            data["game"],
            data["left"],
            data["x"],
            data["ev"],
            data["final"],
            data["now"],
        )
    else:
        g_rows, l_rows, x_rows, e_rows, f_rows, n_rows = [], [], [], [], [], []
        for g in range(args.games):
            for left_share, h, e, final in play(args.seed + g, args.every):
                g_rows.append(g)
                l_rows.append(left_share)
                x_rows.append(h)
                e_rows.append(e)
                f_rows.append(final)
                n_rows.append([row[0] for row in h])
            if (g + 1) % 50 == 0:
                print(f"{g + 1} games", file=sys.stderr)
        game_of, left = np.array(g_rows), np.array(l_rows)
        x, ev = np.array(x_rows, dtype=float), np.array(e_rows, dtype=float)
        final, now = np.array(f_rows, dtype=float), np.array(n_rows, dtype=float)
        if args.save:
            np.savez(args.save, game=game_of, left=left, x=x, ev=ev, final=final, now=now)
    report(game_of, left, x, ev, final, args.buckets)
    if args.write:
        w = fit(x, left, final, np.ones(len(left), dtype=bool), args.ridge)
        write(args.write, w, args, int(game_of.max()) + 1, len(left))


def design(x: Array, left: Array) -> Array:
    """Each seat's holdings (not its points) and the same times the bag's share left and its
    square: weights that change smoothly through the game."""
    h = x[:, :, 1:]
    t = left[:, None, None]
    return np.concatenate([h, h * t, h * t * t], axis=2)


def fit(x: Array, left: Array, final: Array, rows: Array, ridge: float) -> Array:
    """Ridge least squares of the final margin less the points' lead on the difference of the
    two seats' designs (columns scaled to [-1, 1] first, so one penalty suits them all)."""
    d = design(x[rows], left[rows])
    a = d[:, 0] - d[:, 1]
    y = (final[rows, 0] - final[rows, 1]) - (x[rows, 0, 0] - x[rows, 1, 0])
    scale = np.maximum(np.abs(a).max(axis=0), 1e-9)
    an = a / scale
    w: Array = np.linalg.solve(an.T @ an + ridge * np.eye(an.shape[1]), an.T @ y) / scale
    return w


def write(path: Path, w: Array, args: argparse.Namespace, games: int, positions: int) -> None:
    """The weights as the TOML the judge reads: per holding, its weight at a full bag's
    share t as a + b·t + c·t²."""
    k = len(HOLDINGS) - 1
    lines = [
        "# Carcassonne's fitted judgement (bots.py JudgeBot): a seat's final score is foretold",
        "# as its points plus the sum over its holdings h (bots.py HOLDINGS) of",
        "# h * (a + b*t + c*t*t), t the share of the bag still to draw. Fitted by ridge least",
        "# squares on the final margins of heuristic games (3% random moves), 2 players:",
        f"#   python bench/carcassonne_judge.py --games {games} --seed {args.seed} "
        f"--every {args.every} --ridge {args.ridge:g} --write {path}",
        f"# ({games} games, {positions} positions)",
        "[weights]",
    ]
    for i, name in enumerate(HOLDINGS[1:]):
        a, b, c = (float(w[i + j * k]) for j in range(3))
        lines.append(f'"{name}" = [{a:.6g}, {b:.6g}, {c:.6g}]')
    path.write_text("\n".join(lines) + "\n")


def report(game_of: Array, left: Array, x: Array, ev: Array, final: Array, buckets: int) -> None:
    """Fit on four fifths of the games, judge on the rest."""
    games = int(game_of.max()) + 1
    test = game_of >= games * 4 // 5
    margin = final[:, 0] - final[:, 1]
    edges = np.linspace(0, 1, buckets + 1)
    which = np.clip(np.searchsorted(edges, left, side="right") - 1, 0, buckets - 1)
    d = design(x, left)
    diff = d[:, 0] - d[:, 1]
    lead = x[:, 0, 0] - x[:, 1, 0]
    guesses = {"evaluate": ev[:, 0]}
    for ridge in (0.1, 10.0, 1000.0):
        guesses[f"ridge {ridge:g}"] = lead + diff @ fit(x, left, final, ~test, ridge)
    print(f"{int(test.sum())} held-out positions of {games - games * 4 // 5} games")
    for name, guess in guesses.items():
        err = guess[test] - margin[test]
        right = np.mean(np.sign(guess[test]) == np.sign(margin[test]))
        corr = np.corrcoef(guess[test], margin[test])[0, 1]
        rmse = np.sqrt(np.mean(err**2))
        print(f"{name:11} rmse {rmse:6.2f}  corr {corr:.3f}  winner {right:.1%}")
        for b in range(buckets):
            m = test & (which == b)
            e = guess[m] - margin[m]
            r = np.mean(np.sign(guess[m]) == np.sign(margin[m]))
            print(
                f"    bag {edges[b]:.2f}-{edges[b + 1]:.2f}: rmse {np.sqrt(np.mean(e**2)):6.2f}"
                f"  winner {r:.1%}"
            )


if __name__ == "__main__":
    main()
