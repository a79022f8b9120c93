"""Fit a game's judgement to how its games end, and say how well it foretells them.

    python bench/judge_fit.py gonza --games 3000 --save runs/judge/gonza.npz
    python bench/judge_fit.py gonza --load runs/judge/gonza.npz --write FILE

The game's heuristic bots (3% of moves random, for varied positions) play ``--games``
games; at every ``--every``-th decision each seat's holdings are written down (the game's
``judge`` bot's ``holdings(state)``: its points, then what will turn into points) with the
share of the game left (its ``left(state)``), the heuristic's own evaluation, and the final
scores.  A ridge least-squares fit (:mod:`motherlode.agents.judge`) of each seat's final
score less the table's mean on its holdings less the table's, each weighted a + b·t + c·t²
(t the share of the game left), is made on four fifths of the games and compared on the
last fifth with the heuristic's evaluation: how closely each foretells the final margins,
and how often it names the winner (by quarter of the game, too).  ``--write`` fits on
every game and writes the weights the ``judge`` bot reads (the game's ``data/judge.toml``).

The heuristic's evaluation is asked of the real game, so where its valuation draws worlds
from each seat's information (Goodwill) it knows less than the fit, which reads the game in
full as a search's cut-off reads its world: compare with the heuristic's valuation of the
full game there (docs/bots.md does).

Findings (docs/bots.md, "The fitted judge in Gonza Index and Goodwill"): Gonza Index, 3,000
2-player games (``--every 4``, 2 min 21 s): winners named 60.6% by the heuristic's worth,
63.0% by the fit; Goodwill, 1,500 3-player games (``--players 3 --every 2``): 73.4% by the
forecast of the full game, 75.1% by the fit.  Neither judge made the search play better.
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

from motherlode.agents.specs import make_agent
from motherlode.engine import Game, State, get_game

Array = NDArray[Any]


def heuristic_values(bot: Any, state: State) -> list[float]:
    """The heuristic's evaluation of every seat (its ``evaluate_seats`` where it has one)."""
    every = getattr(bot, "evaluate_seats", None)
    if callable(every):
        return [float(v) for v in every(state)]
    return [float(bot.evaluate(state, s)) for s in range(state.num_players)]


def play(
    game: Game, players: int, seed: int, every: int
) -> tuple[list[tuple[float, list[list[float]], list[float]]], list[float]]:
    """One game of heuristic bots: (share left, holdings, the heuristic's values) at every
    ``every``-th decision, and the final scores."""
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    bots = [make_agent("heuristic", game, seed=seed * 10 + s) for s in range(players)]
    judge = make_agent("judge", game, seed=0)
    critic = make_agent("heuristic", game, seed=0)
    rows = []
    decision = 0
    while not state.is_over():
        seat = state.pending()[0]
        decision += 1
        if decision % every == 0:
            rows.append(
                (judge.left(state), judge.holdings(state), heuristic_values(critic, state))  # type: ignore[attr-defined]
            )
        legal = state.legal_actions(seat)
        action = rng.choice(legal) if rng.random() < 0.03 else bots[seat].act(state, seat)
        state.apply(seat, action)
    return rows, [float(v) for v in state.scores()]


def design(x: Array, left: Array) -> Array:
    """Each seat's holdings (not its points) and the same times the share of the game left
    and its square: weights that change smoothly through the game."""
    h = x[:, :, 1:]
    t = left[:, None, None]
    return np.concatenate([h, h * t, h * t * t], axis=2)


def centred(a: Array) -> Array:
    """Each seat's value less the table's mean: what a margin depends on."""
    out: Array = a - a.mean(axis=1, keepdims=True)
    return out


def fit(x: Array, left: Array, final: Array, rows: Array, ridge: float) -> Array:
    """Ridge least squares of each seat's final score less the points it has (both against
    the table's mean) on its design against the table's (columns scaled to [-1, 1] first, so
    one penalty suits them all)."""
    d = centred(design(x[rows], left[rows]))
    y = centred(final[rows]) - centred(x[rows, :, 0])
    a = d.reshape(-1, d.shape[2])
    y = y.reshape(-1)
    scale = np.maximum(np.abs(a).max(axis=0), 1e-9)
    an = a / scale
    w: Array = np.linalg.solve(an.T @ an + ridge * np.eye(an.shape[1]), an.T @ y) / scale
    return w


def foretold(x: Array, left: Array, w: Array) -> Array:
    """Each seat's foretold final score with weights ``w``."""
    out: Array = x[:, :, 0] + design(x, left) @ w
    return out


