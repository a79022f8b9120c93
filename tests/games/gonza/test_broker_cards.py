"""BROKER CARDS: each card's effect, when it may be played, and the hand limit."""

import pytest

from motherlode import IllegalAction
from motherlode.games.gonza.actions import Discard, Play
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.tables import DISCARD, TURN
from tests.games.gonza.helpers import (
    GAME,
    act,
    conserved,
    fund,
    give,
    lay_brokers,
    new,
    place,
    roll,
    set_value,
    stack_broker_deck,
    stack_events,
    value,
)


def holding(*cards: str, players: int = 4) -> GonzaState:
    state = new(players=players)
    roll(state, "earn", "earn", "earn", "earn", "up")
    give(state, 0, *cards)
    return state


def test_broker_cards_market_rally_moves_one_corporation_up_one() -> None:
    state = holding("rally")
    act(state, 0, "play rally hensler")
    assert value(state, "hensler") == 3
    assert state.hands[0] == [] and state.broker_deck[-1] == "rally"
    assert state.rerolls_left == 2  # a card is not a die: the dice may still be re-rolled


def test_broker_cards_bull_run_moves_two_and_stops_at_the_top() -> None:
    state = holding("bull-run")
    set_value(state, "novatek", 9)
    act(state, 0, "play bull-run novatek")
    assert value(state, "novatek") == 12
    state = holding("bull-run")
    set_value(state, "novatek", 12)
    assert Play("bull-run", ("novatek",)) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="top of its track"):
        act(state, 0, "play bull-run novatek")


def test_broker_cards_profit_warning_and_bear_raid_move_down() -> None:
    state = holding("profit-warning", "bear-raid")
    act(state, 0, "play profit-warning azing", "play bear-raid azing")
    assert value(state, "azing") == 0
    assert not any(a == Play("bear-raid", ("azing",)) for a in state.legal_actions(0))


def test_broker_cards_sector_surge_and_slump_move_every_corporation_of_a_type() -> None:
    state = holding("sector-surge", "sector-slump")
    act(state, 0, "play sector-surge resource")
    assert (value(state, "helix"), value(state, "kepler")) == (3, 2)
    act(state, 0, "play sector-slump financial")
    assert (value(state, "hensler"), value(state, "azing")) == (1, 2)


def test_broker_cards_sector_card_names_a_type_on_the_market() -> None:
    state = holding("sector-surge", players=4)
    with pytest.raises(IllegalAction, match="one corporation type on the market"):
        act(state, 0, "play sector-surge mining")
    with pytest.raises(IllegalAction, match="one corporation type"):
        act(state, 0, "play sector-surge tech,resource")


def test_broker_cards_dividend_gains_up_to_four_credits() -> None:
    state = holding("dividend")
    act(state, 0, "play dividend .")
    assert state.personal[0] == 5 and conserved(state)
    state = holding("dividend")
    fund(state, 0, state.supply[0] - 2)
    act(state, 0, "play dividend .")
    assert state.supply[0] == 0 and conserved(state)
    state = holding("dividend")
    fund(state, 0, state.supply[0])
    with pytest.raises(IllegalAction, match="no credits of your colour left"):
        act(state, 0, "play dividend .")


def test_broker_cards_buying_spree_places_up_to_three_stocks() -> None:
    state = holding("buying-spree")
    fund(state, 0, 3)
    act(state, 0, "play buying-spree hensler,hensler,mrtc")
    assert state.credits_on(state.slot["hensler"], 0) == 2
    assert state.credits_on(state.slot["mrtc"], 0) == 1
    assert state.personal[0] == 1 and conserved(state)


def test_broker_cards_buying_spree_follows_the_placing_rules() -> None:
    state = holding("buying-spree", players=2)
    place(state, 1, "hensler", 5)
    with pytest.raises(IllegalAction, match="only 1 credits"):
        act(state, 0, "play buying-spree azing,mrtc")
    fund(state, 0, 3)
    with pytest.raises(IllegalAction, match="more than 6 credits"):
        act(state, 0, "play buying-spree hensler,hensler")
    with pytest.raises(IllegalAction, match="alphabetical order: azing,mrtc"):
        act(state, 0, "play buying-spree mrtc,azing")
    with pytest.raises(IllegalAction, match="1 to 3 corporations"):
        act(state, 0, "play buying-spree azing,azing,azing,azing")
    act(state, 0, "play buying-spree hensler")
    assert state.total[state.slot["hensler"]] == 6


def test_broker_cards_insider_tip_places_then_raises() -> None:
    state = holding("insider-tip")
    act(state, 0, "play insider-tip kepler")
    assert state.credits_on(state.slot["kepler"], 0) == 1
    assert value(state, "kepler") == 2


