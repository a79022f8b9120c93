"""GOLDFIX: the state of a game, the dice and the squares, and the engine's hooks.

The rules are split by rulebook section into parts, each built on ``core.GoldfixCore``
alone: ``auctions`` (MINE ASSET AUCTIONS), ``markets`` (BULLION MARKET, TAXES, FLASH
SALE), ``merchant`` (MERCHANT BANK), ``risk`` (RISK), ``deals`` (GAMEPLAY DETAILS step 1:
deals between players), ``preroll`` (the rest of steps 1-5).  :class:`GoldfixState`
composes them once; no part overrides another, so their order changes nothing, and where
one part calls another it goes through a hook the core declares.
This module adds step (6), the DICE ROLL and the squares passed and landed on "strictly in
order of play", with step (7), BULLION PRODUCTION, as each mine is passed; and it answers
the engine: who is asked, what is legal (and why not), what each seat sees.
"""

from __future__ import annotations

from motherlode.engine import Action
from motherlode.engine.actions import JsonValue
from motherlode.engine.parameters import Parameters
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    BID_AMOUNTS,
    MAX_BID,
    TRADE_PRICE_PERCENTS,
    Answer,
    Bid,
    BuyHeadgear,
    Commission,
    Counter,
    CounterOffer,
    Draw,
    FlashSale,
    Get,
    Give,
    Liquidate,
    Loan,
    Move,
    Negotiate,
    Nominate,
    Offer,
    Overdraft,
    Pass,
    PlayHold,
    Propose,
    Repay,
    Reshuffle,
    Respond,
    Roll,
    Sell,
    TimeUp,
    Withdraw,
)
from motherlode.games.goldfix.auctions import ASSET_NAMES, LEASE, REPORT, AuctionRules
from motherlode.games.goldfix.components import Square
from motherlode.games.goldfix.core import (
    ANSWER,
    BID,
    COMMISSION,
    COUNTER,
    COVER,
    DRAW,
    HEADGEAR_STEP,
    HOLD_STEP,
    IDLE,
    LOAN,
    MOVE,
    NEGOTIATE,
    NO_ONE,
    NOMINATE,
    OVER,
    PRE_ROLL,
    REPAY_STEP,
    RESHUFFLE,
    RESPOND,
    SELL,
    TRADE_STEP,
    WANT,
    GoldfixCore,
)
from motherlode.games.goldfix.deals import (
    BULLION_ASSET,
    HEADGEAR_ASSET,
    LEASE_ASSET,
    REPORT_ASSET,
    DealRules,
)
from motherlode.games.goldfix.lists import either
from motherlode.games.goldfix.markets import BullionMarketRules
from motherlode.games.goldfix.merchant import MerchantBankRules
from motherlode.games.goldfix.preroll import PreRollRules
from motherlode.games.goldfix.risk import RiskRules

_LOANS: list[Action] = [Loan(False), Loan(True)]
_OVERDRAFT = Overdraft()
_TIME_UP = TimeUp()


_PRE_ROLL_TYPES = (Negotiate, Liquidate, Repay, BuyHeadgear, FlashSale, PlayHold, Roll)
PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    PRE_ROLL: _PRE_ROLL_TYPES,
    NEGOTIATE: (Give, Get, Propose, Offer, Withdraw),
    RESPOND: (Respond, CounterOffer),
    MOVE: (Move,),
    LOAN: (Loan,),
    BID: (Bid, Pass),
    WANT: (Bid, Pass),
    COMMISSION: (Commission,),
    SELL: (Sell,),
    RESHUFFLE: (Reshuffle,),
    DRAW: (Draw,),
    ANSWER: (Answer,),
    NOMINATE: (Nominate,),
    COUNTER: (Counter,),
    COVER: (Liquidate, Overdraft),
}
STEP_NAMES = {
    TRADE_STEP: T("(1) trading with other players"),
    REPAY_STEP: T("(3) repaying loan notes"),
    HEADGEAR_STEP: T("(4) buying headgear"),
    HOLD_STEP: T("(5) playing HOLD cards"),
}
_LATER_STEP = T("a later step")
_ONE_WAY = {
    "cash": T("cash goes one way in a deal: take it off the other side first"),
    "bullion": T("bullion goes one way in a deal: take it off the other side first"),
    "notes": T("notes goes one way in a deal: take it off the other side first"),
}
"""Why an amount cannot be added on both sides of a deal, by the item."""


def describe_rates(rates: tuple[int, ...]) -> str | T:
    """``1% to 20%`` for a run of whole percents, ``0% or 25%`` for a pair."""
    if len(rates) > 2 and list(rates) == list(range(rates[0], rates[-1] + 1)):
        return T("any whole % from {low}% to {high}%", low=rates[0], high=rates[-1])
    words = [f"{r}%" for r in rates]
    if len(words) == 1:
        return words[0]
    return T("{first} or {second}", first=", ".join(words[:-1]), second=words[-1])


