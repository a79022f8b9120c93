"""Every rule of Gold am Yukon on hand-built positions, each test named after its section.

The rulebook ("Gold Am Yukon, Amigo Spiel, translated by Chris Mellor") has no worked
examples with numbers; its sections are: Preparation, Game Play, How Does A Team Move
Forwards?, Changing Direction, How Does One Stake A Claim?, Game End, The Winner.
"""

from __future__ import annotations

import itertools

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake
from motherlode.games.yukon.options import YukonOptions
from motherlode.games.yukon.rules import FREE, OVER, PLACING, PLAYING
from motherlode.testing import fingerprint
from tests.games.yukon.helpers import (
    LoadedDie,
    labels_of,
    new_game,
    notations,
    play,
    position,
    ring,
    space,
)

WALLED_IN_TURNS = YukonOptions().parameters.walled_in_turns
"""The walled-in rule's turns, as data/parameters.toml sets them."""

# A team of 12: six stones round claim 1 (hours 11 to 3), six round claim 2 (10 to 4).
ACROSS_1_AND_2 = [
    "1:11", "1:12", "1:1", "1:2", "1:3", "2:10", "2:11", "2:12", "2:1", "2:2", "2:3", "2:4",
]  # fmt: skip


def all_of_ring(claim: int, start_hour: int = 1) -> list[str]:
    """The 12 spaces of a claim's ring, clockwise from ``start_hour``."""
    board = new_game().board
    return ring(board, claim, [(start_hour - 1 + k) % 12 + 1 for k in range(12)])


# --------------------------------------------------------------------- Preparation


def test_preparation_youngest_first_then_clockwise_one_stone_each_on_a_start_space() -> None:
    state = new_game(4)
    state.rng = LoadedDie([2])
    assert state.phase == PLACING
    for seat, start in enumerate(["place 1 1", "place 4 1", "place 34 6", "place 37 6"]):
        assert state.pending() == (seat,)
        legal = state.legal_actions(seat)
        assert len(legal) == 102 - seat and all(isinstance(a, Place) for a in legal)
        play(state, start)
    assert state.phase == PLAYING
    for seat in range(4):
        assert len(state.chains[seat]) == 1 and state.waiting[seat] == 11
        assert state.board.is_start[state.chains[seat][0]]
    assert state.pending() == (0,)  # the youngest throws first
    assert notations(state.legal_actions(0)) == ["enter 1 2", "enter 1 12"]


def test_preparation_a_start_space_must_be_free_and_a_start_space() -> None:
    state = new_game(3)
    play(state, "place 1 1")
    with pytest.raises(IllegalAction, match="1:1 is taken by Player 1"):
        play(state, "place 1 1")
    with pytest.raises(IllegalAction, match="19:3 is not a start space"):
        play(state, "place 19 3")
    assert state.pending() == (1,)


# ----------------------------------------------------------------------- Game Play


def test_game_play_each_pip_brings_a_stone_on_next_to_an_end_without_gaps() -> None:
    state = position(3, {0: ["1:2", "1:3", "1:4"], 1: ["37:6"], 2: ["34:6"]}, pips=3)
    assert state.waiting[0] == 9
    # 1:3 is where rings 1 and 2 meet: 2:8 and 2:10 touch the middle stone, not an end
    assert notations(state.legal_actions(0)) == ["enter 1 1", "enter 1 5"]
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=r"next to an end of the team \(1:2 and 1:4\)"):
        play(state, "enter 2 10")
    assert fingerprint(state) == before
    play(state, "enter 1 5")
    assert labels_of(state, 0) == ["1:2", "1:3", "1:4", "1:5"]
    play(state, "enter 1 1")
    assert labels_of(state, 0) == ["1:1", "1:2", "1:3", "1:4", "1:5"]
    assert state.waiting[0] == 7 and state.pips == 1


def test_game_play_a_single_free_space_is_entered_without_asking() -> None:
    state = position(3, {0: ["1:10", "1:11", "1:12"], 1: ["1:9"], 2: ["34:6"]}, pips=2)
    # 1:9 is held: only 1:1 is free at the ends, then only 1:2
    assert labels_of(state, 0) == ["1:10", "1:11", "1:12", "1:1", "1:2"]
    texts = [e.text for e in state.events_for(None)]
    assert "Player 1 brings gold-diggers onto 1 o'clock of claim 1, 2 o'clock of claim 1" in texts


