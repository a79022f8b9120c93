"""How the heuristic GOLDFIX bot values, proposes, answers and drafts deals.

Valuation is the deal's change to the bot's net worth at the current GOLDFIX
(:meth:`DealRules.deal_gain`: assets at valuation, bullion at the GOLDFIX, cash at face, a
LOAN NOTE at -$250M, $20M per overdraft), plus a **fit margin**: 10% of the valuation of
what the deal gives it that fits its own mines (a DRILL REPORT of a mine whose lease it
holds, a MINE LEASE of a mine whose reports it holds; they raise its production), less
10% of what it gives away that fitted.  It accepts a deal only when

* the change in net worth is no worse than minus the fit margin (so it never loses more
  than 10% of the value of fitting items it receives, and nothing at all on a deal that
  brings it nothing it can use), and
* net worth change plus fit margin is positive, and
* the overdrafts it would draw leave it a LOAN NOTE short of the bankruptcy limit.

Otherwise it counters when the deal holds something that fits its mines and rounds are
left: the same items, with the cash moved so that it gains half its margin; else it
declines.  It proposes once a turn, before anything else, the first of: a swap of DRILL
REPORTS each of which fits the other side's mine; a report that fits the other's mine, for
5% over valuation; a report that fits its own, for 5% over valuation; bullion at 5% under
the GOLDFIX when it is short of cash (better than -50% at the Bank).  Each is built to be
accepted by a player who values deals this way.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    DEAL_AMOUNTS,
    NOTES,
    CounterOffer,
    Get,
    Give,
    Negotiate,
    Propose,
    Respond,
    Withdraw,
    deal_steps,
    drill_report,
    mine_lease,
)
from motherlode.games.goldfix.deals import CASH, Deal, Side
from motherlode.games.goldfix.rules import GoldfixState

FIT_MARGIN_PERCENT = 10
"""The fit margin: % of the valuation of items that fit the bot's mines."""
SWEETENER_PERCENT = 5
"""What a proposal pays or asks over valuation, inside the other side's fit margin."""
AMOUNTS = (*DEAL_AMOUNTS, NOTES)


@dataclass(frozen=True, slots=True)
class Terms:
    """A deal's items from one player's side: what he gives and what he gets."""

    gives: Side
    gets: Side


def fit_value(view: GoldfixState, seat: int, side: Side, holding: Side | None = None) -> int:
    """Valuation of the items of ``side`` that fit ``seat``'s mines, counting the leases
    and reports he holds plus those in ``holding`` (what he gets in the same deal)."""
    gf = view.goldfix
    extra_leases = holding.leases if holding else ()
    extra_reports = holding.reports if holding else ()
    total = 0
    for m in side.reports:
        if view.lease_owner[m] == seat or m in extra_leases:
            total += money.drill_report_price(gf, view.params)
    for m in side.leases:
        if view.reports_held(seat, m) or m in extra_reports:
            total += money.asset_valuation(gf, 1, int(view.headgear[m]), p=view.params)
    return total


def margin(view: GoldfixState, seat: int, pays: Side, receives: Side) -> int:
    """The fit margin of a deal for ``seat`` (may be negative when he gives fitting items)."""
    gained = fit_value(view, seat, receives, receives)
    lost = fit_value(view, seat, pays)
    return (gained - lost) * FIT_MARGIN_PERCENT // 100


def acceptable(view: GoldfixState, seat: int, pays: Side, receives: Side) -> bool:
    """The bot's rule for accepting (see the module docstring)."""
    gain = view.deal_gain(seat, pays, receives)
    fit = margin(view, seat, pays, receives)
    if gain < -max(fit, 0) or gain + fit <= 0:
        return False
    loans = view.deal_overdrafts(seat, pays, receives)
    notes = view.notes[seat] - pays.notes + receives.notes + loans
    return loans == 0 or notes <= view.params.max_notes - 1


def answer(view: GoldfixState, seat: int, legal: list[Action]) -> Action:
    """Accept, counter or decline the proposal on the table."""
    deal = view.deal
    assert deal is not None
    if acceptable(view, seat, deal.gets, deal.gives):
        return Respond(True)
    if CounterOffer() in legal and counter_terms(view, seat, deal.counter()) is not None:
        return CounterOffer()
    return Respond(False)


