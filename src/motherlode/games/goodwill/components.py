"""Goodwill's components: resources, percentage cards, event cards, bosses, the board.

The rulebook names these components but lists few of them; the rest is reconstructed under
COMPONENTS.md (see docs/goodwill.md) and kept as data in ``data/*.toml``, read here with
``tomllib`` and checked so that a user's own file (to match a physical copy) fails with a
clear message rather than a broken game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

COMPANIES = ("Amber", "Black", "Crimson")
"""The three companies, in the order they are always reviewed (rulebook, phase 2)."""
AMBER, BLACK, CRIMSON = 0, 1, 2

INFORMATION_PAIRS = 4
"""SETUP: "Make 4 pairs of cards facedown with a «Percentage» and an «Event» card"."""

EVENT_KINDS = ("price", "funding", "tax", "innovation", "efficiency", "advertising", "scandal")
"""APPENDIX, "There are 7 types of events", a) to g)."""

BOSS_EVENTS = ("innovation", "efficiency", "advertising")
"""The three events that depend on the bosses' marks (1 to 3)."""

DATA = Path(__file__).with_name("data")


class ComponentError(ValueError):
    """A components file that does not describe a playable set of Goodwill cards."""


@dataclass(frozen=True, slots=True)
class Boss:
    """A «Boss» card: salary, marks 0-3, energy policy (give up -> use), dividends."""

    name: str
    salary: int
    innovation: int
    efficiency: int
    advertising: int
    policy: tuple[tuple[int, int], ...]
    """Priority lines (resource given up, resource used now), the top priority first."""
    dividends: bool

    def mark(self, ability: str) -> int:
        """The boss's mark (0-3) for innovation, efficiency or advertising."""
        return int(getattr(self, ability))


@dataclass(frozen=True, slots=True)
class Event:
    """One half of an «Events» card."""

    kind: str
    resources: tuple[int, ...] = ()
    """price, funding, tax: the resources concerned."""
    change: int = 0
    """price: the variation (+5, -5, +10 or -10)."""
    level: int = 0
    """innovation, efficiency, advertising: the number 1-3 on the card."""
    company: int = -1
    """scandal: the company targeted."""
    label: str = field(default="", compare=False)
    """How the card reads, e.g. "Oil +10" or "Advertising 2"."""


@dataclass(frozen=True, slots=True)
class EventCard:
    """An «Events» card: the left event is played first, then the right one."""

    number: int
    left: Event
    right: Event

    @property
    def label(self) -> str:
        return f"{self.left.label} / {self.right.label}"


@dataclass(frozen=True)
class Components:
    """Every card and the board facts one game is played with."""

    resources: tuple[str, ...]
    resource_pool: tuple[int, ...]
    percentages: tuple[int, ...]
    visible: tuple[tuple[int, ...], ...]
    """The information spaces each seat may look at (seat 0 first)."""
    bosses: tuple[Boss, ...]
    events: tuple[EventCard, ...]

    def boss_named(self, name: str) -> int | None:
        """The index of the boss called ``name``, or None."""
        for i, boss in enumerate(self.bosses):
            if boss.name == name:
                return i
        return None


