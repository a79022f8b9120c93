"""The moves of Gonza Index, in the words of the rulebook.

Corporations and broker cards are named by their ids (``place hensler``, ``bid rally``);
dice by their number in the roll, 1 to 5, the black event die last (``reroll 1,3``).

=========================  =============================================================
``reroll 1,3``             GAMEPLAY: re-roll these dice (up to two times a turn)
``earn``                   ACTIONS: a die showing 'earn 1 credit'
``place hensler``          ACTIONS: a die showing 'place a stock'
``up hensler``             ACTIONS: a die showing 'stock +1'
``down hensler``           ACTIONS: a die showing 'stock -1'
``bid rally``              ACTIONS: a die showing 'bid', a credit on a face-up broker card
``event``                  EVENTS: the black die's event face, add an event token
``play rally hensler``     BROKER CARDS: play a card from your hand, with its targets
                           (``play dividend .`` for a card without targets)
``end``                    end your turn, ignoring any unused dice
``discard hedge``          AUCTIONS: discard down to 2 broker cards at the end of your turn
``pass``                   decline to play a card as an event card is revealed
``decide hensler``         SOLO PLAY: choose for the Minister AI between tied options
``minister``               SOLO PLAY: the Minister AI takes its turn by its rules
=========================  =============================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Re-roll the dice with these numbers (1-based, increasing)."""

    TYPE = "reroll"
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Earn(Action):
    TYPE = "earn"


@dataclass(frozen=True, slots=True)
class Place(Action):
    TYPE = "place"
    corporation: str


@dataclass(frozen=True, slots=True)
class StockUp(Action):
    TYPE = "up"
    corporation: str


@dataclass(frozen=True, slots=True)
class StockDown(Action):
    TYPE = "down"
    corporation: str


@dataclass(frozen=True, slots=True)
class Bid(Action):
    TYPE = "bid"
    card: str


@dataclass(frozen=True, slots=True)
class AddEventToken(Action):
    TYPE = "event"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a broker card; ``targets`` are corporation ids or a corporation type."""

    TYPE = "play"
    card: str
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TYPE = "end"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    TYPE = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    TYPE = "pass"


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A corporation or broker card id, chosen for the Minister AI among tied options."""

    TYPE = "decide"
    choice: str


@dataclass(frozen=True, slots=True)
class MinisterTurn(Action):
    TYPE = "minister"


ACTION_TYPES: tuple[type[Action], ...] = (
    Reroll,
    Earn,
    Place,
    StockUp,
    StockDown,
    Bid,
    AddEventToken,
    Play,
    EndTurn,
    Discard,
    Pass,
    Decide,
    MinisterTurn,
)

EARN = Earn()
ADD_EVENT_TOKEN = AddEventToken()
END_TURN = EndTurn()
PASS = Pass()
MINISTER_TURN = MinisterTurn()
