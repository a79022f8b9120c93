"""The GOLDFIX DASHBOARD's books (rulebook appendix A1/A2): a pure domain object.

A physical GOLDFIX table keeps its money and bullion here instead of in bank notes.  The
books are an append-only list of :class:`Transaction` s; the balances are what replaying
them from the start gives, so undoing the last transaction is replaying all but the last.
Every figure comes from :mod:`motherlode.games.goldfix.money`, the one implementation of
GOLDFIX's money rules the game uses too: this module only moves the results around.

Transactions are checked before anything changes: a bad one raises :class:`LedgerError`
with a message a player understands and leaves the books as they were.  Payments beyond a
player's cash draw $230M overdraft loans at once (each a new $250M LOAN NOTE, the $20M fee
kept by the Bank); a player with seven notes is flagged BANKRUPT and takes no further part.

Where the appendix leaves the price to the person ([44]), the BANK's side still follows
the rules (LIQUIDATION, REPAY, the $10M fee, the price table), and a loan waits for the
interest (BANKING, the small print).  Each transaction records the version of these rules
it was booked under (:data:`RULES`), so books kept under an earlier one replay unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from motherlode.games.goldfix import money

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6
NAME_LENGTH: Final = 24
BANK: Final = "bank"
"""The other side of a player / bank transaction (A2 [44])."""

ASSETS: Final = ("mine_leases", "headgears", "drill_reports")
ITEMS: Final = ("bullion", *ASSETS, "loan_notes", "merchant_bank_fees")
"""The six fields of a player / player or player / bank transaction (A2 [44])."""
ASSET_LABELS: Final = {
    "bullion": "kOz bullion",
    "mine_leases": "MINE LEASE",
    "headgears": "HEADGEAR",
    "drill_reports": "DRILL REPORT",
    "loan_notes": "LOAN NOTE",
    "merchant_bank_fees": "MERCHANT BANK FEE",
}
MINE: Final = (1, 1, 2)
"""One mine's assets: its MINE LEASE, HEADGEAR and two DRILL REPORTS (REAL ASSETS)."""
LIQUIDATION_DISCOUNTS: Final = (money.LIQUIDATION_DISCOUNT, money.RISK_LIQUIDATION_DISCOUNT)
MARKET_DROPS: Final = (money.BULLION_MARKET_DROP, money.GOLDFIX_CORNER_DROP)
MAX_INTEREST: Final = 50
"""The highest fixed interest rate the books take (% per note per BANK visit)."""
MEMO_LENGTH: Final = 60
"""The most characters of a cash payment's reason (a RISK card's title)."""
LANDING_BONUSES: Final = (0, money.OPPONENT_LANDING_BONUS, money.OWN_MINE_LANDING_BONUS)


RULES: Final = 2
"""The books' rules.  1: as first released (issue 10): a loan without interest first, the
BANK's side of [44] at whatever price was entered, a takeover of any assets.  2 (issue 22):
interest before a new loan, the BANK at the rules' prices, a takeover against one mine.
A transaction keeps the rules it was booked under, so books kept before replay as booked."""


class LedgerError(ValueError):
    """A transaction the books refuse; nothing has changed."""


@dataclass(frozen=True, slots=True)
class Transaction:
    """One line of the ledger: a ``kind`` and its arguments, all JSON values.

    The JSON form is ``{"kind": ..., "rules": ..., **args}``; :data:`KINDS` lists the
    kinds and :meth:`Ledger.apply` checks the arguments each needs; ``rules`` (default
    :data:`RULES`) is the version of the books' rules it is booked under.
    """

    kind: str
    args: Mapping[str, Any] = field(default_factory=dict)
    rules: int = RULES

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rules": self.rules, **dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Transaction:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise LedgerError("a transaction is an object with a 'kind'")
        kind = data["kind"]
        if kind not in KINDS:
            raise LedgerError(f"unknown transaction kind {kind!r}")
        rules = data.get("rules", RULES)
        if rules not in range(1, RULES + 1) or isinstance(rules, bool):
            raise LedgerError(f"'rules' is 1 to {RULES}")
        args = {k: v for k, v in data.items() if k not in ("kind", "rules")}
        return cls(kind, args, rules)


