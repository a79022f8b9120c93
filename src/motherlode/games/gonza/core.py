"""The Gonza Index table: what is on it, and the small moves every rule makes.

:class:`GonzaCore` declares the state every part of the rules reads (market, credits,
decks, dice, the decision points) and the helpers they share: a marker's value, moving a
marker, placing and gaining credits, drawing from and discarding to the broker deck, and
rolling the dice.  Each rulebook section is a part built on it (``events``, ``auction``,
``brokers``, ``minister_turn``, ``view``, ``scoring``); ``rules.GonzaState`` assembles
them with the turn flow and sets the fields up (SETUP).

A part that needs another part's rule calls it through a hook declared at the bottom of
:class:`GonzaCore`, so each part module reads alone and type-checks alone.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from motherlode.engine import State
from motherlode.engine.parameters import Parameters
from motherlode.engine.words import T
from motherlode.games.gonza.actions import Bid, Discard, Place, StockDown, StockUp
from motherlode.games.gonza.components import (
    FACES,
    BrokerCard,
    Components,
    Corporation,
)
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.terms import THE_TYPE_CORPORATIONS, Words, named, roll_words

Task = tuple[Any, ...]
"""One step of work waiting on the stack (see ``GonzaState._run``): its kind, then its data."""


class GonzaCore(State):
    """The shared state of a Gonza Index game and its primitives (set up in ``rules``)."""

    options: GonzaOptions
    comp: Components
    params: Parameters
    """The design numbers (``data/parameters.toml``): caps, hand limits, starting credits."""
    ai: tuple[bool, ...]
    """Which seats are Minister AI players (SOLO PLAY)."""

    # the market (SETUP 1): index c is a face-up corporation
    corps: tuple[Corporation, ...]
    slot: dict[str, int]
    pos: list[int]
    placed: list[int]
    """Credits placed, [corporation * n + seat]."""
    total: list[int]
    types_present: tuple[str, ...]
    _tops: tuple[int, ...]
    corp_deck: list[str]
    cap: int

    # credits (SETUP 2)
    supply: list[int]
    personal: list[int]
    earned: list[int]
    paid: list[int]

    # events (SETUP 3, EVENTS)
    event_deck: list[str]
    """The top card is the last."""
    event_box: list[str]
    events_done: list[str]
    tokens: int
    current_event: str | None
    event_cancelled: bool
    activator: int

    # broker cards (SETUP 4, AUCTIONS, BROKER CARDS)
    broker_deck: list[str]
    """Index 0 is the top."""
    face_up: list[str]
    deck_hidden: int
    """How many cards at the top of the broker deck are in an order nobody has seen."""
    bids: list[int]
    """Bids, [face-up slot * n + seat]."""
    hands: list[list[str]]

    # turns, decisions and waiting work
    first: int
    humans: tuple[int, ...]
    """Non-AI players in turn order: they decide the AI's ties (SOLO PLAY, last note)."""
    decider: int
    decision: tuple[str, int, tuple[str, ...], int] | None
    protect_offer: tuple[int, str, tuple[tuple[int, str], ...]] | None
    tasks: list[Task]
    phase: int
    asked: tuple[int, ...]
    active: int

    # the final round (ENDGAME)
    final: bool
    final_pos: int
    dice_final: list[int]

    # the dice of the turn
    dice: list[int]
    used: list[bool]
    black: bool
    left: list[int]
    """Unused dice by face."""
    dice_left: int
    rerolls_left: int

    # actions made once per game, offered by identity
    _a_bid: dict[str, Bid]
    _a_discard: dict[str, Discard]
    _a_place: tuple[Place, ...]
    _a_up: tuple[StockUp, ...]
    _a_down: tuple[StockDown, ...]

    def seat_name(self, seat: int) -> str:
        name = super().seat_name(seat)
        return f"{name} (Minister AI)" if self.ai[seat] and "Minister" not in name else name

    def _who(self, seat: int) -> Words:
        """A player as the log names them (``seat_name``, its words kept for translation)."""
        name = State.seat_name(self, seat)
        return (
            T("{name} (Minister AI)", name=name)
            if self.ai[seat] and "Minister" not in name
            else name
        )

    # ================================================================ the market

    def value(self, corp: int) -> int:
        """The value of one credit placed on a corporation (its marker's space)."""
        return self.corps[corp].track[self.pos[corp]]

    def credits_on(self, corp: int, seat: int) -> int:
        return self.placed[corp * self.num_players + seat]

    def _move(self, corp: int, spaces: int) -> None:
        """Move a value marker; it stops at either end of its track."""
        self.pos[corp] = min(max(self.pos[corp] + spaces, 0), self._tops[corp])

    def _place(self, seat: int, corp: int) -> None:
        self.personal[seat] -= 1
        self.placed[corp * self.num_players + seat] += 1
        self.total[corp] += 1

    def _gain(self, seat: int, most: int) -> int:
        """Take up to ``most`` credits of one's colour; none are left to take when it is empty."""
        take = min(most, self.supply[seat])
        self.supply[seat] -= take
        self.personal[seat] += take
        self.earned[seat] += take
        return take

    def _target_name(self, target: str) -> Words:
        """A corporation by its name; a corporation type as the rulebook says it."""
        corp = self.comp.corporation.get(target)
        if corp is not None:
            return corp.name
        return THE_TYPE_CORPORATIONS.get(target, target)

    # ========================================================== the broker deck

    def _to_bottom(self, card: str) -> None:
        self.broker_deck.append(card)

    def _draw_broker_card(self) -> str:
        if self.deck_hidden:
            self.deck_hidden -= 1
        return self.broker_deck.pop(0)

    def _reveal_broker_cards(self) -> None:
        """AUCTIONS: '4 new cards are revealed' (fewer if the deck runs short)."""
        while len(self.face_up) < self.params.broker_cards_face_up and self.broker_deck:
            self.face_up.append(self._draw_broker_card())

    def _card(self, card: str) -> BrokerCard:
        return self.comp.card[card]

    def _card_name(self, card: str) -> T:
        """A broker card's printed name, as words (the log's)."""
        return named(self.comp.card[card].name)

    # ================================================================= the dice

    def _dice_count(self, seat: int) -> int:
        return self.dice_final[seat] if self.final else self.comp.dice.yellow + 1

    def _roll(self, count: int, *, with_black: bool) -> None:
        """Roll ``count`` dice: yellow ones, and the black die last when ``with_black``."""
        rnd = self.rng.random
        dice = self.comp.dice
        yellow, black = dice.yellow_faces, dice.black_faces
        n_yellow = count - 1 if with_black else count
        faces = [yellow[int(rnd() * len(yellow))] for _ in range(n_yellow)]
        if with_black:
            faces.append(black[int(rnd() * len(black))])
        self.dice = faces
        self.black = with_black
        self.used = [False] * count
        left = [0] * len(FACES)
        for f in faces:
            left[f] += 1
        self.left = left
        self.dice_left = count

    def _roll_for_turn(self, seat: int) -> None:
        """5 dice, or the final round's fewer: yellow dice first, the black die if needed."""
        count = self._dice_count(seat)
        yellow = self.comp.dice.yellow
        self._roll(count, with_black=not self.final or count > yellow)

    def _dice_text(self) -> Words:
        """The faces rolled, as the log lists them ('+1 earn place bid event')."""
        return roll_words(tuple(self.dice))

    # ==================================== hooks: one part's rule another part uses
    # Abstract here, each provided by exactly one part: GonzaState, which composes the
    # parts, cannot be built if one is missing (as GOLDFIX's core does).

    @abstractmethod
    def _run(self) -> None:
        """Do the waiting work until someone must answer (``rules``)."""
        ...

    @abstractmethod
    def _next_turn(self) -> None:
        """Clockwise to the next player (``rules``)."""
        ...

    @abstractmethod
    def _add_event_token(self) -> None:
        """EVENTS: add a token; the third reveals an event (``events``)."""
        ...

    @abstractmethod
    def _search(self, seat: int) -> str | None:
        """Headhunter's search of the broker deck (``brokers``)."""
        ...

    @abstractmethod
    def score(self, seat: int) -> int:
        """A player's credits if the game ended now (``scoring``)."""
        ...
