"""3 - REVEALING «EVENTS» and the appendix "Events in details" (a to g)."""

from __future__ import annotations

import pytest

from motherlode.games.goodwill import events, market
from motherlode.games.goodwill.components import AMBER, BLACK, CRIMSON, Event
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import COAL, OIL, WORKERS, boss, card, new


def board(
    bosses: tuple[str | None, str | None, str | None] = (None, None, None),
    resources: tuple[list[int], list[int], list[int]] | None = None,
    shares: tuple[int, int, int] | None = None,
) -> GoodwillState:
    """A 4-player game at the start, with the given bosses, resource tokens, market shares."""
    state = new(4, seed=9)
    state.boss = [None if b is None else boss(b) for b in bosses]
    if resources is not None:
        state.resources = [list(r) for r in resources]
    if shares is not None:
        state.market = list(shares)
    return state


def played(state: GoodwillState) -> list[str]:
    return [e.text for e in state.events_for(None) if " %: " in e.text]


# ------------------------------------------------------------------ phase 3


def test_revealing_events_example_80_50_25_10() -> None:
    """The 10 % event is not played; then the 80 %, the 50 % and the 25 % events, in order."""
    state = board()
    state.resource_price[OIL] = 20
    state.information = (
        (25, card("Oil +5", "Innovation 1")),
        (80, card("Oil +10", "Advertising 1")),
        (10, card("Workers +10", "Efficiency 3")),
        (50, card("Oil -10", "Efficiency 2")),
    )
    events.reveal_events(state)
    assert played(state) == [
        "80 %: Oil +10",
        "80 %: Advertising 1",
        "50 %: Oil -10",
        "50 %: Efficiency 2",
        "25 %: Oil +5",
        "25 %: Innovation 1",
    ]
    # 20 + 10 = 30 is capped at 25, then 15, then 20; the dropped workers +10 never happens.
    assert state.resource_price == [20, 10, 10]
    assert not state.information
    assert [p for p, _ in state.revealed] == [25, 80, 10, 50]


def test_the_left_event_is_placed_first_then_the_right() -> None:
    """Funding: workers, then Innovation 2: Amber is funded before its workers go."""
    state = board(("Irving", None, None), ([1, 1, 1], [1, 1, 1], [1, 1, 1]))
    state.information = (
        (90, card("Funding: workers", "Innovation 2")),
        (50, card("Oil -10", "Efficiency 2")),
        (40, card("Coal +10", "Innovation 3")),
        (5, card("Oil +10", "Advertising 1")),
    )
    events.reveal_events(state)
    assert state.capital == [120, 110, 110]
    assert state.resources[AMBER] == [2, 1, 0]


# ---------------------------------------------------------- a) price variations


def test_price_variations_example_oil_plus_10() -> None:
    """a) The rulebook: "Oil +10; and the Oil marker is on the 10 space ... the 20 space"."""
    state = board()
    events.play_event(state, Event("price", (OIL,), change=10))
    assert state.resource_price == [20, 10, 10]


def test_prices_stay_between_0_and_25() -> None:
    state = board()
    state.resource_price = [20, 5, 25]
    events.play_event(state, Event("price", (OIL,), change=10))
    events.play_event(state, Event("price", (COAL,), change=-10))
    events.play_event(state, Event("price", (COAL, WORKERS), change=5))
    assert state.resource_price == [25, 5, 25]


# ------------------------------------------------------------- b) c) funding, tax


def test_funding_example_charcoal_black_receives_20() -> None:
    """b) The rulebook: "If a charkoal funding happens, Black should receive $20"."""
    state = board(resources=([2, 0, 1], [0, 2, 1], [1, 0, 2]))
    events.play_event(state, Event("funding", (COAL,)))
    assert state.capital == [110, 120, 100]
    assert state.bank == -20


def test_funding_and_tax_count_every_resource_named() -> None:
    state = board(resources=([1, 1, 1], [0, 2, 1], [3, 0, 0]))
    events.play_event(state, Event("funding", (OIL, COAL)))
    assert state.capital == [130, 120, 130]
    events.play_event(state, Event("tax", (COAL, WORKERS)))
    assert state.capital == [110, 90, 130]
    assert state.bank == -70 + 50


def test_a_company_that_cannot_pay_a_tax_goes_bankrupt_at_once() -> None:
    state = board(("Betty", "Bobby", "Clark"), ([3, 0, 0], [0, 2, 1], [1, 1, 1]))
    state.capital = [29, 100, 100]
    events.play_event(state, Event("tax", (OIL,)))
    assert state.bankrupt == [True, False, False]
    assert state.capital[AMBER] == 0 and state.market == [0, 50, 50]
    # Crimson paid its $10; Amber's $29 went to the bank with it.
    assert state.capital == [0, 100, 90] and state.bank == 29 + 10
    # The next events see two companies left: advertising takes 10 % from the other.
    events.play_event(state, Event("advertising", level=3))
    assert state.market == [0, 40, 60]


def test_companies_failing_the_same_tax_go_bankrupt_together() -> None:
    state = board(("Betty", "Bobby", "Clark"), ([3, 0, 0], [2, 0, 1], [0, 1, 2]))
    state.capital = [20, 10, 100]
    events.play_event(state, Event("tax", (OIL,)))
    assert state.bankrupt == [True, True, False]
    assert state.market == [0, 0, 100]


# ---------------------------------------------------------------- d) innovation


