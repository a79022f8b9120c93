"""RISK (p15): the optional draw, the reshuffle, HOLD cards, the deck, the scenarios."""

import pytest

from motherlode.games.goldfix.actions import Answer, Draw, Move, PlayHold, Reshuffle, Sell
from motherlode.games.goldfix.components import standard_risk_deck
from motherlode.games.goldfix.core import ANSWER, DRAW, RESHUFFLE
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.goldfix.helpers import LoadedDice, at_move, give_mine, new


def card_number(state: GoldfixState, card_id: str) -> int:
    return next(i for i, c in enumerate(state.cards) if c.id == card_id)


def on_top(state: GoldfixState, card_id: str) -> int:
    number = card_number(state, card_id)
    state.risk_deck.cards.remove(number)
    state.risk_deck.cards.insert(0, number)
    return number


def land_on_risk(state: GoldfixState, seat: int = 0) -> None:
    at_move(state, seat, 5, (1, 6))
    state.apply(seat, Move(1))


def test_the_deck_has_36_cards_with_the_components_counts() -> None:
    deck = standard_risk_deck()
    assert len(deck) == 36
    kinds = [c.kind for c in deck]
    assert kinds.count("bullion_broker") == 4
    assert sorted((c.rate, c.drop) for c in deck if c.kind == "bullion_broker") == [
        (10, 100),
        (15, 100),
        (20, 100),
        (25, 200),
    ]
    for kind in (
        "flash_sale",
        "merchant_bank",
        "liquidation",
        "tax_budget_day",
        "interim_bullion_tax",
        "interim_corporation_tax",
        "mine_lease_auction",
        "drill_report_auction",
        "goldfix",
    ):
        assert kinds.count(kind) == 2, kind
    scenarios = [c for c in deck if c.kind == "scenario"]
    assert len(scenarios) == 14
    assert sum(1 for c in scenarios if c.question) >= 4
    assert any(c.hold for c in scenarios)
    assert all(c.hold for c in deck if c.kind in ("flash_sale", "liquidation"))


def test_drawing_is_optional() -> None:
    state = new()
    land_on_risk(state)
    assert state.phase == DRAW and state.legal_actions(0) == [Draw(False), Draw(True)]
    deck = list(state.risk_deck.cards)
    state.apply(0, Draw(False))
    assert state.risk_deck.cards == deck and state.pending() == (1,)


def test_reshuffle_when_another_player_is_still_on_the_square() -> None:
    state = new()
    state.position[2] = 6
    land_on_risk(state)
    assert state.phase == RESHUFFLE
    state.apply(0, Reshuffle(True))
    assert state.phase == DRAW and state.risk_deck.unknown == 36
    state = new()
    state.position[2] = 6
    state.active[2] = False  # a bankrupt player's cocopan has left the board
    land_on_risk(state)
    assert state.phase == DRAW


def test_a_used_card_goes_to_the_bottom() -> None:
    state = new()
    number = on_top(state, "goldfix")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.goldfix == 1100
    assert state.risk_deck.cards[-1] == number
    assert state.risk_deck.known_bottom() == [number]


def test_hold_cards_are_kept_face_up_and_played_before_rolling() -> None:
    state = new()
    give_mine(state, 0, "Alpaca")
    give_mine(state, 0, "Kudu")
    number = on_top(state, "extra-shift")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.holds[0] == (number,) and number not in state.risk_deck.cards
    assert state.observe(1)["players"][0]["holds"] == ["extra-shift"]
    state._start_turn(0)
    state.apply(0, PlayHold("extra-shift"))
    assert state.vault[0] == 50 and not state.holds[0]
    assert state.risk_deck.cards[-1] == number


def test_interim_taxes_are_20_percent() -> None:
    state = new()
    state.vault[0] = 100
    state.goldfix = 1500
    on_top(state, "interim-bullion-tax")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.cash[0] == 470
    state = new()
    state.cash[0] = 1000
    on_top(state, "interim-corporation-tax")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.cash[0] == 900


def test_risk_tax_budget_day_card() -> None:
    state = new()
    on_top(state, "tax-budget-day")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.tax == "HIGH"


def test_risk_broker_card_fixed_rate_and_drop() -> None:
    state = new()
    state.vault = [0, 100, 0]
    state.goldfix = 1600
    on_top(state, "broker-25")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.pending() == (1,) and state.market_rate == 25
    state.apply(1, Sell(100))
    assert state.cash[1] == 500 + 120 and state.cash[0] == 540
    assert state.goldfix == 1400


def test_risk_auction_card_makes_the_drawer_broker() -> None:
    state = new(3)
    on_top(state, "mine-lease-auction")
    land_on_risk(state, seat=1)
    state.apply(1, Draw(True))
    assert state.auction_broker == 1 and len(state.lots) == 2


@pytest.mark.parametrize(
    ("card", "yes", "cash", "vault", "notes"),
    [
        ("refinancing", True, 300, 100, 1),
        ("refinancing", False, 500, 100, 2),
        ("equipment-failure", True, 460, 100, 2),
        ("equipment-failure", False, 500, 0, 2),
        ("labour-strike", True, 490, 100, 2),
        ("labour-strike", False, 500, 50, 2),
    ],
)
def test_yes_no_cards(card: str, yes: bool, cash: int, vault: int, notes: int) -> None:
    state = new()
    give_mine(state, 0, "Alpaca")
    state.vault[0] = 100
    on_top(state, card)
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.phase == ANSWER
    state.apply(0, Answer(yes))
    assert (state.cash[0], state.vault[0], state.notes[0]) == (cash, vault, notes)


def test_yes_is_offered_only_when_possible() -> None:
    state = new()
    state.notes[0] = 0
    on_top(state, "refinancing")
    land_on_risk(state)
    state.apply(0, Draw(True))
    assert state.legal_actions(0) == [Answer(False)]


def test_scenarios_without_questions_act_at_once() -> None:
    state = new()
    give_mine(state, 0, "Alpaca")
    give_mine(state, 0, "Kudu", headgear=False)
    state.vault[0] = 80
    for card, cash, vault in (
        ("rich-seam", 500, 130),
        ("government-grant", 540, 130),
        ("royalties", 560, 130),
        ("mine-flooding", 560, 97),  # 25% of 130 = 32.5, rounded to 33
        ("safety-fine", 550, 97),
        ("audit", 525, 97),
        ("vault-theft", 525, 47),
    ):
        on_top(state, card)
        land_on_risk(state)
        state.apply(0, Draw(True))
        assert (state.cash[0], state.vault[0]) == (cash, vault), card


def test_gamble_cards_roll_a_die() -> None:
    state = new()
    on_top(state, "joint-venture")
    land_on_risk(state)
    state.apply(0, Draw(True))
    state.rng = LoadedDice(4)
    state.apply(0, Answer(True))
    assert state.cash[0] == 500 - 50 + 150
    on_top(state, "lawsuit")
    land_on_risk(state)
    state.apply(0, Draw(True))
    state.rng = LoadedDice(3)
    state.apply(0, Answer(False))
    assert state.cash[0] == 600 - 150