def test_game_play_a_team_that_cannot_bring_a_stone_on_loses_its_pips() -> None:
    state = position(3, {0: ["1:1"], 1: ["1:12"], 2: ["1:2"]}, pips=4)
    assert labels_of(state, 0) == ["1:1"] and state.waiting[0] == 11
    texts = [e.text for e in state.events_for(None)]
    assert "Player 1 cannot bring a gold-digger on: 4 pips lost" in texts
    assert state.walled[0] == 1


def test_game_play_the_last_stone_enters_and_the_rest_of_the_pips_move() -> None:
    chain = ACROSS_1_AND_2[:11]  # 1:11 ... 2:3, one stone still off the board
    state = position(3, {0: chain, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    assert state.waiting[0] == 1
    play(state, "enter 2 4")
    assert state.waiting[0] == 0 and len(state.chains[0]) == 12
    assert all(isinstance(a, Move) for a in state.legal_actions(0))
    assert state.pips == 2


def test_game_play_a_1_gives_another_throw_added() -> None:
    state = new_game(3)
    state.rng = LoadedDie([1, 1, 4])
    play(state, "place 1 1", "place 37 6", "place 34 6")
    assert state.throws == (1, 1, 4)
    assert state.pips == 6
    assert state.observe(0)["throws"] == [1, 1, 4]
    assert state.observe(0)["this_turn"] == ["throws 1 + 1 + 4 = 6"]


def test_game_play_a_throw_other_than_1_ends_the_throwing() -> None:
    state = new_game(3)
    state.rng = LoadedDie([5, 1])
    play(state, "place 1 1", "place 37 6", "place 34 6")
    assert state.throws == (5,) and state.pips == 5


# ------------------------------------------------------ How Does A Team Move Forwards?


def test_moving_forwards_the_rear_stone_goes_ahead_of_the_leader() -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    # first move of the turn: a free space at either end, which fixes the direction
    assert notations(state.legal_actions(0)) == ["move 1 10", "move 2 5"]
    play(state, "move 2 5")
    assert labels_of(state, 0) == [*ACROSS_1_AND_2[1:], "2:5"]
    assert state.owner[space(state, "1:11")] == FREE
    # 2:5 is where rings 2 and 7 meet: three ways on
    assert notations(state.legal_actions(0)) == ["move 2 6", "move 7 10", "move 7 12"]
    play(state, "move 7 12")
    # 7:12 leads on only to 3:7 (claim 7's 1 o'clock): the third pip goes there at once
    assert labels_of(state, 0) == [*ACROSS_1_AND_2[3:], "2:5", "7:12", "3:7"]
    assert state.mover == 1


def test_moving_backwards_the_other_end_leads() -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    play(state, "move 1 10")
    # 1:10 leads; 1:9 and 1:8 follow without a choice (claim 1 is on the board's edge)
    assert labels_of(state, 0) == ["1:8", "1:9", "1:10", *ACROSS_1_AND_2[:9]]
    assert state.mover == 1


def test_moving_the_direction_is_kept_for_the_whole_turn() -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    play(state, "move 2 5")
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="direction is kept for the whole turn"):
        play(state, "move 1 11")  # next to the rear end
    with pytest.raises(IllegalAction, match="not next to the leading gold-digger on 2:5"):
        play(state, "move 19 3")
    assert fingerprint(state) == before


def test_moving_the_team_stays_one_chain_and_never_overlaps_a_stone() -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["2:6", "2:7"], 2: ["34:6"]}, pips=3)
    assert "move 2 6" not in notations(state.legal_actions(0))
    play(state, "move 2 5")
    with pytest.raises(IllegalAction, match="2:6 is taken by Player 2"):
        play(state, "move 2 6")
    chain = state.chains[0]
    assert all(b in state.board.neighbours[a] for a, b in itertools.pairwise(chain))


def test_moving_a_lone_gold_digger_does_not_step_back_where_it_came_from() -> None:
    state = position(
        3, {0: ["1:2"], 1: ["37:6"], 2: ["34:6"]}, staked={0: list(range(1, 12))}, pips=3
    )
    assert notations(state.legal_actions(0)) == ["move 1 1", "move 1 3"]
    play(state, "move 1 3")
    assert notations(state.legal_actions(0)) == ["move 1 4", "move 2 8", "move 2 10"]


# ---------------------------------------------------------------- Changing Direction


