"""The GOLDFIX DASHBOARD's books: a scripted evening worked by hand, and each kind alone.

Every figure below is worked in the comments from the rulebook (appendix A1/A2 and the
pages it points to) and COMPONENTS.md: money in whole $M rounded half up, bullion value
= kOz x GOLDFIX / 1000, interest per note = the tax rate x $250M (LOW $13M, HIGH $25M).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motherlode.games.goldfix import money
from motherlode.games.goldfix.ledger import (
    KINDS,
    Ledger,
    LedgerError,
    Transaction,
    bullion_discount,
    liquidation_table,
    takeover_table,
)

A, B, C, D = 0, 1, 2, 3

# (cash, notes, bullion kOz, mine leases, headgears, drill reports)
Row = tuple[int, int, int, int, int, int]


def tx(kind: str, **args: Any) -> Transaction:
    return Transaction(kind, args)


def rows(ledger: Ledger) -> list[Row]:
    return [
        (a.cash, a.notes, a.bullion, a.mine_leases, a.headgears, a.drill_reports)
        for a in ledger.accounts
    ]


# One evening at a three-player table.  Each step: the transaction, then the GOLDFIX and
# tax rate after it, then the rows of the players it changed (the others stay as they were).
EVENING: list[tuple[Transaction, int, str, dict[int, Row]]] = [
    # 1. QUICKSTART: each takes 1 ML + 1 HG for $275M: 500 - 275 = 225.
    (
        tx("quickstart"),
        1000,
        "LOW",
        {A: (225, 2, 0, 1, 1, 0), B: (225, 2, 0, 1, 1, 0), C: (225, 2, 0, 1, 1, 0)},
    ),
    # 2. GOLDFIX +$100 square: 1,000 -> 1,100.
    (tx("goldfix_up"), 1100, "LOW", {}),
    # 3. Alf wins a DRILL REPORT at $20M (minimum at $1,100 is $15M), broker Bryan:
    #    commission 10% x 20 = 2.  Alf 225 - 20 - 2 = 203; Bryan 225 + 2 = 227.
    (
        tx("buy_asset", player=A, asset="drill_report", price=20, broker=B),
        1100,
        "LOW",
        {A: (203, 2, 0, 1, 1, 1), B: (227, 2, 0, 1, 1, 0)},
    ),
    # 4. Chris wins a MINE LEASE at $40M (minimum $30M), broker Bryan: commission 4.
    #    Chris 225 - 44 = 181; Bryan 227 + 4 = 231.
    (
        tx("buy_asset", player=C, asset="mine_lease", price=40, broker=B),
        1100,
        "LOW",
        {B: (231, 2, 0, 1, 1, 0), C: (181, 2, 0, 2, 1, 0)},
    ),
    # 5. Chris buys a HEADGEAR at $300M with $181M: OVERDRAFT.  Short 119 -> one $230M
    #    loan (250 less the $20M fee) and a third note: 181 + 230 - 300 = 111.
    (tx("buy_headgear", player=C), 1100, "LOW", {C: (111, 3, 0, 2, 2, 0)}),
    # 6. Alf passes his mine, dice 8, one matching DR: production row ONE, 7-9 -> 80 kOz.
    (tx("production", player=A, dice=8, drill_reports=1), 1100, "LOW", {A: (203, 2, 80, 1, 1, 1)}),
    # 7. Bryan, dice 5, no DR: row NONE, 4-6 -> 30 kOz.
    (tx("production", player=B, dice=5, drill_reports=0), 1100, "LOW", {B: (231, 2, 30, 1, 1, 0)}),
    # 8. Chris lands on his own mine with a 12, no DR: 50 kOz + 100 BONUS = 150 kOz.
    (
        tx("production", player=C, dice=12, drill_reports=0, bonus=100),
        1100,
        "LOW",
        {C: (111, 3, 150, 2, 2, 0)},
    ),
    # 9. GOLDFIX +$100: 1,200.
    (tx("goldfix_up"), 1200, "LOW", {}),
    # 10. BULLION MARKET at $1,200, broker Bryan at 10% (SALE WITH COMMISSION):
    #     Alf sells 100% = 80 kOz: 80 x 1.2 = 96; commission 9.6 -> 10; pay to mine 86.
    #       Alf 203 + 86 = 289.
    #     Chris sells 50% of 150 = 75 kOz: 75 x 1.2 = 90; commission 9; pay to mine 81.
    #       Chris 111 + 81 = 192, 75 kOz left.
    #     Bryan 231 + 10 + 9 = 250.  The GOLDFIX drops once: 1,200 -> 1,100.
    (
        tx("sell_bullion", broker=B, rate=10, drop=100, sales=[[A, 100], [C, 50]]),
        1100,
        "LOW",
        {A: (289, 2, 0, 1, 1, 1), B: (250, 2, 30, 1, 1, 0), C: (192, 3, 75, 2, 2, 0)},
    ),
    # 11. BULLION TAX at LOW (5%), Chris: 75 kOz x 1.1 = 82.5 -> 83; 5% = 4.15 -> 4.
    #     Chris 192 - 4 = 188.
    (tx("bullion_tax", player=C), 1100, "LOW", {C: (188, 3, 75, 2, 2, 0)}),
    # 12. CORPORATION TAX at LOW, Alf: net cash 289 - 2 x 250 < 0 -> 0; assets at $1,100
    #     ML 30 + HG 300 + DR 15 = 345; 5% = 17.25 -> 17.  Alf 289 - 17 = 272.
    (tx("corporation_tax", player=A), 1100, "LOW", {A: (272, 2, 0, 1, 1, 1)}),
    # 13. TAX BUDGET DAY: LOW -> HIGH.
    (tx("tax_switch"), 1100, "HIGH", {}),
    # 14. CORPORATION TAX at HIGH (10%), Bryan: net cash 250 - 500 < 0 -> 0; ML 30 + HG 300
    #     = 330; 10% = 33.  Bryan 250 - 33 = 217.
    (tx("corporation_tax", player=B), 1100, "HIGH", {B: (217, 2, 30, 1, 1, 0)}),
    # 15. BULLION TAX at HIGH, Bryan: 30 kOz x 1.1 = 33; 10% = 3.3 -> 3.  217 - 3 = 214.
    (tx("bullion_tax", player=B), 1100, "HIGH", {B: (214, 2, 30, 1, 1, 0)}),
    # 16. Alf passes the BANK: interest at HIGH = 10% x 250 = 25 a note, 2 notes = 50.
    #     272 - 50 = 222.
    (tx("pay_interest", player=A), 1100, "HIGH", {A: (222, 2, 0, 1, 1, 1)}),
    # 17. ...and takes a NORMAL loan: 222 + 250 = 472, 3 notes.
    (tx("normal_loan", player=A), 1100, "HIGH", {A: (472, 3, 0, 1, 1, 1)}),
    # 18. Bryan lands on the BANK.  Interest must be paid before any new loan is
    #     approved (BANKING, the small print): 2 notes x 25 = 50, 214 - 50 = 164; then a
    #     DISCOUNT loan, 164 + 260 = 424, 3 notes.
    (tx("pay_interest", player=B), 1100, "HIGH", {B: (164, 2, 30, 1, 1, 0)}),
    (tx("discount_loan", player=B), 1100, "HIGH", {B: (424, 3, 30, 1, 1, 0)}),
    # 19. MERCHANT BANK TAKEOVER: Alf pays the $10M fee (472 - 10 = 462), red 4, black 2:
    #     success at 2x.  Chris's ML + HG of one mine at $1,100: 30 + 300 = 330, x 2 = 660.
    #     Alf is 198 short: one overdraft, 462 + 230 - 660 = 32, 4 notes; Alf now 2 ML, 2 HG.
    #     Chris 188 + 660 = 848, 1 ML, 1 HG left.
    (
        tx(
            "takeover",
            bidder=A,
            red=4,
            black=2,
            owners=[{"player": C, "mine_leases": 1, "headgears": 1}],
        ),
        1100,
        "HIGH",
        {A: (32, 4, 0, 2, 2, 1), C: (848, 3, 75, 1, 1, 0)},
    ),
    # 20-21. Chris REPAYS two notes: 848 - 250 = 598, 2 notes; 598 - 250 = 348, 1 note.
    (tx("repay", player=C), 1100, "HIGH", {C: (598, 2, 75, 1, 1, 0)}),
    (tx("repay", player=C), 1100, "HIGH", {C: (348, 1, 75, 1, 1, 0)}),
    # 22. GOLDFIX +$100: 1,200.
    (tx("goldfix_up"), 1200, "HIGH", {}),
    # 23. Alf, dice 10, one DR: row ONE, 10-11 -> 90 kOz.
    (
        tx("production", player=A, dice=10, drill_reports=1),
        1200,
        "HIGH",
        {A: (32, 4, 90, 2, 2, 1)},
    ),
    # 24. Player to player: Alf sells Bryan 40 kOz for $45M.  Alf 32 + 45 = 77, 50 kOz;
    #     Bryan 424 - 45 = 379, 30 + 40 = 70 kOz.
    (
        tx("transfer", seller=A, buyer=B, bullion=40, price=45),
        1200,
        "HIGH",
        {A: (77, 4, 50, 2, 2, 1), B: (379, 3, 70, 1, 1, 0)},
    ),
    # 25. Alf sells Bryan his DRILL REPORT for $20M: Alf 97; Bryan 359.
    (
        tx("transfer", seller=A, buyer=B, drill_reports=1, price=20),
        1200,
        "HIGH",
        {A: (97, 4, 50, 2, 2, 0), B: (359, 3, 70, 1, 1, 1)},
    ),
    # 26. Bryan LIQUIDATES 50% of his bullion at -50%: 35 kOz x 1.2 = 42, half = 21.
    #     Bryan 359 + 21 = 380, 35 kOz left; the GOLDFIX does not move.
    (
        tx("liquidate_bullion", player=B, percent=50, discount=50),
        1200,
        "HIGH",
        {B: (380, 3, 35, 1, 1, 1)},
    ),
    # 27. Chris liquidates all 75 kOz with the RISK -25% card: 75 x 1.2 = 90; 75% of 90 =
    #     67.5 -> 68.  Chris 348 + 68 = 416.
    (
        tx("liquidate_bullion", player=C, percent=100, discount=25),
        1200,
        "HIGH",
        {C: (416, 1, 0, 1, 1, 0)},
    ),
    # 28. Bryan liquidates his DR at -50%: DR at $1,200 = 20, half = 10.  380 + 10 = 390.
    (
        tx("liquidate_assets", player=B, drill_reports=1, discount=50),
        1200,
        "HIGH",
        {B: (390, 3, 35, 1, 1, 0)},
    ),
    # 29. RISK interim 20% BULLION TAX, Alf: 50 kOz x 1.2 = 60; 20% = 12.  97 - 12 = 85.
    (tx("bullion_tax", player=A, interim=True), 1200, "HIGH", {A: (85, 4, 50, 2, 2, 0)}),
    # 30. RISK interim 20% CORPORATION TAX, Chris: net cash 416 - 250 = 166; ML 35 + HG 350
    #     = 385; (166 + 385) x 20% = 110.2 -> 110.  416 - 110 = 306.
    (tx("corporation_tax", player=C, interim=True), 1200, "HIGH", {C: (306, 1, 0, 1, 1, 0)}),
    # 31. TAX BUDGET DAY: HIGH -> LOW.
    (tx("tax_switch"), 1200, "LOW", {}),
    # 32. BULLION TAX at LOW, Alf: 60 x 5% = 3.  85 - 3 = 82.
    (tx("bullion_tax", player=A), 1200, "LOW", {A: (82, 4, 50, 2, 2, 0)}),
    # 33. CORPORATION TAX at LOW, Chris: (306 - 250) + 385 = 441; 5% = 22.05 -> 22.  284.
    (tx("corporation_tax", player=C), 1200, "LOW", {C: (284, 1, 0, 1, 1, 0)}),
    # 34. Bryan pays interest at LOW: 5% x 250 = 12.5 -> 13 a note, 3 notes = 39.  351.
    (tx("pay_interest", player=B), 1200, "LOW", {B: (351, 3, 35, 1, 1, 0)}),
    # 35. The GOLDFIX corner: broker Chris at the fixed 25%, GOLDFIX -$200.
    #     Alf 50 kOz x 1.2 = 60; commission 15; net 45.  Alf 82 + 45 = 127.
    #     Bryan 35 kOz x 1.2 = 42; commission 10.5 -> 11; net 31.  Bryan 351 + 31 = 382.
    #     Chris 284 + 15 + 11 = 310.  GOLDFIX 1,200 -> 1,000.
    (
        tx("sell_bullion", broker=C, rate=25, drop=200, sales=[[A, 100], [B, 100]]),
        1000,
        "LOW",
        {A: (127, 4, 0, 2, 2, 0), B: (382, 3, 0, 1, 1, 0), C: (310, 1, 0, 1, 1, 0)},
    ),
    # 36-37. GOLDFIX +$100 (a RISK card), then -$100 by hand (a correction).
    (tx("goldfix_up"), 1100, "LOW", {}),
    (tx("goldfix_down"), 1000, "LOW", {}),
    # 38. Player to bank: Bryan buys a MINE LEASE from the Bank for $25M: 382 - 25 = 357.
    (
        tx("transfer", seller="bank", buyer=B, mine_leases=1, price=25),
        1000,
        "LOW",
        {B: (357, 3, 0, 2, 1, 0)},
    ),
    # 39. Bryan buys its HEADGEAR at $1,000: 250.  357 - 250 = 107.
    (tx("buy_headgear", player=B), 1000, "LOW", {B: (107, 3, 0, 2, 2, 0)}),
    # 40. Bryan, dice 3, no DR: 25 kOz, + 50 BONUS (an opponent landed on his mine) = 75.
    (
        tx("production", player=B, dice=3, drill_reports=0, bonus=50),
        1000,
        "LOW",
        {B: (107, 3, 75, 2, 2, 0)},
    ),
    # 41. Alf pays the Bank a MERCHANT BANK fee by hand (player / bank): 127 - 10 = 117.
    (
        tx("transfer", seller=A, buyer="bank", merchant_bank_fees=1),
        1000,
        "LOW",
        {A: (117, 4, 0, 2, 2, 0)},
    ),
    # 42. Alf pays interest at LOW: 4 notes x 13 = 52.  117 - 52 = 65.
    (tx("pay_interest", player=A), 1000, "LOW", {A: (65, 4, 0, 2, 2, 0)}),
    # 43. A RISK flash sale, self-brokered (0%): Bryan sells 75 kOz at $1,000 = 75.
    #     107 + 75 = 182; the GOLDFIX cannot fall below $1,000.
    (
        tx("sell_bullion", broker=None, rate=0, drop=100, sales=[[B, 100]]),
        1000,
        "LOW",
        {B: (182, 3, 0, 2, 2, 0)},
    ),
    # 44. The table agrees a custom winner total of $500M (the books do not move).
    (tx("winner_target", target=500), 1000, "LOW", {}),
    # 45-47. Chris passes the BANK: interest first, 1 note x 13 = 13, 310 - 13 = 297; a
    #     NORMAL loan, 547, 2 notes; repaid before the BANK comes round again: 297.
    (tx("pay_interest", player=C), 1000, "LOW", {C: (297, 1, 0, 1, 1, 0)}),
    (tx("normal_loan", player=C), 1000, "LOW", {C: (547, 2, 0, 1, 1, 0)}),
    (tx("repay", player=C), 1000, "LOW", {C: (297, 1, 0, 1, 1, 0)}),
]


def test_a_scripted_evening() -> None:
    ledger = Ledger(["Alf", "Bryan", "Chris"])
    expected: list[Row] = [(500, 2, 0, 0, 0, 0)] * 3
    assert rows(ledger) == expected
    for step, (transaction, goldfix, tax, changed) in enumerate(EVENING, start=1):
        ledger.apply(transaction)
        for p, row in changed.items():
            expected[p] = row
        assert (step, ledger.goldfix, ledger.tax) == (step, goldfix, tax)
        assert (step, rows(ledger)) == (step, expected)
    assert len(EVENING) >= 40
    assert len(ledger.entries) == len(EVENING)
    # Broker totals [41] / [43]: Bryan 2 + 4 auction, 10 + 9 market; Chris 15 + 11 market.
    assert ledger.accounts[B].asset_commission == 6
    assert ledger.accounts[B].bullion_commission == 19
    assert ledger.accounts[C].bullion_commission == 26
    # NET WORTH [9] at $1,000: cash + assets (ML 25, HG 250) + bullion - notes x 250.
    # Alf 65 + 2 x 275 - 4 x 250 = -385; Bryan 182 + 550 - 750 = -18; Chris 297 + 275 - 250
    # = 322.  Ranking [10]: Chris, Bryan, Alf.
    assert [ledger.net_worth(p) for p in (A, B, C)] == [-385, -18, 322]
    assert ledger.ranking() == [C, B, A]
    assert ledger.winner == 500
    assert not any(ledger.has_won(p) for p in (A, B, C))
    # The books replay to the same figures, and undo is replay of all but the last.
    again = Ledger.replay(["Alf", "Bryan", "Chris"], ledger.transactions)
    assert rows(again) == rows(ledger)
    ledger.undo()
    assert rows(ledger)[C] == (547, 2, 0, 1, 1, 0)
    # The JSON form of every transaction round-trips.
    for transaction, *_ in EVENING:
        assert Transaction.from_json(transaction.to_json()) == transaction


# ------------------------------------------------------------------ players, errors


def fresh() -> Ledger:
    return Ledger(["Alf", "Bryan", "Chris", "Don"])


@pytest.mark.parametrize(
    "names",
    [["A", "B"], ["A", "B", "C", "D", "E", "F", "G"], ["A", "B", ""], ["A", "B", "a"]],
)
def test_three_to_six_named_players(names: list[str]) -> None:
    with pytest.raises(LedgerError):
        Ledger(names)


def test_a_refused_transaction_changes_nothing() -> None:
    ledger = fresh()
    before = rows(ledger)
    bad = [
        tx("buy_headgear", player=A),  # no MINE LEASE
        tx("goldfix_down"),  # at $1,000
        tx("buy_asset", player=A, asset="mine_lease", price=20),  # under the $25M minimum
        tx("sell_bullion", broker=B, rate=10, sales=[[A, 100]]),  # no bullion
        tx("sell_bullion", broker=B, rate=12, sales=[[A, 100]]),  # not a drop-down rate
        tx("transfer", seller=A, buyer=B, mine_leases=1),  # Alf has none
        tx("transfer", seller=A, buyer=B),  # nothing entered
        tx("production", player=9, dice=3),
        tx("production", player=A, dice=13),
        tx("nonsense"),
    ]
    for transaction in bad:
        with pytest.raises(LedgerError):
            ledger.apply(transaction)
        assert rows(ledger) == before
        assert ledger.entries == []


def test_from_json_refuses_unknown_kinds() -> None:
    with pytest.raises(LedgerError):
        Transaction.from_json({"kind": "steal"})
    with pytest.raises(LedgerError):
        Transaction.from_json({"player": 1})
    assert set(KINDS) >= {"sell_bullion", "takeover", "transfer", "quickstart", "reset"}


# ------------------------------------------------------------------------ each kind


def test_goldfix_moves_on_the_ladder_and_prices_follow() -> None:
    ledger = fresh()
    for _ in range(10):
        ledger.apply(tx("goldfix_up"))
    assert ledger.goldfix == 2000
    with pytest.raises(LedgerError):
        ledger.apply(tx("goldfix_up"))
    state = ledger.to_json()
    # [2] / [4]: at $2,000 the GOLDFIX table reads ML 75, HG 750, DR 60.
    assert state["prices"] == {"mine_lease": 75, "headgear": 750, "drill_report": 60}


def test_overdraft_then_bankruptcy_at_seven_notes() -> None:
    ledger = fresh()
    # 500 cash, 2 notes; a $1,000M RISK card penalty needs ceil(500 / 230) = 3 overdrafts:
    # 500 + 690 - 1000 = 190, 5 notes.  Booked as a cash-only payment to the Bank.
    ledger.apply(tx("cash", payer=A, payee="bank", amount=1000, memo="RISK card"))
    assert rows(ledger)[A] == (190, 5, 0, 0, 0, 0)
    # another $600M: short 410 -> 2 overdrafts: 190 + 460 - 600 = 50, 7 notes: BANKRUPT.
    entry = ledger.apply(tx("cash", payer=A, payee="bank", amount=600))
    assert rows(ledger)[A] == (50, 7, 0, 0, 0, 0)
    assert ledger.accounts[A].bankrupt
    assert "BANKRUPT" in entry.effect
    assert ledger.ranking()[-1] == A
    with pytest.raises(LedgerError, match="bankrupt"):
        ledger.apply(tx("normal_loan", player=A))
    ledger.undo()
    assert not ledger.accounts[A].bankrupt


def test_voluntary_loans_stop_at_six_notes() -> None:
    ledger = fresh()
    # At LOW each note costs $13M interest, paid before each loan:
    # 500 - 26 + 250 = 724; - 39 + 250 = 935; - 52 + 250 = 1133; - 65 + 250 = 1318.
    for _ in range(4):
        ledger.apply(tx("pay_interest", player=A))
        ledger.apply(tx("normal_loan", player=A))
    assert rows(ledger)[A] == (1318, 6, 0, 0, 0, 0)
    ledger.apply(tx("pay_interest", player=A))
    with pytest.raises(LedgerError, match="the most"):
        ledger.apply(tx("discount_loan", player=A))


def test_interest_must_be_paid_before_any_new_loan() -> None:
    """BANKING, the small print: "Interest must be paid before any new loan is approved"."""
    ledger = fresh()
    with pytest.raises(LedgerError, match=r"interest must be paid .* \$26M"):
        ledger.apply(tx("normal_loan", player=A))
    assert ledger.to_json()["players"][A]["interest_first"]
    ledger.apply(tx("pay_interest", player=A))  # 500 - 26 = 474
    assert not ledger.to_json()["players"][A]["interest_first"]
    ledger.apply(tx("discount_loan", player=A))  # 474 + 260 = 734, 3 notes
    assert rows(ledger)[A] == (734, 3, 0, 0, 0, 0)
    # the payment is spent by the loan: a second loan needs interest again
    with pytest.raises(LedgerError, match="interest must be paid"):
        ledger.apply(tx("normal_loan", player=A))
    # a payment lapses when the player moves on (production from a dice roll) ...
    ledger.apply(tx("pay_interest", player=A))
    ledger.apply(tx("production", player=A, dice=4))
    with pytest.raises(LedgerError, match="interest must be paid"):
        ledger.apply(tx("normal_loan", player=A))
    # ... but not when an opponent lands on his mine (the +50 bonus on its own)
    ledger.apply(tx("pay_interest", player=A))
    entry = ledger.apply(tx("production", player=A, koz=0, bonus=50))
    assert entry.effect == "Alf receives the 50 kOz bonus (a player landed on his mine): 80 kOz"
    ledger.apply(tx("normal_loan", player=A))
    # a player who has repaid every note owes no interest and borrows at once
    other = fresh()
    other.apply(tx("repay", player=B))
    other.apply(tx("repay", player=B))
    other.apply(tx("normal_loan", player=B))
    assert rows(other)[B] == (250, 1, 0, 0, 0, 0)


def test_a_cash_only_payment() -> None:
    """A RISK card that pays or charges cash, with no item changing hands."""
    ledger = fresh()
    entry = ledger.apply(tx("cash", payer="bank", payee=B, amount=100, memo="RISK: bonus"))
    assert entry.effect == "the BANK pays Bryan $100M (RISK: bonus)"
    ledger.apply(tx("cash", payer=A, payee=C, amount=40))
    assert [r[0] for r in rows(ledger)] == [460, 600, 540, 500]
    bad = [
        tx("cash", payer="bank", payee="bank", amount=10),
        tx("cash", payer=A, payee=A, amount=10),
        tx("cash", payer=A, payee=B, amount=0),
        tx("cash", payer=A, payee=B, amount=-5),
        tx("cash", payer=A, payee=B, amount=5, memo="x" * 61),
        tx("cash", payer=A, payee=9, amount=5),
    ]
    for transaction in bad:
        with pytest.raises(LedgerError):
            ledger.apply(transaction)
    assert len(ledger.entries) == 2


def test_the_bank_side_of_44_is_at_the_rules_prices() -> None:
    """A2 [44] with the BANK: LIQUIDATION (p15), REPAY [14], the $10M fee, the price table."""
    ledger = fresh()
    ledger.apply(tx("quickstart"))  # everyone 225, 1 ML + 1 HG
    ledger.apply(tx("production", player=A, koz=150))
    # Alf "sells 2 LOAN NOTE to BANK for $0M": no, he repays them at $250M each, with
    # cash (REPAY [14] takes no overdraft).  He has 225, then 325 after a RISK reward.
    with pytest.raises(LedgerError, match="needs \\$500M cash"):
        ledger.apply(tx("transfer", seller=A, buyer="bank", loan_notes=2))
    ledger.apply(tx("cash", payer="bank", payee=A, amount=100))
    with pytest.raises(LedgerError, match="the BANK's price is -\\$250M"):
        ledger.apply(tx("transfer", seller=A, buyer="bank", loan_notes=1, price=0))
    e = ledger.apply(tx("transfer", seller=A, buyer="bank", loan_notes=1))
    assert rows(ledger)[A] == (75, 1, 150, 1, 1, 0)
    assert "pays $250M" in e.effect
    ledger.undo()
    ledger.undo()
    # A MERCHANT BANK fee is $10M, and the entry says so.
    e = ledger.apply(tx("transfer", seller=A, buyer="bank", merchant_bank_fees=1))
    assert e.effect == (
        "Alf sells 1 MERCHANT BANK FEE to the BANK: pays $10M (MERCHANT BANK fee -$10M)"
    )
    assert rows(ledger)[A][0] == 215
    # Bullion and mine assets sold to the BANK are a LIQUIDATION: -50%, or -25% with the
    # RISK card.  150 kOz at $1,000 = 150, half = 75; ML + HG = 275, half = 137.5 -> 138.
    e = ledger.apply(
        tx("transfer", seller=A, buyer="bank", bullion=150, mine_leases=1, headgears=1)
    )
    assert rows(ledger)[A] == (215 + 75 + 138, 2, 0, 0, 0, 0)
    assert "receives $213M" in e.effect and "LIQUIDATION -50%" in e.effect
    # Bryan with the RISK card: ML + HG at -25% = 275 x 0.75 = 206.25 -> 206 (A1's table).
    ledger.apply(tx("transfer", seller=B, buyer="bank", mine_leases=1, headgears=1, discount=25))
    assert rows(ledger)[B] == (225 + 206, 2, 0, 0, 0, 0)
    # The BANK sells a MINE LEASE at the minimum bid and a HEADGEAR at its price ($1,000:
    # 25 and 250): Bryan 431 - 275 = 156.
    ledger.apply(tx("transfer", seller="bank", buyer=B, mine_leases=1, headgears=1))
    assert rows(ledger)[B] == (156, 2, 0, 1, 1, 0)
    before = rows(ledger)
    refused = [
        tx("transfer", seller="bank", buyer=C, mine_leases=1, price=1),  # not the $25M
        tx("transfer", seller="bank", buyer=C, bullion=10),  # the BANK sells no bullion
        tx("transfer", seller="bank", buyer=C, loan_notes=1),  # a loan is BOR, after interest
        tx("transfer", seller=C, buyer="bank", mine_leases=1, discount=10),  # -50 or -25 only
        tx("transfer", seller=C, buyer="bank", loan_notes=1, discount=25),  # nothing liquidated
        tx("transfer", seller=C, buyer="bank", mine_leases=1, price=0),  # it is worth $13M
        tx("transfer", seller=C, buyer=D, mine_leases=1, discount=50),  # players agree a price
        tx("transfer", seller="bank", buyer=C, headgears=1),  # a second HEADGEAR, one lease
    ]
    for transaction in refused:
        with pytest.raises(LedgerError):
            ledger.apply(transaction)
        assert rows(ledger) == before


def test_the_merchant_bank_example_in_one_takeover() -> None:
    """MERCHANT BANK, the rulebook's example: ALPACA at $1,200, red 4 (2x).  Player #1
    holds the MINE LEASE and HEADGEAR, #2 and #3 a DRILL REPORT each; one $10M fee."""
    ledger = fresh()
    ledger.apply(tx("goldfix_up"))
    ledger.apply(tx("goldfix_up"))  # $1,200: ML 35, HG 350, DR 20
    ledger.apply(tx("transfer", seller="bank", buyer=A, mine_leases=1, headgears=1))  # 115
    ledger.apply(tx("transfer", seller="bank", buyer=B, drill_reports=1))  # 480
    ledger.apply(tx("transfer", seller="bank", buyer=C, drill_reports=1))  # 480
    e = ledger.apply(
        tx(
            "takeover",
            bidder=D,
            red=4,
            black=1,
            owners=[
                {"player": A, "mine_leases": 1, "headgears": 1},
                {"player": B, "drill_reports": 1},
                {"player": C, "drill_reports": 1},
            ],
        )
    )
    # Alf 2 x (35 + 350) = 770; Bryan and Chris 2 x 20 = 40 each; Don pays 10 + 850 = 860
    # with 500: short 360 -> 2 overdrafts: 500 + 460 - 860 = 100, 4 notes.
    assert rows(ledger) == [
        (115 + 770, 2, 0, 0, 0, 0),
        (480 + 40, 2, 0, 0, 0, 0),
        (480 + 40, 2, 0, 0, 0, 0),
        (100, 4, 0, 1, 1, 2),
    ]
    assert e.effect.count("MERCHANT BANK fee") == 1
    assert "from Alf for $770M" in e.effect
    assert "from Bryan for $40M" in e.effect and "from Chris for $40M" in e.effect
    # a takeover is against one mine: never two leases, nor an owner named twice
    with pytest.raises(LedgerError, match="single mine"):
        ledger.apply(
            tx(
                "takeover",
                bidder=A,
                red=5,
                black=1,
                owners=[{"player": D, "mine_leases": 1, "headgears": 1, "drill_reports": 3}],
            )
        )
    with pytest.raises(LedgerError, match="once"):
        ledger.apply(
            tx(
                "takeover",
                bidder=A,
                red=5,
                black=1,
                owners=[{"player": D, "drill_reports": 1}, {"player": D, "drill_reports": 1}],
            )
        )


