"""BROKER CARDS: a human player's card plays in their turn, and Headhunter's search.

(The Minister AI uses its cards by the SOLO PLAY rules, in ``minister_turn``; Safe Harbour
answers an event, in ``events``; the end-game cards count in ``scoring``.)
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.gonza.actions import Play
from motherlode.games.gonza.components import BrokerCard
from motherlode.games.gonza.core import GonzaCore
from motherlode.games.gonza.terms import and_list, comma_list

_PLAYS: dict[tuple[str, tuple[str, ...]], Play] = {}


def play_action(card: str, targets: tuple[str, ...] = ()) -> Play:
    """The one ``Play`` of a card on these targets (made once, then offered by identity)."""
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


class BrokerCards(GonzaCore):
    """Playing broker cards in one's turn (BROKER CARDS)."""

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
            shown = comma_list([self._card_name(c) for c in drawn]) if drawn else T("nothing else")
            got = self._card_name(found) if found else T("no card")
            self.log(
                T(
                    "{player} searches the broker deck ({shown}): takes {card}",
                    player=self._who(seat),
                    shown=shown,
                    card=got,
                )
            )
        return found

    def _play_card(self, seat: int, cid: str, targets: tuple[str, ...]) -> None:
        """A human player's broker card, played in their turn (BROKER CARDS)."""
        card = self._card(cid)
        self.hands[seat].remove(cid)
        if self.logging:
            who, name = self._who(seat), self._card_name(cid)
            if targets:
                aim = and_list([self._target_name(t) for t in targets])
                self.log(
                    T("{player} plays {card} on {targets}", player=who, card=name, targets=aim)
                )
            else:
                self.log(T("{player} plays {card}", player=who, card=name))
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
        """Corporations whose marker can still move the way the card moves it."""
        if card.amount > 0:
            return [c for c in range(len(self.corps)) if self.pos[c] < self._tops[c]]
        return [c for c in range(len(self.corps)) if self.pos[c] > 0]
