"""MERCHANT BANK (p14): a takeover bid against one mine's assets, with counter-bids.

The player who lands on the square (or draws the RISK card) may nominate any mine in
play, meaning one in which another player owns an asset, and pays the Bank $10M.  Two
dice are rolled: equal dice, or red 1-3, fail; red 4, 5 or 6 succeed at 2x, 1x or 0.5x
the GOLDFIX valuation of each owner's assets in that mine.  Each threatened owner, in
order of play, may first counter: pay $10M and roll the black die; if it equals the red,
the takeover has failed.  Otherwise the bidder pays every owner and takes the assets.

A part of ``rules.GoldfixState``, built on the core alone.  Hook it offers (declared on
the core): ``_open_merchant_bank`` (a RISK card).  Hooks it uses: none.
"""

from __future__ import annotations

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import Counter, Nominate
from motherlode.games.goldfix.core import COUNTER, NO_ONE, NOMINATE, OVER, GoldfixCore

_DECLINE = Nominate(None)
_COUNTERS: list[Action] = [Counter(False), Counter(True)]


class MerchantBankRules(GoldfixCore):
    """MERCHANT BANK takeovers."""

    def owns_in(self, seat: int, mine: int) -> bool:
        return self.lease_owner[mine] == seat or self.reports_held(seat, mine) > 0

    def mines_in_play(self, bidder: int) -> list[int]:
        """Mines in which a player other than ``bidder`` owns an asset."""
        return [
            m
            for m in range(len(self.board.mines))
            if any(
                owner not in (NO_ONE, bidder)
                for owner in (
                    self.lease_owner[m],
                    self.report_owner[2 * m],
                    self.report_owner[2 * m + 1],
                )
            )
        ]

    def _open_merchant_bank(self, bidder: int) -> None:
        if not self.mines_in_play(bidder):
            if self.logging:
                self.log(T("MERCHANT BANK: no mine is in play"))
            return
        self.takeover_bidder = bidder
        self._ask(NOMINATE, (bidder,))

    def _legal_nominations(self) -> list[Action]:
        names = self.board.mines
        return [_DECLINE, *(Nominate(names[m]) for m in self.mines_in_play(self.takeover_bidder))]

    def _nominate(self, mine: int) -> None:
        """Pay the $10M fee and roll both dice: the red die decides."""
        bidder = self.takeover_bidder
        if mine == NO_ONE:
            if self.logging:
                self.log(T("{player} makes no takeover bid", player=self.seat_name(bidder)))
            self._idle()
            return
        name = self.board.mines[mine]
        self._pay(bidder, self.params.merchant_bank_fee)
        self._check_bankruptcies()
        if self.phase == OVER or not self.active[bidder]:
            self._idle()
            return
        red, black = self.rng.randint(1, 6), self.rng.randint(1, 6)
        ok = money.takeover_succeeds(red, black)
        if self.logging:
            said = {
                "player": self.seat_name(bidder),
                "fee": self.params.merchant_bank_fee,
                "mine": name,
                "red": red,
                "black": black,
            }
            if ok:
                self.log(
                    T(
                        "MERCHANT BANK: {player} pays ${fee}M to bid for {mine}: red {red}, "
                        "black {black}: takeover successful",
                        **said,
                    )
                )
            else:
                self.log(
                    T(
                        "MERCHANT BANK: {player} pays ${fee}M to bid for {mine}: red {red}, "
                        "black {black}: takeover FAILED",
                        **said,
                    )
                )
        if not ok:
            self._idle()
            return
        self.takeover_mine = mine
        self.takeover_red = red
        self.counter_queue = tuple(
            s for s in self.seats_from(bidder) if s != bidder and self.owns_in(s, mine)
        )
        self._next_counter()

    def _next_counter(self) -> None:
        """Ask the next threatened owner about a counter-takeover, or complete it."""
        self._check_bankruptcies()
        if self.phase == OVER:
            return
        if not self.active[self.takeover_bidder]:
            self._idle()
            return
        mine = self.takeover_mine
        queue = tuple(s for s in self.counter_queue if self.owns_in(s, mine))
        self.counter_queue = queue
        if queue:
            self._ask(COUNTER, (queue[0],))
        else:
            self._complete_takeover()

    def _legal_counters(self) -> list[Action]:
        return list(_COUNTERS)

    def _counter(self, seat: int, challenge: bool) -> None:
        self.counter_queue = self.counter_queue[1:]
        if challenge:
            self._pay(seat, self.params.counter_takeover_fee)
            black = self.rng.randint(1, 6)
            failed = money.counter_takeover_succeeds(self.takeover_red, black)
            if self.logging:
                said = {
                    "player": self.seat_name(seat),
                    "fee": self.params.counter_takeover_fee,
                    "black": black,
                    "red": self.takeover_red,
                }
                if failed:
                    self.log(
                        T(
                            "{player} pays ${fee}M to counter: black {black} against red {red}: "
                            "the takeover has FAILED",
                            **said,
                        )
                    )
                else:
                    self.log(
                        T(
                            "{player} pays ${fee}M to counter: black {black} against red {red}: "
                            "no match",
                            **said,
                        )
                    )
            if failed:
                self._check_bankruptcies()
                self._idle()
                return
        self._next_counter()

    def _complete_takeover(self) -> None:
        """The bidder pays each owner the multiple of its assets' value and takes them."""
        bidder, mine, red = self.takeover_bidder, self.takeover_mine, self.takeover_red
        for owner in self.seats_from(bidder):
            if owner == bidder or not self.owns_in(owner, mine):
                continue
            price = money.takeover_price(self.mine_value(owner, mine), red, self.params)
            self._give_mine_assets(owner, bidder, mine)
            self._transfer(bidder, owner, price)
            if self.logging:
                self.log(
                    T(
                        "{bidder} takes over {owner}'s {mine} assets for ${price}M",
                        bidder=self.seat_name(bidder),
                        owner=self.seat_name(owner),
                        mine=self.board.mines[mine],
                        price=price,
                    )
                )
        self._idle()
