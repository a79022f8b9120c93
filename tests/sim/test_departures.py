"""bench/departures.py: where a bot leaves the heuristic's move, and what that is worth."""

from __future__ import annotations

import pytest
from bench.departures import Playouts, departures, sample_positions, summary

from motherlode.engine import get_game


@pytest.fixture(scope="module")
def playouts() -> Playouts:
    """Gonza Index at 2 players: decisions along one heuristic game, 6 worlds a move."""
    positions = sample_positions(get_game("gonza"), 2, games=1, rate=0.15, seed=3)
    return Playouts(positions, worlds=6, seed=3)


def test_positions_are_real_choices_the_search_decides(playouts: Playouts) -> None:
    assert len(playouts.positions) >= 10
    for state, seat in playouts.positions:
        assert not state.is_over() and seat in state.pending()
        assert len(state.legal_actions(seat)) > 1


def test_the_heuristic_never_departs_from_itself(playouts: Playouts) -> None:
    asked, found = departures("casual", playouts)
    assert asked == len(playouts.positions) and found == []
    assert summary(asked, found) == (0.0, 0.0, {})


def test_a_departures_worth_is_the_paired_difference_in_win_share(playouts: Playouts) -> None:
    asked, found = departures("random", playouts)
    assert len(found) >= asked // 2  # random play rarely hits the heuristic's move
    for d in found:
        assert d.mine != d.theirs and -1.0 <= d.worth <= 1.0
        assert d.kind == type(d.theirs).__name__
    first = found[0]
    index = first.position
    mine, theirs = playouts.shares(index, first.mine), playouts.shares(index, first.theirs)
    assert len(mine) == len(theirs) == 6
    assert all(0.0 <= x <= 1.0 for x in mine + theirs)
    assert first.worth == pytest.approx(sum(mine) / 6 - sum(theirs) / 6)
    # kept: asking again plays nothing new and gives the same shares
    assert playouts.shares(index, first.mine) is mine
    again = departures("random", playouts)
    assert again == (asked, found)  # seeded by the position: reproducible
    mean, se, kinds = summary(asked, found)
    assert sum(n for n, _ in kinds.values()) == len(found)
    assert mean == pytest.approx(sum(d.worth for d in found) / asked) and se >= 0.0
