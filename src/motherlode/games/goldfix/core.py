"""The GOLDFIX table: what is on it, money moving through the Bank, and the end of play.

:class:`GoldfixCore` holds the state every rule reads (cash, notes, vaults, mine assets,
decks, the GOLDFIX and the tax rate) and the few ways it changes: payments with
overdraft loans (BANKING; the player whose turn it is may first cover a shortfall by
LIQUIDATION), asset moves, bankruptcy, and the winner.  Each rule of the rulebook lives
in a part built on the core alone (``auctions``, ``markets``, ``merchant``, ``risk``,
``deals``, ``preroll``); ``rules.GoldfixState`` composes them once, with the movement.
No part overrides another's method (``tests/games/goldfix/test_parts.py``).

Where one part's rule starts another part's (a RISK card opens an auction, a HOLD card
sells bullion), the core declares that method as an abstract hook, so that each part
module reads alone and mypy checks the call; the one part that offers it implements it.

Every movement of cash and bullion is counted in a ledger so that tests can check that
the Bank's flows balance: the cash players hold always equals what the Bank paid out less
what it took in, and likewise for bullion and loan notes.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from functools import lru_cache
from typing import TYPE_CHECKING

from motherlode.engine import State
from motherlode.engine.actions import JsonValue
from motherlode.engine.parameters import Parameters
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.components import Board, Effect, RiskCard
from motherlode.games.goldfix.decks import Deck
from motherlode.games.goldfix.options import GoldfixOptions

if TYPE_CHECKING:
    from motherlode.games.goldfix.deals import Deal

# Decision points (``phase``).  IDLE: nobody is asked; the turn carries on by itself.
IDLE = "idle"
PRE_ROLL = "pre-roll"
NEGOTIATE = "negotiate"
RESPOND = "respond"
MOVE = "move"
LOAN = "loan"
BID = "bid"
WANT = "want"
COMMISSION = "commission"
SELL = "sell"
RESHUFFLE = "reshuffle"
DRAW = "draw"
ANSWER = "answer"
NOMINATE = "nominate"
COUNTER = "counter"
COVER = "cover"
OVER = "over"
SIMULTANEOUS = frozenset({BID, WANT, SELL})

# GAMEPLAY DETAILS: the order of play before the dice.
TRADE_STEP = 1
LIQUIDATION_STEP = 2
REPAY_STEP = 3
HEADGEAR_STEP = 4
HOLD_STEP = 5

NO_ONE = -1

mine_figures = lru_cache(maxsize=32)(money.mine_figures)
"""Each mine's production figures, worked out once per board size and parameters."""


