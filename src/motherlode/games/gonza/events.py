"""EVENTS: event tokens, the event card they reveal, and Safe Harbour's protection.

The third token reveals the top event card; the work that follows waits on the task stack
(``rules.GonzaState._run``) because a Safe Harbour holder may be asked first: protection,
the event, the broker auction (``auction``), then the check for the final round (ENDGAME).
"""

from __future__ import annotations

from motherlode.engine.words import T
from motherlode.games.gonza import minister
from motherlode.games.gonza.core import GonzaCore
from motherlode.games.gonza.tables import PROTECT
from motherlode.games.gonza.terms import comma_list, named, type_word


class EventRules(GonzaCore):
    """EVENTS and the Safe Harbour broker card."""

    def _add_event_token(self) -> None:
        self.tokens += 1
        needed = self.params.event_tokens
        if self.logging:
            self.log(
                T(
                    "{player} adds event token {token} of {needed}",
                    player=self._who(self.active),
                    token=self.tokens,
                    needed=needed,
                )
            )
        if self.tokens == needed:
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
            moves = comma_list(
                [
                    T("{type} {amount:+d}", type=type_word(kind), amount=amount)
                    for kind, amount in card.moves
                ]
            )
            self.log(T("Event: {name} ({moves})", name=named(card.name), moves=moves))
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
            self.log(
                T(
                    "{player} plays {card}: the event is cancelled",
                    player=self._who(seat),
                    card=self._card_name(cid),
                )
            )

    def _after_event(self) -> None:
        """ENDGAME: 'initiated when all event cards have been activated'."""
        self.current_event = None
        if not self.event_deck and not self.final:
            self.final = True
            self.dice_final[self.active] = self.comp.dice.yellow + 1
            if self.logging:
                self.log(T("The last event card is done: this is the final round"))
