"""MINE ASSET AUCTIONS (p8), also run by the RISK auction cards.

The player who lands on a MINE LEASE or DRILL REPORT AUCTION square (or draws the card)
is the broker and receives a 10% commission from each buyer, paid on top of the bid.

LEVEL A / B / EZ1: the lots are dealt face up from the top of the deck and auctioned one
after another; each lot is a sealed bid made by every eligible player at once (a pass is
allowed), at or above the minimum bid, on a ladder of $5M steps to $100M, $10M steps to
$200M and $25M steps to $500M.  The highest bid wins; tied bidders,
and only they, re-bid, each beating the tied bid or withdrawing; if every tied bidder
withdraws, a roll-off among them takes the lot at the tied bid.  A lot nobody bids on goes
back to the bottom of its deck.  LEVEL EZ2: every player who wants a card says so, all
at once, and is dealt one (the top card to the broker, then in order of play) at the
minimum bid.  The DRILL REPORT OPTION doubles the drill report lots, and the cards a
player may win or be dealt at one auction.

A part of ``rules.GoldfixState``, built on the core alone.  Hook it offers (declared on
the core): ``_open_auction`` (RISK auction cards).  Hooks it uses: none.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import BID_AMOUNTS, Bid, Pass
from motherlode.games.goldfix.core import BID, OVER, WANT, GoldfixCore
from motherlode.games.goldfix.decks import Deck
from motherlode.games.goldfix.lists import Joined, together

LEASE = "ML"
REPORT = "DR"
ASSET_NAMES = {LEASE: "MINE LEASE", REPORT: "DRILL REPORT"}

_BIDS = {amount: Bid(amount) for amount in BID_AMOUNTS}
_BID_LIST = [Bid(amount) for amount in BID_AMOUNTS]
_PASS = Pass()


class AuctionRules(GoldfixCore):
    """MINE ASSET AUCTIONS: lots, sealed bids, ties, the broker's commission."""

    def auction_deck(self) -> Deck:
        return self.lease_deck if self.auction_kind == LEASE else self.report_deck

    def minimum_bid(self) -> int:
        if self.auction_kind == LEASE:
            return money.mine_lease_price(self.goldfix, self.params)
        return money.drill_report_price(self.goldfix, self.params)

    def lot_name(self, card: int) -> str:
        mine = card if self.auction_kind == LEASE else card // 2
        return f"{self.board.mines[mine]} {ASSET_NAMES[self.auction_kind]}"

    def _cards_each(self) -> int:
        """Lots a player may win (B, EZ1) or is dealt (EZ2) at one auction."""
        doubled = self.auction_kind == REPORT and self.options.drill_report_option
        return 2 if doubled else 1

    def _open_auction(self, kind: str, broker: int) -> None:
        """A MINE LEASE (``ML``) or DRILL REPORT (``DR``) auction brokered by ``broker``."""
        self.auction_kind = kind
        self.auction_broker = broker
        deck = self.auction_deck()
        if not deck:
            if self.logging:
                self.log(T("No {asset} cards are left: no auction", asset=ASSET_NAMES[kind]))
            return
        level = self.options.effective_auction_level
        players = len(self.active_seats())
        self.auction_wins = (0,) * self.num_players
        if level == "EZ2":
            if self.logging:
                self.log(
                    T(
                        "{asset} sale (EZ2) brokered by {broker}: who wants a card at ${price}M?",
                        asset=ASSET_NAMES[kind],
                        broker=self.seat_name(broker),
                        price=self.minimum_bid(),
                    )
                )
            self._ask(WANT, tuple(self.active_seats()))
            return
        lots = players - 1 if level in ("A", "B") else players
        lots *= self._cards_each()
        self.lot_limit = 0 if level == "A" else self._cards_each()
        self.lots = [deck.draw() for _ in range(min(lots, len(deck)))]
        if self.logging:
            self.log(
                T(
                    "{asset} AUCTION brokered by {broker}: {count} lot(s): {lots}; "
                    "minimum bid ${price}M",
                    asset=ASSET_NAMES[kind],
                    broker=self.seat_name(broker),
                    count=len(self.lots),
                    lots=", ".join(self.lot_name(c) for c in self.lots),
                    price=self.minimum_bid(),
                )
            )
        self._next_lot()

    def _next_lot(self) -> None:
        """Put the next lot up, or end the auction (then the turn carries on)."""
        self._check_bankruptcies()
        if self.phase == OVER:
            return
        limit = self.lot_limit
        while self.lots:
            bidders = tuple(
                s for s in self.active_seats() if not limit or self.auction_wins[s] < limit
            )
            if bidders:
                self.tie_bid = 0
                self.tied = ()
                self._ask(BID, bidders)
                return
            for card in self.lots:
                self.auction_deck().to_bottom(card)
            self.lots = []
        self._idle()

    def _legal_bids(self) -> list[Action]:
        """Pass, or any bid on the ladder from the minimum bid (a re-bid: above the tie)."""
        if self.tie_bid:
            first = bisect_right(BID_AMOUNTS, self.tie_bid)
        else:
            first = bisect_left(BID_AMOUNTS, self.minimum_bid())
        return [_PASS, *_BID_LIST[first:]]

    def _legal_want(self) -> list[Action]:
        return [_PASS, _BIDS[self.minimum_bid()]]

    def _resolve_bids(self, actions: dict[int, Action]) -> None:
        """Reveal the sealed bids on the current lot: a winner, a tie to re-bid, or none."""
        lot = self.lots[0]
        bids = {s: a.amount for s, a in sorted(actions.items()) if isinstance(a, Bid)}
        if self.logging:
            shown = Joined(
                [
                    f"{self.seat_name(s)} ${bids[s]}M"
                    if s in bids
                    else T("{player} pass", player=self.seat_name(s))
                    for s in sorted(actions)
                ]
            )
            self.log(T("Bids on the {lot}: {bids}", lot=self.lot_name(lot), bids=shown))
        if not bids:
            if not self.tied:
                self.auction_deck().to_bottom(self.lots.pop(0))
                if self.logging:
                    self.log(T("No bids: the lot goes back to the bottom of the deck"))
                self._next_lot()
                return
            winner = self.rng.choice(self.tied)
            price = self.tie_bid
            if self.logging:
                self.log(
                    T(
                        "Every tied bidder withdrew: a roll-off gives it to {player}",
                        player=self.seat_name(winner),
                    )
                )
        else:
            price = max(bids.values())
            leaders = tuple(s for s, b in bids.items() if b == price)
            if len(leaders) > 1:
                self.tie_bid = price
                self.tied = leaders
                if self.logging:
                    names = together([self.seat_name(s) for s in leaders])
                    self.log(
                        T("A tie at ${price}M: only {players} re-bid", price=price, players=names)
                    )
                self._ask(BID, leaders)
                return
            winner = leaders[0]
        self._buy_lot(winner, self.lots.pop(0), price)
        self._next_lot()

    def _resolve_wants(self, actions: dict[int, Action]) -> None:
        """EZ2: deal a card to each player who wants one, the broker first."""
        price = self.minimum_bid()
        deck = self.auction_deck()
        for seat in self.seats_from(self.auction_broker):
            if not isinstance(actions.get(seat), Bid):
                continue
            for _ in range(self._cards_each()):
                if deck:
                    self._buy_lot(seat, deck.draw(), price)
        self._idle()

    def _buy_lot(self, seat: int, card: int, price: int) -> None:
        """The buyer pays the bid to the Bank and 10% commission to the broker."""
        commission = money.auction_commission(price, self.params)
        if self.logging:
            self.log(
                T(
                    "{player} buys the {lot} for ${price}M + ${commission}M commission to {broker}",
                    player=self.seat_name(seat),
                    lot=self.lot_name(card),
                    price=price,
                    commission=commission,
                    broker=self.seat_name(self.auction_broker),
                )
            )
        self._pay(seat, price)
        self._transfer(seat, self.auction_broker, commission)
        if self.auction_kind == LEASE:
            self.lease_owner[card] = seat
        else:
            self.report_owner[card] = seat
        wins = list(self.auction_wins)
        wins[seat] += 1
        self.auction_wins = tuple(wins)
