"""EVENTS and AUCTIONS: the third event token, the event card, the broker auction."""

from motherlode.games.gonza.rules import GonzaState
from tests.games.gonza.helpers import (
    act,
    bids_on,
    conserved,
    fund,
    give,
    lay_brokers,
    new,
    roll,
    stack_broker_deck,
    stack_events,
    value,
)

CARDS = ("rally", "dividend", "hedge", "inheritance")


def bid(state: GonzaState, seat: int, card: str, credits: int) -> None:
    fund(state, seat, credits)
    state.personal[seat] -= credits
    state.bids[state.face_up.index(card) * state.num_players + seat] += credits


def ready(**options: object) -> GonzaState:
    """Player 1 to move with the event face rolled and two tokens on the track."""
    state = new(**options)  # type: ignore[arg-type]
    stack_events(state, "credit-crunch", "tourism-boom", "bubble", "index-crash")
    lay_brokers(state, *CARDS)
    state.tokens = 2
    roll(state, "earn", "place", "bid", "up", "event")
    return state


def test_events_tokens_one_and_two_only_fill_the_track() -> None:
    state = new()
    stack_events(state, "credit-crunch", "bubble", "index-crash", "rotation")
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")
    assert state.tokens == 1 and state.events_done == []


def test_events_third_token_reveals_the_top_event_card() -> None:
    state = ready()
    act(state, 0, "event")
    assert state.events_done == ["credit-crunch"]
    assert state.tokens == 0
    assert len(state.event_deck) == 3
    # Credit Crunch: financial -2 (Hensler 2 -> 0, Azing & Van Trovic 3 -> 1)
    assert value(state, "hensler") == 0 and value(state, "azing") == 1
    assert value(state, "mrtc") == 2 and value(state, "novatek") == 1


def test_events_markers_stop_at_the_bottom_and_top() -> None:
    state = ready()
    stack_events(state, "mine-collapse", "bubble", "index-crash")
    act(state, 0, "event")
    assert value(state, "kepler") == 0  # 1 space up the track, moved down 2: stops at 0
    assert value(state, "helix") == 0
    assert value(state, "novatek") == 2


def test_events_note_the_activating_player_chooses_the_moment() -> None:
    """'They can perform one action, activate the event then perform the rest.'"""
    state = ready()
    fund(state, 0, 1)
    act(state, 0, "bid rally")  # before the event: the bid counts in its auction
    act(state, 0, "event")
    assert "rally" in state.hands[0]
    assert value(state, "hensler") == 0
    act(state, 0, "up hensler", "place hensler")  # after the event, at the new value
    assert value(state, "hensler") == 1
    assert state.credits_on(state.slot["hensler"], 0) == 1


def test_auctions_most_bids_wins_and_pays_the_rest_are_refunded() -> None:
    state = ready()
    bid(state, 1, "dividend", 2)
    bid(state, 2, "dividend", 1)
    supply_before = list(state.supply)
    act(state, 0, "event")
    assert state.hands[1] == ["dividend"]
    assert state.supply[1] == supply_before[1] + 2 and state.paid[1] == 2
    assert state.personal[2] == 2 + 1
    assert state.supply[2] == supply_before[2]
    assert conserved(state)


def test_auctions_a_tie_with_the_activating_player_goes_to_them() -> None:
    state = ready()
    bid(state, 0, "hedge", 1)
    bid(state, 3, "hedge", 1)
    act(state, 0, "event")
    assert "hedge" in state.hands[0]
    assert state.paid == [1, 0, 0, 0]
    assert state.personal[3] == 3
    assert conserved(state)


def test_auctions_a_tie_without_the_activating_player_discards_the_card() -> None:
    state = ready()
    bid(state, 1, "inheritance", 2)
    bid(state, 2, "inheritance", 2)
    bid(state, 3, "inheritance", 1)
    act(state, 0, "event")
    assert all("inheritance" not in hand for hand in state.hands)
    assert state.personal[1:] == [4, 4, 3]
    assert state.paid == [0, 0, 0, 0]
    assert "inheritance" in state.broker_deck[-4:]
    assert conserved(state)


def test_auctions_the_face_up_cards_go_to_the_bottom_and_four_are_revealed() -> None:
    state = ready()
    stack_broker_deck(state, "bull-run", "bear-raid", "safe-harbour", "headhunter")
    bid(state, 1, "dividend", 1)
    act(state, 0, "event")
    assert state.face_up == ["bull-run", "bear-raid", "safe-harbour", "headhunter"]
    assert state.broker_deck[-3:] == ["rally", "hedge", "inheritance"]
    assert state.bids == [0] * 16
    assert state.deck_hidden == len(state.broker_deck) - 3


def test_auctions_bids_from_several_turns_add_up() -> None:
    state = new()
    lay_brokers(state, *CARDS)
    fund(state, 0, 2)
    roll(state, "bid", "earn", "earn", "earn", "up")
    act(state, 0, "bid rally", "end")
    for seat in (1, 2, 3):
        roll(state, "earn", "earn", "earn", "earn", "up")
        act(state, seat, "end")
    roll(state, "bid", "earn", "earn", "earn", "up")
    act(state, 0, "bid rally")
    assert bids_on(state, "rally")[0] == 2


def test_auctions_an_event_is_followed_at_once_by_the_auction_even_when_cancelled() -> None:
    state = ready()
    give(state, 1, "safe-harbour")
    bid(state, 2, "rally", 1)
    act(state, 0, "event")
    assert state.pending() == (1,) and state.observe(1)["protect"] == {
        "seat": 1,
        "card": "safe-harbour",
    }
    act(state, 1, "play safe-harbour .")
    assert value(state, "hensler") == 2  # the Credit Crunch had no effect
    assert state.event_cancelled and state.events_done == ["credit-crunch"]
    assert "rally" in state.hands[2]  # the auction still ran
    assert state.pending() == (0,)


def test_auctions_fewer_cards_are_revealed_when_the_deck_runs_short() -> None:
    state = ready()
    spare = [c for c in state.broker_deck if c not in ("bull-run", "bear-raid")]
    give(state, 1, *spare[:5])
    give(state, 2, *spare[5:])
    stack_broker_deck(state, "bull-run", "bear-raid")
    assert state.broker_deck == ["bull-run", "bear-raid"]
    bid(state, 3, "rally", 1)
    act(state, 0, "event")
    holder = next(s for s in (1, 2) if "safe-harbour" in state.hands[s])
    act(state, holder, "pass")
    # Market Rally is won; the three other cards go under the two left, then four come up
    assert state.face_up == ["bull-run", "bear-raid", "dividend", "hedge"]
    assert state.broker_deck == ["inheritance"]