def counter_terms(view: GoldfixState, seat: int, deal: Deal) -> Terms | None:
    """The proposal being answered, with the cash moved so that ``seat`` (now drafting)
    gains half his fit margin; None when nothing there fits him or it cannot be paid."""
    assert deal.countering is not None
    gives, gets = deal.countering
    fit = margin(view, seat, gives, gets)
    if fit <= 0:
        return None
    short = -(fit // 2) - view.deal_gain(seat, gives, gets)
    if short <= 0:  # already good enough; what stopped it is the overdrafts: decline
        return None
    cut = min(short, gives.cash)
    gives = gives.changed(CASH, 0, -cut)
    more = short - cut
    if more > 0:
        if gives.cash:
            return None
        gets = gets.changed(CASH, 0, more)
    terms = Terms(gives, gets)
    trial = Deal(deal.drafter, deal.partner, gives, gets)
    if not view.affordable(trial) or (gives, gets) == deal.countering:
        return None
    return terms


def plan(view: GoldfixState, seat: int, needs: int) -> tuple[int, Terms] | None:
    """The deal to propose this turn, with whom, or None."""
    gf = view.goldfix
    report = money.drill_report_price(gf, view.params)
    price = report + money.percent_of(report, SWEETENER_PERCENT)
    mine_for: dict[int, list[int]] = {}  # partner -> my reports that fit his mines
    his_for_me: dict[int, list[int]] = {}  # partner -> his reports that fit my mines
    for m in view.report_mines(seat):
        owner = view.lease_owner[m]
        if owner not in (-1, seat) and view.active[owner]:
            mine_for.setdefault(owner, []).append(m)
    for card, owner in enumerate(view.report_owner):
        m = card // 2
        if owner not in (-1, seat) and view.active[owner] and view.lease_owner[m] == seat:
            his_for_me.setdefault(owner, []).append(m)
    swaps = set(mine_for) & set(his_for_me)
    if swaps:
        partner = min(swaps)
        mine, his = Side(reports=(mine_for[partner][0],)), Side(reports=(his_for_me[partner][0],))
        return partner, Terms(mine, his)
    for partner in sorted(mine_for):
        if view.cash[partner] >= price:
            return partner, Terms(Side(reports=(mine_for[partner][0],)), Side(cash=price))
    if his_for_me and view.cash[seat] - price >= needs:
        partner = min(his_for_me)
        return partner, Terms(Side(cash=price), Side(reports=(his_for_me[partner][0],)))
    koz = view.vault[seat]
    if view.cash[seat] < needs and koz:
        value = money.bullion_value(koz, gf)
        asking = value - money.percent_of(value, SWEETENER_PERCENT)
        buyers = [s for s in view.active_seats() if s != seat and view.cash[s] >= asking + needs]
        if buyers and asking > 0:
            richest = max(buyers, key=lambda s: (view.cash[s], -s))
            return richest, Terms(Side(bullion=koz), Side(cash=asking))
    return None


def open_deal(view: GoldfixState, seat: int, legal: list[Action], needs: int) -> Action | None:
    """Before rolling: open this turn's one negotiation, if a deal is worth proposing."""
    if view.offers_left != view.options.trade_offers_per_turn:
        return None
    found = plan(view, seat, needs)
    if found is None or Negotiate(found[0]) not in legal:
        return None
    return Negotiate(found[0])


def draft(view: GoldfixState, seat: int, legal: list[Action], needs: int) -> Action:
    """The next change towards the terms the bot wants, then propose."""
    deal = view.deal
    assert deal is not None
    if deal.countering is not None:
        terms = counter_terms(view, seat, deal)
    else:
        found = plan(view, seat, needs)
        terms = found[1] if found and found[0] == deal.partner else None
    if terms is None:
        return Withdraw()
    edits = _edits(view, deal, terms)
    if edits and edits[0] in legal:
        return edits[0]
    if Propose() in legal and deal.gives == terms.gives and deal.gets == terms.gets:
        return Propose()
    return Withdraw()


def _edits(view: GoldfixState, deal: Deal, terms: Terms) -> list[Action]:
    """Changes from the draft to the terms: removals first, then additions."""
    removals: list[Action] = []
    additions: list[Action] = []
    mines = view.board.mines
    for kind, now, want in ((Give, deal.gives, terms.gives), (Get, deal.gets, terms.gets)):
        changes = [
            (mine_lease(mines[m]), want.leases.count(m) - now.leases.count(m))
            for m in set(now.leases) | set(want.leases)
        ]
        changes += [
            (drill_report(mines[m]), want.reports.count(m) - now.reports.count(m))
            for m in set(now.reports) | set(want.reports)
        ]
        changes += [(item, getattr(want, item) - getattr(now, item)) for item in AMOUNTS]
        for item, diff in changes:
            if diff:
                (additions if diff > 0 else removals).append(kind(item, _step(item, diff)))
    return removals + additions


def _step(item: str, diff: int) -> int:
    """The largest change ``give`` / ``get`` allows towards ``diff`` (assets and notes go
    one at a time)."""
    size = max(s for s in deal_steps(item) if 0 < s <= abs(diff))
    return size if diff > 0 else -size
