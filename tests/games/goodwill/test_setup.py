"""SETUP, the variants (options) and the components of Goodwill."""

from __future__ import annotations

from pathlib import Path

import pytest

from motherlode.engine import BadOptions
from motherlode.games.goodwill.components import (
    COMPONENTS,
    DATA,
    EVENT_KINDS,
    ComponentError,
    load_components,
)
from motherlode.games.goodwill.rulebook import AVAILABLE_BOSSES, vote_threshold
from tests.games.goodwill.helpers import GAME, new


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_capital_market_shares_prices_and_cash(players: int) -> None:
    state = new(players, seed=3)
    assert state.capital == [110, 100, 100]
    assert state.market == [30, 35, 35]
    assert state.resource_price == [10, 10, 10]
    assert state.year == 1953
    assert state.cash == [100] * players
    assert state.bankrupt == [False, False, False]


def test_setup_three_random_resource_tokens_from_the_pool() -> None:
    seen = set()
    for seed in range(40):
        state = new(4, seed)
        assert all(sum(held) == 3 for held in state.resources)
        for r in range(3):
            assert sum(held[r] for held in state.resources) <= COMPONENTS.resource_pool[r]
        seen.add(tuple(tuple(h) for h in state.resources))
    assert len(seen) > 20, "the tokens are drawn at random"


def test_setup_a_boss_on_each_company_three_available_and_a_deck() -> None:
    state = new(5, seed=8)
    assert all(b is not None for b in state.boss)
    assert len(state.available) == AVAILABLE_BOSSES
    everyone = [b for b in state.boss if b is not None] + state.available + state.boss_deck
    assert sorted(everyone) == list(range(len(COMPONENTS.bosses)))
    assert state.boss_deck_unknown == len(state.boss_deck)


@pytest.mark.parametrize(
    ("players", "each", "crimson"), [(3, 10, 10), (4, 7, 8), (5, 6, 10), (6, 5, 10)]
)
def test_setup_share_cards_dealt_one_at_a_time(players: int, each: int, crimson: int) -> None:
    """30 shares dealt evenly; in a 4-player game 2 Crimson cards are removed first."""
    state = new(players, seed=11)
    assert [sum(row) for row in state.shares] == [each] * players
    totals = [sum(row[c] for row in state.shares) for c in range(3)]
    assert totals == [10, 10, crimson]


def test_setup_four_information_pairs_are_drawn() -> None:
    state = new(4, seed=2)
    assert len(state.information) == 4
    assert len({p for p, _ in state.information}) == 4
    assert len({e for _, e in state.information}) == 4
    assert state.phase == "price" and state.company == 0
    assert state.pending() == (0, 1, 2, 3)


def test_vote_threshold_is_six_or_five_with_four_players() -> None:
    assert [vote_threshold(n) for n in (3, 4, 5, 6)] == [6, 5, 6, 6]
    assert new(4).threshold == 5


def test_variant_game_length() -> None:
    """Game length: 1953 by default (5 years); 1954 for a short game, 1951 for a long one."""
    assert GAME.options().to_dict() == {"start_year": 1953, "dividends": False, "cash_only": False}
    assert new(3, start_year=1954).year == 1954
    assert new(3, start_year=1951).options.years == 7
    with pytest.raises(BadOptions, match="start_year"):
        new(3, start_year=1952)
    with pytest.raises(BadOptions, match="dividends"):
        GAME.options({"dividends": "maybe"})
    assert GAME.options({"cash_only": "yes", "dividends": "true"}).to_dict()["cash_only"] is True


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(BadOptions, match="3-6 players"):
        GAME.new_state(players, 1)


def test_components_cover_every_event_type_and_boss_mark() -> None:
    kinds = {e.kind for card in COMPONENTS.events for e in (card.left, card.right)}
    assert kinds == set(EVENT_KINDS)
    levels = {
        (e.kind, e.level) for card in COMPONENTS.events for e in (card.left, card.right) if e.level
    }
    for kind in ("innovation", "efficiency", "advertising"):
        assert {level for k, level in levels if k == kind} == {1, 2, 3}
        assert {b.mark(kind) for b in COMPONENTS.bosses} == {0, 1, 2, 3}
    assert all(5 <= b.salary <= 15 for b in COMPONENTS.bosses)
    assert any(b.dividends for b in COMPONENTS.bosses)
    assert COMPONENTS.percentages == tuple(range(5, 101, 5))
    changes = {e.change for card in COMPONENTS.events for e in (card.left, card.right)}
    assert changes == {0, 5, -5, 10, -10}


def test_a_broken_components_file_is_refused_clearly(tmp_path: Path) -> None:
    data = load_components().bosses
    assert data  # the shipped files load
    for name in ("board.toml", "events.toml"):
        src = (DATA / name).read_text()
        (tmp_path / name).write_text(src)
    (tmp_path / "bosses.toml").write_text(
        '[[boss]]\nname = "Solo"\nsalary = 5\ninnovation = 2\nefficiency = 0\n'
        "advertising = 0\ndividends = false\n"
    )
    with pytest.raises(ComponentError, match="two policy lines"):
        load_components(tmp_path)
    (tmp_path / "bosses.toml").write_text("not toml [")
    with pytest.raises(ComponentError, match="not valid TOML"):
        load_components(tmp_path)