def test_balances_after_an_entry() -> None:
    ledger = fresh()
    ledger.apply(tx("quickstart"))
    ledger.apply(tx("production", player=A, koz=150))
    assert ledger.balances()[A] == {
        "cash": 225,
        "notes": 2,
        "vault_koz": 150,
        "bullion_value": 150,
        "assets": 275,
        "net_worth": 225 + 275 + 150 - 500,
    }


def test_repay_needs_the_cash() -> None:
    ledger = fresh()
    ledger.apply(tx("repay", player=A))
    ledger.apply(tx("repay", player=A))
    assert rows(ledger)[A] == (0, 0, 0, 0, 0, 0)
    with pytest.raises(LedgerError):
        ledger.apply(tx("repay", player=A))
    with pytest.raises(LedgerError):
        ledger.apply(tx("pay_interest", player=A))  # no notes, no interest


def test_headgear_never_above_mine_leases() -> None:
    ledger = fresh()
    ledger.apply(tx("buy_asset", player=A, asset="mine_lease"))  # at the $25M minimum
    ledger.apply(tx("buy_headgear", player=A))
    with pytest.raises(LedgerError, match="never more HEADGEAR"):
        ledger.apply(tx("buy_headgear", player=A))
    with pytest.raises(LedgerError, match="never more HEADGEAR"):
        ledger.apply(tx("transfer", seller=A, buyer=B, mine_leases=1, price=10))
    with pytest.raises(LedgerError, match="never more HEADGEAR"):
        ledger.apply(tx("transfer", seller=A, buyer=B, headgears=1, price=10))
    # A lease goes with its headgear: fine.  Alf 500 - 25 - 250 + 100 = 325.
    ledger.apply(tx("transfer", seller=A, buyer=B, mine_leases=1, headgears=1, price=100))
    assert rows(ledger)[A] == (325, 2, 0, 0, 0, 0)
    assert rows(ledger)[B] == (400, 2, 0, 1, 1, 0)


