"""3 - REVEALING «EVENTS» and the appendix "Events in details" (a to g).

Functions on a :class:`~motherlode.games.goodwill.rules.GoodwillState`; bots call
:func:`reveal_events` on their own copies to look ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.games.goodwill import market, results
from motherlode.games.goodwill.components import COMPANIES, Event

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState


def reveal_events(state: GoodwillState) -> None:
    """3 - REVEALING «EVENTS»: drop the lowest percentage, play the others highest first.

    "The lowest percentage card will be removed and placed back in its deck. The same will
    be done for the attached event card.  The 3 other events will be achieved in the
    descending order of the attached percentages."  Left event first, then right.
    """
    pairs = state.information
    if state.logging:
        state.log(
            "The information cards are revealed: "
            + "; ".join(f"{p} % {state.comp.events[e].label}" for p, e in pairs)
        )
    ordered = sorted(pairs, reverse=True)
    if state.logging and ordered:
        state.log(f"The {ordered[-1][0]} % information is dropped")
    cards = state.comp.events
    for pct, number in ordered[:-1]:
        card = cards[number]
        for event in (card.left, card.right):
            if state.logging:
                state.log(f"{pct} %: {event.label}")
            play_event(state, event)
    state.revealed = pairs
    state.information = ()


def play_event(state: GoodwillState, event: Event) -> None:
    """Play one event, whatever its type."""
    kind = event.kind
    if kind == "price":
        price_variation(state, event)
    elif kind == "funding":
        funding(state, event)
    elif kind == "tax":
        tax(state, event)
    elif kind == "innovation":
        innovation(state, event.level)
    elif kind == "efficiency":
        efficiency(state, event.level)
    elif kind == "advertising":
        advertising(state, event.level)
    else:
        scandal(state, event.company)


def price_variation(state: GoodwillState, event: Event) -> None:
    """a) PRICE VARIATIONS FOR THE RESOURCES: move each price marker, within $0-$25
    ("The maximum price is $25. The minimum price is $0.": ``param.price_min``, ``_max``)."""
    p = state.params
    for r in event.resources:
        price = state.resource_price[r] + event.change
        state.resource_price[r] = min(p.price_max, max(p.price_min, price))


def funding(state: GoodwillState, event: Event) -> None:
    """b) FUNDING: each company gets $10 (``param.grant``) for each token of the
    resource(s) it has."""
    grant = state.params.grant
    for c in range(len(COMPANIES)):
        if state.bankrupt[c]:
            continue
        amount = grant * sum(state.resources[c][r] for r in event.resources)
        if amount:
            state.capital[c] += amount
            state.bank -= amount
            if state.logging:
                state.log(f"{COMPANIES[c]} receives ${amount}")


def tax(state: GoodwillState, event: Event) -> None:
    """c) TAX: each company pays $10 for each token of the resource(s); if it cannot, it
    goes bankrupt (all the companies that cannot pay this tax together)."""
    failing = []
    grant = state.params.grant
    for c in range(len(COMPANIES)):
        if state.bankrupt[c]:
            continue
        amount = grant * sum(state.resources[c][r] for r in event.resources)
        if not amount:
            continue
        if state.capital[c] < amount:
            failing.append(c)
            if state.logging:
                state.log(f"{COMPANIES[c]} cannot pay a ${amount} tax")
            continue
        state.capital[c] -= amount
        state.bank += amount
        if state.logging:
            state.log(f"{COMPANIES[c]} pays ${amount}")
    if failing:
        results.go_bankrupt(state, failing)


def _concerned(state: GoodwillState, ability: str, level: int) -> list[int]:
    """The companies whose boss has exactly ``level`` in ``ability`` (not 0); when there is
    none the log says so, so that an event never passes in silence."""
    out = []
    cards = state.comp.bosses
    for c in range(len(COMPANIES)):
        boss = state.boss[c]
        if boss is not None and cards[boss].mark(ability) == level:
            out.append(c)
    if not out and state.logging:
        state.log(f"{ability.capitalize()} {level}: no boss has {ability} {level}, nothing happens")
    return out


def innovation(state: GoodwillState, level: int) -> None:
    """d) INNOVATION: transform one resource token following the boss's energy policy.

    The first line applies if the company has the resource the boss wants to give up;
    otherwise the second line; if neither applies nothing happens.
    """
    for c in _concerned(state, "innovation", level):
        boss = state.boss[c]
        assert boss is not None
        held = state.resources[c]
        for give, use in state.comp.bosses[boss].policy:
            if held[give]:
                held[give] -= 1
                held[use] += 1
                if state.logging:
                    names = state.comp.resources
                    state.log(f"{COMPANIES[c]} replaces {names[give]} by {names[use]}")
                break


def efficiency(state: GoodwillState, level: int) -> None:
    """e) EFFICIENCY: a company with two (or three) identical tokens removes one of them.

    With only one token, or different ones, nothing happens: a company always keeps at
    least one resource.
    """
    for c in _concerned(state, "efficiency", level):
        held = state.resources[c]
        for r, count in enumerate(held):
            if count >= 2:
                held[r] -= 1
                if state.logging:
                    state.log(f"{COMPANIES[c]} uses one {state.comp.resources[r]} token less")
                break


def advertising(state: GoodwillState, level: int) -> None:
    """f) ADVERTISING: the concerned companies take market share (see ``market``)."""
    concerned = _concerned(state, "advertising", level)
    if not concerned:
        return
    before = state.market[:]
    market.advertise(state.market, [not b for b in state.bankrupt], concerned)
    if state.logging and before != state.market:
        state.log("Market shares: " + _shares(state))


def scandal(state: GoodwillState, company: int) -> None:
    """g) SCANDAL: the boss leaves (to the bottom of the deck) and the company loses 10 %.

    A company in scandal stays without a boss until its shareholders vote one in
    (docs/goodwill.md); a bankrupt company has nothing left to lose.
    """
    if state.bankrupt[company]:
        return
    if state.logging:
        state.log(f"{state.boss_name(company)} leaves {COMPANIES[company]}")
    state.boss_to_bottom(company)
    market.scandal(state.market, [not b for b in state.bankrupt], company)
    if state.logging:
        state.log("Market shares: " + _shares(state))


def _shares(state: GoodwillState) -> str:
    return ", ".join(f"{name} {state.market[c]} %" for c, name in enumerate(COMPANIES))
