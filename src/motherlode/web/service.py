"""The live-table service behind the web server: tables in memory, moves in the database.

Every change to a table happens under that table's lock, is written to the database
(committed) before anyone is told, and is then pushed to every connection, each seeing
only its own seat's view.  Bots think in the shared :class:`~motherlode.web.bots.BotPool`
under the operator's limits; timed simultaneous decisions (GOLDFIX's TIMED AUCTIONS) run on
an asyncio timer whose deadline is stored, so a restart resumes it with the time it had.

A table with people is dealt from a seed the server draws and commits to (a salted SHA-256
in every view), revealed when the game ends: see :mod:`motherlode.table.fairness`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from motherlode.agents.specs import AgentSpec, check_agent, parse_spec
from motherlode.engine import (
    Action,
    BadAction,
    GameRecord,
    IllegalAction,
    MotherlodeError,
    get_game,
)
from motherlode.storage import Database, TableClosed
from motherlode.storage.db import hash_token
from motherlode.table import Table
from motherlode.table.fairness import SCHEME, commitment, draw_seed, fairness_meta, new_salt
from motherlode.web.bots import BotPool, fallback_move, limit_spec
from motherlode.web.limits import CreationRate, Limits, clip, excerpt

log = logging.getLogger("motherlode.web")

MAX_EVENTS = 300
TIMER_CHOICES = (0, 20, 30)


class ServiceError(Exception):
    """A refused request: an HTTP status and a message for the person."""

    def __init__(self, status: int, message: str) -> None:
        message = clip(message)  # an error never echoes more than an excerpt of the input
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
    salt: str | None = None
    """The salt of the seed's commitment (None for tables made before commitments)."""
    commitment: str | None = None

    @property
    def finished(self) -> bool:
        return self.table.state.is_over()


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


