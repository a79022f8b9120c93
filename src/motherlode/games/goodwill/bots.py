"""Goodwill's heuristic bot: it prices shares from the informations its seat has seen.

The bot reads only what its seat may know: it samples worlds with
:func:`motherlode.engine.seat_view` / ``determinize`` (the informations it has not seen are
re-drawn), plays this year's events and results in a copy of each world, extrapolates the
companies' results to the end of the game, and values one share of each company as the
average over the sampled worlds.  Then:

* price: its valuation of the share (a buyer pays and a seller gets the average of the two
  prices, so naming one's own value is never a loss);
* partner: the richest player among the candidates (make the leader overpay, or take a
  cheap share from them);
* proposal and vote: the boss that makes its own portfolio worth the most.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path
from statistics import fmean

from motherlode.agents.judge import foretell, weights_or_none
from motherlode.engine import Action, Agent, State
from motherlode.games.goodwill import events, results
from motherlode.games.goodwill.actions import MAX_PRICE, Partner, Pass, Price, Propose, Vote
from motherlode.games.goodwill.components import COMPANIES
from motherlode.games.goodwill.rules import GoodwillState


def forecast(world: GoodwillState) -> list[float]:
    """What one share of each company will have brought by the end, in this world.

    This year's events and results are played in a copy; the following years repeat the
    result the company would make after them.  A share's worth is its end value
    (capital / 10 rounded up; nothing in the Cash only variant) plus its dividends.
    """
    sim = world.clone()
    sim.logging = False
    events.reveal_events(sim)
    p = sim.params
    floor, shares = p.dividend_floor, p.shares_per_company
    dividends = [0.0] * len(COMPANIES)
    for c in range(len(COMPANIES)):
        if sim.bankrupt[c]:
            continue
        result = results.company_result(sim, c)
        if results.gives_dividends(sim, c) and result > floor:
            dividends[c] += result // shares
    results.year_results(sim)
    years_after = p.last_year - sim.year
    out = []
    for c in range(len(COMPANIES)):
        if sim.bankrupt[c]:
            out.append(0.0)
            continue
        result = results.company_result(sim, c)
        capital = sim.capital[c]
        paying = results.gives_dividends(sim, c) and result > floor
        failed = False
        for _ in range(years_after):
            if result < 0 and capital < -result:
                failed = True
                break
            if paying:
                dividends[c] += result // shares
                capital += result % shares
            else:
                capital += result
        end = 0 if failed or sim.options.cash_only else results.share_value(capital, shares)
        out.append(end + dividends[c])
    return out


def seat_worth(world: GoodwillState, seat: int, rng: random.Random, views: int) -> list[float]:
    """One share of each company as ``seat`` would value it from what it can see in
    ``world``: the :func:`forecast` over ``views`` worlds drawn from its information there."""
    seen = [world.determinize(seat, rng) for _ in range(views)]
    return [fmean(v) for v in zip(*(forecast(w) for w in seen), strict=True)]


BELIEF_WORLDS = 32
"""Worlds weighed by the others' prices (:func:`believed`) for one decision of a search."""
BELIEF_VIEWS = 6
"""Worlds that value one other seat's view of each of them."""
BELIEF_SPREAD = 4.0
"""How far, in dollars, a seat's price is read as straying from its worth."""
# Chosen on how well the weighed worlds forecast the share being priced, against the
# forecast with every hidden information known (bench/goodwill_belief.py): on seat 0's
# price decisions of 10 heuristic games after the year's first transaction, the mean square
# error fell from 12.3 (the same 32 worlds unweighed) to 8.6, at 19 ms of CPU a decision.


Weighed = tuple[list[GoodwillState], list[float]]
"""Worlds and their weights (:func:`believed`)."""


