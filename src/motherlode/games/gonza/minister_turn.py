"""SOLO PLAY: the Minister AI's turn, carried out as rules.

The AI rolls once (more with ``minister_rolls``), then each die's rule acts on the target
``minister`` picks; a tie goes to a human player (``decide``), or with no human at the
table to a seeded draw.  Cards with the AI symbol are used the moment the AI receives
them.  The steps wait on the task stack (``rules.GonzaState._run``) so that a human's
answer can come in between.
"""

from __future__ import annotations

from collections.abc import Callable

from motherlode.engine.words import T
from motherlode.games.gonza import minister
from motherlode.games.gonza.components import BID, DOWN, FACES, PLACE, UP
from motherlode.games.gonza.components import EARN as EARN_FACE
from motherlode.games.gonza.core import GonzaCore, Task
from motherlode.games.gonza.tables import DECIDE
from motherlode.games.gonza.terms import Words

IGNORED: dict[str, Callable[[Words], T]] = {
    "place": lambda who: T("{player} cannot invest: the action is ignored", player=who),
    "insider": lambda who: T("{player} cannot invest: the action is ignored", player=who),
    "up": lambda who: T("{player} cannot increase a stock: the action is ignored", player=who),
    "down": lambda who: T("{player} cannot decrease a stock: the action is ignored", player=who),
    "bid": lambda who: T("{player} cannot bid: the action is ignored", player=who),
}
"""What the log says the AI could not do, by kind of decision."""

DONE: dict[str, Callable[[Words, str], T]] = {
    "place": lambda who, corp: T(
        "{player} places a credit on {corporation}", player=who, corporation=corp
    ),
    "insider": lambda who, corp: T(
        "{player} places a credit on and raises {corporation}", player=who, corporation=corp
    ),
    "up": lambda who, corp: T("{player} raises {corporation}", player=who, corporation=corp),
    "down": lambda who, corp: T("{player} lowers {corporation}", player=who, corporation=corp),
}
"""What the log says the AI did to a corporation, by kind of decision."""


class MinisterTurnRules(GonzaCore):
    """The Minister AI's whole turn (SOLO PLAY)."""

    def _minister_turn(self, seat: int) -> None:
        """'Roll the action dice once then follow the instructions ... for each of the icons
        rolled'; with ``minister_rolls`` above 1, the yellow dice are rolled again."""
        self._roll_for_turn(seat)
        self.used = [True] * len(self.dice)
        if self.logging:
            self.log(T("{player} rolls {dice}", player=self._who(seat), dice=self._dice_text()))
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
            self.log(
                T(
                    "{player} rolls the yellow dice again: {dice}",
                    player=self._who(seat),
                    dice=self._dice_text(),
                )
            )
        todo = [("ai_die", seat, f) for f in minister.AI_ORDER for _ in range(self.left[f])]
        self.left = [0] * len(FACES)
        self.dice_left = 0
        self.tasks.extend(reversed(todo))

    def _minister_die(self, seat: int, face: int) -> bool:
        """SOLO PLAY, ACTIONS: the AI's rule for each face.  True when a human must decide."""
        if face == EARN_FACE:
            if self._gain(seat, 1) and self.logging:
                self.log(T("{player} earns 1 credit", player=self._who(seat)))
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
                self.log(IGNORED[kind](self._who(seat)))
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
                self.log(
                    T(
                        "{player} bids on {card}",
                        player=self._who(seat),
                        card=self._card_name(target),
                    )
                )
            return
        corp = self.slot[target]
        if kind in ("place", "insider"):
            self._place(seat, corp)
        if kind != "place":
            self._move(corp, -amount if kind == "down" else amount)
        if self.logging:
            self.log(DONE.get(kind, DONE["down"])(self._who(seat), self.corps[corp].name))

    def _minister_card(self, seat: int, cid: str) -> bool:
        """SOLO PLAY, BROKER CARDS: AI-symbol cards are used the moment the AI receives them;
        end-game cards and Safe Harbour are kept.  True when a human must decide."""
        card = self._card(cid)
        if not card.ai or card.when != "turn" or cid not in self.hands[seat]:
            return False
        self.hands[seat].remove(cid)
        if self.logging:
            self.log(T("{player} uses {card}", player=self._who(seat), card=self._card_name(cid)))
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
        while len(hand) > self.params.minister_hand_limit:
            cid = hand.pop(self.rng.randrange(len(hand)))
            self._to_bottom(cid)
            if self.logging:
                self.log(
                    T(
                        "{player} discards {card} at random",
                        player=self._who(seat),
                        card=self._card_name(cid),
                    )
                )
        self._next_turn()
