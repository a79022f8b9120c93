"""Goodwill's direct encoder (the layout is in ``tensors/goodwill.py``).

Most decisions change two or three small things (the phase, the last prices, a vote), so
every block is first compared with what the buffer shows: the board's and the players'
lists by value, the immutable tuples (pairs, prices, deals, trades, votes) by identity.  A
block that changed is written as one run of packed floats, put together from runs made once
(a boss, a price, a card, a trade) or kept by value (a deal's seats and trades as a seat
sees them), and from what the seats share: the first seat to see a change copies the lists
and packs what every seat shows alike (the board), and what each shows in its own seat
order (the players, the prices, the voters) by seat, written twice, so that a seat's view
is one slice of it.  The other seats then compare with that copy and take their slice.
"""

from __future__ import annotations

import itertools
import struct
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from motherlode.games.goodwill import results
from motherlode.games.goodwill.actions import MAX_PRICE
from motherlode.games.goodwill.components import COMPANIES
from motherlode.games.goodwill.options import GoodwillOptions
from motherlode.games.goodwill.rulebook import (
    OVER,
    PARTNER,
    PRICE,
    PROPOSE,
    VOTE,
    shares_in_play,
)
from motherlode.rl.tensors.direct import Buffer, DirectEncoder, item_runs, pack

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState
    from motherlode.rl.tensors import Encoder

PHASES = {p: i for i, p in enumerate((PRICE, PARTNER, PROPOSE, VOTE, OVER))}
KEPT = 4096
"""At most this many runs kept by value per kind (then they are made anew)."""
_NEW: Any = object()
"""What a new buffer remembers of a block: equal to nothing."""
pack1 = struct.Struct("f").pack
pack2 = struct.Struct("2f").pack


