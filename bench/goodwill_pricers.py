"""Goodwill's pricing, tried outside the search: heuristic variants against two heuristics.

    python bench/goodwill_pricers.py sharp -n 600 --seed 777
    python bench/goodwill_pricers.py lean --lean 0.5 -n 600 --seed 777
    python bench/goodwill_pricers.py respond -n 300 --seed 778
    python bench/goodwill_pricers.py believe -n 600 --seed 777

Each variant is the heuristic bot (:class:`HeuristicBot`) with another :meth:`price`; one
plays two ordinary heuristic bots, seat-rotated, and the report is each bot's share of the
wins with its Wilson interval (fair share 33% at three players).  The variants:

* ``sharp``: the share's worth over ``--worlds`` sampled worlds (default 30), no jitter;
* ``lean``: ``sharp``, and in a company's second transaction of the year the worth moves
  ``--lean`` of the way towards the mean of the other seats' first prices (each price is
  its seat's forecast, so it tells what the informations that seat saw say);
* ``respond``: for each of ``--worlds`` worlds (default 16) the other seats' prices are
  what the heuristic would name from their own view of that world (6 worlds each, its
  jitter); the price chosen is the one with the most expected dollars from the deal it
  makes (the buyer's gain is worth less price, the seller's price less worth);
* ``believe``: the heuristic's price, but once the others have priced this year from the
  worlds weighed by their prices (the search's ``belief``), with the heuristic's jitter.

Findings (docs/bots.md, Goodwill's cut-off): on the same 600 deals (``--seed 777``)
``sharp`` won 37.8% and ``lean`` 40.7% (the heuristic itself with 30 worlds and its jitter,
``heuristic:samples=30`` in ``motherlode arena``, 41.1% of 600 other deals); ``respond``
won 33.2% of 300 (``--seed 778``), no more than its fair share; ``believe`` won 34.2% of the
600 deals of ``--seed 777``, its fair share too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from statistics import fmean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from motherlode.engine import State, get_game
from motherlode.games.goodwill.actions import MAX_PRICE, Price
from motherlode.games.goodwill.bots import HeuristicBot, forecast, seat_worth, weighed_worth
from motherlode.games.goodwill.rules import GoodwillState
from motherlode.games.goodwill.transactions import match_prices
from motherlode.sim.arena import run_arena


def clamp(value: float) -> Price:
    return Price(min(MAX_PRICE, max(0, round(value))))


class Sharp(HeuristicBot):
    """The share's worth over ``worlds_asked`` worlds, no jitter (its other decisions are
    the heuristic's own, from its 6 worlds)."""

    worlds_asked = 30

    def worth(self, state: State, seat: int) -> float:
        worlds = self.worlds(state, seat, self.worlds_asked)
        return fmean(forecast(w)[worlds[0].company] for w in worlds)

    def price(self, state: State, seat: int) -> Price:
        return clamp(self.worth(state, seat))


class Lean(Sharp):
    """``Sharp``, leaning towards the others' first prices in a second transaction."""

    lean = 0.5

    def price(self, state: State, seat: int) -> Price:
        assert isinstance(state, GoodwillState)
        value = self.worth(state, seat)
        if state.transaction == 1 and state.last_prices:
            others = [p for s, p in enumerate(state.last_prices) if s != seat]
            value = (1 - self.lean) * value + self.lean * fmean(others)
        return clamp(value)


class Respond(Sharp):
    """The price with the most expected dollars against the heuristic's modelled prices (each
    opponent's from its own view of the world, over the heuristic's 6 worlds)."""

    worlds_asked = 16

    def price(self, state: State, seat: int) -> Price:
        assert isinstance(state, GoodwillState)
        c, n = state.company, state.num_players
        holders = [state.shares[s][c] > 0 for s in range(n)]
        cash = list(state.cash)
        gains = [0.0] * (MAX_PRICE + 1)
        for world in self.worlds(state, seat, self.worlds_asked):
            worth = forecast(world)[c]
            prices = [0] * n
            for other in range(n):
                if other != seat:
                    guess = round(seat_worth(world, other, self.rng, self.samples)[c])
                    prices[other] = clamp(guess + self.rng.choice((-1, 0, 0, 1))).dollars
            for p in range(MAX_PRICE + 1):
                prices[seat] = p
                deal = match_prices(prices, holders, cash)
                if deal is None:
                    continue
                if seat in deal.buyers:
                    gains[p] += (worth - deal.price) * deal.trades / len(deal.buyers)
                elif seat in deal.sellers:
                    gains[p] += (deal.price - worth) * deal.trades / len(deal.sellers)
        # ties (no world makes a deal) go to the price nearest $12, about a share's first worth
        return Price(max(range(MAX_PRICE + 1), key=lambda p: (gains[p], -abs(p - 12))))


class Believe(Sharp):
    """The heuristic's own price (its 6 worlds and its dollar of jitter), except that once
    the others have priced this year the worth is read from the worlds weighed by their
    prices (:meth:`HeuristicBot.weighed`, the search's ``belief``)."""

    def price(self, state: State, seat: int) -> Price:
        out = self.weighed(state, seat)
        if out is None:
            return HeuristicBot.price(self, state, seat)
        worth = weighed_worth(out, out[0][0].company)
        return clamp(worth + self.rng.choice((-1, 0, 0, 1)))


VARIANTS: dict[str, type[Sharp]] = {
    "sharp": Sharp,
    "lean": Lean,
    "respond": Respond,
    "believe": Believe,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("-n", "--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--worlds", type=int, help="worlds a price averages")
    parser.add_argument("--lean", type=float, default=0.5, help="lean: the share towards others")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    if args.worlds is not None:
        variant.worlds_asked = args.worlds
    Lean.lean = args.lean
    bots = get_game("goodwill").bots
    assert isinstance(bots, dict)
    bots[args.variant] = variant  # a bot the arena can name, for this process only
    arena = run_arena(
        "goodwill", [args.variant, "heuristic", "heuristic"], args.games, players=3, seed=args.seed
    )
    for summary in arena.summaries():
        low, high = summary.interval
        print(
            f"{summary.bot:14} {summary.win_rate:6.1%} ({low:.1%}-{high:.1%}) "
            f"of {summary.games}, mean score {summary.mean_score:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