def write(path: Path, w: Array, holdings: tuple[str, ...], header: list[str]) -> None:
    """The weights as the TOML the judge reads: per holding, its weight at share t left
    as a + b·t + c·t²."""
    k = len(holdings) - 1
    lines = [f"# {line}" if line else "#" for line in header] + ["[weights]"]
    for i, name in enumerate(holdings[1:]):
        a, b, c = (float(w[i + j * k]) for j in range(3))
        lines.append(f'"{name}" = [{a:.6g}, {b:.6g}, {c:.6g}]')
    path.write_text("\n".join(lines) + "\n")


def report(
    game_of: Array,
    left: Array,
    x: Array,
    ev: Array,
    final: Array,
    buckets: int,
    ridges: tuple[float, ...] = (0.1, 10.0, 1000.0),
) -> None:
    """Fit on four fifths of the games, judge on the rest."""
    games = int(game_of.max()) + 1
    test = game_of >= games * 4 // 5
    margin = centred(final)
    winner = final.argmax(axis=1)
    edges = np.linspace(0, 1, buckets + 1)
    which = np.clip(np.searchsorted(edges, left, side="right") - 1, 0, buckets - 1)
    guesses = {"heuristic": ev}
    for ridge in ridges:
        guesses[f"ridge {ridge:g}"] = foretold(x, left, fit(x, left, final, ~test, ridge))
    print(f"{int(test.sum())} held-out positions of {games - games * 4 // 5} games")
    for name, guess in guesses.items():
        g = centred(guess)
        err = g[test] - margin[test]
        right = np.mean(guess[test].argmax(axis=1) == winner[test])
        corr = np.corrcoef(g[test].ravel(), margin[test].ravel())[0, 1]
        rmse = np.sqrt(np.mean(err**2))
        print(f"{name:11} rmse {rmse:6.2f}  corr {corr:.3f}  winner {right:.1%}")
        for b in range(buckets):
            m = test & (which == b)
            if not m.any():
                continue
            r = np.mean(guess[m].argmax(axis=1) == winner[m])
            e = g[m] - margin[m]
            print(
                f"    left {edges[b]:.2f}-{edges[b + 1]:.2f}: rmse {np.sqrt(np.mean(e**2)):6.2f}"
                f"  winner {r:.1%}"
            )


def arguments(parser: argparse.ArgumentParser, every: int) -> None:
    """The options every fit takes: how many games to play (or which to load), how often to
    write a position down, the penalty, where to write the weights."""
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--every", type=int, default=every)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--buckets", type=int, default=4)
    parser.add_argument("--save", type=Path, help="write the data here (.npz)")
    parser.add_argument("--load", type=Path, help="read the data from here instead of playing")
    parser.add_argument("--ridge", type=float, default=10.0, help="the fit's ridge penalty")
    parser.add_argument("--write", type=Path, help="fit on every game and write the weights here")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    arguments(parser, every=8)
    args = parser.parse_args()
    game = get_game(args.game)
    if "judge" not in game.bots:
        parser.error(f"{game.title} has no judge bot to fit")
    if args.load:
        data = np.load(args.load)
        game_of, left, x, ev, final = (data[k] for k in ("game", "left", "x", "ev", "final"))
    else:
        g_rows, l_rows, x_rows, e_rows, f_rows = [], [], [], [], []
        for g in range(args.games):
            rows, scores = play(game, args.players, args.seed + g, args.every)
            for share, h, e in rows:
                g_rows.append(g)
                l_rows.append(share)
                x_rows.append(h)
                e_rows.append(e)
                f_rows.append(scores)
            if (g + 1) % 100 == 0:
                print(f"{g + 1} games", file=sys.stderr)
        game_of, left = np.array(g_rows), np.array(l_rows, dtype=float)
        x, ev = np.array(x_rows, dtype=float), np.array(e_rows, dtype=float)
        final = np.array(f_rows, dtype=float)
        if args.save:
            args.save.parent.mkdir(parents=True, exist_ok=True)
            np.savez(args.save, game=game_of, left=left, x=x, ev=ev, final=final)
    report(game_of, left, x, ev, final, args.buckets)
    if args.write:
        holdings: tuple[str, ...] = game.bots["judge"].HOLDINGS
        games = int(game_of.max()) + 1
        header = [
            f"{game.title}'s fitted judgement (bots.py JudgeBot): a seat's final score is",
            "foretold as its points plus the sum over its holdings h (bots.py HOLDINGS) of",
            "h * (a + b*t + c*t*t), t the share of the game still to play. Fitted by ridge",
            "least squares on the final scores of heuristic games (3% random moves):",
            f"  python bench/judge_fit.py {game.id} --players {args.players} --games {games} "
            f"--seed {args.seed} --every {args.every} --ridge {args.ridge:g} --write {args.write}",
            f"({games} games of {x.shape[1]} players, {len(left)} positions)",
        ]
        w = fit(x, left, final, np.ones(len(left), dtype=bool), args.ridge)
        write(args.write, w, holdings, header)


if __name__ == "__main__":
    main()
