"""The fixed integer numbering of every Gonza Index action, for RL and OpenSpiel.

Its size depends only on the components (the packaged ones, or the ``components``
option's), never on the player count or the position: all 12 corporations and all 14
broker cards are listed, whichever are in play.
"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import Action, ActionSpace, GameOptions
from motherlode.games.gonza.actions import (
    ADD_EVENT_TOKEN,
    EARN,
    END_TURN,
    MINISTER_TURN,
    PASS,
    Bid,
    Decide,
    Discard,
    Place,
    StockDown,
    StockUp,
)
from motherlode.games.gonza.components import TYPES, Components, load_components
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.rules import REROLL_ACTIONS, play_action, spree_targets


def all_actions(comp: Components) -> list[Action]:
    corps = [c.id for c in comp.corporations]
    cards = comp.broker_cards
    dice = comp.dice.yellow + 1
    out: list[Action] = [
        *REROLL_ACTIONS[dice],
        EARN,
        ADD_EVENT_TOKEN,
        END_TURN,
        PASS,
        MINISTER_TURN,
    ]
    out += [Place(c) for c in corps]
    out += [StockUp(c) for c in corps]
    out += [StockDown(c) for c in corps]
    out += [Bid(card.id) for card in cards]
    out += [Discard(card.id) for card in cards]
    out += [Decide(c) for c in corps] + [Decide(card.id) for card in cards]
    for card in cards:
        if card.effect in ("move", "place_move"):
            out += [play_action(card.id, (c,)) for c in corps]
        elif card.effect == "move_type":
            out += [play_action(card.id, (t,)) for t in TYPES]
        elif card.effect in ("gain", "search", "protect"):
            out.append(play_action(card.id))
        elif card.effect == "place":
            room = dict.fromkeys(corps, card.amount)
            out += [play_action(card.id, t) for t in spree_targets(room, card.amount, card.amount)]
    return out


@lru_cache(maxsize=16)
def _space(components: str) -> ActionSpace:
    return ActionSpace(all_actions(load_components(components)))


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    """The same for every player count: it lists every corporation and card there is."""
    assert isinstance(options, GonzaOptions)
    options.load()  # a clear BadOptions for a bad components directory
    return _space(options.components)