def believed(
    state: GoodwillState,
    seat: int,
    rng: random.Random,
    worlds: int,
    views: int,
    spread: float,
) -> Weighed | None:
    """Worlds drawn from ``seat``'s information, weighed by how well each explains the
    prices the other seats said aloud this year (None: nothing to weigh by, because nobody
    has priced yet this year, no other seat saw what ``seat`` did not, or ``state`` is
    already a search's world with nothing hidden).

    A seat prices a share near what the informations it saw make it worth, so a world in
    which the hidden informations are those that would have led the others to their prices
    is the likelier one.  Each world's weight is the chance, under a normal spread of
    ``spread`` dollars, of every price the others named this year given their own view of
    that world: the share's worth averaged over ``views`` worlds drawn from what that seat
    saw in it (:func:`forecast`).  Prices are valued in today's books (a boss may have
    changed since a price was said), and every seat is read as pricing by worth, which is
    how the heuristic bot prices and what a sensible player does.
    """
    if state.determinized or not state.year_prices:
        return None
    mine = set(state.comp.visible[seat])
    hidden = {s for s in range(len(state.information)) if s not in mine}
    if not hidden:
        return None
    n = state.num_players
    telling = [j for j in range(n) if j != seat and hidden & set(state.comp.visible[j])]
    if not telling:
        return None
    samples = [state.determinize(seat, rng) for _ in range(worlds)]
    said = state.year_prices
    scale = 0.5 / (spread * spread)
    logs = []
    for world in samples:
        total = 0.0
        for j in telling:
            worth = seat_worth(world, j, rng, views)
            for company, prices in said:
                miss = prices[j] - min(MAX_PRICE, max(0.0, worth[company]))
                total -= miss * miss * scale
        logs.append(total)
    top = max(logs)
    return samples, [math.exp(x - top) for x in logs]


def weighed_worth(weighed: Weighed, company: int) -> float:
    """One share of ``company`` in the weighed worlds: its :func:`forecast`, weighed."""
    worlds, weights = weighed
    total = sum(w * forecast(world)[company] for world, w in zip(worlds, weights, strict=True))
    return total / sum(weights)