def test_changing_direction_an_opposing_stone_ahead_turns_the_team_back() -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["6:3", "6:4"], 2: ["37:6"]}, pips=3)
    play(state, "move 2 5", "move 7 10")
    # 7:10 leads to 6:3 (that is 7:9), held by Player 2: the last pip goes the other way,
    # the only free space there being 1:12, so it is played at once
    assert labels_of(state, 0) == ["1:12", *ACROSS_1_AND_2[2:], "2:5"]
    assert state.mover == 1
    text = state.events_for(None)[-1].text
    assert (
        "meets an opposing team at 10 o'clock of claim 7 and turns back, moves to 12 o'clock "
        "of claim 1" in text
    )


def test_changing_direction_is_a_choice_of_spaces_at_the_other_end() -> None:
    team = ["1:1", "1:2", "1:3", "2:10", "2:11", "2:12", "2:1", "2:2", "2:3", "2:4"]
    state = position(3, {0: team, 1: ["6:3", "6:4"], 2: ["37:6"]}, staked={0: [36, 37]}, pips=4)
    play(state, "move 2 5", "move 7 10")
    # blocked at 7:10 by Player 2; the rear is now 1:3, where rings 1 and 2 meet
    assert state.mover == 0 and not state.turned_back
    assert notations(state.legal_actions(0)) == ["move 1 2", "move 1 4", "move 2 8"]
    play(state, "move 2 8")
    # the old leader (7:10) went to 2:8: now the whole team stands round claim 2
    assert labels_of(state, 0) == ["2:8", *team[2:], "2:5"]
    assert notations(state.legal_actions(0)) == ["move 2 7", "stake 2"]
    play(state, "move 2 7")
    assert labels_of(state, 0) == ["2:7", "2:8", *team[2:]]
    assert state.mover == 1


def test_changing_direction_only_for_an_opposing_team_not_the_own_one() -> None:
    team = ["2:10", "1:3", "1:4", "1:5", "1:6", "1:7", "1:8", "1:9", "1:10", "1:11", "1:12", "1:1"]
    state = position(
        3, {0: team, 1: ["37:6"], 2: ["34:6"]}, staked={1: [1]}, waiting={0: 0}, pips=3
    )
    # first move: 1:2 (ahead of 1:1) or 2:11 (ahead of 2:10)
    play(state, "move 1 2")
    # the ring of claim 1 is now full: 1:2 faces only its own team, so no turning back,
    # and the two remaining pips are lost (claim 1 is staked already)
    assert state.mover == 1
    assert labels_of(state, 0) == [*team[1:], "1:2"]
    assert "cannot move: 2 pips lost" in state.events_for(None)[-1].text


def test_changing_direction_happens_only_once_a_turn() -> None:
    team = ["1:10", *ACROSS_1_AND_2[:-1]]  # 1:10 ... 2:3
    state = position(3, {0: team, 1: ["6:3", "6:4"], 2: ["1:8", "1:9"]}, pips=8)
    play(state, "move 2 4")  # then 2:5 without a choice
    play(state, "move 7 10")
    # turned back at 7:10 (Player 2 on 6:3): 1:12, 1:11, 1:10 again, then 1:9 is held by
    # Player 3: no second turning back, the last two pips are lost
    assert labels_of(state, 0) == ["1:10", "1:11", "1:12", *team[3:]]
    text = state.events_for(None)[-1].text
    assert text.startswith(
        "Player 1 moves to 4 o'clock of claim 2, 5 o'clock of claim 2, 10 o'clock of claim 7,"
        " meets an opposing team at 10 o'clock of claim 7"
    )
    assert text.endswith(
        "moves to 12 o'clock of claim 1, 11 o'clock of claim 1, 10 o'clock of claim 1, cannot"
        " move: 2 pips lost"
    )


# ------------------------------------------------------ How Does One Stake A Claim?


def test_staking_the_first_claim_needs_all_12_in_a_closed_circle() -> None:
    circle = all_of_ring(6)
    state = position(3, {0: circle, 1: ["37:6"], 2: ["34:6"]}, pips=4)
    assert "stake 6" in notations(state.legal_actions(0))
    play(state, "stake 6")
    # costs one pip; the rear stone (the chain's first, the last one leads) guards claim 6
    assert state.claim_owner[5] == 0 and state.nuggets[0] == 4
    assert labels_of(state, 0) == circle[1:]
    assert state.owner[space(state, circle[0])] == FREE
    assert state.mover == 1  # the other 3 pips are lost
    events = [e.text for e in state.events_for(None)]
    assert (
        "Player 1 stakes claim 6 (4 nuggets) with the gold-digger from 7 o'clock of claim 2"
        in events
    )
    assert events[-1] == "Player 1 has staked a claim: 3 pips lost"


