"""GAMEPLAY DETAILS, steps (1) to (5): what a player may do before rolling the dice.

"On a player's turn he may do any, or all, of these selections, in this order of play":
(1) buy / sell / trade assets or bullion with other players, (2) liquidate to the Bank
at -50%, (3) repay LOAN NOTES, (4) buy HEADGEAR, (5) play RISK / HOLD cards.  Taking an
action of a later step closes the earlier ones for the turn; LIQUIDATION "can be made any
time during a player's normal turn", so it never moves the turn on.

Step (1), deals with other players, is in ``deals``.

A part of ``rules.GoldfixState``, built on the core alone.  Hooks it offers: none.  Hooks
it uses (declared on the core): ``_open_deal``, ``_back_to_pre_roll``, ``asset_worth``
(``deals``), ``held_card``, ``_spend_hold``, ``_apply_effects`` (``risk``) and
``_flash_sale`` (``markets``).
"""

from __future__ import annotations

from functools import cache

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    BULLION_SHARES,
    FLASH_BUY_KOZ,
    BuyHeadgear,
    FlashSale,
    Liquidate,
    Negotiate,
    PlayHold,
    Repay,
    Roll,
    bullion,
    drill_report,
    headgear,
    mine_lease,
)
from motherlode.games.goldfix.components import Components
from motherlode.games.goldfix.core import (
    HEADGEAR_STEP,
    HOLD_STEP,
    NO_ONE,
    REPAY_STEP,
    TRADE_STEP,
    GoldfixCore,
)
from motherlode.games.goldfix.deals import (
    HEADGEAR_ASSET,
    LEASE_ASSET,
    REPORT_ASSET,
    asset_names,
    asset_words,
)


class Menu:
    """Every action object of steps (1)-(5) for one set of components, made once, so that
    listing the legal actions builds no new objects."""

    def __init__(self, components: Components, discount: int) -> None:
        mines = components.board.mines
        self.assets = asset_names(mines)
        self.negotiate = [Negotiate(s) for s in range(6)]
        self.card_discounts = tuple(
            sorted({c.discount for c in components.risk_deck if c.kind == "liquidation"})
        )
        """The discounts of the LIQUIDATION RISK cards (the Bank's own is ``discount``)."""
        discounts = (discount, *self.card_discounts)
        self.sell_lease_to_bank = [
            tuple(Liquidate(mine_lease(m), d) for d in discounts) for m in mines
        ]
        self.sell_headgear_to_bank = [
            tuple(Liquidate(headgear(m), d) for d in discounts) for m in mines
        ]
        self.sell_report_to_bank = [
            tuple(Liquidate(drill_report(m), d) for d in discounts) for m in mines
        ]
        self.sell_bullion_to_bank = [
            tuple(Liquidate(bullion(s), d) for d in discounts) for s in BULLION_SHARES
        ]
        self.buy_headgear = [BuyHeadgear(m) for m in mines]
        self.flash = [
            *(FlashSale("sell", s) for s in BULLION_SHARES),
            *(FlashSale("buy", k) for k in FLASH_BUY_KOZ),
        ]
        self.flash_buy_only = [a for a in self.flash if a.deal == "buy"]


@cache
def menu_for(components: Components, discount: int) -> Menu:
    return Menu(components, discount)


_REPAY, _ROLL = Repay(), Roll()


