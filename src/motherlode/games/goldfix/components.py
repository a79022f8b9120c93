"""GOLDFIX components kept as data: the board and the RISK deck (``data/*.toml``).

The rulebook describes every kind of square and names the RISK cards it relies on, but
prints neither the map nor the deck; both are reconstructed (COMPONENTS.md, and
``docs/goldfix.md``).  A designer's folder (the ``components`` option,
:mod:`motherlode.engine.components`) may hold its own ``board.toml`` and / or ``risk.toml``,
to match a physical copy or try a variant: each overrides the keys it holds of the
built-in file, unknown files and keys are refused, and :func:`parse_board` and
:func:`parse_risk_deck` check what every entry means and say what is wrong.  The design
numbers (money, prices, production, each mine's figures) are in ``data/parameters.toml``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine.components import (
    PARAMETERS,
    ComponentError,
    designer_folder,
    folder_cached,
    load,
)

DATA = Path(__file__).resolve().parent / "data"
FILES = ("board.toml", "risk.toml")
"""The component files of a designer's folder (besides parameters.toml)."""

SQUARE_KINDS = frozenset(
    {
        "bank",
        "mine",
        "goldfix",
        "mine_lease_auction",
        "drill_report_auction",
        "risk",
        "bullion_tax",
        "bullion_market",
        "tax_budget_day",
        "goldfix_corner",
        "merchant_bank",
        "corporation_tax",
    }
)

SQUARE_TITLES = {
    "bank": "BANK",
    "goldfix": "GOLDFIX +$100",
    "mine_lease_auction": "MINE LEASE AUCTION",
    "drill_report_auction": "DRILL REPORT AUCTION",
    "risk": "RISK",
    "bullion_tax": "BULLION TAX",
    "bullion_market": "BULLION MARKET",
    "tax_budget_day": "TAX BUDGET DAY",
    "goldfix_corner": "GOLDFIX CORNER",
    "merchant_bank": "MERCHANT BANK",
    "corporation_tax": "CORPORATION TAX",
}

CARD_KINDS = frozenset(
    {
        "bullion_broker",
        "flash_sale",
        "merchant_bank",
        "liquidation",
        "tax_budget_day",
        "interim_bullion_tax",
        "interim_corporation_tax",
        "mine_lease_auction",
        "drill_report_auction",
        "goldfix",
        "scenario",
    }
)

EFFECT_KINDS = frozenset(
    {"cash", "cash_per", "bullion", "bullion_per", "bullion_percent", "repay_note", "gamble"}
)
PER_KINDS = frozenset({"mine_lease", "headgear", "drill_report", "producing_mine"})


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    kind: str
    mine: int  # the mine's number, or -1 for any other square
    name: str


