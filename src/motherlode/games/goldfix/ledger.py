"""The GOLDFIX DASHBOARD's books (rulebook appendix A1/A2): a pure domain object.

A physical GOLDFIX table keeps its money and bullion here instead of in bank notes.  The
books are an append-only list of :class:`Transaction` s; the balances are what replaying
them from the start gives, so undoing the last transaction is replaying all but the last.
Every figure comes from :mod:`motherlode.games.goldfix.money`, the one implementation of
GOLDFIX's money rules the game uses too: this module only moves the results around.

Transactions are checked before anything changes: a bad one raises :class:`LedgerError`
with a message a player understands and leaves the books as they were.  Its message, and
what each entry did (the journal), are words (:class:`~motherlode.engine.words.T`): English
by ``str()``, any language of the site's catalog by ``render``.  Payments beyond a
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

from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.lists import Joined

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
    """A transaction the books refuse; nothing has changed.  Its argument is words (T):
    ``str()`` of the error is the English."""


WINNER_POSITIVE: Final = T("the winner total is a positive number of $M")
NOTHING_TO_UNDO: Final = T("there is nothing to undo")
DICE: Final = T("dice show 1 to 6")
LIQUIDATION: Final = T("a liquidation is at -50% (or -25% with the RISK card)")
THE_BANK: Final = T("the BANK")
SALES_PAIRS: Final = T("'sales' lists [player, percent] pairs")


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
            raise LedgerError(T("a transaction is an object with a 'kind'"))
        kind = data["kind"]
        if kind not in KINDS:
            raise LedgerError(T("unknown transaction kind {kind!r}", kind=kind))
        rules = data.get("rules", RULES)
        if rules not in range(1, RULES + 1) or isinstance(rules, bool):
            raise LedgerError(T("'rules' is 1 to {rules}", rules=RULES))
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
    """An applied transaction and what it did, in words (the journal; the CSV's ``effect``)."""

    index: int
    transaction: Transaction
    words: T

    @property
    def effect(self) -> str:
        """What it did, in English."""
        return self.words.render()


Line = list[str | T]
"""A journal line as it is put together: clauses (words) and the marks between them."""


def _line(*parts: str | T | Line) -> T:
    """Clauses and marks (``"; "``, ``", "``: no words) as one journal line."""
    items: Line = []
    for part in parts:
        items.extend(part if isinstance(part, list) else [part])
    return Joined(items, "")


def _int(args: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise LedgerError(T("'{key}' must be a whole number", key=key))
    return value


def _fmt(amount: int) -> str:
    return f"-${-amount:,}M" if amount < 0 else f"${amount:,}M"


def _items(count: int, key: str) -> str | T:
    """``3 MINE LEASE``, ``40 kOz bullion``: a count of one of :data:`ITEMS` (the game's
    printed names stay as printed)."""
    if key == "bullion":
        return T("{count} kOz bullion", count=count)
    return f"{count} {ASSET_LABELS[key]}"


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
        raise LedgerError(T("the red die shows 1 to 6"))
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
        raise LedgerError(T("bullion is a whole number of kOz, 0 or more"))
    if goldfix not in money.GOLDFIX_LADDER:  # money.check_goldfix, in words
        raise LedgerError(
            T(
                "the GOLDFIX is a multiple of $100 from $1,000 to $2,000, not {goldfix}",
                goldfix=goldfix,
            )
        )
    if not 0 <= discount <= 100:
        raise LedgerError(T("a discount is 0 to 100%"))
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
            raise LedgerError(
                T("GOLDFIX is for {least} to {most} players", least=MIN_PLAYERS, most=MAX_PLAYERS)
            )
        if any(not n or len(n) > NAME_LENGTH for n in clean):
            raise LedgerError(
                T("every player needs a name of 1 to {most} characters", most=NAME_LENGTH)
            )
        if len({n.casefold() for n in clean}) != len(clean):
            raise LedgerError(T("two players have the same name"))
        if winner <= 0:
            raise LedgerError(WINNER_POSITIVE)
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
            raise LedgerError(NOTHING_TO_UNDO)
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
            raise LedgerError(T("unknown transaction kind {kind!r}", kind=tx.kind))
        saved = (
            copy.deepcopy(self.accounts),
            self.goldfix,
            self.tax,
            self.winner,
            self.interest_rate,
        )
        self._rules = tx.rules
        try:
            words = handler(self, tx.args)
        except LedgerError:
            self.accounts, self.goldfix, self.tax, self.winner, self.interest_rate = saved
            raise
        except (ValueError, KeyError, TypeError) as exc:
            self.accounts, self.goldfix, self.tax, self.winner, self.interest_rate = saved
            raise LedgerError(str(exc)) from exc
        for a in self.accounts:
            if money.is_bankrupt(a.notes) and not a.bankrupt:
                a.bankrupt = True
                bankrupt = T("{name} has {notes} LOAN NOTES: BANKRUPT", name=a.name, notes=a.notes)
                words = _line(words, "; ", bankrupt)
        entry = Entry(len(self.entries) + 1, tx, words)
        self.entries.append(entry)
        return entry

    def _player(self, args: Mapping[str, Any], key: str = "player") -> int:
        p = _int(args, key)
        if not 0 <= p < len(self.accounts):
            raise LedgerError(T("'{key}' is not a player at this table", key=key))
        if self.accounts[p].bankrupt:
            raise LedgerError(
                T("{name} is bankrupt and out of the game", name=self.accounts[p].name)
            )
        return p

    def _party(self, args: Mapping[str, Any], key: str) -> int | None:
        """A player or, for ``"bank"``, None."""
        return None if args.get(key) == BANK else self._player(args, key)

    def _pay(self, p: int, amount: int) -> Line:
        """Player ``p`` pays ``amount``, drawing overdraft loans if his cash is short: the
        clause that says so, if he drew any (to follow what he paid for)."""
        a = self.accounts[p]
        loans = money.overdrafts_needed(a.cash, amount)
        a.cash += loans * money.OVERDRAFT_LOAN
        a.notes += loans
        a.cash -= amount
        if not loans:
            return []
        drawn = T(
            "{name} draws {loans} overdraft loan(s) of {loan} ({fee} fee each) and a new "
            "LOAN NOTE each",
            name=a.name,
            loans=loans,
            loan=_fmt(money.OVERDRAFT_LOAN),
            fee=_fmt(money.OVERDRAFT_FEE),
        )
        return ["; ", drawn]

    def _check_headgear(self, p: int) -> None:
        a = self.accounts[p]
        if a.headgears > a.mine_leases:
            raise LedgerError(
                T(
                    "{name} would hold {headgears} HEADGEAR for {leases} MINE LEASE(S): "
                    "never more HEADGEAR than MINE LEASES",
                    name=a.name,
                    headgears=a.headgears,
                    leases=a.mine_leases,
                )
            )

    # ---------------------------------------------------- GOLDFIX, tax, winner

    def _goldfix_up(self, args: Mapping[str, Any]) -> T:
        if self.goldfix >= money.GOLDFIX_MAX:
            raise LedgerError(T("the GOLDFIX is already at the top of the ladder ($2,000)"))
        self.goldfix = money.goldfix_up(self.goldfix)
        return T("GOLDFIX up to ${goldfix:,}", goldfix=self.goldfix)

    def _goldfix_down(self, args: Mapping[str, Any]) -> T:
        if self.goldfix <= money.GOLDFIX_MIN:
            raise LedgerError(T("the GOLDFIX is already at the bottom of the ladder ($1,000)"))
        self.goldfix = money.goldfix_down(self.goldfix, money.GOLDFIX_STEP)
        return T("GOLDFIX down to ${goldfix:,}", goldfix=self.goldfix)

    def _tax_switch(self, args: Mapping[str, Any]) -> T:
        self.tax = "HIGH" if self.tax == "LOW" else "LOW"
        return T(
            "TAX BUDGET DAY: the tax rate is now {tax} ({percent}%)",
            tax=self.tax,
            percent=self.tax_percent,
        )

    def _winner_target(self, args: Mapping[str, Any]) -> T:
        target = _int(args, "target", self.default_winner)
        if target <= 0:
            raise LedgerError(WINNER_POSITIVE)
        self.winner = target
        return T("winner total {amount}", amount=_fmt(target))

    def _interest_rate(self, args: Mapping[str, Any]) -> T:
        """The table's agreed loan interest: a fixed % per note, or (no percent) the tax rate."""
        if args.get("percent") is None:
            self.interest_rate = None
            return T(
                "loan interest follows the tax rate ({percent}% now)", percent=self.tax_percent
            )
        percent = _int(args, "percent")
        if not 0 <= percent <= MAX_INTEREST:
            raise LedgerError(T("an interest rate is 0 to {most}% per note", most=MAX_INTEREST))
        self.interest_rate = percent
        per_note = money.interest_per_note(percent)
        return T(
            "loan interest fixed at {percent}% a LOAN NOTE ({per_note} a note)",
            percent=percent,
            per_note=_fmt(per_note),
        )

    # ------------------------------------------------------------------- bank

    def _loan(self, args: Mapping[str, Any], amount: int, label: str) -> T:
        p = self._player(args)
        a = self.accounts[p]
        if a.notes >= money.MAX_NOTES:
            raise LedgerError(
                T(
                    "{name} holds {notes} LOAN NOTES, the most the Bank allows",
                    name=a.name,
                    notes=a.notes,
                )
            )
        if a.notes and not a.interest_paid and self._rules >= 2:
            interest = money.loan_interest(a.notes, self.interest_percent)
            raise LedgerError(
                T(
                    "interest must be paid before any new loan is approved: {name} pays "
                    "{interest} interest [13] first",
                    name=a.name,
                    interest=_fmt(interest),
                )
            )
        a.interest_paid = False
        a.cash += amount
        a.notes += 1
        return T(
            "{name} borrows a {label} loan: +{amount}, one more LOAN NOTE",
            name=a.name,
            label=label,
            amount=_fmt(amount),
        )

    def _normal_loan(self, args: Mapping[str, Any]) -> T:
        return self._loan(args, money.ANNUAL_LOAN, "NORMAL")

    def _discount_loan(self, args: Mapping[str, Any]) -> T:
        return self._loan(args, money.DISCOUNT_LOAN, "DISCOUNT")

    def _pay_interest(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        interest = money.loan_interest(a.notes, self.interest_percent)
        if interest == 0:
            raise LedgerError(T("{name} holds no LOAN NOTE: no interest to pay", name=a.name))
        paid = T(
            "{name} pays interest on {notes} LOAN NOTE(S) at {percent}%: {interest}",
            name=a.name,
            notes=a.notes,
            percent=self.interest_percent,
            interest=_fmt(interest),
        )
        line = _line(paid, self._pay(p, interest))
        a.interest_paid = True
        return line

    def _repay(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        if a.notes == 0:
            raise LedgerError(T("{name} holds no LOAN NOTE to repay", name=a.name))
        if a.cash < money.LOAN_NOTE:
            raise LedgerError(
                T(
                    "{name} needs {amount} cash to repay a note",
                    name=a.name,
                    amount=_fmt(money.LOAN_NOTE),
                )
            )
        a.cash -= money.LOAN_NOTE
        a.notes -= 1
        return T("{name} repays a LOAN NOTE: -{amount}", name=a.name, amount=_fmt(money.LOAN_NOTE))

    # ---------------------------------------------------------------- bullion

    def _production(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        bonus = _int(args, "bonus", 0)
        if bonus not in LANDING_BONUSES:
            raise LedgerError(T("a landing bonus is 0, 50 or 100 kOz"))
        if "koz" in args:
            koz = _int(args, "koz")
            if koz < 0:
                raise LedgerError(T("production is 0 kOz or more"))
            how = T("entered")
        else:
            dice, reports = _int(args, "dice"), _int(args, "drill_reports", 0)
            koz = _production(dice, reports)
            how = T("dice {dice}, {reports} DRILL REPORT(S)", dice=dice, reports=reports)
        if koz + bonus == 0:
            raise LedgerError(T("no bullion to add to the vault"))
        a.bullion += koz + bonus
        if koz == 0:
            return T(
                "{name} receives the {bonus} kOz bonus (a player landed on his mine): {vault} kOz",
                name=a.name,
                bonus=bonus,
                vault=a.bullion,
            )
        a.interest_paid = False
        if bonus:
            return T(
                "{name} adds {koz} kOz ({how}) + {bonus} kOz bonus to the vault: {vault} kOz",
                name=a.name,
                koz=koz,
                how=how,
                bonus=bonus,
                vault=a.bullion,
            )
        return T(
            "{name} adds {koz} kOz ({how}) to the vault: {vault} kOz",
            name=a.name,
            koz=koz,
            how=how,
            vault=a.bullion,
        )

    def _sell_bullion(self, args: Mapping[str, Any]) -> T:
        rate = _int(args, "rate")
        if rate not in money.BROKER_RATES:
            raise LedgerError(T("the broker rate is 0, 10, 15, 20 or 25%"))
        drop = _int(args, "drop", money.BULLION_MARKET_DROP)
        if drop not in MARKET_DROPS:
            raise LedgerError(T("a bullion market drops the GOLDFIX $100 (or $200 at the corner)"))
        broker = None if args.get("broker") in (None, BANK) else self._player(args, "broker")
        if broker is None and rate:
            raise LedgerError(T("a commission needs a broker"))
        sales = args.get("sales")
        if not isinstance(sales, list) or not sales:
            raise LedgerError(SALES_PAIRS)
        seen: set[int] = set()
        parts: list[T] = []
        total = 0
        price = self.goldfix
        for pair in sales:
            if not isinstance(pair, list) or len(pair) != 2:
                raise LedgerError(SALES_PAIRS)
            p = self._player({"player": pair[0]})
            if p in seen:
                raise LedgerError(T("{name} sells twice", name=self.accounts[p].name))
            seen.add(p)
            a = self.accounts[p]
            koz = _sale_quantity(a.bullion, _int({"percent": pair[1]}, "percent"))
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
                T(
                    "{name} sells {koz} kOz: {gross}, commission {commission}, pay to mine {net}",
                    name=a.name,
                    koz=koz,
                    gross=_fmt(sale.gross),
                    commission=_fmt(sale.commission),
                    net=_fmt(sale.net),
                )
            )
        if total == 0:
            raise LedgerError(T("no bullion is sold"))
        self.goldfix = money.goldfix_down(self.goldfix, drop)
        if broker is None:
            return T(
                "BULLION MARKET at ${price:,}: {sales}; GOLDFIX down to ${goldfix:,}",
                price=price,
                sales=Joined(parts, "; "),
                goldfix=self.goldfix,
            )
        return T(
            "BULLION MARKET at ${price:,} (broker {broker}, {rate}%): {sales}; "
            "GOLDFIX down to ${goldfix:,}",
            price=price,
            broker=self.accounts[broker].name,
            rate=rate,
            sales=Joined(parts, "; "),
            goldfix=self.goldfix,
        )

    def _liquidate_bullion(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError(LIQUIDATION)
        koz = _sale_quantity(a.bullion, _int(args, "percent"))
        if koz == 0:
            raise LedgerError(T("{name} has no bullion to liquidate at that share", name=a.name))
        value = money.bullion_discount_value(koz, self.goldfix, discount)
        a.bullion -= koz
        a.cash += value
        return T(
            "{name} liquidates {koz} kOz at -{discount}%: +{value} (GOLDFIX unchanged)",
            name=a.name,
            koz=koz,
            discount=discount,
            value=_fmt(value),
        )

    # ----------------------------------------------------------------- assets

    def _buy_asset(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        asset = args.get("asset")
        if asset not in ("mine_lease", "drill_report"):
            raise LedgerError(T("an auction sells a 'mine_lease' or a 'drill_report'"))
        minimum = (
            money.mine_lease_price(self.goldfix)
            if asset == "mine_lease"
            else money.drill_report_price(self.goldfix)
        )
        price = _int(args, "price", minimum)
        if price < minimum:
            raise LedgerError(
                T(
                    "the minimum bid at ${goldfix:,} is {minimum}",
                    goldfix=self.goldfix,
                    minimum=_fmt(minimum),
                )
            )
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
        if commission and broker is not None:
            paid = T(
                "{name} buys a {asset} for {price} + {commission} commission to {broker}",
                name=a.name,
                asset=label,
                price=_fmt(price),
                commission=_fmt(commission),
                broker=self.accounts[broker].name,
            )
        else:
            paid = T(
                "{name} buys a {asset} for {price}", name=a.name, asset=label, price=_fmt(price)
            )
        return _line(paid, text)

    def _buy_headgear(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        a.headgears += 1
        self._check_headgear(p)
        price = money.headgear_price(self.goldfix)
        bought = T("{name} buys a HEADGEAR for {price}", name=a.name, price=_fmt(price))
        return _line(bought, self._pay(p, price))

    def _liquidate_assets(self, args: Mapping[str, Any]) -> T:
        p = self._player(args)
        a = self.accounts[p]
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError(LIQUIDATION)
        counts = [_int(args, k, 0) for k in ASSETS]
        if any(c < 0 for c in counts) or not any(counts):
            raise LedgerError(T("liquidate at least one asset"))
        for key, count in zip(ASSETS, counts, strict=True):
            if getattr(a, key) < count:
                raise LedgerError(_holds(a.name, getattr(a, key), key))
            setattr(a, key, getattr(a, key) - count)
        self._check_headgear(p)
        value = money.liquidation_value(money.asset_valuation(self.goldfix, *counts), discount)
        a.cash += value
        what = _describe(dict(zip(ASSETS, counts, strict=True)))
        return T(
            "{name} liquidates {what} at -{discount}%: +{value}",
            name=a.name,
            what=what,
            discount=discount,
            value=_fmt(value),
        )

    # ----------------------------------------------------------------- taxes

    def _tax(self, args: Mapping[str, Any], corporation: bool) -> T:
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
        if interim:
            paid = T(
                "{name} pays RISK interim 20% {tax}: {amount}",
                name=a.name,
                tax=label,
                amount=_fmt(tax),
            )
        else:
            paid = T(
                "{name} pays {rate} {percent}% {tax}: {amount}",
                name=a.name,
                rate=self.tax,
                percent=percent,
                tax=label,
                amount=_fmt(tax),
            )
        return _line(paid, self._pay(p, tax))

    def _bullion_tax(self, args: Mapping[str, Any]) -> T:
        return self._tax(args, corporation=False)

    def _corporation_tax(self, args: Mapping[str, Any]) -> T:
        return self._tax(args, corporation=True)

    # ------------------------------------------------------ reset, QUICKSTART

    def _reset(self, args: Mapping[str, Any]) -> T:
        self._fresh()
        return T(
            "RESET: every player back to {cash} and {notes} LOAN NOTES; GOLDFIX $1,000; "
            "tax LOW; interest at the tax rate",
            cash=_fmt(money.START_CASH),
            notes=money.START_NOTES,
        )

    def _quickstart(self, args: Mapping[str, Any]) -> T:
        if any(a.mine_leases or a.headgears for a in self.accounts):
            raise LedgerError(
                T("QUICKSTART is for the start of a game, before anyone holds a mine")
            )
        texts: Line = []
        for p, a in enumerate(self.accounts):
            if a.bankrupt:
                continue
            a.mine_leases += 1
            a.headgears += 1
            texts += self._pay(p, money.QUICKSTART_COST)
        taken = T(
            "QUICKSTART: every player takes 1 MINE LEASE + 1 HEADGEAR for {cost}",
            cost=_fmt(money.QUICKSTART_COST),
        )
        return _line(taken, texts)

    # --------------------------------------------- player / player, player / bank

    def _transfer(self, args: Mapping[str, Any]) -> T:
        """A2 [44]: items go from seller to buyer, the price from buyer to seller.

        Between players the price is theirs to agree.  With the BANK the rules set it
        (:meth:`_bank_price`): a price sent along must be that one, or nothing is booked.
        """
        seller, buyer = self._party(args, "seller"), self._party(args, "buyer")
        if seller is None and buyer is None:
            raise LedgerError(T("a transaction needs at least one player"))
        if seller == buyer:
            raise LedgerError(T("the seller and the buyer are the same player"))
        counts = {k: _int(args, k, 0) for k in ITEMS}
        if any(c < 0 for c in counts.values()):
            raise LedgerError(T("quantities are 0 or more"))
        if not any(counts.values()):
            raise LedgerError(T("enter a number in at least one of the six fields"))
        if counts["merchant_bank_fees"] and (buyer is not None or seller is None):
            raise LedgerError(T("the BANK is the buyer of a MERCHANT BANK fee, paid by the seller"))
        if (seller is not None and buyer is not None) or self._rules < 2:
            if "discount" in args:
                raise LedgerError(T("a liquidation discount is for sales to the BANK"))
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
                    raise LedgerError(_holds(self.accounts[seller].name, have, key))
                setattr(self.accounts[seller], attr, have - count)
            if buyer is not None:
                setattr(self.accounts[buyer], attr, getattr(self.accounts[buyer], attr) + count)
        for p in (seller, buyer):
            if p is not None:
                self._check_headgear(p)

    def _trade(
        self, seller: int | None, buyer: int | None, counts: Mapping[str, int], price: int
    ) -> T:
        """Player / player: any items at any agreed price (negative: the seller pays).

        Under rules 1 the BANK (None) traded this way too, at the price entered."""
        self._move_items(seller, buyer, counts)
        texts: Line = []
        fees = counts["merchant_bank_fees"]
        if fees and seller is not None:
            texts += self._pay(seller, fees * money.MERCHANT_BANK_FEE)
        payer, payee = (buyer, seller) if price > 0 else (seller, buyer)
        if price and payer is not None:
            texts += self._pay(payer, abs(price))
        if price and payee is not None:
            self.accounts[payee].cash += abs(price)
        s = BANK.upper() if seller is None else self.accounts[seller].name
        b = BANK.upper() if buyer is None else self.accounts[buyer].name
        sold = T(
            "{seller} sells {items} to {buyer} for {price}",
            seller=s,
            items=_describe(counts),
            buyer=b,
            price=_fmt(price),
        )
        return _line(sold, texts)

    def _bank_price(
        self, player: int, counts: Mapping[str, int], sells: bool, discount: int
    ) -> tuple[int, list[str | T]]:
        """What the BANK pays the player (negative: what he pays it), item by item.

        The BANK buys mine assets and bullion only in a LIQUIDATION (p15: -50%, or -25%
        with the RISK card), takes back a LOAN NOTE for $250M (REPAY [14]) and a MERCHANT
        BANK fee for $10M.  It sells MINE LEASES and DRILL REPORTS at the minimum bid [2]
        (as dealt under E-Z PLAY LEVEL EZ2) and HEADGEAR at its price [4]; it sells no
        bullion (p13 b: only RISK cards trade bullion with the Bank, and those sell) and
        lends only through BOR [11]/[12], where interest comes first.
        """
        g, total = self.goldfix, 0
        parts: list[str | T] = []
        if sells:
            assets = [counts[k] for k in ASSETS]
            if any(assets):
                value = money.liquidation_value(money.asset_valuation(g, *assets), discount)
                total += value
                what = _describe(dict(zip(ASSETS, assets, strict=True)))
                parts.append(Joined([what, _fmt(value)], " "))
            if counts["bullion"]:
                value = money.bullion_discount_value(counts["bullion"], g, discount)
                total += value
                parts.append(f"{counts['bullion']} kOz {_fmt(value)}")
            if parts:
                parts = [
                    T(
                        "LIQUIDATION -{discount}%: {items}",
                        discount=discount,
                        items=Joined(parts, ", "),
                    )
                ]
            notes = counts["loan_notes"]
            if notes:
                need = notes * money.LOAN_NOTE
                cash = self.accounts[player].cash + total
                if cash < need:
                    raise LedgerError(
                        T(
                            "{name} needs {amount} cash to repay {notes} LOAN NOTE(S) [14]",
                            name=self.accounts[player].name,
                            amount=_fmt(need),
                            notes=notes,
                        )
                    )
                total -= need
                parts.append(
                    T("repays {notes} LOAN NOTE(S) {amount}", notes=notes, amount=_fmt(-need))
                )
            fees = counts["merchant_bank_fees"]
            if fees:
                total -= fees * money.MERCHANT_BANK_FEE
                fee = _fmt(-fees * money.MERCHANT_BANK_FEE)
                parts.append(T("MERCHANT BANK fee {amount}", amount=fee))
            return total, parts
        if counts["bullion"]:
            raise LedgerError(T("the BANK sells no bullion: production is added with ADD [18][19]"))
        if counts["loan_notes"]:
            raise LedgerError(T("a loan from the BANK is BOR [11] / [12], after paying interest"))
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
                items = f"{counts[key]} {ASSET_LABELS[key]}"
                parts.append(T("{items} at {price}", items=items, price=_fmt(unit[key])))
        return total, parts

    def _with_bank(
        self,
        seller: int | None,
        buyer: int | None,
        counts: Mapping[str, int],
        args: Mapping[str, Any],
    ) -> T:
        player = seller if seller is not None else buyer
        assert player is not None
        sells = seller is not None
        liquidated = sells and any(counts[k] for k in ("bullion", *ASSETS))
        if "discount" in args and not liquidated:
            raise LedgerError(
                T("a liquidation discount is for mine assets or bullion sold to the BANK")
            )
        discount = _int(args, "discount", money.LIQUIDATION_DISCOUNT)
        if discount not in LIQUIDATION_DISCOUNTS:
            raise LedgerError(LIQUIDATION)
        net, parts = self._bank_price(player, counts, sells, discount)
        # the price as the person saw it: what the buyer pays the seller
        price = net if sells else -net
        if "price" in args and _int(args, "price") != price:
            raise LedgerError(
                T(
                    "the BANK's price is {price} ({parts}), not {sent}",
                    price=_fmt(price),
                    parts=Joined(parts, "; "),
                    sent=_fmt(_int(args, "price")),
                )
            )
        self._move_items(seller, buyer, counts)
        a = self.accounts[player]
        text: Line = []
        if net >= 0:
            a.cash += net
        else:
            text = self._pay(player, -net)
        what = _describe(counts)
        gets = (
            T("receives {amount}", amount=_fmt(net))
            if net >= 0
            else T("pays {amount}", amount=_fmt(-net))
        )
        if sells:
            head = T(
                "{name} sells {items} to the BANK: {gets} ({parts})",
                name=a.name,
                items=what,
                gets=gets,
                parts=Joined(parts, "; "),
            )
        else:
            head = T(
                "{name} buys {items} from the BANK: {gets} ({parts})",
                name=a.name,
                items=what,
                gets=gets,
                parts=Joined(parts, "; "),
            )
        return _line(head, text)

    def _cash(self, args: Mapping[str, Any]) -> T:
        """A cash-only payment (a RISK card's penalty or reward, a side deal): no items."""
        payer, payee = self._party(args, "payer"), self._party(args, "payee")
        if payer is None and payee is None:
            raise LedgerError(T("a cash payment needs at least one player"))
        if payer == payee:
            raise LedgerError(T("the payer and the payee are the same player"))
        amount = _int(args, "amount")
        if amount <= 0:
            raise LedgerError(T("a payment is a positive number of $M"))
        memo = args.get("memo", "")
        if not isinstance(memo, str) or len(memo) > MEMO_LENGTH:
            raise LedgerError(
                T("the reason is a text of at most {most} characters", most=MEMO_LENGTH)
            )
        text: Line = []
        if payer is not None:
            text = self._pay(payer, amount)
        if payee is not None:
            self.accounts[payee].cash += amount
        s = THE_BANK if payer is None else self.accounts[payer].name
        b = THE_BANK if payee is None else self.accounts[payee].name
        if memo.strip():
            paid = T(
                "{payer} pays {payee} {amount} ({memo})",
                payer=s,
                payee=b,
                amount=_fmt(amount),
                memo=memo.strip(),
            )
        else:
            paid = T("{payer} pays {payee} {amount}", payer=s, payee=b, amount=_fmt(amount))
        return _line(paid, text)

    # ----------------------------------------------------------- MERCHANT BANK

    def _takeover(self, args: Mapping[str, Any]) -> T:
        """A2 [39]/[44]: fee, dice, counter-takeover bids, then the owners are paid."""
        bidder = self._player(args, "bidder")
        red, black = _int(args, "red"), _int(args, "black")
        if not (1 <= red <= 6 and 1 <= black <= 6):
            raise LedgerError(DICE)
        owners = args.get("owners", [])
        counters = args.get("counters", [])
        if not isinstance(owners, list) or not isinstance(counters, list):
            raise LedgerError(T("'owners' and 'counters' are lists"))
        name = self.accounts[bidder].name
        fee = _fmt(money.MERCHANT_BANK_FEE)
        texts: Line = [T("{name} pays the {fee} MERCHANT BANK fee", name=name, fee=fee)]
        texts += self._pay(bidder, money.MERCHANT_BANK_FEE)
        if not money.takeover_succeeds(red, black):
            if counters:
                raise LedgerError(T("a failed takeover cannot be countered"))
            fails = T("red {red}, black {black}: takeover FAILS", red=red, black=black)
            return _line(texts, "; ", fails)
        stakes = []
        for owner in owners:
            if not isinstance(owner, Mapping):
                raise LedgerError(T("each owner is an object with 'player' and asset counts"))
            p = self._player(owner)
            if p == bidder:
                raise LedgerError(T("the bidder's own assets are not his to buy"))
            counts = [_int(owner, k, 0) for k in ASSETS]
            if any(c < 0 for c in counts) or not any(counts):
                raise LedgerError(T("each owner gives up at least one asset"))
            stakes.append((p, counts))
        if not stakes:
            raise LedgerError(T("a successful takeover names the owners and their assets"))
        if len({p for p, _ in stakes}) != len(stakes) and self._rules >= 2:
            raise LedgerError(T("name each owner once, with all his assets in the mine"))
        mine = [sum(c[i] for _, c in stakes) for i in range(len(ASSETS))]
        if any(have > most for have, most in zip(mine, MINE, strict=True)) and self._rules >= 2:
            raise LedgerError(
                T("a takeover is for a single mine: 1 MINE LEASE, 1 HEADGEAR, 2 DRILL REPORTS")
            )
        for pair in counters:
            if not isinstance(pair, list) or len(pair) != 2:
                raise LedgerError(T("'counters' lists [player, black die] pairs"))
            p = self._player({"player": pair[0]})
            if p not in [s[0] for s in stakes]:
                raise LedgerError(T("only a threatened owner may counter a takeover"))
            roll = _int({"black": pair[1]}, "black")
            if not 1 <= roll <= 6:
                raise LedgerError(DICE)
            counter = self.accounts[p]
            counter_fee = _fmt(money.COUNTER_TAKEOVER_FEE)
            texts += ["; ", T("{name} counters ({fee} fee)", name=counter.name, fee=counter_fee)]
            texts += self._pay(p, money.COUNTER_TAKEOVER_FEE)
            if money.counter_takeover_succeeds(red, roll):
                fails = T("black {roll} equals red {red}: takeover FAILS", roll=roll, red=red)
                return _line(texts, ", ", fails)
            texts += [", ", T("black {roll}: no", roll=roll)]
        for p, counts in stakes:
            a, b = self.accounts[p], self.accounts[bidder]
            for key, count in zip(ASSETS, counts, strict=True):
                if getattr(a, key) < count:
                    raise LedgerError(_holds(a.name, getattr(a, key), key))
                setattr(a, key, getattr(a, key) - count)
                setattr(b, key, getattr(b, key) + count)
            self._check_headgear(p)
            self._check_headgear(bidder)
            cost = money.takeover_price(money.asset_valuation(self.goldfix, *counts), red)
            taken = T(
                "red {red}: {name} takes {items} from {owner} for {cost}",
                red=red,
                name=name,
                items=_describe(dict(zip(ASSETS, counts, strict=True))),
                owner=a.name,
                cost=_fmt(cost),
            )
            texts += ["; ", taken]
            texts += self._pay(bidder, cost)
            a.cash += cost
        return _line(texts)


def _production(dice: int, reports: int) -> int:
    """:func:`money.production`, refused in words (its own checks, in its order)."""
    if not 0 <= reports <= 2:
        raise LedgerError(
            T("a mine has two DRILL REPORTS; {reports} cannot match", reports=reports)
        )
    if not 1 <= dice <= 12:
        raise LedgerError(T("a dice value used is 1 to 12, not {dice}", dice=dice))
    return money.production(dice, reports)


def _sale_quantity(vault: int, percent: int) -> int:
    """:func:`money.sale_quantity`, refused in words."""
    if percent not in money.SALE_PERCENTS:
        raise LedgerError(
            T("a sale is 0, 25, 50, 75 or 100% of the vault, not {percent}%", percent=percent)
        )
    return money.sale_quantity(vault, percent)


def _describe(counts: Mapping[str, int]) -> T:
    """``1 MINE LEASE, 2 DRILL REPORT``, or "nothing"."""
    parts = [_items(count, key) for key, count in counts.items() if count]
    return Joined(parts, ", ") if parts else T("nothing")


def _holds(name: str, count: int, key: str) -> T:
    """The refusal of a player who does not hold what he would give up."""
    return T("{name} holds {items}", name=name, items=_items(count, key))


_HANDLERS: Final[dict[str, Callable[[Ledger, Mapping[str, Any]], T]]] = {
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
