"""Two versions of one bot on the same games: wins compared deal by deal, with a sign test.

    python bench/paired.py --before docs/strength/goldfix-bids-scripted/chunk-*.json \\
        --after docs/strength/goldfix-loans-scripted/chunk-*.json

A change to a bot is best read on the very deals and seatings it played before (the same
arena seeds replay them): two arena runs are paired game by game on (deal seed, line-up),
and the bot under test (``--bot``, the arena's entrant index, 0 = the first ``-b``) scores
its share of first place in each.  Games where the two runs' shares differ are the evidence;
an exact two-sided sign test over them says how likely so lopsided a split would be if the
change did nothing.  Games present in only one run are left out (a run stopped early pairs
with the part of the other it shares).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.sim.arena import Arena

Key = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class Paired:
    """The paired games' totals: the bot's wins before and after, and the split."""

    games: int
    before: float
    after: float
    better: int
    worse: int

    @property
    def p_value(self) -> float:
        """Exact two-sided sign test over the games that differ (ties dropped)."""
        return sign_test(self.better, self.worse)

    def line(self) -> str:
        return (
            f"{self.games} paired games: {self.before:g} wins before, {self.after:g} after; "
            f"better in {self.better}, worse in {self.worse} (sign test p = {self.p_value:.3f})"
        )


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact binomial test of ``better`` against ``worse`` at even odds."""
    n = better + worse
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, i) for i in range(min(better, worse) + 1)) / 2**n
    return min(1.0, 2 * tail)


def win_shares(arenas: Iterable[Arena], bot: int) -> dict[Key, float]:
    """Each game's share of first place for entrant ``bot``, keyed by deal and line-up."""
    shares: dict[Key, float] = {}
    for arena in arenas:
        if not 0 <= bot < len(arena.bots):
            raise SystemExit(f"--bot {bot}: the run has entrants 0 to {len(arena.bots) - 1}")
        for row in arena.results:
            key = (row.seed, row.lineup)
            if key in shares:
                raise SystemExit(f"game seed {row.seed} with line-up {row.lineup} is in twice")
            shares[key] = row.win_share(bot)
    return shares


def compare(before: dict[Key, float], after: dict[Key, float]) -> Paired:
    """The games both runs played, compared one by one."""
    keys = sorted(before.keys() & after.keys())
    return Paired(
        len(keys),
        sum(before[k] for k in keys),
        sum(after[k] for k in keys),
        sum(after[k] > before[k] for k in keys),
        sum(after[k] < before[k] for k in keys),
    )


def load(paths: Sequence[Path]) -> list[Arena]:
    return [Arena.from_json(json.loads(path.read_text())) for path in paths]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", nargs="+", type=Path, required=True, help="arena files")
    parser.add_argument("--after", nargs="+", type=Path, required=True, help="arena files")
    parser.add_argument("--bot", type=int, default=0, help="entrant index (default 0)")
    args = parser.parse_args(argv)
    result = compare(
        win_shares(load(args.before), args.bot), win_shares(load(args.after), args.bot)
    )
    if result.games == 0:
        print("no game is in both runs (same deal seed and line-up)", file=sys.stderr)
        return 1
    print(result.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
