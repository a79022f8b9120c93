"""RISK (p15): the optional draw, the reshuffle, HOLD cards and the business scenarios.

Drawing is optional.  If another player is still on the RISK square, the arriving player
may first reshuffle the deck.  A HOLD card is kept face up and played before a later roll
(order of play, step 5); every other card acts at once and goes straight back to the
bottom of the deck, as do HOLD cards once used.  The deck is ``data/risk.toml``.

A part of ``rules.GoldfixState``, built on the core alone.  Hooks it offers (declared on
the core): ``held_card``, ``_spend_hold`` and ``_apply_effects`` (HOLD cards, in
``preroll``).  Hooks it uses, for the cards that act at once: ``_open_auction``
(``auctions``), ``_open_market``, ``_pay_bullion_tax``, ``_pay_corporation_tax``,
``_toggle_tax``, ``_goldfix_up`` (``markets``) and ``_open_merchant_bank`` (``merchant``).
"""

from __future__ import annotations

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import Answer, Draw, Reshuffle
from motherlode.games.goldfix.auctions import LEASE, REPORT
from motherlode.games.goldfix.components import Effect
from motherlode.games.goldfix.core import ANSWER, DRAW, NO_ONE, RESHUFFLE, GoldfixCore

_YES_NO: dict[str, list[Action]] = {
    RESHUFFLE: [Reshuffle(False), Reshuffle(True)],
    DRAW: [Draw(False), Draw(True)],
}
_ANSWER_NO: list[Action] = [Answer(False)]
_ANSWERS: list[Action] = [Answer(False), Answer(True)]


