"""Market shares: advertising, scandal and a bankrupt company's shares shared out.

The scale is numbered in 5s from 0 to 100 and the companies still in business always hold
100 % between them; every function here keeps both true.  Pure functions on the list of
market shares (Amber, Black, Crimson) and which companies are still in business.
"""

from __future__ import annotations

from collections.abc import Sequence

STEP = 5
"""The market share scale is numbered in 5s."""


def largest(market: Sequence[int], among: Sequence[int]) -> int:
    """The company with the highest market share; a tie goes to the first reviewed."""
    return max(among, key=lambda c: (market[c], -c))


def advertise(market: list[int], alive: Sequence[bool], concerned: Sequence[int]) -> None:
    """f) ADVERTISING and its "Special case": move 5 % steps to the concerned companies."""
    in_business = [c for c in range(len(market)) if alive[c]]
    winners = [c for c in concerned if alive[c]]
    if not winners or len(winners) == len(in_business):
        return  # nobody concerned, or all of them: nothing happens
    if len(in_business) == 2:
        # "If there are only 2 companies left: if 1 company is concerned, then this company
        # takes 10 % of market shares to the other company."
        (winner,) = winners
        (other,) = (c for c in in_business if c != winner)
        _move(market, other, winner, min(2 * STEP, market[other]))
        return
    if len(winners) == 1:
        (winner,) = winners
        others = [c for c in in_business if c != winner]
        givers = [c for c in others if market[c] >= STEP]
        if len(givers) == 2:
            for giver in givers:
                _move(market, giver, winner, STEP)
        elif len(givers) == 1:
            # "If one of the 2 other companies has 0 %, the third one will lose 10 %."
            _move(market, givers[0], winner, min(2 * STEP, market[givers[0]]))
        return
    # Two companies concerned: each gets 5 %, the third one loses 10 %.
    (third,) = (c for c in in_business if c not in winners)
    if market[third] == 0:
        return
    if market[third] == STEP:
        # "it will give its market shares to the company which has the biggest market shares"
        _move(market, third, largest(market, winners), STEP)
        return
    for winner in winners:
        _move(market, third, winner, STEP)


def scandal(market: list[int], alive: Sequence[bool], company: int) -> None:
    """g) SCANDAL: the company loses 10 %, 5 % to each other (10 % if only two are left).

    "If the company only has 5 %, it gives it to the company with the highest market share."
    """
    if not alive[company] or market[company] == 0:
        return
    others = [c for c in range(len(market)) if alive[c] and c != company]
    if not others:
        return  # the last company in business keeps its 100 %
    if len(others) == 1:
        _move(market, company, others[0], min(2 * STEP, market[company]))
    elif market[company] >= 2 * STEP:
        for other in others:
            _move(market, company, other, STEP)
    else:
        _move(market, company, largest(market, others), STEP)


def share_out(market: list[int], alive: Sequence[bool], freed: int) -> None:
    """BANKRUPTCY: the market shares "reallocated fifty-fifty to each remaining company".

    "As the scale is numbered in 5s, if there is a five left it goes to the company which
    has the highest market share."  With no company left, the shares go nowhere.
    """
    remaining = [c for c in range(len(market)) if alive[c]]
    if not remaining or not freed:
        return
    each = freed // (STEP * len(remaining)) * STEP
    for c in remaining:
        market[c] += each
    left = freed - each * len(remaining)
    while left:
        market[largest(market, remaining)] += STEP
        left -= STEP


def _move(market: list[int], giver: int, taker: int, amount: int) -> None:
    market[giver] -= amount
    market[taker] += amount
