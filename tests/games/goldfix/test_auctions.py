"""MINE ASSET AUCTIONS (p8): levels A, B, EZ1, EZ2, the DRILL REPORT OPTION, ties."""

from typing import Any

import pytest

from motherlode.engine import IllegalAction
from motherlode.games.goldfix.actions import Bid, Move, Pass, Sell
from motherlode.games.goldfix.core import BID, WANT
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.testing import fingerprint
from tests.games.goldfix.helpers import at_move, new


def ml_auction(players: int = 4, seat: int = 0, **options: Any) -> tuple[GoldfixState, list[int]]:
    """``seat`` lands on the MINE LEASE AUCTION square (4)."""
    state = new(players, **options)
    at_move(state, seat, 3, (1, 6))
    top = list(state.lease_deck.cards)
    state.apply(seat, Move(1))
    return state, top


def test_level_a_one_lot_fewer_than_players_no_limit() -> None:
    state, top = ml_auction(4)
    assert state.phase == BID and state.lots == top[:3]
    assert state.pending() == (0, 1, 2, 3)
    assert state.legal_actions(1)[:3] == [Pass(), Bid(25), Bid(30)]
    for _ in range(3):  # Red wins every lot: LEVEL A has no limit
        for seat in range(4):
            state.apply(seat, Bid(30) if seat == 1 else Pass())
    owned = [m for m, owner in enumerate(state.lease_owner) if owner == 1]
    assert sorted(owned) == sorted(top[:3])
    assert state.cash[1] == 500 - 3 * 33 and state.cash[0] == 500 + 3 * 3
    assert state.pending() == (1,)  # the auction is over; Red's turn


def test_level_b_each_player_wins_a_single_lot() -> None:
    state, top = ml_auction(3, auction_level="B")
    assert len(state.lots) == 2
    for seat in range(3):
        state.apply(seat, Bid(50) if seat == 2 else Pass())
    assert state.lease_owner[top[0]] == 2
    assert state.pending() == (0, 1)  # Green has won a lot


def test_level_ez1_a_lot_for_every_player() -> None:
    state, top = ml_auction(3, auction_level="EZ1")
    assert state.lots == top[:3]
    for lot in range(3):
        bidders = state.pending()
        assert len(bidders) == 3 - lot
        for seat in bidders:
            state.apply(seat, Bid(25))
        if len(bidders) > 1:  # a tie: re-bid, and the lowest seat raises
            tied = state.pending()
            for seat in tied:
                state.apply(seat, Bid(30) if seat == tied[0] else Pass())
    assert sorted(state.lease_owner[c] for c in top[:3]) == [0, 1, 2]


def test_level_ez2_every_player_who_wants_one_is_dealt_a_card() -> None:
    """EZ2: the top card to the landing player, then in order of play, at the minimum
    bid; the broker still earns 10%."""
    state = new(4, auction_level="EZ2")
    at_move(state, 2, 3, (1, 6))
    top = list(state.lease_deck.cards)
    state.apply(2, Move(1))
    assert state.phase == WANT and state.pending() == (0, 1, 2, 3)
    assert state.legal_actions(0) == [Pass(), Bid(25)]
    with pytest.raises(IllegalAction, match="minimum bid"):
        state.apply(0, Bid(30))
    for seat, wants in ((0, True), (1, False), (2, True), (3, True)):
        state.apply(seat, Bid(25) if wants else Pass())
    assert state.lease_owner[top[0]] == 2  # the broker first
    assert state.lease_owner[top[1]] == 3
    assert state.lease_owner[top[2]] == 0
    assert state.cash[2] == 500 - 25 + 3 + 3
    assert state.cash[0] == 500 - 28


def test_drill_report_option_doubles_the_lots() -> None:
    state = new(4, drill_report_option=True)
    at_move(state, 0, 10, (1, 6))
    state.apply(0, Move(1))
    assert len(state.lots) == 6
    state = new(3, auction_level="B", drill_report_option=True)
    at_move(state, 0, 10, (1, 6))
    state.apply(0, Move(1))
    assert len(state.lots) == 4
    for _ in range(2):  # Blue may win two drill reports at one auction
        for seat in state.pending():
            state.apply(seat, Bid(10) if seat == 0 else Pass())
    assert state.pending() == (1, 2)
    state = new(3, auction_level="EZ2", drill_report_option=True)
    at_move(state, 0, 10, (1, 6))
    state.apply(0, Move(1))
    for seat in range(3):
        state.apply(seat, Bid(10) if seat == 1 else Pass())
    assert state.report_owner.count(1) == 2


