"""The engine contract on the nuggets fixture, with hand-made positions.

Sealed Nuggets (tests/engine/nuggets.py): every round all seats bid in secret at once for the
face-up card; a unique top bid wins and pays; then the runner-up alone may challenge (pay 1
to the winner and peek at the bottom card in private).  Score: nuggets + bonus + gold // 2,
ties to more gold.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from motherlode.engine import Action, IllegalAction, State
from motherlode.testing import fingerprint, random_step
from tests.engine.nuggets import GAME, Bid, Challenge, NuggetState


@dataclasses.dataclass(frozen=True, slots=True)
class ForeignBid(Action):
    """Another game's action that happens to look exactly like a nuggets bid."""

    TYPE = "bid"
    gold: int


def new(players: int = 3, seed: int = 0, **options: Any) -> NuggetState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, NuggetState)
    return state


def arranged(players: int = 3, **options: Any) -> NuggetState:
    """Round 1 with a known deck: a 5 is up, the bottom card is a 1, bonuses 1, 2, 3..."""
    state = new(players, **options)
    state.card = 5
    state.deck = [1, 2, 3, 4, 6, 6]
    state.bonus = [s + 1 for s in range(players)]
    state.gold = [6] * players
    return state


def bid_all(state: NuggetState, *bids: int) -> None:
    for seat, gold in enumerate(bids):
        state.apply(seat, Bid(gold))


def at_challenge() -> NuggetState:
    """Seat 1 won the 5 with 4 gold; seat 0 (bid 2) is the runner-up, asked alone."""
    state = arranged()
    state.apply(1, Bid(4))
    state.apply(0, Bid(2))
    state.apply(2, Bid(1))
    return state


def texts(state: NuggetState, seat: int | None) -> list[str]:
    return [e.text for e in state.events_for(seat)]


# ------------------------------------------------------ simultaneous decisions


def test_simultaneous_commits_are_held_until_all_are_in() -> None:
    state = arranged()
    assert state.pending() == (0, 1, 2)
    assert state.observe(None)["simultaneous"] is True
    views = {s: state.observe(s) for s in (None, 0, 1, 2)}
    logs = {s: texts(state, s) for s in (None, 0, 1, 2)}

    state.apply(1, Bid(4))
    assert state.pending() == (0, 2)
    assert state.legal_actions(1) == []
    assert state.gold == [6, 6, 6] and state.won == [[], [], []], "nothing resolved yet"
    for seat in (None, 0, 2):
        # all another seat learns is that seat 1 has decided
        assert state.observe(seat) == {**views[seat], "pending": [0, 2], "committed": [1]}
        assert texts(state, seat) == [*logs[seat], "Player 2 has decided"]
    mine = state.observe(1)
    assert mine["my_commitment"] == {"type": "bid", "gold": 4}
    assert {k: v for k, v in mine.items() if k != "my_commitment"} == {
        **views[1],
        "pending": [0, 2],
        "committed": [1],
    }

    state.apply(0, Bid(2))
    assert state.pending() == (2,)
    assert state.observe(None)["committed"] == [0, 1]
    assert state.observe(0)["my_commitment"] == {"type": "bid", "gold": 2}
    assert "my_commitment" not in state.observe(2)
    assert not any("Bids" in t for t in texts(state, None))

    state.apply(2, Bid(1))  # the last commitment resolves the round
    assert state.gold == [6, 2, 6]
    assert state.won == [[], [5], []]
    assert "Bids: Player 1 2, Player 2 4, Player 3 1" in texts(state, None)
    assert "Player 2 takes the 5 for 4" in texts(state, None)
    for seat in range(3):
        view = state.observe(seat)
        assert view["committed"] == [] and "my_commitment" not in view
    assert state.moves() == [(1, Bid(4)), (0, Bid(2)), (2, Bid(1))]
    assert state.move_count == 3


def test_tied_top_bids_take_nothing_and_ask_nobody_to_challenge() -> None:
    state = arranged()
    bid_all(state, 3, 3, 1)
    assert state.gold == [6, 6, 6] and state.won == [[], [], []]
    assert "A tie: nobody takes the card" in texts(state, None)
    assert state.pending() == (0, 1, 2)
    assert state.observe(None)["round"] == 1
    assert state.card == 6


