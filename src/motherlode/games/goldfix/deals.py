"""GAMEPLAY DETAILS step (1): "Buy / sell / trade any assets or bullion, with any other
players, but not the Bank."

A deal is drafted item by item by the player whose turn it is and proposed to one other
player: any bundle each way of MINE LEASES (each with its HEADGEAR, if built: a HEADGEAR
cannot stand without its lease), DRILL REPORTS, bullion (kOz), cash (whole $M) and LOAN
NOTES (whoever takes a note takes on its $250M debt).  The other side accepts, declines or
counters; a counter is a new proposal, redrafted from the other side, which the first
player answers in turn.  Everyone at the table sees every draft and proposal, with what
each side's net worth gains or loses by it at the current GOLDFIX.  A payer short of cash
draws OVERDRAFT LOANS ("Players low on Cash can still purchase these assets or bullion
using a $230M OVERDRAFT LOAN(s)"); a draft that would leave anyone with more than six
LOAN NOTES is refused, so no deal bankrupts a player.

The rulebook sets no bound on haggling; ours (options): ``trade_offers_per_turn``
negotiations a turn, ``deal_rounds`` proposals in one (the first and the counters), and
``deal_edits`` changes to one draft.  A game therefore always moves on.

The quick proposal of earlier versions stays: ``offer sell ML-Kudu 125`` proposes that one
asset for 125% of its GOLDFIX valuation in one move.

A part of ``rules.GoldfixState``, built on the core alone.  Hooks it offers (declared on
the core): ``_open_deal``, ``_back_to_pre_roll`` and ``asset_worth`` (in ``preroll``).
Hooks it uses: none.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from motherlode.engine import Action
from motherlode.engine.actions import JsonValue
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    BULLION_SHARES,
    NOTES,
    TRADE_PRICE_PERCENTS,
    CounterOffer,
    Get,
    Give,
    Offer,
    Propose,
    Respond,
    Withdraw,
    bullion,
    deal_items,
    deal_steps,
    drill_report,
    headgear,
    mine_lease,
)
from motherlode.games.goldfix.components import Components
from motherlode.games.goldfix.core import NEGOTIATE, OVER, PRE_ROLL, RESPOND, GoldfixCore
from motherlode.games.goldfix.lists import Joined

LEASE_ASSET, HEADGEAR_ASSET, REPORT_ASSET, BULLION_ASSET = "ML", "HG", "DR", "bullion"


def asset_words(code: str) -> str | T:
    """An asset's code (``DR-Fox``) as a player says it (``a DRILL REPORT of Fox``)."""
    kind, _, mine = code.partition("-")
    if kind == LEASE_ASSET:
        return T("the MINE LEASE of {mine}", mine=mine)
    if kind == REPORT_ASSET:
        return T("a DRILL REPORT of {mine}", mine=mine)
    if kind == HEADGEAR_ASSET:
        return T("the HEADGEAR of {mine}", mine=mine)
    if kind == BULLION_ASSET and mine.isdigit():  # a share of the vault: bullion-25
        return T("{share}% of the bullion", share=mine)
    return T("bullion") if code == BULLION_ASSET else code


CASH, BULLION = "cash", "bullion"


