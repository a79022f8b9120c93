"""GOLDFIX actions, one class per kind of decision, and the fixed integer action space.

Assets are named as a player says them: ``ML-Alpaca`` (a MINE LEASE, with its HEADGEAR
when built), ``HG-Alpaca`` (the HEADGEAR alone, for liquidation), ``DR-Alpaca`` (one
DRILL REPORT) and ``bullion-25`` (25% of a vault; also 50, 75, 100).  Text notation is the
engine's default, e.g. ``negotiate 2``, ``offer sell ML-Kudu 125``, ``bid 45``, ``sell 50``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from motherlode.engine import Action, ActionSpace, GameOptions
from motherlode.games.goldfix import money
from motherlode.games.goldfix.components import Components
from motherlode.games.goldfix.options import GoldfixOptions

TRADE_PRICE_PERCENTS = (50, 75, 100, 125, 150, 200)
"""A trade's price, as a % of the asset's GOLDFIX valuation (bullion: its GOLDFIX value)."""
BID_AMOUNTS = (*range(10, 100, 5), *range(100, 200, 10), *range(200, 501, 25))
"""The sealed bids one may make ($M): $5M steps to $100M, $10M steps to $200M, $25M steps
to $500M (every minimum bid of the GOLDFIX table is on this ladder)."""
MAX_BID = BID_AMOUNTS[-1]
BULLION_SHARES = (25, 50, 75, 100)
FLASH_BUY_KOZ = (50, 100)
DEAL_STEPS = (1, 10, 100)
"""A deal's cash ($M) and bullion (kOz) go up or down by these steps, so any whole amount
can be put together in a few moves."""
DEAL_AMOUNTS = ("bullion", "cash")
NOTES = "notes"


# ------------------------------------------------- (1) trades with other players


@dataclass(frozen=True, slots=True)
class Negotiate(Action):
    """Open a trade proposal to another player (counts against the turn's offers)."""

    TYPE = "negotiate"
    seat: int


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Propose to ``sell`` or ``buy`` one asset, at ``percent`` of its GOLDFIX valuation."""

    TYPE = "offer"
    deal: str
    asset: str
    percent: int


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Put ``amount`` of ``item`` into what the drafting player gives (a negative amount
    takes it out again): ``ML-<mine>`` (with its HEADGEAR), ``DR-<mine>``, ``bullion``
    (kOz), ``cash`` ($M) or ``notes`` (LOAN NOTES, whose debt the other side takes on)."""

    TYPE = "give"
    item: str
    amount: int


@dataclass(frozen=True, slots=True)
class Get(Action):
    """Put ``amount`` of ``item`` into what the drafting player asks for in return."""

    TYPE = "get"
    item: str
    amount: int


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """Send the deal as drafted; the other side accepts, declines or counters."""

    TYPE = "propose"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Close the negotiation without a deal."""

    TYPE = "withdraw"


@dataclass(frozen=True, slots=True)
class Respond(Action):
    """The other player accepts or declines the proposal."""

    TYPE = "respond"
    accept: bool


@dataclass(frozen=True, slots=True)
class CounterOffer(Action):
    """Answer a proposal with one's own: the deal comes back to be redrafted from this
    side, and the first proposer answers it."""

    TYPE = "counter-offer"


# ------------------------------------------- (2)-(5) the bank, headgear, HOLD cards


@dataclass(frozen=True, slots=True)
class Liquidate(Action):
    """Sell an asset or bullion to the Bank at ``discount`` % off (50, or 25 with the card)."""

    TYPE = "liquidate"
    asset: str
    discount: int


@dataclass(frozen=True, slots=True)
class Repay(Action):
    """Repay one $250M LOAN NOTE from cash."""

    TYPE = "repay"


@dataclass(frozen=True, slots=True)
class BuyHeadgear(Action):
    """Buy the HEADGEAR for a mine whose MINE LEASE one owns, at the GOLDFIX price."""

    TYPE = "headgear"
    mine: str


@dataclass(frozen=True, slots=True)
class FlashSale(Action):
    """Play a FLASH SALE card: ``sell`` a % of the vault or ``buy`` kOz, at the GOLDFIX."""

    TYPE = "flash"
    deal: str
    amount: int


@dataclass(frozen=True, slots=True)
class PlayHold(Action):
    """Play a business scenario HOLD card."""

    TYPE = "play"
    card: str


# ------------------------------------------------------------ (6) dice and squares


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the two dice (ends the turn's buying and selling)."""

    TYPE = "roll"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move by one die or by their sum."""

    TYPE = "move"
    steps: int


@dataclass(frozen=True, slots=True)
class Loan(Action):
    """At the BANK: take the annual ($250M) or discount ($260M) loan, or not."""

    TYPE = "loan"
    take: bool


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A sealed bid on the lot up for auction (EZ2: take a card at the minimum bid)."""

    TYPE = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No bid on this lot (EZ2: no card)."""

    TYPE = "pass"


@dataclass(frozen=True, slots=True)
class Commission(Action):
    """The bullion market broker sets the commission (0% = self-broker)."""

    TYPE = "commission"
    percent: int


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """How much of one's vault to sell through the broker: 0, 25, 50, 75 or 100%."""

    TYPE = "sell"
    percent: int


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """Reshuffle the RISK deck (another player is still on this RISK square), or not."""

    TYPE = "reshuffle"
    yes: bool


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw a RISK card, or pass."""

    TYPE = "draw"
    yes: bool


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Answer a RISK card's YES / NO question."""

    TYPE = "answer"
    yes: bool


@dataclass(frozen=True, slots=True)
class Nominate(Action):
    """MERCHANT BANK: nominate a mine in play for a takeover, or ``None`` to decline."""

    TYPE = "nominate"
    mine: str | None


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """A threatened owner's counter-takeover bid ($10M, roll the black die), or not."""

    TYPE = "counter"
    yes: bool


@dataclass(frozen=True, slots=True)
class Overdraft(Action):
    """Cover what one owes with OVERDRAFT LOANS ($230M each, a $250M LOAN NOTE apiece)."""

    TYPE = "overdraft"


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """TIME LIMIT: the table's clock has run out; the round is finished and the game ends.
    Played by the table (never offered to a player, not in the integer action space)."""

    TYPE = "time-up"


ACTION_TYPES: tuple[type[Action], ...] = (
    Negotiate,
    Offer,
    Give,
    Get,
    Propose,
    Withdraw,
    Respond,
    CounterOffer,
    Liquidate,
    Repay,
    BuyHeadgear,
    FlashSale,
    PlayHold,
    Roll,
    Move,
    Loan,
    Bid,
    Pass,
    Commission,
    Sell,
    Reshuffle,
    Draw,
    Answer,
    Nominate,
    Counter,
    Overdraft,
    TimeUp,
)


def mine_lease(mine: str) -> str:
    return f"ML-{mine}"


def headgear(mine: str) -> str:
    return f"HG-{mine}"


def drill_report(mine: str) -> str:
    return f"DR-{mine}"


def bullion(share: int) -> str:
    return f"bullion-{share}"


def tradable_assets(mines: tuple[str, ...]) -> tuple[str, ...]:
    """Assets a trade can move: MINE LEASES (with HEADGEAR), DRILL REPORTS, bullion."""
    return (
        *(mine_lease(m) for m in mines),
        *(drill_report(m) for m in mines),
        *(bullion(s) for s in BULLION_SHARES),
    )


def deal_items(mines: tuple[str, ...]) -> tuple[str, ...]:
    """What a deal can hold, as ``give`` / ``get`` name it."""
    return (
        *(mine_lease(m) for m in mines),
        *(drill_report(m) for m in mines),
        *DEAL_AMOUNTS,
        NOTES,
    )


def deal_steps(item: str) -> tuple[int, ...]:
    """The amounts by which ``give`` / ``get`` change an item, ups then downs."""
    ups = DEAL_STEPS if item in DEAL_AMOUNTS else (1,)
    return (*ups, *(-u for u in ups))


def liquidation_assets(mines: tuple[str, ...]) -> tuple[str, ...]:
    return (
        *(mine_lease(m) for m in mines),
        *(headgear(m) for m in mines),
        *(drill_report(m) for m in mines),
        *(bullion(s) for s in BULLION_SHARES),
    )


@cache
def _space(num_players: int, components: Components, discount: int) -> ActionSpace:
    mines = components.board.mines
    deck = components.risk_deck
    discounts = sorted(
        {discount} | {c.discount for c in deck if c.kind == "liquidation"}, reverse=True
    )
    holds = sorted({c.id for c in deck if c.kind == "scenario" and c.hold})
    actions: list[Action] = [Negotiate(s) for s in range(num_players)]
    actions += [
        Offer(deal, asset, pct)
        for deal in ("sell", "buy")
        for asset in tradable_assets(mines)
        for pct in TRADE_PRICE_PERCENTS
    ]
    actions += [
        kind(item, amount)
        for kind in (Give, Get)
        for item in deal_items(mines)
        for amount in deal_steps(item)
    ]
    actions += [Propose(), Withdraw(), Respond(False), Respond(True), CounterOffer()]
    actions += [Liquidate(a, d) for a in liquidation_assets(mines) for d in discounts]
    actions += [Repay(), *(BuyHeadgear(m) for m in mines)]
    actions += [FlashSale("sell", s) for s in BULLION_SHARES]
    actions += [FlashSale("buy", k) for k in FLASH_BUY_KOZ]
    actions += [PlayHold(c) for c in holds]
    actions += [Roll(), *(Move(n) for n in range(1, 13)), Loan(False), Loan(True)]
    actions += [Bid(b) for b in BID_AMOUNTS]
    actions += [Pass(), *(Commission(r) for r in money.COMMISSION_RATES)]
    actions += [Sell(p) for p in money.SALE_PERCENTS]
    actions += [Reshuffle(False), Reshuffle(True), Draw(False), Draw(True)]
    actions += [Answer(False), Answer(True), Nominate(None), *(Nominate(m) for m in mines)]
    actions += [Counter(False), Counter(True), Overdraft()]
    return ActionSpace(actions)


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    """Every GOLDFIX action, numbered; the size depends on the player count and the
    components (mine names, HOLD cards) only; the Bank's LIQUIDATION discount (a design
    number) names its actions."""
    assert isinstance(options, GoldfixOptions)
    discount = options.parameters.liquidation_discount
    return _space(num_players, options.load_components(), discount)