def test_broker_cards_headhunter_takes_the_first_ai_card_drawn() -> None:
    state = holding("headhunter")
    stack_broker_deck(state, "sector-surge", "sector-slump", "dividend", "rally")
    hidden = state.deck_hidden
    act(state, 0, "play headhunter .")
    assert state.hands[0] == ["dividend"]
    assert state.broker_deck[0] == "rally"
    assert state.broker_deck[-3:] == ["sector-surge", "sector-slump", "headhunter"]
    assert state.deck_hidden == hidden - 3
    assert state.observe(1)["broker_deck_bottom"][-3:] == state.broker_deck[-3:]


def test_broker_cards_headhunter_with_no_ai_card_left_takes_nothing() -> None:
    state = holding("headhunter")
    ai_cards = [c for c in state.broker_deck if state.comp.card[c].ai]
    give(state, 1, *ai_cards)
    act(state, 0, "play headhunter .")
    assert state.hands[0] == []


def test_broker_cards_end_game_cards_are_never_played() -> None:
    state = holding("inheritance", "hedge", "diversified")
    assert not any(isinstance(a, Play) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="end-game card"):
        act(state, 0, "play inheritance .")


def test_broker_cards_safe_harbour_only_as_an_event_is_revealed() -> None:
    state = holding("safe-harbour")
    with pytest.raises(IllegalAction, match="only be played as an event card is revealed"):
        act(state, 0, "play safe-harbour .")


def test_broker_cards_safe_harbour_holder_may_let_the_event_happen() -> None:
    state = new()
    stack_events(state, "credit-crunch", "bubble", "index-crash", "rotation")
    give(state, 2, "safe-harbour")
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")
    assert state.pending() == (2,)
    assert state.legal_actions(2) == [Play("safe-harbour", ()), GAME.parse_action("pass")]
    with pytest.raises(IllegalAction, match="play Safe Harbour"):
        act(state, 2, "earn")
    act(state, 2, "pass")
    assert value(state, "hensler") == 0
    assert state.hands[2] == ["safe-harbour"]
    assert state.pending() == (0,) and state.phase == TURN


def test_broker_cards_inheritance_gives_five_at_the_end() -> None:
    state = new()
    give(state, 1, "inheritance")
    assert state.score_parts(1) == {"credits": 2, "stocks": 0, "cards": 5}


def test_broker_cards_diversified_portfolio_needs_three_types() -> None:
    state = new()
    give(state, 1, "diversified")
    place(state, 1, "hensler")
    place(state, 1, "azing")
    place(state, 1, "mrtc")
    assert state.score_parts(1)["cards"] == 0  # financial and services: two types
    place(state, 1, "kepler")
    assert state.score_parts(1)["cards"] == 7


def test_broker_cards_hedge_fund_covers_the_biggest_loss() -> None:
    state = new()
    give(state, 1, "hedge")
    place(state, 1, "hensler", 3)  # start 2, now 0: a loss of 6
    place(state, 1, "azing", 1)  # start 3, now 1: a loss of 2
    place(state, 1, "mrtc", 2)  # start 2, now 4: a gain
    set_value(state, "hensler", 0)
    set_value(state, "azing", 1)
    set_value(state, "mrtc", 4)
    assert state.score_parts(1) == {"credits": 2, "stocks": 0 + 1 + 8, "cards": 6}


def test_broker_cards_played_only_in_ones_own_turn() -> None:
    state = holding("rally")
    give(state, 1, "bull-run")
    with pytest.raises(IllegalAction, match="not Player 2's decision"):
        act(state, 1, "play bull-run hensler")


def test_auctions_hand_limit_discard_down_to_two_at_the_end_of_the_turn() -> None:
    state = holding("rally", "inheritance", "hedge")
    act(state, 0, "end")
    assert state.phase == DISCARD and state.pending() == (0,)
    assert state.legal_actions(0) == [Discard("rally"), Discard("inheritance"), Discard("hedge")]
    with pytest.raises(IllegalAction, match="do not hold"):
        act(state, 0, "discard dividend")
    act(state, 0, "discard rally")
    assert state.hands[0] == ["inheritance", "hedge"]
    assert state.broker_deck[-1] == "rally"
    assert state.active == 1


def test_auctions_extra_cards_kept_until_the_end_of_ones_next_turn() -> None:
    """A third card won in another player's turn is kept and usable until the end of one's
    own next turn, then the hand is cut to 2."""
    state = new(players=3)
    give(state, 1, "inheritance", "hedge")
    stack_events(state, "bubble", "credit-crunch", "index-crash", "rotation")
    lay_brokers(state, "rally", "dividend", "safe-harbour", "headhunter")
    fund(state, 1, 1)
    state.personal[1] -= 1
    state.bids[1 * 3 + 1] = 1  # Player 2 bid on Dividend earlier
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event", "end")
    assert state.hands[1] == ["inheritance", "hedge", "dividend"]
    assert state.active == 1 and state.phase == TURN
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 1, "play dividend .", "end")
    assert state.hands[1] == ["inheritance", "hedge"] and state.active == 2
