"""GOLDFIX's compact observation: the DASHBOARD's money, the mines as a player weighs them,
and the decision asked (auction, market, loan, deal, takeover, RISK card).

Per player the cash, LOAN NOTES, bullion, net worth and free cash (cash less the notes to
repay: what the WINNER needs), where the cocopan stands and the assets held; per mine who
holds the lease and its DRILL REPORTS, the headgear, the bullion it would produce a pass
for its holder and for the seat (the mine's production table at the mean throw), and how
many squares ahead of the seat's cocopan it lies; the market (GOLDFIX, tax, prices);
then the facts of the decision now asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from motherlode.games.goldfix.actions import MAX_BID
from motherlode.games.goldfix.auctions import ASSET_NAMES
from motherlode.games.goldfix.tensors import PHASES
from motherlode.rl.tensors.compact import Features, Write

if TYPE_CHECKING:
    from motherlode.engine import State

PHASE = {p: i for i, p in enumerate(PHASES)}
ASSET = {a: i for i, a in enumerate(ASSET_NAMES)}
SOURCE = {"BULLION MARKET": 0, "GOLDFIX CORNER": 1}
THROWS = {total: 6 - abs(total - 7) for total in range(2, 13)}
"""Ways of throwing each total with two dice (of 36)."""


def _mean_output(table: tuple[int, ...]) -> float:
    """A mine's production at the mean throw of two dice (kOz)."""
    return sum(table[t] * k for t, k in THROWS.items() if t < len(table)) / 36


