"""What the words of a move cost: a web view lists the words of every move a decision offers
(``PromptHelp.words``, English), so this is on the server's path for every view.

    python bench/move_words.py                 # every game at its smallest table
    python bench/move_words.py gonza -g 20     # one game, more games played

Plays random games (seeded) and times the words of every legal action at every decision;
prints microseconds per action's words, the median of ``--runs`` runs.  Run it side by side
with another commit (``PYTHONPATH=/path/to/other/src``) to compare.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from motherlode.engine.registry import games, get_game


def per_action(game_id: str, players: int, plays: int, max_moves: int = 400) -> float:
    """Microseconds per legal action's words over ``plays`` random games."""
    game = get_game(game_id)
    prompt = game.prompt
    if prompt is None or prompt.words is None:
        return float("nan")
    total, actions = 0.0, 0
    for seed in range(plays):
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(max_moves):
            if state.is_over():
                break
            seat = state.pending()[0]
            legal = state.legal_actions(seat)
            start = time.perf_counter()
            for action in legal:
                prompt.words(state, seat, action)
            total += time.perf_counter() - start
            actions += len(legal)
            state.apply(seat, rng.choice(legal))
    return total / max(actions, 1) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every game)")
    parser.add_argument("-g", "--games", type=int, default=6, help="random games a run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for game_id in args.game or games():
        players = get_game(game_id).min_players
        runs = [per_action(game_id, players, args.games) for _ in range(args.runs)]
        print(
            f"{game_id} ({players}p): {statistics.median(runs):.2f} µs a move's words "
            f"(runs: {', '.join(f'{r:.2f}' for r in runs)})"
        )


if __name__ == "__main__":
    main()