def test_innovation_first_priority_line() -> None:
    """Arthur (3): coal -> oil first, workers -> oil second; one token changes."""
    state = board(("Arthur", "Arthur", "Arthur"), ([0, 2, 1], [1, 0, 1], [3, 0, 0]))
    events.play_event(state, Event("innovation", level=3))
    assert state.resources[AMBER] == [1, 1, 1]  # first line: one coal becomes oil
    assert state.resources[BLACK] == [2, 0, 0]  # no coal: second line, workers -> oil
    assert state.resources[CRIMSON] == [3, 0, 0]  # only what the boss wants: nothing


def test_innovation_needs_exactly_the_boss_level() -> None:
    state = board(("Arthur", "Doris", "Clark"), ([0, 2, 1], [1, 0, 1], [1, 1, 1]))
    events.play_event(state, Event("innovation", level=2))
    assert state.resources == [[0, 2, 1], [1, 1, 0], [1, 1, 1]]  # only Doris (2) acts


# ---------------------------------------------------------------- e) efficiency


@pytest.mark.parametrize(
    ("held", "after"),
    [
        ([2, 1, 0], [1, 1, 0]),
        ([3, 0, 0], [2, 0, 0]),  # "if the 3 resources are identical, one of the 3 is removed"
        ([0, 2, 0], [0, 1, 0]),
        ([1, 1, 1], [1, 1, 1]),  # just different resources: nothing happens
        ([0, 0, 1], [0, 0, 1]),  # a company cannot have 0 resource
    ],
)
def test_efficiency_removes_one_copy(held: list[int], after: list[int]) -> None:
    state = board(("Hazel", None, None), (list(held), [1, 1, 1], [1, 1, 1]))
    events.play_event(state, Event("efficiency", level=3))
    assert state.resources[AMBER] == after


# --------------------------------------------------------------- f) advertising

ALIVE = (True, True, True)


@pytest.mark.parametrize(
    ("shares", "concerned", "after"),
    [
        ([30, 35, 35], [AMBER], [40, 30, 30]),  # the two others lose 5 % each
        ([50, 0, 50], [AMBER], [60, 0, 40]),  # one other has 0 %: the third loses 10 %
        ([95, 0, 5], [AMBER], [100, 0, 0]),  # ... but it only has 5 % to give
        ([100, 0, 0], [AMBER], [100, 0, 0]),
        ([30, 35, 35], [AMBER, BLACK], [35, 40, 25]),  # two concerned: the third loses 10 %
        ([50, 50, 0], [AMBER, BLACK], [50, 50, 0]),  # the third has 0 %: nothing happens
        ([45, 50, 5], [AMBER, BLACK], [45, 55, 0]),  # 5 %: to the biggest market share
        ([30, 35, 35], [AMBER, BLACK, CRIMSON], [30, 35, 35]),  # all three: nothing
        ([30, 35, 35], [], [30, 35, 35]),
    ],
)
def test_special_case_for_advertising(
    shares: list[int], concerned: list[int], after: list[int]
) -> None:
    market.advertise(shares, ALIVE, concerned)
    assert shares == after


@pytest.mark.parametrize(
    ("shares", "concerned", "after"),
    [
        ([0, 40, 60], [BLACK], [0, 50, 50]),  # 1 concerned takes 10 % from the other
        ([0, 95, 5], [BLACK], [0, 100, 0]),
        ([0, 40, 60], [BLACK, CRIMSON], [0, 40, 60]),  # both concerned: nothing happens
    ],
)
def test_advertising_with_only_two_companies_left(
    shares: list[int], concerned: list[int], after: list[int]
) -> None:
    market.advertise(shares, (False, True, True), concerned)
    assert shares == after


def test_advertising_follows_the_bosses_marks() -> None:
    """Clark and Lloyd have advertising 3; Arthur 2."""
    state = board(("Clark", "Arthur", "Lloyd"))
    events.play_event(state, Event("advertising", level=3))
    assert state.market == [35, 25, 40]
    events.play_event(state, Event("advertising", level=1))
    assert state.market == [35, 25, 40]


# ------------------------------------------------------------------- g) scandal


def test_scandal_the_boss_leaves_and_the_company_loses_10() -> None:
    state = board(("Arthur", "Betty", "Clark"))
    events.play_event(state, Event("scandal", company=AMBER))
    assert state.boss[AMBER] is None
    assert state.boss_deck[-1] == boss("Arthur")
    assert state.market == [20, 40, 40]


@pytest.mark.parametrize(
    ("shares", "alive", "after"),
    [
        ([5, 50, 45], ALIVE, [0, 55, 45]),  # only 5 %: to the highest market share
        ([0, 50, 50], ALIVE, [0, 50, 50]),
        ([10, 45, 45], ALIVE, [0, 50, 50]),
        ([40, 60, 0], (True, True, False), [30, 70, 0]),  # two left: 10 % to the other
        ([5, 95, 0], (True, True, False), [0, 100, 0]),
        ([100, 0, 0], (True, False, False), [100, 0, 0]),  # nobody to give to
    ],
)
def test_scandal_market_share_cases(
    shares: list[int], alive: tuple[bool, bool, bool], after: list[int]
) -> None:
    market.scandal(shares, alive, AMBER)
    assert shares == after


def test_a_scandal_on_a_bankrupt_company_changes_nothing() -> None:
    state = board(("Arthur", "Betty", "Clark"))
    state.bankrupt[AMBER] = True
    state.boss[AMBER] = None
    state.market = [0, 50, 50]
    deck = list(state.boss_deck)
    events.play_event(state, Event("scandal", company=AMBER))
    assert state.market == [0, 50, 50] and state.boss_deck == deck