def test_staking_the_last_member_is_the_rear_of_the_team() -> None:
    circle = all_of_ring(6)
    state = position(3, {0: circle, 1: ["37:6"], 2: ["34:6"]}, heading={0: False}, pips=2)
    play(state, "stake 6")
    assert labels_of(state, 0) == circle[:-1]  # the first stone leads: the last one stays


def test_staking_eleven_of_twelve_is_not_yet_a_first_claim() -> None:
    team = ["1:4", *all_of_ring(6, 11)[:11]]  # 11 round claim 6 (all but 6:10), 1:4 off it
    state = position(3, {0: team, 1: ["37:6"], 2: ["34:6"]}, pips=4)
    assert state.waiting[0] == 0
    assert not [a for a in state.legal_actions(0) if isinstance(a, Stake)]
    with pytest.raises(IllegalAction, match="first claim all 12 gold-diggers must stand"):
        play(state, "stake 6")


def test_staking_later_claims_all_remaining_stones_on_the_ring_suffice() -> None:
    arc = all_of_ring(6)[:11]
    state = position(3, {0: arc, 1: ["37:6"], 2: ["34:6"]}, staked={0: [1]}, pips=3)
    assert state.waiting[0] == 0
    assert "stake 6" in notations(state.legal_actions(0))
    play(state, "stake 6")
    assert state.nuggets[0] == 1 + 4 and len(state.chains[0]) == 10


def test_staking_later_claims_needs_every_stone_on_the_ring() -> None:
    team = ["2:6", *all_of_ring(6)[:10]]  # 2:6 touches 2:7, the first space of ring 6
    state = position(3, {0: team, 1: ["37:6"], 2: ["34:6"]}, staked={0: [1]}, pips=3)
    with pytest.raises(IllegalAction, match="all of the team's gold-diggers must stand"):
        play(state, "stake 6")


def test_staking_only_one_stone_per_claim() -> None:
    circle = all_of_ring(6)
    state = position(3, {0: circle, 1: ["37:6"], 2: ["34:6"]}, staked={1: [6]}, pips=3)
    assert not [a for a in state.legal_actions(0) if isinstance(a, Stake)]
    with pytest.raises(IllegalAction, match="claim 6 is already staked by Player 2"):
        play(state, "stake 6")


