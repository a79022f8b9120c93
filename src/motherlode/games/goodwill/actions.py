"""Goodwill's actions: the price wheels, the partner choice, the boss proposal and vote.

Notation (what a player types): ``price 13``, ``partner 4`` (Player 4), ``propose Bobby``,
``pass``, ``vote yes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from motherlode.engine import Action, ActionSpace, GameOptions
from motherlode.games.goodwill.components import Components
from motherlode.games.goodwill.options import GoodwillOptions

MAX_PRICE = 38
"""The price indicator's two wheels give prices from 0 to 38 (SETUP)."""


@dataclass(frozen=True, slots=True)
class Price(Action):
    """TRANSACTION: the secret assessment of one share, set on the price wheels (0-38)."""

    TYPE = "price"
    dollars: int


@dataclass(frozen=True, slots=True)
class Partner(Action):
    """SPECIAL SITUATIONS: a player of the smaller group chooses whom to trade with.

    ``player`` is the player's number as the table calls them (Player 1 is seat 0).
    """

    TYPE = "partner"
    player: int


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """REPLACING THE BOSS: a shareholder promotes an available boss and calls a vote."""

    TYPE = "propose"
    boss: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """REPLACING THE BOSS: a shareholder proposes nobody."""

    TYPE = "pass"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """REPLACING THE BOSS: a shareholder's yes or no, one vote per share."""

    TYPE = "vote"
    yes: bool


ACTION_TYPES: tuple[type[Action], ...] = (Price, Partner, Propose, Pass, Vote)

PRICES: tuple[Price, ...] = tuple(Price(d) for d in range(MAX_PRICE + 1))
"""Shared instances: legal_actions hands these out without building new objects."""
PARTNERS: tuple[Partner, ...] = tuple(Partner(p) for p in range(1, 7))
"""``PARTNERS[seat]`` is the choice of the player in ``seat``."""


@lru_cache(maxsize=16)
def proposals(bosses: tuple[str, ...]) -> tuple[Propose, ...]:
    """One shared proposal per boss: ``proposals(names)[boss]`` proposes boss ``boss``."""
    return tuple(Propose(name) for name in bosses)


PASS = Pass()
VOTES: tuple[Vote, Vote] = (Vote(True), Vote(False))


_SPACES: dict[tuple[int, tuple[str, ...]], ActionSpace] = {}


def names_of(comp: Components) -> tuple[str, ...]:
    """The boss cards' names, in card order."""
    return tuple(b.name for b in comp.bosses)


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    """Every action a game of ``num_players`` can offer: prices, partners, bosses, votes.

    Only the boss cards (a designer's components) change actions: one space is built and
    kept per player count and list of bosses.
    """
    assert isinstance(options, GoodwillOptions)
    names = names_of(options.load())
    key = (num_players, names)
    space = _SPACES.get(key)
    if space is None:
        space = ActionSpace([*PRICES, *PARTNERS[:num_players], *proposals(names), PASS, *VOTES])
        _SPACES[key] = space
    return space