def test_the_challenge_is_a_mid_turn_single_seat_ask() -> None:
    state = at_challenge()
    assert state.pending() == (0,)
    assert state.observe(None)["simultaneous"] is False
    assert state.observe(None)["challenger"] == 0
    assert state.legal_actions(0) == [Challenge(False), Challenge(True)]
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []

    decided = texts(state, None).count("Player 1 has decided")
    state.apply(0, Challenge(True))  # played at once, not held as a commitment
    assert texts(state, None).count("Player 1 has decided") == decided
    assert state.observe(None)["committed"] == []
    assert state.gold == [5, 3, 6]
    assert state.observe(0)["my_peek"] == 1
    assert "my_peek" not in state.observe(1) and "my_peek" not in state.observe(None)
    assert state.pending() == (0, 1, 2), "the next round's bidding starts"
    assert state.card == 6 and state.deck == [1, 2, 3, 4, 6]


def test_declining_the_challenge_changes_no_gold() -> None:
    state = at_challenge()
    state.apply(0, Challenge(False))
    assert state.gold == [6, 2, 6]
    assert state.peeks == {}
    assert state.pending() == (0, 1, 2)


def test_no_challenge_when_the_option_is_off_or_in_the_last_round() -> None:
    state = arranged(challenges=False)
    bid_all(state, 2, 4, 1)
    assert state.pending() == (0, 1, 2) and state.challenger is None
    last = arranged(rounds=2)
    last.round = 1
    bid_all(last, 2, 4, 1)
    assert last.is_over()


# --------------------------------------------------------------- illegal actions


def bidding() -> NuggetState:
    return arranged()


def committed() -> NuggetState:
    state = arranged()
    state.apply(1, Bid(4))
    return state


def over() -> NuggetState:
    state = arranged(rounds=1)
    bid_all(state, 1, 2, 3)
    assert state.is_over()
    return state


ILLEGAL: list[tuple[Callable[[], NuggetState], Any, Any, str]] = [
    (bidding, 3, Bid(0), "there is no seat 3 in a 3-player game"),
    (bidding, -1, Bid(0), "there is no seat -1 in a 3-player game"),
    (bidding, "0", Bid(0), "a seat is a number from 0 to 2"),
    (bidding, None, Bid(0), "a seat is a number from 0 to 2"),
    (bidding, True, Bid(0), "a seat is a number from 0 to 2"),
    (bidding, 0, "bid 1", "'bid 1' is not an action of Sealed Nuggets (test fixture)"),
    (bidding, 0, {"type": "bid", "gold": 1}, "is not an action of Sealed Nuggets"),
    (bidding, 0, ForeignBid(1), "bid 1 is not an action of Sealed Nuggets (test fixture)"),
    (bidding, 0, Bid(7), "you can bid 0 to 6 gold, not 7"),
    (bidding, 2, Bid(-1), "you can bid 0 to 6 gold, not -1"),
    (bidding, 0, Challenge(True), "challenge yes is not possible now"),
    (committed, 1, Bid(2), "Player 2 has already decided; waiting for others"),
    (committed, 1, Bid(4), "Player 2 has already decided; waiting for others"),
    (at_challenge, 1, Challenge(True), "it is not Player 2's decision; waiting for Player 1"),
    (at_challenge, 2, Bid(0), "it is not Player 3's decision; waiting for Player 1"),
    (at_challenge, 0, Bid(1), "bid 1 is not possible now"),
    (over, 0, Bid(0), "the game is over"),
    (over, 1, Challenge(False), "the game is over"),
]


@pytest.mark.parametrize(
    ("make", "seat", "action", "message"),
    ILLEGAL,
    ids=[f"{m.__name__}-{s!r}-{a!s}" for m, s, a, _ in ILLEGAL],
)
def test_illegal_actions_raise_and_change_nothing(
    make: Callable[[], NuggetState], seat: Any, action: Any, message: str
) -> None:
    state = make()
    for asked in state.pending():
        state.legal_actions(asked)  # a warm legal-action cache must not let anything through
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=re.escape(message)):
        state.apply(seat, action)
    assert fingerprint(state) == before
    with pytest.raises(IllegalAction, match=re.escape(message)):
        state.check(seat, action)
    assert fingerprint(state) == before


def test_a_bool_seat_is_refused_even_with_a_warm_cache() -> None:
    state = arranged()
    before = fingerprint(state)
    state.legal_actions(1)
    with pytest.raises(IllegalAction, match="a seat is a number"):
        state.apply(True, Bid(0))
    assert fingerprint(state) == before


# --------------------------------------------------------------------- views