@dataclass(frozen=True, slots=True)
class Board:
    squares: tuple[Square, ...]
    mines: tuple[str, ...]
    """Mine names in board order (A to R)."""
    mine_squares: tuple[int, ...]
    cocopans: tuple[str, ...]
    drill_reports_per_mine: int

    @property
    def size(self) -> int:
        return len(self.squares)

    def mine_number(self, name: str) -> int:
        """The number of the mine called ``name`` (exactly), or -1."""
        try:
            return self.mines.index(name)
        except ValueError:
            return -1

    def mine_spelling(self, name: str) -> str | None:
        """The board's spelling of a mine named with other capitals, if there is one."""
        lowered = name.lower()
        return next((m for m in self.mines if m.lower() == lowered), None)


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of a business scenario card (see ``data/risk.toml``)."""

    do: str
    amount: int = 0
    per: str = ""
    at_least: int = 0
    win: tuple[Effect, ...] = ()
    lose: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class RiskCard:
    id: str
    title: str
    text: str
    kind: str
    hold: bool = False
    rate: int = 0
    drop: int = 0
    discount: int = 0
    question: str = ""
    effects: tuple[Effect, ...] = ()
    yes: tuple[Effect, ...] = ()
    no: tuple[Effect, ...] = ()


def _need(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ValueError(f"{where}: missing {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}: {key!r} must be of type {kind.__name__}")
    return value


def parse_board(data: dict[str, Any], where: str = "board") -> Board:
    """A :class:`Board` from the TOML table of ``data/board.toml``, checked."""
    raw = _need(data, "squares", list, where)
    squares: list[Square] = []
    mines: list[str] = []
    mine_squares: list[int] = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, str) or not entry.split():
            raise ValueError(f"{where}: square {index} must be a kind such as 'risk'")
        kind, _, name = entry.partition(" ")
        if kind not in SQUARE_KINDS:
            raise ValueError(f"{where}: square {index} has an unknown kind {kind!r}")
        if kind == "mine":
            name = name.strip()
            if not name or name in mines:
                raise ValueError(f"{where}: square {index} needs a mine name used once")
            squares.append(Square(index, kind, len(mines), name))
            mines.append(name)
            mine_squares.append(index)
        else:
            squares.append(Square(index, kind, -1, SQUARE_TITLES[kind]))
    if not squares or squares[0].kind != "bank":
        raise ValueError(f"{where}: square 0 must be the BANK (start)")
    if [s.kind for s in squares].count("bank") != 1:
        raise ValueError(f"{where}: the board has exactly one BANK square")
    if not mines:
        raise ValueError(f"{where}: the board needs mines")
    cocopans = _need(data, "cocopans", list, where)
    if len(cocopans) < 6 or not all(isinstance(c, str) for c in cocopans):
        raise ValueError(f"{where}: 'cocopans' lists six colours, one per seat")
    drs = _need(data, "drill_reports_per_mine", int, where)
    if drs != 2:
        raise ValueError(f"{where}: the production table needs 2 drill reports per mine")
    return Board(tuple(squares), tuple(mines), tuple(mine_squares), tuple(cocopans), drs)


def _effects(raw: object, where: str) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError(f"{where}: effects are a list of tables")
    out: list[Effect] = []
    for i, item in enumerate(raw):
        at = f"{where} effect {i + 1}"
        if not isinstance(item, dict):
            raise ValueError(f"{at}: an effect is a table such as {{ do = 'cash', amount = 40 }}")
        do = _need(item, "do", str, at)
        if do not in EFFECT_KINDS:
            raise ValueError(f"{at}: unknown effect {do!r}")
        per = item.get("per", "")
        if do in ("cash_per", "bullion_per") and per not in PER_KINDS:
            raise ValueError(f"{at}: 'per' must be one of {', '.join(sorted(PER_KINDS))}")
        if do == "gamble":
            at_least = _need(item, "at_least", int, at)
            if not 1 <= at_least <= 6:
                raise ValueError(f"{at}: 'at_least' is a die face 1 to 6")
            out.append(
                Effect(
                    do,
                    at_least=at_least,
                    win=_effects(item.get("win"), at),
                    lose=_effects(item.get("lose"), at),
                )
            )
        else:
            out.append(Effect(do, _need(item, "amount", int, at), per))
    return tuple(out)


def parse_risk_deck(data: dict[str, Any], where: str = "risk deck") -> tuple[RiskCard, ...]:
    """Every card of the deck (duplicates repeated), from ``data/risk.toml``, checked."""
    cards: list[RiskCard] = []
    seen: set[str] = set()
    for i, raw in enumerate(_need(data, "card", list, where)):
        at = f"{where} card {i + 1}"
        card_id = _need(raw, "id", str, at)
        if card_id in seen:
            raise ValueError(f"{at}: the id {card_id!r} is used twice")
        seen.add(card_id)
        kind = _need(raw, "kind", str, at)
        if kind not in CARD_KINDS:
            raise ValueError(f"{at}: unknown kind {kind!r}")
        question = raw.get("question", "")
        card = RiskCard(
            id=card_id,
            title=_need(raw, "title", str, at),
            text=_need(raw, "text", str, at),
            kind=kind,
            hold=bool(raw.get("hold", False)),
            rate=int(raw.get("rate", 0)),
            drop=int(raw.get("drop", 0)),
            discount=int(raw.get("discount", 0)),
            question=str(question),
            effects=_effects(raw.get("effects"), at),
            yes=_effects(raw.get("yes"), at),
            no=_effects(raw.get("no"), at),
        )
        if kind == "bullion_broker" and not (0 < card.rate <= 100 and card.drop >= 0):
            raise ValueError(f"{at}: a bullion broker card needs a rate and a GOLDFIX drop")
        if kind == "liquidation" and not 0 <= card.discount < 100:
            raise ValueError(f"{at}: a liquidation card needs its discount")
        if kind == "scenario" and card.hold and card.question:
            raise ValueError(f"{at}: a HOLD card cannot ask a YES / NO question")
        if kind == "scenario" and not (card.effects or card.question):
            raise ValueError(f"{at}: a scenario needs effects or a question")
        count = raw.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"{at}: 'count' is a positive whole number")
        cards.extend([card] * count)
    if not cards:
        raise ValueError(f"{where}: the deck is empty")
    return tuple(cards)


def _read(path: Path) -> tuple[dict[str, Any], str]:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8")), str(path)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None


def load_board(path: Path | None = None) -> Board:
    """The board in the file ``path`` alone (None: the built-in ``data/board.toml``)."""
    if path is None:
        return standard_board()
    data, where = _read(path)
    return parse_board(data, where)


def load_risk_deck(path: Path | None = None) -> tuple[RiskCard, ...]:
    """The deck in the file ``path`` alone (None: the built-in ``data/risk.toml``)."""
    if path is None:
        return standard_risk_deck()
    data, where = _read(path)
    return parse_risk_deck(data, where)


def standard_board() -> Board:
    """The board in ``data/board.toml``, loaded once."""
    return load_components().board


def standard_risk_deck() -> tuple[RiskCard, ...]:
    """The 36 RISK cards in ``data/risk.toml``, loaded once."""
    return load_components().risk_deck


@dataclass(frozen=True, eq=False)
class Components:
    """The board and the RISK deck a game is played with (compared by identity)."""

    board: Board
    risk_deck: tuple[RiskCard, ...]


def _load_components(folder: str) -> Components:
    """The components of a designer's folder (:mod:`motherlode.engine.components`: its
    ``board.toml`` and ``risk.toml`` override the keys they hold; an array, such as the
    squares or the cards, is replaced whole); empty: the reconstructed components."""
    mine = designer_folder(folder, (*FILES, PARAMETERS))
    board, deck = load(DATA, mine, "board.toml"), load(DATA, mine, "risk.toml")
    try:
        return Components(parse_board(*board), parse_risk_deck(*deck))
    except ValueError as exc:  # what the values mean, as the parsers found it
        raise ComponentError(str(exc)) from None


load_components = folder_cached(_load_components)
"""The components of a designer's folder, kept while the folder's files stay unchanged."""
