"""Goodwill's direct encoder (the layout is in ``tensors/goodwill.py``)."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from motherlode.games.goodwill import results
from motherlode.games.goodwill.components import COMPANIES, COMPONENTS
from motherlode.games.goodwill.rulebook import (
    OVER,
    PARTNER,
    PRICE,
    PROPOSE,
    VOTE,
    shares_in_play,
)
from motherlode.rl.tensors.direct import Buffer, DirectEncoder

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState
    from motherlode.rl.tensors import Encoder

PHASES = {p: i for i, p in enumerate((PRICE, PARTNER, PROPOSE, VOTE, OVER))}


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        names = {v: i for i, v in enumerate(dict.fromkeys(b.name for b in COMPONENTS.bosses))}
        self.boss_ix = tuple(names[b.name] for b in COMPONENTS.bosses)
        self.nboss = len(names)
        self.p_year = at["year"]
        self.p_phase = at["phase"]
        self.p_company = at["company"]
        self.p_transaction = at["transaction"]
        self.p_prices = at["resource_prices.oil"]
        self.p_companies = at["companies"]
        self.front_zero = array("f", bytes(4 * (self.p_companies - self.p_phase)))
        self.company_step = size["companies"] // len(COMPANIES)
        self.p_resource_cost = at["companies[].resource_cost"]
        self.p_boss = at["companies[].boss"]
        self.p_bankrupt = at["companies[].bankrupt"]
        self.p_available = at["available_bosses"]
        self.p_deck_cards = at["boss_deck.cards"]
        self.p_bottom = at["boss_deck.known_bottom"]
        self.p_threshold = at["vote_threshold"]
        self.p_players = at["players"]
        self.player_step = size["players"] // self.max
        self.p_information = at["information"]
        self.pair_step = at["information[].left"]
        self.p_revealed = at["revealed"]
        self.p_tail = at["last_transaction"]
        self.p_last_prices = at["last_transaction.prices"]
        self.p_last_price = at["last_transaction.price"]
        self.p_buyers = at["last_transaction.buyers"]
        self.p_sellers = at["last_transaction.sellers"]
        self.p_excluded = at["last_transaction.excluded"]
        self.p_trades = at["last_transaction.trades"]
        self.p_choice = at["partner_choice"]
        self.p_proposal = at["proposal"]
        self.p_vote = at["last_vote"]
        assert self.size == at["my_information"]  # (the last blocks: the vote ends the tensor)
        self.shares_in_play = tuple(shares_in_play(self.n, c) / 10 for c in range(len(COMPANIES)))

    def fixed(self, data: array[float]) -> None:
        self.seat_flags(data, self.p_players, self.player_step)
        for c in range(len(COMPANIES)):
            b = self.p_companies + c * self.company_step
            data[b] = 1.0
            data[b + self.at["companies[].shares"]] = self.shares_in_play[c]

    def _bosses(self, data: array[float], at: int, bosses: Any, old: int) -> None:
        """A list of bosses (each: present flag + one-hot name) at ``at``."""
        step = 1 + self.nboss
        self.clear(data, at, step * max(old, len(bosses)))
        for b in bosses:
            data[at] = 1.0
            data[at + 1 + self.boss_ix[b]] = 1.0
            at += step

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: GoodwillState = state
        n = self.n
        data = buf.data
        phase = st.phase
        # year, phase, company, transaction, resource prices: always rewritten
        data[self.p_year] = st.year / 1000
        data[self.p_phase : self.p_companies] = self.front_zero
        data[self.p_phase + PHASES[phase]] = 1.0
        if phase != OVER:
            data[self.p_company] = 1.0
            data[self.p_company + 1 + st.company] = 1.0
        if phase in (PRICE, PARTNER):
            data[self.p_transaction] = 1.0
            data[self.p_transaction + 1] = st.transaction + 1.0
        prices = st.resource_price
        for r, price in enumerate(prices):
            data[self.p_prices + r] = price / 10
        # the companies
        step = self.company_step
        for c in range(len(COMPANIES)):
            # share value and resource cost follow capital, bankruptcy, tokens and prices
            company = (
                st.capital[c],
                st.market[c],
                st.resources[c],
                st.boss[c],
                st.bankrupt[c],
                prices,
            )
            if company == keys.get(("company", c)):
                continue
            b = self.p_companies + c * step
            data[b + 1] = st.capital[c] / 100
            data[b + 2] = st.share_value(c) / 10
            data[b + 3] = st.market[c] / 100
            for r, k in enumerate(st.resources[c]):
                data[b + 4 + r] = k + 0.0
            data[b + self.p_resource_cost] = results.resource_cost(st, c) / 100
            p = b + self.p_boss
            self.clear(data, p, 1 + self.nboss)
            boss = st.boss[c]
            if boss is not None:
                data[p] = 1.0
                data[p + 1 + self.boss_ix[boss]] = 1.0
            data[b + self.p_bankrupt] = 1.0 if st.bankrupt[c] else 0.0
            keys["company", c] = (
                st.capital[c],
                st.market[c],
                st.resources[c][:],
                st.boss[c],
                st.bankrupt[c],
                prices[:],
            )
        available = st.available
        if available != keys.get("available"):
            self._bosses(data, self.p_available, available, len(keys.get("available") or ()))
            keys["available"] = available[:]
        deck = st.boss_deck
        data[self.p_deck_cards] = len(deck) + 0.0
        bottom = deck[st.boss_deck_unknown :]
        if bottom != keys.get("bottom"):
            self._bosses(data, self.p_bottom, bottom, len(keys.get("bottom") or ()))
            keys["bottom"] = bottom
        data[self.p_threshold] = st.threshold + 0.0
        # the players
        cash, shares = st.cash, st.shares
        if cash != keys.get("cash") or shares != keys.get("shares"):
            step = self.player_step
            for s in range(n):
                b = self.p_players + ((s - seat) % n) * step
                data[b + 1] = cash[s] / 100
                for c, k in enumerate(shares[s]):
                    data[b + 2 + c] = k + 0.0
            keys["cash"] = cash[:]
            keys["shares"] = [s[:] for s in shares]
        # the information spaces (this seat's face up) and the revealed pairs
        pairs = (st.information, st._seen_by, st.revealed)
        if pairs != keys.get("pairs"):
            visible = COMPONENTS.visible[seat]
            self._pairs(data, self.p_information, st.information, st._seen_by, visible, seat)
            self._pairs(data, self.p_revealed, st.revealed, st._seen_by, None, seat)
            keys["pairs"] = pairs
        # the last transaction, a partner choice, a proposal, the last vote
        last = (st.last_prices, st.last_deal, st.last_trades)
        if last != keys.get("last"):
            self._last_transaction(st, seat, data)
            keys["last"] = last
        choice = (phase, st.deal, st.choosers, st.candidates)
        if choice != keys.get("choice"):
            self._partner_choice(st, seat, data)
            keys["choice"] = choice
        proposal: tuple[Any, ...] | None = None
        if phase == VOTE:
            held = [shares[s][st.company] for s in st.voters]
            proposal = (st.proposal, st.proposer, st.voters, held)
        if proposal != keys.get("proposal"):
            self._proposal(st, seat, data)
            keys["proposal"] = proposal
        if st.last_vote != keys.get("vote"):
            self._last_vote(st, seat, data)
            keys["vote"] = st.last_vote

    def _pairs(
        self,
        data: array[float],
        at: int,
        pairs: Any,
        seen_by: Any,
        mine: Any,
        seat: int,
    ) -> None:
        n = self.n
        step = self.pair_step
        self.clear(data, at, self.sizes["information"])
        for space, (pct, number) in enumerate(pairs):
            b = at + space * step
            data[b] = 1.0
            data[b + 1] = space + 0.0
            for s in seen_by[space]:
                data[b + 2 + (s - seat) % n] = 1.0
            if mine is None or space in mine:
                data[b + 2 + self.max] = 1.0
                data[b + 3 + self.max] = pct / 100
                data[b + 4 + self.max] = 1.0
                data[b + 5 + self.max + number] = 1.0

    def _last_transaction(self, st: GoodwillState, seat: int, data: array[float]) -> None:
        n = self.n
        b = self.p_tail
        self.clear(data, b, self.p_choice - b)
        if not st.last_prices:
            return
        deal = st.last_deal
        data[b] = 1.0
        b = self.p_last_prices
        for s, price in enumerate(st.last_prices):
            r = b + 2 * ((s - seat) % n)
            data[r] = 1.0
            data[r + 1] = price / 10
        if deal is not None:
            b = self.p_last_price
            data[b] = 1.0
            data[b + 1] = deal.price / 10
            for b, seats in (
                (self.p_buyers, deal.buyers),
                (self.p_sellers, deal.sellers),
                (self.p_excluded, deal.excluded),
            ):
                for s in seats:
                    data[b + (s - seat) % n] = 1.0
        b = self.p_trades
        m = self.max
        for buyer, seller in st.last_trades:
            data[b] = 1.0
            data[b + 1 + (buyer - seat) % n] = 1.0
            data[b + 1 + m + (seller - seat) % n] = 1.0
            b += 1 + 2 * m

    def _partner_choice(self, st: GoodwillState, seat: int, data: array[float]) -> None:
        n = self.n
        at = self.at
        self.clear(data, self.p_choice, self.p_proposal - self.p_choice)
        deal = st.deal
        if st.phase != PARTNER or deal is None:
            return
        data[self.p_choice] = 1.0
        data[at["partner_choice.chooser"] + (st.choosers[0] - seat) % n] = 1.0
        data[at["partner_choice.chooses"] + (0 if deal.choosers_are_buyers else 1)] = 1.0
        for s in st.candidates:
            data[at["partner_choice.candidates"] + (s - seat) % n] = 1.0
        b = at["partner_choice.waiting"]
        for s in st.choosers[1:]:
            data[b] = 1.0
            data[b + 1 + (s - seat) % n] = 1.0
            b += 1 + self.max
        data[at["partner_choice.price"]] = deal.price / 10

    def _proposal(self, st: GoodwillState, seat: int, data: array[float]) -> None:
        n = self.n
        at = self.at
        self.clear(data, self.p_proposal, self.p_vote - self.p_proposal)
        if st.phase != VOTE or st.proposal is None:
            return
        proposer = st.proposer
        assert proposer is not None
        data[self.p_proposal] = 1.0
        data[at["proposal.proposer"] + (proposer - seat) % n] = 1.0
        data[at["proposal.boss.name"] + self.boss_ix[st.proposal]] = 1.0
        b = at["proposal.voters"]
        for s in st.voters:
            r = b + 2 * ((s - seat) % n)
            data[r] = 1.0
            data[r + 1] = st.shares[s][st.company] + 0.0

    def _last_vote(self, st: GoodwillState, seat: int, data: array[float]) -> None:
        n = self.n
        at = self.at
        self.clear(data, self.p_vote, self.size - self.p_vote)
        if st.last_vote is None:
            return
        boss, yes, passed, ayes = st.last_vote
        data[self.p_vote] = 1.0
        data[at["last_vote.boss"] + self.boss_ix[boss]] = 1.0
        data[at["last_vote.yes"]] = yes + 0.0
        data[at["last_vote.passed"]] = 1.0 if passed else 0.0
        for s in ayes:
            data[at["last_vote.voted_yes"] + (s - seat) % n] = 1.0
