"""Absent people at a live table: who is asked, who votes, and the table events of it.

The rules (clocks, votes, their outcome) are :mod:`motherlode.web.people`'s; these apply
them to a :class:`~motherlode.web.live.LiveTable` inside a change's transaction
(``locked``), for the requests of the service and the clocks of the scheduler alike.

Each table event says what happened in words (:data:`SAID`): the record keeps the English
line (``text``) and, as ``words``, which sentence it is and the values of its places, so
that a page in another language reads it in its own (:func:`lines_in`), in any
process, after any restart.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from string import Formatter
from typing import Any

from motherlode.agents.specs import bot_names, parse_spec
from motherlode.engine.words import T
from motherlode.storage.db import LockedTable
from motherlode.table import Table
from motherlode.web import people as ppl
from motherlode.web.live import LiveTable

SAID: dict[str, T] = {
    "time": T("{name} ran out of time: the others may let a bot play for them or end the game"),
    "gone": T("{name} has gone (offline): the others may let a bot play for them or end the game"),
    "end": T("The game was ended as it stood ({name} was absent; {why})"),
    "bot": T("A {bot} bot plays for {name} ({why}); {name} may take the seat back"),
    "back": T("{name} is back"),
    "plays again": T("{name} is back and plays again"),
}
"""Every table event's sentence, by the key its record keeps (``words["say"]``)."""
WHY: dict[str, T] = {
    "nobody here": T("nobody else is here to vote"),
    "nobody decided": T("nobody decided in time"),
    "vote": T("the players' vote"),
}
"""Why a bot took an absent seat or the game ended (``why`` in :data:`SAID`'s sentences)."""


def sentence(say: str, params: Mapping[str, Any]) -> T | None:
    """The words of a table event: :data:`SAID`'s sentence ``say`` with the values of its
    places (``why``: a :data:`WHY` key); None for what no sentence here says (a record
    from elsewhere).  Only this module's sentences are ever templates."""
    template = SAID.get(say)
    if template is None or not all(isinstance(v, str) for v in params.values()):
        return None
    if {place for _, place, _, _ in Formatter().parse(template.template) if place} != set(params):
        return None  # a place left empty, or one the sentence does not have
    values: dict[str, str | T] = dict(params)
    if "why" in values:
        values["why"] = WHY.get(params["why"], params["why"])
    return T(template.template, **values)


def log_event(
    table: Table,
    kind: str,
    seat: int | None,
    say: str,
    data: Mapping[str, Any] | None = None,
    **params: str,
) -> dict[str, Any]:
    """Record a table event (:meth:`Table.table_event`) saying :data:`SAID`'s ``say``."""
    words = sentence(say, params)
    assert words is not None, say
    return table.table_event(kind, seat, str(words), words={"say": say, **params}, **(data or {}))


def lines_in(
    events: list[dict[str, Any]],
    table_events: list[dict[str, Any]],
    translate: Callable[[str], str] | None,
) -> list[dict[str, Any]]:
    """The log's ``events`` (as JSON) with the table events' lines in a language: each line
    a table event wrote (its English ``text``) rendered from the words its record keeps."""
    if translate is None or not table_events:
        return events
    said: dict[str, T] = {}
    for event in table_events:
        words = event.get("words")
        if isinstance(words, dict) and isinstance(event.get("text"), str):
            params = {k: v for k, v in words.items() if k != "say"}
            found = sentence(str(words.get("say")), params)
            if found is not None:
                said[event["text"]] = found
    for event in events:
        words = said.get(event["text"])
        if words is not None:
            event["text"] = words.render(translate)
    return events


def asked_people(live: LiveTable) -> list[int]:
    """The people (not bots, not open seats) asked to move now."""
    seats = live.table.seats
    return [s for s in live.table.state.pending() if seats[s].is_human and s not in live.open_seats]


def voters(live: LiveTable, absent: int) -> list[int]:
    """Who votes on an absent seat: every other person at the table who is not absent
    and not played by a bot."""
    seats = live.table.seats
    away = ppl.absent_seats(live.people)
    return [
        i
        for i, s in enumerate(seats)
        if s.is_human and i != absent and i not in away and i not in live.open_seats
    ]


def gone(live: LiveTable, seat: int) -> list[int]:
    """The seats ``seat`` may call absent: people asked to move, offline, for whom the
    decision has waited at least ``GONE_SECONDS``."""
    if seat not in voters(live, -1):
        return []
    if time.time() - live.opened_at < ppl.GONE_SECONDS:
        return []
    absent = ppl.absent_seats(live.people)
    return [
        s
        for s in asked_people(live)
        if s != seat and s not in absent and live.presence.get(s) is None
    ]


def mark_absent(live: LiveTable, locked: LockedTable, seat: int, reason: str, now: float) -> None:
    """``seat`` is absent (out of ``time``, or ``gone``): a table event, and the vote
    opens; with nobody to vote, a bot takes the seat at once."""
    name = live.table.seats[seat].name
    say = "time" if reason == "time" else "gone"
    event = log_event(live.table, "absent", seat, say, {"reason": reason}, name=name)
    locked.add_table_event(event, undo=(live.table.undo_floor, live.table.undo_seat))
    live.people = ppl.mark_absent(live.people, seat, reason, now)
    locked.set_people(live.people)
    if not voters(live, seat):
        settle_absent(live, locked, seat, "bot", "nobody here")


def settle_absent(live: LiveTable, locked: LockedTable, seat: int, choice: str, why: str) -> None:
    """Carry out the vote on an absent seat: a bot plays it, or the game ends as it
    stands (``why``: a :data:`WHY` key).  Both are table events, final."""
    table = live.table
    name = table.seats[seat].name
    live.people = ppl.clear_absent(live.people, seat)
    locked.set_people(live.people)
    if choice == "end":
        event = log_event(table, "end", seat, "end", name=name, why=why)
        state = table.state
        result = {"scores": list(state.scores()), "ranking": [list(g) for g in state.ranking()]}
        locked.add_table_event(event, result=result)
        return
    bot = "casual" if "casual" in bot_names(table.game) else bot_names(table.game)[0]
    event = log_event(table, "bot", seat, "bot", {"agent": bot}, bot=bot, name=name, why=why)
    table.seat_to(seat, parse_spec(bot))
    live.fixed = None
    locked.add_table_event(event, agent=(seat, bot), undo=(table.undo_floor, table.undo_seat))


def back_if_absent(live: LiveTable, locked: LockedTable, seat: int) -> None:
    """An absent person who moves after all is back: their vote is over."""
    if seat in ppl.absent_seats(live.people):
        event = log_event(live.table, "back", seat, "back", name=live.table.seats[seat].name)
        locked.add_table_event(event, undo=(live.table.undo_floor, live.table.undo_seat))
        live.people = ppl.clear_absent(live.people, seat)
        locked.set_people(live.people)
