"""Tables that hold people: clocks, absent players and their votes, presence (issue 28).

The rules of it, kept apart from the service's plumbing so they can be read in one place:

* **Clocks** are chosen when a table is made (``settings["clock"]``, one of
  :data:`CLOCKS`): none; *real-time*, a few seconds to a couple of minutes a move plus a
  bank each player draws on when they take longer (as Board Game Arena's); or
  *turn-based*, hours or days a move.  The clock runs for each person asked now.
* A person whose clock runs out, or who has gone (offline while asked for a minute; any
  other person at the table may say so), is **absent**.  The other people at the table
  vote: let a bot play the seat (the ``casual`` level) or end the game ranked as it stands.
  A choice more than half of them make is carried out at once; with nobody to vote, or
  when the vote's time is up without a majority, a bot takes the seat, so that no table
  waits forever.  The person can take their seat back whenever they return.
* Every step is a table event in the game's record (``meta["table"]``), in words in the
  log, and never undone.

The state of it (``people``: each seat's bank, when the decision opened, the absent seats
and their votes) is a plain JSON object, stored with the table and shared by processes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from motherlode.engine.words import T, render

VOTE_SECONDS = 120.0
"""How long the others have to vote on an absent seat before a bot takes it."""
GONE_SECONDS = 60.0
"""How long a person asked to move must have been offline before the others may call
them absent (on a table without a clock, the only way their seat is ever freed)."""
PRESENCE_FRESH = 20.0
"""A process's presence rows older than this are ignored (the process stopped)."""
CHOICES = ("bot", "end")


@dataclass(frozen=True)
class Clock:
    """A table's clock: seconds a move and, in real time, a bank each player draws on."""

    name: str
    kind: str
    """``realtime`` or ``turn``."""
    move: int
    bank: int
    label: str | T
    """What the lobby's choice says (words: ``to_json`` renders them in a language)."""

    def to_json(self, translate: Callable[[str], str] | None = None) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "move": self.move,
            "bank": self.bank,
            "label": render(self.label, translate),
        }


CLOCKS: dict[str, Clock] = {
    c.name: c
    for c in (
        Clock(
            "fast", "realtime", 30, 180, T("Fast: 30 seconds a move, plus 3 minutes in the bank")
        ),
        Clock(
            "normal", "realtime", 60, 300, T("Normal: 1 minute a move, plus 5 minutes in the bank")
        ),
        Clock(
            "relaxed",
            "realtime",
            120,
            600,
            T("Relaxed: 2 minutes a move, plus 10 minutes in the bank"),
        ),
        Clock("hour", "turn", 3600, 0, T("Turn-based: an hour a move")),
        Clock("day", "turn", 86400, 0, T("Turn-based: a day a move")),
        Clock("three-days", "turn", 3 * 86400, 0, T("Turn-based: three days a move")),
    )
}
"""The clocks a table may choose (``settings["clock"]`` names one; none: no clock)."""


def clock_of(settings: Mapping[str, Any]) -> Clock | None:
    name = settings.get("clock")
    return CLOCKS.get(name) if isinstance(name, str) else None


def new_people(clock: Clock | None, seats: int, now: float) -> dict[str, Any]:
    """The people state of a new table: every bank full, the first decision opening now."""
    if clock is None:
        return {}
    return {"banks": [float(clock.bank)] * seats, "opened": 0, "opened_at": now}


def after_move(
    people: dict[str, Any],
    clock: Clock | None,
    seat: int,
    decision_opened: int,
    move_count: int,
    still_open: bool,
    now: float,
) -> dict[str, Any]:
    """The people state after ``seat`` moved at ``now``: a person who took longer than the
    clock's move time pays the difference from their bank; the next decision opens now
    (unless ``still_open``: others still owe the same secret decision)."""
    if clock is None or not people:
        return people
    out = dict(people)
    banks = list(out.get("banks") or [float(clock.bank)] * (seat + 1))
    used = now - float(out.get("opened_at", now))
    if clock.kind == "realtime" and 0 <= seat < len(banks):
        banks[seat] = max(0.0, banks[seat] - max(0.0, used - clock.move))
    out["banks"] = banks
    if not still_open:
        out["opened"], out["opened_at"] = move_count, now
    else:
        out["opened"] = decision_opened
    return out


def deadlines(people: Mapping[str, Any], clock: Clock | None, asked: list[int]) -> dict[int, float]:
    """When each person asked now runs out of time (epoch seconds)."""
    if clock is None or not people:
        return {}
    banks = people.get("banks") or []
    opened_at = float(people.get("opened_at", time.time()))
    out = {}
    for seat in asked:
        bank = float(banks[seat]) if seat < len(banks) and clock.kind == "realtime" else 0.0
        out[seat] = opened_at + clock.move + bank
    return out


def absent_seats(people: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    return {int(k): v for k, v in (people.get("absent") or {}).items()}


def mark_absent(people: dict[str, Any], seat: int, reason: str, now: float) -> dict[str, Any]:
    out = dict(people)
    absent = dict(out.get("absent") or {})
    absent[str(seat)] = {"reason": reason, "since": now, "until": now + VOTE_SECONDS, "votes": {}}
    out["absent"] = absent
    return out


def clear_absent(people: dict[str, Any], seat: int) -> dict[str, Any]:
    out = dict(people)
    absent = dict(out.get("absent") or {})
    absent.pop(str(seat), None)
    if absent:
        out["absent"] = absent
    else:
        out.pop("absent", None)
    return out


def outcome(votes: Mapping[str, str], voters: list[int]) -> str | None:
    """The choice more than half of ``voters`` made; None while there is none.  With no
    voters at all (nobody else is a person at the table), a bot takes the seat."""
    if not voters:
        return "bot"
    for choice in CHOICES:
        if sum(1 for v in voters if votes.get(str(v)) == choice) * 2 > len(voters):
            return choice
    return None