class _Runs(dict[Any, Any]):
    """Runs of packed floats by value, each made on first use by ``make``."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) >= KEPT:
            self.clear()
        run = self[key] = self.make(key)
        return run

    def fill(self, keys: Any) -> None:
        """Make these runs now (rather than in the first games)."""
        for key in keys:
            self[key] = self.make(key)


_KEPT: dict[tuple[int, ...], tuple[_Runs, ...]] = {}
"""The runs kept by value, by table (players, seat slots, tensor size)."""


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        n, m = self.n, self.max
        options = enc.options
        assert isinstance(options, GoodwillOptions)
        comp = options.load()
        p = self.params = options.parameters
        names = {v: i for i, v in enumerate(dict.fromkeys(b.name for b in comp.bosses))}
        self.boss_ix = tuple(names[b.name] for b in comp.bosses)
        self.nboss = len(names)
        self.p_year = at["year"]
        self.p_phase = at["phase"]
        self.p_company = at["company"]
        self.p_transaction = at["transaction"]
        self.p_prices = at["resource_prices.oil"]
        self.p_companies = at["companies"]
        self.company_step = size["companies"] // len(COMPANIES)
        self.p_players = at["players"]
        self.player_step = size["players"] // m
        self.p_information = at["information"]
        self.p_tail = at["last_transaction"]
        self.p_choice = at["partner_choice"]
        self.p_proposal = at["proposal"]
        self.p_vote = at["last_vote"]
        assert self.size == at["my_information"]  # (the last blocks: the vote ends the tensor)
        self.shares_in_play = tuple(shares_in_play(n, c, p) / 10 for c in range(len(COMPANIES)))
        # the blocks' byte ranges, and their order in the layout (runs are put together so)
        self.r_front = (4 * self.p_phase, 4 * self.p_prices)
        self.r_board = (4 * self.p_prices, 4 * self.p_players)
        assert self.p_prices + len(comp.resources) == self.p_companies
        assert self.p_companies + size["companies"] == at["available_bosses"]
        assert at["available_bosses"] + size["available_bosses"] == at["boss_deck.cards"]
        assert at["boss_deck.known_bottom"] + size["boss_deck.known_bottom"] == at["vote_threshold"]
        assert at["vote_threshold"] + 1 == self.p_players
        self.r_players = (4 * self.p_players, 4 * (self.p_players + n * self.player_step))
        assert self.player_step == 2 + len(COMPANIES)
        self.r_pairs = (4 * self.p_information, 4 * self.p_tail)
        assert at["revealed"] == self.p_information + size["information"]
        self.pair_step = at["information[].left"]
        assert self.pair_step == at["information[].card"] + 1 + len(comp.events)
        self.r_tail = (4 * self.p_tail, 4 * self.p_choice)
        assert at["last_transaction.prices"] == self.p_tail + 1
        assert at["last_transaction.price"] == self.p_tail + 1 + 2 * m
        assert at["last_transaction.buyers"] == self.p_tail + 3 + 2 * m
        self.r_proposal = (4 * self.p_proposal, 4 * self.p_vote)
        self.r_vote = (4 * self.p_vote, 4 * self.size)
        # per seat: each seat's slot, and the byte bounds of its view in a run by seat written
        # twice (of one float per seat, two, a player's)
        self.slot = tuple(tuple((s - seat) % n for s in range(n)) for seat in range(n))
        step = 4 * self.player_step
        self.rot = tuple(
            (4 * s, 4 * (s + n), 8 * s, 8 * (s + n), step * s, step * (s + n)) for s in range(n)
        )
        self.players_run = struct.Struct(f"{n * self.player_step}f").pack
        self.prices_run = struct.Struct(f"{len(comp.resources)}f").pack
        self.company_head = struct.Struct(f"{5 + len(comp.resources)}f").pack
        # (a company: flag, capital, share value, market, resources, cost | boss | bankrupt,
        # shares; a proposal: flag, proposer, boss, voters; a vote: flag, boss, yes, passed,
        # ayes)
        head = 5 + len(comp.resources)
        assert at["companies[].boss"] == head == at["companies[].resource_cost"] + 1
        assert at["companies[].bankrupt"] == head + 1 + self.nboss == self.company_step - 2
        assert at["proposal.voters"] == self.p_proposal + 1 + m + self.nboss
        assert at["last_vote.voted_yes"] == self.p_vote + 3 + self.nboss
        # runs made once: a boss (present + one-hot), a seat's one-hot, a card (present +
        # one-hot), a price or a number with its present flag, the empty ends of blocks
        nboss = self.nboss
        self.boss_runs = tuple(
            pack(1.0, *(1.0 if i == self.boss_ix[b] else 0.0 for i in range(nboss)))
            for b in range(len(comp.bosses))
        )
        self.boss_names = tuple(run[4:] for run in self.boss_runs)
        self.no_boss = bytes(4 * (1 + nboss))
        assert size["available_bosses"] == size["boss_deck.known_bottom"] == nboss * (1 + nboss)
        self.boss_pads = tuple(bytes(len(self.no_boss) * (nboss - k)) for k in range(nboss + 1))
        self.seat_runs = tuple(pack(*(1.0 if i == r else 0.0 for i in range(m))) for r in range(m))
        self.card_runs = item_runs(len(comp.events))
        self.spaces = tuple(
            pack2(1.0, space) for space in range(size["information"] // self.pair_step)
        )
        self.one = pack(1.0)
        self.empty = bytes(8)
        self.hot_pad = bytes(4 * (m - n))
        self.price_pad = bytes(8 * (m - n))
        self.hidden = bytes(4 * (self.pair_step - 2 - m))
        self.faces_up = tuple(
            tuple(space in comp.visible[seat] for space in range(len(self.spaces)))
            for seat in range(n)
        )
        self.zero_tail = bytes(self.r_tail[1] - self.r_tail[0])
        self.zero_proposal = bytes(self.r_proposal[1] - self.r_proposal[0])
        self.zero_vote = bytes(self.r_vote[1] - self.r_vote[0])
        # runs kept by value: the same for every encoder of a table (warm across envs)
        kept = _KEPT.get((n, m, self.size))
        if kept is None:
            kept = _KEPT[n, m, self.size] = self._runs()
        self.price_runs, self.held_runs, self.fronts, self.deals, self.hots, self.pair_heads = kept
        # a trade (buyer, seller) as a seat sees it
        self.trade_runs = tuple(
            {
                (buyer, seller): self.one
                + self.seat_runs[slot[buyer]]
                + self.seat_runs[slot[seller]]
                for buyer in range(n)
                for seller in range(n)
            }
            for slot in self.slot
        )
        self.trades_size = 4 * (self.p_choice - at["last_transaction.trades"])
        # what the seats share, as the first to see it made it
        self.board: tuple[Any, ...] = (_NEW,)
        self.board_parts: list[bytes] = []
        self.board_run = b""
        self.players: tuple[Any, ...] = ((), (), b"")
        self.pairs: tuple[Any, ...] = (_NEW, _NEW, _NEW, (), ())
        self.tail: tuple[Any, ...] = (_NEW, b"")
        self.ballot: tuple[Any, ...] = (_NEW, b"")
        self.vote: tuple[Any, ...] = (_NEW, b"", b"")

    def _runs(self) -> tuple[_Runs, ...]:
        """The runs kept by value for this table (made by this encoder's tables, the same
        for every encoder of the table), the small kinds made at once."""
        kept = (
            _Runs(lambda p: pack2(1.0, p / 10)),
            _Runs(lambda k: pack2(1.0, k)),
            _Runs(self._front),
            _Runs(self._deal),
            _Runs(self._hot),
            _Runs(self._pair_heads),
        )
        prices, held, fronts, _deals, hots, _heads = kept
        prices.fill(range(MAX_PRICE + 1))
        p = self.params
        held.fill(range(1 + max(shares_in_play(self.n, c, p) for c in range(len(COMPANIES)))))
        fronts.fill(
            (phase, c, t)
            for phase in PHASES
            for c in range(len(COMPANIES))
            for t in range(p.transactions_per_company + 1)
        )
        hots.fill(s for k in range(self.n + 1) for s in itertools.combinations(range(self.n), k))
        return kept

    def fixed(self, data: array[float]) -> None:
        self.seat_flags(data, self.p_players, self.player_step)
        for c in range(len(COMPANIES)):
            b = self.p_companies + c * self.company_step
            data[b] = 1.0
            data[b + self.at["companies[].shares"]] = self.shares_in_play[c]

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: GoodwillState = state
        mem = keys.get("goodwill")
        if mem is None:  # (a new buffer: every block differs)
            mem = keys["goodwill"] = [_NEW] * 12
            mem[2] = ((), ())
        raw = buf.raw
        phase = st.phase
        # phase, company, transaction
        front = (phase, st.company, st.transaction)
        if front != mem[0]:
            a, b = self.r_front
            raw[a:b] = self.fronts[front]
            mem[0] = front
        # the board: year, prices, companies, bosses (lists: by value)
        board = (
            st.year,
            st.resource_price,
            st.capital,
            st.market,
            st.resources,
            st.boss,
            st.bankrupt,
            st.available,
            st.boss_deck,
            st.boss_deck_unknown,
            st.threshold,
        )
        shared = self.board  # (first: as the last seat saw it, this seat most likely too)
        if board == shared:
            if mem[1] is not shared:
                a, b = self.r_board
                raw[a:b] = self.board_run
                buf.data[self.p_year] = shared[0] / 1000
                mem[1] = shared
        elif board != mem[1]:
            shared = self._new_board(st, board)
            a, b = self.r_board
            raw[a:b] = self.board_run
            buf.data[self.p_year] = shared[0] / 1000
            mem[1] = shared
        rot = self.rot[seat]
        # the players, this seat first
        cash, shares = st.cash, st.shares
        shared = self.players
        if cash == shared[0] and shares == shared[1]:
            if mem[2] is not shared:
                a, b = self.r_players
                raw[a:b] = shared[2][rot[4] : rot[5]]
                mem[2] = shared
        elif cash != mem[2][0] or shares != mem[2][1]:
            values: list[float] = []
            for c, k in zip(cash, shares, strict=True):
                values += (1.0, c / 100, *k)
            run = self.players_run(*values)
            shared = self.players = (cash[:], [*map(list.copy, shares)], run + run)
            a, b = self.r_players
            raw[a:b] = shared[2][rot[4] : rot[5]]
            mem[2] = shared
        # the information spaces (this seat's face up) and the revealed pairs
        info, seen, revealed = st.information, st._seen_by, st.revealed
        if info is not mem[3] or seen is not mem[4] or revealed is not mem[5]:
            shared = self.pairs
            if info is not shared[0] or seen is not shared[1] or revealed is not shared[2]:
                shared = self.pairs = self._new_pairs(info, seen, revealed)
            a, b = self.r_pairs
            raw[a:b] = self._pairs(shared, seat)
            mem[3], mem[4], mem[5] = info, seen, revealed
        # the last transaction: the prices, the deal's price, its seats and trades
        prices, deal, trades = st.last_prices, st.last_deal, st.last_trades
        if prices is not mem[6] or deal is not mem[7] or trades is not mem[8]:
            a, b = self.r_tail
            if prices:
                shared = self.tail
                if prices is not shared[0]:
                    run = b"".join([self.price_runs[p] for p in prices])
                    shared = self.tail = (prices, run + run)
                if deal is None:
                    price, rest = self.empty, self.deals[seat, (), (), (), trades]
                else:
                    price = self.price_runs[deal.price]
                    rest = self.deals[seat, deal.buyers, deal.sellers, deal.excluded, trades]
                raw[a:b] = b"".join(
                    [self.one, shared[1][rot[2] : rot[3]], self.price_pad, price, rest]
                )
            else:
                raw[a:b] = self.zero_tail
            mem[6], mem[7], mem[8] = prices, deal, trades
        # a partner choice, a proposal (the voters' shares: as the players block), the vote
        choice = (st.deal, st.choosers, st.candidates) if phase == PARTNER else None
        if choice != mem[9]:
            self._partner_choice(st, seat, buf.data)
            mem[9] = choice
        proposal = st.proposal
        if phase == VOTE and proposal is not None:
            ballot: tuple[Any, ...] = (proposal, st.proposer, st.voters, st.company, mem[2])
            if ballot != mem[10]:
                shared = self.ballot
                if ballot != shared[0]:
                    shared = self.ballot = (ballot, self._voters(st))
                a, b = self.r_proposal
                raw[a:b] = b"".join(
                    [
                        self.one,
                        self.seat_runs[self.slot[seat][ballot[1]]],
                        self.boss_names[proposal],
                        shared[1][rot[2] : rot[3]],
                        self.price_pad,
                    ]
                )
                mem[10] = ballot
        elif mem[10] is not None:
            a, b = self.r_proposal
            raw[a:b] = self.zero_proposal
            mem[10] = None
        vote = st.last_vote
        if vote is not mem[11]:
            a, b = self.r_vote
            if vote is None:
                raw[a:b] = self.zero_vote
            else:
                shared = self.vote
                if vote is not shared[0]:
                    boss, yes, passed, ayes = vote
                    head = self.one + self.boss_names[boss] + pack2(yes, 1.0 if passed else 0.0)
                    shared = self.vote = (vote, head, self.hots[ayes])
                raw[a:b] = b"".join([shared[1], shared[2][rot[0] : rot[1]], self.hot_pad])
            mem[11] = vote

    def _front(self, key: tuple[str, int, int]) -> bytes:
        """The phase, the company and the transaction."""
        phase, company, transaction = key
        run = [0.0] * (self.p_prices - self.p_phase)
        run[PHASES[phase]] = 1.0
        if phase != OVER:
            b = self.p_company - self.p_phase
            run[b] = 1.0
            run[b + 1 + company] = 1.0
        if phase in (PRICE, PARTNER):
            b = self.p_transaction - self.p_phase
            run[b] = 1.0
            run[b + 1] = transaction + 1.0
        return pack(*run)

    def _new_board(self, st: GoodwillState, board: tuple[Any, ...]) -> tuple[Any, ...]:
        """Copy ``board`` (as ``write`` makes it) and pack it from the prices on, making
        anew (and copying) only what differs from the board before: a boss replaced
        changes the bosses only, the end of a year the rest too."""
        year, prices, capital, market, resources, boss, bankrupt, available = board[:8]
        old: tuple[Any, ...] = self.board
        if len(old) == 1:  # (the first: everything differs)
            old = (_NEW,) * len(board)
            parts = [b""] * (3 + 3 * len(COMPANIES))
        else:
            parts = self.board_parts[:]
        copy: list[Any] = list(old)
        copy[0] = year
        # share value and resource cost follow capital, bankruptcy, tokens and prices
        if (prices, capital, market, resources, bankrupt) != (old[1], *old[2:5], old[6]):
            parts[0] = self.prices_run(*[price / 10 for price in prices])
            head, shares = self.company_head, self.shares_in_play
            for c in range(len(COMPANIES)):
                parts[1 + 3 * c] = head(
                    1.0,
                    capital[c] / 100,
                    st.share_value(c) / 10,
                    market[c] / 100,
                    *resources[c],
                    results.resource_cost(st, c) / 100,
                )
                parts[3 + 3 * c] = pack2(1.0 if bankrupt[c] else 0.0, shares[c])
            copy[1:5] = prices[:], capital[:], market[:], [k[:] for k in resources]
            copy[6] = bankrupt[:]
        if boss != old[5]:
            runs, none = self.boss_runs, self.no_boss
            for c, who in enumerate(boss):
                parts[2 + 3 * c] = none if who is None else runs[who]
            copy[5] = boss[:]
        if available != old[7]:
            parts[-2] = self._bosses(available)
            copy[7] = available[:]
        if board[8:] != old[8:]:  # (the deck, its unknown top, the vote threshold)
            deck, unknown, threshold = board[8:]
            bottom = self._bosses(deck[unknown:])
            parts[-1] = b"".join([pack1(len(deck)), bottom, pack1(threshold)])
            copy[8:] = deck[:], unknown, threshold
        self.board_parts = parts
        self.board_run = b"".join(parts)
        self.board = tuple(copy)
        return self.board

    def _bosses(self, bosses: list[int]) -> bytes:
        """A list of bosses (each: present flag + one-hot name), then its empty slots."""
        runs = self.boss_runs
        return b"".join([*[runs[b] for b in bosses], self.boss_pads[len(bosses)]])

    def _new_pairs(self, info: Any, seen_by: Any, revealed: Any) -> tuple[Any, ...]:
        """The pairs' faces (percentage, card), this year's then the revealed, and the
        empty slots after each."""
        cards, slots = self.card_runs, len(self.spaces)
        info_faces, revealed_faces = (
            tuple(pack2(1.0, pct / 100) + cards[number] for pct, number in pairs)
            for pairs in (info, revealed)
        )
        return (
            info,
            seen_by,
            revealed,
            info_faces,
            bytes(4 * self.pair_step * (slots - len(info))),
            revealed_faces,
            bytes(4 * self.pair_step * (slots - len(revealed))),
        )

    def _pairs(self, shared: tuple[Any, ...], seat: int) -> bytes:
        """The information spaces as ``seat`` sees them (its own face up), then the
        revealed pairs."""
        heads = self.pair_heads[seat, shared[1]]
        hidden = self.hidden
        runs: list[bytes] = []
        for head, face, up in zip(heads, shared[3], self.faces_up[seat], strict=False):
            runs += (head, face if up else hidden)
        runs.append(shared[4])
        for head, face in zip(heads, shared[5], strict=False):
            runs += (head, face)
        runs.append(shared[6])
        return b"".join(runs)

    def _pair_heads(self, key: tuple[int, tuple[tuple[int, ...], ...]]) -> tuple[bytes, ...]:
        """Per space: its present flag, its number and the seats that see it, as ``seat``
        sees them."""
        seat, seen_by = key
        x, y = self.rot[seat][:2]
        return tuple(
            self.spaces[space] + self.hots[seen][x:y] + self.hot_pad
            for space, seen in enumerate(seen_by)
        )

    def _deal(self, key: tuple[Any, ...]) -> bytes:
        """The last deal's buyers, sellers, excluded and trades as ``seat`` sees them."""
        seat, buyers, sellers, excluded, trades = key
        x, y = self.rot[seat][:2]
        hots, pad = self.hots, self.hot_pad
        trade = self.trade_runs[seat]
        run = b"".join([trade[t] for t in trades])
        return b"".join(
            [
                hots[buyers][x:y],
                pad,
                hots[sellers][x:y],
                pad,
                hots[excluded][x:y],
                pad,
                run,
                bytes(self.trades_size - len(run)),
            ]
        )

    def _hot(self, seats: tuple[int, ...]) -> bytes:
        """A set of seats by seat (n floats), written twice."""
        run = pack(*(1.0 if s in seats else 0.0 for s in range(self.n)))
        return run + run

    def _voters(self, st: GoodwillState) -> bytes:
        """The voters and their shares (flag + shares, by seat), written twice."""
        held, c, empty = self.held_runs, st.company, self.empty
        runs = [empty] * self.n
        shares = st.shares
        for s in st.voters:
            runs[s] = held[shares[s][c]]
        run = b"".join(runs)
        return run + run

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
