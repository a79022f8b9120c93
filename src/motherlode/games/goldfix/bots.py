"""GOLDFIX bots: a heuristic player that bids up to an asset's value and sells sensibly.

The bot reads only what its seat may know: ``legal_actions`` and the public fields of
``seat_view`` (a determinized copy; in GOLDFIX everything but the decks' order is on the
DASHBOARD anyway).  Parameters (``heuristic:reserve=150,greed=1.2``): ``reserve``, the
cash it keeps in hand; ``greed``, a factor on the values it bids up to.
"""

from __future__ import annotations

import random

from motherlode.engine import Action, Agent, State, seat_view
from motherlode.games.goldfix import deal_bot, money
from motherlode.games.goldfix.actions import (
    Answer,
    Bid,
    BuyHeadgear,
    Commission,
    Counter,
    Draw,
    FlashSale,
    Liquidate,
    Loan,
    Move,
    Nominate,
    Overdraft,
    Pass,
    PlayHold,
    Repay,
    Reshuffle,
    Roll,
    Sell,
)
from motherlode.games.goldfix.auctions import LEASE
from motherlode.games.goldfix.components import Effect
from motherlode.games.goldfix.core import (
    ANSWER,
    BID,
    COMMISSION,
    COUNTER,
    COVER,
    LOAN,
    MOVE,
    NEGOTIATE,
    NO_ONE,
    NOMINATE,
    PRE_ROLL,
    RESPOND,
    SELL,
    WANT,
)
from motherlode.games.goldfix.deals import BULLION_ASSET, HEADGEAR_ASSET, LEASE_ASSET, REPORT_ASSET
from motherlode.games.goldfix.rules import GoldfixState