def test_loan_notes_change_hands() -> None:
    ledger = fresh()
    # Bryan takes over one of Alf's notes and is paid $240M for it (price negative: the
    # seller of a note pays the buyer).
    ledger.apply(tx("transfer", seller=A, buyer=B, loan_notes=1, price=-240))
    assert rows(ledger)[A] == (260, 1, 0, 0, 0, 0)
    assert rows(ledger)[B] == (740, 3, 0, 0, 0, 0)


def test_the_merchant_bank_fee_goes_to_the_bank_only() -> None:
    ledger = fresh()
    with pytest.raises(LedgerError):
        ledger.apply(tx("transfer", seller=A, buyer=B, merchant_bank_fees=1))


def test_takeover_failures_and_counter() -> None:
    ledger = fresh()
    ledger.apply(tx("quickstart"))  # everyone 225
    # equal dice: failed, the $10M fee is not refunded.
    ledger.apply(tx("takeover", bidder=A, red=5, black=5, owners=[]))
    assert rows(ledger)[A] == (215, 2, 0, 1, 1, 0)
    # red 3: failed.
    ledger.apply(tx("takeover", bidder=A, red=3, black=1))
    assert rows(ledger)[A][0] == 205
    # red 6 (0.5x), Bryan counters with black 6 = red: failed; each paid a $10M fee.
    ledger.apply(
        tx(
            "takeover",
            bidder=A,
            red=6,
            black=2,
            owners=[{"player": B, "mine_leases": 1, "headgears": 1}],
            counters=[[B, 6]],
        )
    )
    assert rows(ledger)[A][0] == 195 and rows(ledger)[B] == (215, 2, 0, 1, 1, 0)
    # red 6, Bryan's counter misses: Alf pays 0.5 x (25 + 250) = 137.5 -> 138 (+ 10 fee).
    ledger.apply(
        tx(
            "takeover",
            bidder=A,
            red=6,
            black=2,
            owners=[{"player": B, "mine_leases": 1, "headgears": 1}],
            counters=[[B, 3]],
        )
    )
    assert rows(ledger)[A] == (195 - 10 - 138, 2, 0, 2, 2, 0)
    assert rows(ledger)[B] == (215 - 10 + 138, 2, 0, 0, 0, 0)


