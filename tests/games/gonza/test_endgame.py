"""ENDGAME: the last event card, the final round with fewer dice, scoring and the tie-break."""

import pytest

from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.tables import OVER
from tests.games.gonza.helpers import act, fund, give, new, place, roll, set_value, stack_events


def last_event(players: int) -> GonzaState:
    """Player 1 is about to add the third token with one event card left."""
    state = new(players=players)
    stack_events(state, "bubble")
    state.tokens = 2
    roll(state, "earn", "earn", "up", "earn", "event")
    return state


@pytest.mark.parametrize(
    ("players", "dice"),
    [(5, [4, 3, 2, 1]), (4, [4, 3, 2]), (3, [3, 2]), (2, [3])],
)
def test_endgame_final_round_dice_by_player_count(players: int, dice: list[int]) -> None:
    state = last_event(players)
    act(state, 0, "event")
    assert state.final and state.event_deck == []
    # the player who initiated the last auction finishes this turn with all 5 dice
    assert state.active == 0 and len(state.dice) == 5
    act(state, 0, "earn", "end")
    seen = []
    while state.phase != OVER:
        seen.append(len(state.dice))
        assert not state.black and 5 not in state.dice  # no event face is rolled
        act(state, state.active, "end")
    assert seen == dice
    assert state.dice_final == [5, *dice]
    assert state.pending() == () and state.is_over()


def test_endgame_the_final_round_has_no_event_tokens() -> None:
    state = last_event(3)
    act(state, 0, "event", "end")
    roll(state, "earn", "earn", "earn")
    assert all(a.TYPE != "event" for a in state.legal_actions(1))


def test_endgame_rerolls_still_allowed_in_the_final_round() -> None:
    state = last_event(2)
    act(state, 0, "event", "end")
    assert state.rerolls_left == 2
    act(state, 1, "reroll 1,2,3")
    assert len(state.dice) == 3


def test_endgame_example_caro_scores_ten() -> None:
    """'Caro has 1 credit in her personal supply and 2 credits on the Hensler corporation
    card, the value marker for this corporation is at 2. She also has the 'Inheritance'
    broker card ... Caro has a total value of 10 credits.'"""
    state = last_event(2)
    caro = 0
    assert state.personal[caro] == 1  # the first player's one credit
    place(state, caro, "hensler", 2)
    set_value(state, "hensler", 2)
    give(state, caro, "inheritance")
    stack_events(state, "rate-cut")  # financial up: Caro would gain
    give(state, 1, "safe-harbour")
    act(state, caro, "event")
    act(state, 1, "play safe-harbour .")  # the rival keeps Hensler at 2
    act(state, caro, "end")
    act(state, 1, "end")
    assert state.is_over()
    assert state.score_parts(caro) == {"credits": 1, "stocks": 4, "cards": 5}
    assert state.scores()[caro] == 10


def test_endgame_scoring_counts_credits_stocks_and_cards() -> None:
    state = new(players=3)
    fund(state, 1, 4)
    place(state, 1, "novatek", 3)
    set_value(state, "novatek", 7)
    give(state, 1, "inheritance")
    assert state.scores()[1] == 2 + 4 + 21 + 5


def test_endgame_bids_still_on_cards_at_the_end_score_nothing() -> None:
    state = last_event(2)
    act(state, 0, "event")
    roll(state, "bid", "earn", "earn", "earn", "earn")
    fund(state, 0, 1)
    card = state.face_up[0]
    before = state.score(0)
    act(state, 0, f"bid {card}", "end")
    act(state, 1, "end")
    assert state.is_over() and state.score(0) == before - 1


def test_endgame_tie_goes_to_the_player_who_used_fewer_dice() -> None:
    state = last_event(3)
    act(state, 0, "event", "end")
    act(state, 1, "end")
    act(state, 2, "end")
    assert state.is_over() and state.dice_final == [5, 3, 2]
    for seat in range(3):
        state.personal[seat] = 7
    assert state.scores() == (7.0, 7.0, 7.0)
    assert state.ranking() == ((2,), (1,), (0,))
    state.personal[0] = 8
    assert state.ranking() == ((0,), (2,), (1,))


def test_endgame_observation_shows_final_scores_and_ranking() -> None:
    state = last_event(2)
    act(state, 0, "event", "end")
    act(state, 1, "end")
    view = state.observe(None)
    assert view["over"] and view["scores"] == list(state.scores())
    assert sorted(s for g in view["ranking"] for s in g) == [0, 1]
