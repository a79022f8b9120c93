"""The components of Gonza Index as data: corporations, event cards, broker cards, dice.

The rulebook lists the contents (12 corporation cards, 11 event cards, 14 broker cards,
5 action dice, 100 credits) but not what is printed on them; ``data/*.toml`` holds our
reconstruction (COMPONENTS.md, docs/gonza.md).  A player may change any of the four files
to match a physical copy or try a variant: the ``components`` option names a folder, and
each file there overrides the keys it holds of the packaged one
(:mod:`motherlode.engine.components`: unknown files and keys are refused).  Everything is
checked on loading, with a message naming the file and the entry at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise
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
FILES = ("corporations.toml", "events.toml", "broker_cards.toml", "dice.toml")
"""The component files of a designer's folder (besides parameters.toml)."""

TYPES = ("financial", "services", "tech", "resource")
"""The four corporation types (EVENTS: 'financial, services, tech and resource-based')."""

FACES = ("up", "down", "earn", "place", "bid", "event")
"""Die faces, in this order as small integers: the names used in dice.toml."""
UP, DOWN, EARN, PLACE, BID, EVENT = range(6)

WHEN = ("turn", "event", "end")
EFFECTS = (
    "move",
    "move_type",
    "gain",
    "place",
    "place_move",
    "protect",
    "search",
    "hedge",
    "bonus",
    "bonus_types",
)
EFFECT_WHEN = {
    "move": "turn",
    "move_type": "turn",
    "gain": "turn",
    "place": "turn",
    "place_move": "turn",
    "search": "turn",
    "protect": "event",
    "hedge": "end",
    "bonus": "end",
    "bonus_types": "end",
}
"""When each effect is played: the rulebook's 'end game effects' and 'specific circumstances'."""