def test_quickstart_only_at_the_start_and_reset() -> None:
    ledger = fresh()
    ledger.apply(tx("quickstart"))
    with pytest.raises(LedgerError):
        ledger.apply(tx("quickstart"))
    ledger.apply(tx("goldfix_up"))
    ledger.apply(tx("tax_switch"))
    ledger.apply(tx("reset"))
    assert rows(ledger) == [(500, 2, 0, 0, 0, 0)] * 4
    assert (ledger.goldfix, ledger.tax) == (1000, "LOW")
    ledger.apply(tx("quickstart"))
    ledger.undo()
    ledger.undo()
    assert rows(ledger)[A] == (225, 2, 0, 1, 1, 0)
    assert (ledger.goldfix, ledger.tax) == (1100, "HIGH")


def test_undo_of_nothing() -> None:
    with pytest.raises(LedgerError):
        fresh().undo()


def test_winner_needs_the_target_and_no_notes() -> None:
    ledger = fresh()
    ledger.apply(tx("winner_target", target=250))
    # Alf makes 300 kOz and sells them self-brokered at $1,000: 500 + 300 = 800.
    ledger.apply(tx("production", player=A, koz=300))
    ledger.apply(tx("sell_bullion", rate=0, sales=[[A, 100]]))
    ledger.apply(tx("repay", player=A))
    assert rows(ledger)[A] == (550, 1, 0, 0, 0, 0)
    assert not ledger.has_won(A)  # one note left
    ledger.apply(tx("repay", player=A))
    assert rows(ledger)[A] == (300, 0, 0, 0, 0, 0)
    assert ledger.has_won(A) and ledger.ranking()[0] == A
    assert ledger.to_json()["players"][A]["winner"]
    ledger.apply(tx("winner_target"))  # back to the default $1,000M
    assert not ledger.has_won(A)


