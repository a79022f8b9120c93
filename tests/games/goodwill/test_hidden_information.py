"""Hidden information: informations seen only by their seats, prices secret until revealed."""

from __future__ import annotations

import json
import random

import pytest

from motherlode.games.goodwill.actions import Price
from motherlode.games.goodwill.components import COMPONENTS
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import new, set_prices

VISIBLE_KEYS = {"space", "seen_by", "percentage", "card", "left", "right"}


def spaces_seen(view: dict[str, object]) -> set[int]:
    info = view["information"]
    assert isinstance(info, list)
    return {i["space"] for i in info if "percentage" in i}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_sees_its_own_information_spaces(players: int) -> None:
    """Phase 1: "Player 2 (blue) can see informations indicated by the number 2"."""
    state = new(players, seed=3)
    for seat in range(players):
        expected = {seat % 4, (seat + 1) % 4}
        view = state.observe(seat)
        assert spaces_seen(view) == expected
        for info in view["information"]:
            if info["space"] in expected:
                assert set(info) == VISIBLE_KEYS
                assert (info["percentage"], info["card"]) == state.information[info["space"]]
            else:
                assert set(info) == {"space", "seen_by"}
        assert view["my_information"] == [seat % 4, (seat + 1) % 4]
    assert spaces_seen(state.observe(None)) == set()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_log_shows_a_seat_only_its_own_informations(players: int) -> None:
    state = new(players, seed=5)
    for seat in [None, *range(players)]:
        private = [e for e in state.events_for(seat) if e.data and "space" in e.data]
        spaces = {e.data["space"] for e in private if e.data}
        assert spaces == (set() if seat is None else {seat % 4, (seat + 1) % 4})
        for event in private:
            assert event.seats is not None and seat in event.seats


def test_no_view_changes_with_the_informations_a_seat_cannot_see() -> None:
    """Swap the cards of the spaces Player 1 cannot see: its view and log stay the same."""
    a = new(4, seed=8)
    b = new(4, seed=8)
    hidden = [2, 3]  # Player 1 (seat 0) sees spaces 0 and 1
    unused = [
        e for e in range(len(COMPONENTS.events)) if e not in {card for _, card in b.information}
    ]
    pairs = list(b.information)
    for space, card in zip(hidden, unused, strict=False):
        pairs[space] = (pairs[space][0], card)
    b.information = tuple(pairs)
    assert a.observe(0) == b.observe(0)
    assert a.observe(1) != b.observe(1)  # Player 2 sees space 2


def test_other_players_prices_are_secret_before_the_reveal() -> None:
    for secret in (0, 38):
        state = new(4, seed=2)
        state.apply(0, Price(secret))
        state.apply(1, Price(20))
        for seat in (2, 3, None):
            view = json.dumps(state.observe(seat), sort_keys=True)
            log = [e.to_json() for e in state.events_for(seat)]
            reference = new(4, seed=2)
            reference.apply(0, Price(17))
            reference.apply(1, Price(20))
            assert view == json.dumps(reference.observe(seat), sort_keys=True)
            assert log == [e.to_json() for e in reference.events_for(seat)]
        assert state.observe(0)["my_commitment"] == {"type": "price", "dollars": secret}


def test_prices_are_revealed_together() -> None:
    state = new(3, seed=2)
    set_prices(state, [7, 30, 12])
    for seat in (None, 0, 1, 2):
        assert state.observe(seat)["last_transaction"]["prices"] == [7, 30, 12]
    assert any("Player 2 $30" in e.text for e in state.events_for(None))


def determinized(state: GoodwillState, seat: int, seed: int) -> GoodwillState:
    world = state.determinize(seat, random.Random(seed))
    assert isinstance(world, GoodwillState)
    return world


def test_determinize_keeps_what_the_seat_saw_and_redraws_the_rest() -> None:
    state = new(4, seed=12)
    seat = 1  # sees spaces 1 and 2
    hidden_draws = set()
    for seed in range(30):
        world = determinized(state, seat, seed)
        assert world.information[1:3] == state.information[1:3]
        pcts = [p for p, _ in world.information]
        cards = [c for _, c in world.information]
        assert len(set(pcts)) == 4 and len(set(cards)) == 4
        assert world.observe(seat) == state.observe(seat)
        hidden_draws.add((world.information[0], world.information[3]))
    assert len(hidden_draws) > 20, "the unseen informations are really re-drawn"


def test_determinize_keeps_the_known_bottom_of_the_boss_deck() -> None:
    state = new(3, seed=12)
    state.boss_to_bottom(0)  # a scandal: everyone saw this boss go under the deck
    gone = state.boss_deck[-1]
    tops = set()
    for seed in range(20):
        world = determinized(state, 0, seed)
        assert world.boss_deck[-1] == gone
        assert sorted(world.boss_deck) == sorted(state.boss_deck)
        tops.add(world.boss_deck[0])
    assert len(tops) > 1
    assert state.observe(0)["boss_deck"]["known_bottom"] == [COMPONENTS.bosses[gone].name]


def test_revealed_informations_are_public() -> None:
    state = new(3, seed=2)
    drawn = state.information
    state._end_year()
    for seat in (None, 0, 1, 2):
        revealed = state.observe(seat)["revealed"]
        assert [(r["percentage"], r["card"]) for r in revealed] == list(drawn)
