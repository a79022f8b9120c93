"""Issue 18's three-player scenario, in one game of the timed-auctions version with a
time limit: a bundle deal settled after a counter-offer, a tax after the roll paid by a
liquidation instead of an overdraft, an auction whose clock runs out, and the game ended
by its time limit and ranked by net worth.

The web table's side of the same clocks (the service playing ``timeout_action`` when an
auction's ``auction_timer`` runs out, in Chromium too, and the game clock's ``time-up``)
is tested in tests/web/test_goldfix_clock.py and test_browser_goldfix_clock.py."""

from __future__ import annotations

from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import (
    CounterOffer,
    Get,
    Give,
    Liquidate,
    Move,
    Negotiate,
    Overdraft,
    Pass,
    Propose,
    Respond,
    Roll,
    TimeUp,
)
from motherlode.games.goldfix.core import BID, COVER, OVER, PRE_ROLL
from tests.games.goldfix.helpers import LoadedDice, give_mine, give_report, new, texts

BULLION_TAX_SQUARE = 10
MINE_LEASE_AUCTION_SQUARE = 22


def test_a_deal_a_liquidation_a_timed_out_auction_and_the_time_limit() -> None:
    state = new(3, tabletopia="timed-auctions", auction_timer=20, time_limit=90)
    alf, bryan = 0, 1  # Cleo (2) watches, and bids at the auction
    give_mine(state, alf, "Alpaca")
    give_mine(state, bryan, "Kudu", headgear=False)
    give_report(state, bryan, "Alpaca")
    state.vault[alf] = 200
    state.goldfix = 1500
    state.rng = LoadedDice(1, 6, 3, 4)

    # 1. Alf offers the Kudu lease's owner 100 kOz and $50M for the Alpaca report and Kudu;
    #    Bryan counters without the Kudu lease and without the cash; Alf accepts.
    state.apply(alf, Negotiate(bryan))
    for edit in (Give("bullion", 100), Give("cash", 10), Get("DR-Alpaca", 1), Get("ML-Kudu", 1)):
        state.apply(alf, edit)
    for _ in range(4):
        state.apply(alf, Give("cash", 10))
    state.apply(alf, Propose())
    state.apply(bryan, CounterOffer())
    state.apply(bryan, Give("ML-Kudu", -1))
    for _ in range(5):
        state.apply(bryan, Get("cash", -10))
    state.apply(bryan, Propose())
    assert state.pending() == (alf,)
    state.apply(alf, Respond(True))
    m = state.board.mine_number
    assert state.reports_held(alf, m("Alpaca")) == 1 and state.lease_owner[m("Kudu")] == bryan
    assert state.vault[:2] == [100, 100] and state.cash[:2] == [500, 500]
    assert state.deals_made == 1

    # 2. Alf, down to $5M, rolls onto the BULLION TAX: LOW 5% of 100 kOz at $1,500 = $8M.
    #    He covers it with a liquidation of a quarter of his bullion, not an overdraft.
    state.cash[alf] = 5
    state.position[alf] = BULLION_TAX_SQUARE - 1
    state.apply(alf, Roll())
    state.apply(alf, Move(1))
    assert state.phase == COVER and Overdraft() in state.legal_actions(alf)
    state.apply(alf, Liquidate("bullion-25", 50))  # 25 kOz at $1,500, -50%: $19M
    assert state.cash[alf] == 5 - 8 + 19 and state.notes[alf] == 2
    assert state.phase == PRE_ROLL and state.turn == bryan

    # 3. Bryan lands on a MINE LEASE AUCTION: the sealed bids run on the auction's own
    #    clock, and when it runs out every bidder who has not bid passes.
    state.position[bryan] = MINE_LEASE_AUCTION_SQUARE - 7
    state.apply(bryan, Roll())
    state.apply(bryan, Move(7))
    assert state.phase == BID and state.rules_clock() == 20
    for seat in state.pending():
        assert state.timeout_action(seat) == Pass()
        state.apply(seat, Pass())
    assert any("pass" in line for line in texts(state)[-3:])

    # 4. The 90 minutes run out: the round is finished, the game ranks by net worth.
    while state.time_up_action() is None:
        asked = state.pending()[0]
        state.apply(asked, state.legal_actions(asked)[0])
    state.apply(state.turn, TimeUp())
    state.rng = LoadedDice(*[1] * 40)
    while state.phase != OVER:
        asked = state.pending()[0]
        legal = state.legal_actions(asked)
        state.apply(asked, Roll() if Roll() in legal else legal[0])
    assert state.end_reason == "the 90-minute time limit is up" and state.winner < 0
    worth = [state.net_worth(s) for s in range(3)]
    for s in range(3):
        assets = state.asset_value(s) + money.bullion_value(state.vault[s], state.goldfix)
        assert worth[s] == state.cash[s] + assets - money.LOAN_NOTE * state.notes[s]
    assert [s for group in state.ranking() for s in group] == sorted(
        range(3), key=lambda s: -worth[s]
    )