class PreRollRules(GoldfixCore):
    """Steps (1)-(5) of the order of play."""

    @property
    def menu(self) -> Menu:
        return menu_for(self.components, self.params.liquidation_discount)

    # ------------------------------------------------------------- legal actions

    def _legal_pre_roll(self, seat: int) -> list[Action]:
        menu = self.menu
        out: list[Action] = []
        step = self.step
        if step <= TRADE_STEP and self.offers_left > 0:
            out.extend(menu.negotiate[s] for s in self.active_seats() if s != seat)
        out.extend(self._legal_liquidations(seat))
        if step <= REPAY_STEP and self.notes[seat] and self.cash[seat] >= self.params.loan_note:
            out.append(_REPAY)
        if step <= HEADGEAR_STEP:
            out.extend(
                menu.buy_headgear[m]
                for m, owner in enumerate(self.lease_owner)
                if owner == seat and not self.headgear[m]
            )
        if step <= HOLD_STEP and self.holds[seat]:
            out.extend(self._legal_holds(seat))
        out.append(_ROLL)
        return out

    def _legal_liquidations(self, seat: int) -> list[Action]:
        menu = self.menu
        cut = 2 if self.held_card(seat, "liquidation") != NO_ONE else 1
        out: list[Action] = []
        for m, owner in enumerate(self.lease_owner):
            if owner == seat:
                out.extend(menu.sell_lease_to_bank[m][:cut])
                if self.headgear[m]:
                    out.extend(menu.sell_headgear_to_bank[m][:cut])
        for m in self.report_mines(seat):
            out.extend(menu.sell_report_to_bank[m][:cut])
        vault = self.vault[seat]
        if vault:
            for i, share in enumerate(BULLION_SHARES):
                if money.sale_quantity(vault, share):
                    out.extend(menu.sell_bullion_to_bank[i][:cut])
        return out

    def _legal_holds(self, seat: int) -> list[Action]:
        menu = self.menu
        out: list[Action] = []
        if self.held_card(seat, "flash_sale") != NO_ONE:
            out.extend(menu.flash if self.vault[seat] else menu.flash_buy_only)
        seen: set[str] = set()
        for number in self.holds[seat]:
            card = self.cards[number]
            if card.kind == "scenario" and card.id not in seen:
                seen.add(card.id)
                out.append(PlayHold(card.id))
        return out

    # ------------------------------------------------------------------- playing

    def _play_pre_roll(self, seat: int, action: Action) -> None:
        if isinstance(action, Negotiate):
            self._open_deal(seat, action.seat)
            return
        if isinstance(action, Liquidate):
            self._liquidate(seat, action)
        elif isinstance(action, Repay):
            self.step = REPAY_STEP
            self._retire_note(seat, self.params.loan_note)
            if self.logging:
                self.log(
                    T(
                        "{player} repays a ${note}M LOAN NOTE",
                        player=self.seat_name(seat),
                        note=self.params.loan_note,
                    )
                )
        elif isinstance(action, BuyHeadgear):
            self.step = HEADGEAR_STEP
            mine = self.board.mine_number(action.mine)
            price = money.headgear_price(self.goldfix, self.params)
            self._pay(seat, price)
            self.headgear[mine] = True
            if self.logging:
                self.log(
                    T(
                        "{player} buys the {mine} HEADGEAR for ${price}M",
                        player=self.seat_name(seat),
                        mine=action.mine,
                        price=price,
                    )
                )
        elif isinstance(action, FlashSale):
            self.step = HOLD_STEP
            self._spend_hold(seat, self.held_card(seat, "flash_sale"))
            self._flash_sale(seat, action.deal, action.amount)
        elif isinstance(action, PlayHold):
            self.step = HOLD_STEP
            number = self.held_card(seat, "scenario", action.card)
            self._spend_hold(seat, number)
            if self.logging:
                title = T(self.cards[number].title)
                self.log(T("{player} plays {card}", player=self.seat_name(seat), card=title))
            self._apply_effects(seat, self.cards[number].effects)
        self._back_to_pre_roll()

    def liquidation_price(self, seat: int, action: Liquidate) -> int:
        """What the Bank pays ``seat`` for a LIQUIDATION: the GOLDFIX value less the discount."""
        kind, which = self.menu.assets[action.asset]
        return money.liquidation_value(self.asset_worth(seat, kind, which), action.discount)

    def _liquidate(self, seat: int, action: Liquidate) -> None:
        """LIQUIDATION: the Bank pays the GOLDFIX value less the discount; GOLDFIX stays."""
        kind, which = self.menu.assets[action.asset]
        value = self.liquidation_price(seat, action)
        if action.discount != self.params.liquidation_discount:
            self._spend_hold(seat, self.held_card(seat, "liquidation"))
        if kind == LEASE_ASSET:
            self._return_lease(which)
        elif kind == HEADGEAR_ASSET:
            self.headgear[which] = False
        elif kind == REPORT_ASSET:
            self._return_report(self.report_card(seat, which))
        else:
            self._remove_bullion(seat, money.sale_quantity(self.vault[seat], which))
        if self.logging:
            self.log(
                T(
                    "{player} sells {asset} to the Bank at -{discount}%: ${value}M",
                    player=self.seat_name(seat),
                    asset=asset_words(action.asset),
                    discount=action.discount,
                    value=value,
                )
            )
        self._receive(seat, value)