class HeuristicBot(Agent):
    """Values shares from the informations it has seen; ``samples`` worlds per decision."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 6) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 1000:
            raise ValueError(f"samples must be a whole number from 1 to 1000, got {samples!r}")
        self.rng = random.Random(seed)
        self.samples = samples
        self._forecast: tuple[GoodwillState, int, list[float]] | None = None
        self._belief: tuple[State, int, int, Weighed | None] | None = None

    def worlds(self, state: State, seat: int, samples: int | None = None) -> list[GoodwillState]:
        """Copies of the game in which what ``seat`` has not seen is re-drawn (``samples`` of
        them, default the bot's)."""
        if state.determinized:
            assert isinstance(state, GoodwillState)
            return [state]
        out = []
        for _ in range(self.samples if samples is None else samples):
            world = state.determinize(seat, self.rng)
            assert isinstance(world, GoodwillState)
            out.append(world)
        return out

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Price):
            return self.price(state, seat)
        if isinstance(first, Partner):
            return self.partner(state, legal)
        if isinstance(first, Pass):
            return self.propose(state, seat, legal)
        if isinstance(first, Vote):
            return self.vote(state, seat)
        return self.rng.choice(legal)

    def weighed(self, state: State, seat: int) -> Weighed | None:
        """:func:`believed` for ``seat`` in ``state``, kept for the position (the search
        asks for its root ranking and for its worlds in turn)."""
        memo = self._kept(state, seat)
        if memo is not None:
            return memo[3]
        assert isinstance(state, GoodwillState)
        out = believed(state, seat, self.rng, BELIEF_WORLDS, BELIEF_VIEWS, BELIEF_SPREAD)
        self._belief = (state, state.move_count, seat, out)
        return out

    def _kept(self, state: State, seat: int) -> tuple[State, int, int, Weighed | None] | None:
        memo = self._belief
        if memo is not None and memo[0] is state and memo[1:3] == (state.move_count, seat):
            return memo
        return None

    def belief(self, state: State, seat: int) -> Callable[[random.Random], State] | None:
        """The search's worlds (``mcts`` ``belief=heuristic``): each a world drawn from
        ``seat``'s information whose hidden informations are those of one of the
        :meth:`weighed` worlds, picked in proportion to its weight (None: no price said
        this year tells anything, so the search draws as usual)."""
        out = self.weighed(state, seat)
        if out is None:
            return None
        assert isinstance(state, GoodwillState)
        real = state
        infos = [world.information for world in out[0]]
        bounds = list(accumulate(out[1]))
        top = bounds[-1]

        def draw(rng: random.Random) -> State:
            world = real.determinize(seat, rng)
            world.information = infos[min(bisect(bounds, rng.random() * top), len(infos) - 1)]
            return world

        return draw

    def ranked(self, state: State, seat: int) -> list[Action]:
        """Every legal move, this bot's choice first; prices by their distance from its
        valuation of the share (the search's root prior, ``mcts`` ``top``: it then weighs
        only prices near the bot's, against its model of the others).  Where the search
        has asked for this position's :meth:`belief` (``belief=heuristic``) and it found
        prices to weigh by, the valuation is the share's worth in its weighed worlds instead
        of the bot's own price from 6 unweighed ones."""
        legal = state.legal_actions(seat)
        if len(legal) > 1 and isinstance(legal[0], Price):
            memo = self._kept(state, seat)
            out = None if memo is None else memo[3]
            if out is None:
                named = self.price(state, seat).dollars
            else:
                worth = weighed_worth(out, out[0][0].company)
                named = min(MAX_PRICE, max(0, round(worth)))
            prices = sorted(
                (a for a in legal if isinstance(a, Price)),
                key=lambda a: (abs(a.dollars - named), a.dollars),
            )
            return [*prices, *(a for a in legal if not isinstance(a, Price))]
        first = self.act(state, seat)
        return [first, *(a for a in legal if a != first)]

    def evaluate(self, state: State, seat: int) -> float:
        """The search's cut-off value of a position (``mcts:cutoff=N,eval=heuristic``): cash
        plus the shares at the worth :func:`forecast` gives them, in the game's dollars.

        Inside a search the state is a determinized world the seat may read in full (and
        the search asks for every seat in turn: the forecast is kept for the position);
        given the real game it averages over worlds drawn from the seat's information.
        """
        assert isinstance(state, GoodwillState)
        if state.is_over():
            return state.scores()[seat]
        return state.cash[seat] + self.portfolio(self.worlds(state, seat), seat, None)

    def _forecast_of(self, world: GoodwillState) -> list[float]:
        """:func:`forecast`, kept for the last position asked (the search values every seat
        of one position in turn)."""
        memo = self._forecast
        if memo is not None and memo[0] is world and memo[1] == world.move_count:
            return memo[2]
        values = forecast(world)
        self._forecast = (world, world.move_count, values)
        return values

    def price(self, state: State, seat: int) -> Price:
        """Name one's own value of the share, give or take a dollar."""
        worlds = self.worlds(state, seat)
        company = worlds[0].company
        value = fmean(forecast(world)[company] for world in worlds)
        dollars = round(value) + self.rng.choice((-1, 0, 0, 1))
        return Price(min(MAX_PRICE, max(0, dollars)))

    def partner(self, state: State, legal: list[Action]) -> Action:
        """The richest candidate, by cash and shares at their current value."""
        view = state.observe(None)
        values = {c["name"]: c["share_value"] for c in view["companies"]}
        players = view["players"]

        def worth(action: Action) -> int:
            assert isinstance(action, Partner)
            p = players[action.player - 1]
            return int(p["cash"]) + sum(
                int(k) * int(values[name]) for name, k in p["shares"].items()
            )

        return max(legal, key=worth)

    def portfolio(self, worlds: list[GoodwillState], seat: int, boss: int | None) -> float:
        """The seat's shares valued in ``worlds``, with ``boss`` running the company
        under review (None: as it is)."""
        total = 0.0
        for world in worlds:
            sample = world
            if boss is not None:
                sample = world.clone()
                sample.boss[sample.company] = boss
            values = self._forecast_of(sample)
            total += sum(k * v for k, v in zip(sample.shares[seat], values, strict=True))
        return total / len(worlds)

    def propose(self, state: State, seat: int, legal: list[Action]) -> Action:
        """Propose the available boss that helps its portfolio most, if any helps."""
        worlds = self.worlds(state, seat)
        best: Action = legal[0]
        best_value = self.portfolio(worlds, seat, None) + 1.0
        for action in legal[1:]:
            assert isinstance(action, Propose)
            boss = worlds[0].comp.boss_named(action.boss)
            value = self.portfolio(worlds, seat, boss)
            if value > best_value:
                best, best_value = action, value
        return best

    def vote(self, state: State, seat: int) -> Vote:
        """Yes when the proposed boss makes its portfolio worth more."""
        worlds = self.worlds(state, seat)
        proposal = worlds[0].proposal
        now = self.portfolio(worlds, seat, None)
        return Vote(self.portfolio(worlds, seat, proposal) > now)


# ------------------------------------------------------------ the fitted judge

HOLDINGS = (
    "points",
    "cash",
    "shares",
    "forecast gain",
    "forecast gain this year",
    "shares losing this year",
    "shares in a failing company",
    "most shares held",
    "shares under review",
    "cash x best gain",
)
"""What :func:`holdings` writes down for a seat, in its order."""

(
    _POINTS,
    _CASH,
    _SHARES,
    _GAIN,
    _GAIN_NOW,
    _LOSING,
    _FAILING,
    _MOST,
    _REVIEW,
    _CASH_GAIN,
) = range(len(HOLDINGS))