def test_the_calculators_match_the_appendix() -> None:
    # [42] at $1,000: 19/13/6, 206/138/69, 214/143/71, 221/148/74 (A1).
    table = liquidation_table(1000)
    assert [list(r["discounts"].values()) for r in table] == [
        [19, 13, 6],
        [206, 138, 69],
        [214, 143, 71],
        [221, 148, 74],
    ]
    # [39] at $1,200, red 4: 70, 770, 40, 850 (MERCHANT BANK page).
    assert [r["cost"] for r in takeover_table(1200, 4)] == [70, 770, 40, 850]
    assert [r["cost"] for r in takeover_table(1200, 2)] == [None] * 4
    # [38]: 150 kOz at $1,000 less 50% = 75.
    assert bullion_discount(150, 1000, 50) == {"koz": 150, "value": 150, "discounted": 75}


def test_state_quotes_come_from_the_money_module() -> None:
    ledger = fresh()
    ledger.apply(tx("production", player=A, koz=200))
    quote = ledger.to_json()["players"][A]["quotes"]["50"]
    # A1's row: 200 kOz at 50% = 100 kOz at $1,000 = $100M; 10% broker: 10, pay to mine 90.
    assert quote["koz"] == 100 and quote["value"] == 100
    assert quote["sale"]["10"] == {"commission": 10, "net": 90}
    assert quote["liquidation"] == {"50": 50, "25": 75}
    assert ledger.to_json()["production_table"] == [list(r) for r in money.PRODUCTION_TABLE]