class RiskRules(GoldfixCore):
    """The RISK deck and its cards."""

    def _land_on_risk(self) -> None:
        seat = self.turn
        here = self.position[seat]
        crowded = any(
            s != seat and self.active[s] and self.position[s] == here
            for s in range(self.num_players)
        )
        if crowded and len(self.risk_deck) > 1:
            self._ask(RESHUFFLE, (seat,))
        elif self.risk_deck:
            self._ask(DRAW, (seat,))
        elif self.logging:
            self.log(T("Every RISK card is held: there is nothing to draw"))

    def _legal_yes_no(self) -> list[Action]:
        return list(_YES_NO[self.phase])

    def _reshuffle(self, yes: bool) -> None:
        if yes:
            self.risk_deck.reshuffle(self.rng)
            if self.logging:
                self.log(T("{player} reshuffles the RISK deck", player=self.seat_name(self.turn)))
        self._ask(DRAW, (self.turn,))

    def _draw(self, yes: bool) -> None:
        seat = self.turn
        if not yes:
            if self.logging:
                self.log(T("{player} does not take a RISK", player=self.seat_name(seat)))
            self._idle()
            return
        number = self.risk_deck.draw()
        card = self.cards[number]
        if self.logging:
            self.log(
                T(
                    "{player} draws RISK: {title}: {text}",
                    player=self.seat_name(seat),
                    title=T(card.title),
                    text=T(card.text),
                )
            )
        if card.hold:
            self.holds[seat] = (*self.holds[seat], number)
            self._idle()
            return
        self.risk_deck.to_bottom(number)
        self._use_card(seat, number)

    def _use_card(self, seat: int, number: int) -> None:
        """Carry out a card that acts at once."""
        card = self.cards[number]
        kind = card.kind
        self._idle()
        if kind == "bullion_broker":
            self._open_market(seat, card.title, (card.rate,), card.drop)
        elif kind == "merchant_bank":
            self._open_merchant_bank(seat)
        elif kind == "tax_budget_day":
            self._toggle_tax()
        elif kind == "interim_bullion_tax":
            self._pay_bullion_tax(seat, card.rate, T("interim BULLION TAX"))
        elif kind == "interim_corporation_tax":
            self._pay_corporation_tax(seat, card.rate, T("interim CORPORATION TAX"))
        elif kind == "mine_lease_auction":
            self._open_auction(LEASE, seat)
        elif kind == "drill_report_auction":
            self._open_auction(REPORT, seat)
        elif kind == "goldfix":
            self._goldfix_up()
        elif card.question:
            self.card = number
            self._ask(ANSWER, (seat,))
        else:
            self._apply_effects(seat, card.effects)

    # ------------------------------------------------------------ YES / NO cards

    def can_answer_yes(self, seat: int, effects: tuple[Effect, ...]) -> bool:
        """YES is possible unless it repays a note the player lacks the cash or note for."""
        return all(
            e.do != "repay_note" or (self.notes[seat] > 0 and self.cash[seat] >= e.amount)
            for e in effects
        )

    def _legal_answers(self, seat: int) -> list[Action]:
        card = self.cards[self.card]
        return list(_ANSWERS) if self.can_answer_yes(seat, card.yes) else list(_ANSWER_NO)

    def _answer(self, seat: int, yes: bool) -> None:
        card = self.cards[self.card]
        if self.logging:
            player, question = self.seat_name(seat), T(card.question)
            if yes:
                self.log(T("{player} answers YES: {question}", player=player, question=question))
            else:
                self.log(T("{player} answers NO: {question}", player=player, question=question))
        self.card = NO_ONE
        self._idle()
        self._apply_effects(seat, card.yes if yes else card.no)

    # ---------------------------------------------------------------- effects

    def count_per(self, seat: int, per: str) -> int:
        leases, headgears, reports = self.holdings(seat)
        if per == "mine_lease":
            return leases
        if per == "headgear":
            return headgears
        if per == "drill_report":
            return reports
        return self.producing_mines(seat)

    def _apply_effects(self, seat: int, effects: tuple[Effect, ...]) -> None:
        """A business scenario's effects, in order (see ``data/risk.toml``)."""
        for effect in effects:
            self._apply_effect(seat, effect)

    def _apply_effect(self, seat: int, effect: Effect) -> None:
        do, amount = effect.do, effect.amount
        name = self.seat_name(seat)
        if do in ("cash_per", "bullion_per"):
            amount *= self.count_per(seat, effect.per)
            do = do[:-4]
        if do == "bullion_percent":
            amount = (1 if amount > 0 else -1) * money.percent_of(self.vault[seat], abs(amount))
            do = "bullion"
        if do == "cash":
            if amount >= 0:
                self._receive(seat, amount)
            else:
                self._pay(seat, -amount)
            if self.logging and amount > 0:
                self.log(T("{player} collects ${amount}M", player=name, amount=amount))
            elif self.logging and amount:
                self.log(T("{player} pays ${amount}M", player=name, amount=-amount))
        elif do == "bullion":
            if amount >= 0:
                self._add_bullion(seat, amount)
            else:
                amount = -self._remove_bullion(seat, -amount)
            if self.logging and amount > 0:
                self.log(T("{player} gains {koz} kOz of bullion", player=name, koz=amount))
            elif self.logging and amount:
                self.log(T("{player} loses {koz} kOz of bullion", player=name, koz=-amount))
        elif do == "repay_note":
            self._retire_note(seat, amount)
            if self.logging:
                self.log(
                    T("{player} repays a LOAN NOTE for ${amount}M", player=name, amount=amount)
                )
        elif do == "gamble":
            die = self.rng.randint(1, 6)
            won = die >= effect.at_least
            if self.logging:
                if won:
                    self.log(T("{player} rolls {die}: success", player=name, die=die))
                else:
                    self.log(T("{player} rolls {die}: no luck", player=name, die=die))
            self._apply_effects(seat, effect.win if won else effect.lose)

    # --------------------------------------------------------------- HOLD cards

    def held_card(self, seat: int, kind: str, card_id: str = "") -> int:
        """The number of a HOLD card of ``kind`` (and ``card_id``) that ``seat`` holds."""
        for number in self.holds[seat]:
            card = self.cards[number]
            if card.kind == kind and (not card_id or card.id == card_id):
                return number
        return NO_ONE

    def _spend_hold(self, seat: int, number: int) -> None:
        """A HOLD card has been used: to the bottom of the RISK deck."""
        held = list(self.holds[seat])
        held.remove(number)
        self.holds[seat] = tuple(held)
        self.risk_deck.to_bottom(number)