@dataclass(slots=True)
class Account:
    """One player's line of the DASHBOARD."""

    name: str
    cash: int = money.START_CASH
    notes: int = money.START_NOTES
    bullion: int = 0
    mine_leases: int = 0
    headgears: int = 0
    drill_reports: int = 0
    bullion_commission: int = 0
    """[41] bullion market commissions received as broker."""
    asset_commission: int = 0
    """[43] auction commissions received as broker."""
    bankrupt: bool = False
    interest_paid: bool = False
    """BANKING: "Interest must be paid before any new loan is approved".  Set by paying
    interest; spent by a NORMAL / DISCOUNT loan, and lapsed by the player's next
    production from a move (he has left the BANK behind)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """An applied transaction and what it did, in words (the CSV's ``effect``)."""

    index: int
    transaction: Transaction
    effect: str


def _int(args: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise LedgerError(f"'{key}' must be a whole number")
    return value


def _fmt(amount: int) -> str:
    return f"-${-amount:,}M" if amount < 0 else f"${amount:,}M"


def liquidation_table(goldfix: int) -> list[dict[str, Any]]:
    """A2 [42]: what the Bank pays for a mine's assets at each liquidation discount."""
    bundles = (
        ("MINE LEASE (ML) ONLY", (1, 0, 0)),
        ("ML + HEADGEAR (HG)", (1, 1, 0)),
        ("ML + HG + (1) DR", (1, 1, 1)),
        ("ML + HG + (2) DR", (1, 1, 2)),
    )
    return [
        {
            "label": label,
            "value": money.asset_valuation(goldfix, *counts),
            "discounts": {
                str(d): money.liquidation_value(money.asset_valuation(goldfix, *counts), d)
                for d in (25, 50, 75)
            },
        }
        for label, counts in bundles
    ]


def takeover_table(goldfix: int, red: int) -> list[dict[str, Any]]:
    """A2 [39]: MERCHANT BANK takeover costs for a red die, at the GOLDFIX."""
    if red not in range(1, 7):
        raise LedgerError("the red die shows 1 to 6")
    bundles = (
        ("MINE LEASE (ML) ONLY", (1, 0, 0)),
        ("ML + HEADGEAR (HG)", (1, 1, 0)),
        ("(1) DRILL REPORT (DR)", (0, 0, 1)),
        ("ML + HG + (2) DR", (1, 1, 2)),
    )
    rows = []
    for label, counts in bundles:
        value = money.asset_valuation(goldfix, *counts)
        cost = money.takeover_price(value, red) if red in money.TAKEOVER_MULTIPLIERS else None
        rows.append({"label": label, "cost": cost})
    return rows


def bullion_discount(koz: int, goldfix: int, discount: int) -> dict[str, int]:
    """A2 [38]: the bullion discount calculator (value before and after the discount)."""
    if koz < 0:
        raise LedgerError("bullion is a whole number of kOz, 0 or more")
    money.check_goldfix(goldfix)
    if not 0 <= discount <= 100:
        raise LedgerError("a discount is 0 to 100%")
    return {
        "koz": koz,
        "value": money.bullion_value(koz, goldfix),
        "discounted": money.bullion_discount_value(koz, goldfix, discount),
    }


class Ledger:
    """The books of one GOLDFIX table: players, settings and the transaction list."""

    def __init__(self, names: Sequence[str], winner: int = money.DEFAULT_WINNER) -> None:
        clean = [str(n).strip() for n in names]
        if not MIN_PLAYERS <= len(clean) <= MAX_PLAYERS:
            raise LedgerError(f"GOLDFIX is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if any(not n or len(n) > NAME_LENGTH for n in clean):
            raise LedgerError(f"every player needs a name of 1 to {NAME_LENGTH} characters")
        if len({n.casefold() for n in clean}) != len(clean):
            raise LedgerError("two players have the same name")
        if winner <= 0:
            raise LedgerError("the winner total is a positive number of $M")
        self.names: tuple[str, ...] = tuple(clean)
        self.default_winner = winner
        self.entries: list[Entry] = []
        self._rules: int = RULES
        """The rules of the transaction being applied."""
        self._fresh()

    # ------------------------------------------------------------------ state

    def _fresh(self) -> None:
        self.accounts = [Account(n) for n in self.names]
        self.goldfix: int = money.GOLDFIX_START
        self.tax: str = "LOW"
        self.winner: int = self.default_winner
        self.interest_rate: int | None = None
        """A rate the table agreed (% per note per BANK visit), or None: the tax rate."""

    @property
    def transactions(self) -> list[Transaction]:
        return [e.transaction for e in self.entries]

    @classmethod
    def replay(
        cls,
        names: Sequence[str],
        transactions: Iterable[Transaction],
        winner: int = money.DEFAULT_WINNER,
    ) -> Ledger:
        ledger = cls(names, winner)
        for tx in transactions:
            ledger.apply(tx)
        return ledger

    def undo(self) -> Transaction:
        """Drop the last transaction: the books become the replay of all the others."""
        if not self.entries:
            raise LedgerError("there is nothing to undo")
        last = self.entries[-1].transaction
        again = Ledger.replay(self.names, self.transactions[:-1], self.default_winner)
        self.__dict__.update(again.__dict__)
        return last

    @property
    def tax_percent(self) -> int:
        return money.TAX_RATES[self.tax]

    @property
    def interest_percent(self) -> int:
        """BANKING gives a "variable" rate and no figure: the tax rate (COMPONENTS.md),
        unless the table agreed a fixed one (``interest_rate``)."""
        return self.tax_percent if self.interest_rate is None else self.interest_rate

    def asset_value(self, p: int) -> int:
        a = self.accounts[p]
        return money.asset_valuation(self.goldfix, a.mine_leases, a.headgears, a.drill_reports)

    def net_worth(self, p: int) -> int:
        a = self.accounts[p]
        bullion = money.bullion_value(a.bullion, self.goldfix)
        return money.net_worth(a.cash, self.asset_value(p), bullion, a.notes)

    def has_won(self, p: int) -> bool:
        a = self.accounts[p]
        return not a.bankrupt and money.has_won(a.cash, a.notes, self.winner)

    def balances(self) -> list[dict[str, int]]:
        """Each player's standing now, for the CSV: cash, notes, vault, assets, net worth."""
        return [
            {
                "cash": a.cash,
                "notes": a.notes,
                "vault_koz": a.bullion,
                "bullion_value": money.bullion_value(a.bullion, self.goldfix),
                "assets": self.asset_value(p),
                "net_worth": self.net_worth(p),
            }
            for p, a in enumerate(self.accounts)
        ]

    def ranking(self) -> list[int]:
        """[10]: players by NET WORTH, best first; winners first, bankrupt players last."""
        return sorted(
            range(len(self.accounts)),
            key=lambda p: (
                not self.has_won(p),
                self.accounts[p].bankrupt,
                -self.net_worth(p),
                p,
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """Everything the DASHBOARD shows, every figure worked here through ``money``."""
        g = self.goldfix
        prices = money.asset_prices(g)
        ranking = self.ranking()
        players = []
        for p, a in enumerate(self.accounts):
            quotes = {}
            for percent in money.SALE_PERCENTS:
                koz = money.sale_quantity(a.bullion, percent)
                value = money.bullion_value(koz, g)
                quotes[str(percent)] = {
                    "koz": koz,
                    "value": value,
                    "sale": {
                        str(rate): {"commission": s.commission, "net": s.net}
                        for rate in money.BROKER_RATES
                        for s in [money.bullion_sale(koz, g, rate)]
                    },
                    "liquidation": {
                        str(d): money.liquidation_value(value, d) for d in LIQUIDATION_DISCOUNTS
                    },
                }
            players.append(
                {
                    "index": p,
                    "name": a.name,
                    "cash": a.cash,
                    "notes": a.notes,
                    "net_cash": money.net_cash(a.cash, a.notes),
                    "bullion": a.bullion,
                    "bullion_value": money.bullion_value(a.bullion, g),
                    "mine_leases": a.mine_leases,
                    "headgears": a.headgears,
                    "drill_reports": a.drill_reports,
                    "asset_value": self.asset_value(p),
                    "net_worth": self.net_worth(p),
                    "rank": ranking.index(p) + 1,
                    "interest": money.loan_interest(a.notes, self.interest_percent),
                    "bullion_tax": money.bullion_tax(a.bullion, g, self.tax_percent),
                    "corporation_tax": money.corporation_tax(
                        a.cash, a.notes, self.asset_value(p), self.tax_percent
                    ),
                    "interim_bullion_tax": money.bullion_tax(a.bullion, g, money.INTERIM_TAX_RATE),
                    "interim_corporation_tax": money.corporation_tax(
                        a.cash, a.notes, self.asset_value(p), money.INTERIM_TAX_RATE
                    ),
                    "bullion_commission": a.bullion_commission,
                    "asset_commission": a.asset_commission,
                    "quotes": quotes,
                    "bankrupt": a.bankrupt,
                    "winner": self.has_won(p),
                    "can_borrow": not a.bankrupt and a.notes < money.MAX_NOTES,
                    "interest_paid": a.interest_paid,
                    "interest_first": bool(a.notes) and not a.interest_paid,
                }
            )
        return {
            "goldfix": g,
            "prices": {
                "mine_lease": prices.mine_lease,
                "headgear": prices.headgear,
                "drill_report": prices.drill_report,
            },
            "tax": self.tax,
            "tax_percent": self.tax_percent,
            "interim_tax_percent": money.INTERIM_TAX_RATE,
            "interest_percent": self.interest_percent,
            "interest_rate": self.interest_rate,
            "interest_per_note": money.interest_per_note(self.interest_percent),
            "winner": self.winner,
            "default_winner": self.default_winner,
            "players": players,
            "ranking": ranking,
            "entries": len(self.entries),
            "constants": {
                "normal_loan": money.ANNUAL_LOAN,
                "discount_loan": money.DISCOUNT_LOAN,
                "loan_note": money.LOAN_NOTE,
                "overdraft_loan": money.OVERDRAFT_LOAN,
                "overdraft_fee": money.OVERDRAFT_FEE,
                "quickstart": money.QUICKSTART_COST,
                "merchant_bank_fee": money.MERCHANT_BANK_FEE,
                "auction_commission": money.AUCTION_COMMISSION,
                "bankrupt_notes": money.BANKRUPT_NOTES,
                "broker_rates": list(money.BROKER_RATES),
                "sale_percents": list(money.SALE_PERCENTS),
                "liquidation_discounts": list(LIQUIDATION_DISCOUNTS),
                "market_drops": list(MARKET_DROPS),
            },
            "production_table": [list(row) for row in money.PRODUCTION_TABLE],
            "production": {
                str(dice): [money.production(dice, reports) for reports in range(3)]
                for dice in range(1, 13)
            },
            "bonuses": {
                "own": money.OWN_MINE_LANDING_BONUS,
                "opponent": money.OPPONENT_LANDING_BONUS,
            },
            "liquidation_table": liquidation_table(g),
            "takeover_tables": {str(red): takeover_table(g, red) for red in (4, 5, 6)},
        }

    # -------------------------------------------------------------- applying

    def apply(self, tx: Transaction) -> Entry:
        """Check and book one transaction; on any error nothing changes."""
        handler = _HANDLERS.get(tx.kind)
        if handler is None:
            raise LedgerError(f"unknown transaction kind {tx.kind!r}")
        saved = (
            copy.deepcopy(self.accounts),
            self.goldfix,
            self.tax,
            self.winner,
            self.interest_rate,
        )
        self._rules = tx.rules
        try:
            effect = handler(self, tx.args)
        except LedgerError:
            self.accounts, self.goldfix, self.tax, self.winner, self.interest_rate = saved
            raise
        except (ValueError, KeyError, TypeError) as exc:
            self.accounts, self.goldfix, self.tax, self.winner, self.interest_rate = saved
            raise LedgerError(str(exc)) from exc
        for a in self.accounts:
            if money.is_bankrupt(a.notes) and not a.bankrupt:
                a.bankrupt = True
                effect += f"; {a.name} has {a.notes} LOAN NOTES: BANKRUPT"
        entry = Entry(len(self.entries) + 1, tx, effect)
        self.entries.append(entry)
        return entry

    def _player(self, args: Mapping[str, Any], key: str = "player") -> int:
        p = _int(args, key)
        if not 0 <= p < len(self.accounts):
            raise LedgerError(f"'{key}' is not a player at this table")
        if self.accounts[p].bankrupt:
            raise LedgerError(f"{self.accounts[p].name} is bankrupt and out of the game")
        return p

    def _party(self, args: Mapping[str, Any], key: str) -> int | None:
        """A player or, for ``"bank"``, None."""
        return None if args.get(key) == BANK else self._player(args, key)

    def _pay(self, p: int, amount: int) -> str:
        """Player ``p`` pays ``amount``, drawing overdraft loans if his cash is short."""
        a = self.accounts[p]
        loans = money.overdrafts_needed(a.cash, amount)
        a.cash += loans * money.OVERDRAFT_LOAN
        a.notes += loans
        a.cash -= amount
        if not loans:
            return ""
        return (
            f"; {a.name} draws {loans} overdraft loan(s) of {_fmt(money.OVERDRAFT_LOAN)} "
            f"({_fmt(money.OVERDRAFT_FEE)} fee each) and a new LOAN NOTE each"
        )

    def _check_headgear(self, p: int) -> None:
        a = self.accounts[p]
        if a.headgears > a.mine_leases:
            raise LedgerError(
                f"{a.name} would hold {a.headgears} HEADGEAR for {a.mine_leases} MINE LEASE(S): "
                "never more HEADGEAR than MINE LEASES"
            )

    # ---------------------------------------------------- GOLDFIX, tax, winner

    def _goldfix_up(self, args: Mapping[str, Any]) -> str:
        if self.goldfix >= money.GOLDFIX_MAX:
            raise LedgerError("the GOLDFIX is already at the top of the ladder ($2,000)")
        self.goldfix = money.goldfix_up(self.goldfix)
        return f"GOLDFIX up to ${self.goldfix:,}"

    def _goldfix_down(self, args: Mapping[str, Any]) -> str:
        if self.goldfix <= money.GOLDFIX_MIN:
            raise LedgerError("the GOLDFIX is already at the bottom of the ladder ($1,000)")
        self.goldfix = money.goldfix_down(self.goldfix, money.GOLDFIX_STEP)
        return f"GOLDFIX down to ${self.goldfix:,}"

    def _tax_switch(self, args: Mapping[str, Any]) -> str:
        self.tax = "HIGH" if self.tax == "LOW" else "LOW"
        return f"TAX BUDGET DAY: the tax rate is now {self.tax} ({self.tax_percent}%)"

    def _winner_target(self, args: Mapping[str, Any]) -> str:
        target = _int(args, "target", self.default_winner)
        if target <= 0:
            raise LedgerError("the winner total is a positive number of $M")
        self.winner = target
        return f"winner total {_fmt(target)}"

    def _interest_rate(self, args: Mapping[str, Any]) -> str:
        """The table's agreed loan interest: a fixed % per note, or (no percent) the tax rate."""
        if args.get("percent") is None:
            self.interest_rate = None
            return f"loan interest follows the tax rate ({self.tax_percent}% now)"
        percent = _int(args, "percent")
        if not 0 <= percent <= MAX_INTEREST:
            raise LedgerError(f"an interest rate is 0 to {MAX_INTEREST}% per note")
        self.interest_rate = percent
        per_note = money.interest_per_note(percent)
        return f"loan interest fixed at {percent}% a LOAN NOTE ({_fmt(per_note)} a note)"

    # ------------------------------------------------------------------- bank

    def _loan(self, args: Mapping[str, Any], amount: int, label: str) -> str:
        p = self._player(args)
        a = self.accounts[p]
        if a.notes >= money.MAX_NOTES:
            raise LedgerError(f"{a.name} holds {a.notes} LOAN NOTES, the most the Bank allows")
        if a.notes and not a.interest_paid and self._rules >= 2:
            interest = money.loan_interest(a.notes, self.interest_percent)
            raise LedgerError(
                f"interest must be paid before any new loan is approved: {a.name} pays "
                f"{_fmt(interest)} interest [13] first"
            )
        a.interest_paid = False
        a.cash += amount
        a.notes += 1
        return f"{a.name} borrows a {label} loan: +{_fmt(amount)}, one more LOAN NOTE"

    def _normal_loan(self, args: Mapping[str, Any]) -> str:
        return self._loan(args, money.ANNUAL_LOAN, "NORMAL")

    def _discount_loan(self, args: Mapping[str, Any]) -> str:
        return self._loan(args, money.DISCOUNT_LOAN, "DISCOUNT")

    def _pay_interest(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        interest = money.loan_interest(a.notes, self.interest_percent)
        if interest == 0:
            raise LedgerError(f"{a.name} holds no LOAN NOTE: no interest to pay")
        text = f"{a.name} pays interest on {a.notes} LOAN NOTE(S) at {self.interest_percent}%: "
        text += _fmt(interest) + self._pay(p, interest)
        a.interest_paid = True
        return text

    def _repay(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        if a.notes == 0:
            raise LedgerError(f"{a.name} holds no LOAN NOTE to repay")
        if a.cash < money.LOAN_NOTE:
            raise LedgerError(f"{a.name} needs {_fmt(money.LOAN_NOTE)} cash to repay a note")
        a.cash -= money.LOAN_NOTE
        a.notes -= 1
        return f"{a.name} repays a LOAN NOTE: -{_fmt(money.LOAN_NOTE)}"

    # ---------------------------------------------------------------- bullion

    def _production(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        bonus = _int(args, "bonus", 0)
        if bonus not in LANDING_BONUSES:
            raise LedgerError("a landing bonus is 0, 50 or 100 kOz")
        if "koz" in args:
            koz = _int(args, "koz")
            if koz < 0:
                raise LedgerError("production is 0 kOz or more")
            how = "entered"
        else:
            dice, reports = _int(args, "dice"), _int(args, "drill_reports", 0)
            koz = money.production(dice, reports)
            how = f"dice {dice}, {reports} DRILL REPORT(S)"
        if koz + bonus == 0:
            raise LedgerError("no bullion to add to the vault")
        a.bullion += koz + bonus
        if koz == 0:
            return (
                f"{a.name} receives the {bonus} kOz bonus (a player landed on his mine): "
                f"{a.bullion} kOz"
            )
        a.interest_paid = False
        extra = f" + {bonus} kOz bonus" if bonus else ""
        return f"{a.name} adds {koz} kOz ({how}){extra} to the vault: {a.bullion} kOz"

    def _sell_bullion(self, args: Mapping[str, Any]) -> str:
        rate = _int(args, "rate")
        if rate not in money.BROKER_RATES:
            raise LedgerError("the broker rate is 0, 10, 15, 20 or 25%")
        drop = _int(args, "drop", money.BULLION_MARKET_DROP)
        if drop not in MARKET_DROPS:
            raise LedgerError("a bullion market drops the GOLDFIX $100 (or $200 at the corner)")
        broker = None if args.get("broker") in (None, BANK) else self._player(args, "broker")
        if broker is None and rate:
            raise LedgerError("a commission needs a broker")
        sales = args.get("sales")
        if not isinstance(sales, list) or not sales:
            raise LedgerError("'sales' lists [player, percent] pairs")
        seen: set[int] = set()
        parts = []
        total = 0
        price = self.goldfix
        for pair in sales:
            if not isinstance(pair, list) or len(pair) != 2:
                raise LedgerError("'sales' lists [player, percent] pairs")
            p = self._player({"player": pair[0]})
            if p in seen:
                raise LedgerError(f"{self.accounts[p].name} sells twice")
            seen.add(p)
            a = self.accounts[p]
            koz = money.sale_quantity(a.bullion, _int({"percent": pair[1]}, "percent"))
            if koz == 0:
                continue
            own = broker is None or broker == p
            sale = money.bullion_sale(koz, price, 0 if own else rate)
            a.bullion -= koz
            a.cash += sale.net
            if sale.commission and broker is not None:
                self.accounts[broker].cash += sale.commission
                self.accounts[broker].bullion_commission += sale.commission
            total += koz
            parts.append(
                f"{a.name} sells {koz} kOz: {_fmt(sale.gross)}, commission "
                f"{_fmt(sale.commission)}, pay to mine {_fmt(sale.net)}"
            )
        if total == 0:
            raise LedgerError("no bullion is sold")
        self.goldfix = money.goldfix_down(self.goldfix, drop)
        who = f" (broker {self.accounts[broker].name}, {rate}%)" if broker is not None else ""
        return (
            f"BULLION MARKET at ${price:,}{who}: "
            + "; ".join(parts)
            + (f"; GOLDFIX down to ${self.goldfix:,}")
        )

    def _liquidate_bullion(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError("a liquidation is at -50% (or -25% with the RISK card)")
        koz = money.sale_quantity(a.bullion, _int(args, "percent"))
        if koz == 0:
            raise LedgerError(f"{a.name} has no bullion to liquidate at that share")
        value = money.bullion_discount_value(koz, self.goldfix, discount)
        a.bullion -= koz
        a.cash += value
        return f"{a.name} liquidates {koz} kOz at -{discount}%: +{_fmt(value)} (GOLDFIX unchanged)"

    # ----------------------------------------------------------------- assets

    def _buy_asset(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        asset = args.get("asset")
        if asset not in ("mine_lease", "drill_report"):
            raise LedgerError("an auction sells a 'mine_lease' or a 'drill_report'")
        minimum = (
            money.mine_lease_price(self.goldfix)
            if asset == "mine_lease"
            else money.drill_report_price(self.goldfix)
        )
        price = _int(args, "price", minimum)
        if price < minimum:
            raise LedgerError(f"the minimum bid at ${self.goldfix:,} is {_fmt(minimum)}")
        broker = None if args.get("broker") in (None, BANK) else self._player(args, "broker")
        commission = money.auction_commission(price) if broker not in (None, p) else 0
        text = self._pay(p, price + commission)
        if broker is not None and commission:
            self.accounts[broker].cash += commission
            self.accounts[broker].asset_commission += commission
        if asset == "mine_lease":
            a.mine_leases += 1
        else:
            a.drill_reports += 1
        label = ASSET_LABELS[f"{asset}s"]
        paid = f"{a.name} buys a {label} for {_fmt(price)}"
        if commission and broker is not None:
            paid += f" + {_fmt(commission)} commission to {self.accounts[broker].name}"
        return paid + text

    def _buy_headgear(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        a.headgears += 1
        self._check_headgear(p)
        price = money.headgear_price(self.goldfix)
        return f"{a.name} buys a HEADGEAR for {_fmt(price)}" + self._pay(p, price)

    def _liquidate_assets(self, args: Mapping[str, Any]) -> str:
        p = self._player(args)
        a = self.accounts[p]
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError("a liquidation is at -50% (or -25% with the RISK card)")
        counts = [_int(args, k, 0) for k in ASSETS]
        if any(c < 0 for c in counts) or not any(counts):
            raise LedgerError("liquidate at least one asset")
        for key, count in zip(ASSETS, counts, strict=True):
            if getattr(a, key) < count:
                raise LedgerError(f"{a.name} holds {getattr(a, key)} {ASSET_LABELS[key]}")
            setattr(a, key, getattr(a, key) - count)
        self._check_headgear(p)
        value = money.liquidation_value(money.asset_valuation(self.goldfix, *counts), discount)
        a.cash += value
        what = _describe(dict(zip(ASSETS, counts, strict=True)))
        return f"{a.name} liquidates {what} at -{discount}%: +{_fmt(value)}"

    # ----------------------------------------------------------------- taxes

    def _tax(self, args: Mapping[str, Any], corporation: bool) -> str:
        p = self._player(args)
        a = self.accounts[p]
        interim = bool(args.get("interim", False))
        percent = money.INTERIM_TAX_RATE if interim else self.tax_percent
        if corporation:
            tax = money.corporation_tax(a.cash, a.notes, self.asset_value(p), percent)
            label = "CORPORATION TAX"
        else:
            tax = money.bullion_tax(a.bullion, self.goldfix, percent)
            label = "BULLION TAX"
        kind = "RISK interim 20%" if interim else f"{self.tax} {percent}%"
        return f"{a.name} pays {kind} {label}: {_fmt(tax)}" + self._pay(p, tax)

    def _bullion_tax(self, args: Mapping[str, Any]) -> str:
        return self._tax(args, corporation=False)

    def _corporation_tax(self, args: Mapping[str, Any]) -> str:
        return self._tax(args, corporation=True)

    # ------------------------------------------------------ reset, QUICKSTART

    def _reset(self, args: Mapping[str, Any]) -> str:
        self._fresh()
        return (
            f"RESET: every player back to {_fmt(money.START_CASH)} and {money.START_NOTES} "
            "LOAN NOTES; GOLDFIX $1,000; tax LOW; interest at the tax rate"
        )

    def _quickstart(self, args: Mapping[str, Any]) -> str:
        if any(a.mine_leases or a.headgears for a in self.accounts):
            raise LedgerError("QUICKSTART is for the start of a game, before anyone holds a mine")
        texts = []
        for p, a in enumerate(self.accounts):
            if a.bankrupt:
                continue
            a.mine_leases += 1
            a.headgears += 1
            texts.append(self._pay(p, money.QUICKSTART_COST))
        return (
            f"QUICKSTART: every player takes 1 MINE LEASE + 1 HEADGEAR for "
            f"{_fmt(money.QUICKSTART_COST)}" + "".join(texts)
        )

    # --------------------------------------------- player / player, player / bank

    def _transfer(self, args: Mapping[str, Any]) -> str:
        """A2 [44]: items go from seller to buyer, the price from buyer to seller.

        Between players the price is theirs to agree.  With the BANK the rules set it
        (:meth:`_bank_price`): a price sent along must be that one, or nothing is booked.
        """
        seller, buyer = self._party(args, "seller"), self._party(args, "buyer")
        if seller is None and buyer is None:
            raise LedgerError("a transaction needs at least one player")
        if seller == buyer:
            raise LedgerError("the seller and the buyer are the same player")
        counts = {k: _int(args, k, 0) for k in ITEMS}
        if any(c < 0 for c in counts.values()):
            raise LedgerError("quantities are 0 or more")
        if not any(counts.values()):
            raise LedgerError("enter a number in at least one of the six fields")
        if counts["merchant_bank_fees"] and (buyer is not None or seller is None):
            raise LedgerError("the BANK is the buyer of a MERCHANT BANK fee, paid by the seller")
        if (seller is not None and buyer is not None) or self._rules < 2:
            if "discount" in args:
                raise LedgerError("a liquidation discount is for sales to the BANK")
            return self._trade(seller, buyer, counts, _int(args, "price", 0))
        return self._with_bank(seller, buyer, counts, args)

    def _move_items(self, seller: int | None, buyer: int | None, counts: Mapping[str, int]) -> None:
        for key, count in counts.items():
            attr = "notes" if key == "loan_notes" else key
            if not count or key == "merchant_bank_fees":
                continue
            if seller is not None:
                have = getattr(self.accounts[seller], attr)
                if have < count:
                    name = self.accounts[seller].name
                    raise LedgerError(f"{name} holds {have} {ASSET_LABELS[key]}")
                setattr(self.accounts[seller], attr, have - count)
            if buyer is not None:
                setattr(self.accounts[buyer], attr, getattr(self.accounts[buyer], attr) + count)
        for p in (seller, buyer):
            if p is not None:
                self._check_headgear(p)

    def _trade(
        self, seller: int | None, buyer: int | None, counts: Mapping[str, int], price: int
    ) -> str:
        """Player / player: any items at any agreed price (negative: the seller pays).

        Under rules 1 the BANK (None) traded this way too, at the price entered."""
        self._move_items(seller, buyer, counts)
        texts = []
        fees = counts["merchant_bank_fees"]
        if fees and seller is not None:
            texts.append(self._pay(seller, fees * money.MERCHANT_BANK_FEE))
        payer, payee = (buyer, seller) if price > 0 else (seller, buyer)
        if price and payer is not None:
            texts.append(self._pay(payer, abs(price)))
        if price and payee is not None:
            self.accounts[payee].cash += abs(price)
        s = BANK.upper() if seller is None else self.accounts[seller].name
        b = BANK.upper() if buyer is None else self.accounts[buyer].name
        return f"{s} sells {_describe(counts)} to {b} for {_fmt(price)}" + "".join(texts)

    def _bank_price(
        self, player: int, counts: Mapping[str, int], sells: bool, discount: int
    ) -> tuple[int, list[str]]:
        """What the BANK pays the player (negative: what he pays it), item by item.

        The BANK buys mine assets and bullion only in a LIQUIDATION (p15: -50%, or -25%
        with the RISK card), takes back a LOAN NOTE for $250M (REPAY [14]) and a MERCHANT
        BANK fee for $10M.  It sells MINE LEASES and DRILL REPORTS at the minimum bid [2]
        (as dealt under E-Z PLAY LEVEL EZ2) and HEADGEAR at its price [4]; it sells no
        bullion (p13 b: only RISK cards trade bullion with the Bank, and those sell) and
        lends only through BOR [11]/[12], where interest comes first.
        """
        g, parts, total = self.goldfix, [], 0
        if sells:
            assets = [counts[k] for k in ASSETS]
            if any(assets):
                value = money.liquidation_value(money.asset_valuation(g, *assets), discount)
                total += value
                parts.append(f"{_describe(dict(zip(ASSETS, assets, strict=True)))} {_fmt(value)}")
            if counts["bullion"]:
                value = money.bullion_discount_value(counts["bullion"], g, discount)
                total += value
                parts.append(f"{counts['bullion']} kOz {_fmt(value)}")
            if parts:
                parts = [f"LIQUIDATION -{discount}%: " + ", ".join(parts)]
            notes = counts["loan_notes"]
            if notes:
                need = notes * money.LOAN_NOTE
                cash = self.accounts[player].cash + total
                if cash < need:
                    raise LedgerError(
                        f"{self.accounts[player].name} needs {_fmt(need)} cash to repay "
                        f"{notes} LOAN NOTE(S) [14]"
                    )
                total -= need
                parts.append(f"repays {notes} LOAN NOTE(S) {_fmt(-need)}")
            fees = counts["merchant_bank_fees"]
            if fees:
                total -= fees * money.MERCHANT_BANK_FEE
                parts.append(f"MERCHANT BANK fee {_fmt(-fees * money.MERCHANT_BANK_FEE)}")
            return total, parts
        if counts["bullion"]:
            raise LedgerError("the BANK sells no bullion: production is added with ADD [18][19]")
        if counts["loan_notes"]:
            raise LedgerError("a loan from the BANK is BOR [11] / [12], after paying interest")
        prices = money.asset_prices(g)
        unit = {
            "mine_leases": prices.mine_lease,
            "headgears": prices.headgear,
            "drill_reports": prices.drill_report,
        }
        for key in ASSETS:
            if counts[key]:
                cost = counts[key] * unit[key]
                total -= cost
                parts.append(f"{counts[key]} {ASSET_LABELS[key]} at {_fmt(unit[key])}")
        return total, parts

    def _with_bank(
        self,
        seller: int | None,
        buyer: int | None,
        counts: Mapping[str, int],
        args: Mapping[str, Any],
    ) -> str:
        player = seller if seller is not None else buyer
        assert player is not None
        sells = seller is not None
        liquidated = sells and any(counts[k] for k in ("bullion", *ASSETS))
        if "discount" in args and not liquidated:
            raise LedgerError(
                "a liquidation discount is for mine assets or bullion sold to the BANK"
            )
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError("a liquidation is at -50% (or -25% with the RISK card)")
        net, parts = self._bank_price(player, counts, sells, discount)
        # the price as the person saw it: what the buyer pays the seller
        price = net if sells else -net
        if "price" in args and _int(args, "price") != price:
            raise LedgerError(
                f"the BANK's price is {_fmt(price)} ({'; '.join(parts)}), "
                f"not {_fmt(_int(args, 'price'))}"
            )
        self._move_items(seller, buyer, counts)
        a = self.accounts[player]
        text = ""
        if net >= 0:
            a.cash += net
        else:
            text = self._pay(player, -net)
        what = _describe(counts)
        if sells:
            head = f"{a.name} sells {what} to the BANK: "
        else:
            head = f"{a.name} buys {what} from the BANK: "
        gets = f"receives {_fmt(net)}" if net >= 0 else f"pays {_fmt(-net)}"
        return f"{head}{gets} ({'; '.join(parts)})" + text

    def _cash(self, args: Mapping[str, Any]) -> str:
        """A cash-only payment (a RISK card's penalty or reward, a side deal): no items."""
        payer, payee = self._party(args, "payer"), self._party(args, "payee")
        if payer is None and payee is None:
            raise LedgerError("a cash payment needs at least one player")
        if payer == payee:
            raise LedgerError("the payer and the payee are the same player")
        amount = _int(args, "amount")
        if amount <= 0:
            raise LedgerError("a payment is a positive number of $M")
        memo = args.get("memo", "")
        if not isinstance(memo, str) or len(memo) > MEMO_LENGTH:
            raise LedgerError(f"the reason is a text of at most {MEMO_LENGTH} characters")
        text = ""
        if payer is not None:
            text = self._pay(payer, amount)
        if payee is not None:
            self.accounts[payee].cash += amount
        s = "the BANK" if payer is None else self.accounts[payer].name
        b = "the BANK" if payee is None else self.accounts[payee].name
        why = f" ({memo.strip()})" if memo.strip() else ""
        return f"{s} pays {b} {_fmt(amount)}{why}" + text

    # ----------------------------------------------------------- MERCHANT BANK

    def _takeover(self, args: Mapping[str, Any]) -> str:
        """A2 [39]/[44]: fee, dice, counter-takeover bids, then the owners are paid."""
        bidder = self._player(args, "bidder")
        red, black = _int(args, "red"), _int(args, "black")
        if not (1 <= red <= 6 and 1 <= black <= 6):
            raise LedgerError("dice show 1 to 6")
        owners = args.get("owners", [])
        counters = args.get("counters", [])
        if not isinstance(owners, list) or not isinstance(counters, list):
            raise LedgerError("'owners' and 'counters' are lists")
        name = self.accounts[bidder].name
        texts = [f"{name} pays the {_fmt(money.MERCHANT_BANK_FEE)} MERCHANT BANK fee"]
        texts.append(self._pay(bidder, money.MERCHANT_BANK_FEE))
        if not money.takeover_succeeds(red, black):
            if counters:
                raise LedgerError("a failed takeover cannot be countered")
            return "".join(texts) + f"; red {red}, black {black}: takeover FAILS"
        stakes = []
        for owner in owners:
            if not isinstance(owner, Mapping):
                raise LedgerError("each owner is an object with 'player' and asset counts")
            p = self._player(owner)
            if p == bidder:
                raise LedgerError("the bidder's own assets are not his to buy")
            counts = [_int(owner, k, 0) for k in ASSETS]
            if any(c < 0 for c in counts) or not any(counts):
                raise LedgerError("each owner gives up at least one asset")
            stakes.append((p, counts))
        if not stakes:
            raise LedgerError("a successful takeover names the owners and their assets")
        if len({p for p, _ in stakes}) != len(stakes) and self._rules >= 2:
            raise LedgerError("name each owner once, with all his assets in the mine")
        mine = [sum(c[i] for _, c in stakes) for i in range(len(ASSETS))]
        if any(have > most for have, most in zip(mine, MINE, strict=True)) and self._rules >= 2:
            raise LedgerError(
                "a takeover is for a single mine: 1 MINE LEASE, 1 HEADGEAR, 2 DRILL REPORTS"
            )
        for pair in counters:
            if not isinstance(pair, list) or len(pair) != 2:
                raise LedgerError("'counters' lists [player, black die] pairs")
            p = self._player({"player": pair[0]})
            if p not in [s[0] for s in stakes]:
                raise LedgerError("only a threatened owner may counter a takeover")
            roll = _int({"black": pair[1]}, "black")
            if not 1 <= roll <= 6:
                raise LedgerError("dice show 1 to 6")
            counter = self.accounts[p]
            texts.append(f"; {counter.name} counters ({_fmt(money.COUNTER_TAKEOVER_FEE)} fee)")
            texts.append(self._pay(p, money.COUNTER_TAKEOVER_FEE))
            if money.counter_takeover_succeeds(red, roll):
                return "".join(texts) + f", black {roll} equals red {red}: takeover FAILS"
            texts.append(f", black {roll}: no")
        for p, counts in stakes:
            a, b = self.accounts[p], self.accounts[bidder]
            for key, count in zip(ASSETS, counts, strict=True):
                if getattr(a, key) < count:
                    raise LedgerError(f"{a.name} holds {getattr(a, key)} {ASSET_LABELS[key]}")
                setattr(a, key, getattr(a, key) - count)
                setattr(b, key, getattr(b, key) + count)
            self._check_headgear(p)
            self._check_headgear(bidder)
            cost = money.takeover_price(money.asset_valuation(self.goldfix, *counts), red)
            texts.append(
                f"; red {red}: {name} takes {_describe(dict(zip(ASSETS, counts, strict=True)))}"
                f" from {a.name} for {_fmt(cost)}"
            )
            texts.append(self._pay(bidder, cost))
            a.cash += cost
        return "".join(texts)


def _describe(counts: Mapping[str, int]) -> str:
    parts = []
    for key, count in counts.items():
        if count:
            parts.append(f"{count} {ASSET_LABELS[key]}")
    return ", ".join(parts) or "nothing"


_HANDLERS: Final[dict[str, Callable[[Ledger, Mapping[str, Any]], str]]] = {
    "goldfix_up": Ledger._goldfix_up,
    "goldfix_down": Ledger._goldfix_down,
    "tax_switch": Ledger._tax_switch,
    "winner_target": Ledger._winner_target,
    "interest_rate": Ledger._interest_rate,
    "normal_loan": Ledger._normal_loan,
    "discount_loan": Ledger._discount_loan,
    "pay_interest": Ledger._pay_interest,
    "repay": Ledger._repay,
    "production": Ledger._production,
    "sell_bullion": Ledger._sell_bullion,
    "liquidate_bullion": Ledger._liquidate_bullion,
    "buy_asset": Ledger._buy_asset,
    "buy_headgear": Ledger._buy_headgear,
    "liquidate_assets": Ledger._liquidate_assets,
    "bullion_tax": Ledger._bullion_tax,
    "corporation_tax": Ledger._corporation_tax,
    "reset": Ledger._reset,
    "quickstart": Ledger._quickstart,
    "transfer": Ledger._transfer,
    "cash": Ledger._cash,
    "takeover": Ledger._takeover,
}
KINDS: Final = tuple(_HANDLERS)