class GoldfixCore(State):
    """The shared state of a GOLDFIX game and its money primitives."""

    options: GoldfixOptions
    board: Board
    cards: tuple[RiskCard, ...]
    params: Parameters
    """The design numbers (``data/parameters.toml`` and overrides): plain attributes."""
    figures: money.MineFigures
    """Each mine's own production figures, in board order."""

    # ------------------------------------------------------------------- setup

    def _setup(self) -> None:
        """SETUP / BANKING: $500M and two $250M LOAN NOTES each, GOLDFIX $1,000, tax LOW
        (the rulebook's numbers; the game's are in ``self.params``)."""
        self.components = self.options.load_components()
        self.board = self.components.board
        self.cards = self.components.risk_deck
        self.square_names = tuple(square.name for square in self.board.squares)
        p = self.params = self.options.parameters
        n = self.num_players
        mines = len(self.board.mines)
        self.figures = mine_figures(mines, p)
        self.loan_note: int = p.loan_note
        """A LOAN NOTE's face value (repaid for it, counted against net worth)."""
        self.overdraft_loan: int = money.overdraft_loan(p)
        """Cash paid out for an OVERDRAFT LOAN's note: the note less the fee."""
        self.cash: list[int] = [p.start_cash] * n
        self.notes: list[int] = [p.start_notes] * n
        self.vault = [0] * n
        self.position = [0] * n
        self.circuits = [0] * n
        self.active = [True] * n
        self.final_worth = [0] * n
        self.eliminated: list[int] = []
        self.holds: list[tuple[int, ...]] = [()] * n
        self.lease_owner = [NO_ONE] * mines
        self.headgear = [False] * mines
        self.report_owner = [NO_ONE] * (mines * self.board.drill_reports_per_mine)
        self.lease_deck = Deck.shuffled(list(range(mines)), self.rng)
        self.report_deck = Deck.shuffled(list(range(len(self.report_owner))), self.rng)
        self.risk_deck = Deck.shuffled(list(range(len(self.cards))), self.rng)
        self.goldfix: int = p.goldfix_start
        self.tax = "LOW"
        # the ledger (see the module docstring)
        self.bank_paid: int = p.start_cash * n
        self.bank_took = 0
        self.notes_issued: int = p.start_notes * n
        self.notes_retired = 0
        self.bullion_made = 0
        self.bullion_gone = 0
        # whose turn, and the decision now asked
        self.turn = 0
        self.phase = IDLE
        self.after_cover: tuple[str, tuple[int, ...]] | None = None
        """The decision that waits while the player whose turn it is covers what he owes."""
        self.asked: tuple[int, ...] = ()
        self.step = TRADE_STEP
        self.offers_left = 0
        self.dice: tuple[int, int] | None = None
        self.steps_left = 0
        self.dice_used = 0
        self.winner = NO_ONE
        self.end_reason = ""
        self.time_up = False
        """TIME LIMIT: the table's clock ran out; the game ends with this round."""
        self.deals_proposed = 0
        self.deals_made = 0
        self._setup_context()
        if self.options.effective_quickstart:
            self._quickstart()
        self.log(
            T(
                "GOLDFIX ${goldfix:,}, tax LOW; {players} start on the BANK",
                goldfix=self.goldfix,
                players=", ".join(self.seat_name(s) for s in range(n)),
            )
        )
        self._start_turn(0)

    def _setup_context(self) -> None:
        """The fields of the decisions the parts ask (reset here, set by each rule)."""
        self.deal: Deal | None = None
        self.loan_cash = 0
        self.market_broker = NO_ONE
        self.market_rates: tuple[int, ...] = ()
        self.market_rate = 0
        self.market_drop = 0
        self.market_source = ""
        self.auction_kind = ""
        self.auction_broker = NO_ONE
        self.lots: list[int] = []
        self.lot_limit = 0
        self.auction_wins: tuple[int, ...] = ()
        self.tie_bid = 0
        self.tied: tuple[int, ...] = ()
        self.card = NO_ONE
        self.takeover_bidder = NO_ONE
        self.takeover_mine = NO_ONE
        self.takeover_red = 0
        self.counter_queue: tuple[int, ...] = ()

    def _quickstart(self) -> None:
        """QUICKSTART: each player is dealt a MINE LEASE and its HEADGEAR for $275M."""
        cost = self.params.quickstart_cost
        for seat in range(self.num_players):
            mine = self.lease_deck.draw()
            self.lease_owner[mine] = seat
            self.headgear[mine] = True
            self._pay(seat, cost, forced=True)
            if self.logging:
                self.log(
                    T(
                        "QUICKSTART: {player} gets {mine} (MINE LEASE and HEADGEAR) for ${cost}M",
                        player=self.seat_name(seat),
                        mine=self.board.mines[mine],
                        cost=cost,
                    )
                )

    def clone(self) -> GoldfixCore:
        new = super().clone()
        new.cash = list(self.cash)
        new.notes = list(self.notes)
        new.vault = list(self.vault)
        new.position = list(self.position)
        new.circuits = list(self.circuits)
        new.active = list(self.active)
        new.final_worth = list(self.final_worth)
        new.eliminated = list(self.eliminated)
        new.holds = list(self.holds)
        new.lease_owner = list(self.lease_owner)
        new.headgear = list(self.headgear)
        new.report_owner = list(self.report_owner)
        new.lease_deck = self.lease_deck.copy()
        new.report_deck = self.report_deck.copy()
        new.risk_deck = self.risk_deck.copy()
        new.lots = list(self.lots)
        return new

    def seat_name(self, seat: int) -> str:
        """Players' names when the table gave them, else their cocopan colour (CONTENTS)."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.board.cocopans[seat]

    # ------------------------------------------------------------ decisions

    def _to_act(self) -> tuple[int, ...]:
        return self.asked

    def _is_simultaneous(self) -> bool:
        return self.phase in SIMULTANEOUS

    def _ask(self, phase: str, seats: tuple[int, ...]) -> None:
        """Stop for a decision (nothing is asked once the game is over).  While the player
        whose turn it is owes more than his cash, he covers it first (LIQUIDATION or
        overdrafts): the decision asked here waits until he has."""
        if self.phase == OVER:
            return
        if phase != COVER and self.owes():
            self.after_cover = (phase, seats)
            phase, seats = COVER, (self.turn,)
        self.phase = phase
        self.asked = seats

    def owes(self) -> bool:
        """Whether the player whose turn it is has paid more than his cash and not yet
        chosen how to cover it."""
        return self.cash[self.turn] < 0 and self.active[self.turn]

    def _idle(self) -> None:
        if self.phase != OVER:
            self.phase = IDLE
            self.asked = ()

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.step = TRADE_STEP
        self.offers_left = self.options.trade_offers_per_turn
        self.dice = None
        self.steps_left = 0
        self._ask(PRE_ROLL, (seat,))

    def active_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if self.active[s]]

    def seats_from(self, first: int) -> list[int]:
        """Active seats in order of play, starting with ``first``."""
        n = self.num_players
        return [(first + i) % n for i in range(n) if self.active[(first + i) % n]]

    # ----------------------------------------------------------- money (BANKING)

    def _overdraw(self, seat: int, payment: int) -> None:
        """OVERDRAFT LOAN: $230M ($250M less the $20M fee) per note until cash covers it."""
        loans = money.overdrafts_needed(self.cash[seat], payment, self.params)
        if loans:
            self.notes[seat] += loans
            self.notes_issued += loans
            self.cash[seat] += loans * self.overdraft_loan
            self.bank_paid += loans * self.overdraft_loan
            if self.logging:
                self.log(
                    T(
                        "{player} draws {loans} overdraft loan(s) of ${loan}M ({notes} loan notes)",
                        player=self.seat_name(seat),
                        loans=loans,
                        loan=self.overdraft_loan,
                        notes=self.notes[seat],
                    )
                )

    def overdrafts_needed(self, cash: int, payment: int) -> int:
        """How many OVERDRAFT LOANS a payment of ``payment`` needs on top of ``cash``."""
        return money.overdrafts_needed(cash, payment, self.params)

    def _covers_later(self, seat: int, amount: int, forced: bool) -> bool:
        """Whether ``seat`` chooses how to cover a payment beyond his cash, rather than
        drawing overdrafts at once: "LIQUIDATION sales can be made any time during a
        player's normal turn", so the player whose turn it is may sell to the Bank instead,
        if he has anything to sell.  ``forced``: the rulebook prescribes the overdraft."""
        return (
            not forced
            and seat == self.turn
            and self.options.cover_shortfalls
            and self.phase != OVER
            and self.cash[seat] < amount
            and self.has_tradables(seat)
        )

    def has_tradables(self, seat: int) -> bool:
        """Whether ``seat`` owns a mine asset or bullion (to trade or liquidate)."""
        return seat in self.lease_owner or seat in self.report_owner or self.vault[seat] > 0

    def _pay(self, seat: int, amount: int, *, forced: bool = False) -> None:
        """``seat`` pays the Bank; a shortfall is covered by overdrafts at once, or by the
        player's choice before play goes on (see :meth:`_covers_later`)."""
        if amount <= 0:
            return
        if not self._covers_later(seat, amount, forced):
            self._overdraw(seat, amount)
        self.cash[seat] -= amount
        self.bank_took += amount

    def _receive(self, seat: int, amount: int) -> None:
        """The Bank pays ``seat`` (nothing is paid to a bankrupt player)."""
        if amount <= 0 or not self.active[seat]:
            return
        self.cash[seat] += amount
        self.bank_paid += amount
        self._check_winner(seat)

    def _transfer(self, payer: int, payee: int, amount: int, *, forced: bool = False) -> None:
        """``payer`` pays ``payee`` (a shortfall covered as in :meth:`_pay`); a bankrupt
        payee's share goes to the Bank."""
        if amount <= 0 or payer == payee:
            return
        if not self._covers_later(payer, amount, forced):
            self._overdraw(payer, amount)
        self.cash[payer] -= amount
        if self.active[payee]:
            self.cash[payee] += amount
            self._check_winner(payee)
        else:
            self.bank_took += amount

    def _add_bullion(self, seat: int, koz: int) -> None:
        """Bullion from the Bank (production, bonuses, cards) into the vault."""
        if koz > 0 and self.active[seat]:
            self.vault[seat] += koz
            self.bullion_made += koz

    def _remove_bullion(self, seat: int, koz: int) -> int:
        """Bullion leaves the vault (sold, lost or taken); at most what is there."""
        koz = min(koz, self.vault[seat])
        self.vault[seat] -= koz
        self.bullion_gone += koz
        return koz

    def _retire_note(self, seat: int, price: int) -> None:
        """Repay one LOAN NOTE for ``price`` from cash (the caller checked the cash)."""
        self.cash[seat] -= price
        self.bank_took += price
        self.notes[seat] -= 1
        self.notes_retired += 1
        self._check_winner(seat)

    def tax_percent(self) -> int:
        return money.tax_percent(self.tax, self.params)

    def interest_percent(self) -> int:
        """COMPONENTS.md: the tax rate, unless the ``loan_interest`` option fixes one."""
        return self.options.loan_interest or self.tax_percent()

    # ----------------------------------------------------------- mine assets

    def producer(self, mine: int) -> int:
        """The seat whose mine is in production (MINE LEASE and HEADGEAR), or -1."""
        return self.lease_owner[mine] if self.headgear[mine] else NO_ONE

    def reports_held(self, seat: int, mine: int) -> int:
        """DRILL REPORTS of ``mine`` that ``seat`` owns (they match its MINE LEASE)."""
        first = mine * 2
        return (self.report_owner[first] == seat) + (self.report_owner[first + 1] == seat)

    def report_mines(self, seat: int) -> list[int]:
        """The mines of which ``seat`` owns at least one DRILL REPORT, in mine order."""
        out: list[int] = []
        for card, owner in enumerate(self.report_owner):
            if owner == seat and (not out or out[-1] != card // 2):
                out.append(card // 2)
        return out

    def report_card(self, seat: int, mine: int) -> int:
        """A DRILL REPORT card of ``mine`` owned by ``seat``, or -1."""
        first = mine * 2
        if self.report_owner[first] == seat:
            return first
        if self.report_owner[first + 1] == seat:
            return first + 1
        return NO_ONE

    def holdings(self, seat: int) -> tuple[int, int, int]:
        """(MINE LEASES, HEADGEARS, DRILL REPORTS) that ``seat`` owns."""
        leases = headgears = 0
        for mine, owner in enumerate(self.lease_owner):
            if owner == seat:
                leases += 1
                headgears += self.headgear[mine]
        return leases, headgears, self.report_owner.count(seat)

    def asset_values(self) -> list[int]:
        """Every seat's mine assets at their GOLDFIX valuation, in one pass over the mines
        (what the DASHBOARD's net worth column needs for all players at once)."""
        prices = money.asset_prices(self.goldfix, self.params)
        value = [0] * self.num_players
        for m, owner in enumerate(self.lease_owner):
            if owner >= 0:
                value[owner] += prices.mine_lease + (prices.headgear if self.headgear[m] else 0)
        for owner in self.report_owner:
            if owner >= 0:
                value[owner] += prices.drill_report
        return value

    def asset_value(self, seat: int) -> int:
        """GOLDFIX valuation of every MINE LEASE, HEADGEAR and DRILL REPORT owned."""
        return money.asset_valuation(self.goldfix, *self.holdings(seat), p=self.params)

    def mine_value(self, seat: int, mine: int) -> int:
        """GOLDFIX valuation of ``seat``'s assets in one mine (the MERCHANT BANK's basis)."""
        leases = self.lease_owner[mine] == seat
        return money.asset_valuation(
            self.goldfix,
            leases,
            leases and self.headgear[mine],
            self.reports_held(seat, mine),
            p=self.params,
        )

    def producing_mines(self, seat: int) -> int:
        return sum(
            1 for m, owner in enumerate(self.lease_owner) if owner == seat and self.headgear[m]
        )

    def net_worth(self, seat: int) -> int:
        """CASH + MINE ASSETS + BULLION − # LOAN NOTE × 250 (TIME / CIRCUIT LIMIT)."""
        if not self.active[seat]:
            return self.final_worth[seat]
        return money.net_worth(
            self.cash[seat],
            self.asset_value(seat),
            money.bullion_value(self.vault[seat], self.goldfix),
            self.notes[seat],
            self.params,
        )

    def _return_lease(self, mine: int) -> None:
        """A MINE LEASE goes back to the Bank (bottom of its deck), its HEADGEAR too."""
        self.lease_owner[mine] = NO_ONE
        self.headgear[mine] = False
        self.lease_deck.to_bottom(mine)

    def _return_report(self, card: int) -> None:
        self.report_owner[card] = NO_ONE
        self.report_deck.to_bottom(card)

    def _give_mine_assets(self, seller: int, buyer: int, mine: int) -> None:
        """Every asset ``seller`` owns in ``mine`` passes to ``buyer``."""
        if self.lease_owner[mine] == seller:
            self.lease_owner[mine] = buyer
        first = mine * 2
        for card in (first, first + 1):
            if self.report_owner[card] == seller:
                self.report_owner[card] = buyer

    # ---------------------------------------------------- bankruptcy and the end

    def _check_bankruptcies(self) -> None:
        """BANKRUPT: seven LOAN NOTES and a player exits the game."""
        bankrupt = self.params.bankrupt_notes
        if max(self.notes) < bankrupt:
            return
        for seat in range(self.num_players):
            if self.active[seat] and self.notes[seat] >= bankrupt:
                self._go_bankrupt(seat)

    def _go_bankrupt(self, seat: int) -> None:
        self.final_worth[seat] = self.net_worth(seat)
        if self.logging:
            self.log(
                T(
                    "{player} has {notes} LOAN NOTES: BANKRUPT!!",
                    player=self.seat_name(seat),
                    notes=self.notes[seat],
                )
            )
        self.active[seat] = False
        self.eliminated.append(seat)
        self.bank_took += self.cash[seat]
        self.cash[seat] = 0
        self.bullion_gone += self.vault[seat]
        self.vault[seat] = 0
        self.notes_retired += self.notes[seat]
        self.notes[seat] = 0
        for mine, owner in enumerate(self.lease_owner):
            if owner == seat:
                self._return_lease(mine)
        for card, owner in enumerate(self.report_owner):
            if owner == seat:
                self._return_report(card)
        for card in self.holds[seat]:
            self.risk_deck.to_bottom(card)
        self.holds[seat] = ()
        self.position[seat] = NO_ONE
        left = self.active_seats()
        if len(left) <= 1:
            if left:
                self.winner = left[0]
            self._finish(T("every other player is bankrupt"))

    def _check_winner(self, seat: int) -> None:
        """WINNER: the first to hold the target cash with every LOAN NOTE repaid."""
        if self.phase != OVER and self.notes[seat] == 0 and self.cash[seat] >= self.options.winner:
            self.winner = seat
            self._finish(
                T(
                    "{player} has ${cash:,}M and no loan notes",
                    player=self.seat_name(seat),
                    cash=self.cash[seat],
                )
            )

    def _finish(self, reason: str | T) -> None:
        """The game ends: ``end_reason`` keeps the reason in English (the view's ``end``),
        the log in every language."""
        if self.phase == OVER:
            return
        if self.owes():  # the game ends before he chose how to cover it: overdrafts
            self._overdraw(self.turn, 0)
        self.after_cover = None
        self.phase = OVER
        self.asked = ()
        self.steps_left = 0
        self.end_reason = str(reason)
        deck = self.lease_deck if self.auction_kind == "ML" else self.report_deck
        for card in self.lots:  # lots still up for auction go back to the Bank
            deck.to_bottom(card)
        self.lots = []
        if self.logging:
            if self.winner >= 0:
                self.log(
                    T(
                        "Game over ({reason}): {player} wins",
                        reason=reason,
                        player=self.seat_name(self.winner),
                    )
                )
            else:
                order = ", ".join(
                    f"{self.seat_name(s)} {money.dollars(self.net_worth(s))}"
                    for group in self.ranking()
                    for s in group
                )
                self.log(
                    T(
                        "Game over ({reason}); ranked by net worth: {order}",
                        reason=reason,
                        order=order,
                    )
                )

    def scores(self) -> tuple[float, ...]:
        """Net worth in $M (frozen at the moment of bankruptcy for a bankrupt player)."""
        return tuple(float(self.net_worth(s)) for s in range(self.num_players))

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The WINNER first; then players still in by net worth; then the bankrupt, the
        last to fall first.  (Overridden because a WINNER need not have the highest net
        worth: the target is cash with no notes.)"""
        worth = {s: self.net_worth(s) for s in range(self.num_players)}
        groups: list[list[int]] = []
        if self.winner >= 0:
            groups.append([self.winner])
        survivors = sorted(
            (s for s in range(self.num_players) if self.active[s] and s != self.winner),
            key=lambda s: worth[s],
            reverse=True,
        )
        for seat in survivors:
            if groups and groups[-1][0] != self.winner and worth[groups[-1][0]] == worth[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        groups.extend([s] for s in reversed(self.eliminated))
        return tuple(tuple(g) for g in groups)

    # ----------------------------------------------------------- what is seen

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Only the order of the decks' unknown parts is hidden in GOLDFIX: every
        player's cash, notes, vault, assets and HOLD cards are on the DASHBOARD or face
        up, and drawn RISK cards and auction lots are shown to all."""
        self._redraw_unseen(rng)

    def _redraw_unseen(self, rng: random.Random) -> None:
        """The decks' unknown parts are hidden from every seat alike."""
        self.lease_deck.redraw(rng)
        self.report_deck.redraw(rng)
        self.risk_deck.redraw(rng)

    def ledger(self) -> dict[str, JsonValue]:
        """The Bank's books (tests check that they balance)."""
        return {
            "bank_paid": self.bank_paid,
            "bank_took": self.bank_took,
            "notes_issued": self.notes_issued,
            "notes_retired": self.notes_retired,
            "bullion_made": self.bullion_made,
            "bullion_gone": self.bullion_gone,
        }

    # ------------------------------------------- hooks: one part calls another

    @abstractmethod
    def _open_auction(self, kind: str, broker: int) -> None:
        """``auctions``: a MINE LEASE or DRILL REPORT auction (a RISK card)."""

    @abstractmethod
    def _open_market(self, broker: int, source: str, rates: tuple[int, ...], drop: int) -> None:
        """``markets``: a bullion sale brokered by ``broker`` (a RISK broker card)."""

    @abstractmethod
    def _pay_bullion_tax(self, seat: int, percent: int, what: str | T) -> None:
        """``markets``: BULLION TAX (a RISK interim tax card)."""

    @abstractmethod
    def _pay_corporation_tax(self, seat: int, percent: int, what: str | T) -> None:
        """``markets``: CORPORATION TAX (a RISK interim tax card)."""

    @abstractmethod
    def _toggle_tax(self) -> None:
        """``markets``: TAX BUDGET DAY (a RISK card)."""

    @abstractmethod
    def _goldfix_up(self) -> None:
        """``markets``: the GOLDFIX rises (a RISK card)."""

    @abstractmethod
    def _flash_sale(self, seat: int, deal: str, amount: int) -> None:
        """``markets``: a FLASH SALE with the Bank (a HOLD card played before the roll)."""

    @abstractmethod
    def _open_merchant_bank(self, bidder: int) -> None:
        """``merchant``: a MERCHANT BANK takeover bid (a RISK card)."""

    @abstractmethod
    def held_card(self, seat: int, kind: str, card_id: str = "") -> int:
        """``risk``: the number of a HOLD card of ``kind`` that ``seat`` holds, or -1."""

    @abstractmethod
    def _spend_hold(self, seat: int, number: int) -> None:
        """``risk``: a HOLD card has been used (pre-roll step 5, LIQUIDATION)."""

    @abstractmethod
    def _apply_effects(self, seat: int, effects: tuple[Effect, ...]) -> None:
        """``risk``: a business scenario's effects (a HOLD scenario card played)."""

    @abstractmethod
    def _open_deal(self, seat: int, partner: int) -> None:
        """``deals``: a negotiation with ``partner`` (pre-roll step 1)."""

    @abstractmethod
    def _back_to_pre_roll(self) -> None:
        """``deals``: after a step (1)-(5) action, on with the turn."""

    @abstractmethod
    def asset_worth(self, seat: int, kind: str, which: int) -> int:
        """``deals``: GOLDFIX valuation of one asset (what a LIQUIDATION discounts)."""