def test_observations_hold_only_what_the_seat_may_know() -> None:
    state = arranged()
    spectator = state.observe(None)
    assert spectator["seat"] is None
    assert "my_bonus" not in spectator and "bonus" not in spectator
    assert spectator["deck_size"] == 6 and "deck" not in spectator
    for seat in range(3):
        view = state.observe(seat)
        assert view["seat"] == seat
        assert view["my_bonus"] == seat + 1
        assert "bonus" not in view and "my_peek" not in view
        json.dumps(view)
    assert spectator["over"] is False and "scores" not in spectator


def test_observe_refuses_a_seat_that_does_not_exist() -> None:
    state = arranged()
    with pytest.raises((ValueError, IllegalAction)):
        state.observe(-1)


def test_events_for_shows_private_events_only_to_their_seat() -> None:
    state = at_challenge()
    state.apply(0, Challenge(True))
    secret = "You see a 1 at the bottom of the deck"
    assert secret in texts(state, 0)
    assert secret not in texts(state, 1)
    assert secret not in texts(state, 2)
    assert secret not in texts(state, None)
    assert "Player 1 challenges and peeks" in texts(state, None)
    private = [e for e in state.events_for(0) if e.text == secret]
    assert private[0].seats == frozenset({0})
    assert private[0].to_json() == {"index": private[0].index, "text": secret, "private": True}
    assert all(e.seats is None for e in state.events_for(None))
    assert "private" not in state.events_for(None)[0].to_json()
    public = state.events_for(None)
    for seat in range(3):
        mine = state.events_for(seat)
        assert [e for e in mine if e.seats is None] == public
        indexes = [e.index for e in mine]
        assert indexes == sorted(set(indexes))


def test_scores_and_ranking_with_tie_breaks() -> None:
    state = new(4)
    state.won = [[3], [3], [1], [6]]
    state.bonus = [1, 1, 3, 1]
    state.gold = [4, 5, 1, 4]
    state.round = state.options.rounds  # the game is over
    assert state.is_over() and state.pending() == ()
    assert state.scores() == (6.0, 6.0, 4.0, 9.0)
    # seats 0 and 1 tie on 6 points; seat 1 has more gold left
    assert state.ranking() == ((3,), (1,), (0,), (2,))
    assert state.winners() == (3,)
    view = state.observe(None)
    assert view["over"] is True and view["pending"] == []
    assert view["scores"] == [6.0, 6.0, 4.0, 9.0]
    assert view["ranking"] == [[3], [1], [0], [2]]
    assert view["bonus"] == [1, 1, 3, 1], "hidden bonuses are revealed at the end"
    assert all(state.legal_actions(s) == [] for s in range(4))


def test_a_full_tie_shares_the_place() -> None:
    state = new(3)
    state.won = [[2], [2], [1]]
    state.bonus = [1, 1, 1]
    state.gold = [4, 4, 5]
    state.round = state.options.rounds
    assert state.scores() == (5.0, 5.0, 4.0)
    assert state.ranking() == ((0, 1), (2,))
    assert state.winners() == (0, 1)


# --------------------------------------------------------------- determinize


def test_determinize_keeps_the_view_and_reseeds_the_future() -> None:
    state = arranged()
    view = state.observe(0)
    before = fingerprint(state)
    worlds = [state.determinize(0, random.Random(k)) for k in range(8)]
    assert fingerprint(state) == before, "determinizing changed the real game"
    for world in worlds:
        assert world.observe(0) == view
        assert world.legal_actions(0) == state.legal_actions(0)
        assert world.determinized and not state.determinized
        assert world.rng.getstate() != state.rng.getstate()
        # the hidden cards are re-dealt among the places the seat cannot see
        assert world.bonus[0] == 1
        hidden = sorted([*world.deck, *world.bonus[1:]])
        assert hidden == sorted([*state.deck, *state.bonus[1:]])
    assert len({w.rng.random() for w in worlds}) == len(worlds), "future chance differs"
    assert len({tuple(w.deck) for w in worlds}) > 1, "the deck order is re-drawn"
    assert any(w.deck != state.deck for w in worlds)
    assert len({(w.bonus[1], w.bonus[2]) for w in worlds}) > 1


def test_determinize_is_reproducible_from_its_rng() -> None:
    state = arranged()
    a = state.determinize(1, random.Random(5))
    b = state.determinize(1, random.Random(5))
    assert a.deck == b.deck and a.bonus == b.bonus
    assert a.rng.getstate() == b.rng.getstate()
    assert fingerprint(a) == fingerprint(b)


