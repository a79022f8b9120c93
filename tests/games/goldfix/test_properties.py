"""Properties of any legal play: the Bank's books balance and the table stays sound."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motherlode.games.goldfix import GAME, money
from motherlode.games.goldfix.core import BID, COVER
from motherlode.games.goldfix.rules import GoldfixState

LEVELS: list[dict[str, Any]] = [
    {},
    {"auction_level": "B", "bullion_market_level": "B"},
    {"auction_level": "EZ1", "drill_report_option": True},
    {"auction_level": "EZ2", "drill_report_option": True, "fixed_commissions": True},
    {"quickstart": True, "loan_interest": 10},
    {"tabletopia": "no-auctions"},
]


def check_books(state: GoldfixState) -> None:
    """Conservation: cash, notes, bullion and cards are all accounted for."""
    ledger = state.ledger()
    assert sum(state.cash) == ledger["bank_paid"] - ledger["bank_took"]
    assert sum(state.notes) == ledger["notes_issued"] - ledger["notes_retired"]
    assert sum(state.vault) == ledger["bullion_made"] - ledger["bullion_gone"]
    # only the player whose turn it is may owe, and only while he chooses how to cover it
    owing = [s for s, cash in enumerate(state.cash) if cash < 0]
    assert owing == [] or (owing == [state.turn] and state.phase == COVER)
    assert state.goldfix in money.GOLDFIX_LADDER
    waiting = state.after_cover[0] if state.phase == COVER and state.after_cover else None
    in_auction = state.lots if BID in (state.phase, waiting) else []
    leases = [m for m, owner in enumerate(state.lease_owner) if owner >= 0]
    reports = [c for c, owner in enumerate(state.report_owner) if owner >= 0]
    lease_lots = in_auction if state.auction_kind == "ML" else []
    report_lots = in_auction if state.auction_kind == "DR" else []
    assert sorted(state.lease_deck.cards + leases + lease_lots) == list(range(18))
    assert sorted(state.report_deck.cards + reports + report_lots) == list(range(36))
    held = [card for hand in state.holds for card in hand]
    assert sorted(state.risk_deck.cards + held) == list(range(36))
    assert all(state.lease_owner[m] >= 0 for m in range(18) if state.headgear[m])
    for seat in range(state.num_players):
        if state.active[seat]:
            assert state.notes[seat] < money.BANKRUPT_NOTES
        else:
            assert state.cash[seat] == state.vault[seat] == state.notes[seat] == 0
            assert not state.holds[seat]


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_any_legal_play_balances_the_banks_books(data: st.DataObject) -> None:
    options = {**data.draw(st.sampled_from(LEVELS)), "circuit_limit": 2}
    players = data.draw(st.integers(3, 6))
    state = GAME.new_state(players, data.draw(st.integers(0, 2**31)), options)
    assert isinstance(state, GoldfixState)
    for _ in range(3000):
        check_books(state)
        if state.is_over():
            break
        seat = data.draw(st.sampled_from(state.pending()))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
    assert state.is_over()
    check_books(state)