def test_each_transaction_keeps_the_rules_it_was_booked_under() -> None:
    """Rules 1 (the first release) had no interest-first and took the BANK's price as
    entered; books kept then replay to the same figures, undo included."""
    old = [
        Transaction.from_json({"kind": "normal_loan", "player": A, "rules": 1}),
        Transaction.from_json(
            {"kind": "transfer", "seller": B, "buyer": "bank", "loan_notes": 2, "rules": 1}
        ),
        Transaction.from_json({"kind": "normal_loan", "player": C}),
    ]
    assert [t.rules for t in old] == [1, 1, 2]
    ledger = fresh()
    ledger.apply(old[0])
    ledger.apply(old[1])
    assert rows(ledger)[:2] == [(750, 3, 0, 0, 0, 0), (500, 0, 0, 0, 0, 0)]
    with pytest.raises(LedgerError, match="interest"):
        ledger.apply(old[2])
    ledger.apply(tx("goldfix_up"))
    ledger.undo()
    assert rows(ledger)[:2] == [(750, 3, 0, 0, 0, 0), (500, 0, 0, 0, 0, 0)]
    with pytest.raises(LedgerError, match="'rules'"):
        Transaction.from_json({"kind": "goldfix_up", "rules": 3})


def test_the_interest_rate_follows_the_tax_rate_unless_agreed() -> None:
    """BANKING: a "variable" rate with no figure: the tax rate (LOW 5% of $250M = 12.5 ->
    $13M a note, HIGH $25M), or a fixed rate the table agrees."""
    ledger = fresh()
    assert ledger.to_json()["interest_per_note"] == 13
    ledger.apply(tx("interest_rate", percent=8))  # 8% of 250 = $20M a note
    e = ledger.apply(tx("pay_interest", player=A))
    assert e.effect == "Alf pays interest on 2 LOAN NOTE(S) at 8%: $40M"
    ledger.apply(tx("tax_switch"))  # a fixed rate does not follow the tax
    assert ledger.to_json()["players"][B]["interest"] == 40
    ledger.apply(tx("interest_rate"))  # back to the tax rate: HIGH, $25M a note
    assert ledger.to_json()["players"][B]["interest"] == 50
    for bad in (-1, 51, "8"):
        with pytest.raises(LedgerError):
            ledger.apply(tx("interest_rate", percent=bad))
    ledger.apply(tx("interest_rate", percent=0))
    ledger.apply(tx("reset"))
    assert ledger.interest_rate is None


