"""Goodwill's compact observation: the companies' books, the players' portfolios, the
information the seat has seen, and the decision under way.

What a player prices a share from: each company's capital, market share and costs, with
this year's result as the rulebook computes it (market share - resource prices - boss's
salary) and its boss's marks; every player's cash, shares and worth at the share values;
the information pairs the seat has seen, each as its percentage and what its two events
would do (price moves, funding and tax per resource, the three marks' levels, scandals per
company); then the transaction, partner choice or vote asked now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from motherlode.games.goodwill.actions import MAX_PRICE
from motherlode.games.goodwill.components import COMPANIES, EventCard
from motherlode.games.goodwill.rulebook import OVER, PARTNER, PRICE, PROPOSE, VOTE
from motherlode.rl.tensors.compact import Features, Write

if TYPE_CHECKING:
    from motherlode.engine import State

PHASES = {p: i for i, p in enumerate((PRICE, PARTNER, PROPOSE, VOTE, OVER))}
COMPANY = {c: i for i, c in enumerate(COMPANIES)}
MARKS = ("innovation", "efficiency", "advertising")
CHOOSES = {"seller": 0, "buyer": 1}


def _effects(card: EventCard, resources: int) -> tuple[float, ...]:
    """What an events card does, as numbers: the price change per resource (/ 10), funding
    and tax per resource (0/1), the innovation, efficiency and advertising levels (/ 3), a
    scandal per company (0/1)."""
    price = [0.0] * resources
    funding = [0.0] * resources
    tax = [0.0] * resources
    marks = [0.0] * len(MARKS)
    scandal = [0.0] * len(COMPANIES)
    for event in (card.left, card.right):
        if event.kind == "price":
            for r in event.resources:
                price[r] += event.change / 10
        elif event.kind in ("funding", "tax"):
            for r in event.resources:
                (funding if event.kind == "funding" else tax)[r] = 1.0
        elif event.kind in MARKS:
            marks[MARKS.index(event.kind)] += event.level / 3
        elif 0 <= event.company < len(scandal):
            scandal[event.company] = 1.0
    return (*price, *funding, *tax, *marks, *scandal)


def writer(probe: State) -> Write:
    comp = probe.comp  # type: ignore[attr-defined]
    params = probe.params  # type: ignore[attr-defined]
    names = comp.resources
    k = len(names)
    effects = {number: _effects(card, k) for number, card in enumerate(comp.events)}
    width = 3 * k + len(MARKS) + len(COMPANIES)
    spaces = len(comp.visible)
    shares = params.shares_per_company
    deals = max(1, params.transactions_per_company)
    top = max(1, params.price_max)
    years = max(1, params.last_year - probe.options.start_year + 1)  # type: ignore[attr-defined]
    nothing = (0.0,) * width
    holdings = [
        (c, f"players.shares.{name}", f"{name} shares held") for c, name in enumerate(COMPANIES)
    ]

    m = len(COMPANIES)
    each = f"per company ({', '.join(COMPANIES)})"

    def write(obs: Mapping[str, Any], f: Features) -> None:
        me = f.seat
        companies = obs["companies"]
        bosses = [c["boss"] or {} for c in companies]
        salary = [b.get("salary", 0) for b in bosses]
        f.nums(
            "companies.capital", [c["capital"] for c in companies], m, 100, f"{each}: capital ($)"
        )
        f.nums(
            "companies.share_value",
            [c["share_value"] for c in companies],
            m,
            10,
            f"{each}: share value ($)",
        )
        market = [c["market_share"] for c in companies]
        cost = [c["resource_cost"] for c in companies]
        f.nums("companies.market_share", market, m, 100, f"{each}: market share ($)")
        f.nums("companies.resource_cost", cost, m, 100, f"{each}: resource prices ($)")
        f.nums(
            "companies.result",
            [a - b - c for a, b, c in zip(market, cost, salary, strict=True)],
            m,
            50,
            f"{each}: this year's result as it stands (market share - resources - salary, $)",
        )
        tokens = [t for c in companies for t in c["resources"].values()]
        f.nums("companies.resources", tokens, m * k, 3, f"{each}, per resource: tokens")
        f.nums("companies.boss", [bool(b) for b in bosses], m, 1, f"{each}: has a boss")
        f.nums("companies.salary", salary, m, 10, f"{each}: the boss's salary ($)")
        marks = [b.get(mark, 0) for b in bosses for mark in MARKS]
        f.nums(
            "companies.marks",
            marks,
            m * len(MARKS),
            3,
            f"{each}: the boss's innovation, efficiency, advertising",
        )
        f.nums(
            "companies.dividends",
            [bool(b.get("dividends")) for b in bosses],
            m,
            1,
            f"{each}: the boss gives dividends",
        )
        f.nums("companies.bankrupt", [c["bankrupt"] for c in companies], m, 1, f"{each}: bankrupt")
        f.nums(
            "companies.shares",
            [c["shares"] for c in companies],
            m,
            shares,
            f"{each}: shares in play",
        )
        players = obs["players"]
        value = [c["share_value"] for c in companies]
        held = [list(p["shares"].values()) for p in players]
        f.seats("players.cash", [p["cash"] for p in players], 100, "cash ($)")
        for c, key, meaning in holdings:
            f.seats(key, [h[c] for h in held], shares, meaning)
        worth = [
            p["cash"] + sum(n * v for n, v in zip(h, value, strict=True))
            for p, h in zip(players, held, strict=True)
        ]
        f.seats("players.worth", worth, 100, "cash + shares at their share values ($)")
        info = obs["information"]
        seen = [0.0] * spaces
        percentage = [0] * spaces
        events: list[float] = []
        for space in range(spaces):
            pair = info[space] if space < len(info) else {}
            if "card" in pair:
                seen[space] = 1.0
                percentage[space] = pair["percentage"]
                events.extend(effects[pair["card"]])
            else:
                events.extend(nothing)
        f.nums("information.seen", seen, spaces, 1, "per information space: the viewer sees it")
        f.nums(
            "information.percentage",
            percentage,
            spaces,
            100,
            "per information space: its percentage (0: unseen)",
        )
        f.nums(
            "information.events",
            events,
            spaces * width,
            1,
            "per information space: its events (price change / 10, funding, tax per "
            "resource; marks / 3; scandal per company)",
        )
        f.onehot("phase", PHASES, obs["phase"], "the decision asked")
        f.onehot("company", COMPANY, obs["company"], "the company under review")
        f.num("transaction", obs["transaction"] or 0, deals, "the transaction (1, 2, ...)")
        f.num("years_left", params.last_year - obs["year"] + 1, years, "years left, this one too")
        f.nums("resource_prices", obs["resource_prices"].values(), k, top, "resource prices ($)")
        f.num("vote_threshold", obs["vote_threshold"], shares, "shares a boss vote needs")
        f.num("available_bosses", len(obs["available_bosses"]), 5, "bosses available")
        last = obs["last_transaction"] or {}
        prices = last.get("prices") or ()
        f.flag("last.present", last, "a transaction has been revealed")
        f.num("last.mine", prices[me] if prices else 0, MAX_PRICE, "the viewer's last price ($)")
        f.num("last.price", last.get("price") or 0, MAX_PRICE, "the last trade's price ($)")
        f.flag("last.bought", me in last.get("buyers", ()), "the viewer bought")
        f.flag("last.sold", me in last.get("sellers", ()), "the viewer sold")
        choice = obs["partner_choice"] or {}
        f.flag("partner.chooser", choice.get("chooser") == me, "the viewer chooses a partner")
        f.onehot("partner.chooses", CHOOSES, choice.get("chooses"), "whom the chooser picks")
        f.num("partner.candidates", len(choice.get("candidates", ())), 5, "candidates")
        f.num("partner.price", choice.get("price", 0), MAX_PRICE, "the deal's price ($)")
        proposal = obs["proposal"] or {}
        boss = proposal.get("boss") or {}
        voters = proposal.get("voters") or {}
        f.flag("proposal.present", proposal, "a boss is proposed")
        f.num("proposal.my_votes", voters.get(str(me), 0), shares, "the viewer's votes")
        f.num("proposal.votes", sum(voters.values()), shares, "all voters' votes")
        f.num("proposal.salary", boss.get("salary", 0), 10, "the proposed boss's salary ($)")
        f.nums(
            "proposal.marks",
            (boss.get(m, 0) for m in MARKS),
            len(MARKS),
            3,
            "the proposed boss's innovation, efficiency, advertising",
        )
        f.flag("proposal.dividends", boss.get("dividends"), "the proposed boss gives dividends")
        vote = obs["last_vote"] or {}
        f.flag("last_vote.passed", vote.get("passed"), "the last vote passed")
        f.num("last_vote.yes", vote.get("yes", 0), shares, "its yes votes")

    return write