def _need(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ComponentError(f"{where}: missing {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ComponentError(f"{where}: {key!r} should be of type {kind.__name__}")
    return value


def _int_in(table: dict[str, Any], key: str, lo: int, hi: int, where: str) -> int:
    value: int = _need(table, key, int, where)
    if not lo <= value <= hi:
        raise ComponentError(f"{where}: {key} = {value} is outside {lo}..{hi}")
    return value


def _resource(name: object, resources: tuple[str, ...], where: str) -> int:
    if not isinstance(name, str) or name not in resources:
        raise ComponentError(f"{where}: unknown resource {name!r}; known: {', '.join(resources)}")
    return resources.index(name)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ComponentError(f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{path}: not valid TOML ({exc})") from None


def _board(data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], Any]:
    res = _need(data, "resources", dict, "board.toml")
    names = tuple(_need(res, "names", list, "board.toml [resources]"))
    if not names or not all(isinstance(n, str) and n and " " not in n for n in names):
        raise ComponentError("board.toml [resources]: names must be single words")
    pool = tuple(_need(res, "pool", list, "board.toml [resources]"))
    if len(pool) != len(names) or not all(isinstance(k, int) and k >= 0 for k in pool):
        raise ComponentError("board.toml [resources]: one token count per resource")
    if sum(pool) < 3 * len(COMPANIES):
        raise ComponentError("board.toml [resources]: the pool must hold 3 tokens per company")
    pct = _need(_need(data, "percentages", dict, "board.toml"), "values", list, "board.toml")
    if (
        len(pct) < INFORMATION_PAIRS
        or len(set(pct)) != len(pct)
        or not all(isinstance(p, int) and 0 < p <= 100 for p in pct)
    ):
        raise ComponentError(
            "board.toml [percentages]: at least 4 distinct whole percentages from 1 to 100"
        )
    info = _need(data, "information", dict, "board.toml")
    visible = _need(info, "visible", list, "board.toml [information]")
    if len(visible) < 6 or not all(
        isinstance(v, list)
        and v
        and len(set(v)) == len(v)
        and all(isinstance(i, int) and 0 <= i < INFORMATION_PAIRS for i in v)
        for v in visible
    ):
        raise ComponentError(
            "board.toml [information]: 'visible' lists, for each of 6 seats, "
            "the information spaces 0-3 it may see"
        )
    return names, pool, tuple(sorted(pct)), tuple(tuple(v) for v in visible)


def _bosses(data: dict[str, Any], resources: tuple[str, ...]) -> tuple[Boss, ...]:
    out: list[Boss] = []
    for i, raw in enumerate(_need(data, "boss", list, "bosses.toml"), 1):
        where = f"bosses.toml, boss {i}"
        if not isinstance(raw, dict):
            raise ComponentError(f"{where}: expected a table")
        name = _need(raw, "name", str, where)
        if not name or not name.isalnum():
            raise ComponentError(f"{where}: a boss name is one word of letters ({name!r})")
        innovation = _int_in(raw, "innovation", 0, 3, where)
        lines: list[tuple[int, int]] = []
        for line in raw.get("policy", []):
            if not isinstance(line, list) or len(line) != 2:
                raise ComponentError(f"{where}: a policy line is [give up, use]")
            give, use = (_resource(r, resources, where) for r in line)
            if give == use:
                raise ComponentError(f"{where}: a policy line must change the resource")
            lines.append((give, use))
        if innovation and len(lines) != 2:
            raise ComponentError(f"{where}: a boss with innovation needs two policy lines")
        if not innovation and lines:
            raise ComponentError(f"{where}: only a boss with innovation has an energy policy")
        out.append(
            Boss(
                name=name,
                salary=_int_in(raw, "salary", 0, 100, where),
                innovation=innovation,
                efficiency=_int_in(raw, "efficiency", 0, 3, where),
                advertising=_int_in(raw, "advertising", 0, 3, where),
                policy=tuple(lines),
                dividends=_need(raw, "dividends", bool, where),
            )
        )
    names = [b.name for b in out]
    if len(set(names)) != len(names):
        raise ComponentError("bosses.toml: two bosses share a name")
    if len(out) < 2 * len(COMPANIES):
        raise ComponentError("bosses.toml: at least 6 bosses (3 on the companies, 3 available)")
    return tuple(out)


def _event(raw: object, resources: tuple[str, ...], where: str) -> Event:
    if not isinstance(raw, dict):
        raise ComponentError(f"{where}: expected a table")
    kind = _need(raw, "kind", str, where)
    if kind not in EVENT_KINDS:
        raise ComponentError(f"{where}: unknown kind {kind!r}; known: {', '.join(EVENT_KINDS)}")
    if kind in ("price", "funding", "tax"):
        names = _need(raw, "resources", list, where)
        if not names:
            raise ComponentError(f"{where}: name at least one resource")
        res = tuple(_resource(r, resources, where) for r in names)
        listed = ", ".join(resources[r] for r in res)
        if kind == "price":
            change = _need(raw, "change", int, where)
            if change not in (5, -5, 10, -10):
                raise ComponentError(f"{where}: a price variation is +5, -5, +10 or -10")
            return Event(kind, res, change=change, label=f"{listed.capitalize()} {change:+d}")
        return Event(kind, res, label=f"{kind.capitalize()}: {listed}")
    if kind == "scandal":
        company = _need(raw, "company", str, where)
        if company not in COMPANIES:
            raise ComponentError(f"{where}: unknown company {company!r}")
        return Event(kind, company=COMPANIES.index(company), label=f"Scandal: {company}")
    level = _int_in(raw, "level", 1, 3, where)
    return Event(kind, level=level, label=f"{kind.capitalize()} {level}")


def _events(data: dict[str, Any], resources: tuple[str, ...]) -> tuple[EventCard, ...]:
    cards = _need(data, "card", list, "events.toml")
    if len(cards) < INFORMATION_PAIRS:
        raise ComponentError("events.toml: at least 4 event cards")
    out = []
    for i, raw in enumerate(cards):
        where = f"events.toml, card {i + 1}"
        if not isinstance(raw, dict):
            raise ComponentError(f"{where}: expected a table")
        left = _event(raw.get("left"), resources, f"{where} (left)")
        right = _event(raw.get("right"), resources, f"{where} (right)")
        out.append(EventCard(i, left, right))
    return tuple(out)


def load_components(directory: str | Path | None = None) -> Components:
    """Read board.toml, bosses.toml and events.toml from ``directory`` (default: ours)."""
    folder = Path(directory) if directory is not None else DATA
    resources, pool, percentages, visible = _board(_read(folder / "board.toml"))
    return Components(
        resources=resources,
        resource_pool=pool,
        percentages=percentages,
        visible=visible,
        bosses=_bosses(_read(folder / "bosses.toml"), resources),
        events=_events(_read(folder / "events.toml"), resources),
    )


COMPONENTS = load_components()
"""The components every game is played with (this package's data files)."""
