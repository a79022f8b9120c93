"""SOLO PLAY: how the Minister AI picks its targets.

Each function returns the options still tied after every tie-break the rulebook gives, in
market order (corporations) or face-up order (broker cards).  One option: the AI takes it.
Several: 'you decide' -- the state asks a human player (SOLO PLAY, last note).  None: the
action is ignored.  The functions read only public facts, so the state uses them for AI
seats and the ``minister`` bot uses them on its own seat.

Our reading, documented in docs/gonza.md: the AI chooses only among corporations where
its action is possible (a marker that can still move that way, a corporation with room for
another credit), as its rules aim the action at a target it can take.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from motherlode.games.gonza.components import BID, DOWN, EARN, EVENT, PLACE, UP, EventCard

if TYPE_CHECKING:
    from motherlode.games.gonza.core import GonzaCore

AI_ORDER = (EARN, PLACE, UP, DOWN, BID, EVENT)
"""The order in which the AI carries out its dice (the rulebook gives none; docs/gonza.md)."""


def _best(options: list[int], *keys: Callable[[int], int]) -> list[int]:
    """Options with the highest value of the first key, ties broken by the next keys."""
    for key in keys:
        if len(options) <= 1:
            break
        top = max(key(o) for o in options)
        options = [o for o in options if key(o) == top]
    return options


def own(state: GonzaCore, seat: int, corp: int) -> int:
    return state.placed[corp * state.num_players + seat]


def opponents(state: GonzaCore, seat: int, corp: int) -> int:
    """Credits of every other player (AI players included) on a corporation."""
    return state.total[corp] - own(state, seat, corp)


def place_choices(state: GonzaCore, seat: int) -> list[int]:
    """'Always invest in the corporation which has the highest current valuation. If there
    is a tie, then ... the most opposing players' stocks invested in it.'"""
    if not state.personal[seat]:
        return []
    room = [c for c in range(len(state.corps)) if state.total[c] < state.cap]
    return _best(room, state.value, lambda c: opponents(state, seat, c))


def raise_choices(state: GonzaCore, seat: int) -> list[int]:
    """'Increase the stock of the corporation which they have the most stock in (minimum 1).
    If there is a tie, ... the least amount of opponents' stocks on it.'"""
    movable = [
        c
        for c in range(len(state.corps))
        if own(state, seat, c) >= 1 and state.pos[c] < state.corps[c].top
    ]
    return _best(movable, lambda c: own(state, seat, c), lambda c: -opponents(state, seat, c))


def lower_choices(state: GonzaCore, seat: int) -> list[int]:
    """'Decrease the stock of the corporation which they have the least stock in. If there is
    a tie ... the most amount of opponents' stocks in it.'"""
    movable = [c for c in range(len(state.corps)) if state.pos[c] > 0]
    return _best(movable, lambda c: -own(state, seat, c), lambda c: opponents(state, seat, c))


def bid_choices(state: GonzaCore, seat: int) -> list[int]:
    """'Only bid for cards with the AI symbol ... the card that currently has the least bids
    from other players.'  Face-up slots; none without a credit to bid."""
    if not state.personal[seat]:
        return []
    n = state.num_players
    cards = state.comp.card
    slots = [i for i, cid in enumerate(state.face_up) if cards[cid].ai]

    def others(slot: int) -> int:
        return sum(state.bids[slot * n : slot * n + n]) - state.bids[slot * n + seat]

    return _best(slots, lambda s: -others(s))


def event_effect_on(state: GonzaCore, seat: int, event: EventCard) -> int:
    """The change an event would make to the value of a player's placed credits."""
    change = 0
    for c, corp in enumerate(state.corps):
        held = own(state, seat, c)
        delta = event.delta(corp.type)
        if held and delta:
            new = min(max(state.pos[c] + delta, 0), corp.top)
            change += held * (corp.track[new] - corp.track[state.pos[c]])
    return change
