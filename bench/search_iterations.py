"""How many iterations a search spec makes a decision within its budget, side by side.

    MOTHERLODE_CLOCK=cpu python bench/search_iterations.py gonza expert:ms=250 \\
        expert:ms=250,eval=judge strong:ms=250

Seeded heuristic games are played; at every third decision of seat 0 that has a choice,
each spec searches the same position (its own fresh search, so none reuses another's tree),
and the median of its iterations is printed.  With a time budget (``ms``) this is how much
a judgement's cost takes from the search: a slower cut-off value buys fewer iterations.
Counts depend on the machine and on what else runs beside it, so compare specs measured in
one run, never across runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.agents import make_agent
from motherlode.agents.mcts import MCTSAgent
from motherlode.engine import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("specs", nargs="+", help="search specs, e.g. expert:ms=250")
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=120, help="decisions a game at most")
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    game = get_game(args.game)
    counts: dict[str, list[int]] = {spec: [] for spec in args.specs}
    for g in range(args.games):
        state = game.new_state(args.players, args.seed + g)
        heuristic = make_agent("heuristic", game, seed=g)
        searches = {spec: make_agent(spec, game, seed=g) for spec in args.specs}
        for decision in range(args.moves):
            if state.is_over():
                break
            seat = state.pending()[0]
            action = None
            if seat == 0 and decision % 3 == 0 and len(state.legal_actions(seat)) > 1:
                for spec, search in searches.items():
                    assert isinstance(search, MCTSAgent), f"{spec} is not a search"
                    result = search.search(state, seat)
                    if result.iterations:
                        counts[spec].append(result.iterations)
                    action = action or result.action
            state.apply(seat, action or heuristic.act(state, seat))
    for spec, found in counts.items():
        median = statistics.median(found) if found else 0
        print(f"{spec:40} {len(found):4} decisions  median {median:8.0f} iterations")


if __name__ == "__main__":
    main()
