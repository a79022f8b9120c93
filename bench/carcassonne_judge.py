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
the weights the ``judge`` bot reads (``data/judge.toml``).  The fit and the report are
``bench/judge_fit.py``'s, which fits any game's judge on positions sampled by decision;
Carcassonne keeps this script for its sampling by turn, which made the shipped weights
(``--load`` of the saved games writes the same file to the last digit).

Finding (3,000 games, seed 50000; 11,400 held-out positions of 600 games, about 13 minutes
of one core): the heuristic's ``evaluate`` names the winner in 70.9% (correlation with the
final margin 0.626), the fit in 72.7% (0.667); by quarter of the bag, from the end:
88.7 / 74.3 / 63.8 / 53.5% against 89.0 / 76.7 / 66.7 / 54.8%.  (judge_fit's report counts
a tied forecast for the first seat, so it now reads 71.3% and 73.0%; correlations 0.624 and
0.666 on each seat's distance from the table's mean.)
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench.judge_fit

from bench.judge_fit import arguments, fit, report, write
from motherlode.engine import get_game
from motherlode.games.carcassonne.bots import HOLDINGS, HeuristicBot, holdings
from motherlode.games.carcassonne.rules import PLACE, CarcassonneState


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
    arguments(parser, every=4)
    args = parser.parse_args()
    if args.load:
        data = np.load(args.load)
        game_of, left, x, ev, final = (data[k] for k in ("game", "left", "x", "ev", "final"))
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
    # judge_fit's penalty counts each seat's row, and with two seats each is half the margin
    # from the table's mean: twice the penalty there is the margin fit these weights came from
    ridges = tuple(2 * r for r in (0.1, 10.0, 1000.0))
    report(game_of, left, x, ev, final, args.buckets, ridges)
    if args.write:
        games = int(game_of.max()) + 1
        header = [
            "Carcassonne's fitted judgement (bots.py JudgeBot): a seat's final score is foretold",
            "as its points plus the sum over its holdings h (bots.py HOLDINGS) of",
            "h * (a + b*t + c*t*t), t the share of the bag still to draw. Fitted by ridge least",
            "squares on the final margins of heuristic games (3% random moves), 2 players:",
            f"  python bench/carcassonne_judge.py --games {games} --seed {args.seed} "
            f"--every {args.every} --ridge {args.ridge:g} --write {args.write}",
            f"({games} games, {len(left)} positions)",
        ]
        w = fit(x, left, final, np.ones(len(left), dtype=bool), 2 * args.ridge)
        write(args.write, w, HOLDINGS, header)


if __name__ == "__main__":
    main()