def test_staking_is_a_choice_and_passing_loses_the_pips() -> None:
    circle = all_of_ring(1)  # its ends 1:1 and 1:12 have only each other and 1:2, 1:11
    state = position(3, {0: circle, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    assert state.legal_actions(0) == [Stake(1), Pass()]
    play(state, "pass")
    assert state.claim_owner[0] == FREE and state.mover == 1
    assert "passes: 3 pips lost" in state.events_for(None)[-1].text


def test_staking_the_6_nugget_claim_ends_the_players_turns() -> None:
    arc = all_of_ring(19)[:10]
    state = position(4, {0: arc, 1: ["37:6"], 2: ["34:6"], 3: ["1:1"]}, staked={0: [1, 2]}, pips=2)
    play(state, "stake 19")
    assert state.nuggets[0] == 1 + 1 + 6
    assert state.retired[0] and not state.is_active(0)
    assert state.chains[0] == [] and state.guards[0] == 9
    assert all(state.owner[space(state, s)] == FREE for s in arc)
    team = state.observe(None)["teams"][0]
    assert team["retired"] and team["guards"] == 9
    for _ in range(12):  # nobody ever asks Player 1 again
        if state.is_over():
            break
        assert state.pending() != (0,)
        play(state, state.legal_actions(state.pending()[0])[0].notation())


# --------------------------------------------------------------------- Game End


def test_game_end_when_every_claim_is_staked() -> None:
    others = [n for n in range(1, 38) if n != 6]
    state = position(
        4,
        {0: all_of_ring(6)},
        staked={1: others[:12], 2: others[12:24], 3: others[24:]},
        pips=3,
    )
    play(state, "stake 6")
    assert state.phase == OVER and state.is_over() and state.pending() == ()
    assert state.end_reason == "every claim is staked"
    assert sum(state.nuggets) == 70
    best = max(state.nuggets)
    assert state.observe(None)["ranking"][0] == [s for s in range(4) if state.nuggets[s] == best]


def test_game_end_not_while_two_teams_can_still_move() -> None:
    lone = "2:8"  # on claim 2's ring only
    state = position(
        3,
        {0: [lone], 1: ACROSS_1_AND_2[:6], 2: ["37:6"]},
        staked={0: list(range(3, 14)), 2: list(range(25, 36))},
        pips=3,
    )
    stake = Stake(2)
    assert stake in state.legal_actions(0)
    state.apply(0, stake)
    # Player 1 now has all 12 gold-diggers on claims; Players 2 and 3 can still move
    assert not state.is_over()
    assert not state.is_active(0)


def test_game_end_the_last_team_able_to_move() -> None:
    state = position(
        3,
        {0: ["2:8"], 1: ACROSS_1_AND_2[:6]},
        staked={0: list(range(3, 14)), 2: list(range(25, 37))},
        pips=3,
    )
    assert not state.is_active(2)  # Player 3 has all 12 gold-diggers on claims
    state.apply(0, Stake(2))  # Player 1's last gold-digger: only Player 2 is left
    assert state.is_over()
    assert state.end_reason == "only Player 2 can still move"
    nuggets = [c.nuggets for c in state.board.claims]
    assert state.scores() == (
        float(sum(nuggets[2:13]) + nuggets[1]),
        0.0,
        float(sum(nuggets[24:36])),
    )


def test_game_end_walled_in_teams_no_longer_count_as_able_to_move() -> None:
    # Player 2's lone stone on 1:1 sits between Player 3's team (1:2 round to 1:12):
    # neither can bring a stone on; Player 1 roams free far away
    wall = all_of_ring(1, 2)[:11]
    state = position(3, {0: ["31:2", "31:3"], 1: ["1:1"], 2: wall}, pips=3)
    rounds = 0
    while not state.is_over():
        seat = state.pending()[0]
        assert seat == 0
        state.apply(0, state.legal_actions(0)[0])
        rounds += 1
        assert rounds < 200
    assert state.walled[1] >= WALLED_IN_TURNS and state.walled[2] >= WALLED_IN_TURNS
    assert state.end_reason == (
        f"only Player 1 can still move (Player 2, Player 3 walled in for {WALLED_IN_TURNS} turns)"
    )


def test_game_end_stalemate_after_rounds_without_a_stake() -> None:
    state = new_game(3, seed=4, stalemate_rounds=2)
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.end_reason == "no claim was staked in 2 rounds"
    assert state.rounds_without_stake == 2


# -------------------------------------------------------------------- The Winner


def test_the_winner_has_the_most_nuggets_and_ties_share_the_place() -> None:
    state = position(3, {0: ["1:2"], 1: ["37:6"], 2: ["34:6"]}, staked={0: [6], 1: [8], 2: [1]})
    assert state.scores() == (4.0, 4.0, 1.0)
    assert state.ranking() == ((0, 1), (2,))


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("move 40 3", "there is no claim 40"),
        ("move 19 13", "hour 13 is not on the clock"),
        ("move 20 9", "space 20:9 is called 19:3: write 'move 19 3'"),
        ("enter 2 5", "all 12 gold-diggers are on the board"),
        ("place 1 1", "start spaces were chosen at the start of the game"),
        ("stake 99", "there is no claim 99"),
        ("pass", "only when the team cannot move but could stake"),
        ("move 1 6", "not next to an end of the team"),
    ],
)
def test_bad_input_is_explained_and_changes_nothing(move: str, message: str) -> None:
    state = position(3, {0: ACROSS_1_AND_2, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=message):
        play(state, move)
    assert fingerprint(state) == before


def test_bad_input_while_entering() -> None:
    state = position(3, {0: ["1:2", "1:3", "1:4"], 1: ["37:6"], 2: ["34:6"]}, pips=3)
    with pytest.raises(IllegalAction, match="9 gold-diggers are still off the board"):
        state.apply(0, Move(1, 5))
    with pytest.raises(IllegalAction, match="first claim all 12"):
        state.apply(0, Stake(1))
    with pytest.raises(IllegalAction, match="1:3 is taken by Player 1"):
        state.apply(0, Enter(1, 3))