class TableService:
    def __init__(self, db: Database, limits: Limits | None = None) -> None:
        self.db = db
        self.limits = limits or Limits()
        self.bots = BotPool(seconds=self.limits.bot_seconds, workers=self.limits.bot_workers)
        self.rate = CreationRate(self.limits.tables_per_client)
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
        self.bots.close()

    # --------------------------------------------------------------- tables

    def create(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
        client: str = "local",
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it and one secret token per human seat (None for bots).

        Everything is checked before anything is stored: the seats' bot specs (built as they
        will play, within the operator's time limit), the options, the seed (refused from
        the client at a table with people), and the operator's table limits (429).
        """
        try:
            game = get_game(game_id)
        except MotherlodeError as exc:
            raise ServiceError(404, str(exc)) from None
        if not isinstance(seats, list) or not seats:
            raise ServiceError(422, "a table needs a list of seats")
        names: list[str] = []
        specs: list[AgentSpec] = []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ServiceError(422, f"seat {i} must be an object with name and agent")
            name = str(seat.get("name") or "").strip()[:40]
            agent = str(seat.get("agent") or "human").strip()
            specs.append(self._bot_spec(game_id, i, agent))
            names.append(name or (f"Player {i + 1}" if agent == "human" else f"{agent} {i + 1}"))
        if options and "components" in options:
            raise ServiceError(
                422,
                "the components option reads a file on the server; "
                "it is for the terminal (motherlode play), not for web tables",
            )
        clean = self._settings(game_id, settings or {})
        people = any(s.is_human for s in specs)
        if seed is not None and people and not self.limits.allow_client_seed:
            raise ServiceError(
                422,
                "a table with people is dealt from a seed the server draws (whoever chose the "
                "seed could read every hidden card); leave seed out, or seat only bots",
            )
        clean["dealt_by"] = "client" if seed is not None else "server"
        try:
            table = Table.create(
                game,
                specs,
                seed=draw_seed() if seed is None else seed,
                options=options,
                names=names,
            )
        except MotherlodeError as exc:
            raise ServiceError(422, str(exc)) from None
        self._check_room(client)
        table.track_undo = True
        tokens = [new_token() if s.is_human else None for s in table.seats]
        table_id = secrets.token_urlsafe(9)
        salt = new_salt()
        self.db.create_table(
            table_id,
            table.record(),
            [hash_token(t) if t else None for t in tokens],
            clean,
            seed_salt=salt,
        )
        live = self._live(table_id, table, clean, salt)
        self._after_change(live)
        return live, tokens

    def _bot_spec(self, game_id: str, seat: int, text: str) -> AgentSpec:
        """A seat's spec, refused now (422, naming what is wrong) if it would fail later or
        ask for more time than the operator allows."""
        try:
            spec = parse_spec(text)
            if not spec.is_human:
                game = get_game(game_id)
                check_agent(limit_spec(spec, self.limits.bot_seconds), game)
        except MotherlodeError as exc:
            raise ServiceError(422, f"seat {seat}: {exc}") from None
        return spec

    def _check_room(self, client: str) -> None:
        open_tables = len(self.db.running_table_ids())
        if open_tables >= self.limits.max_tables:
            raise ServiceError(
                429,
                f"the server has {open_tables} open tables, its limit; "
                "try again when some have finished",
            )
        if not self.rate.allow(client):
            raise ServiceError(
                429,
                f"your address has created {self.limits.tables_per_client} tables in the "
                "last hour, this server's limit; try again later",
            )

    @staticmethod
    def _settings(game_id: str, raw: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise ServiceError(422, "settings must be an object")
        unknown = set(raw) - {"decision_timer", "bot_delay_ms"}
        if unknown:
            names = ", ".join(excerpt(str(k), 30) for k in sorted(map(str, unknown))[:5])
            raise ServiceError(422, f"unknown table setting(s): {names}")
        timer = raw.get("decision_timer", 0)
        if isinstance(timer, bool) or timer not in TIMER_CHOICES:
            choices = ", ".join(map(str, TIMER_CHOICES))
            raise ServiceError(422, f"decision_timer must be one of {choices} seconds")
        delay = raw.get("bot_delay_ms", 0)
        if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= 5000:
            raise ServiceError(422, "bot_delay_ms must be a whole number from 0 to 5000")
        return {"decision_timer": timer, "bot_delay_ms": delay}

    def _live(
        self, table_id: str, table: Table, settings: dict[str, Any], salt: str | None
    ) -> LiveTable:
        live = LiveTable(table_id, table, settings, salt=salt)
        if salt is not None:
            live.commitment = commitment(table.state.seed, salt)

        def persist(table: Table, seat: int, action: Action) -> None:
            state = table.state
            result = None
            if state.is_over():
                result = {
                    "scores": list(state.scores()),
                    "ranking": [list(g) for g in state.ranking()],
                }
            self.db.add_move(
                live.id,
                state.move_count,
                seat,
                action.to_json(),
                result,
                undo=(table.undo_floor, table.undo_seat),
            )

        table.on_move.append(persist)
        self.tables[table_id] = live
        return live

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
                raise ServiceError(404, f"there is no table {excerpt(table_id, 40)!r}")
            info = self.db.table_state(table_id) or {}
            try:
                table = Table.from_record(record)
            except MotherlodeError as exc:
                raise ServiceError(500, f"table {table_id} cannot be restored: {exc}") from None
            table.track_undo = True
            if info.get("undo_floor") is not None:  # undo eligibility, as it was
                table.undo_floor = int(info["undo_floor"])
                seat = info.get("undo_seat")
                table.undo_seat = None if seat is None else int(seat)
            settings = dict(info.get("settings") or {})
            live = self._live(table_id, table, settings, info.get("seed_salt"))
            if info.get("clock_move") is not None and info.get("clock_deadline") is not None:
                live.timer_key = int(info["clock_move"])  # the clock resumes where it was
                live.deadline = float(info["clock_deadline"])
            return live

    def finished_record(self, live: LiveTable) -> GameRecord:
        """The record of a finished game, with the seed's commitment opened."""
        if not live.finished:
            raise ServiceError(409, "the record of a game is public once the game is over")
        record = live.table.record()
        if live.salt is not None:
            record.meta["fairness"] = dict(fairness_meta(live.table.state.seed, live.salt))
        return record

    # ---------------------------------------------------------------- access

    def authorize(self, table_id: str, seat: int, token: str | None) -> None:
        """Refuse unless ``token`` is the secret of that human seat."""
        hashes = self.db.token_hashes(table_id)
        if not hashes:
            raise ServiceError(404, f"there is no table {excerpt(table_id, 40)!r}")
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
        """A person's move; refused (and nothing changes) if stale, malformed or illegal.

        The same move sent twice (a double click, a retry after a dropped connection) is
        applied once: the second finds it among the moves since ``expect_move`` and gets
        the current view, marked ``duplicate``.
        """
        self.authorize(table_id, seat, token)
        if expect_move is not None and (
            isinstance(expect_move, bool) or not isinstance(expect_move, int) or expect_move < 0
        ):
            raise ServiceError(422, "expect_move must be a move count (a whole number)")
        live = await self.get(table_id)
        async with live.lock:
            state = live.table.state
            try:
                action = live.table.game.parse_action(action_data)
            except BadAction as exc:
                raise ServiceError(422, str(exc)) from None
            if expect_move is not None and self._already_played(live, seat, action, expect_move):
                return {**self.view(live, seat), "duplicate": True}
            if live.finished:
                raise ServiceError(409, "the game is over: its result is final")
            if expect_move is not None and not live.table.is_current(expect_move):
                raise ServiceError(
                    409,
                    "the game has moved on since you looked (your view was of move "
                    f"{expect_move}, the table is at move {state.move_count}); look again",
                )
            try:
                self._submit(live, seat, action)
            except IllegalAction as exc:
                raise ServiceError(422, str(exc)) from None
        await self.broadcast(live)
        self._after_change(live)
        return self.view(live, seat)

    @staticmethod
    def _already_played(live: LiveTable, seat: int, action: Action, since: int) -> bool:
        """Whether ``seat`` played ``action`` among the moves made after move ``since``."""
        state = live.table.state
        if since >= state.move_count:
            return False
        return any(s == seat and a == action for s, a in state.moves()[since:])

    def _submit(self, live: LiveTable, seat: int, action: Action) -> None:
        """Apply and persist; if the database refuses, go back to what it holds."""
        try:
            live.table.submit(seat, action)
        except (BadAction, IllegalAction):
            raise
        except TableClosed:
            log.error("table %s is finished in the database; reloading it", live.id)
            self._reload(live)
            raise ServiceError(409, "the game is over: its result is final") from None
        except Exception:
            log.exception("move on table %s could not be stored; reloading it", live.id)
            self._reload(live)
            raise ServiceError(500, "the move could not be saved; please try again") from None

    def _reload(self, live: LiveTable) -> None:
        record = self.db.record(live.id)
        if record is not None:
            live.table.state = record.replay()
            live.table.undo_floor, live.table.undo_seat = live.table.state.move_count, None

    async def undo(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)
        async with live.lock:
            if live.finished:
                raise ServiceError(409, "the game is over: its result is final")
            try:
                live.table.undo(seat)
            except IllegalAction as exc:
                raise ServiceError(409, str(exc)) from None
            table = live.table
            try:
                self.db.delete_moves_after(
                    table_id, table.state.move_count, undo=(table.undo_floor, table.undo_seat)
                )
            except Exception:
                log.exception("undo on table %s could not be stored; reloading it", table_id)
                self._reload(live)
                raise ServiceError(500, "the undo could not be saved; please try again") from None
        await self.broadcast(live)
        self._after_change(live)
        return self.view(live, seat)

    # ----------------------------------------------------------------- views

    def view(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """Everything one seat (None: a spectator) may see of the table, JSON-ready."""
        table = live.table
        state = table.state
        asked = seat is not None and seat in state.pending()
        legal = state.legal_actions(seat) if asked and seat is not None else []
        events = state.events_for(seat)[-MAX_EVENTS:]
        over = state.is_over()
        return {
            "table": live.id,
            "game": table.game.id,
            "title": table.game.title,
            "seat": seat,
            "names": [s.name for s in table.seats],
            "agents": [str(s.spec) for s in table.seats],
            "move_count": state.move_count,
            "status": "finished" if over else "running",
            "observation": state.observe(seat),
            "legal": [{"action": a.to_json(), "text": a.notation()} for a in legal],
            "events": [e.to_json() for e in events],
            "can_undo": seat is not None and table.can_undo(seat),
            "deadline": live.deadline,
            "settings": {k: v for k, v in live.settings.items() if k != "dealt_by"},
            "fairness": {
                "scheme": SCHEME,
                "commitment": live.commitment,
                "drawn": live.settings.get("dealt_by") == "server",
                # as text: a 63-bit seed is past what a JavaScript number holds exactly
                "seed": str(state.seed) if over and live.salt else None,
                "salt": live.salt if over else None,
                "record": f"/api/tables/{live.id}/record",
            },
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
            self._arm_timer(live)  # clears a clock that was running
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
                bot = live.table.seats[seat]
                snapshot = state.clone()
                count = state.move_count
            if delay:
                await asyncio.sleep(delay)
            action = await self.bots.decide(
                live.table.game, bot.spec, bot.agent, bot.seed ^ count, snapshot, seat
            )
            async with live.lock:
                if live.table.state.move_count != count and seat not in live.table.state.pending():
                    continue
                try:
                    self._submit(live, seat, action)
                except (IllegalAction, BadAction, ServiceError) as exc:
                    log.warning("bot move refused on table %s: %s", live.id, exc)
                    if isinstance(exc, ServiceError):
                        continue
                    # the bot chose an illegal move: the fallback plays for it this once
                    self.bots.fallbacks += 1
                    move = fallback_move(live.table.game, snapshot, seat, bot.seed)
                    with contextlib.suppress(IllegalAction, BadAction, ServiceError):
                        self._submit(live, seat, move)
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
            if live.timer_key != -1 or live.deadline is not None:
                self.db.set_clock(live.id, None, None)
            live.timer_task, live.deadline, live.timer_key = None, None, -1
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
        live.timer_task = asyncio.get_running_loop().create_task(self._expire(live, left))

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
