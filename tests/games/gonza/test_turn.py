"""GAMEPLAY and ACTIONS: the roll, re-rolls, and the action of each die face."""

import pytest

from motherlode import IllegalAction
from motherlode.games.gonza.actions import END_TURN, Reroll
from motherlode.games.gonza.tables import TURN
from tests.games.gonza.helpers import GAME, act, bids_on, conserved, fund, new, place, roll, value


def test_gameplay_roll_five_dice_the_black_die_last() -> None:
    state = GAME.new_state(3, 11, {"first_player": 1})
    assert len(state.dice) == 5  # type: ignore[attr-defined]
    assert state.black  # type: ignore[attr-defined]
    assert state.rerolls_left == 2  # type: ignore[attr-defined]


def test_gameplay_reroll_any_dice_up_to_two_times() -> None:
    state = new()
    roll(state, "up", "up", "up", "up", "up")
    rerolls = [a for a in state.legal_actions(0) if isinstance(a, Reroll)]
    assert len(rerolls) == 31
    act(state, 0, "reroll 1,2,3,4,5")
    assert state.rerolls_left == 1
    act(state, 0, "reroll 2")
    assert state.rerolls_left == 0
    assert not any(isinstance(a, Reroll) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="both re-rolls"):
        act(state, 0, "reroll 1")


def test_gameplay_reroll_changes_only_the_chosen_dice() -> None:
    state = new()
    roll(state, "up", "down", "earn", "place", "bid")
    for _ in range(2):
        before = list(state.dice)
        act(state, 0, "reroll 2,4")
        assert [state.dice[i] for i in (0, 2, 4)] == [before[i] for i in (0, 2, 4)]
    assert sum(state.left) == 5 and state.left == [state.dice.count(f) for f in range(6)]


def test_gameplay_event_face_on_black_die_is_fixed() -> None:
    state = new()
    roll(state, "up", "down", "earn", "place", "event")
    rerolls = [a for a in state.legal_actions(0) if isinstance(a, Reroll)]
    assert len(rerolls) == 15
    assert all(5 not in a.dice for a in rerolls)
    with pytest.raises(IllegalAction, match="fixed"):
        act(state, 0, "reroll 1,5")


def test_gameplay_dice_are_kept_once_an_action_is_taken() -> None:
    state = new()
    roll(state, "earn", "down", "earn", "place", "bid")
    act(state, 0, "earn")
    assert state.rerolls_left == 0
    with pytest.raises(IllegalAction, match="kept"):
        act(state, 0, "reroll 2")


def test_gameplay_reroll_names_dice_once_in_order() -> None:
    state = new()
    roll(state, "earn", "down", "earn", "place", "bid")
    with pytest.raises(IllegalAction, match="numbered 1 to 5"):
        act(state, 0, "reroll 6")
    with pytest.raises(IllegalAction, match="increasing order"):
        act(state, 0, "reroll 3,1")


def test_actions_earn_one_credit_from_the_general_supply() -> None:
    state = new()
    roll(state, "earn", "earn", "up", "up", "up")
    act(state, 0, "earn", "earn")
    assert state.personal[0] == 3 and state.supply[0] == 17
    assert conserved(state)


def test_actions_earn_nothing_when_none_of_your_colour_is_left() -> None:
    state = new()
    fund(state, 0, state.supply[0])
    roll(state, "earn", "up", "up", "up", "up")
    assert GAME.parse_action("earn") not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="no credits of your colour left"):
        act(state, 0, "earn")


def test_actions_place_a_stock_from_the_personal_supply() -> None:
    state = new()
    roll(state, "place", "up", "up", "up", "up")
    act(state, 0, "place hensler")
    assert state.credits_on(state.slot["hensler"], 0) == 1
    assert state.personal[0] == 0
    assert conserved(state)


def test_actions_place_needs_a_credit_in_hand() -> None:
    state = new()
    roll(state, "place", "place", "up", "up", "up")
    act(state, 0, "place hensler")
    assert not any(a.TYPE == "place" for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="no credits in your personal supply"):
        act(state, 0, "place azing")


@pytest.mark.parametrize(("players", "cap"), [(2, 6), (3, 8), (4, 10), (5, 12)])
def test_actions_place_maximum_credits_per_corporation(players: int, cap: int) -> None:
    state = new(players=players)
    place(state, 1, "hensler", cap - 1)
    roll(state, "place", "place", "up", "up", "up")
    fund(state, 0, 2)
    act(state, 0, "place hensler")
    assert state.total[state.slot["hensler"]] == cap
    assert GAME.parse_action("place hensler") not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match=f"maximum of {cap} credits"):
        act(state, 0, "place hensler")
    act(state, 0, "place azing")


