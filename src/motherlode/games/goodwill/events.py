"""3 - REVEALING «EVENTS» and the appendix "Events in details" (a to g).

Functions on a :class:`~motherlode.games.goodwill.rules.GoodwillState`; bots call
:func:`reveal_events` on their own copies to look ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.words import T
from motherlode.games.goodwill import market, results
from motherlode.games.goodwill.components import COMPANIES, Event, EventCard
from motherlode.games.goodwill.terms import card_words, named, semicolon_list

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState


def reveal_events(state: GoodwillState) -> None:
    """3 - REVEALING «EVENTS»: drop the lowest percentage, play the others highest first.

    "The lowest percentage card will be removed and placed back in its deck. The same will
    be done for the attached event card.  The 3 other events will be achieved in the
    descending order of the attached percentages."  Left event first, then right.
    """
    pairs = state.information
    if state.logging:  # words made only when read
        shown = tuple((p, state.comp.events[e]) for p, e in pairs)
        state.log(lambda: revealed_words(shown))
    ordered = sorted(pairs, reverse=True)
    if state.logging and ordered:
        state.log(T("The {percentage} % information is dropped", percentage=ordered[-1][0]))
    cards = state.comp.events
    for pct, number in ordered[:-1]:
        card = cards[number]
        for event in (card.left, card.right):
            if state.logging:
                state.log(T("{percentage} %: {event}", percentage=pct, event=named(event.label)))
            play_event(state, event)
    state.revealed = pairs
    state.information = ()


def revealed_words(shown: tuple[tuple[int, EventCard], ...]) -> T:
    """The log's line of the information cards turned face up, each with its percentage."""
    cards = semicolon_list(
        [T("{percentage} % {card}", percentage=p, card=card_words(card)) for p, card in shown]
    )
    return T("The information cards are revealed: {cards}", cards=cards)


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
                state.log(T("{company} receives ${amount}", company=COMPANIES[c], amount=amount))


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
                state.log(
                    T("{company} cannot pay a ${amount} tax", company=COMPANIES[c], amount=amount)
                )
            continue
        state.capital[c] -= amount
        state.bank += amount
        if state.logging:
            state.log(T("{company} pays ${amount}", company=COMPANIES[c], amount=amount))
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
        state.log(NOBODY_CONCERNED[ability](level))
    return out


NOBODY_CONCERNED = {
    "innovation": lambda level: T(
        "Innovation {level}: no boss has innovation {level}, nothing happens", level=level
    ),
    "efficiency": lambda level: T(
        "Efficiency {level}: no boss has efficiency {level}, nothing happens", level=level
    ),
    "advertising": lambda level: T(
        "Advertising {level}: no boss has advertising {level}, nothing happens", level=level
    ),
}
"""What the log says when a boss event concerns no company, by ability."""


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
                    state.log(
                        T(
                            "{company} replaces {give} by {use}",
                            company=COMPANIES[c],
                            give=named(names[give]),
                            use=named(names[use]),
                        )
                    )
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
                    state.log(
                        T(
                            "{company} uses one {resource} token less",
                            company=COMPANIES[c],
                            resource=named(state.comp.resources[r]),
                        )
                    )
                break


def advertising(state: GoodwillState, level: int) -> None:
    """f) ADVERTISING: the concerned companies take market share (see ``market``)."""
    concerned = _concerned(state, "advertising", level)
    if not concerned:
        return
    before = state.market[:]
    market.advertise(state.market, [not b for b in state.bankrupt], concerned)
    if state.logging and before != state.market:
        state.log(results.market_shares(state))


def scandal(state: GoodwillState, company: int) -> None:
    """g) SCANDAL: the boss leaves (to the bottom of the deck) and the company loses 10 %.

    A company in scandal stays without a boss until its shareholders vote one in
    (docs/goodwill.md); a bankrupt company has nothing left to lose.
    """
    if state.bankrupt[company]:
        return
    if state.logging:
        state.log(
            T("{boss} leaves {company}", boss=state.boss_words(company), company=COMPANIES[company])
        )
    state.boss_to_bottom(company)
    market.scandal(state.market, [not b for b in state.bankrupt], company)
    if state.logging:
        state.log(results.market_shares(state))