def asset_names(mines: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """What quick offers and LIQUIDATION call each asset: ``ML-Kudu`` (with its HEADGEAR),
    ``HG-Kudu``, ``DR-Kudu`` and ``bullion-25`` ... -> (kind, mine number or % of vault)."""
    out: dict[str, tuple[str, int]] = {}
    for m, name in enumerate(mines):
        out[mine_lease(name)] = (LEASE_ASSET, m)
        out[headgear(name)] = (HEADGEAR_ASSET, m)
        out[drill_report(name)] = (REPORT_ASSET, m)
    for share in BULLION_SHARES:
        out[bullion(share)] = (BULLION_ASSET, share)
    return out


@dataclass(frozen=True, slots=True)
class Side:
    """What one side of a deal hands over.  Immutable, so that copies of a game share it."""

    leases: tuple[int, ...] = ()
    """Mine numbers, ascending; each lease goes with its HEADGEAR when built."""
    reports: tuple[int, ...] = ()
    """Mine numbers, ascending; a mine twice for both of its DRILL REPORTS."""
    bullion: int = 0
    cash: int = 0
    notes: int = 0

    def is_empty(self) -> bool:
        return not (self.leases or self.reports or self.bullion or self.cash or self.notes)

    def count(self, kind: str, which: int) -> int:
        """How many of an item this side holds."""
        if kind == LEASE_ASSET:
            return int(which in self.leases)
        if kind == REPORT_ASSET:
            return self.reports.count(which)
        return int(getattr(self, kind))

    def changed(self, kind: str, which: int, amount: int) -> Side:
        """A copy with ``amount`` more (or fewer) of one item (built directly: this runs
        on every change to a draft, and ``dataclasses.replace`` costs four times more)."""
        leases, reports = self.leases, self.reports
        bullion, cash, notes = self.bullion, self.cash, self.notes
        if kind == LEASE_ASSET:
            leases = tuple(sorted((*leases, which))) if amount > 0 else _without(leases, which)
        elif kind == REPORT_ASSET:
            reports = tuple(sorted((*reports, which))) if amount > 0 else _without(reports, which)
        elif kind == BULLION:
            bullion += amount
        elif kind == CASH:
            cash += amount
        else:
            notes += amount
        return Side(leases, reports, bullion, cash, notes)


def _without(items: tuple[int, ...], which: int) -> tuple[int, ...]:
    i = items.index(which)
    return items[:i] + items[i + 1 :]


EMPTY = Side()


@dataclass(frozen=True, slots=True)
class Deal:
    """A negotiation between the player whose turn it is and one other player."""

    drafter: int
    """Who drafts (or has just proposed) the terms below."""
    partner: int
    gives: Side
    """From the drafter to the partner."""
    gets: Side
    """From the partner to the drafter."""
    proposals: int = 0
    """Proposals made so far in this negotiation (the first, then counters)."""
    edits: int = 0
    """Changes made to the current draft."""
    countering: tuple[Side, Side] | None = None
    """The proposal this draft answers, as (gives, gets) from the drafter's side."""

    def counter(self) -> Deal:
        """The partner redrafts the proposal from his own side."""
        return Deal(
            drafter=self.partner,
            partner=self.drafter,
            gives=self.gets,
            gets=self.gives,
            proposals=self.proposals,
            countering=(self.gets, self.gives),
        )


class DealMenu:
    """Every action a negotiation can offer, made once per set of components."""

    def __init__(self, components: Components) -> None:
        mines = components.board.mines
        self.items: dict[str, tuple[str, int]] = {CASH: (CASH, 0), BULLION: (BULLION, 0)}
        self.items[NOTES] = (NOTES, 0)
        for m, name in enumerate(mines):
            self.items[mine_lease(name)] = (LEASE_ASSET, m)
            self.items[drill_report(name)] = (REPORT_ASSET, m)
        self.edits: dict[tuple[str, int], tuple[tuple[Action, Action], ...]] = {}
        """(kind, which) -> ((give, get) per step), ups first then downs."""
        for item in deal_items(mines):
            self.edits[self.items[item]] = tuple(
                (Give(item, a), Get(item, a)) for a in deal_steps(item)
            )
        self.steps = {key: deal_steps(item) for item, key in self.items.items()}
        # quick one-asset proposals at a % of the valuation (a HEADGEAR goes with its lease)
        self.offer_assets = {
            asset: key for asset, key in asset_names(mines).items() if key[0] != HEADGEAR_ASSET
        }
        self.offers = {
            (deal, *key): tuple(Offer(deal, asset, p) for p in TRADE_PRICE_PERCENTS)
            for deal in ("sell", "buy")
            for asset, key in self.offer_assets.items()
        }
        """(sell / buy, kind, which) -> the offer at each price."""


@cache
def deal_menu_for(components: Components) -> DealMenu:
    return DealMenu(components)


_PROPOSE, _WITHDRAW, _COUNTER = Propose(), Withdraw(), CounterOffer()
_ACCEPT, _DECLINE = Respond(True), Respond(False)


class DealRules(GoldfixCore):
    """Negotiations between players: drafting, proposing, answering, settling."""

    deal: Deal | None

    @property
    def deal_menu(self) -> DealMenu:
        return deal_menu_for(self.components)

    # --------------------------------------------------------------- valuation

    def asset_worth(self, seat: int, kind: str, which: int) -> int:
        """GOLDFIX valuation of one asset (a MINE LEASE with its HEADGEAR, if built)."""
        gf = self.goldfix
        if kind == LEASE_ASSET:
            return money.asset_valuation(gf, 1, int(self.headgear[which]), p=self.params)
        if kind == HEADGEAR_ASSET:
            return money.headgear_price(gf, self.params)
        if kind == REPORT_ASSET:
            return money.drill_report_price(gf, self.params)
        return money.bullion_value(money.sale_quantity(self.vault[seat], which), gf)

    def side_value(self, side: Side) -> int:
        """What a side is worth at the current GOLDFIX: assets at their valuation, bullion
        at the GOLDFIX, cash at face, each LOAN NOTE -$250M (the net worth formula)."""
        gf = self.goldfix
        return (
            money.asset_valuation(
                gf,
                len(side.leases),
                sum(1 for m in side.leases if self.headgear[m]),
                len(side.reports),
                p=self.params,
            )
            + money.bullion_value(side.bullion, gf)
            + side.cash
            - side.notes * self.loan_note
        )

    def deal_overdrafts(self, seat: int, pays: Side, receives: Side) -> int:
        """OVERDRAFT LOANS ``seat`` draws to settle a deal (cash changes hands net)."""
        return self.overdrafts_needed(self.cash[seat], pays.cash - receives.cash)

    def deal_gain(self, seat: int, pays: Side, receives: Side) -> int:
        """How much ``seat``'s net worth at the current GOLDFIX changes by a deal: what he
        receives less what he pays, less $20M for each overdraft it makes him draw."""
        fee: int = self.params.overdraft_fee
        fees = self.deal_overdrafts(seat, pays, receives) * fee
        return self.side_value(receives) - self.side_value(pays) - fees

    def affordable(self, deal: Deal) -> bool:
        """Whether nobody would end ``deal`` with more than six LOAN NOTES (overdrafts
        included): the legal edits keep every draft so; a bot checks terms it builds."""
        return (
            self._spare(deal.drafter, deal.gives, deal.gets)[1] >= 0
            and self._spare(deal.partner, deal.gets, deal.gives)[1] >= 0
        )

    def _spare(self, seat: int, pays: Side, receives: Side) -> tuple[int, int]:
        """(more cash $M, more LOAN NOTES) that ``seat`` could still take on in a deal
        without passing six notes, overdrafts included (negative: past them already)."""
        notes = self.notes[seat] - pays.notes + receives.notes
        cash = self.cash[seat] + receives.cash - pays.cash
        most = self.params.max_notes
        cash_room = cash + (most - notes) * self.overdraft_loan
        note_room = most - notes - self.overdrafts_needed(cash, 0)
        return cash_room, note_room

    # ------------------------------------------------------------ legal actions

    def _legal_drafting(self, seat: int) -> list[Action]:
        """Propose (once there is something to propose) and withdraw, the changes the
        drafter may make, and, to open, the quick one-asset offers."""
        deal = self.deal
        assert deal is not None
        out: list[Action] = [_PROPOSE, _WITHDRAW] if self._proposable(deal) else [_WITHDRAW]
        if deal.edits < self.options.deal_edits:
            out.extend(self._legal_edits(deal))
        if deal.proposals == 0 and deal.gives.is_empty() and deal.gets.is_empty():
            out.extend(self._legal_quick_offers(deal))
        return out

    def _legal_edits(self, deal: Deal) -> list[Action]:
        """Every change to the draft that keeps it possible: items owned, amounts held,
        cash, bullion and notes one way, nobody past six notes.  Only more cash paid or
        more notes received can break the last, so those are checked in closed form
        (:meth:`_spare`, once per side) rather than on trial copies of the deal: each item
        gets the most its side may hold, and for notes the least."""
        menu = self.deal_menu
        out: list[Action] = []
        drafter = self._spare(deal.drafter, deal.gives, deal.gets)
        partner = self._spare(deal.partner, deal.gets, deal.gives)
        for index, owner, side, other, (cash_room, notes_room), taker_notes_room in (
            (0, deal.drafter, deal.gives, deal.gets, drafter, partner[1]),
            (1, deal.partner, deal.gets, deal.gives, partner, drafter[1]),
        ):
            for key, held in self._candidate_items(owner, side):
                kind, which = key
                have = side.count(kind, which)
                least, most = 0, held
                if kind == CASH:
                    most = have + cash_room
                elif kind == NOTES:
                    most = min(held, have + taker_notes_room)
                    if notes_room < 1:
                        least = have  # he would keep a note he cannot carry
                if kind in (CASH, BULLION, NOTES) and other.count(kind, which):
                    most = have  # one way only
                for step, pair in zip(menu.steps[key], menu.edits[key], strict=True):
                    after = have + step
                    if (after <= most) if step > 0 else (after >= least):
                        out.append(pair[index])
        return out

    def _candidate_items(self, owner: int, side: Side) -> list[tuple[tuple[str, int], int]]:
        """Items ``owner`` could put in or take out, with how many of each he owns: his
        mine assets, his bullion and notes (or any already in the deal), and cash (what he
        can pay is bounded by :meth:`_spare` instead)."""
        out = [((LEASE_ASSET, m), 1) for m, o in enumerate(self.lease_owner) if o == owner]
        out.extend(
            ((REPORT_ASSET, m), self.reports_held(owner, m)) for m in self.report_mines(owner)
        )
        if self.vault[owner] or side.bullion:
            out.append(((BULLION, 0), self.vault[owner]))
        out.append(((CASH, 0), self.cash[owner]))
        if self.notes[owner] or side.notes:
            out.append(((NOTES, 0), self.notes[owner]))
        return out

    def _proposable(self, deal: Deal) -> bool:
        """A proposal moves something, and a counter changes the terms it answers."""
        if deal.gives.is_empty() and deal.gets.is_empty():
            return False
        return deal.countering != (deal.gives, deal.gets)

    def _legal_quick_offers(self, deal: Deal) -> list[Action]:
        """Either side's assets at each % of their valuation, where the buyer can pay."""
        offers = self.deal_menu.offers
        legal: list[Action] = []
        for word, seller, buyer in (
            ("sell", deal.drafter, deal.partner),
            ("buy", deal.partner, deal.drafter),
        ):
            room = self._spare(buyer, EMPTY, EMPTY)[0]
            for kind, which in self.quick_offer_assets(seller):
                worth = self.asset_worth(seller, kind, which)
                legal.extend(
                    offer
                    for offer in offers[word, kind, which]
                    if money.percent_of(worth, offer.percent) <= room
                )
        return legal

    def quick_offer_assets(self, seat: int) -> list[tuple[str, int]]:
        """What ``seat`` has to sell in a quick offer: each MINE LEASE, each mine's DRILL
        REPORT(S), and the shares of his vault that come to some bullion."""
        out = [(LEASE_ASSET, m) for m, owner in enumerate(self.lease_owner) if owner == seat]
        out.extend((REPORT_ASSET, m) for m in self.report_mines(seat))
        vault = self.vault[seat]
        if vault:
            out.extend((BULLION_ASSET, s) for s in BULLION_SHARES if money.sale_quantity(vault, s))
        return out

    def _legal_responses(self) -> list[Action]:
        deal = self.deal
        assert deal is not None
        out: list[Action] = [_DECLINE, _ACCEPT]
        if deal.proposals < self.options.deal_rounds:
            out.append(_COUNTER)
        return out

    # ------------------------------------------------------------------ playing

    def _open_deal(self, seat: int, partner: int) -> None:
        self.offers_left -= 1
        self.deal = Deal(drafter=seat, partner=partner, gives=EMPTY, gets=EMPTY)
        self._ask(NEGOTIATE, (seat,))

    def _edit_deal(self, action: Give | Get) -> None:
        deal = self.deal
        assert deal is not None
        kind, which = self.deal_menu.items[action.item]
        gives, gets = deal.gives, deal.gets
        if isinstance(action, Give):
            gives = gives.changed(kind, which, action.amount)
        else:
            gets = gets.changed(kind, which, action.amount)
        self.deal = Deal(
            deal.drafter, deal.partner, gives, gets, deal.proposals, deal.edits + 1, deal.countering
        )
        self._ask(NEGOTIATE, (deal.drafter,))

    def _propose(self) -> None:
        deal = self.deal
        assert deal is not None
        self.deal = deal = replace(deal, proposals=deal.proposals + 1)
        self.deals_proposed += 1
        if self.logging:
            drafter, partner = self.seat_name(deal.drafter), self.seat_name(deal.partner)
            terms = self.deal_words(deal)
            if deal.countering:
                self.log(
                    T(
                        "{drafter} counters to {partner}: {deal}",
                        drafter=drafter,
                        partner=partner,
                        deal=terms,
                    )
                )
            else:
                self.log(
                    T(
                        "{drafter} proposes to {partner}: {deal}",
                        drafter=drafter,
                        partner=partner,
                        deal=terms,
                    )
                )
        self._ask(RESPOND, (deal.partner,))

    def _offer(self, action: Offer) -> None:
        """The quick proposal: one asset at a % of its valuation, proposed at once."""
        assert self.deal is not None
        self.deal = self._quick_deal(self.deal, action)
        self._propose()

    def _quick_deal(self, deal: Deal, offer: Offer) -> Deal:
        seller, _, price = self.trade_terms(offer)
        kind, which = self.deal_menu.offer_assets[offer.asset]
        if kind == BULLION_ASSET:
            goods = Side(bullion=money.sale_quantity(self.vault[seller], which))
        elif kind == LEASE_ASSET:
            goods = Side(leases=(which,))
        else:
            goods = Side(reports=(which,))
        pay = Side(cash=price)
        if seller == deal.drafter:
            return replace(deal, gives=goods, gets=pay)
        return replace(deal, gives=pay, gets=goods)

    def trade_terms(self, offer: Offer) -> tuple[int, int, int]:
        """(seller, buyer, price in $M) of a quick proposal by the drafting player."""
        assert self.deal is not None
        me, other = self.deal.drafter, self.deal.partner
        seller, buyer = (me, other) if offer.deal == "sell" else (other, me)
        kind, which = self.deal_menu.offer_assets[offer.asset]
        value = self.asset_worth(seller, kind, which)
        return seller, buyer, money.percent_of(value, offer.percent)

    def _respond(self, seat: int, accept: bool) -> None:
        deal = self.deal
        assert deal is not None
        if self.logging:
            player = self.seat_name(seat)
            if accept:
                self.log(T("{player} accepts", player=player))
            else:
                self.log(T("{player} declines", player=player))
        if accept:
            self._settle(deal)
        self._end_deal()

    def _counter_offer(self) -> None:
        deal = self.deal
        assert deal is not None
        self.deal = deal.counter()
        self._ask(NEGOTIATE, (self.deal.drafter,))

    def _withdraw(self) -> None:
        deal = self.deal
        assert deal is not None
        if self.logging and deal.proposals:
            self.log(
                T("{player} makes no counter-offer: no deal", player=self.seat_name(deal.drafter))
            )
        self._end_deal()

    def _end_deal(self) -> None:
        self.deal = None
        self._back_to_pre_roll()

    def _back_to_pre_roll(self) -> None:
        """After a step (1)-(5) action: on with the turn, unless it ended the player."""
        self._check_bankruptcies()
        if self.phase == OVER:
            return
        if self.active[self.turn]:
            self._ask(PRE_ROLL, (self.turn,))
        else:
            self._idle()

    def _settle(self, deal: Deal) -> None:
        """Everything changes hands at once; the net cash is paid last, with overdrafts
        for a payer short of cash."""
        self.deals_made += 1
        for giver, taker, side in (
            (deal.drafter, deal.partner, deal.gives),
            (deal.partner, deal.drafter, deal.gets),
        ):
            for m in side.leases:
                self.lease_owner[m] = taker
            for m in side.reports:
                self.report_owner[self.report_card(giver, m)] = taker
            self.vault[giver] -= side.bullion
            self.vault[taker] += side.bullion
            self.notes[giver] -= side.notes
            self.notes[taker] += side.notes
        net = deal.gives.cash - deal.gets.cash
        if net > 0:
            self._transfer(deal.drafter, deal.partner, net, forced=True)
        elif net < 0:
            self._transfer(deal.partner, deal.drafter, -net, forced=True)
        for seat in (deal.drafter, deal.partner):
            self._check_winner(seat)

    # ----------------------------------------------------------------- words

    def side_words(self, side: Side) -> T:
        """What one side hands over: ``the MINE LEASE of Fox + 30 kOz``, or ``nothing``."""
        mines = self.board.mines
        parts: list[str | T] = [
            T("the MINE LEASE of {mine} (with HEADGEAR)", mine=mines[m])
            if self.headgear[m]
            else T("the MINE LEASE of {mine}", mine=mines[m])
            for m in side.leases
        ]
        parts.extend(T("a DRILL REPORT of {mine}", mine=mines[m]) for m in side.reports)
        if side.bullion:
            parts.append(f"{side.bullion} kOz")
        if side.cash:
            parts.append(f"${side.cash}M")
        if side.notes == 1:
            parts.append(T("{notes} LOAN NOTE", notes=1))
        elif side.notes:
            parts.append(T("{notes} LOAN NOTES", notes=side.notes))
        return Joined(parts, " + ") if parts else T("nothing")

    def deal_words(self, deal: Deal) -> T:
        """``Alf gives the MINE LEASE of Kudu + 30 kOz; Bryan gives $120M (at GOLDFIX
        $1,400: Alf +$5M, Bryan −$5M)``, in words for every language."""
        return T(
            "{drafter} gives {gives}; {partner} gives {gets} (at GOLDFIX ${goldfix:,}: "
            "{drafter} {drafter_gain}, {partner} {partner_gain})",
            drafter=self.seat_name(deal.drafter),
            partner=self.seat_name(deal.partner),
            gives=self.side_words(deal.gives),
            gets=self.side_words(deal.gets),
            goldfix=self.goldfix,
            drafter_gain=money.signed(self.deal_gain(deal.drafter, deal.gives, deal.gets)),
            partner_gain=money.signed(self.deal_gain(deal.partner, deal.gets, deal.gives)),
        )

    def describe_deal(self, deal: Deal) -> str:
        """The deal in English (:meth:`deal_words`)."""
        return str(self.deal_words(deal))

    def _side_view(self, seat: int, side: Side, receives: Side) -> dict[str, JsonValue]:
        mines = self.board.mines
        return {
            "seat": seat,
            "mine_leases": [mines[m] for m in side.leases],
            "drill_reports": [mines[m] for m in side.reports],
            "bullion": side.bullion,
            "cash": side.cash,
            "notes": side.notes,
            "value": self.side_value(side),
            "overdrafts": self.deal_overdrafts(seat, side, receives),
            "gain": self.deal_gain(seat, side, receives),
        }

    def deal_view(self) -> dict[str, JsonValue] | None:
        """The negotiation as everyone at the table sees it: each side's items, their
        value at the GOLDFIX, overdrafts to draw and each side's net worth change."""
        deal = self.deal
        if deal is None or self.phase not in (NEGOTIATE, RESPOND):
            return None
        return {
            "drafter": deal.drafter,
            "partner": deal.partner,
            "gives": self._side_view(deal.drafter, deal.gives, deal.gets),
            "gets": self._side_view(deal.partner, deal.gets, deal.gives),
            "proposed": self.phase == RESPOND,
            "proposals": deal.proposals,
            "rounds": self.options.deal_rounds,
            "edits_left": max(0, self.options.deal_edits - deal.edits),
            "countering": deal.countering is not None,
        }
