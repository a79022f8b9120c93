"""2 - II: REPLACING THE BOSS (and the 4-player majority)."""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goodwill.actions import PASS, Propose, Vote
from motherlode.games.goodwill.components import AMBER, BLACK, COMPONENTS
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import deal_shares, new, set_prices


def at_replacement(players: int, amber: list[int]) -> GoodwillState:
    """Amber's two transactions done with nobody trading: the shareholders may propose."""
    state = new(players, seed=5)
    deal_shares(state, AMBER, amber)
    set_prices(state, [12] * players)
    set_prices(state, [12] * players)
    assert state.phase == "propose"
    return state


def name(boss: int) -> str:
    return COMPONENTS.bosses[boss].name


def test_only_shareholders_may_propose_in_seat_order() -> None:
    state = at_replacement(4, [0, 4, 0, 6])
    assert state.pending() == (1,)
    assert state.legal_actions(1) == [PASS, *(Propose(name(b)) for b in state.available)]
    state.apply(1, PASS)
    assert state.pending() == (3,)
    state.apply(3, PASS)
    assert state.phase == "price" and state.company == BLACK


def test_a_replacement_with_enough_yes_votes() -> None:
    """Old boss to the bottom of the deck, new boss on the board, top card made available."""
    state = at_replacement(3, [5, 3, 2])
    old, new_boss = state.boss[AMBER], state.available[1]
    top = state.boss_deck[0]
    state.apply(0, Propose(name(new_boss)))
    assert state.phase == "vote" and state.pending() == (0, 1, 2)
    state.apply(0, Vote(True))
    state.apply(1, Vote(True))
    assert state.phase == "vote"
    state.apply(2, Vote(False))
    assert state.last_vote == (new_boss, 8, True, (0, 1))
    assert state.boss[AMBER] == new_boss
    assert state.boss_deck[-1] == old
    assert top in state.available and new_boss not in state.available
    assert len(state.available) == 3
    assert state.phase == "price" and state.company == BLACK


def test_one_vote_per_share_six_needed() -> None:
    state = at_replacement(5, [5, 1, 1, 1, 2])
    candidate = state.available[0]
    kept = state.boss[AMBER]
    state.apply(0, Propose(name(candidate)))
    for seat, yes in enumerate([True, False, False, False, False]):
        state.apply(seat, Vote(yes))
    assert state.last_vote == (candidate, 5, False, (0,))
    assert state.boss[AMBER] == kept
    # a failed vote: the next shareholder may propose
    assert state.phase == "propose" and state.pending() == (1,)


def test_4_player_games_five_votes_are_enough() -> None:
    """4 PLAYER-GAMES: "The majority +1 will be reached ... if 5 votes are given"."""
    state = at_replacement(4, [5, 2, 2, 1])
    candidate = state.available[2]
    state.apply(0, Propose(name(candidate)))
    for seat, yes in enumerate([True, False, False, False]):
        state.apply(seat, Vote(yes))
    assert state.boss[AMBER] == candidate


def test_votes_are_secret_until_everyone_has_voted() -> None:
    state = at_replacement(3, [4, 3, 3])
    state.apply(0, Propose(name(state.available[0])))
    before = state.observe(1)
    state.apply(0, Vote(False))
    after = state.observe(1)
    assert after["committed"] == [0]
    assert {k: v for k, v in after.items() if k not in ("pending", "committed")} == {
        k: v for k, v in before.items() if k not in ("pending", "committed")
    }
    assert state.observe(0)["my_commitment"] == {"type": "vote", "yes": False}


def test_only_available_bosses_can_be_proposed() -> None:
    state = at_replacement(3, [4, 3, 3])
    running = name(state.boss[BLACK] or 0)
    with pytest.raises(IllegalAction, match="not an available boss"):
        state.apply(0, Propose(running))
    with pytest.raises(IllegalAction, match="no boss named 'Nobody'"):
        state.apply(0, Propose("Nobody"))
    with pytest.raises(IllegalAction, match="no vote now"):
        state.apply(0, Vote(True))


def test_each_shareholder_proposes_at_most_once_then_the_next_company() -> None:
    state = at_replacement(3, [4, 3, 3])
    for seat in range(3):
        assert state.pending() == (seat,)
        state.apply(seat, Propose(name(state.available[0])))
        for voter in range(3):
            state.apply(voter, Vote(False))
    assert state.phase == "price" and state.company == BLACK


def test_a_company_without_a_boss_gets_one_by_vote() -> None:
    """After a scandal the company has no boss; a vote installs one, nobody leaves."""
    state = at_replacement(3, [4, 3, 3])
    state.boss_to_bottom(AMBER)
    deck = list(state.boss_deck)
    candidate = state.available[0]
    state.apply(0, Propose(name(candidate)))
    for voter in range(3):
        state.apply(voter, Vote(True))
    assert state.boss[AMBER] == candidate
    assert state.boss_deck == deck[1:]