AI_EFFECTS = frozenset(EFFECTS) - {"move_type"}
"""Effects the SOLO PLAY section tells the Minister AI how to use (a type-wide move has none)."""

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class Corporation:
    """A corporation card: its type and value track (SETUP 1, 'Value markers')."""

    id: str
    name: str
    type: str
    track: tuple[int, ...]
    start: int
    """Index on ``track`` of the white start space."""

    @property
    def top(self) -> int:
        return len(self.track) - 1

    @property
    def start_value(self) -> int:
        return self.track[self.start]


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card: how many spaces it moves each corporation type (EVENTS)."""

    id: str
    name: str
    moves: tuple[tuple[str, int], ...]
    text: str = field(init=False, repr=False, compare=False)
    """The moves as printed, e.g. 'tech +2, resource -1' (written once: every view shows
    the events played)."""

    def __post_init__(self) -> None:
        text = ", ".join(f"{kind} {amount:+d}" for kind, amount in self.moves)
        object.__setattr__(self, "text", text)

    def delta(self, corp_type: str) -> int:
        for kind, amount in self.moves:
            if kind == corp_type:
                return amount
        return 0


@dataclass(frozen=True, slots=True)
class BrokerCard:
    """A broker card (BROKER CARDS); see data/broker_cards.toml for the effects."""

    id: str
    name: str
    ai: bool
    when: str
    effect: str
    amount: int
    text: str
    types: int = 0


@dataclass(frozen=True, slots=True)
class Dice:
    """The action dice: identical yellow dice and the black event die (GAMEPLAY)."""

    yellow: int
    yellow_faces: tuple[int, ...]
    black_faces: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    """Every component of one game, with lookups by id."""

    corporations: tuple[Corporation, ...]
    events: tuple[EventCard, ...]
    broker_cards: tuple[BrokerCard, ...]
    dice: Dice
    credits_per_colour: int
    corporation: dict[str, Corporation] = field(init=False, repr=False)
    event: dict[str, EventCard] = field(init=False, repr=False)
    card: dict[str, BrokerCard] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "corporation", {c.id: c for c in self.corporations})
        object.__setattr__(self, "event", {e.id: e for e in self.events})
        object.__setattr__(self, "card", {c.id: c for c in self.broker_cards})


# ------------------------------------------------------------------ loading


def _read(folder: Path | None, name: str) -> tuple[str, dict[str, Any]]:
    data, source = load(DATA, folder, name)
    return source, data


def _get(where: str, entry: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in entry:
        raise ComponentError(f"{where}: missing {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ComponentError(f"{where}: {key!r} has the wrong type ({value!r})")
    return value


def _entries(path: str, doc: dict[str, Any], table: str) -> list[dict[str, Any]]:
    entries = doc.get(table)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ComponentError(f"{path}: expected a list of [[{table}]] tables")
    return entries


def _check_id(where: str, ident: str, seen: set[str]) -> None:
    if not _ID.match(ident):
        raise ComponentError(f"{where}: id {ident!r} must be lowercase letters, digits and '-'")
    if ident in seen:
        raise ComponentError(f"{where}: id {ident!r} is used twice")
    seen.add(ident)


def _corporations(path: str, doc: dict[str, Any], seen: set[str]) -> tuple[Corporation, ...]:
    out = []
    for i, entry in enumerate(_entries(path, doc, "corporation"), 1):
        where = f"{path}, corporation {i}"
        ident = _get(where, entry, "id", str)
        _check_id(where, ident, seen)
        kind = _get(where, entry, "type", str)
        if kind not in TYPES:
            raise ComponentError(f"{where}: type {kind!r} is not one of {', '.join(TYPES)}")
        track = _get(where, entry, "track", list)
        if len(track) < 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in track):
            raise ComponentError(f"{where}: 'track' must list at least two whole numbers")
        if track[0] != 0 or any(b < a for a, b in pairwise(track)):
            raise ComponentError(f"{where}: 'track' must start at 0 and never go down")
        start = _get(where, entry, "start", int)
        if not 0 <= start < len(track):
            raise ComponentError(
                f"{where}: 'start' must be a space of the track (0-{len(track) - 1})"
            )
        out.append(Corporation(ident, _get(where, entry, "name", str), kind, tuple(track), start))
    if not out:  # the options check that the market (market_size) can be laid out
        raise ComponentError(f"{path}: at least one corporation is needed")
    return tuple(out)


def _events(path: str, doc: dict[str, Any]) -> tuple[EventCard, ...]:
    out = []
    seen: set[str] = set()
    for i, entry in enumerate(_entries(path, doc, "event"), 1):
        where = f"{path}, event {i}"
        ident = _get(where, entry, "id", str)
        _check_id(where, ident, seen)
        moves = _get(where, entry, "moves", dict)
        for kind, amount in moves.items():
            if kind not in TYPES:
                raise ComponentError(f"{where}: {kind!r} is not a corporation type")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
                raise ComponentError(f"{where}: the move of {kind} must be a non-zero number")
        ordered = tuple((kind, moves[kind]) for kind in TYPES if kind in moves)
        out.append(EventCard(ident, _get(where, entry, "name", str), ordered))
    if not out:
        raise ComponentError(f"{path}: at least one event card is needed")
    return tuple(out)


def _broker_cards(path: str, doc: dict[str, Any], seen: set[str]) -> tuple[BrokerCard, ...]:
    out = []
    for i, entry in enumerate(_entries(path, doc, "card"), 1):
        where = f"{path}, card {i}"
        ident = _get(where, entry, "id", str)
        _check_id(where, ident, seen)
        effect = _get(where, entry, "effect", str)
        if effect not in EFFECTS:
            raise ComponentError(f"{where}: effect {effect!r} is not one of {', '.join(EFFECTS)}")
        when = _get(where, entry, "when", str)
        if when != EFFECT_WHEN[effect]:
            raise ComponentError(f"{where}: a {effect!r} card is played at {EFFECT_WHEN[effect]!r}")
        ai = _get(where, entry, "ai", bool)
        if ai and effect not in AI_EFFECTS:
            raise ComponentError(f"{where}: the Minister AI has no rule for a {effect!r} card")
        amount = _get(where, entry, "amount", int)
        if effect in ("move", "move_type") and amount == 0:
            raise ComponentError(f"{where}: a move card must move at least one space")
        if effect in ("gain", "place", "bonus", "bonus_types") and amount < 1:
            raise ComponentError(f"{where}: 'amount' must be at least 1")
        if effect == "place_move" and amount == 0:
            raise ComponentError(f"{where}: 'amount' must be non-zero")
        types = 0
        if effect == "bonus_types":
            types = _get(where, entry, "types", int)
            if not 1 <= types <= len(TYPES):
                raise ComponentError(f"{where}: 'types' must be 1 to {len(TYPES)}")
        out.append(
            BrokerCard(
                ident,
                _get(where, entry, "name", str),
                ai,
                when,
                effect,
                amount,
                _get(where, entry, "text", str),
                types,
            )
        )
    if not out:  # the options check that the face-up cards can be laid out
        raise ComponentError(f"{path}: at least one broker card is needed")
    return tuple(out)


def _faces(where: str, doc: dict[str, Any], key: str) -> tuple[int, ...]:
    names = _get(where, doc, key, list)
    if not names or not all(isinstance(n, str) and n in FACES for n in names):
        raise ComponentError(f"{where}: {key!r} must list faces among {', '.join(FACES)}")
    return tuple(FACES.index(n) for n in names)


def _dice(path: str, doc: dict[str, Any]) -> tuple[Dice, int]:
    yellow = _get(path, doc, "yellow_dice", int)
    if not 1 <= yellow <= 7:
        raise ComponentError(f"{path}: 'yellow_dice' must be 1 to 7")
    yellow_faces = _faces(path, doc, "yellow_faces")
    if EVENT in yellow_faces:
        raise ComponentError(f"{path}: the event face is only on the black die (GAMEPLAY)")
    credits = _get(path, doc, "credits_per_colour", int)
    if credits < 0:  # the options check that they cover the starting credits
        raise ComponentError(f"{path}: 'credits_per_colour' must be at least 0")
    return Dice(yellow, yellow_faces, _faces(path, doc, "black_faces")), credits


def _load_components(folder: str) -> Components:
    """The packaged components, each file overridden by its copy in ``folder``, if any."""
    where = designer_folder(folder, (*FILES, PARAMETERS))
    ids: set[str] = set()
    corp_path, corp_doc = _read(where, "corporations.toml")
    corporations = _corporations(corp_path, corp_doc, ids)
    events = _events(*_read(where, "events.toml"))
    card_path, card_doc = _read(where, "broker_cards.toml")
    cards = _broker_cards(card_path, card_doc, ids)  # ids shared: 'decide' names either
    dice, credits = _dice(*_read(where, "dice.toml"))
    return Components(corporations, events, cards, dice, credits)


load_components = folder_cached(_load_components)
"""The components of a folder (empty: the packaged ones), kept while its files stay
unchanged."""
