"""When a table's bots move and its clocks run out, run once across every server process.

A table needs a process to run it while a bot is asked or a clock runs (:func:`has_work`).
The process that holds the table's lease (kept in the database, renewed every second by
:meth:`Scheduler.watch`) runs it; when that process dies its leases lapse and another takes
the table over.  Per table, on this process's event loop:

- the **bot task** asks the :class:`~motherlode.web.bots.BotPool` for one move at a time
  and stores it, until no bot is asked;
- the **decision clock** (GOLDFIX's TIMED AUCTIONS, or the table's ``decision_timer``)
  passes for the people who have not decided by its deadline, which is stored, so a
  restart (or another process) resumes it with the time it had;
- the **game clock** (a rules' time limit) plays the time-up at its deadline;
- the **people clock** (:mod:`motherlode.web.people`) marks absent the people whose time
  ran out and gives a bot the absent seats whose vote ended without a majority.

Every move they make goes through the service's one way to change a table (:class:`Host`),
so it is serialized with people's moves and pushed like them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol, TypeVar

from motherlode.engine import Action, BadAction, IllegalAction, State
from motherlode.storage import Database
from motherlode.storage.db import LockedTable
from motherlode.web import people as ppl
from motherlode.web.absence import asked_people, mark_absent, settle_absent
from motherlode.web.bots import BotPool, fallback_move
from motherlode.web.errors import ServiceError
from motherlode.web.live import LiveTable
from motherlode.web.outage import Outage, is_outage

log = logging.getLogger("motherlode.web")
T = TypeVar("T")

LEASE_SECONDS = 5.0
"""How long a lease on a table's bots and clock lasts unless renewed (every second): the
most a table waits when the process running its bots dies."""


class Host(Protocol):
    """What the scheduler needs of the table service that owns it: its tables, the one way
    to change one (``write``, ``store_move``) and to push it, and the upkeep that the lease
    watch runs every second (presence, letting idle tables go)."""

    tables: dict[str, LiveTable]

    async def get(self, table_id: str, *, work: bool = True) -> LiveTable: ...

    def write(self, live: LiveTable, change: Callable[[LockedTable], T]) -> T: ...

    def store_move(
        self,
        live: LiveTable,
        locked: LockedTable,
        seat: int,
        action: Action,
        *,
        final: bool = False,
    ) -> None: ...

    def catch_up(self, live: LiveTable) -> None: ...

    async def broadcast(self, live: LiveTable) -> None: ...

    def renew_presence(self) -> None: ...

    def unload_idle(self, now: float | None = None) -> list[str]: ...


def has_work(live: LiveTable) -> bool:
    """Whether the table needs a process to run it: a bot is asked, or a clock runs."""
    state = live.table.state
    if state.is_over() or live.open_seats:
        return False  # over, or not begun: the game starts when every seat is taken
    pending = state.pending()
    seats = live.table.seats
    if any(not seats[s].is_human for s in pending):
        return True
    if people_deadline(live) is not None:
        return True
    return timed(live) is not None or game_deadline(live) is not None


def timed(live: LiveTable) -> int | None:
    """The seconds of the decision clock this decision runs under, if any: the rules'
    own clock (GOLDFIX's TIMED AUCTIONS) first; else the table's ``decision_timer``
    setting, for any secret simultaneous decision."""
    state = live.table.state
    if state.is_over():
        return None
    humans = [s for s in state.pending() if live.table.seats[s].is_human]
    if not humans or any(state.timeout_action(s) is None for s in humans):
        return None
    rules = state.rules_clock()
    if rules:
        return int(rules)
    seconds = live.settings.get("decision_timer", 0)
    return int(seconds) if seconds and state.is_simultaneous() else None


def game_deadline(live: LiveTable) -> float | None:
    """When the rules' time limit runs out, while it has not yet ended the game's time."""
    deadline = live.settings.get("game_deadline")
    state = live.table.state
    if not deadline or state.is_over() or state.time_is_up():
        return None
    return float(deadline)


def people_deadline(live: LiveTable) -> float | None:
    """The next moment the table's people need the table: a clock running out, or an
    absent seat's vote coming to its end."""
    if live.table.state.is_over() or live.open_seats:
        return None
    absent = ppl.absent_seats(live.people)
    times = [float(a["until"]) for a in absent.values()]
    clock = ppl.clock_of(live.settings)
    asked = [s for s in asked_people(live) if s not in absent]
    times += ppl.deadlines(live.people, clock, asked).values()
    return min(times) if times else None


class Scheduler:
    """Runs the bots and clocks of the tables whose lease this process holds."""

    def __init__(self, host: Host, db: Database, bots: BotPool, outage: Outage, owner: str) -> None:
        self.host = host
        self.db = db
        self.bots = bots
        self.outage = outage
        self.owner = owner
        """This process, as the leases name it."""

    # ----------------------------------------------------------------- leases

    async def watch(self) -> None:
        """Every second: renew this process's leases, drop the ones lost, and take over the
        tables whose bots or clock nobody runs (their process died, or none claimed them);
        and the service's own upkeep (presence, letting idle tables go)."""
        host = self.host
        while True:
            try:
                held = self.db.renew(self.owner, LEASE_SECONDS)
                self.outage.recovered()
                host.renew_presence()
                for live in host.tables.values():
                    if live.lease and live.id not in held:
                        log.warning("lost the lease of table %s; another process runs it", live.id)
                        self.stop(live)
                host.unload_idle()
                for table_id in self.db.orphans():
                    live = await host.get(table_id, work=False)
                    async with live.lock:
                        host.catch_up(live)
                        self.after_change(live)
                        idle = not live.lease and not has_work(live)
                        if idle and self.db.claim(live.id, self.owner, LEASE_SECONDS):
                            self.db.release(live.id, self.owner)  # nobody's orphan any more
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if is_outage(exc):
                    self.outage.failed(exc, "the lease watch")
                else:
                    log.exception("the lease watch failed; it tries again")
            await asyncio.sleep(1.0)

    def after_change(self, live: LiveTable) -> None:
        """Run the table's bots and clock here if it needs them and this process holds (or
        can take) its lease; give the lease back when there is nothing left to run."""
        if not has_work(live):
            if live.lease:
                self._arm_timer(live)  # clears a clock that was running
                self.db.release(live.id, self.owner)
                live.lease = False
            return
        if not live.lease:
            live.lease = self.db.claim(live.id, self.owner, LEASE_SECONDS)
            if not live.lease:
                self.stop(live)  # another process runs this table
                return
        state = live.table.state
        if any(not live.table.seats[s].is_human for s in state.pending()) and (
            live.bot_task is None or live.bot_task.done()
        ):
            live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))
        self._arm_timer(live)
        self._arm_game_clock(live)
        self.arm_people(live)

    def stop(self, live: LiveTable) -> None:
        """Stop the table's bots and clocks here: another process runs them now."""
        live.lease = False
        for task in live.tasks:
            task.cancel()
        live.bot_task = live.timer_task = live.game_task = live.people_task = None

    def survive_outage(self, step: Callable[[LiveTable], None], live: LiveTable, what: str) -> bool:
        """Run a background task's database ``step``; in an outage, count it (no traceback)
        and say False: the lease watch or the next request takes the table up again."""
        try:
            step(live)
        except Exception as exc:
            if not is_outage(exc):
                raise
            self.outage.failed(exc, f"{what} of table {live.id}")
            return False
        return True

    # ------------------------------------------------------------------- bots

    async def _run_bots(self, live: LiveTable) -> None:
        host = self.host
        delay = live.settings.get("bot_delay_ms", 0) / 1000
        while live.lease:
            async with live.lock:
                state = live.table.state
                bots = [s for s in state.pending() if not live.table.seats[s].is_human]
                if state.is_over() or not bots:
                    return
                seat = bots[0]
                bot = live.table.seats[seat]
                snapshot = state.clone()
                count = state.move_count
            if delay:
                await asyncio.sleep(delay)
            action = await self.bots.decide(
                live.table.game, bot.spec, bot.agent, bot.seed ^ count, snapshot, seat
            )
            play = partial(self._play_bot, live, seat, count, snapshot, bot.seed, action)
            async with live.lock:
                try:
                    moved = host.write(live, play)
                except (IllegalAction, BadAction, ServiceError) as exc:
                    if getattr(exc, "status", None) == 503:  # an outage, told once already
                        await asyncio.sleep(1.0)
                    else:
                        log.warning("bot move on table %s not stored: %s", live.id, exc)
                    moved = False
            if moved:
                await host.broadcast(live)
            async with live.lock:
                if not self.survive_outage(self.after_change, live, "the bots"):
                    await asyncio.sleep(1.0)
                    continue
            if not moved:
                await asyncio.sleep(0)  # let the catch-up or the other process go first

    def _play_bot(
        self,
        live: LiveTable,
        seat: int,
        count: int,
        snapshot: State,
        seed: int,
        action: Action,
        locked: LockedTable,
    ) -> bool:
        """Store a bot's move chosen at move ``count``, unless the table has moved on."""
        state = live.table.state
        if state.move_count != count and seat not in state.pending():
            return False  # the table moved on (its bot moved elsewhere, or an undo)
        try:
            self.host.store_move(live, locked, seat, action)
        except (IllegalAction, BadAction) as exc:
            # the bot chose an illegal move: the fallback plays for it this once
            log.warning("bot move refused on table %s: %s", live.id, exc)
            self.bots.fallbacks += 1
            self.host.store_move(
                live, locked, seat, fallback_move(live.table.game, snapshot, seat, seed)
            )
        return True

    # --------------------------------------------------------- decision clock

    def _arm_timer(self, live: LiveTable) -> None:
        seconds = timed(live)
        state = live.table.state
        if seconds is None or not live.lease:
            if live.timer_task is not None:
                live.timer_task.cancel()
            if live.lease and (live.timer_key != -1 or live.deadline is not None):
                self.db.set_clock(live.id, None, None)
            live.timer_task = None
            if live.lease:
                live.deadline, live.timer_key = None, -1
            return
        opened = state.move_count - len(state.committed())  # the move this decision opened at
        running = live.timer_task is not None and not live.timer_task.done()
        if running and live.timer_key == opened:
            return  # the clock of this decision is already running
        if live.timer_task is not None:
            live.timer_task.cancel()
        if live.timer_key != opened or live.deadline is None:
            live.timer_key, live.deadline = opened, time.time() + seconds
            self.db.set_clock(live.id, opened, live.deadline)
        left = max(0.0, live.deadline - time.time())  # a resumed clock keeps what it had left
        live.timer_task = asyncio.get_running_loop().create_task(self.expire(live, left))

    async def expire(self, live: LiveTable, seconds: float) -> None:
        """After ``seconds``, the people who have not decided pass (as their rules say)."""
        await asyncio.sleep(seconds)
        host = self.host

        def pass_for_them(locked: LockedTable) -> None:
            live.timer_task, live.deadline = None, None
            state = live.table.state
            for seat in [s for s in state.pending() if live.table.seats[s].is_human]:
                action = state.timeout_action(seat)
                if action is not None and seat in state.pending():
                    with contextlib.suppress(IllegalAction):
                        host.store_move(live, locked, seat, action)

        async with live.lock:
            with contextlib.suppress(ServiceError):
                host.write(live, pass_for_them)
        await host.broadcast(live)
        async with live.lock:
            self.survive_outage(self.after_change, live, "the clock")

    # ------------------------------------------------------------- game clock

    def _arm_game_clock(self, live: LiveTable) -> None:
        """Run the game clock here (this process holds the lease): at the deadline, or at the
        first change after it if a secret decision was open then, the time-up is played."""
        deadline = game_deadline(live)
        running = live.game_task is not None and not live.game_task.done()
        if deadline is None or not live.lease or running:
            return
        if time.time() >= deadline and live.table.state.time_up_action() is None:
            return  # mid-way through a secret decision: the next change looks again
        left = max(0.0, deadline - time.time())
        live.game_task = asyncio.get_running_loop().create_task(self.time_runs_out(live, left))

    async def time_runs_out(self, live: LiveTable, seconds: float) -> None:
        """After ``seconds``, the table plays the rules' time-up (final)."""
        await asyncio.sleep(seconds)
        host = self.host

        def time_up(locked: LockedTable) -> None:
            state = live.table.state
            action = state.time_up_action()
            if action is not None and game_deadline(live) is not None:
                host.store_move(live, locked, state.pending()[0], action, final=True)

        async with live.lock:
            with contextlib.suppress(ServiceError):
                host.write(live, time_up)
        live.game_task = None
        await host.broadcast(live)
        async with live.lock:
            self.after_change(live)

    # ----------------------------------------------------------- people clock

    def arm_people(self, live: LiveTable) -> None:
        """Wait here (this process holds the lease) for the people's next deadline."""
        deadline = people_deadline(live) if live.lease else None
        if live.people_task is not None:
            task = live.people_task
            same = deadline is not None and getattr(task, "deadline", None) == deadline
            if same and not task.done():
                return  # already waiting for this very moment
            live.people_task.cancel()
            live.people_task = None
        if deadline is None:
            return
        task = asyncio.get_running_loop().create_task(
            self._people_due(live, max(0.0, deadline - time.time()))
        )
        task.deadline = deadline  # type: ignore[attr-defined]
        live.people_task = task

    async def _people_due(self, live: LiveTable, seconds: float) -> None:
        """At a deadline: the people asked whose clock ran out are absent; an absent seat
        whose vote is over without a majority goes to a bot."""
        await asyncio.sleep(seconds)
        host = self.host

        def settle(locked: LockedTable) -> None:
            now = time.time()
            clock = ppl.clock_of(live.settings)
            absent = ppl.absent_seats(live.people)
            asked = [s for s in asked_people(live) if s not in absent]
            for seat, deadline in ppl.deadlines(live.people, clock, asked).items():
                if deadline <= now + 0.05:
                    mark_absent(live, locked, seat, "time", now)
            for seat, entry in ppl.absent_seats(live.people).items():
                if float(entry["until"]) <= now + 0.05 and not live.table.state.is_over():
                    settle_absent(live, locked, seat, "bot", "nobody decided")

        async with live.lock:
            live.people_task = None
            with contextlib.suppress(ServiceError):
                host.write(live, settle)
        await host.broadcast(live)
        async with live.lock:
            self.survive_outage(self.after_change, live, "the table clock")