class HeuristicBot(Agent):
    """Keeps a cash reserve, builds headgear, bids up to value, sells into strength."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, reserve: int = 100, greed: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.reserve = int(reserve)
        self.greed = float(greed)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = seat_view(state, seat, self.rng)
        assert isinstance(view, GoldfixState)
        phase = view.phase
        if phase == PRE_ROLL:
            choice = self._before_rolling(view, seat, legal)
        elif phase == MOVE:
            choice = self._move(view, seat, legal)
        elif phase in (BID, WANT):
            choice = self._bid(view, seat, legal)
        elif phase == SELL:
            choice = Sell(self._sale_percent(view, seat))
        elif phase == COMMISSION:
            choice = self._commission(view, seat, legal)
        elif phase == LOAN:
            choice = Loan(view.cash[seat] < self.needs(view, seat) and view.notes[seat] <= 3)
        elif phase == RESPOND:
            choice = deal_bot.answer(view, seat, legal)
        elif phase == NEGOTIATE:
            choice = deal_bot.draft(view, seat, legal, self.needs(view, seat))
        elif phase == ANSWER:
            choice = self._answer(view, seat, legal)
        elif phase == NOMINATE:
            choice = self._nominate(view, seat, legal)
        elif phase == COUNTER:
            choice = Counter(view.takeover_red == 6 and view.notes[seat] < view.params.max_notes)
        elif phase == COVER:
            choice = self._cover(view, seat, legal)
        else:
            choice = Reshuffle(False) if Reshuffle(False) in legal else Draw(True)
        return choice if choice in legal else legal[-1]

    def evaluate(self, state: State, seat: int) -> float:
        """A seat's worth in $M, for a search's cut-off (``mcts:eval=heuristic``): its net
        worth, plus a fifth of its cash net of its loan notes (the WINNER needs cash with
        every note repaid, not assets; cash that is borrowed brings it no nearer), plus the
        target itself for the winner."""
        assert isinstance(state, GoldfixState)
        target = state.options.winner
        free = state.cash[seat] - state.loan_note * state.notes[seat]
        worth = state.net_worth(seat) + min(max(free, 0), target) / 5
        return worth + (target if state.winner == seat else 0)

    # ------------------------------------------------------------ before rolling

    def needs(self, view: GoldfixState, seat: int) -> int:
        """Cash to keep for a circuit's interest and taxes, on top of the reserve."""
        p = view.params
        high = money.tax_percent("HIGH", p)
        interest = money.loan_interest(view.notes[seat], max(view.interest_percent(), high), p)
        taxes = money.bullion_tax(view.vault[seat], view.goldfix, high)
        taxes += money.corporation_tax(
            view.cash[seat], view.notes[seat], view.asset_value(seat), high, p
        )
        return self.reserve + interest + taxes

    def _before_rolling(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        cash = view.cash[seat]
        notes = view.notes[seat]
        needs = self.needs(view, seat)
        if cash < needs and notes >= view.params.max_notes - 1:
            rescue = self._raise_cash(view, seat, legal)
            if rescue is not None:
                return rescue
        opening = deal_bot.open_deal(view, seat, legal, needs)
        if opening is not None:
            return opening
        headgear_price = money.headgear_price(view.goldfix, view.params)
        to_build = [a for a in legal if isinstance(a, BuyHeadgear)]
        plan = headgear_price * len(to_build)
        if Repay() in legal and cash - plan - view.params.loan_note >= needs:
            return Repay()
        if to_build and (cash - headgear_price >= needs // 2 or notes <= 2):
            return to_build[0]
        for action in legal:
            if isinstance(action, PlayHold):
                return action
        if FlashSale("sell", 100) in legal and (view.goldfix >= 1500 or cash < needs):
            return FlashSale("sell", 100)
        return Roll()

    def _raise_cash(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action | None:
        """Close to bankruptcy: sell bullion to the Bank rather than take a seventh note."""
        for action in (FlashSale("sell", 100), Liquidate("bullion-100", 25)):
            if action in legal:
                return action
        bank = Liquidate("bullion-100", view.params.liquidation_discount)
        return bank if bank in legal else None

    def _cover(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        """A payment beyond cash: overdrafts while they leave a note to spare before the
        bankruptcy limit (a $20M fee and interest cost less than a sale at -50%); nearer
        the limit, sell to the Bank what loses least - bullion before drill reports before
        mines (they produce) - the smallest sale that covers the debt, or else the largest."""
        loans = view.overdrafts_needed(view.cash[seat], 0)
        if view.notes[seat] + loans <= view.params.max_notes - 1:
            return Overdraft()
        owed = -view.cash[seat]
        order = {BULLION_ASSET: 0, REPORT_ASSET: 1, HEADGEAR_ASSET: 2, LEASE_ASSET: 3}
        best: tuple[tuple[int, int, int], Action] | None = None
        for action in legal:
            if not isinstance(action, Liquidate):
                continue
            rank = order[view.menu.assets[action.asset][0]]
            value = view.liquidation_price(seat, action)
            key = (0, rank, value) if value >= owed else (1, rank, -value)
            if best is None or key < best[0]:
                best = (key, action)
        return Overdraft() if best is None else best[1]

    # -------------------------------------------------------------------- moving

    def _move(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        best, best_score = legal[0], float("-inf")
        for action in legal:
            assert isinstance(action, Move)
            score = self._route_value(view, seat, action.steps) + self.rng.random()
            if score > best_score:
                best, best_score = action, score
        return best

    def _route_value(self, view: GoldfixState, seat: int, steps: int) -> float:
        """$M gained along a route: production passed, the landing square, taxes."""
        gf = view.goldfix
        board = view.board
        koz = 0
        value = 0.0
        tax = view.tax_percent()
        figures = view.figures
        for i in range(1, steps + 1):
            square = board.squares[(view.position[seat] + i) % board.size]
            landing = i == steps
            if square.kind == "mine" and view.producer(square.mine) == seat:
                mine = square.mine
                koz += figures.output[mine][view.reports_held(seat, mine)][steps]
                koz += figures.landing_bonus[mine] if landing else 0
            elif square.kind == "bullion_tax":
                value -= money.bullion_tax(view.vault[seat] + koz, gf, tax)
            elif square.kind == "corporation_tax":
                value -= money.corporation_tax(
                    view.cash[seat], view.notes[seat], view.asset_value(seat), tax, view.params
                )
            elif landing and square.kind in ("bullion_market", "goldfix_corner"):
                value += 0.1 * money.bullion_value(view.vault[seat], gf)
            elif landing and square.kind == "goldfix":
                value += view.vault[seat] * 0.1
            elif landing and square.kind == "mine_lease_auction":
                value += 15
            elif landing and square.kind == "mine":
                owner = view.producer(square.mine)
                if owner not in (NO_ONE, seat):
                    value -= 0.05 * gf
        return value + money.bullion_value(koz, gf)

    # ------------------------------------------------------------------ auctions

    def lot_value(self, view: GoldfixState, seat: int, card: int) -> int:
        """What a lot is worth to this player, in $M."""
        gf = view.goldfix
        if view.auction_kind == LEASE:
            reports = view.reports_held(seat, card)
            value = money.mine_lease_price(gf, view.params) + 40 + 50 * reports
        else:
            mine = card // 2
            owner = view.lease_owner[mine]
            value = money.drill_report_price(gf, view.params)
            if owner == seat:
                value += 50 + 30 * view.reports_held(seat, mine)
            elif owner == NO_ONE:
                value += 10
        return int(value * self.greed)

    def _affordable(self, view: GoldfixState, seat: int) -> int:
        """The most it will pay now: cash beyond its needs, or a little on overdraft."""
        spare = view.cash[seat] - self.needs(view, seat)
        if view.notes[seat] <= 2:
            spare = max(spare, view.overdraft_loan // 2)
        return spare

    def _bid(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        if view.phase == WANT:
            price = view.minimum_bid()
            want = price * 11 // 10 <= self._affordable(view, seat)
            return Bid(price) if want else Pass()
        value = min(self.lot_value(view, seat, view.lots[0]), self._affordable(view, seat))
        bids = [a for a in legal if isinstance(a, Bid) and a.amount * 11 // 10 <= value]
        if not bids:
            return Pass()
        if view.tie_bid:
            return bids[0]  # beat the tie by one step
        low = max(0, len(bids) - 3)
        return bids[self.rng.randrange(low, len(bids))]

    # ------------------------------------------------------------ bullion market

    def _sale_percent(self, view: GoldfixState, seat: int) -> int:
        """Sell more the higher the GOLDFIX, and more when short of cash."""
        gf = view.goldfix
        steps = (gf - money.GOLDFIX_MIN) // money.GOLDFIX_STEP
        percent = min(100, 25 * (1 + steps // 2))
        rate = 0 if view.market_broker == seat else view.market_rate
        if rate >= 20 and percent > 25:
            percent -= 25
        if view.cash[seat] < self.needs(view, seat) or view.notes[seat] >= 3:
            percent = 100 if rate <= 20 else max(percent, 75)
        return percent

    def _commission(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        rates = [a.percent for a in legal if isinstance(a, Commission)]
        mine = view.vault[seat]
        others = sum(view.vault[s] for s in view.active_seats() if s != seat)
        if 0 in rates and mine > others:
            return Commission(0)
        return Commission(max(rates))

    # --------------------------------------------------------------- RISK cards

    def effects_value(self, view: GoldfixState, seat: int, effects: tuple[Effect, ...]) -> float:
        """Expected $M of a card's effects for this player."""
        total = 0.0
        gf = view.goldfix
        for e in effects:
            count = view.count_per(seat, e.per) if e.per else 1
            if e.do in ("cash", "cash_per"):
                total += e.amount * count
            elif e.do in ("bullion", "bullion_per"):
                koz = e.amount * count
                koz = max(koz, -view.vault[seat])
                total += koz * gf / 1000
            elif e.do == "bullion_percent":
                total += view.vault[seat] * e.amount / 100 * gf / 1000
            elif e.do == "repay_note":
                total += view.params.loan_note - e.amount
            elif e.do == "gamble":
                p = (7 - e.at_least) / 6
                win = self.effects_value(view, seat, e.win)
                lose = self.effects_value(view, seat, e.lose)
                total += p * win + (1 - p) * lose
        return total

    def _answer(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        card = view.cards[view.card]
        yes = self.effects_value(view, seat, card.yes)
        no = self.effects_value(view, seat, card.no)
        return Answer(yes >= no and Answer(True) in legal)

    def _nominate(self, view: GoldfixState, seat: int, legal: list[Action]) -> Action:
        """Bid only where a double price is still affordable and the mine produces."""
        best: Action = Nominate(None)
        best_value = 0
        for action in legal:
            if not isinstance(action, Nominate) or action.mine is None:
                continue
            mine = view.board.mine_number(action.mine)
            cost = sum(view.mine_value(s, mine) for s in view.active_seats() if s != seat) * 2
            producing = view.producer(mine) not in (NO_ONE, seat)
            if producing and cost + self.reserve <= view.cash[seat] and cost > best_value:
                best, best_value = action, cost
        return best


def scripted(state: State, seat: int) -> bool:
    """The decisions a search leaves to the heuristic (``Game.scripted``).

    The steps of a deal (drafting it edit by edit, answering it): a search plans whether to
    open one, the deal bot what it holds.  And the bids of an auction: what a lease or a
    drill report is worth lies in what it produces for the rest of the game, far past a
    search's cut-off, where the lot is only its valuation less the cash paid, so the search
    bid too low or passed (docs/bots.md, "GOLDFIX's auctions")."""
    assert isinstance(state, GoldfixState)
    return state.phase in (NEGOTIATE, RESPOND, BID, WANT)


def _bots() -> dict[str, type[Agent]]:
    return {"heuristic": HeuristicBot}


BOTS = _bots()
