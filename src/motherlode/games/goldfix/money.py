"""GOLDFIX money rules: plain functions on whole numbers, with no game state.

This module is the one implementation of GOLDFIX's money rules.  The game (``rules.py``)
calls it, and so will the GOLDFIX DASHBOARD of the rulebook's appendix A1/A2 (issue 10),
which keeps the books of a physical table: never copy these formulas elsewhere.

Units (COMPONENTS.md): money in whole $M, bullion in whole kOz, the GOLDFIX in $ per
ounce.  The rulebook warns "[Some $ rounding occurs!!]": every computation rounds half up
to a whole $M (or kOz) at once, and a total is rounded once, not item by item (the
DASHBOARD's liquidation table, A1, only comes out right that way).

The design numbers are data (``data/parameters.toml``): a function that needs one takes
the game's :class:`~motherlode.engine.parameters.Parameters` as ``p``, by default
:data:`RULEBOOK`, the rulebook's numbers, which the DASHBOARD keeps; the constants below
are those numbers, read from the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from motherlode.engine.parameters import Parameters, load_parameters

RULEBOOK: Final[Parameters] = load_parameters(Path(__file__).resolve().parent / "data")
"""The rulebook's design numbers: ``data/parameters.toml``'s defaults."""

# --------------------------------------------------------------------------- rounding


def round_half_up(numerator: int, denominator: int = 1) -> int:
    """``numerator / denominator`` to the nearest whole number, halves away from zero."""
    if denominator <= 0:
        raise ValueError("the denominator must be positive")
    if numerator < 0:
        return -round_half_up(-numerator, denominator)
    return (2 * numerator + denominator) // (2 * denominator)


def dollars(amount: int) -> str:
    """``$1,234M``, or ``−$108M`` for a debt."""
    return f"−${-amount:,}M" if amount < 0 else f"${amount:,}M"


def signed(amount: int) -> str:
    """``+$5M``, ``−$5M`` or ``$0M``: a change in what someone has."""
    return f"+{dollars(amount)}" if amount > 0 else dollars(amount)


def percent_of(amount: int, percent: int) -> int:
    """``percent`` % of ``amount``, rounded half up."""
    return round_half_up(amount * percent, 100)


# --------------------------------------------------------------- GOLDFIX LADDER (p7)

GOLDFIX_START: Final[int] = RULEBOOK.goldfix_start
GOLDFIX_MIN: Final = 1000
GOLDFIX_MAX: Final = 2000
GOLDFIX_STEP: Final = 100
GOLDFIX_LADDER: Final = tuple(range(GOLDFIX_MIN, GOLDFIX_MAX + 1, GOLDFIX_STEP))
"""The eleven rungs, $1,000 to $2,000."""

BULLION_MARKET_DROP: Final[int] = RULEBOOK.bullion_market_drop
"""A BULLION MARKET square sale moves the GOLDFIX down $100 (if any bullion was sold)."""
GOLDFIX_CORNER_DROP: Final[int] = RULEBOOK.goldfix_corner_drop
"""A sale at the GOLDFIX corner square moves it down $200 (if any bullion was sold)."""
GOLDFIX_CORNER_COMMISSION: Final[int] = RULEBOOK.goldfix_corner_commission
"""The corner's fixed commission (%), the alternative to self-brokering at 0%."""


def goldfix_up(goldfix: int, dollars: int = GOLDFIX_STEP) -> int:
    """After a GOLDFIX square or card: up the ladder, never above $2,000."""
    return min(GOLDFIX_MAX, goldfix + dollars)


def goldfix_down(goldfix: int, dollars: int) -> int:
    """After a bullion market sale: down the ladder, never below $1,000."""
    return max(GOLDFIX_MIN, goldfix - dollars)


def check_goldfix(goldfix: int) -> int:
    """``goldfix`` if it is a rung of the ladder, else ValueError."""
    if goldfix not in GOLDFIX_LADDER:
        raise ValueError(f"the GOLDFIX is a multiple of $100 from $1,000 to $2,000, not {goldfix}")
    return goldfix


# ------------------------------------------------------ the GOLDFIX price table (p6)


@dataclass(frozen=True, slots=True)
class AssetPrices:
    """One row of the GOLDFIX table, in $M: minimum bids and the HEADGEAR price.

    COMPONENTS.md: these are also the assets' valuations for taxes, liquidation, the
    MERCHANT BANK and net worth.
    """

    goldfix: int
    mine_lease: int
    headgear: int
    drill_report: int