# ------------------------------------------------------------------ properties

PLAYER = st.sampled_from([A, B, C, D, 7, "x"])
PARTY = st.sampled_from([A, B, C, D, "bank"])
COUNT = st.integers(min_value=-1, max_value=3)
TRANSACTIONS = st.one_of(
    st.sampled_from([tx("goldfix_up"), tx("goldfix_down"), tx("tax_switch"), tx("quickstart")]),
    st.builds(
        lambda k, p: tx(k, player=p),
        st.sampled_from(
            ["normal_loan", "discount_loan", "pay_interest", "repay", "buy_headgear", "bullion_tax"]
        ),
        PLAYER,
    ),
    st.builds(
        lambda p, d, r, b: tx("production", player=p, dice=d, drill_reports=r, bonus=b),
        PLAYER,
        st.integers(0, 13),
        st.integers(0, 3),
        st.sampled_from([0, 50, 100, 70]),
    ),
    st.builds(
        lambda p, a, price, b: tx("buy_asset", player=p, asset=a, price=price, broker=b),
        PLAYER,
        st.sampled_from(["mine_lease", "drill_report", "gold"]),
        st.integers(0, 80),
        st.sampled_from([None, A, B]),
    ),
    st.builds(
        lambda s, pct, r: tx("sell_bullion", broker=B, rate=r, sales=[[s, pct]]),
        PLAYER,
        st.sampled_from([0, 25, 50, 100, 30]),
        st.sampled_from([0, 10, 12]),
    ),
    st.builds(
        lambda s, b, bullion, ml, hg, dr, notes, fees: tx(
            "transfer",
            seller=s,
            buyer=b,
            bullion=bullion * 10,
            mine_leases=ml,
            headgears=hg,
            drill_reports=dr,
            loan_notes=notes,
            merchant_bank_fees=fees,
        ),
        PARTY,
        PARTY,
        COUNT,
        COUNT,
        COUNT,
        COUNT,
        COUNT,
        COUNT,
    ),
    st.builds(
        lambda p, q, amount: tx("cash", payer=p, payee=q, amount=amount),
        PARTY,
        PARTY,
        st.integers(-10, 600),
    ),
    st.builds(
        lambda bidder, red, black, owner, ml, hg, dr: tx(
            "takeover",
            bidder=bidder,
            red=red,
            black=black,
            owners=[{"player": owner, "mine_leases": ml, "headgears": hg, "drill_reports": dr}],
        ),
        PLAYER,
        st.integers(1, 6),
        st.integers(1, 6),
        PLAYER,
        COUNT,
        COUNT,
        COUNT,
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TRANSACTIONS, max_size=30))
def test_any_transactions_refused_change_nothing_and_the_books_replay(
    transactions: list[Transaction],
) -> None:
    """Whatever is entered: a refusal leaves the books as they were, holdings never go
    below zero nor HEADGEAR above MINE LEASES, and the books are the replay of their
    entries (so undo is exact)."""
    ledger = fresh()
    for transaction in transactions:
        before = (rows(ledger), ledger.goldfix, ledger.tax, len(ledger.entries))
        try:
            ledger.apply(transaction)
        except LedgerError:
            assert (rows(ledger), ledger.goldfix, ledger.tax, len(ledger.entries)) == before
        for a in ledger.accounts:
            assert min(a.notes, a.bullion, a.mine_leases, a.headgears, a.drill_reports) >= 0
            assert a.headgears <= a.mine_leases
    again = Ledger.replay(ledger.names, ledger.transactions)
    assert rows(again) == rows(ledger)
    if ledger.entries:
        last = rows(Ledger.replay(ledger.names, ledger.transactions[:-1]))
        ledger.undo()
        assert rows(ledger) == last