def design_numbers(p: Parameters) -> dict[str, JsonValue]:
    """The design numbers a board or a terminal prints (the loan note, the whole price
    table, the tax rates, the corner): a designer's variant shows its own, not the
    rulebook's.  The same all game, so encoders skip them."""
    return {
        "loan_note": p.loan_note,
        "overdraft_loan": money.overdraft_loan(p),
        "price_table": [
            [row.goldfix, row.mine_lease, row.headgear, row.drill_report]
            for row in (money.asset_prices(gf, p) for gf in money.GOLDFIX_LADDER)
        ],
        "tax_rates": {"LOW": p.tax_rates[0], "HIGH": p.tax_rates[1]},
        "goldfix_rise": p.goldfix_rise,
        "corner_commission": p.goldfix_corner_commission,
        "corner_drop": p.goldfix_corner_drop,
    }


class GoldfixState(
    PreRollRules,
    DealRules,
    RiskRules,
    MerchantBankRules,
    BullionMarketRules,
    AuctionRules,
    GoldfixCore,
):
    """A game of GOLDFIX for 3-6 players."""

    # --------------------------------------------------- (6) DICE ROLL and squares

    def _roll(self, seat: int) -> None:
        """DICE ROLL: two dice; the player moves by either one or by their sum."""
        self.dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self._ask(MOVE, (seat,))

    def move_choices(self) -> list[int]:
        assert self.dice is not None
        a, b = self.dice
        return sorted({a, b, a + b})

    def _move(self, steps: int) -> None:
        self.dice_used = steps
        self.steps_left = steps
        if self.logging and self.dice is not None:
            seat = self.turn
            square = self.board.squares[(self.position[seat] + steps) % self.board.size]
            self.log(
                T(
                    "{player} rolls {first} and {second}, moves {steps} to {square}",
                    player=self.seat_name(seat),
                    first=self.dice[0],
                    second=self.dice[1],
                    steps=steps,
                    square=square.name,
                )
            )
        self._idle()

    def _continue(self) -> None:
        """Carry the turn on, square by square, until someone must decide."""
        while self.phase == IDLE:
            self._check_bankruptcies()
            if self.phase != IDLE:
                return
            if self.owes():
                self._ask(COVER, (self.turn,))
                return
            if self.steps_left and self.active[self.turn]:
                self._step()
            else:
                self._end_turn()

    def _step(self) -> None:
        """Apply each square passed, then the one landed on, strictly in order."""
        seat = self.turn
        where = (self.position[seat] + 1) % self.board.size
        self.position[seat] = where
        self.steps_left -= 1
        square = self.board.squares[where]
        if self.steps_left:
            self._pass(seat, square)
        else:
            self._land(seat, square)

    def _pass(self, seat: int, square: Square) -> None:
        kind = square.kind
        if kind == "mine":
            if self.producer(square.mine) == seat:
                self._produce(seat, square.mine, 0)
        elif kind == "bank":
            self._visit_bank(seat, landed=False)
        elif kind == "bullion_tax":
            self._pay_bullion_tax(seat, self.tax_percent(), "BULLION TAX")
        elif kind == "corporation_tax":
            self._pay_corporation_tax(seat, self.tax_percent(), "CORPORATION TAX")

    def _land(self, seat: int, square: Square) -> None:
        kind = square.kind
        if kind == "mine":
            owner = self.producer(square.mine)
            if owner == seat:
                self._produce(seat, square.mine, self.figures.landing_bonus[square.mine])
            elif owner != NO_ONE:
                bonus = self.figures.opponent_bonus[square.mine]
                self._add_bullion(owner, bonus)
                if self.logging:
                    self.log(
                        T(
                            "{player} gets a {bonus} kOz BONUS from the Bank",
                            player=self.seat_name(owner),
                            bonus=bonus,
                        )
                    )
        elif kind == "bank":
            self._visit_bank(seat, landed=True)
        elif kind == "goldfix":
            self._goldfix_up()
        elif kind == "mine_lease_auction":
            self._open_auction(LEASE, seat)
        elif kind == "drill_report_auction":
            self._open_auction(REPORT, seat)
        elif kind == "risk":
            self._land_on_risk()
        elif kind == "bullion_tax":
            self._pay_bullion_tax(seat, self.tax_percent(), "BULLION TAX")
        elif kind == "corporation_tax":
            self._pay_corporation_tax(seat, self.tax_percent(), "CORPORATION TAX")
        elif kind == "bullion_market":
            self._open_market(
                seat, "BULLION MARKET", self.square_rates(False), self.params.bullion_market_drop
            )
        elif kind == "goldfix_corner":
            self._open_market(
                seat, "GOLDFIX CORNER", self.square_rates(True), self.params.goldfix_corner_drop
            )
        elif kind == "tax_budget_day":
            self._toggle_tax()
        elif kind == "merchant_bank":
            self._open_merchant_bank(seat)

    def _produce(self, seat: int, mine: int, bonus: int) -> None:
        """BULLION PRODUCTION: by the dice value used and the matching DRILL REPORTS, from
        the mine's own figures (the production table, as a % of it)."""
        koz = self.figures.output[mine][self.reports_held(seat, mine)][self.dice_used] + bonus
        self._add_bullion(seat, koz)
        if self.logging:
            player, name = self.seat_name(seat), self.board.mines[mine]
            if bonus:
                self.log(
                    T(
                        "{player} collects {koz} kOz from {mine} (with the {bonus} kOz BONUS)",
                        player=player,
                        koz=koz,
                        mine=name,
                        bonus=bonus,
                    )
                )
            else:
                self.log(
                    T("{player} collects {koz} kOz from {mine}", player=player, koz=koz, mine=name)
                )

    def _visit_bank(self, seat: int, *, landed: bool) -> None:
        """BANK: interest on every note first, then the choice of a new loan."""
        self.circuits[seat] += 1
        interest = money.loan_interest(self.notes[seat], self.interest_percent(), self.params)
        if interest:
            if self.logging:
                self.log(
                    T(
                        "{player} pays ${interest}M interest on {notes} LOAN NOTE(s)",
                        player=self.seat_name(seat),
                        interest=interest,
                        notes=self.notes[seat],
                    )
                )
            # "If a player does not have enough cash to pay the annual interest he must
            # first take a $230M OVERDRAFT LOAN"
            self._pay(seat, interest, forced=True)
        p = self.params
        if self.notes[seat] < p.max_notes:
            self.loan_cash = p.discount_loan if landed else p.annual_loan
            self._ask(LOAN, (seat,))

    def _take_loan(self, seat: int, take: bool) -> None:
        if take:
            self.notes[seat] += 1
            self.notes_issued += 1
            what = "DISCOUNT" if self.loan_cash == self.params.discount_loan else "ANNUAL"
            if self.logging:
                self.log(
                    T(
                        "{player} takes the ${amount}M {loan} LOAN",
                        player=self.seat_name(seat),
                        amount=self.loan_cash,
                        loan=what,
                    )
                )
            self._receive(seat, self.loan_cash)
        self._idle()

    def _cover(self, seat: int, action: Action) -> None:
        """A payment beyond cash, covered as the player chooses: each liquidation is one
        sale to the Bank; ``overdraft`` draws the loans for all that is still owed.  Then
        the decision that waited is asked (or play goes on)."""
        if isinstance(action, Liquidate):
            self._liquidate(seat, action)
        else:
            self._overdraw(seat, 0)
            self._check_bankruptcies()  # a seventh note: he exits, and his turn ends
        if self.phase == OVER or self.owes():
            return
        waiting, self.after_cover = self.after_cover, None
        seats = () if waiting is None else tuple(s for s in waiting[1] if self.active[s])
        if waiting is not None and seats:
            self._ask(waiting[0], seats)
        else:
            self._idle()

    def _end_turn(self) -> None:
        """Next player in order; the TIME / CIRCUIT LIMIT ends the game after a round."""
        following = self.seats_from((self.turn + 1) % self.num_players)[0]
        if self.time_up and following <= self.turn:
            self._finish(
                T("the {minutes}-minute time limit is up", minutes=self.options.time_limit)
            )
            return
        limit = self.options.circuit_limit
        if (
            limit
            and following <= self.turn
            and max(self.circuits[s] for s in self.active_seats()) >= limit
        ):
            self._finish(T("the {limit}-circuit limit is reached", limit=limit))
            return
        self._start_turn(following)

    # ------------------------------------------------------------ engine hooks

    def timeout_action(self, seat: int) -> Action | None:
        """TIMED AUCTIONS: a player who has not bid when the time runs out passes; a seller
        who has not chosen at a bullion market sells nothing."""
        if self.phase in (BID, WANT):
            return Pass()
        if self.phase == SELL:
            return Sell(0)
        return None

    def game_minutes(self) -> int | None:
        return self.options.time_limit or None

    def time_is_up(self) -> bool:
        return self.time_up

    def is_table_move(self, action: Action) -> bool:
        return isinstance(action, TimeUp)

    def time_up_action(self) -> Action | None:
        if (
            self.options.time_limit
            and not self.time_up
            and self.phase not in (OVER, IDLE)
            and not self._is_simultaneous()
        ):
            return _TIME_UP
        return None

    def _time_runs_out(self) -> None:
        """TIME LIMIT: "the round is finished" - play on to the end of the round (the turn of
        the last seat in order), then rank by net worth; the decision now asked stays."""
        self.time_up = True
        if self.logging:
            self.log(
                T(
                    "The {minutes}-minute time limit is up: this round is the last",
                    minutes=self.options.time_limit,
                )
            )

    def rules_clock(self) -> int | None:
        """TIMED AUCTIONS: "Players have 20/30 seconds to place their bid tokens" - the
        sealed bids (and re-bids) of the timed-auctions version, nothing else."""
        if self.phase == BID and self.options.timed_auctions:
            return self.options.auction_timer
        return None

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PRE_ROLL:
            return self._legal_pre_roll(seat)
        if phase == BID:
            return self._legal_bids()
        if phase == SELL:
            return self._legal_sells()
        if phase == MOVE:
            return [Move(n) for n in self.move_choices()]
        if phase == LOAN:
            return list(_LOANS)
        if phase == NEGOTIATE:
            return self._legal_drafting(seat)
        if phase == RESPOND:
            return self._legal_responses()
        if phase == WANT:
            return self._legal_want()
        if phase == COMMISSION:
            return self._legal_commissions()
        if phase in (RESHUFFLE, DRAW):
            return self._legal_yes_no()
        if phase == ANSWER:
            return self._legal_answers(seat)
        if phase == NOMINATE:
            return self._legal_nominations()
        if phase == COUNTER:
            return self._legal_counters()
        if phase == COVER:
            return [*self._legal_liquidations(seat), _OVERDRAFT]
        return []

    def _play(self, seat: int, action: Action) -> None:
        if isinstance(action, TimeUp):
            self._time_runs_out()
            return
        if isinstance(action, Roll):
            self._roll(seat)
        elif isinstance(action, Move):
            self._move(action.steps)
        elif isinstance(action, Loan):
            self._take_loan(seat, action.take)
        elif isinstance(action, Give | Get):
            self._edit_deal(action)
        elif isinstance(action, Propose):
            self._propose()
        elif isinstance(action, Offer):
            self._offer(action)
        elif isinstance(action, Respond):
            self._respond(seat, action.accept)
        elif isinstance(action, CounterOffer):
            self._counter_offer()
        elif isinstance(action, Withdraw):
            self._withdraw()
        elif isinstance(action, Commission):
            self._set_commission(action.percent)
        elif isinstance(action, Reshuffle):
            self._reshuffle(action.yes)
        elif isinstance(action, Draw):
            self._draw(action.yes)
        elif isinstance(action, Answer):
            self._answer(seat, action.yes)
        elif isinstance(action, Nominate):
            mine = NO_ONE if action.mine is None else self.board.mine_number(action.mine)
            self._nominate(mine)
        elif isinstance(action, Counter):
            self._counter(seat, action.yes)
        elif self.phase == COVER:
            self._cover(seat, action)
        else:
            self._play_pre_roll(seat, action)
        self._continue()

    def _resolve(self, actions: dict[int, Action]) -> None:
        phase = self.phase
        if phase == BID:
            self._resolve_bids(actions)
        elif phase == WANT:
            self._resolve_wants(actions)
        else:
            self._resolve_sales(actions)
        self._continue()

    # ----------------------------------------------------------- why not legal

    def _illegal_reason(self, seat: int, action: Action) -> T | None:
        """Why ``action`` is refused, in words a page can show in its language (the
        engine's ``check`` raises IllegalAction with them; ``str()`` is the English)."""
        if isinstance(action, TimeUp):
            if self.time_up_action() is not None:
                return None
            if not self.options.time_limit:
                return T("this game has no time limit")
            if self.time_up:
                return T("the time limit is already up")
            return T("the time limit ends a game between decisions, not during a secret one")
        if action in self._legal(seat):
            return None
        expected = PHASE_ACTIONS.get(self.phase, ())
        if not isinstance(action, expected):
            return T(
                "{action} is not possible now: {decision}",
                action=str(action),
                decision=self.decision_words(),
            )
        return self._explain(seat, action)

    def describe_decision(self) -> str:
        """What the asked player(s) must decide now, in English (the view's ``text``)."""
        return str(self.decision_words())

    def decision_words(self) -> T:
        """What the asked player(s) must decide now, in words for every language."""
        who = ", ".join(self.seat_name(s) for s in self.asked) or T("nobody")
        phase = self.phase
        if phase == PRE_ROLL:
            return T(
                "{who} may trade, liquidate, repay, buy headgear, play HOLD cards or roll", who=who
            )
        if phase == NEGOTIATE and self.deal is not None:
            return T(
                "{who} drafts a deal with {partner}: {deal}; then propose (or withdraw)",
                who=who,
                partner=self.seat_name(self.deal.partner),
                deal=self.deal_words(self.deal),
            )
        if phase == RESPOND and self.deal is not None:
            drafter = self.seat_name(self.deal.drafter)
            deal = self.deal_words(self.deal)
            if self.deal.proposals < self.options.deal_rounds:
                return T(
                    "{who} accepts, declines or counters {drafter}'s proposal: {deal}",
                    who=who,
                    drafter=drafter,
                    deal=deal,
                )
            return T(
                "{who} accepts, declines {drafter}'s proposal: {deal}",
                who=who,
                drafter=drafter,
                deal=deal,
            )
        if phase == MOVE:
            choices = either([str(n) for n in self.move_choices()])
            return T("{who} moves {choices}", who=who, choices=choices)
        if phase == LOAN:
            return T(
                "{who} takes the ${amount}M loan or not (loan yes / loan no)",
                who=who,
                amount=self.loan_cash,
            )
        if phase == BID:
            return T("{who} bid on the {lot} or pass", who=who, lot=self.lot_name(self.lots[0]))
        if phase == WANT:
            return T(
                "{who} want a {asset} at ${price}M or pass",
                who=who,
                asset=ASSET_NAMES[self.auction_kind],
                price=self.minimum_bid(),
            )
        if phase == COMMISSION:
            return T(
                "{who} sets the broker's commission ({rates})",
                who=who,
                rates=describe_rates(self.market_rates),
            )
        if phase == COVER:
            return T(
                "{who} owes ${owed}M more than his cash: liquidate to the Bank or draw "
                "overdraft loans",
                who=who,
                owed=-self.cash[self.turn],
            )
        if phase == SELL:
            return T("{who} choose how much bullion to sell (sell 0/25/50/75/100)", who=who)
        if phase == RESHUFFLE:
            return T("{who} may reshuffle the RISK deck (reshuffle yes / no)", who=who)
        if phase == DRAW:
            return T("{who} draws a RISK card or not (draw yes / no)", who=who)
        if phase == ANSWER:
            question = T(self.cards[self.card].question)
            return T("{who} answers the RISK card: {question}", who=who, question=question)
        if phase == NOMINATE:
            return T(
                "{who} nominates a mine for a MERCHANT BANK takeover (or 'nominate -')", who=who
            )
        if phase == COUNTER:
            return T(
                "{who} may counter the takeover of {mine}",
                who=who,
                mine=self.board.mines[self.takeover_mine],
            )
        return T("the game is over")

    def _explain(self, seat: int, action: Action) -> T:
        """A precise reason for an action of the right kind that is still not allowed."""
        if isinstance(action, Negotiate):
            return self._explain_negotiate(seat, action)
        if isinstance(action, Offer):
            return self._explain_offer(seat, action)
        if isinstance(action, Give | Get | Propose | CounterOffer):
            return self._explain_deal(seat, action)
        if isinstance(action, Liquidate):
            return self._explain_liquidate(seat, action)
        if isinstance(action, Repay):
            if self.step > REPAY_STEP:
                return self._too_late(REPAY_STEP)
            if not self.notes[seat]:
                return T("you have no LOAN NOTES to repay")
            return T(
                "repaying a note takes {note} cash; you have ${cash}M",
                note=money.dollars(self.params.loan_note),
                cash=self.cash[seat],
            )
        if isinstance(action, BuyHeadgear):
            mine = self.board.mine_number(action.mine)
            if mine == NO_ONE:
                return self._no_such_mine(action.mine)
            if self.step > HEADGEAR_STEP:
                return self._too_late(HEADGEAR_STEP)
            if self.lease_owner[mine] != seat:
                return T("you must own the {mine} MINE LEASE to buy its HEADGEAR", mine=action.mine)
            return T("{mine} already has its HEADGEAR (one per MINE LEASE)", mine=action.mine)
        if isinstance(action, FlashSale | PlayHold):
            if self.step > HOLD_STEP:
                return self._too_late(HOLD_STEP)
            if isinstance(action, PlayHold):
                return T("you hold no {card!r} HOLD card to play", card=action.card)
            if self.held_card(seat, "flash_sale") == NO_ONE:
                return T("you hold no FLASH SALE card")
            if action.deal == "sell" and not self.vault[seat]:
                return T("your vault is empty: there is nothing to sell")
            return T("a FLASH SALE sells 25, 50, 75 or 100 (% of the vault) or buys 50 or 100 kOz")
        if isinstance(action, Move) and self.dice is not None:
            return T(
                "you rolled {first} and {second}: move {choices}",
                first=self.dice[0],
                second=self.dice[1],
                choices=either([str(n) for n in self.move_choices()]),
            )
        if isinstance(action, Bid):
            return self._explain_bid(action)
        if isinstance(action, Commission):
            return T("the commission here is {rates}", rates=describe_rates(self.market_rates))
        if isinstance(action, Sell):
            return T("sell 0, 25, 50, 75 or 100 (% of your vault)")
        if isinstance(action, Answer):
            return T("you cannot answer YES: you need a LOAN NOTE and the cash to repay it")
        if isinstance(action, Nominate):
            if action.mine is not None and self.board.mine_number(action.mine) == NO_ONE:
                return self._no_such_mine(action.mine)
            return T(
                "{mine} is not in play: no other player owns any of its assets", mine=action.mine
            )
        return T(
            "{action} is not a legal action for {player} now",
            action=str(action),
            player=self.seat_name(seat),
        )

    def _no_such_mine(self, name: str) -> T:
        spelling = self.board.mine_spelling(name)
        if spelling is not None:
            return T("write the mine's name as {spelling}", spelling=spelling)
        return T(
            "there is no mine called {name!r} (mines: {mines})",
            name=name,
            mines=", ".join(self.board.mines),
        )

    def _too_late(self, step: int) -> T:
        return T(
            "too late for {step}: this turn has already reached {reached} (order of play)",
            step=STEP_NAMES[step],
            reached=STEP_NAMES.get(self.step, _LATER_STEP),
        )

    def _explain_negotiate(self, seat: int, action: Negotiate) -> T:
        if self.step > TRADE_STEP:
            return self._too_late(TRADE_STEP)
        if not self.offers_left:
            return T(
                "you have made the {count} trade proposal(s) allowed this turn",
                count=self.options.trade_offers_per_turn,
            )
        if action.seat == seat:
            return T("you cannot trade with yourself")
        if not 0 <= action.seat < self.num_players:
            return T(
                "there is no seat {seat} in this {players}-player game",
                seat=action.seat,
                players=self.num_players,
            )
        return T("{player} is bankrupt and out of the game", player=self.seat_name(action.seat))

    def _explain_asset(self, seat: int, asset: str, owner: int) -> T:
        """Why ``owner`` (``seat`` himself: "you") cannot hand over ``asset``."""
        found = self.menu.assets.get(asset)
        if found is None:
            kind, _, name = asset.partition("-")
            spelling = self.board.mine_spelling(name)
            if kind.upper() in ("ML", "HG", "DR") and spelling is not None:
                return T(
                    "write the asset as {kind}-{spelling}", kind=kind.upper(), spelling=spelling
                )
            return T(
                "{asset!r} is not an asset: write ML-<mine>, DR-<mine>, HG-<mine> or "
                "bullion-25 / 50 / 75 / 100 (mines: {mines})",
                asset=asset,
                mines=", ".join(self.board.mines),
            )
        kind, which = found
        you = owner == seat
        player = self.seat_name(owner)
        if kind == BULLION_ASSET:
            if you:
                return T("you have no bullion to sell {share}% of", share=which)
            return T("{player} has no bullion to sell {share}% of", player=player, share=which)
        mine = self.board.mines[which]
        if kind == HEADGEAR_ASSET:
            if you:
                return T("you have no HEADGEAR on {mine}", mine=mine)
            return T("{player} has no HEADGEAR on {mine}", player=player, mine=mine)
        what = "MINE LEASE" if kind == LEASE_ASSET else "DRILL REPORT"
        if you:
            return T("you have no {mine} {asset}", mine=mine, asset=what)
        return T("{player} has no {mine} {asset}", player=player, mine=mine, asset=what)

    def _explain_offer(self, seat: int, action: Offer) -> T:
        if action.deal not in ("sell", "buy"):
            return T("an offer is to 'sell' or to 'buy', not {deal!r}", deal=action.deal)
        if action.percent not in TRADE_PRICE_PERCENTS:
            return T(
                "the price is {allowed} (% of the GOLDFIX valuation), not {percent}",
                allowed=", ".join(map(str, TRADE_PRICE_PERCENTS)),
                percent=action.percent,
            )
        if self.menu.assets.get(action.asset, ("", 0))[0] == HEADGEAR_ASSET:
            return T("a HEADGEAR is traded with its MINE LEASE (offer the ML)")
        deal = self.deal
        assert deal is not None
        if deal.proposals or not (deal.gives.is_empty() and deal.gets.is_empty()):
            return T("a quick offer opens an empty deal; add items with give / get instead")
        owner = seat if action.deal == "sell" else deal.partner
        if self.deal_menu.offer_assets.get(action.asset) in self.quick_offer_assets(owner):
            return T("the buyer would end with more than six LOAN NOTES (overdrafts included)")
        return self._explain_asset(seat, action.asset, owner)

    def _explain_deal(self, seat: int, action: Give | Get | Propose | CounterOffer) -> T:
        deal = self.deal
        assert deal is not None
        if isinstance(action, CounterOffer):
            return T(
                "this negotiation has had its {rounds} proposal(s): accept or decline",
                rounds=self.options.deal_rounds,
            )
        if isinstance(action, Propose):
            if deal.gives.is_empty() and deal.gets.is_empty():
                return T("the deal is empty: give or get something first")
            return T("a counter-offer must change the terms it answers (or withdraw)")
        found = self.deal_menu.items.get(action.item)
        if found is None:
            return T(
                "{item!r} cannot be in a deal: write ML-<mine> (with its HEADGEAR), "
                "DR-<mine>, bullion, cash or notes",
                item=action.item,
            )
        kind, which = found
        if action.amount not in self.deal_menu.steps[found]:
            steps = ", ".join(str(a) for a in self.deal_menu.steps[found])
            return T("{item} changes by {steps}", item=action.item, steps=steps)
        if deal.edits >= self.options.deal_edits:
            return T(
                "this draft has had its {edits} changes: propose or withdraw",
                edits=self.options.deal_edits,
            )
        giving = isinstance(action, Give)
        owner = deal.drafter if giving else deal.partner
        side, other = (deal.gives, deal.gets) if giving else (deal.gets, deal.gives)
        have = side.count(kind, which)
        if action.amount < 0:
            return T(
                "the deal holds only {have} of {item} on that side", have=have, item=action.item
            )
        if kind in (LEASE_ASSET, REPORT_ASSET):
            if not have:
                return self._explain_asset(seat, action.item, owner)
            if kind == LEASE_ASSET:
                return T("{item} is already in the deal", item=action.item)
            return T("{item} is already in the deal (as many as are owned)", item=action.item)
        if other.count(kind, which):
            return _ONE_WAY[kind]
        you, player = owner == seat, self.seat_name(owner)
        if kind == "bullion" and have + action.amount > self.vault[owner]:
            koz = self.vault[owner]
            if you:
                return T("you have {koz} kOz of bullion", koz=koz)
            return T("{player} has {koz} kOz of bullion", player=player, koz=koz)
        if kind == "notes" and have + action.amount > self.notes[owner]:
            notes = self.notes[owner]
            if you:
                return T("you have {notes} LOAN NOTE(s)", notes=notes)
            return T("{player} has {notes} LOAN NOTE(s)", player=player, notes=notes)
        return T("that would leave a side with more than six LOAN NOTES (overdrafts included)")

    def _explain_liquidate(self, seat: int, action: Liquidate) -> T:
        own = self.params.liquidation_discount
        cards = self.menu.card_discounts
        if action.discount != own and action.discount not in cards:
            if cards:
                return T(
                    "the Bank pays the GOLDFIX value less {own}% (less {card}% with the RISK card)",
                    own=own,
                    card=cards[0],
                )
            return T("the Bank pays the GOLDFIX value less {own}%", own=own)
        if action.discount != own and self.held_card(seat, "liquidation") == NO_ONE:
            return T(
                "a -{discount}% liquidation needs a LIQUIDATION RISK card; without one it is "
                "-{own}%",
                discount=action.discount,
                own=own,
            )
        return self._explain_asset(seat, action.asset, seat)

    def _explain_bid(self, action: Bid) -> T:
        if self.phase == WANT:
            return T(
                "EZ2: take a card at the minimum bid (bid {price}) or pass",
                price=self.minimum_bid(),
            )
        if action.amount > MAX_BID:
            return T("the highest bid allowed is ${most}M", most=MAX_BID)
        if action.amount not in BID_AMOUNTS:
            return T("bids go up in $5M steps to $100M, $10M steps to $200M, $25M steps to $500M")
        if self.tie_bid:
            return T("a re-bid must beat the tied ${bid}M (or pass)", bid=self.tie_bid)
        return T(
            "the minimum bid for the {lot} is ${price}M",
            lot=self.lot_name(self.lots[0]),
            price=self.minimum_bid(),
        )

    # --------------------------------------------------------------- observing

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        """Everything in GOLDFIX is public (the DASHBOARD, face-up HOLD cards, revealed
        lots) except the order of the decks' unknown parts and uncommitted decisions.

        ``mines`` holds parallel lists in mine order (A to R): ``names``, board
        ``squares``, the ``lease`` owner's seat (-1: the Bank), ``headgear`` built, and
        ``drill_reports``, two per mine (mine m's are at 2m and 2m + 1)."""
        gf = self.goldfix
        p = self.params
        prices = money.asset_prices(gf, p)
        mines = self.board.mines
        squares = self.board.squares
        n = self.num_players
        value = self.asset_values()
        players: list[JsonValue] = []
        for s in range(n):
            where = self.position[s]
            active = self.active[s]
            worth = (
                money.net_worth(
                    self.cash[s], value[s], money.bullion_value(self.vault[s], gf), self.notes[s], p
                )
                if active
                else self.final_worth[s]
            )
            players.append(
                {
                    "seat": s,
                    "name": self.seat_name(s),
                    "cocopan": self.board.cocopans[s],
                    "active": active,
                    "cash": self.cash[s],
                    "notes": self.notes[s],
                    "bullion": self.vault[s],
                    "position": where,
                    "square": squares[where].name if where >= 0 else None,
                    "circuits": self.circuits[s],
                    "net_worth": worth,
                    "holds": [self.cards[c].id for c in self.holds[s]],
                }
            )
        view: dict[str, JsonValue] = {
            "goldfix": gf,
            "tax": self.tax,
            "prices": {
                "mine_lease": prices.mine_lease,
                "headgear": prices.headgear,
                "drill_report": prices.drill_report,
            },
            "interest_per_note": money.interest_per_note(self.interest_percent(), p),
            "winner_cash": self.options.winner,
            "circuit_limit": self.options.circuit_limit,
            "time_limit": self.options.time_limit,
            "time_up": self.time_up,
            "turn": self.turn,
            "phase": self.phase,
            "dice": list(self.dice) if self.dice else None,
            "players": players,
            "mines": {
                "names": list(mines),
                "squares": list(self.board.mine_squares),
                "lease": list(self.lease_owner),
                "headgear": list(self.headgear),
                "drill_reports": list(self.report_owner),
            },
            "board": list(self.square_names),
            "decks": {
                "mine_leases": len(self.lease_deck),
                "drill_reports": len(self.report_deck),
                "risk": len(self.risk_deck),
                "mine_leases_bottom": [mines[c] for c in self.lease_deck.known_bottom()],
                "drill_reports_bottom": [mines[c // 2] for c in self.report_deck.known_bottom()],
                "risk_bottom": [self.cards[c].id for c in self.risk_deck.known_bottom()],
            },
            "decision": self._decision_view(),
            "winner": self.winner if self.winner >= 0 else None,
            "end": self.end_reason,
        }
        if self.options.timed_auctions:
            view["auction_timer"] = self.options.auction_timer
        view["design"] = design_numbers(p)
        return view

    def _decision_view(self) -> dict[str, JsonValue] | None:
        view = self.decision_fields()
        if view is not None:
            view["text"] = self.describe_decision()
        return view

    def decision_fields(self) -> dict[str, JsonValue] | None:
        """The decision now asked as the view shows it, but for its sentence (``text`` is
        None): what a tensor encodes, without paying for the words."""
        phase = self.phase
        view: dict[str, JsonValue] = {"kind": phase, "text": None}
        if phase == PRE_ROLL:
            view.update(step=self.step, offers_left=self.offers_left)
        elif phase in (NEGOTIATE, RESPOND):
            view["deal"] = self.deal_view()
        elif phase == LOAN:
            view["amount"] = self.loan_cash
        elif phase in (BID, WANT):
            view.update(
                asset=self.auction_kind,
                broker=self.auction_broker,
                minimum_bid=self.minimum_bid(),
                lots=[self.lot_name(c) for c in self.lots],
                tie_bid=self.tie_bid,
                tied=list(self.tied),
            )
        elif phase in (COMMISSION, SELL):
            view.update(
                broker=self.market_broker,
                source=self.market_source,
                rates=list(self.market_rates),
                rate=self.market_rate if phase == SELL else None,
                drop=self.market_drop,
            )
        elif phase == ANSWER:
            card = self.cards[self.card]
            view.update(card=card.id, title=card.title, question=card.question)
        elif phase == NOMINATE:
            view["in_play"] = [
                self.board.mines[m] for m in self.mines_in_play(self.takeover_bidder)
            ]
            view["bidder"] = self.takeover_bidder
        elif phase == COUNTER:
            view.update(
                bidder=self.takeover_bidder,
                mine=self.board.mines[self.takeover_mine],
                red=self.takeover_red,
            )
        elif phase == COVER:
            owed = -self.cash[self.turn]
            view.update(owed=owed, overdrafts=self.overdrafts_needed(self.cash[self.turn], 0))
        elif phase in (IDLE, OVER):
            return None
        return view
