"""Goodwill's components: resources, percentage cards, event cards, bosses, the board.

The rulebook names these components but lists few of them; the rest is reconstructed under
COMPONENTS.md (see docs/goodwill.md) and kept as data in ``data/*.toml``.  A designer
changes them with the ``components`` option, a folder whose files override the keys they
hold of the packaged ones (:mod:`motherlode.engine.components`: unknown files and keys and
wrong types are refused).  Each file is then checked here, with a message naming the file
and the entry at fault, so a broken file fails clearly rather than giving a broken game.
The design numbers (capitals, prices, counts) are in ``data/parameters.toml``; what
depends on both (enough bosses, events and percentages for them) the options check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from motherlode.engine.components import (
    PARAMETERS,
    ComponentError,
    designer_folder,
    folder_cached,
    load,
)

__all__ = [
    "AMBER",
    "BLACK",
    "BOSS_EVENTS",
    "COMPANIES",
    "COMPONENTS",
    "CRIMSON",
    "DATA",
    "EVENT_KINDS",
    "FILES",
    "Boss",
    "ComponentError",
    "Components",
    "Event",
    "EventCard",
    "load_components",
]
"""``ComponentError`` is the engine's (re-exported): a file that cannot be played."""

COMPANIES = ("Amber", "Black", "Crimson")
"""The three companies, in the order they are always reviewed (rulebook, phase 2)."""
AMBER, BLACK, CRIMSON = 0, 1, 2

EVENT_KINDS = ("price", "funding", "tax", "innovation", "efficiency", "advertising", "scandal")
"""APPENDIX, "There are 7 types of events", a) to g)."""

BOSS_EVENTS = ("innovation", "efficiency", "advertising")
"""The three events that depend on the bosses' marks (1 to 3)."""

DATA = Path(__file__).resolve().parent / "data"
FILES = ("board.toml", "bosses.toml", "events.toml")
"""The component files of a designer's folder (besides parameters.toml)."""


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


def _board(
    path: str, data: dict[str, Any]
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], Any]:
    res = _need(data, "resources", dict, path)
    names = tuple(_need(res, "names", list, f"{path} [resources]"))
    if not names or not all(isinstance(n, str) and n and " " not in n for n in names):
        raise ComponentError(f"{path} [resources]: names must be single words")
    if len(set(names)) != len(names):
        raise ComponentError(f"{path} [resources]: two resources share a name")
    pool = tuple(_need(res, "pool", list, f"{path} [resources]"))
    if len(pool) != len(names) or not all(
        isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in pool
    ):
        raise ComponentError(f"{path} [resources]: one token count per resource")
    pct = _need(_need(data, "percentages", dict, path), "values", list, f"{path} [percentages]")
    if (
        not pct
        or len(set(pct)) != len(pct)
        or not all(isinstance(p, int) and not isinstance(p, bool) and 0 < p <= 100 for p in pct)
    ):
        raise ComponentError(
            f"{path} [percentages]: distinct whole percentages from 1 to 100 "
            "(as many as the information pairs at least)"
        )
    info = _need(data, "information", dict, path)
    visible = _need(info, "visible", list, f"{path} [information]")
    if len(visible) < 6 or not all(
        isinstance(v, list)
        and v
        and len(set(v)) == len(v)
        and all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in v)
        for v in visible
    ):
        raise ComponentError(
            f"{path} [information]: 'visible' lists, for each of 6 seats, "
            "the information spaces (from 0) it may see"
        )
    return names, pool, tuple(sorted(pct)), tuple(tuple(v) for v in visible)


def _bosses(path: str, data: dict[str, Any], resources: tuple[str, ...]) -> tuple[Boss, ...]:
    out: list[Boss] = []
    for i, raw in enumerate(_need(data, "boss", list, path), 1):
        where = f"{path}, boss {i}"
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
        raise ComponentError(f"{path}: two bosses share a name")
    if len(out) < len(COMPANIES) + 1:  # the options check param.available_bosses too
        raise ComponentError(f"{path}: at least 4 bosses (3 on the companies, 1 available)")
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


def _events(path: str, data: dict[str, Any], resources: tuple[str, ...]) -> tuple[EventCard, ...]:
    cards = _need(data, "card", list, path)
    if not cards:  # the options check that there are enough for the information pairs
        raise ComponentError(f"{path}: at least one event card is needed")
    out = []
    for i, raw in enumerate(cards):
        where = f"{path}, card {i + 1}"
        if not isinstance(raw, dict):
            raise ComponentError(f"{where}: expected a table")
        left = _event(raw.get("left"), resources, f"{where} (left)")
        right = _event(raw.get("right"), resources, f"{where} (right)")
        out.append(EventCard(i, left, right))
    return tuple(out)


def _load_components(folder: str) -> Components:
    """The packaged components, each file overridden by its copy in ``folder``, if any."""
    where = designer_folder(folder, (*FILES, PARAMETERS))
    board_doc, board_path = load(DATA, where, "board.toml")
    resources, pool, percentages, visible = _board(board_path, board_doc)
    bosses_doc, bosses_path = load(DATA, where, "bosses.toml")
    events_doc, events_path = load(DATA, where, "events.toml")
    return Components(
        resources=resources,
        resource_pool=pool,
        percentages=percentages,
        visible=visible,
        bosses=_bosses(bosses_path, bosses_doc, resources),
        events=_events(events_path, events_doc, resources),
    )


_cached = folder_cached(_load_components)


def load_components(folder: str | Path | None = None) -> Components:
    """The components of a designer's ``folder`` (None or empty: the packaged ones), kept
    while its files stay unchanged."""
    return _cached(str(folder) if folder else "")


COMPONENTS = load_components()
"""The packaged components (this package's data files): the rulebook's game."""
