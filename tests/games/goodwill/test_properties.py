"""Invariants under random play: market shares, money and shares are conserved."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motherlode.games.goodwill import market
from motherlode.games.goodwill.transactions import average_price, match_prices
from tests.games.goodwill.helpers import random_game

YEARS = st.sampled_from([1951, 1953, 1954])


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
    start_year=YEARS,
    dividends=st.booleans(),
    cash_only=st.booleans(),
)
def test_random_play_keeps_every_conservation_law(
    players: int, seed: int, start_year: int, dividends: bool, cash_only: bool
) -> None:
    """Market shares total 100 in steps of 5, money and shares are conserved, prices stay
    in $0-$25, every boss card is somewhere: checked after every move (helpers)."""
    state = random_game(
        players, seed, start_year=start_year, dividends=dividends, cash_only=cash_only
    )
    assert state.is_over() and state.year == 1957
    scores = state.scores()
    if cash_only:
        assert scores == tuple(float(c) for c in state.cash)
    else:
        assert all(scores[s] >= state.cash[s] for s in range(players))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_hundred_random_games(players: int) -> None:
    for seed in range(40):
        random_game(players, 10_000 + seed)


PRICES = st.lists(st.integers(0, 38), min_size=3, max_size=6)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data(), prices=PRICES)
def test_transaction_resolution_properties(data: st.DataObject, prices: list[int]) -> None:
    n = len(prices)
    holders = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    cash = data.draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    deal = match_prices(prices, holders, cash)
    if deal is None:
        return
    buyers, sellers = set(deal.buyers), set(deal.sellers)
    assert buyers and sellers and not buyers & sellers
    assert all(holders[s] for s in sellers)
    assert all(cash[b] >= deal.price for b in buyers)
    high = {prices[b] for b in buyers}
    low = {prices[s] for s in sellers}
    assert len(high) == 1 and len(low) == 1
    assert deal.price == average_price(high.pop(), low.pop())
    # the sellers are all the holders at the lowest price; nobody left priced higher
    low_price = min(prices[s] for s in range(n) if holders[s])
    assert sellers == {s for s in range(n) if holders[s] and prices[s] == low_price}
    top = max(prices[b] for b in buyers)
    assert all(s in deal.excluded for s in range(n) if prices[s] > top)
    assert deal.trades == min(len(buyers), len(sellers))


@st.composite
def market_units(draw: st.DrawFn) -> list[int]:
    """Three market shares in 5 % units, totalling 100 %."""
    first = draw(st.integers(0, 20))
    second = draw(st.integers(0, 20 - first))
    return draw(st.permutations([first, second, 20 - first - second]))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    units=market_units(),
    concerned=st.sets(st.integers(0, 2)),
    target=st.integers(0, 2),
    dead=st.sets(st.integers(0, 2), max_size=1),
)
def test_market_share_movements_keep_100_in_steps_of_5(
    units: list[int], concerned: set[int], target: int, dead: set[int]
) -> None:
    alive = [c not in dead for c in range(3)]
    shares = [5 * u for u in units]
    for c in dead:  # a bankrupt company's share was shared out already
        market.share_out(shares, alive, shares[c])
        shares[c] = 0
    for move in ("advertise", "scandal"):
        before = list(shares)
        if move == "advertise":
            market.advertise(shares, alive, sorted(concerned))
        else:
            market.scandal(shares, alive, target)
        assert sum(shares) == 100
        assert all(0 <= s <= 100 and s % 5 == 0 for s in shares)
        assert all(shares[c] == 0 for c in dead)
        assert sum(abs(a - b) for a, b in zip(before, shares, strict=True)) <= 20
