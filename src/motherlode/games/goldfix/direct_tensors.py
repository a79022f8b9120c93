"""GOLDFIX's direct encoder (the layout is in ``tensors/goldfix.py``).

The decision under way has many shapes (sealed bids, markets, takeovers, deals); its block
is the game's own ``GoldfixState.decision_fields()`` (the view's decision less its text,
which the layout skips and which costs more than the rest) through the layout's compiled
encoder.  The rest (the DASHBOARD, mines, decks) is written straight from the state."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from motherlode.games.goldfix import money
from motherlode.games.goldfix.core import (
    BID,
    DRAW,
    MOVE,
    NEGOTIATE,
    PRE_ROLL,
    RESHUFFLE,
    RESPOND,
    WANT,
)
from motherlode.rl.tensors.compiled import compile_layout
from motherlode.rl.tensors.direct import Buffer, DirectEncoder, item_runs
from motherlode.rl.tensors.schema import Cat, Ctx, Out, Rec, Seq, node_at

if TYPE_CHECKING:
    from motherlode.games.goldfix.deals import Side
    from motherlode.games.goldfix.rules import GoldfixState
    from motherlode.rl.tensors import Encoder


SIDE_ROW = ("bullion", "cash", "notes", "value", "overdrafts", "gain")
DEAL_ROW = ("proposed", "proposals", "rounds", "edits_left", "countering")


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        root = enc.root
        self.phase_ix = node_at(root, "phase", kind=Cat).index
        self.tax_ix = node_at(root, "tax", kind=Cat).index
        self.card_ix = node_at(root, "players", "holds", kind=Cat).index
        self.mine_ix = node_at(root, "decks", "mine_leases_bottom", kind=Cat).index
        self.card_run = item_runs(len(self.card_ix))
        self.mine_run = item_runs(len(self.mine_ix))
        self.p_goldfix = at["goldfix"]
        self.p_tax = at["tax"]
        self.p_prices = at["prices.mine_lease"]
        self.p_interest = at["interest_per_note"]
        self.p_time_up = at["time_up"]
        self.p_turn = at["turn"]
        self.p_phase = at["phase"]
        self.p_dice = at["dice"]
        self.p_players = at["players"]
        self.front_zero = array("f", bytes(4 * (self.p_players - self.p_goldfix)))
        self.player_step = size["players"] // self.max
        self.p_holds = at["players[].holds"]
        self.p_lease = at["mines.lease"]
        self.p_headgear = at["mines.headgear"]
        self.p_reports = at["mines.drill_reports"]
        self.mines_zero = array("f", bytes(4 * (at["board"] - self.p_lease)))
        self.p_decks = at["decks.mine_leases"]
        self.p_lease_bottom = at["decks.mine_leases_bottom"]
        self.p_report_bottom = at["decks.drill_reports_bottom"]
        self.p_risk_bottom = at["decks.risk_bottom"]
        self.p_decision = at["decision"]
        self.p_winner = at["winner"]
        self.decision_zero = array("f", bytes(4 * (self.size - self.p_decision)))
        self.decision_node = root.wrapped["decision"]
        ctx = Ctx(0, self.n, self.max)
        self.decision_ctx = [Ctx(s, self.n, self.max) for s in range(self.n)]
        self.decision_fast = compile_layout(self.decision_node, ctx)
        self.prices: dict[int, money.AssetPrices] = {}
        self.side_values: dict[int, tuple[Side, int, tuple[bool, ...], int]] = {}
        self.interest: dict[int, float] = {}
        self.params = money.RULEBOOK
        """The design numbers the two caches above were worked out with."""
        self.kind_ix = node_at(root, "decision", "kind", kind=Cat).index
        self.p_kind = at["decision.kind"]
        self.asset_ix = node_at(root, "decision", "asset", kind=Cat).index
        self.lot_ix = node_at(root, "decision", "lots", kind=Cat).index
        lots = node_at(root, "decision", kind=Rec).fields["lots"]
        assert isinstance(lots, Seq)
        self.lots_room = lots.slots(ctx)
        self.p_step = at["decision.step"]
        assert at["decision.offers_left"] == self.p_step + 2
        self.plain = frozenset({MOVE, RESHUFFLE, DRAW})
        """The kinds of decision whose view is the kind alone (no branch of
        ``GoldfixState.decision_fields`` adds to it)."""
        d = "decision.deal"
        self.p_deal = (at[d], at[f"{d}.drafter"], at[f"{d}.partner"], at[f"{d}.proposed"])
        self.p_sides = [
            (
                at[f"{d}.{name}.seat"],
                at[f"{d}.{name}.mine_leases"],
                at[f"{d}.{name}.drill_reports"],
                at[f"{d}.{name}.bullion"],
            )
            for name in ("gives", "gets")
        ]
        # the fields _deal writes in a row
        for name in ("gives", "gets"):
            side = [f"decision.deal.{name}.{k}" for k in SIDE_ROW]
            assert [at[k] for k in side] == list(range(at[side[0]], at[side[0]] + len(side)))
        tail = [f"decision.deal.{k}" for k in DEAL_ROW]
        assert [at[k] for k in tail] == list(range(at[tail[0]], at[tail[0]] + len(tail)))

    def fixed(self, data: array[float]) -> None:
        self.seat_flags(data, self.p_players, self.player_step)

    def _owners(self, data: array[float], at: int, owners: list[int], seat: int) -> None:
        """A list of owners (-1: the Bank), each: present flag + seat one-hot + Bank."""
        n = self.n
        step = 2 + self.max
        for o in owners:
            data[at] = 1.0
            data[at + 1 + (self.max if o == -1 else (o - seat) % n)] = 1.0
            at += step

    def _auction(self, st: GoldfixState, seat: int, data: array[float]) -> None:
        """The decision block of a sealed bid (``decision_fields``' BID / WANT branch)."""
        n = self.n
        at = self.at
        data[self.p_decision] = 1.0
        data[self.p_kind + self.kind_ix[st.phase]] = 1.0
        asset = st.auction_kind
        if asset is not None:
            b = at["decision.asset"]
            data[b] = 1.0
            data[b + 1 + self.asset_ix[asset]] = 1.0
        broker = st.auction_broker
        if broker is not None:
            b = at["decision.broker"]
            data[b] = 1.0
            data[b + 1 + (self.max if broker == -1 else (broker - seat) % n)] = 1.0
        b = at["decision.minimum_bid"]
        data[b] = 1.0
        data[b + 1] = st.minimum_bid() / 100
        b = at["decision.lots"]
        data[b] = 1.0
        if len(st.lots) > self.lots_room:
            raise ValueError("more lots than the layout has room for")
        b += 1
        step = 1 + len(self.lot_ix)
        for c in st.lots:
            data[b] = 1.0
            data[b + 1 + self.lot_ix[st.lot_name(c)]] = 1.0
            b += step
        if st.tie_bid is not None:
            b = at["decision.tie_bid"]
            data[b] = 1.0
            data[b + 1] = st.tie_bid / 100
        b = at["decision.tied"]
        data[b] = 1.0
        for i, s in enumerate(st.tied, start=1):
            data[b + 1 + (s - seat) % n] = float(i)

    def _value(self, st: GoldfixState, side: Side) -> int:
        """``st.side_value(side)``, kept per side object (sides are immutable, and a draft
        changes one side at a time) with what it rests on: the GOLDFIX and whether the
        side's mines have their HEADGEAR."""
        gf = st.goldfix
        built = tuple([st.headgear[m] for m in side.leases]) if side.leases else ()
        hit = self.side_values.get(id(side))
        if hit is not None and hit[0] is side and hit[1] == gf and hit[2] == built:
            return hit[3]
        value = st.side_value(side)
        if len(self.side_values) > 4096:
            self.side_values.clear()
        self.side_values[id(side)] = (side, gf, built, value)
        return value

    def _deal(self, st: GoldfixState, seat: int, data: array[float]) -> None:
        """The decision block of a deal being drafted or answered: its kind, and
        ``st.deal_view()`` (each side through ``_side_view``) field by field."""
        n = self.n
        data[self.p_decision] = 1.0
        data[self.p_kind + self.kind_ix[st.phase]] = 1.0
        deal = st.deal
        if deal is None:
            return
        p = self.p_deal
        data[p[0]] = 1.0
        data[p[1] + (deal.drafter - seat) % n] = 1.0
        data[p[2] + (deal.partner - seat) % n] = 1.0
        gives, gets = self.p_sides
        # each side's value once: deal_gain(owner, side, receives) is the value received
        # less the value paid less the overdraft fees (GoldfixState.deal_gain)
        given, got = self._value(st, deal.gives), self._value(st, deal.gets)
        for (at_seat, at_leases, at_reports, b), owner, side, receives, paid, received in (
            (gives, deal.drafter, deal.gives, deal.gets, given, got),
            (gets, deal.partner, deal.gets, deal.gives, got, given),
        ):
            data[at_seat + (owner - seat) % n] = 1.0
            for m in side.leases:
                data[at_leases + m] += 1.0
            for m in side.reports:
                data[at_reports + m] += 1.0
            data[b] = side.bullion + 0.0
            data[b + 1] = side.cash / 100
            data[b + 2] = side.notes + 0.0
            overdrafts = st.deal_overdrafts(owner, side, receives)
            gain = received - paid - overdrafts * st.params.overdraft_fee
            data[b + 3] = paid / 100
            data[b + 4] = overdrafts + 0.0
            data[b + 5] = gain / 100
        b = p[3]
        data[b] = 1.0 if st.phase == RESPOND else 0.0
        data[b + 1] = deal.proposals + 0.0
        data[b + 2] = st.options.deal_rounds + 0.0
        data[b + 3] = max(0, st.options.deal_edits - deal.edits) + 0.0
        data[b + 4] = 1.0 if deal.countering is not None else 0.0

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: GoldfixState = state
        n = self.n
        data = buf.data
        gf = st.goldfix
        if st.params is not self.params:  # another game's numbers: the caches start over
            self.params = st.params
            self.prices.clear()
            self.interest.clear()
        # goldfix, tax, prices, interest, time up, turn, phase, dice
        percent = st.interest_percent()
        front = (gf, st.tax, percent, st.time_up, st.turn, st.phase, st.dice)
        if front != keys.get("front"):
            prices = self.prices.get(gf)
            if prices is None:
                prices = self.prices[gf] = money.asset_prices(gf, st.params)
            data[self.p_goldfix : self.p_players] = self.front_zero
            data[self.p_goldfix] = gf / 1000
            data[self.p_tax + self.tax_ix[st.tax]] = 1.0
            data[self.p_prices] = prices.mine_lease / 100
            data[self.p_prices + 1] = prices.headgear / 100
            data[self.p_prices + 2] = prices.drill_report / 100
            interest = self.interest.get(percent)
            if interest is None:
                interest = money.interest_per_note(percent, st.params) / 10
                self.interest[percent] = interest
            data[self.p_interest] = interest
            if st.time_up:
                data[self.p_time_up] = 1.0
            data[self.p_turn + (st.turn - seat) % n] = 1.0
            data[self.p_phase + self.phase_ix[st.phase]] = 1.0
            dice = st.dice
            if dice:
                b = self.p_dice
                data[b] = 1.0
                for x in dice:
                    data[b + 1] = 1.0
                    data[b + 2] = x / 6
                    b += 2
            keys["front"] = front  # (immutable: the dice are a tuple)
        # the mines
        mines = (st.lease_owner, st.headgear, st.report_owner)
        if mines != keys.get("mines"):
            data[self.p_lease : self.p_decks] = self.mines_zero
            self._owners(data, self.p_lease, st.lease_owner, seat)
            b = self.p_headgear
            for built in st.headgear:
                data[b] = 1.0
                if built:
                    data[b + 1] = 1.0
                b += 2
            self._owners(data, self.p_reports, st.report_owner, seat)
            keys["mines"] = (st.lease_owner[:], st.headgear[:], st.report_owner[:])
            keys["value"] = None
        # the players, each rewritten when its row changes (its net worth follows the
        # GOLDFIX and the mine assets it holds)
        value = keys.get("value")
        if value is None or keys.get("value_at") != gf:
            value = st.asset_values()
            keys["value"] = value
            keys["value_at"] = gf
        step = self.player_step
        cash, notes, vault, active = st.cash, st.notes, st.vault, st.active
        rows = (active, cash, notes, vault, st.position, st.circuits, st.final_worth, st.holds)
        same = rows == keys.get("rows") and value is keys.get("rows_value")
        for s in range(0 if same else n):
            row = (
                active[s],
                cash[s],
                notes[s],
                vault[s],
                st.position[s],
                st.circuits[s],
                st.final_worth[s],
                value[s],
                gf,
                st.holds[s],
            )
            was = keys.get(s)
            if row == was:
                continue
            b = self.p_players + ((s - seat) % n) * step
            worth = (
                money.net_worth(
                    cash[s], value[s], money.bullion_value(vault[s], gf), notes[s], st.params
                )
                if active[s]
                else st.final_worth[s]
            )
            data[b + 1] = 1.0 if active[s] else 0.0
            data[b + 2] = cash[s] / 100
            data[b + 3] = notes[s] + 0.0
            data[b + 4] = vault[s] + 0.0
            data[b + 5] = st.position[s] / 10
            data[b + 6] = st.circuits[s] + 0.0
            data[b + 7] = worth / 100
            hold = st.holds[s]
            old = () if was is None else was[-1]
            if was is None or hold != old:
                cards = st.cards
                ids = [cards[c].id for c in hold]
                self.put_list(buf, b + self.p_holds, self.card_run, self.card_ix, ids, len(old))
            keys[s] = row
        if not same:
            keys["rows"] = tuple(r[:] for r in rows)
            keys["rows_value"] = value
        # the decks
        lease, report, risk = st.lease_deck, st.report_deck, st.risk_deck
        data[self.p_decks] = len(lease.cards) / 10  # (len(deck))
        data[self.p_decks + 1] = len(report.cards) / 10
        data[self.p_decks + 2] = len(risk.cards) / 10
        bottoms = (  # (each deck's known_bottom())
            lease.cards[lease.unknown :],
            report.cards[report.unknown :],
            risk.cards[risk.unknown :],
        )
        if bottoms != keys.get("bottoms"):
            names, cards = st.board.mines, st.cards
            was = keys.get("bottoms") or ((), (), ())
            leases = [names[c] for c in bottoms[0]]
            reports = [names[c // 2] for c in bottoms[1]]  # (a mine's two reports)
            risks = [cards[c].id for c in bottoms[2]]
            put, mine_run, mine_ix = self.put_list, self.mine_run, self.mine_ix
            put(buf, self.p_lease_bottom, mine_run, mine_ix, leases, len(was[0]))
            put(buf, self.p_report_bottom, mine_run, mine_ix, reports, len(was[1]))
            put(buf, self.p_risk_bottom, self.card_run, self.card_ix, risks, len(was[2]))
            keys["bottoms"] = bottoms
        # the decision under way (the game's own view of it), and the winner
        data[self.p_decision :] = self.decision_zero
        phase = st.phase
        if phase in (NEGOTIATE, RESPOND):
            self._deal(st, seat, data)
        elif phase == PRE_ROLL:  # decision_fields: kind, step, offers_left
            data[self.p_decision] = 1.0
            data[self.p_kind + self.kind_ix[phase]] = 1.0
            b = self.p_step
            data[b] = data[b + 2] = 1.0
            data[b + 1] = st.step + 0.0
            data[b + 3] = st.offers_left + 0.0
        elif phase in (BID, WANT):
            self._auction(st, seat, data)
        elif phase in self.plain:  # decision_fields: the kind alone
            data[self.p_decision] = 1.0
            data[self.p_kind + self.kind_ix[phase]] = 1.0
        else:
            decision = st.decision_fields()
            if decision is not None:
                out: Out = {}
                try:
                    self.decision_fast(decision, out, seat)
                except Exception:
                    out = {}
                    self.decision_node.put(
                        decision, out, 0, self.decision_ctx[seat], ("observation", "decision")
                    )
                at = self.p_decision
                for i, v in out.items():
                    data[at + i] = v
        if st.winner >= 0:
            data[self.p_winner] = 1.0
            data[self.p_winner + 1 + (st.winner - seat) % n] = 1.0