def test_actions_place_on_a_corporation_not_on_the_market() -> None:
    state = new()
    roll(state, "place", "up", "up", "up", "up")
    with pytest.raises(IllegalAction, match="not a corporation on the market"):
        act(state, 0, "place quantix")


def test_actions_stock_up_and_down_move_the_value_marker_one_space() -> None:
    state = new()
    roll(state, "up", "up", "down", "earn", "bid")
    act(state, 0, "up novatek", "up novatek")
    assert value(state, "novatek") == 3
    act(state, 0, "down hensler")
    assert value(state, "hensler") == 1


def test_actions_markers_stop_at_the_ends_of_their_tracks() -> None:
    state = new()
    roll(state, "up", "down", "earn", "earn", "bid")
    novatek = state.slot["novatek"]
    state.pos[novatek] = state.corps[novatek].top
    state.pos[state.slot["kepler"]] = 0
    legal = state.legal_actions(0)
    assert GAME.parse_action("up novatek") not in legal
    assert GAME.parse_action("down kepler") not in legal
    with pytest.raises(IllegalAction, match="top of its track"):
        act(state, 0, "up novatek")
    with pytest.raises(IllegalAction, match="bottom of its track"):
        act(state, 0, "down kepler")


def test_actions_bid_one_credit_per_bid_die() -> None:
    state = new()
    fund(state, 0, 3)
    roll(state, "bid", "bid", "earn", "earn", "up")
    card = state.face_up[0]
    act(state, 0, f"bid {card}", f"bid {card}")
    assert bids_on(state, card) == [2, 0, 0, 0]
    assert state.personal[0] == 2
    with pytest.raises(IllegalAction, match="no unused die shows 'bid"):
        act(state, 0, f"bid {card}")
    assert conserved(state)


def test_actions_bid_needs_a_credit_and_a_face_up_card() -> None:
    state = new()
    roll(state, "bid", "up", "up", "up", "up")
    hidden = state.broker_deck[0]
    with pytest.raises(IllegalAction, match="not a face-up broker card"):
        act(state, 0, f"bid {hidden}")
    state.personal[0] = 0
    state.supply[0] += 1
    with pytest.raises(IllegalAction, match="no credits"):
        act(state, 0, f"bid {state.face_up[0]}")


def test_actions_a_die_is_needed_for_each_action() -> None:
    state = new()
    roll(state, "earn", "earn", "earn", "earn", "bid")
    for move, face in [
        ("up hensler", "stock \\+1"),
        ("down hensler", "stock -1"),
        ("place hensler", "place a stock"),
        ("event", "add event token"),
    ]:
        with pytest.raises(IllegalAction, match=f"no unused die shows '{face}'"):
            act(state, 0, move)


def test_actions_unused_dice_are_ignored_when_the_turn_ends() -> None:
    state = new()
    roll(state, "earn", "up", "down", "place", "bid")
    act(state, 0, "earn", "end")
    assert state.active == 1 and state.phase == TURN
    assert state.personal[0] == 2


def test_events_the_event_token_must_be_added_before_the_turn_ends() -> None:
    state = new()
    roll(state, "earn", "up", "down", "place", "event")
    assert END_TURN not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="add the event token"):
        act(state, 0, "end")
    act(state, 0, "event", "end")
    assert state.tokens == 1 and state.active == 1


def test_gameplay_turns_move_clockwise_and_the_next_player_rolls() -> None:
    state = new(players=3)
    roll(state, "earn", "up", "down", "place", "bid")
    act(state, 0, "end")
    assert state.active == 1 and state.pending() == (1,) and len(state.dice) == 5
    roll(state, "earn", "up", "down", "place", "bid")
    act(state, 1, "end")
    assert state.active == 2
    roll(state, "earn", "up", "down", "place", "bid")
    act(state, 2, "end")
    assert state.active == 0


def test_gameplay_turn_ends_by_itself_when_every_die_is_used() -> None:
    state = new()
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 0, "earn", "earn", "earn", "earn", "up hensler")
    assert state.active == 1


def test_gameplay_only_the_active_player_acts() -> None:
    state = new()
    roll(state, "earn", "earn", "earn", "earn", "up")
    with pytest.raises(IllegalAction, match="not Player 2's decision"):
        act(state, 1, "earn")


def test_gameplay_a_refused_action_changes_nothing() -> None:
    state = new()
    roll(state, "earn", "earn", "earn", "earn", "up")
    before = state.observe(0)
    with pytest.raises(IllegalAction):
        act(state, 0, "place hensler")
    assert state.observe(0) == before