def asset_prices(goldfix: int, p: Parameters = RULEBOOK) -> AssetPrices:
    """The GOLDFIX table's row at ``goldfix`` (the rulebook: ML $25M + $5M, HEADGEAR
    $250M + $50M, DR $10M + $5M per $100)."""
    rung = (check_goldfix(goldfix) - GOLDFIX_MIN) // GOLDFIX_STEP
    return AssetPrices(
        goldfix, p.mine_lease_prices[rung], p.headgear_prices[rung], p.drill_report_prices[rung]
    )


PRICE_TABLE: Final = tuple(asset_prices(g) for g in GOLDFIX_LADDER)
"""The rulebook's GOLDFIX table, rung by rung."""


def mine_lease_price(goldfix: int, p: Parameters = RULEBOOK) -> int:
    price: int = p.mine_lease_prices[(goldfix - GOLDFIX_MIN) // GOLDFIX_STEP]
    return price


def headgear_price(goldfix: int, p: Parameters = RULEBOOK) -> int:
    price: int = p.headgear_prices[(goldfix - GOLDFIX_MIN) // GOLDFIX_STEP]
    return price


def drill_report_price(goldfix: int, p: Parameters = RULEBOOK) -> int:
    price: int = p.drill_report_prices[(goldfix - GOLDFIX_MIN) // GOLDFIX_STEP]
    return price


def asset_valuation(
    goldfix: int,
    mine_leases: int = 0,
    headgears: int = 0,
    drill_reports: int = 0,
    *,
    p: Parameters = RULEBOOK,
) -> int:
    """The GOLDFIX value of a bundle of mine assets, in $M."""
    rung = (goldfix - GOLDFIX_MIN) // GOLDFIX_STEP
    value: int = (
        mine_leases * p.mine_lease_prices[rung]
        + headgears * p.headgear_prices[rung]
        + drill_reports * p.drill_report_prices[rung]
    )
    return value


def bullion_value(koz: int, goldfix: int) -> int:
    """Bullion in $M: kOz × GOLDFIX / 1000 (COMPONENTS.md)."""
    return round_half_up(koz * goldfix, 1000)


# ------------------------------------------------------ BULLION PRODUCTION (p9, A2 46)

PRODUCTION_TABLE: Final[tuple[tuple[int, ...], ...]] = RULEBOOK.production
"""kOz per pass: rows NONE / ONE / TWO matching DRILL REPORTS; columns dice 1-3, 4-6,
7-9, 10-11, 12."""

OWN_MINE_LANDING_BONUS: Final[int] = RULEBOOK.mine_landing_bonus[0]
"""kOz more when a player lands on his own producing mine (every mine of the rulebook)."""
OPPONENT_LANDING_BONUS: Final[int] = RULEBOOK.mine_opponent_bonus[0]
"""kOz the Bank gives a mine's owner when an opponent lands on it."""


def production_column(dice_value: int) -> int:
    """Column of the production table for the dice value used (1 to 12)."""
    if not 1 <= dice_value <= 12:
        raise ValueError(f"a dice value used is 1 to 12, not {dice_value}")
    if dice_value <= 9:
        return (dice_value - 1) // 3
    return 3 if dice_value <= 11 else 4


def production(dice_value: int, drill_reports: int, p: Parameters = RULEBOOK) -> int:
    """kOz a producing mine yields when passed, by dice value used and matching DRs."""
    if not 0 <= drill_reports <= 2:
        raise ValueError(f"a mine has two DRILL REPORTS; {drill_reports} cannot match")
    koz: int = p.production[drill_reports][production_column(dice_value)]
    return koz


@dataclass(frozen=True, slots=True)
class MineFigures:
    """Each mine's own BULLION PRODUCTION figures, in board order, worked out once per
    game's parameters: ``output[mine][reports][dice]`` is the kOz a pass yields (dice
    used 1 to 12; index 0 unused), ``landing_bonus`` and ``opponent_bonus`` the kOz."""

    output: tuple[tuple[tuple[int, ...], ...], ...]
    landing_bonus: tuple[int, ...]
    opponent_bonus: tuple[int, ...]


def mine_figures(mines: int, p: Parameters = RULEBOOK) -> MineFigures:
    """The figures of a board of ``mines`` mines: the parameters' per-mine entries (a board
    of more mines than entries has every mine alike, which the options check)."""

    def own(table: tuple[int, ...], mine: int) -> int:
        return table[mine] if mine < len(table) else table[0]

    output = tuple(
        tuple(
            (0, *(percent_of(production(d, r, p), own(p.mine_production, m)) for d in range(1, 13)))
            for r in range(3)
        )
        for m in range(mines)
    )
    return MineFigures(
        output,
        tuple(own(p.mine_landing_bonus, m) for m in range(mines)),
        tuple(own(p.mine_opponent_bonus, m) for m in range(mines)),
    )


# ------------------------------------------------------------- BULLION MARKET (p10)

SALE_PERCENTS: Final = (0, 25, 50, 75, 100)
"""What a player may sell of his vault (DASHBOARD [21])."""
BROKER_RATES: Final = (0, 10, 15, 20, 25)
"""The DASHBOARD's bullion broker rates (A2 [3]); 25% is the GOLDFIX corner's."""
BOARD_SQUARE_RATES: Final = tuple(range(21))
"""Rates a broker may set on the two BULLION MARKET squares: "between 0% and 20%", any whole
% (0% = self-broker)."""
QUICK_RATES: Final = (0, 10, 15, 20)
"""The DASHBOARD's quick picks (A2 [3]) among the board-square rates, offered first."""
COMMISSION_RATES: Final = (*BOARD_SQUARE_RATES, GOLDFIX_CORNER_COMMISSION)
"""Every commission a broker may be asked to set (the action space's)."""
FIXED_COMMISSION: Final[int] = RULEBOOK.fixed_commission
"""E-Z PLAY OPTION: every negotiable commission fixed at 10%."""


def sale_quantity(vault: int, percent: int) -> int:
    """kOz sold when selling ``percent`` % of a vault (whole kOz, half up)."""
    if percent not in SALE_PERCENTS:
        raise ValueError(f"a sale is 0, 25, 50, 75 or 100% of the vault, not {percent}%")
    return percent_of(vault, percent)


@dataclass(frozen=True, slots=True)
class BullionSale:
    """One seller's bullion market sale: the Bank pays ``gross``; the broker gets
    ``commission`` of it and the seller ("PAY TO MINE", A2 [22]) keeps ``net``."""

    koz: int
    gross: int
    commission: int
    net: int


def bullion_sale(koz: int, goldfix: int, commission_percent: int) -> BullionSale:
    """Selling ``koz`` to the Bank at the GOLDFIX through a broker at the given rate."""
    gross = bullion_value(koz, goldfix)
    commission = percent_of(gross, commission_percent)
    return BullionSale(koz, gross, commission, gross - commission)


# ------------------------------------------------------ MINE ASSET AUCTIONS (p8)

AUCTION_COMMISSION: Final[int] = RULEBOOK.auction_commission
"""% of each winning bid the buyer pays the broker, on top of the bid (COMPONENTS.md)."""


def auction_commission(price: int, p: Parameters = RULEBOOK) -> int:
    return percent_of(price, p.auction_commission)


QUICKSTART_COST: Final[int] = RULEBOOK.quickstart_cost
"""QUICKSTART: one MINE LEASE and its HEADGEAR for $275M."""

# ------------------------------------------------------------------- BANKING (p11)

START_CASH: Final[int] = RULEBOOK.start_cash
START_NOTES: Final[int] = RULEBOOK.start_notes
LOAN_NOTE: Final[int] = RULEBOOK.loan_note
ANNUAL_LOAN: Final[int] = RULEBOOK.annual_loan
"""Cash received for a new note when passing the BANK."""
DISCOUNT_LOAN: Final[int] = RULEBOOK.discount_loan
"""Cash received for a new note when landing on the BANK."""
OVERDRAFT_FEE: Final[int] = RULEBOOK.overdraft_fee
OVERDRAFT_LOAN: Final = LOAN_NOTE - OVERDRAFT_FEE
"""$230M received for a new note whenever a payment exceeds cash."""
MAX_NOTES: Final[int] = RULEBOOK.max_notes
BANKRUPT_NOTES: Final[int] = RULEBOOK.bankrupt_notes


def overdraft_loan(p: Parameters = RULEBOOK) -> int:
    """Cash paid out for an OVERDRAFT LOAN's note: the note less the fee ($230M)."""
    cash: int = p.loan_note - p.overdraft_fee
    return cash


def overdrafts_needed(cash: int, payment: int, p: Parameters = RULEBOOK) -> int:
    """How many $230M overdraft loans a payment of ``payment`` needs on top of ``cash``."""
    short = payment - cash
    return 0 if short <= 0 else -(-short // (p.loan_note - p.overdraft_fee))


def interest_per_note(percent: int, p: Parameters = RULEBOOK) -> int:
    """Interest on one $250M note (COMPONENTS.md: LOW 5% → $13M, HIGH 10% → $25M)."""
    return percent_of(p.loan_note, percent)


def loan_interest(notes: int, percent: int, p: Parameters = RULEBOOK) -> int:
    """Interest on every note held, paid on passing or landing on the BANK."""
    return notes * interest_per_note(percent, p)


def is_bankrupt(notes: int, p: Parameters = RULEBOOK) -> bool:
    return notes >= int(p.bankrupt_notes)


# --------------------------------------------------------------------- TAXES (p12)

TAX_RATES: Final[dict[str, int]] = dict(zip(("LOW", "HIGH"), RULEBOOK.tax_rates, strict=True))
INTERIM_TAX_RATE: Final = 20
"""RISK interim taxes: 20% of the same bases (the rate printed on those cards, risk.toml)."""


def tax_percent(tax: str, p: Parameters = RULEBOOK) -> int:
    """The % of the tax rate now in force, ``LOW`` or ``HIGH``."""
    percent: int = p.tax_rates[tax == "HIGH"]
    return percent


def net_cash(cash: int, notes: int, p: Parameters = RULEBOOK) -> int:
    """NET CASH: cash minus $250M per loan note (DASHBOARD [17])."""
    note: int = p.loan_note
    return cash - note * notes


def bullion_tax(koz: int, goldfix: int, percent: int) -> int:
    """BULLION TAX: ``percent`` of the vault's GOLDFIX value."""
    return percent_of(bullion_value(koz, goldfix), percent)


def corporation_tax(
    cash: int, notes: int, asset_value: int, percent: int, p: Parameters = RULEBOOK
) -> int:
    """CORPORATION TAX: ``percent`` of NET CASH (0 if negative) plus mine asset valuations."""
    return percent_of(max(0, net_cash(cash, notes, p)) + asset_value, percent)


# ------------------------------------------------------- LIQUIDATION (p15, A2 42)

LIQUIDATION_DISCOUNT: Final[int] = RULEBOOK.liquidation_discount
RISK_LIQUIDATION_DISCOUNT: Final = 25


def liquidation_value(valuation: int, discount: int) -> int:
    """What the Bank pays for assets (or bullion) worth ``valuation`` less ``discount`` %."""
    if not 0 <= discount <= 100:
        raise ValueError(f"a discount is 0 to 100%, not {discount}%")
    return percent_of(valuation, 100 - discount)


def bullion_discount_value(koz: int, goldfix: int, discount: int) -> int:
    """The DASHBOARD's bullion discount calculator (A2 [38])."""
    return liquidation_value(bullion_value(koz, goldfix), discount)


# ---------------------------------------------------------- MERCHANT BANK (p14)

MERCHANT_BANK_FEE: Final[int] = RULEBOOK.merchant_bank_fee
COUNTER_TAKEOVER_FEE: Final[int] = RULEBOOK.counter_takeover_fee
TAKEOVER_MULTIPLIERS: Final = {4: (2, 1), 5: (1, 1), 6: (1, 2)}
"""Red die → price as a fraction of the GOLDFIX valuation (2×, 1×, 0.5×): the rulebook's
``takeover_prices`` (200%, 100%, 50%)."""


def takeover_succeeds(red: int, black: int) -> bool:
    """Equal dice, or red 1-3, fail; red 4, 5 or 6 succeed."""
    return red != black and red in TAKEOVER_MULTIPLIERS


def takeover_price(valuation: int, red: int, p: Parameters = RULEBOOK) -> int:
    """What the bidder pays an owner whose assets in the mine are worth ``valuation``."""
    if red not in TAKEOVER_MULTIPLIERS:
        raise KeyError(red)
    return round_half_up(valuation * p.takeover_prices[red - 4], 100)


def counter_takeover_succeeds(red: int, black: int) -> bool:
    """A threatened owner's counter: the black die rolled again equals the red."""
    return red == black


# --------------------------------------------------------- WINNER and NET WORTH

DEFAULT_WINNER: Final = 1000


def net_worth(
    cash: int, asset_value: int, bullion: int, notes: int, p: Parameters = RULEBOOK
) -> int:
    """CASH + MINE ASSETS + BULLION − # LOAN NOTE × 250 (DASHBOARD [9])."""
    note: int = p.loan_note
    return cash + asset_value + bullion - note * notes


def has_won(cash: int, notes: int, target: int = DEFAULT_WINNER) -> bool:
    """The target cash in the bank account with every loan note repaid."""
    return notes == 0 and cash >= target
