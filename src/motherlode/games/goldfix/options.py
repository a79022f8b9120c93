"""GOLDFIX options: every level, E-Z PLAY OPTION and Tabletopia version of the rulebook.

Defaults are the rulebook's full game: LEVEL A auctions and bullion markets, negotiable
commissions, no QUICKSTART, WINNER $1,000M, no time / circuit limit.  The Tabletopia
presets (p2/3) switch several options at once; :meth:`GoldfixOptions.auction_rules` and
friends give the effective settings, and a preset refuses a conflicting explicit choice.

The design numbers (starting money, the GOLDFIX table, production and each mine's figures,
loans, taxes, fees) are in ``data/parameters.toml``, read through ``options.parameters``;
``components`` names a designer's folder holding a ``board.toml``, a ``risk.toml`` and / or
a ``parameters.toml``, each with only the keys it changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.parameters import Parameters
from motherlode.games.goldfix import money
from motherlode.games.goldfix.components import FILES, Components, load_components

AUCTION_LEVELS = ("A", "B", "EZ1", "EZ2")
BULLION_MARKET_LEVELS = ("A", "B")
TABLETOPIA = ("none", "no-auctions", "timed-auctions")


@dataclass(frozen=True)
class GoldfixOptions(GameOptions):
    component_files = FILES

    auction_level: str = option(
        "A",
        "MINE ASSET AUCTIONS: A = lots one fewer than players, no limit per player; "
        "B = same lots, one win each; EZ1 = a lot per player, one win each; "
        "EZ2 = no auction, each player who wants one is dealt a card at the minimum bid",
        choices=AUCTION_LEVELS,
        title="Mine auctions",
        sentence="How MINE ASSET cards are auctioned.",
        labels={
            "A": "A: one lot fewer than players, no limit a player",
            "B": "B: one lot fewer than players, one win each",
            "EZ1": "E-Z 1: a lot for each player, one win each",
            "EZ2": "E-Z 2: no auction, cards dealt at the minimum bid",
        },
    )
    drill_report_option: bool = option(
        False,
        "DRILL REPORT OPTION: double the number of DRILL REPORTS at every auction",
        title="Double drill reports",
        sentence="Yes: twice as many DRILL REPORTS at every auction.",
        advanced=True,
    )
    bullion_market_level: str = option(
        "A",
        "BULLION MARKET: A = the broker may self-broker at 0% (refuse to sell for others); "
        "B = the self-broker 0% mode is excluded",
        choices=BULLION_MARKET_LEVELS,
        title="Bullion market",
        sentence="What a broker may do on the BULLION MARKET.",
        labels={
            "A": "A: a broker may refuse to sell for others (0% self-brokering)",
            "B": "B: no 0% self-brokering",
        },
        advanced=True,
    )
    fixed_commissions: bool = option(
        False,
        "E-Z PLAY OPTION: fix the commission on the two BULLION MARKET squares at 10% "
        "(the GOLDFIX corner stays 25%, RISK cards as printed)",
        title="Fixed commissions (E-Z play)",
        sentence="Yes: the two BULLION MARKET squares charge 10%; the GOLDFIX corner stays at 25%.",
        advanced=True,
    )
    quickstart: bool = option(
        False,
        "QUICKSTART: every player starts with one MINE LEASE and its HEADGEAR for $275M",
        title="Quickstart",
        sentence="Yes: every player starts with one MINE LEASE and its HEADGEAR, for $275M.",
    )
    tabletopia: str = option(
        "none",
        "Tabletopia version: no-auctions (family friendly: QUICKSTART, cards dealt at the "
        "minimum bid, commissions fixed at 10%) or timed-auctions (sealed bids on a timer)",
        choices=TABLETOPIA,
        title="Tabletopia version",
        sentence="A preset of the online version, which sets several options at once.",
        labels={
            "none": "None: the rulebook's game",
            "no-auctions": "Family: no auctions, Quickstart, 10% commissions",
            "timed-auctions": "Timed auctions: sealed bids against a clock",
        },
    )
    auction_timer: int = option(
        30,
        "TIMED AUCTIONS: seconds a table gives for sealed bids (the web table's clock)",
        choices=(20, 30),
        title="Seconds to bid (timed auctions)",
        sentence="How long players have to place sealed bids in the timed-auctions version.",
        labels={20: "20 seconds", 30: "30 seconds"},
        advanced=True,
    )
    winner: int = option(
        money.DEFAULT_WINNER,
        "WINNER: cash ($M) to acquire, with every LOAN NOTE repaid, to win",
        min=100,
        max=100_000,
        title="Cash to win ($M)",
        sentence="Cash a player must hold, every LOAN NOTE repaid, to win.",
        advanced=True,
    )
    circuit_limit: int = option(
        0,
        "TIME / CIRCUIT LIMIT: the game ends after the round in which a player completes "
        "this many circuits, ranked by net worth; 0 = no limit",
        min=0,
        max=10_000,
        title="Circuit limit",
        sentence=(
            "The game ends after the round in which a player completes this many circuits, and "
            "ranks by net worth; 0: no limit."
        ),
        advanced=True,
    )
    time_limit: int = option(
        0,
        "TIME / CIRCUIT LIMIT: minutes of play; when they run out the round is finished and "
        "the game ranks by net worth (the table's clock); 0 = no limit",
        min=0,
        max=24 * 60,
        title="Time limit (minutes)",
        sentence=(
            "When the minutes run out, the round is finished and the game ranks by net worth; 0: "
            "no limit."
        ),
    )
    loan_interest: int = option(
        0,
        "interest (%) on each $250M LOAN NOTE at every BANK visit; 0 = the current tax "
        "rate (LOW 5% = $13M, HIGH 10% = $25M)",
        min=0,
        max=50,
        title="Loan interest (%)",
        sentence="Interest on each $250M LOAN NOTE at every BANK visit; 0: the current tax rate.",
        advanced=True,
    )
    trade_offers_per_turn: int = option(
        3,
        "deals (negotiations with another player) a player may open per turn (a bound so "
        "that play always moves on; the rulebook sets none); 0 = no trading",
        min=0,
        max=20,
        title="Deals a turn",
        sentence="How many deals a player may open with others in one turn; 0: no trading.",
        advanced=True,
    )
    deal_rounds: int = option(
        3,
        "proposals in one negotiation: the first and the counter-offers (after the last "
        "one the other side can only accept or decline)",
        min=1,
        max=10,
        title="Offers in a deal",
        sentence="Proposals in one negotiation, the first one and the counter-offers.",
        advanced=True,
    )
    deal_edits: int = option(
        40,
        "changes (an item in or out, cash or bullion up or down) to one draft of a deal",
        min=1,
        max=200,
        title="Changes to a draft deal",
        sentence="Items, cash or bullion a player may add or change in one draft of a deal.",
        advanced=True,
    )
    cover_shortfalls: bool = option(
        True,
        "LIQUIDATION any time in one's turn: a payment beyond cash waits while the player "
        "chooses to liquidate and / or draw overdrafts; false = overdrafts at once",
        title="Time to cover a payment",
        sentence=(
            "Yes: a payment beyond a player's cash waits while they sell or borrow; no: "
            "overdrafts are drawn at once."
        ),
        advanced=True,
    )
    components: str = option(
        "",
        "a folder of your own board.toml, risk.toml and / or parameters.toml (the design "
        "numbers), each holding only the keys you change (see data/); empty: the "
        "reconstructed components and the rulebook's numbers",
        web=False,
    )

    def validate(self) -> None:
        comps = self.load_components()
        _check_numbers(self.parameters, comps)
        if self.tabletopia == "no-auctions":
            if self.auction_level not in ("A", "EZ2"):
                raise BadOptions(
                    "tabletopia=no-auctions deals cards at the minimum bid (EZ2); "
                    f"it cannot be combined with auction_level={self.auction_level}"
                )
        elif self.tabletopia == "timed-auctions" and self.auction_level == "EZ2":
            raise BadOptions("tabletopia=timed-auctions holds real auctions, not EZ2")

    def load_components(self) -> Components:
        try:
            return load_components(self.components)
        except ValueError as exc:  # a ComponentError, or what a parser found wrong
            raise BadOptions(f"option components: {exc}") from None

    # ------------------------------------------------------- effective settings

    @property
    def effective_auction_level(self) -> str:
        return "EZ2" if self.tabletopia == "no-auctions" else self.auction_level

    @property
    def effective_quickstart(self) -> bool:
        return self.quickstart or self.tabletopia == "no-auctions"

    @property
    def effective_fixed_commissions(self) -> bool:
        return self.fixed_commissions or self.tabletopia == "no-auctions"

    @property
    def timed_auctions(self) -> bool:
        return self.tabletopia == "timed-auctions"


def _check_numbers(p: Parameters, comps: Components) -> None:
    """The design numbers against each other and against the components they meet."""

    def refuse(name: str, why: str) -> None:
        raise BadOptions(f"param.{name}: {why}")

    for name in ("goldfix_start", "goldfix_rise", "bullion_market_drop", "goldfix_corner_drop"):
        if getattr(p, name) % money.GOLDFIX_STEP:
            refuse(name, f"{getattr(p, name)} is not a multiple of $100 (the GOLDFIX LADDER)")
    if p.goldfix_corner_commission not in money.COMMISSION_RATES:
        refuse(
            "goldfix_corner_commission",
            f"{p.goldfix_corner_commission}% is not a rate a broker can set (0 to 20, or 25)",
        )
    if p.overdraft_fee >= p.loan_note:
        refuse("overdraft_fee", f"${p.overdraft_fee}M leaves nothing of a ${p.loan_note}M note")
    if p.max_notes >= p.bankrupt_notes:
        refuse("max_notes", f"{p.max_notes} must be fewer than bankrupt_notes ({p.bankrupt_notes})")
    if p.start_notes > p.max_notes:
        refuse("start_notes", f"{p.start_notes} is more than max_notes ({p.max_notes})")
    cards = {c.discount for c in comps.risk_deck if c.kind == "liquidation"}
    if p.liquidation_discount in cards:
        refuse(
            "liquidation_discount",
            f"{p.liquidation_discount}% is a LIQUIDATION card's discount (risk.toml): "
            "the Bank's own must differ",
        )
    mines = len(comps.board.mines)
    for name in ("mine_production", "mine_landing_bonus", "mine_opponent_bonus"):
        figures = getattr(p, name)
        if mines > len(figures) and len(set(figures)) > 1:
            refuse(
                name,
                f"figures for {len(figures)} mines, but the board has {mines}: with more "
                "mines than that, every mine has the same figures",
            )
