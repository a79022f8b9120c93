"""Hand-built Goodwill positions for the rule tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from motherlode.engine import get_game
from motherlode.games.goodwill.actions import Price
from motherlode.games.goodwill.components import COMPANIES, COMPONENTS
from motherlode.games.goodwill.rulebook import shares_in_play
from motherlode.games.goodwill.rules import GoodwillState

GAME = get_game("goodwill")
OIL, COAL, WORKERS = 0, 1, 2


def new(players: int = 4, seed: int = 0, **options: Any) -> GoodwillState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GoodwillState)
    return state


def boss(name: str) -> int:
    index = COMPONENTS.boss_named(name)
    assert index is not None, name
    return index


def card(left: str, right: str) -> int:
    """The number of the event card that reads ``left / right``."""
    for c in COMPONENTS.events:
        if c.left.label == left and c.right.label == right:
            return c.number
    raise AssertionError(f"no card {left} / {right}")


def deal_shares(state: GoodwillState, company: int, held: Sequence[int]) -> None:
    """Give each seat ``held[seat]`` shares of ``company`` (their total must be right)."""
    assert sum(held) == shares_in_play(state.num_players, company)
    for seat, k in enumerate(held):
        state.shares[seat][company] = k


def set_prices(state: GoodwillState, prices: Sequence[int]) -> None:
    """Every player sets a price (seat order); the transaction resolves."""
    for seat, dollars in enumerate(prices):
        state.apply(seat, Price(dollars))


def money(state: GoodwillState) -> int:
    """Cash + capital + what the bank took in: constant for a whole game."""
    return sum(state.cash) + sum(state.capital) + state.bank


def check_invariants(state: GoodwillState) -> None:
    """The conservation laws and limits of the rulebook, at any moment."""
    alive = [not b for b in state.bankrupt]
    total = sum(state.market)
    assert total == (100 if any(alive) else 0), state.market
    for c in range(len(COMPANIES)):
        share = state.market[c]
        assert 0 <= share <= 100 and share % 5 == 0, state.market
        held = sum(row[c] for row in state.shares)
        if alive[c]:
            assert held == shares_in_play(state.num_players, c)
            assert sum(state.resources[c]) >= 1
            assert state.capital[c] >= 0
        else:
            assert held == 0 and share == 0 and state.capital[c] == 0
            assert state.boss[c] is None
    assert money(state) == 100 * state.num_players + 310
    assert all(cash >= 0 for cash in state.cash)
    assert all(0 <= p <= 25 and p % 5 == 0 for p in state.resource_price)
    assert all(k >= 0 for row in state.shares for k in row)
    bosses = [b for b in state.boss if b is not None] + state.available + state.boss_deck
    assert sorted(bosses) == list(range(len(COMPONENTS.bosses)))


def random_game(players: int, seed: int, **options: Any) -> GoodwillState:
    """A whole game of uniformly random legal moves, invariants checked at every step."""
    state = new(players, seed, **options)
    rng = random.Random(seed)
    check_invariants(state)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_invariants(state)
    return state
