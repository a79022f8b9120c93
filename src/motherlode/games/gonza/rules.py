"""Gonza Index: the rules, section by section of the rulebook (rules/gonza-index.txt).

A turn: the active player's dice are rolled for them; they may re-roll any dice up to two
times (the black die's event face is fixed), then use the dice in any order, one action
per die, play broker cards, and end the turn.  Adding the third event token reveals the
top event card at once (the player chooses the moment by when they use the event die),
then the broker auction runs.  A Minister AI player (option ``minister``) takes its whole
turn in one ``minister`` move, following the SOLO PLAY rules; where those rules say 'you
decide', a human player is asked (``decide``).

Work that follows an event or an AI action may need a player's answer on the way (a
Safe Harbour card, a tie for the AI), so it runs as a stack of small tasks: ``_run`` does
them in order until one asks someone, and picks up again after the answer.

Hidden information: the order of the broker deck's unseen cards, which event cards are in
the game and their order, and the corporation deck.  Everything else is on the table,
broker hands included (every card reaches a hand through a public auction or search).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from motherlode.engine import Action, BadOptions, State
from motherlode.engine.actions import JsonValue
from motherlode.games.gonza import minister
from motherlode.games.gonza.actions import (
    ADD_EVENT_TOKEN,
    EARN,
    END_TURN,
    MINISTER_TURN,
    PASS,
    AddEventToken,
    Bid,
    Decide,
    Discard,
    Earn,
    EndTurn,
    MinisterTurn,
    Pass,
    Place,
    Play,
    Reroll,
    StockDown,
    StockUp,
)
from motherlode.games.gonza.components import (
    BID,
    DOWN,
    EVENT,
    FACE_SHORT,
    FACES,
    PLACE,
    TYPES,
    UP,
    BrokerCard,
)
from motherlode.games.gonza.components import EARN as EARN_FACE
from motherlode.games.gonza.explain import explain
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.tables import (
    CAPS,
    DECIDE,
    DISCARD,
    FACE_UP,
    FINAL_DICE,
    HAND_LIMIT,
    MARKET_SIZE,
    MINISTER,
    MINISTER_HAND_LIMIT,
    OVER,
    PHASES,
    PROTECT,
    REROLLS,
    START_CREDITS_FIRST,
    START_CREDITS_OTHERS,
    TOKENS,
    TURN,
)

DECISION_TEXT = {
    "place": "which corporation it invests in",
    "insider": "which corporation it invests in (Insider Tip)",
    "up": "which corporation's stock it increases",
    "down": "which corporation's stock it decreases",
    "bid": "which broker card it bids on",
}

IGNORED = {
    "place": "invest",
    "insider": "invest",
    "up": "increase a stock",
    "down": "decrease a stock",
    "bid": "bid",
}

Task = tuple[Any, ...]

# ------------------------------------------------------------- shared actions


def _reroll_actions(dice: int) -> tuple[Reroll, ...]:
    """Every non-empty set of dice 1..dice, as re-roll actions (by bit pattern)."""
    return tuple(
        Reroll(tuple(i + 1 for i in range(dice) if mask >> i & 1)) for mask in range(1, 1 << dice)
    )


REROLL_ACTIONS = {n: _reroll_actions(n) for n in range(1, 9)}
_PLAYS: dict[tuple[str, tuple[str, ...]], Play] = {}


def play_action(card: str, targets: tuple[str, ...] = ()) -> Play:
    key = (card, targets)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = Play(card, targets)
    return action


def spree_targets(room: dict[str, int], credits: int, most: int) -> list[tuple[str, ...]]:
    """Every way to place 1..most stocks (alphabetical corporation ids, repeats allowed)."""
    out: list[tuple[str, ...]] = []
    ids = sorted(room)
    for k in range(1, min(most, credits) + 1):
        for combo in combinations_with_replacement(ids, k):
            if all(combo.count(c) <= room[c] for c in set(combo)):
                out.append(combo)
    return out


class GonzaState(State):
    """The rules of Gonza Index (see the module docstring)."""

    options: GonzaOptions

    # ================================================================= SETUP

    def _setup(self) -> None:
        """SETUP 1-4 and the first player's credits."""
        n = self.num_players
        opts = self.options
        comp = self.comp = opts.load()
        ministers = opts.minister_seats
        if any(s >= n for s in ministers):
            raise BadOptions(
                f"option minister: there are only {n} players, so it lists players 1 to {n}"
            )
        if opts.first_player > n:
            raise BadOptions(f"option first_player: there are only {n} players")
        self.ai: tuple[bool, ...] = tuple(s in ministers for s in range(n))
        rng = self.rng
        # 1. six corporations face up, value markers on their white start spaces
        corp_ids = [c.id for c in comp.corporations]
        rng.shuffle(corp_ids)
        self._lay_market(corp_ids[:MARKET_SIZE])
        self.corp_deck = corp_ids[MARKET_SIZE:]
        self.cap = CAPS[n]
        # 2. each colour's credits in the general supply
        self.supply = [comp.credits_per_colour] * n
        self.personal = [0] * n
        self.earned = [0] * n
        self.paid = [0] * n
        # 3. the event deck: some event cards, the rest back in the box unseen
        event_ids = [e.id for e in comp.events]
        rng.shuffle(event_ids)
        self.event_deck = event_ids[: opts.event_cards]  # the top card is the last
        self.event_box = event_ids[opts.event_cards :]
        self.events_done: list[str] = []
        self.tokens = 0
        self.current_event: str | None = None
        self.event_cancelled = False
        self.activator = 0
        # 4. the broker deck, four cards face up
        deck = [c.id for c in comp.broker_cards]
        rng.shuffle(deck)
        self.broker_deck = deck  # index 0 is the top
        self.face_up: list[str] = []
        self.deck_hidden = len(deck)
        """How many cards at the top of the broker deck are in an order nobody has seen."""
        self._reveal_broker_cards()
        self.bids = [0] * (FACE_UP * n)  # [face-up slot * n + seat]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # the first player and the starting credits
        self.first = rng.randrange(n) if opts.first_player == 0 else opts.first_player - 1
        for s in range(n):
            take = START_CREDITS_FIRST if s == self.first else START_CREDITS_OTHERS
            self.supply[s] -= take
            self.personal[s] += take
        order = [(self.first + i) % n for i in range(n)]
        self.humans = tuple(s for s in order if not self.ai[s])
        """Non-AI players in turn order: they decide the AI's ties (SOLO PLAY, last note)."""
        self.decider = len(self.humans) - 1  # 'starting with the player who went last'
        self.decision: tuple[str, int, tuple[str, ...], int] | None = None
        self.protect_offer: tuple[int, str, tuple[tuple[int, str], ...]] | None = None
        self.tasks: list[Task] = []
        # the final round (ENDGAME)
        self.final = False
        self.final_pos = 0
        self.dice_final = [0] * n
        self._a_bid = {c.id: Bid(c.id) for c in comp.broker_cards}
        self._a_discard = {c.id: Discard(c.id) for c in comp.broker_cards}
        if self.logging:
            names = ", ".join(f"{c.name} ({c.type}, {c.start_value})" for c in self.corps)
            self.log(f"The market: {names}")
            self.log(f"{self.seat_name(self.first)} goes first")
        self.phase = TURN
        self.asked: tuple[int, ...] = ()
        self.active = self.first
        self.dice: list[int] = []
        self.used: list[bool] = []
        self.black = False
        self.left = [0] * len(FACES)
        self.dice_left = 0
        self.rerolls_left = 0
        self._begin_turn(self.first)

    def _lay_market(self, corp_ids: list[str]) -> None:
        """SETUP 1: these corporations face up, value markers on their white start spaces.

        (Tests call it again before any stock is placed, to choose the market.)"""
        self.corps = tuple(self.comp.corporation[i] for i in corp_ids)
        self.slot = {c.id: i for i, c in enumerate(self.corps)}
        self.pos = [c.start for c in self.corps]
        self.placed = [0] * (len(self.corps) * self.num_players)  # [corporation * n + seat]
        self.total = [0] * len(self.corps)
        self.types_present = tuple(t for t in TYPES if any(c.type == t for c in self.corps))
        self._tops = tuple(c.top for c in self.corps)
        self._a_place = tuple(Place(c.id) for c in self.corps)
        self._a_up = tuple(StockUp(c.id) for c in self.corps)
        self._a_down = tuple(StockDown(c.id) for c in self.corps)

    def seat_name(self, seat: int) -> str:
        name = super().seat_name(seat)
        return f"{name} (Minister AI)" if self.ai[seat] and "Minister" not in name else name

    # ========================================================== small helpers

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

    def _to_bottom(self, card: str) -> None:
        self.broker_deck.append(card)

    def _draw_broker_card(self) -> str:
        if self.deck_hidden:
            self.deck_hidden -= 1
        return self.broker_deck.pop(0)

    def _reveal_broker_cards(self) -> None:
        """AUCTIONS: '4 new cards are revealed' (fewer if the deck runs short)."""
        while len(self.face_up) < FACE_UP and self.broker_deck:
            self.face_up.append(self._draw_broker_card())

    def _card(self, card: str) -> BrokerCard:
        return self.comp.card[card]

    def _target_name(self, target: str) -> str:
        """A corporation by its name; a corporation type as the rulebook says it."""
        corp = self.comp.corporation.get(target)
        return corp.name if corp is not None else f"the {target} corporations"

    # ============================================================= GAMEPLAY

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

    def _begin_turn(self, seat: int) -> None:
        self.active = seat
        self.asked = (seat,)
        if self.ai[seat]:
            self.phase = MINISTER
            self.dice, self.used, self.dice_left, self.rerolls_left = [], [], 0, 0
            self.left = [0] * len(FACES)
            return
        self.phase = TURN
        self._roll_for_turn(seat)
        self.rerolls_left = REROLLS
        if self.logging:
            self.log(f"{self.seat_name(seat)} rolls {self._dice_text()}")

    def _dice_text(self) -> str:
        return " ".join(FACE_SHORT[f] for f in self.dice)

    def _use_die(self, face: int) -> None:
        """Use one unused die showing ``face``; the dice are then kept (no more re-rolls)."""
        self.rerolls_left = 0
        self.left[face] -= 1
        self.dice_left -= 1
        dice, used = self.dice, self.used
        for i, f in enumerate(dice):
            if f == face and not used[i]:
                used[i] = True
                break

    def _turn_cards(self, seat: int) -> bool:
        card = self.comp.card
        return any(card[c].when == "turn" for c in self.hands[seat])

    def _maybe_end_turn(self) -> None:
        """A turn with no dice left and no card to play ends by itself."""
        if not self.dice_left and not self._turn_cards(self.active):
            self._end_turn()

    def _must_add_token(self) -> bool:
        """EVENTS: 'If the add event token icon is rolled, you must add' a token."""
        return bool(self.left[EVENT]) and bool(self.event_deck)

    def _end_turn(self) -> None:
        """The end of a player's turn: discard down to 2 broker cards (AUCTIONS)."""
        seat = self.active
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = DISCARD
            self.asked = (seat,)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """Clockwise to the next player; in the final round with ever fewer dice (ENDGAME)."""
        seat = (self.active + 1) % self.num_players
        if self.final:
            final_dice = FINAL_DICE[self.num_players]
            if self.final_pos >= len(final_dice):
                self._game_over()
                return
            self.dice_final[seat] = final_dice[self.final_pos]
            self.final_pos += 1
        self._begin_turn(seat)

    def _game_over(self) -> None:
        self.phase = OVER
        self.asked = ()
        if self.logging:
            scores = ", ".join(f"{self.seat_name(s)} {int(v)}" for s, v in enumerate(self.scores()))
            self.log(f"The game is over: {scores}")

    # ================================================================ EVENTS

    def _add_event_token(self) -> None:
        self.tokens += 1
        if self.logging:
            self.log(f"{self.seat_name(self.active)} adds event token {self.tokens} of {TOKENS}")
        if self.tokens == TOKENS:
            self.tokens = 0
            self._trigger_event()

    def _trigger_event(self) -> None:
        """The top event card is revealed; Safe Harbour holders may answer; it takes effect;
        the broker auction follows at once (EVENTS, AUCTIONS)."""
        event = self.event_deck.pop()
        self.events_done.append(event)
        self.current_event = event
        self.event_cancelled = False
        self.activator = self.active
        if self.logging:
            card = self.comp.event[event]
            self.log(f"Event: {card.name} ({card.text})")
        n = self.num_players
        holders = tuple(
            (seat, cid)
            for seat in ((self.active + i) % n for i in range(n))
            for cid in self.hands[seat]
            if self._card(cid).effect == "protect"
        )
        self.tasks.extend(
            [("after_event",), ("refresh",), ("auction",), ("event",), ("protect", holders)]
        )

    def _apply_event(self) -> None:
        event = self.comp.event[self.current_event or ""]
        if self.event_cancelled:
            return
        for c, corp in enumerate(self.corps):
            delta = event.delta(corp.type)
            if delta:
                self._move(c, delta)

    def _offer_protection(self, holders: tuple[tuple[int, str], ...]) -> bool:
        """Safe Harbour: each holder in turn order from the active player may play it."""
        while holders and not self.event_cancelled:
            (seat, cid), holders = holders[0], holders[1:]
            if cid not in self.hands[seat]:
                continue
            if self.ai[seat]:
                event = self.comp.event[self.current_event or ""]
                if minister.event_effect_on(self, seat, event) < 0:
                    self._protect(seat, cid)
                continue
            self.protect_offer = (seat, cid, holders)
            self.phase = PROTECT
            self.asked = (seat,)
            return True
        return False

    def _protect(self, seat: int, cid: str) -> None:
        self.hands[seat].remove(cid)
        self._to_bottom(cid)
        self.event_cancelled = True
        if self.logging:
            self.log(f"{self.seat_name(seat)} plays {self._card(cid).name}: the event is cancelled")

    def _after_event(self) -> None:
        """ENDGAME: 'initiated when all event cards have been activated'."""
        self.current_event = None
        if not self.event_deck and not self.final:
            self.final = True
            self.dice_final[self.active] = self.comp.dice.yellow + 1
            if self.logging:
                self.log("The last event card is done: this is the final round")

    # ============================================================== AUCTIONS

    def _auction(self) -> None:
        """'The player with the most credits on each card adds that card to their hand' and
        pays; ties go to the activating player, else the card is discarded; bids refunded."""
        n = self.num_players
        bids = self.bids
        won: list[tuple[int, str]] = []
        for slot, cid in enumerate(self.face_up):
            row = bids[slot * n : slot * n + n]
            top = max(row)
            if not top:
                continue
            leaders = [s for s in range(n) if row[s] == top]
            if len(leaders) == 1:
                winner: int | None = leaders[0]
            elif self.activator in leaders:
                winner = self.activator
            else:
                winner = None
            for s in range(n):
                if row[s]:
                    if s == winner:
                        self.supply[s] += row[s]
                        self.paid[s] += row[s]
                    else:
                        self.personal[s] += row[s]
            if winner is not None:
                won.append((winner, cid))
                self.hands[winner].append(cid)
            if self.logging:
                name = self._card(cid).name
                if winner is None:
                    self.log(f"{name}: a tie without the activating player, card discarded")
                else:
                    tie = len(leaders) > 1
                    self.log(
                        f"{self.seat_name(winner)} wins {name} for {top}"
                        + (" (a tie, broken in favour of the activating player)" if tie else "")
                    )
        self.bids = [0] * (FACE_UP * n)
        for _, cid in won:
            self.face_up.remove(cid)
        for seat, cid in reversed(won):
            if self.ai[seat]:
                self.tasks.append(("ai_card", seat, cid))

    def _refresh(self) -> None:
        """'All four face-up broker cards are discarded to the bottom of the deck and 4 new
        cards are revealed.'"""
        for cid in self.face_up:
            self._to_bottom(cid)
        self.face_up = []
        self._reveal_broker_cards()

    # ========================================================== BROKER CARDS

    def _search(self, seat: int) -> str | None:
        """Headhunter: draw until a card bears the AI symbol; the rest go to the bottom."""
        drawn: list[str] = []
        found = None
        for _ in range(len(self.broker_deck)):
            cid = self._draw_broker_card()
            if self._card(cid).ai:
                found = cid
                break
            drawn.append(cid)
        self.broker_deck.extend(drawn)
        if found is not None:
            self.hands[seat].append(found)
        if self.logging:
            shown = ", ".join(self._card(c).name for c in drawn) or "nothing else"
            got = self._card(found).name if found else "no card"
            self.log(f"{self.seat_name(seat)} searches the broker deck ({shown}): takes {got}")
        return found

    def _play_card(self, seat: int, cid: str, targets: tuple[str, ...]) -> None:
        """A human player's broker card, played in their turn (BROKER CARDS)."""
        card = self._card(cid)
        self.hands[seat].remove(cid)
        if self.logging:
            aim = f" on {' and '.join(self._target_name(t) for t in targets)}" if targets else ""
            self.log(f"{self.seat_name(seat)} plays {card.name}{aim}")
        effect = card.effect
        if effect == "move":
            self._move(self.slot[targets[0]], card.amount)
        elif effect == "move_type":
            for c, corp in enumerate(self.corps):
                if corp.type == targets[0]:
                    self._move(c, card.amount)
        elif effect == "gain":
            self._gain(seat, card.amount)
        elif effect == "place":
            for t in targets:
                self._place(seat, self.slot[t])
        elif effect == "place_move":
            slot = self.slot[targets[0]]
            self._place(seat, slot)
            self._move(slot, card.amount)
        elif effect == "search":
            self._search(seat)
        self._to_bottom(cid)

    def _card_plays(self, seat: int) -> list[Action]:
        """Every way to play the cards of one's hand now (BROKER CARDS)."""
        out: list[Action] = []
        for cid in self.hands[seat]:
            card = self._card(cid)
            if card.when != "turn":
                continue
            effect = card.effect
            if effect == "move":
                out.extend(play_action(cid, (self.corps[c].id,)) for c in self._movable(card))
            elif effect == "move_type":
                out.extend(play_action(cid, (t,)) for t in self.types_present)
            elif effect == "gain":
                if self.supply[seat]:
                    out.append(play_action(cid))
            elif effect == "place":
                room = {c.id: self.cap - self.total[i] for i, c in enumerate(self.corps)}
                room = {k: v for k, v in room.items() if v > 0}
                for combo in spree_targets(room, self.personal[seat], card.amount):
                    out.append(play_action(cid, combo))
            elif effect == "place_move":
                if self.personal[seat]:
                    out.extend(
                        play_action(cid, (corp.id,))
                        for c, corp in enumerate(self.corps)
                        if self.total[c] < self.cap
                    )
            elif effect == "search" and self.broker_deck:
                out.append(play_action(cid))
        return out

    def _movable(self, card: BrokerCard) -> list[int]:
        if card.amount > 0:
            return [c for c in range(len(self.corps)) if self.pos[c] < self._tops[c]]
        return [c for c in range(len(self.corps)) if self.pos[c] > 0]

    # ============================================================ SOLO PLAY

    def _minister_turn(self, seat: int) -> None:
        """'Roll the action dice once then follow the instructions ... for each of the icons
        rolled'; with ``minister_rolls`` above 1, the yellow dice are rolled again."""
        self._roll_for_turn(seat)
        self.used = [True] * len(self.dice)
        if self.logging:
            self.log(f"{self.seat_name(seat)} rolls {self._dice_text()}")
        todo: list[Task] = [
            ("ai_die", seat, f) for f in minister.AI_ORDER for _ in range(self.left[f])
        ]
        todo += [("ai_roll", seat)] * (self.options.minister_rolls - 1)
        self.left = [0] * len(FACES)
        self.dice_left = 0
        self.tasks.extend(reversed(todo))
        self._run()

    def _minister_roll_again(self, seat: int) -> None:
        count = min(self._dice_count(seat), self.comp.dice.yellow)
        self._roll(count, with_black=False)
        self.used = [True] * count
        if self.logging:
            self.log(f"{self.seat_name(seat)} rolls the yellow dice again: {self._dice_text()}")
        todo = [("ai_die", seat, f) for f in minister.AI_ORDER for _ in range(self.left[f])]
        self.left = [0] * len(FACES)
        self.dice_left = 0
        self.tasks.extend(reversed(todo))

    def _minister_die(self, seat: int, face: int) -> bool:
        """SOLO PLAY, ACTIONS: the AI's rule for each face.  True when a human must decide."""
        if face == EARN_FACE:
            if self._gain(seat, 1) and self.logging:
                self.log(f"{self.seat_name(seat)} earns 1 credit")
            return False
        if face == PLACE:
            return self._minister_act("place", seat, 0)
        if face == UP:
            return self._minister_act("up", seat, 1)
        if face == DOWN:
            return self._minister_act("down", seat, 1)
        if face == BID:
            return self._minister_act("bid", seat, 0)
        if self.event_deck:
            self._add_event_token()
        return False

    def _minister_choices(self, kind: str, seat: int) -> tuple[str, ...]:
        if kind in ("place", "insider"):
            return tuple(self.corps[c].id for c in minister.place_choices(self, seat))
        if kind == "up":
            return tuple(self.corps[c].id for c in minister.raise_choices(self, seat))
        if kind == "down":
            return tuple(self.corps[c].id for c in minister.lower_choices(self, seat))
        return tuple(self.face_up[s] for s in minister.bid_choices(self, seat))

    def _minister_act(self, kind: str, seat: int, amount: int) -> bool:
        """Carry out an AI action on its rule's target; a tie goes to a human (or, with no
        human at the table, to a seeded draw).  True when a human must decide."""
        choices = self._minister_choices(kind, seat)
        if not choices:
            if self.logging:
                self.log(f"{self.seat_name(seat)} cannot {IGNORED[kind]}: the action is ignored")
            return False
        if len(choices) == 1:
            self._minister_apply(kind, seat, choices[0], amount)
            return False
        if not self.humans:
            self._minister_apply(kind, seat, choices[self.rng.randrange(len(choices))], amount)
            return False
        chooser = self.humans[self.decider]
        self.decider = (self.decider + 1) % len(self.humans)
        self.decision = (kind, seat, choices, amount)
        self.phase = DECIDE
        self.asked = (chooser,)
        return True

    def _minister_apply(self, kind: str, seat: int, target: str, amount: int) -> None:
        if kind == "bid":
            slot = self.face_up.index(target)
            self.personal[seat] -= 1
            self.bids[slot * self.num_players + seat] += 1
            if self.logging:
                self.log(f"{self.seat_name(seat)} bids on {self._card(target).name}")
            return
        corp = self.slot[target]
        if kind in ("place", "insider"):
            self._place(seat, corp)
        if kind != "place":
            self._move(corp, -amount if kind == "down" else amount)
        if self.logging:
            words = {
                "place": "places a credit on",
                "insider": "places a credit on and raises",
                "up": "raises",
            }
            self.log(f"{self.seat_name(seat)} {words.get(kind, 'lowers')} {self.corps[corp].name}")

    def _minister_card(self, seat: int, cid: str) -> bool:
        """SOLO PLAY, BROKER CARDS: AI-symbol cards are used the moment the AI receives them;
        end-game cards and Safe Harbour are kept.  True when a human must decide."""
        card = self._card(cid)
        if not card.ai or card.when != "turn" or cid not in self.hands[seat]:
            return False
        self.hands[seat].remove(cid)
        if self.logging:
            self.log(f"{self.seat_name(seat)} uses {card.name}")
        paused = False
        effect = card.effect
        if effect == "move":
            paused = self._minister_act("up" if card.amount > 0 else "down", seat, abs(card.amount))
        elif effect == "gain":
            self._gain(seat, card.amount)
        elif effect == "place":
            self.tasks.append(("ai_place", seat, card.amount))
        elif effect == "place_move":
            paused = self._minister_act("insider", seat, card.amount)
        elif effect == "search":
            found = self._search(seat)
            if found is not None:
                self.tasks.append(("ai_card", seat, found))
        self._to_bottom(cid)
        return paused

    def _finish_minister_turn(self) -> None:
        """'If they exceed this amount, randomly discard down to 4 at the end of their turn.'"""
        seat = self.active
        hand = self.hands[seat]
        while len(hand) > MINISTER_HAND_LIMIT:
            cid = hand.pop(self.rng.randrange(len(hand)))
            self._to_bottom(cid)
            if self.logging:
                self.log(f"{self.seat_name(seat)} discards {self._card(cid).name} at random")
        self._next_turn()

    # ======================================================= the task runner

    def _do(self, task: Task) -> bool:
        """One step of work; True when it stopped to ask a player."""
        kind = task[0]
        if kind == "protect":
            return self._offer_protection(task[1])
        if kind == "event":
            self._apply_event()
        elif kind == "auction":
            self._auction()
        elif kind == "refresh":
            self._refresh()
        elif kind == "after_event":
            self._after_event()
        elif kind == "ai_die":
            return self._minister_die(task[1], task[2])
        elif kind == "ai_roll":
            self._minister_roll_again(task[1])
        elif kind == "ai_card":
            return self._minister_card(task[1], task[2])
        elif kind == "ai_place":
            seat, left = task[1], task[2]
            if left > 0:
                self.tasks.append(("ai_place", seat, left - 1))
                return self._minister_act("place", seat, 0)
        return False

    def _run(self) -> None:
        """Do the waiting work until someone must answer, then hand the turn back."""
        tasks = self.tasks
        while tasks:
            if self._do(tasks.pop()):
                return
        if self.ai[self.active]:
            self._finish_minister_turn()
        else:
            self.phase = TURN
            self.asked = (self.active,)
            self._maybe_end_turn()

    # ================================================ decisions and actions

    def _to_act(self) -> tuple[int, ...]:
        return self.asked

    def _is_simultaneous(self) -> bool:
        return False

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions(seat)
        if phase == MINISTER:
            return [MINISTER_TURN]
        if phase == DECIDE:
            assert self.decision is not None
            return [Decide(choice) for choice in self.decision[2]]
        if phase == DISCARD:
            return [self._a_discard[c] for c in self.hands[seat]]
        if phase == PROTECT:
            assert self.protect_offer is not None
            return [play_action(self.protect_offer[1]), PASS]
        return []

    def _turn_actions(self, seat: int) -> list[Action]:
        """GAMEPLAY and ACTIONS: re-rolls, one action per unused die, cards, ending."""
        out: list[Action] = []
        left = self.left
        if self.rerolls_left:
            dice = len(self.dice)
            fixed = self.black and self.dice[-1] == EVENT
            if dice - fixed:
                out.extend(REROLL_ACTIONS[dice - fixed])
        if left[EARN_FACE] and self.supply[seat]:
            out.append(EARN)
        credits = self.personal[seat]
        if left[PLACE] and credits:
            total, cap = self.total, self.cap
            out += [a for c, a in enumerate(self._a_place) if total[c] < cap]
        if left[UP]:
            pos, tops = self.pos, self._tops
            out += [a for c, a in enumerate(self._a_up) if pos[c] < tops[c]]
        if left[DOWN]:
            pos = self.pos
            out += [a for c, a in enumerate(self._a_down) if pos[c]]
        if left[BID] and credits:
            bid = self._a_bid
            out += [bid[c] for c in self.face_up]
        must_add = self._must_add_token()
        if must_add:
            out.append(ADD_EVENT_TOKEN)
        if self.hands[seat]:
            out.extend(self._card_plays(seat))
        if not must_add:
            out.append(END_TURN)
        return out

    def _play(self, seat: int, action: Action) -> None:
        _HANDLERS[type(action)](self, seat, action)

    def _do_reroll(self, seat: int, action: Reroll) -> None:
        dice = self.comp.dice
        rnd = self.rng.random
        last = len(self.dice) - 1
        for number in action.dice:
            i = number - 1
            faces = dice.black_faces if self.black and i == last else dice.yellow_faces
            old = self.dice[i]
            new = faces[int(rnd() * len(faces))]
            self.dice[i] = new
            self.left[old] -= 1
            self.left[new] += 1
        self.rerolls_left -= 1
        if self.logging:
            self.log(f"{self.seat_name(seat)} re-rolls: {self._dice_text()}")

    def _do_earn(self, seat: int, action: Earn) -> None:
        self._use_die(EARN_FACE)
        self._gain(seat, 1)
        if self.logging:
            self.log(f"{self.seat_name(seat)} earns 1 credit")
        self._maybe_end_turn()

    def _do_place(self, seat: int, action: Place) -> None:
        self._use_die(PLACE)
        self._place(seat, self.slot[action.corporation])
        if self.logging:
            self.log(
                f"{self.seat_name(seat)} places a credit on {self._target_name(action.corporation)}"
            )
        self._maybe_end_turn()

    def _do_up(self, seat: int, action: StockUp) -> None:
        self._use_die(UP)
        self._move(self.slot[action.corporation], 1)
        if self.logging:
            self.log(
                f"{self.seat_name(seat)} moves {self._target_name(action.corporation)}'s "
                "value marker up"
            )
        self._maybe_end_turn()

    def _do_down(self, seat: int, action: StockDown) -> None:
        self._use_die(DOWN)
        self._move(self.slot[action.corporation], -1)
        if self.logging:
            self.log(
                f"{self.seat_name(seat)} moves {self._target_name(action.corporation)}'s "
                "value marker down"
            )
        self._maybe_end_turn()

    def _do_bid(self, seat: int, action: Bid) -> None:
        self._use_die(BID)
        self.personal[seat] -= 1
        self.bids[self.face_up.index(action.card) * self.num_players + seat] += 1
        if self.logging:
            self.log(f"{self.seat_name(seat)} bids on {self._card(action.card).name}")
        self._maybe_end_turn()

    def _do_event(self, seat: int, action: AddEventToken) -> None:
        self._use_die(EVENT)
        self._add_event_token()
        self._run()

    def _do_play(self, seat: int, action: Play) -> None:
        if self.phase == PROTECT:
            self.protect_offer = None
            self._protect(seat, action.card)
            self._run()
            return
        self._play_card(seat, action.card, action.targets)
        self._maybe_end_turn()

    def _do_end(self, seat: int, action: EndTurn) -> None:
        if self.logging:
            self.log(f"{self.seat_name(seat)} ends the turn")
        self._end_turn()

    def _do_discard(self, seat: int, action: Discard) -> None:
        self.hands[seat].remove(action.card)
        self._to_bottom(action.card)
        if self.logging:
            self.log(f"{self.seat_name(seat)} discards {self._card(action.card).name}")
        if len(self.hands[seat]) <= HAND_LIMIT:
            self._next_turn()

    def _do_pass(self, seat: int, action: Pass) -> None:
        assert self.protect_offer is not None
        rest = self.protect_offer[2]
        self.protect_offer = None
        self.tasks.append(("protect", rest))
        self._run()

    def _do_decide(self, seat: int, action: Decide) -> None:
        assert self.decision is not None
        kind, ai_seat, _, amount = self.decision
        self.decision = None
        if self.logging:
            self.log(f"{self.seat_name(seat)} decides for the Minister AI: {action.choice}")
        self._minister_apply(kind, ai_seat, action.choice, amount)
        self._run()

    def _do_minister(self, seat: int, action: MinisterTurn) -> None:
        self._minister_turn(seat)

    # ========================================================= explanations

    def _illegal_reason(self, seat: int, action: Action) -> str | None:
        if action in self._legal(seat):
            return None
        return explain(self, seat, action)

    # ================================================================ views

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        # Written out flat (no helper calls per item): a live table builds this view for
        # every seat after every move, and the undo check several times more.
        n = self.num_players
        card = self.comp.card
        event = self.comp.event
        pos, placed, total, bids = self.pos, self.placed, self.total, self.bids
        used, dice = self.used, self.dice
        black = len(dice) - 1 if self.black else -1
        view: dict[str, JsonValue] = {
            "phase": PHASES[self.phase],
            "active": self.active,
            "first_player": self.first,
            "minister": [s for s, ai in enumerate(self.ai) if ai],
            "corporations": [
                {
                    "id": corp.id,
                    "name": corp.name,
                    "type": corp.type,
                    "track": list(corp.track),
                    "start": corp.start,
                    "position": pos[c],
                    "value": corp.track[pos[c]],
                    "credits": placed[c * n : c * n + n],
                    "total": total[c],
                }
                for c, corp in enumerate(self.corps)
            ],
            "cap": self.cap,
            "corporation_deck": len(self.corp_deck),
            "event_tokens": self.tokens,
            "event_deck": len(self.event_deck),
            "events_done": [
                {"id": e, "name": event[e].name, "text": event[e].text} for e in self.events_done
            ],
            "current_event": self.current_event,
            "event_cancelled": self.event_cancelled,
            "broker": [
                {
                    "id": cid,
                    "name": (broker := card[cid]).name,
                    "ai": broker.ai,
                    "when": broker.when,
                    "text": broker.text,
                    "bids": bids[i * n : i * n + n],
                }
                for i, cid in enumerate(self.face_up)
            ],
            "broker_deck": len(self.broker_deck),
            "broker_deck_bottom": self.broker_deck[self.deck_hidden :],
            "players": [
                {
                    "supply": self.supply[s],
                    "credits": self.personal[s],
                    "paid": self.paid[s],
                    "cards": [
                        {"id": cid, "name": (held := card[cid]).name, "when": held.when}
                        for cid in hand
                    ],
                    "score": self.score(s),
                }
                for s, hand in enumerate(self.hands)
            ],
            "dice": [
                {"face": FACES[f], "used": used[i], "black": i == black} for i, f in enumerate(dice)
            ],
            "rerolls_left": self.rerolls_left,
            "final_round": self.final,
            "final_dice": list(FINAL_DICE[n]),
            "dice_in_final_round": list(self.dice_final),
            "decision": None,
            "protect": None,
        }
        if self.decision is not None:
            kind, ai_seat, choices, amount = self.decision
            view["decision"] = {
                "kind": kind,
                "for": ai_seat,
                "choices": list(choices),
                "amount": amount,
                "text": f"Decide for {self.seat_name(ai_seat)} {DECISION_TEXT[kind]}",
            }
        if self.protect_offer is not None:
            holder, cid, _ = self.protect_offer
            view["protect"] = {"seat": holder, "card": cid}
        return view

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Shuffle the unseen top of the broker deck, re-deal the unseen event cards between
        the event deck and the box, and shuffle the corporation deck."""
        hidden = self.broker_deck[: self.deck_hidden]
        rng.shuffle(hidden)
        self.broker_deck[: self.deck_hidden] = hidden
        pool = self.event_deck + self.event_box
        rng.shuffle(pool)
        self.event_deck = pool[: len(self.event_deck)]
        self.event_box = pool[len(self.event_deck) :]
        rng.shuffle(self.corp_deck)

    def clone(self) -> GonzaState:
        new = super().clone()
        new.corp_deck = list(self.corp_deck)
        new.pos = list(self.pos)
        new.placed = list(self.placed)
        new.total = list(self.total)
        new.supply = list(self.supply)
        new.personal = list(self.personal)
        new.earned = list(self.earned)
        new.paid = list(self.paid)
        new.event_deck = list(self.event_deck)
        new.event_box = list(self.event_box)
        new.events_done = list(self.events_done)
        new.broker_deck = list(self.broker_deck)
        new.face_up = list(self.face_up)
        new.bids = list(self.bids)
        new.hands = [list(h) for h in self.hands]
        new.tasks = list(self.tasks)
        new.dice_final = list(self.dice_final)
        new.dice = list(self.dice)
        new.used = list(self.used)
        new.left = list(self.left)
        return new

    # ================================================================ ENDGAME

    def score_parts(self, seat: int) -> dict[str, int]:
        """ENDGAME scoring: personal credits, placed credits at current value, broker cards."""
        n = self.num_players
        held = self.placed[seat::n]
        corps, pos = self.corps, self.pos
        stocks = sum(k * corps[c].track[pos[c]] for c, k in enumerate(held) if k)
        cards = self._end_cards(seat, held) if self.hands[seat] else 0
        return {"credits": self.personal[seat], "stocks": stocks, "cards": cards}

    def _end_cards(self, seat: int, held: list[int]) -> int:
        """Broker cards that give end-game credits: Inheritance, Diversified, Hedge Fund."""
        bonus = 0
        hedges = 0
        losses: list[int] | None = None
        for cid in self.hands[seat]:
            card = self._card(cid)
            if card.effect == "bonus":
                bonus += card.amount
            elif card.effect == "bonus_types":
                types = {self.corps[c].type for c, k in enumerate(held) if k}
                if len(types) >= card.types:
                    bonus += card.amount
            elif card.effect == "hedge":
                if losses is None:
                    losses = sorted(
                        (
                            k * (self.corps[c].start_value - self.value(c))
                            for c, k in enumerate(held)
                            if k and self.value(c) < self.corps[c].start_value
                        ),
                        reverse=True,
                    )
                if hedges < len(losses):
                    bonus += losses[hedges]
                    hedges += 1
        return bonus

    def score(self, seat: int) -> int:
        """A player's credits if the game ended now (their final score once it is over)."""
        n = self.num_players
        held = self.placed[seat::n]
        corps, pos = self.corps, self.pos
        total = self.personal[seat] + sum(
            k * corps[c].track[pos[c]] for c, k in enumerate(held) if k
        )
        return total + self._end_cards(seat, held) if self.hands[seat] else total

    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.score(s)) for s in range(self.num_players))

    def _tiebreak(self, seat: int) -> tuple[float, ...]:
        """'The player who used the least dice in the final round is declared the winner.'"""
        return (-float(self.dice_final[seat]),)


_HANDLERS: dict[type[Action], Callable[[GonzaState, int, Any], None]] = {
    Reroll: GonzaState._do_reroll,
    Earn: GonzaState._do_earn,
    Place: GonzaState._do_place,
    StockUp: GonzaState._do_up,
    StockDown: GonzaState._do_down,
    Bid: GonzaState._do_bid,
    AddEventToken: GonzaState._do_event,
    Play: GonzaState._do_play,
    EndTurn: GonzaState._do_end,
    Discard: GonzaState._do_discard,
    Pass: GonzaState._do_pass,
    Decide: GonzaState._do_decide,
    MinisterTurn: GonzaState._do_minister,
}

__all__ = ["CAPS", "FINAL_DICE", "GonzaState", "play_action", "spree_targets"]
