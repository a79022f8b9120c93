"""The heuristic bot and deals: it values them at the GOLDFIX, proposes what the other side
should accept, counters what fits it but is priced wrong, and never accepts a loss at
valuation beyond its documented fit margin (deal_bot's docstring)."""

from __future__ import annotations

import random
from collections import Counter

from motherlode.engine import Action
from motherlode.games.goldfix import deal_bot, money
from motherlode.games.goldfix.actions import (
    CounterOffer,
    Get,
    Give,
    Negotiate,
    Propose,
    Respond,
    Withdraw,
)
from motherlode.games.goldfix.bots import HeuristicBot
from motherlode.games.goldfix.core import NEGOTIATE, PRE_ROLL, RESPOND
from motherlode.games.goldfix.deals import Deal
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.goldfix.helpers import at_pre_roll, give_mine, give_report, new

GOLDFIXES = tuple(range(money.GOLDFIX_MIN, 2001, money.GOLDFIX_STEP))


def random_table(rng: random.Random) -> GoldfixState:
    """Three players with random mines, reports, bullion, cash and notes."""
    state = new(seed=rng.randrange(1000))
    state.goldfix = rng.choice(GOLDFIXES)
    mines = list(state.board.mines)
    rng.shuffle(mines)
    for name in mines[:6]:
        give_mine(state, rng.randrange(3), name, headgear=rng.random() < 0.7)
    for name in mines[:9]:
        for which in (0, 1):
            if rng.random() < 0.5:
                give_report(state, rng.randrange(3), name, which)
    for seat in range(3):
        state.vault[seat] = rng.choice((0, 0, 15, 40, 120))
        state.cash[seat] = rng.randrange(0, 700)
        state.notes[seat] = rng.randrange(0, 5)
    at_pre_roll(state, 0)
    return state


def random_proposal(state: GoldfixState, rng: random.Random) -> None:
    """Seat 0 drafts a few random changes and proposes them to seat 1."""
    state.apply(0, Negotiate(1))
    for _ in range(rng.randrange(1, 9)):
        edits = [a for a in state.legal_actions(0) if isinstance(a, Give | Get)]
        state.apply(0, rng.choice(edits))
    if Propose() not in state.legal_actions(0):
        state.apply(0, Give("cash", 1))
    state.apply(0, Propose())


def fitting_value_received(state: GoldfixState, seat: int) -> int:
    deal = state.deal
    assert deal is not None
    return deal_bot.fit_value(state, seat, deal.gives, deal.gives)


def test_it_never_accepts_a_loss_beyond_its_fit_margin() -> None:
    rng = random.Random(2026)
    answers: Counter[str] = Counter()
    for _ in range(400):
        state = random_table(rng)
        random_proposal(state, rng)
        deal = state.deal
        assert deal is not None and state.pending() == (1,)
        bot = HeuristicBot(seed=1)
        choice = bot.act(state, 1)
        answers[type(choice).__name__ + str(getattr(choice, "accept", ""))] += 1
        gain = state.deal_gain(1, deal.gets, deal.gives)
        bound = fitting_value_received(state, 1) * deal_bot.FIT_MARGIN_PERCENT // 100
        if choice == Respond(True):
            assert gain >= -bound, (state.describe_deal(deal), gain, bound)
            loans = state.deal_overdrafts(1, deal.gets, deal.gives)
            notes = state.notes[1] - deal.gets.notes + deal.gives.notes + loans
            assert not loans or notes < money.MAX_NOTES
        elif choice == CounterOffer():
            state.apply(1, choice)
            countered = play_counter(state, bot)
            assert countered.gives != deal.gets or countered.gets != deal.gives
            mine = state.deal_gain(1, countered.gives, countered.gets)
            fit = deal_bot.margin(state, 1, countered.gives, countered.gets)
            assert mine >= -(fit // 2) and mine + fit > 0
    # the answers are not all one kind: the property was tested on each of them
    assert answers["RespondTrue"] >= 20 and answers["RespondFalse"] >= 20, answers
    assert answers["CounterOffer"] >= 5, answers


def play_counter(state: GoldfixState, bot: HeuristicBot) -> Deal:
    """Let the bot draft its counter until it proposes; the terms it proposed."""
    for _ in range(200):
        assert state.phase == NEGOTIATE and state.pending() == (1,)
        action = bot.act(state, 1)
        assert action != Withdraw()
        state.apply(1, action)
        if state.phase == RESPOND:
            assert state.deal is not None
            return state.deal
    raise AssertionError("the counter was never proposed")


def test_drill_reports_that_fit_the_other_side_are_swapped() -> None:
    """Blue holds a report of Red's mine and Red one of Blue's: Blue proposes a swap at
    par, which Red (fitting items each way) accepts; both now produce more."""
    state = new()
    give_mine(state, 0, "Alpaca")
    give_mine(state, 1, "Kudu")
    give_report(state, 0, "Kudu")
    give_report(state, 1, "Alpaca")
    at_pre_roll(state, 0)
    bots = [HeuristicBot(seed=s) for s in range(3)]
    played: list[Action] = []
    while state.phase != PRE_ROLL or not played:
        seat = state.pending()[0]
        action = bots[seat].act(state, seat)
        played.append(action)
        state.apply(seat, action)
    assert played[0] == Negotiate(1)
    assert played[-1] == Respond(True)
    m = state.board.mine_number
    assert state.reports_held(0, m("Alpaca")) == 1 and state.reports_held(1, m("Kudu")) == 1
    assert state.deals_made == 1 and state.cash[:2] == [500, 500]


def test_an_overpriced_report_that_fits_is_countered_and_a_useless_one_declined() -> None:
    state = new()
    give_mine(state, 1, "Kudu")
    give_report(state, 0, "Kudu")
    give_report(state, 0, "Fox")
    at_pre_roll(state, 0)
    state.apply(0, Negotiate(1))
    state.apply(0, Give("DR-Kudu", 1))
    state.apply(0, Get("cash", 100))
    state.apply(0, Propose())
    bot = HeuristicBot(seed=1)
    assert bot.act(state, 1) == CounterOffer()
    state.apply(1, CounterOffer())
    countered = play_counter(state, bot)
    report = money.drill_report_price(state.goldfix)
    fit = report * deal_bot.FIT_MARGIN_PERCENT // 100
    assert countered.gets.reports and countered.gives.cash == report + fit // 2
    state.apply(0, Respond(True))
    # a report of a mine nobody of them holds, at twice its value: declined outright
    state.apply(0, Negotiate(1))
    state.apply(0, Give("DR-Fox", 1))
    for _ in range(2):
        state.apply(0, Get("cash", 10))
    state.apply(0, Propose())
    assert bot.act(state, 1) == Respond(False)


def test_short_of_cash_it_sells_bullion_below_the_goldfix_rather_than_liquidate() -> None:
    state = new()
    state.vault[0] = 100
    state.cash[0] = 20
    state.cash[2] = 900
    at_pre_roll(state, 0)
    bot = HeuristicBot(seed=1)
    assert bot.act(state, 0) == Negotiate(2)
    state.apply(0, Negotiate(2))
    while state.phase == NEGOTIATE:
        state.apply(0, bot.act(state, 0))
    deal = state.deal
    assert deal is not None and deal.gives.bullion == 100
    value = money.bullion_value(100, state.goldfix)
    assert deal.gets.cash == value - money.percent_of(value, deal_bot.SWEETENER_PERCENT)
    assert HeuristicBot(seed=2).act(state, 2) == Respond(True)