def test_determinize_keeps_what_a_peek_revealed() -> None:
    state = at_challenge()
    state.apply(0, Challenge(True))
    for k in range(6):
        world = state.determinize(0, random.Random(k))
        assert world.deck[0] == 1, "seat 0 saw the bottom card"
        assert world.observe(0) == state.observe(0)
        other = state.determinize(1, random.Random(k))
        assert other.observe(1) == state.observe(1)
        assert other.peeks[0] == other.deck[0]


def test_determinize_redraws_the_others_commitments() -> None:
    state = arranged()
    state.apply(0, Bid(6))
    state.apply(1, Bid(5))
    for_seat_2 = [state.determinize(2, random.Random(k)) for k in range(20)]
    for world in for_seat_2:
        assert world.pending() == (2,)
        assert world.observe(None)["committed"] == [0, 1], "that they committed is public"
        assert world.observe(2) == state.observe(2)
    drawn = {
        (w.observe(0)["my_commitment"]["gold"], w.observe(1)["my_commitment"]["gold"])
        for w in for_seat_2
    }
    assert len(drawn) > 1
    assert all(0 <= g <= 6 for pair in drawn for g in pair)
    for_seat_0 = [state.determinize(0, random.Random(k)) for k in range(10)]
    assert all(w.observe(0)["my_commitment"] == {"type": "bid", "gold": 6} for w in for_seat_0)
    assert len({w.observe(1)["my_commitment"]["gold"] for w in for_seat_0}) > 1
    # the real commitments are untouched, and a sample world plays on
    assert state.observe(0)["my_commitment"] == {"type": "bid", "gold": 6}
    assert state.observe(1)["my_commitment"] == {"type": "bid", "gold": 5}
    world = for_seat_2[0]
    world.apply(2, Bid(0))
    assert world.round == 1 or world.challenger is not None
    assert state.pending() == (2,)


def test_a_determinized_copy_keeps_no_record_and_no_log() -> None:
    state = arranged()
    world = state.determinize(0, random.Random(1))
    with pytest.raises(ValueError, match="determinized"):
        world.record()
    count = len(world.events_for(None))
    bid_all(world, 1, 2, 3)
    assert len(world.events_for(None)) == count
    assert len(state.events_for(None)) == 1
    assert state.record().moves == []


# -------------------------------------------------------------------- clones


def test_clones_are_independent() -> None:
    state = arranged()
    state.apply(0, Bid(3))
    before = fingerprint(state)
    twin = state.clone()
    assert fingerprint(twin) == before
    assert twin.gold is not state.gold and twin.deck is not state.deck
    twin.apply(1, Bid(1))
    twin.apply(2, Bid(0))
    assert twin.pending() == (1,) and twin.gold[0] == 3, "seat 0 won in the clone"
    twin.rng.random()
    rng = random.Random(4)
    while not twin.is_over():
        random_step(twin, rng)
    twin.gold[0] = 99
    twin.won[0].append(6)
    assert fingerprint(state) == before, "playing a clone changed the original"
    assert state.pending() == (1, 2)
    state.apply(1, Bid(2))
    state.apply(2, Bid(2))
    assert state.gold == [3, 6, 6]


def test_clone_continues_identically() -> None:
    state = new(4, seed=9)
    rng = random.Random(9)
    for _ in range(5):
        random_step(state, rng)
    twin = state.clone()
    ra, rb = random.Random(1), random.Random(1)
    while not state.is_over():
        random_step(state, ra)
        random_step(twin, rb)
    assert twin.is_over() and fingerprint(twin) == fingerprint(state)


def test_a_clone_takes_the_offered_moves_unchecked_a_determinized_copy_checks_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots try each legal move on a copy: the copy of a position keeps the list of moves
    just offered (no re-validation), a re-drawn world does not (what is legal may differ)."""
    state = new(3, seed=5)
    seat = state.pending()[0]
    offered = state.legal_actions(seat)
    checked: list[object] = []
    check = State.check

    def spy(self: State, s: int, action: object) -> None:
        checked.append(action)
        check(self, s, action)

    monkeypatch.setattr(State, "check", spy)
    state.clone().apply(seat, offered[0])
    assert checked == []
    state.determinize(seat, random.Random(2)).apply(seat, offered[0])
    assert checked == [offered[0]]