def left(state: GoodwillState) -> float:
    """The share of the game still to play: the years left, counting the companies of this
    year's review still to come (each year reviews the three in turn)."""
    years = max(1, state.options.years)
    last: int = state.params.last_year
    if state.is_over():
        return 0.0
    this_year = 1.0 - state.company / len(COMPANIES)
    return min(1.0, (last - state.year + this_year) / years)


def holdings(world: GoodwillState) -> list[list[float]]:
    """Each seat's points and what will turn into points (:data:`HOLDINGS`), read in one
    world (the search's cut-off hands the judge a world drawn from the deciding seat's
    information): its cash and shares, what the :func:`forecast` says its shares will gain on
    their value now (to the end, and this year alone), its shares of companies losing money
    this year or unable to pay it, its largest holding (a boss vote needs 6), its shares of
    the company being traded, and its cash times the best gain a share offers (cash to buy
    with)."""
    n = world.num_players
    now = [float(world.share_value(c)) for c in range(len(COMPANIES))]
    if world.options.cash_only:
        now = [0.0] * len(COMPANIES)
    ahead = forecast(world)
    gain = [a - v for a, v in zip(ahead, now, strict=True)]
    result = [
        0 if world.bankrupt[c] else results.company_result(world, c) for c in range(len(COMPANIES))
    ]
    year_gain = [
        0.0 if world.bankrupt[c] else result[c] / world.params.shares_per_company
        for c in range(len(COMPANIES))
    ]
    best = max(0.0, *gain)
    scores = world.scores()
    rows = []
    for seat in range(n):
        held = world.shares[seat]
        f = [0.0] * len(HOLDINGS)
        f[_POINTS] = scores[seat]
        f[_CASH] = world.cash[seat]
        f[_SHARES] = sum(held)
        f[_GAIN] = sum(k * g for k, g in zip(held, gain, strict=True))
        f[_GAIN_NOW] = sum(k * g for k, g in zip(held, year_gain, strict=True))
        f[_LOSING] = sum(k for k, r in zip(held, result, strict=True) if r < 0)
        f[_FAILING] = sum(
            k for c, k in enumerate(held) if result[c] < 0 and world.capital[c] < -result[c]
        )
        f[_MOST] = max(held)
        f[_REVIEW] = held[world.company] if world.company < len(COMPANIES) else 0
        f[_CASH_GAIN] = world.cash[seat] * best
        rows.append(f)
    return rows


JUDGE_FILE = Path(__file__).parent / "data" / "judge.toml"


class JudgeBot(HeuristicBot):
    """The heuristic's play with a judgement fitted to how games end (``judge``).

    Where :class:`HeuristicBot` values a seat as its cash plus its shares at the worth the
    :func:`forecast` gives them, this bot weighs what the seat holds (:func:`holdings`, the
    forecast among them) by weights fitted on thousands of games' final scores
    (``bench/judge_fit.py goodwill``).  It is the search's judgement at its cut-off (``mcts
    eval=judge``), where every state is a world drawn from the searching seat's
    information; asked about the real game, which hides what some seats have not seen, it
    values each seat as the heuristic does, from worlds drawn from that seat's information."""

    name = "judge"
    HOLDINGS = HOLDINGS

    def __init__(self, seed: int | None = None, samples: int = 6) -> None:
        super().__init__(seed, samples)
        self.weights = weights_or_none("Goodwill", JUDGE_FILE, HOLDINGS)

    def holdings(self, state: State) -> list[list[float]]:
        """:func:`holdings`, read in full: a search hands the judge worlds drawn from its
        seat's information; the fit (``bench/judge_fit.py``) hands it the real game, read as
        one world with every information known."""
        assert isinstance(state, GoodwillState)
        return holdings(state)

    def left(self, state: State) -> float:
        assert isinstance(state, GoodwillState)
        return left(state)

    def evaluate_seats(self, state: State) -> list[float]:
        """Each seat's foretold final score (the scores once the game is over; the
        heuristic's values where the weights could not be read or ``state`` is the real
        game rather than a world)."""
        assert isinstance(state, GoodwillState)
        n = state.num_players
        if state.is_over():
            return list(state.scores())
        if self.weights is None or not state.determinized:
            value = super().evaluate
            return [value(state, s) for s in range(n)]
        return foretell(holdings(state), left(state), self.weights)

    def evaluate(self, state: State, seat: int) -> float:
        if self.weights is None or not state.determinized:
            return super().evaluate(state, seat)
        return self.evaluate_seats(state)[seat]


BOTS = {"heuristic": HeuristicBot, "judge": JudgeBot}