def test_ties_re_bid_among_the_tied_only() -> None:
    """TIMED AUCTIONS: "In the event of a tie ONLY those players re-bid"."""
    state, top = ml_auction(4)
    for seat, action in ((0, Bid(40)), (1, Pass()), (2, Bid(40)), (3, Bid(35))):
        state.apply(seat, action)
    assert state.pending() == (0, 2) and state.tie_bid == 40
    assert state.legal_actions(0)[:2] == [Pass(), Bid(45)]
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="must beat the tied \\$40M"):
        state.apply(0, Bid(40))
    with pytest.raises(IllegalAction, match=r"not possible now|decision"):
        state.apply(3, Bid(50))
    assert fingerprint(state) == before
    state.apply(0, Pass())
    state.apply(2, Bid(55))
    assert state.lease_owner[top[0]] == 2
    assert state.cash[2] == 500 - 55 - 6


def test_when_every_tied_bidder_withdraws_a_roll_off_decides() -> None:
    state, top = ml_auction(4)
    for seat in range(4):
        state.apply(seat, Bid(60) if seat in (1, 3) else Pass())
    state.apply(1, Pass())
    state.apply(3, Pass())
    assert state.lease_owner[top[0]] in (1, 3)
    assert "roll-off" in " ".join(e.text for e in state.events_for(None)[-3:])


def test_a_lot_nobody_bids_on_goes_to_the_bottom_of_the_deck() -> None:
    state, top = ml_auction(3)
    for seat in range(3):
        state.apply(seat, Pass())
    assert state.lease_deck.cards[-1] == top[0]
    assert state.lease_owner[top[0]] == -1
    assert state.lease_deck.known_bottom() == [top[0]]


def test_bids_follow_the_ladder_and_the_minimum() -> None:
    state, _ = ml_auction(3)
    state.goldfix = 1400  # minimum ML bid $45M
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=r"minimum bid .* is \$45M"):
        state.apply(0, Bid(40))
    with pytest.raises(IllegalAction, match="\\$5M steps to \\$100M"):
        state.apply(0, Bid(105))
    with pytest.raises(IllegalAction, match="highest bid"):
        state.apply(0, Bid(525))
    assert fingerprint(state) == before
    assert Bid(500) in state.legal_actions(0)


def test_a_winning_bid_beyond_cash_is_paid_with_overdrafts() -> None:
    state, _ = ml_auction(3)
    state.cash[1] = 20
    for seat in range(3):
        state.apply(seat, Bid(200) if seat == 1 else Pass())
    assert state.notes[1] == 3 and state.cash[1] == 20 + 230 - 200 - 20


def test_no_cards_left_no_auction() -> None:
    state = new(3)
    state.lease_deck.cards.clear()
    state.lease_deck.unknown = 0
    at_move(state, 0, 3, (1, 6))
    state.apply(0, Move(1))
    assert state.pending() == (1,)


@pytest.mark.parametrize(
    ("level", "players", "lots"),
    [("A", 6, 5), ("A", 3, 2), ("B", 6, 5), ("B", 3, 2), ("EZ1", 6, 6), ("EZ1", 3, 3)],
)
def test_mine_asset_auctions_examples_lot_counts(level: str, players: int, lots: int) -> None:
    """LEVEL A / B: "(6) players - (5) lots, (3) players - (2) lots"; EZ1: "(6) players -
    (6) lots, (3) players - (3) lots"."""
    state, _ = ml_auction(players, auction_level=level)
    assert len(state.lots) == lots


def test_timed_auctions_a_seat_that_runs_out_passes() -> None:
    """TIMED AUCTIONS: the web table's clock plays timeout_action for whoever has not bid
    (a pass); at a bullion market sale it sells nothing; nothing else is timed."""
    from motherlode.engine import get_game
    from tests.games.goldfix.test_markets import market

    assert get_game("goldfix").timed_decisions
    state = new(4, seed=3)
    at_move(state, 0, 2, (1, 1))
    state.apply(0, Move(2))  # MINE LEASE AUCTION square 4
    assert state.phase in (BID, WANT)
    for seat in state.pending():
        assert state.timeout_action(seat) == Pass()
        assert Pass() in state.legal_actions(seat)
    sale = market()
    assert sale.timeout_action(0) is None  # the broker's commission is not timed
    sale.apply(0, sale.legal_actions(0)[-1])
    assert all(sale.timeout_action(s) == Sell(0) for s in sale.pending())
