"""Absent people at a live table: who is asked, who votes, and the table events of it.

The rules (clocks, votes, their outcome) are :mod:`motherlode.web.people`'s; these apply
them to a :class:`~motherlode.web.live.LiveTable` inside a change's transaction
(``locked``), for the requests of the service and the clocks of the scheduler alike.
"""

from __future__ import annotations

import time

from motherlode.agents.specs import bot_names, parse_spec
from motherlode.storage.db import LockedTable
from motherlode.web import people as ppl
from motherlode.web.live import LiveTable


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
    text = (
        f"{name} ran out of time" if reason == "time" else f"{name} has gone (offline)"
    ) + ": the others may let a bot play for them or end the game"
    event = live.table.table_event("absent", seat, text, reason=reason)
    locked.add_table_event(event, undo=(live.table.undo_floor, live.table.undo_seat))
    live.people = ppl.mark_absent(live.people, seat, reason, now)
    locked.set_people(live.people)
    if not voters(live, seat):
        settle_absent(live, locked, seat, "bot", "nobody else is here to vote")


def settle_absent(live: LiveTable, locked: LockedTable, seat: int, choice: str, why: str) -> None:
    """Carry out the vote on an absent seat: a bot plays it, or the game ends as it
    stands.  Both are table events, final."""
    table = live.table
    name = table.seats[seat].name
    live.people = ppl.clear_absent(live.people, seat)
    locked.set_people(live.people)
    if choice == "end":
        text = f"The game was ended as it stood ({name} was absent; {why})"
        event = table.table_event("end", seat, text)
        state = table.state
        result = {"scores": list(state.scores()), "ranking": [list(g) for g in state.ranking()]}
        locked.add_table_event(event, result=result)
        return
    bot = "casual" if "casual" in bot_names(table.game) else bot_names(table.game)[0]
    text = f"A {bot} bot plays for {name} ({why}); {name} may take the seat back"
    event = table.table_event("bot", seat, text, agent=bot)
    table.seat_to(seat, parse_spec(bot))
    live.fixed = None
    locked.add_table_event(event, agent=(seat, bot), undo=(table.undo_floor, table.undo_seat))


def back_if_absent(live: LiveTable, locked: LockedTable, seat: int) -> None:
    """An absent person who moves after all is back: their vote is over."""
    if seat in ppl.absent_seats(live.people):
        event = live.table.table_event("back", seat, f"{live.table.seats[seat].name} is back")
        locked.add_table_event(event, undo=(live.table.undo_floor, live.table.undo_seat))
        live.people = ppl.clear_absent(live.people, seat)
        locked.set_people(live.people)
