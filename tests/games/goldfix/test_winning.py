"""WINNER, TIME / CIRCUIT LIMIT, bankruptcy of all but one, and the ranking."""

from motherlode.games.goldfix.actions import Commission, Move, Repay, Sell
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, new


def test_winner_first_to_the_target_with_no_loan_notes() -> None:
    state = new()
    state.cash[0] = 1200
    at_pre_roll(state, 0)
    state.apply(0, Repay())
    assert not state.is_over()  # $950M and one note
    state.cash[0] = 1250
    state.apply(0, Repay())
    assert state.is_over() and state.winner == 0
    assert state.ranking()[0] == (0,)
    assert "no loan notes" in state.end_reason


def test_winner_may_come_from_a_sale_mid_turn_and_the_option_sets_the_target() -> None:
    state = new(winner=600)
    state.notes[1] = 0
    state.vault = [10, 200, 0]
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    state.apply(0, Commission(10))
    state.apply(0, Sell(0))
    state.apply(1, Sell(100))  # $200M less $20M commission: $680M and no notes
    assert state.is_over() and state.winner == 1 and state.cash[1] == 680
    assert state.observe(None)["winner"] == 1


def test_winner_needs_every_note_repaid() -> None:
    state = new(winner=600)
    state.vault = [0, 200, 0]
    at_move(state, 0, 11, (1, 6))
    state.apply(0, Move(1))
    state.apply(0, Commission(10))
    state.apply(1, Sell(100))  # $180M net: $680M, but two notes
    assert not state.is_over()


def test_circuit_limit_ends_after_the_round_ranked_by_net_worth() -> None:
    state = new(circuit_limit=1)
    give_mine(state, 2, "Kudu")
    at_move(state, 0, 38, (4, 6))
    state.apply(0, Move(4))  # Blue completes a circuit
    state.apply(0, state.legal_actions(0)[0])  # no loan
    assert not state.is_over()  # Red and Green still play this round
    for seat in (1, 2):
        state.apply(seat, state.legal_actions(seat)[-1])  # roll
        state.apply(seat, Move(state.move_choices()[0]))
        while not state.is_over() and seat in state.pending():
            state.apply(seat, state.legal_actions(seat)[0])
    assert state.is_over() and state.winner == -1
    worth = [state.net_worth(s) for s in range(3)]
    order = [s for group in state.ranking() for s in group]
    assert [worth[s] for s in order] == sorted(worth, reverse=True)
    assert state.observe(None)["scores"] == [float(w) for w in worth]


def test_the_last_player_standing_wins_and_the_bankrupt_rank_by_when_they_fell() -> None:
    state = new(4)
    for seat in (3, 1):
        state.notes[seat] = 7
        state._check_bankruptcies()
    assert not state.is_over()
    state.notes[0] = 7
    state._check_bankruptcies()
    assert state.is_over() and state.winner == 2
    assert state.ranking() == ((2,), (0,), (1,), (3,))
    assert state.pending() == ()
