"""The live-table service behind the web server: tables in memory, moves in the database.

Every change to a table happens under that table's lock, is written to the database
(committed) before anyone is told, and is then pushed to every connection, each seeing
only its own seat's view.  Bots move in a worker thread with a time limit; timed
simultaneous decisions (GOLDFIX's TIMED AUCTIONS) run on an asyncio timer.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from motherlode.engine import (
    Action,
    BadAction,
    IllegalAction,
    MotherlodeError,
    get_game,
)
from motherlode.storage import Database
from motherlode.storage.db import hash_token
from motherlode.table import Table

log = logging.getLogger("motherlode.web")

MAX_EVENTS = 300
TIMER_CHOICES = (0, 20, 30)


class ServiceError(Exception):
    """A refused request: an HTTP status and a message for the person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Listener(Protocol):
    async def send_json(self, data: Any) -> None: ...


@dataclass
class LiveTable:
    id: str
    table: Table
    settings: dict[str, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[Listener, int | None] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    deadline: float | None = None
    timer_key: int = -1
    """Move count at which the running timer's decision opened."""

    @property
    def finished(self) -> bool:
        return self.table.state.is_over()


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


class TableService:
    def __init__(self, db: Database, *, bot_seconds: float = 10.0) -> None:
        self.db = db
        self.bot_seconds = bot_seconds
        self.tables: dict[str, LiveTable] = {}
        self._load_lock = asyncio.Lock()

    # ------------------------------------------------------------- lifecycle

    async def resume_all(self) -> int:
        """Load every running table (after a restart) and let its bots and timers go on."""
        ids = self.db.running_table_ids()
        for table_id in ids:
            try:
                live = await self.get(table_id)
            except ServiceError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc.message)
                continue
            self._after_change(live)
        return len(ids)

    async def close(self) -> None:
        for live in self.tables.values():
            for task in (live.bot_task, live.timer_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    # --------------------------------------------------------------- tables

    def create(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it and one secret token per human seat (None for bots)."""
        try:
            game = get_game(game_id)
        except MotherlodeError as exc:
            raise ServiceError(404, str(exc)) from None
        if not isinstance(seats, list) or not seats:
            raise ServiceError(422, "a table needs a list of seats")
        names, specs = [], []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ServiceError(422, f"seat {i} must be an object with name and agent")
            name = str(seat.get("name") or "").strip()[:40]
            agent = str(seat.get("agent") or "human").strip()
            names.append(name or (f"Player {i + 1}" if agent == "human" else f"{agent} {i + 1}"))
            specs.append(agent)
        if options and "components" in options:
            raise ServiceError(
                422,
                "the components option reads a file on the server; "
                "it is for the terminal (motherlode play), not for web tables",
            )
        clean = self._settings(game_id, settings or {})
        try:
            table = Table.create(game, specs, seed=seed, options=options, names=names)
        except MotherlodeError as exc:
            raise ServiceError(422, str(exc)) from None
        table.track_undo = True
        tokens = [new_token() if s.is_human else None for s in table.seats]
        table_id = secrets.token_urlsafe(9)
        self.db.create_table(
            table_id,
            table.record(),
            [hash_token(t) if t else None for t in tokens],
            clean,
        )
        live = LiveTable(table_id, table, clean)
        self._attach(live)
        self.tables[table_id] = live
        self._after_change(live)
        return live, tokens

    @staticmethod
    def _settings(game_id: str, raw: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {"decision_timer", "bot_delay_ms"}
        if unknown:
            raise ServiceError(422, f"unknown table setting(s): {', '.join(sorted(unknown))}")
        timer = raw.get("decision_timer", 0)
        if timer not in TIMER_CHOICES:
            choices = ", ".join(map(str, TIMER_CHOICES))
            raise ServiceError(422, f"decision_timer must be one of {choices} seconds")
        delay = raw.get("bot_delay_ms", 0)
        if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= 5000:
            raise ServiceError(422, "bot_delay_ms must be a whole number from 0 to 5000")
        return {"decision_timer": timer, "bot_delay_ms": delay}

    def _attach(self, live: LiveTable) -> None:
        def persist(table: Table, seat: int, action: Action) -> None:
            state = table.state
            result = None
            if state.is_over():
                result = {
                    "scores": list(state.scores()),
                    "ranking": [list(g) for g in state.ranking()],
                }
            self.db.add_move(live.id, state.move_count, seat, action.to_json(), result)

        live.table.on_move.append(persist)

    async def get(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            record = self.db.record(table_id)
            if record is None:
                raise ServiceError(404, f"there is no table {table_id!r}")
            info = self.db.table_info(table_id) or {}
            try:
                table = Table.from_record(record)
            except MotherlodeError as exc:
                raise ServiceError(500, f"table {table_id} cannot be restored: {exc}") from None
            table.track_undo = True
            live = LiveTable(table_id, table, dict(info.get("settings") or {}))
            self._attach(live)
            self.tables[table_id] = live
            return live

    # ---------------------------------------------------------------- access

    def authorize(self, table_id: str, seat: int, token: str | None) -> None:
        """Refuse unless ``token`` is the secret of that human seat."""
        hashes = self.db.token_hashes(table_id)
        if not hashes:
            raise ServiceError(404, f"there is no table {table_id!r}")
        if not 0 <= seat < len(hashes):
            raise ServiceError(422, f"there is no seat {seat} at this table")
        if not token:
            raise ServiceError(401, "a seat token is needed to act for a seat")
        expected = hashes[seat]
        if expected is None or not hmac.compare_digest(expected, hash_token(token)):
            raise ServiceError(403, "this token does not belong to that seat")

    def seat_for_token(self, table_id: str, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for seat, expected in enumerate(self.db.token_hashes(table_id)):
            if expected is not None and hmac.compare_digest(expected, digest):
                return seat
        raise ServiceError(403, "this token does not belong to any seat of this table")

    # ---------------------------------------------------------------- moves

    async def act(
        self, table_id: str, seat: int, token: str | None, action_data: Any, expect_move: Any
    ) -> dict[str, Any]:
        """A person's move; refused (and nothing changes) if stale, malformed or illegal."""
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)
        async with live.lock:
            state = live.table.state
            if expect_move is not None and (
                not isinstance(expect_move, int) or not live.table.is_current(expect_move)
            ):
                raise ServiceError(
                    409,
                    "the game has moved on since you looked (your view was of move "
                    f"{expect_move}, the table is at move {state.move_count}); look again",
                )
            try:
                action = live.table.game.parse_action(action_data)
                self._submit(live, seat, action)
            except (BadAction, IllegalAction) as exc:
                raise ServiceError(422, str(exc)) from None
        await self.broadcast(live)
        self._after_change(live)
        return self.view(live, seat)

    def _submit(self, live: LiveTable, seat: int, action: Action) -> None:
        """Apply and persist; if the database refuses, go back to what it holds."""
        try:
            live.table.submit(seat, action)
        except (BadAction, IllegalAction):
            raise
        except Exception:
            log.exception("move on table %s could not be stored; reloading it", live.id)
            record = self.db.record(live.id)
            if record is not None:
                live.table.state = record.replay()
                live.table.undo_floor = live.table.state.move_count
            raise ServiceError(500, "the move could not be saved; please try again") from None

    async def undo(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)
        async with live.lock:
            try:
                live.table.undo(seat)
            except IllegalAction as exc:
                raise ServiceError(409, str(exc)) from None
            self.db.delete_moves_after(table_id, live.table.state.move_count)
        await self.broadcast(live)
        return self.view(live, seat)

    # ----------------------------------------------------------------- views

    def view(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """Everything one seat (None: a spectator) may see of the table, JSON-ready."""
        table = live.table
        state = table.state
        asked = seat is not None and seat in state.pending()
        legal = state.legal_actions(seat) if asked and seat is not None else []
        events = state.events_for(seat)[-MAX_EVENTS:]
        return {
            "table": live.id,
            "game": table.game.id,
            "title": table.game.title,
            "seat": seat,
            "names": [s.name for s in table.seats],
            "agents": [str(s.spec) for s in table.seats],
            "move_count": state.move_count,
            "status": "finished" if state.is_over() else "running",
            "observation": state.observe(seat),
            "legal": [{"action": a.to_json(), "text": a.notation()} for a in legal],
            "events": [e.to_json() for e in events],
            "can_undo": seat is not None and table.can_undo(seat),
            "deadline": live.deadline,
            "settings": live.settings,
        }

    async def subscribe(self, table_id: str, listener: Listener, seat: int | None) -> LiveTable:
        live = await self.get(table_id)
        live.listeners[listener] = seat
        await listener.send_json({"type": "state", "view": self.view(live, seat)})
        return live

    def unsubscribe(self, live: LiveTable, listener: Listener) -> None:
        live.listeners.pop(listener, None)

    async def broadcast(self, live: LiveTable) -> None:
        for listener, seat in list(live.listeners.items()):
            try:
                await listener.send_json({"type": "state", "view": self.view(live, seat)})
            except Exception:
                live.listeners.pop(listener, None)

    # ----------------------------------------------------------- bots, timers

    def _after_change(self, live: LiveTable) -> None:
        """Start the bots if one is asked, and the timer if a timed decision is open."""
        if live.finished:
            return
        state = live.table.state
        if any(not live.table.seats[s].is_human for s in state.pending()) and (
            live.bot_task is None or live.bot_task.done()
        ):
            live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))
        self._arm_timer(live)

    async def _run_bots(self, live: LiveTable) -> None:
        delay = live.settings.get("bot_delay_ms", 0) / 1000
        while True:
            async with live.lock:
                state = live.table.state
                bots = [s for s in state.pending() if not live.table.seats[s].is_human]
                if state.is_over() or not bots:
                    return
                seat = bots[0]
                agent = live.table.seats[seat].agent
                snapshot = state.clone()
                count = state.move_count
            assert agent is not None
            if delay:
                await asyncio.sleep(delay)
            try:
                action = await asyncio.wait_for(
                    asyncio.to_thread(agent.act, snapshot, seat), self.bot_seconds
                )
            except TimeoutError:
                log.warning("bot %s on table %s ran out of time; it plays at random", seat, live.id)
                action = random.choice(snapshot.legal_actions(seat))
            async with live.lock:
                if live.table.state.move_count != count and seat not in live.table.state.pending():
                    continue
                try:
                    self._submit(live, seat, action)
                except (IllegalAction, BadAction, ServiceError) as exc:
                    log.warning("bot move refused on table %s: %s", live.id, exc)
                    continue
            await self.broadcast(live)
            self._arm_timer(live)

    def _arm_timer(self, live: LiveTable) -> None:
        seconds = live.settings.get("decision_timer", 0)
        state = live.table.state
        humans = [s for s in state.pending() if live.table.seats[s].is_human]
        timed = (
            seconds
            and not state.is_over()
            and state.is_simultaneous()
            and humans
            and all(state.timeout_action(s) is not None for s in humans)
        )
        if not timed:
            if live.timer_task is not None:
                live.timer_task.cancel()
            live.timer_task, live.deadline = None, None
            return
        nobody_committed = not state.committed()
        running = live.timer_task is not None and not live.timer_task.done()
        if running and not (nobody_committed and live.timer_key != state.move_count):
            return  # the clock of this decision is already running
        if live.timer_task is not None:
            live.timer_task.cancel()
        live.timer_key = state.move_count
        live.deadline = time.time() + seconds
        live.timer_task = asyncio.get_running_loop().create_task(self._expire(live, seconds))

    async def _expire(self, live: LiveTable, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with live.lock:
            live.timer_task, live.deadline = None, None
            state = live.table.state
            for seat in [s for s in state.pending() if live.table.seats[s].is_human]:
                action = state.timeout_action(seat)
                if action is not None and seat in state.pending():
                    with contextlib.suppress(IllegalAction, ServiceError):
                        self._submit(live, seat, action)
        await self.broadcast(live)
        self._after_change(live)