def writer(probe: State) -> Write:
    board = probe.board  # type: ignore[attr-defined]
    params = probe.params  # type: ignore[attr-defined]
    mines = tuple(board.mines)
    m = len(mines)
    squares = len(board.squares)
    at_square = tuple(board.mine_squares)
    output = [[_mean_output(row) for row in mine] for mine in probe.figures.output]  # type: ignore[attr-defined]
    titles = {c.id: c.title for c in probe.cards}  # type: ignore[attr-defined]
    title_at = {t: i for i, t in enumerate(dict.fromkeys(titles.values()))}
    mine_at = {name: i for i, name in enumerate(mines)}
    notes_max = max(1, params.max_notes)
    note = params.loan_note
    target = max(1, probe.options.winner)  # type: ignore[attr-defined]
    cards = max(1, len(titles))

    def write(obs: Mapping[str, Any], f: Features) -> None:
        me = f.seat
        n = f.n
        players = obs["players"]
        lease = obs["mines"]["lease"]
        headgear = obs["mines"]["headgear"]
        report = obs["mines"]["drill_reports"]
        leases, built, reports = [0] * n, [0] * n, [0] * n
        for mine, owner in enumerate(lease):
            if owner >= 0:
                leases[owner] += 1
                built[owner] += headgear[mine]
        for owner in report:
            if owner >= 0:
                reports[owner] += 1
        f.seats("players.active", [p["active"] for p in players], 1, "still in the game (0/1)")
        f.seats("players.cash", [p["cash"] for p in players], target, "cash ($M)")
        free = [p["cash"] - note * p["notes"] for p in players]
        f.seats("players.free", free, target, "cash less the LOAN NOTES to repay ($M)")
        f.seats("players.notes", [p["notes"] for p in players], notes_max, "LOAN NOTES")
        f.seats("players.bullion", [p["bullion"] for p in players], 1000, "bullion (kOz)")
        f.seats("players.net_worth", [p["net_worth"] for p in players], target, "net worth ($M)")
        f.seats("players.position", [p["position"] for p in players], squares, "square")
        f.seats("players.circuits", [p["circuits"] for p in players], 10, "circuits")
        f.seats("players.holds", [len(p["holds"]) for p in players], 5, "HOLD cards")
        f.seats("players.leases", leases, m / 3, "MINE LEASES held")
        f.seats("players.headgear", built, m / 3, "HEADGEAR built")
        f.seats("players.reports", reports, m / 3, "DRILL REPORTS held")
        here = players[me]["position"]
        owned_by, theirs, my_reports, their_reports, ahead = ([0.0] * m for _ in range(5))
        for_holder, for_me = [0.0] * m, [0.0] * m
        for mine in range(m):
            owner = lease[mine]
            owned_by[mine] = owner == me
            theirs[mine] = owner >= 0 and owner != me
            pair = report[2 * mine : 2 * mine + 2]
            mine_count = pair.count(me)
            my_reports[mine] = mine_count
            their_reports[mine] = sum(1 for s in pair if s >= 0 and s != me)
            held = pair.count(owner) if owner >= 0 else 0
            for_holder[mine] = output[mine][held]
            for_me[mine] = output[mine][mine_count]
            ahead[mine] = (at_square[mine] - here) % squares if here >= 0 else 0
        f.nums("mines.mine", owned_by, m, 1, "per mine: the viewer holds the lease")
        f.nums("mines.theirs", theirs, m, 1, "per mine: another player holds the lease")
        f.nums("mines.headgear", headgear, m, 1, "per mine: HEADGEAR built")
        f.nums("mines.my_reports", my_reports, m, 2, "per mine: the viewer's DRILL REPORTS")
        f.nums("mines.their_reports", their_reports, m, 2, "per mine: the others' DRILL REPORTS")
        f.nums("mines.output", for_holder, m, 200, "per mine: kOz a pass for the lease holder")
        f.nums("mines.my_output", for_me, m, 200, "per mine: kOz a pass with the viewer's reports")
        f.nums("mines.ahead", ahead, m, squares, "per mine: squares ahead of the viewer")
        mine_holds = [0.0] * len(title_at)
        for card in players[me]["holds"]:
            mine_holds[title_at[titles[card]]] += 1
        f.nums("holds", mine_holds, len(title_at), 1, "per card title: the viewer's HOLD cards")
        f.num("goldfix", obs["goldfix"], 1000, "the GOLDFIX ($ per oz)")
        f.flag("tax", obs["tax"] == "HIGH", "the tax rate is HIGH")
        prices = obs["prices"]
        f.num("prices.mine_lease", prices["mine_lease"], 100, "MINE LEASE price ($M)")
        f.num("prices.headgear", prices["headgear"], 1000, "HEADGEAR price ($M)")
        f.num("prices.drill_report", prices["drill_report"], 100, "DRILL REPORT price ($M)")
        f.num("interest_per_note", obs["interest_per_note"], 50, "interest per LOAN NOTE ($M)")
        f.num("winner_cash", obs["winner_cash"], 1000, "the WINNER's cash ($M)")
        f.flag("time_up", obs["time_up"], "the time limit has passed")
        f.seat_hot("turn", obs["turn"], "whose turn it is")
        f.onehot("phase", PHASE, obs["phase"], "the decision asked")
        dice = obs["dice"] or ()
        f.num("dice", sum(dice), 12, "the dice thrown")
        decks = obs["decks"]
        f.num("decks.mine_leases", decks["mine_leases"], m, "MINE LEASE cards in the deck")
        f.num("decks.drill_reports", decks["drill_reports"], 2 * m, "DRILL REPORTS in the deck")
        f.num("decks.risk", decks["risk"], cards, "RISK cards in the deck")
        d = obs["decision"] or {}
        f.num("decision.step", d.get("step", 0), 5, "pre-roll: the step")
        f.num("decision.offers_left", d.get("offers_left", 0), 3, "pre-roll: trade offers left")
        f.num("decision.amount", d.get("amount", 0), note, "loan: the cash offered ($M)")
        broker = d.get("broker")
        f.seat_hot("decision.broker", broker if broker != -1 else None, "the broker")
        f.flag("decision.bank_broker", broker == -1, "the Bank is the broker")
        f.onehot("decision.asset", ASSET, d.get("asset"), "auction: the asset")
        f.num("decision.minimum_bid", d.get("minimum_bid", 0), MAX_BID, "auction: the minimum bid")
        lots = [0.0] * m
        for lot in d.get("lots", ()):
            lots[mine_at[lot.split(" ", 1)[0]]] += 1
        f.nums("decision.lots", lots, m, 2, "auction: lots per mine")
        f.num("decision.tie_bid", d.get("tie_bid", 0), MAX_BID, "auction: the tied bid to beat")
        f.flag("decision.tied", me in d.get("tied", ()), "auction: the viewer is tied")
        source = d.get("source")
        f.onehot("decision.source", SOURCE, source if source in SOURCE else None, "sale: where")
        f.flag("decision.card_sale", source is not None and source not in SOURCE, "sale: a card")
        f.num("decision.rates", len(d.get("rates") or ()), 4, "sale: commission rates")
        f.num("decision.rate", d.get("rate") or 0, 100, "sale: the rate (%)")
        f.num("decision.drop", d.get("drop", 0), 100, "sale: the GOLDFIX drop")
        card = d.get("card")
        f.onehot("decision.card", title_at, titles[card] if card else None, "RISK: the card")
        in_play = [0.0] * m
        for mine in d.get("in_play", ()):
            in_play[mine_at[mine]] = 1.0
        f.nums("decision.in_play", in_play, m, 1, "takeover: the mines that may be named")
        f.seat_hot("decision.bidder", d.get("bidder"), "takeover: the bidder")
        target_mine = d.get("mine")
        f.onehot("decision.mine", mine_at, target_mine, "takeover: the mine")
        f.num("decision.red", d.get("red", 0), 6, "takeover: the red die")
        f.num("decision.owed", d.get("owed", 0), note, "cover: the cash owed ($M)")
        f.num("decision.overdrafts", d.get("overdrafts", 0), 5, "cover: OVERDRAFTS needed")
        deal = d.get("deal") or {}
        drafter, partner = deal.get("drafter"), deal.get("partner")
        other = partner if drafter == me else drafter if partner == me else None
        sides = {side["seat"]: side for side in (deal.get("gives"), deal.get("gets")) if side}
        mine_side = sides.get(me, {})
        their_side = sides.get(other, {}) if other is not None else {}
        f.flag("deal.drafter", deal and drafter == me, "deal: the viewer drafts it")
        f.flag("deal.partner", deal and partner == me, "deal: the viewer is asked")
        f.seat_hot("deal.with", other, "deal: the other side")
        f.num("deal.gives", mine_side.get("value", 0), target, "deal: what the viewer hands over")
        f.num("deal.gets", their_side.get("value", 0), target, "deal: what the viewer receives")
        f.num("deal.gain", mine_side.get("gain", 0), target, "deal: the viewer's net worth change")
        f.num("deal.their_gain", their_side.get("gain", 0), target, "deal: the other's change")
        f.num("deal.overdrafts", mine_side.get("overdrafts", 0), 5, "deal: the viewer's OVERDRAFTS")
        f.flag("deal.proposed", deal.get("proposed"), "deal: proposed")
        f.num("deal.proposals", deal.get("proposals", 0), 3, "deal: proposals made")
        f.num("deal.edits_left", deal.get("edits_left", 0), 40, "deal: edits left")
        f.flag("deal.countering", deal.get("countering"), "deal: it counters a proposal")

    return write
