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

This module holds the setup, the turn, the task stack and the decisions; each other
section of the rulebook is a part of :class:`GonzaState` in its own module, built on the
shared table of ``core``: ``events`` (EVENTS), ``auction`` (AUCTIONS), ``brokers``
(BROKER CARDS), ``minister_turn`` (SOLO PLAY; the AI's choices are ``minister``), ``view``
(what each player sees) and ``scoring`` (ENDGAME).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from motherlode.engine import Action, BadOptions
from motherlode.engine.words import T
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
from motherlode.games.gonza.auction import AuctionRules
from motherlode.games.gonza.brokers import BrokerCards, play_action, spree_targets
from motherlode.games.gonza.components import BID, DOWN, EVENT, FACES, PLACE, TYPES, UP
from motherlode.games.gonza.components import EARN as EARN_FACE
from motherlode.games.gonza.core import GonzaCore, Task
from motherlode.games.gonza.events import EventRules
from motherlode.games.gonza.explain import explain
from motherlode.games.gonza.minister_turn import MinisterTurnRules
from motherlode.games.gonza.scoring import GonzaScoring
from motherlode.games.gonza.tables import DECIDE, DISCARD, MINISTER, OVER, PROTECT, TURN
from motherlode.games.gonza.terms import comma_list, type_word
from motherlode.games.gonza.view import DECISION_TEXT, GonzaView

# ------------------------------------------------------------- shared actions


def _reroll_actions(dice: int) -> tuple[Reroll, ...]:
    """Every non-empty set of dice 1..dice, as re-roll actions (by bit pattern)."""
    return tuple(
        Reroll(tuple(i + 1 for i in range(dice) if mask >> i & 1)) for mask in range(1, 1 << dice)
    )


REROLL_ACTIONS = {n: _reroll_actions(n) for n in range(1, 9)}


class GonzaState(
    EventRules, AuctionRules, BrokerCards, MinisterTurnRules, GonzaView, GonzaScoring, GonzaCore
):
    """The rules of Gonza Index (see the module docstring)."""

    # ================================================================= SETUP

    def _setup(self) -> None:
        """SETUP 1-4 and the first player's credits."""
        n = self.num_players
        opts = self.options
        comp = self.comp = opts.load()
        p = self.params = opts.parameters
        ministers = opts.minister_seats
        if any(s >= n for s in ministers):
            raise BadOptions(
                f"option minister: there are only {n} players, so it lists players 1 to {n}"
            )
        if opts.first_player > n:
            raise BadOptions(f"option first_player: there are only {n} players")
        self.ai = tuple(s in ministers for s in range(n))
        rng = self.rng
        # 1. six corporations face up, value markers on their white start spaces
        corp_ids = [c.id for c in comp.corporations]
        rng.shuffle(corp_ids)
        self._lay_market(corp_ids[: p.market_size])
        self.corp_deck = corp_ids[p.market_size :]
        self.cap = p.caps[n - 2]
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
        self.events_done = []
        self.tokens = 0
        self.current_event = None
        self.event_cancelled = False
        self.activator = 0
        # 4. the broker deck, four cards face up
        deck = [c.id for c in comp.broker_cards]
        rng.shuffle(deck)
        self.broker_deck = deck  # index 0 is the top
        self.face_up = []
        self.deck_hidden = len(deck)
        self._reveal_broker_cards()
        self.bids = [0] * (p.broker_cards_face_up * n)  # [face-up slot * n + seat]
        self.hands = [[] for _ in range(n)]
        # the first player and the starting credits
        self.first = rng.randrange(n) if opts.first_player == 0 else opts.first_player - 1
        for s in range(n):
            take = p.start_credits_first if s == self.first else p.start_credits_others
            self.supply[s] -= take
            self.personal[s] += take
        order = [(self.first + i) % n for i in range(n)]
        self.humans = tuple(s for s in order if not self.ai[s])
        self.decider = len(self.humans) - 1  # 'starting with the player who went last'
        self.decision = None
        self.protect_offer = None
        self.tasks = []
        # the final round (ENDGAME)
        self.final = False
        self.final_pos = 0
        self.dice_final = [0] * n
        self._a_bid = {c.id: Bid(c.id) for c in comp.broker_cards}
        self._a_discard = {c.id: Discard(c.id) for c in comp.broker_cards}
        if self.logging:
            market = comma_list(
                [
                    T(
                        "{name} ({type}, {value})",
                        name=c.name,
                        type=type_word(c.type),
                        value=c.start_value,
                    )
                    for c in self.corps
                ]
            )
            self.log(T("The market: {corporations}", corporations=market))
            self.log(T("{player} goes first", player=self._who(self.first)))
        self.phase = TURN
        self.asked = ()
        self.active = self.first
        self.dice = []
        self.used = []
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

    # ============================================================= GAMEPLAY

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
        self.rerolls_left = self.params.rerolls
        if self.logging:
            self.log(T("{player} rolls {dice}", player=self._who(seat), dice=self._dice_text()))

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
        if len(self.hands[seat]) > self.params.hand_limit:
            self.phase = DISCARD
            self.asked = (seat,)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """Clockwise to the next player; in the final round with ever fewer dice (ENDGAME)."""
        seat = (self.active + 1) % self.num_players
        if self.final:
            final_dice = self.params.final_dice[self.num_players - 2]
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
            scores = comma_list(
                [
                    T("{player} {score}", player=self._who(s), score=int(v))
                    for s, v in enumerate(self.scores())
                ]
            )
            self.log(T("The game is over: {scores}", scores=scores))

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
            self.log(T("{player} re-rolls: {dice}", player=self._who(seat), dice=self._dice_text()))

    def _do_earn(self, seat: int, action: Earn) -> None:
        self._use_die(EARN_FACE)
        self._gain(seat, 1)
        if self.logging:
            self.log(T("{player} earns 1 credit", player=self._who(seat)))
        self._maybe_end_turn()

    def _do_place(self, seat: int, action: Place) -> None:
        self._use_die(PLACE)
        self._place(seat, self.slot[action.corporation])
        if self.logging:
            self.log(
                T(
                    "{player} places a credit on {corporation}",
                    player=self._who(seat),
                    corporation=self._target_name(action.corporation),
                )
            )
        self._maybe_end_turn()

    def _do_up(self, seat: int, action: StockUp) -> None:
        self._use_die(UP)
        self._move(self.slot[action.corporation], 1)
        if self.logging:
            self.log(
                T(
                    "{player} moves {corporation}'s value marker up",
                    player=self._who(seat),
                    corporation=self._target_name(action.corporation),
                )
            )
        self._maybe_end_turn()

    def _do_down(self, seat: int, action: StockDown) -> None:
        self._use_die(DOWN)
        self._move(self.slot[action.corporation], -1)
        if self.logging:
            self.log(
                T(
                    "{player} moves {corporation}'s value marker down",
                    player=self._who(seat),
                    corporation=self._target_name(action.corporation),
                )
            )
        self._maybe_end_turn()

    def _do_bid(self, seat: int, action: Bid) -> None:
        self._use_die(BID)
        self.personal[seat] -= 1
        self.bids[self.face_up.index(action.card) * self.num_players + seat] += 1
        if self.logging:
            self.log(
                T(
                    "{player} bids on {card}",
                    player=self._who(seat),
                    card=self._card_name(action.card),
                )
            )
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
            self.log(T("{player} ends the turn", player=self._who(seat)))
        self._end_turn()

    def _do_discard(self, seat: int, action: Discard) -> None:
        self.hands[seat].remove(action.card)
        self._to_bottom(action.card)
        if self.logging:
            self.log(
                T(
                    "{player} discards {card}",
                    player=self._who(seat),
                    card=self._card_name(action.card),
                )
            )
        if len(self.hands[seat]) <= self.params.hand_limit:
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
            self.log(
                T(
                    "{player} decides for the Minister AI: {choice}",
                    player=self._who(seat),
                    choice=action.choice,
                )
            )
        self._minister_apply(kind, ai_seat, action.choice, amount)
        self._run()

    def _do_minister(self, seat: int, action: MinisterTurn) -> None:
        self._minister_turn(seat)

    # ========================================================= explanations

    def _illegal_reason(self, seat: int, action: Action) -> T | None:
        """None for a legal move; else the first rule it breaks, in words (``explain``)."""
        if action in self._legal(seat):
            return None
        return explain(self, seat, action)

    # ================================================================ copies

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

__all__ = [
    "DECISION_TEXT",
    "REROLL_ACTIONS",
    "GonzaState",
    "play_action",
    "spree_targets",
]
