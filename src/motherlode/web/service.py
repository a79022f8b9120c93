"""The live-table service behind the web server: tables in memory, moves in the database.

Every change to a table happens under that table's lock in this process and under its row's
lock in the database (:meth:`Database.locked`), against the latest committed state: a copy
that is behind (another process moved) first catches up from the ``moves`` table.  The
change is committed before anyone is told, then pushed to every connection of this process,
each seeing only its own seat's view; other processes hear of it through PostgreSQL's
NOTIFY and push it to theirs.  One process at a time runs a table's bots and clock, under a
lease kept in the database and renewed every second; when it dies, another takes over:
that is the :class:`~motherlode.web.scheduler.Scheduler`'s work, which this service owns.

Bots think in the shared :class:`~motherlode.web.bots.BotPool` under the operator's limits;
timed simultaneous decisions (GOLDFIX's TIMED AUCTIONS) run on an asyncio timer whose
deadline is stored, so a restart (or another process) resumes it with the time it had.

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
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar

import orjson

from motherlode.agents.specs import AgentSpec, parse_spec
from motherlode.engine import (
    Action,
    BadAction,
    GameRecord,
    IllegalAction,
    MotherlodeError,
    get_game,
)
from motherlode.engine.record import COMPONENTS, without_folder
from motherlode.engine.words import T
from motherlode.engine.words import render as render_words
from motherlode.storage import Database, TableClosed
from motherlode.storage import accounts as holders
from motherlode.storage.db import LockedTable, TableChanges, hash_token
from motherlode.table import Table
from motherlode.table.fairness import SCHEME, commitment, draw_seed, fairness_meta, new_salt
from motherlode.web import absence, admission, i18n
from motherlode.web import people as ppl
from motherlode.web.admission import TIMER_CHOICES
from motherlode.web.bots import BotPool
from motherlode.web.cluster import SingleProcess, listen, process_name, sqlite_file
from motherlode.web.errors import ServiceError, refusal
from motherlode.web.identity import ACCOUNT_TOKEN_PREFIX, Account, account_seat_token
from motherlode.web.languages import LANGUAGE
from motherlode.web.limits import FINISHED_UNLOAD, CreationRate, Limits, excerpt
from motherlode.web.live import Listener, LiveTable
from motherlode.web.outage import MESSAGE as OUTAGE_MESSAGE
from motherlode.web.outage import Outage, is_outage
from motherlode.web.scheduler import Scheduler, has_work

__all__ = [
    "TIMER_CHOICES",
    "Listener",
    "LiveTable",
    "ServiceError",
    "TableService",
    "encode_frame",
    "legal_entry",
    "new_token",
]  # what the app and the tests import from here (the types shared live in their modules)

log = logging.getLogger("motherlode.web")
Outcome = TypeVar("Outcome")

MAX_EVENTS = 300
DESIGNER = "components_files"
"""The settings key holding a table's designer's files (name to text): private to the
server, like its seed (never in a view or a listing), and the record's ``meta["components"]``."""
WHY_PER_KIND = 40
"""Moves of one kind "Why can't I…?" lists at most (Carcassonne has 75,855 placements)."""


_LEGAL_ENTRIES: dict[Action, dict[str, Any]] = {}


def legal_entry(action: Action) -> dict[str, Any]:
    """A legal action as views list it, ``{"action": JSON, "text": notation}``, made once per
    distinct action (the same few recur move after move; entries are never modified)."""
    entry = _LEGAL_ENTRIES.get(action)
    if entry is None:
        if len(_LEGAL_ENTRIES) >= 100_000:
            _LEGAL_ENTRIES.clear()
        entry = _LEGAL_ENTRIES[action] = {"action": action.to_json(), "text": action.notation()}
    return entry


def encode_frame(message: Any) -> str:
    """A message as a socket's text frame: compact JSON by orjson (a tenth of the time the
    standard library takes for a view), int keys written as strings as ``json`` writes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


PRESENCE_RENEW = 5.0
"""Seconds between renewals of this process's presence rows (well within their freshness)."""

MAX_CACHED_HASHES = 10_000
"""Tables whose token hashes are kept without their table (a client may ask about any)."""
ACCOUNT_TOKENS_TTL = 5.0
"""Seconds a table's account seat tokens are kept once derived: an account's "log out
everywhere" (a new seat key) voids its links in every process within this time."""


GAME_OVER = T("the game is over: its result is final")
"""The refusal of anything but a look at a finished game."""


def no_table(table_id: str) -> T:
    """The refusal of a table that does not exist (its id, as sent, bounded)."""
    return T("there is no table {table!r}", table=excerpt(table_id, 40))


def with_files(record: GameRecord, info: Mapping[str, Any]) -> GameRecord:
    """The stored record with the table's designer's files (kept in its settings) in its
    meta, where :meth:`Table.from_record` finds them."""
    files = (info.get("settings") or {}).get(DESIGNER)
    if files:
        record.meta[COMPONENTS] = dict(files)
    return record


def without_files(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A table's settings as views and listings show them: a designer's files by name only
    (their text is the record's, once the game is over)."""
    out = {k: v for k, v in settings.items() if k != DESIGNER}
    if settings.get(DESIGNER):
        out["designer_files"] = sorted(settings[DESIGNER])
    return out


class TableService:
    def __init__(self, db: Database, limits: Limits | None = None) -> None:
        self.db = db
        self.limits = limits or Limits()
        self.bots = BotPool(seconds=self.limits.bot_seconds, workers=self.limits.bot_workers)
        self.rate = CreationRate(self.limits.tables_per_client)
        self.joins = CreationRate(self.limits.tables_per_client)
        """Open seats one client address may take an hour (as many as tables it may make)."""
        self.tables: dict[str, LiveTable] = {}
        self.owner = process_name()
        self._load_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._stale: set[str] = set()
        self._single: SingleProcess | None = None
        self._hashes: dict[str, list[str | None]] = {}
        self._account_tokens: dict[str, tuple[float, dict[int, str]]] = {}
        """Each table's account seat tokens (seat: token) and until when they hold."""
        self.outage = Outage()
        """The database's reachability: one log line an outage, 503s meanwhile."""
        self._sockets: dict[tuple[str, int], dict[Listener, bool]] = {}
        """Each seat's connections to this process, and whether each is away."""
        self._presence_said: dict[tuple[str, int], str] = {}
        """What this process last told the database of each seat (online or away)."""
        self._presence_at = 0.0
        self._background: set[asyncio.Task[None]] = set()
        self.scheduler = Scheduler(self, db, self.bots, self.outage, self.owner)
        """Runs the bots and clocks of the tables whose lease this process holds."""
        self.change_hooks: list[Callable[[LiveTable], Coroutine[Any, Any, None]]] = []
        """Work after a table changed and its connections were told (a rated game's
        ratings, a "your turn" notification): each runs in the background, never on the
        request's path, in every process that holds the table, so each must be idempotent
        and cheap to skip."""
        self.announcements: dict[str, Callable[[str], None]] = {}
        """Announcements that are not a change of the game (``TABLE:chat``): ``what`` to
        the function called with the table's id (``*`` too, once the announcements
        resume) instead of a catch-up; see :mod:`motherlode.web.chat`."""

    # ------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Start serving: on SQLite, as its only process; on PostgreSQL, as one of many.

        Nothing is loaded now: a table is loaded when a client asks for it, or when its bots
        or clock have nobody to run them (the lease watch, every second)."""
        database = sqlite_file(self.db.url)
        if database is not None:
            self._single = SingleProcess(database)
            self._single.acquire()
            self.db.expire_leases()  # what the last process held is ours at once
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self.scheduler.watch()))
        if self.db.notifies:
            self._tasks.append(loop.create_task(listen(self.db.url, self._changed_elsewhere)))

    async def close(self) -> None:
        tasks = list(self._tasks)
        for live in self.tables.values():
            tasks += live.tasks
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):  # hand over at once, not when the leases run out
            self.db.abandon(self.owner)
        with contextlib.suppress(Exception):  # this process's connections are gone
            self.db.drop_presence(self.owner)
        self.bots.close()
        if self._single is not None:
            self._single.release()

    def renew_presence(self) -> None:
        """Every :data:`PRESENCE_RENEW` seconds (the lease watch asks every second): renew
        this process's presence rows and read the presence of the tables it serves again
        (a process that stopped: its seats go offline)."""
        if time.monotonic() - self._presence_at < PRESENCE_RENEW:
            return
        self._presence_at = time.monotonic()
        self.db.renew_presence(self.owner)
        for live in list(self.tables.values()):
            if live.listeners:
                self._spawn(self._refresh_people(live, presence=True))

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Let go of the tables this process need not hold, so that a server running for
        months holds only what is in play: nobody watches them, no bot or clock of theirs
        runs here, no request is inside them, and they are finished (for a short while) or
        idle (``Limits.unload_after``).  The database has every move: :meth:`get` loads
        a table again when it is asked for.  Returns the ids let go."""
        now = time.monotonic() if now is None else now
        gone = []
        for live in list(self.tables.values()):
            if live.listeners or live.lease or live.lock.locked() or live.id in self._stale:
                continue
            if any(not task.done() for task in live.tasks):
                continue
            idle = now - live.used
            if idle >= self.limits.unload_after or (
                live.finished and idle >= min(FINISHED_UNLOAD, self.limits.unload_after)
            ):
                del self.tables[live.id]
                self._hashes.pop(live.id, None)
                gone.append(live.id)
        return gone

    def _changed_elsewhere(self, table_id: str, what: str) -> None:
        """A process changed a table (``*``: any table): catch up and tell ours.  This
        process hears its own announcements too: those it already holds cost nothing."""
        for kind, hear in self.announcements.items():  # not the game's news (chat)
            if what == kind or table_id == "*":
                hear(table_id)
        if what in self.announcements:
            return
        ids = list(self.tables) if table_id == "*" else [table_id]
        for tid in ids:
            live = self.tables.get(tid)
            if live is not None and what in ("presence", "people"):
                self._spawn(self._refresh_people(live, presence=what == "presence"))
                continue
            if live is None or tid in self._stale:
                continue  # not loaded here, or a catch-up is already on its way
            if what.isdigit() and live.version >= int(what):
                continue  # a change this copy already holds (made here, most often)
            if what == "clock" and live.lease:
                continue  # the clock runs here
            self._stale.add(tid)
            asyncio.get_running_loop().create_task(self._refresh(live))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, holding on to it until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _refresh_people(self, live: LiveTable, *, presence: bool) -> None:
        """Another process changed who is connected, or the clock and votes: read them."""
        async with live.lock:
            try:
                if presence:
                    before = dict(live.presence)
                    live.presence = self.db.presence(live.id, ppl.PRESENCE_FRESH)
                    if live.presence != before:
                        self._spawn(self.broadcast_presence(live))
                    return
                info = self.db.table_state(live.id)
                people = dict((info or {}).get("people") or {})
                changed = people != live.people
                live.people = people
                self.scheduler.arm_people(live)
            except Exception as exc:
                if not is_outage(exc):
                    raise
                self.outage.failed(exc, f"the presence of table {live.id}")
                return
        if changed:
            await self.broadcast(live)

    async def _refresh(self, live: LiveTable) -> None:
        async with live.lock:
            self._stale.discard(live.id)
            before = (live.version, live.deadline)
            if not self.scheduler.survive_outage(self.catch_up, live, "a catch-up"):
                return
            self.scheduler.after_change(live)
            changed = (live.version, live.deadline) != before
        if changed:
            await self.broadcast(live)

    # --------------------------------------------------------------- tables

    def create(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
        client: str = "local",
        components_files: Mapping[str, Any] | None = None,
        *,
        account: Account | None = None,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it and one secret token per human seat (None for bots).
        The seats marked ``mine`` are held by ``account`` (the signed-in creator), named
        after it unless named.

        Everything is checked before anything is stored: the seats' bot specs (built as they
        will play, within the operator's time limit), the options, a designer's files (by
        the game's own loader), the seed (refused from the client at a table with people),
        and the operator's table limits (429).  The files are kept in the table's settings
        (:data:`DESIGNER`), so that any process can resume it.
        """
        try:
            game = get_game(game_id)
        except MotherlodeError as exc:
            raise ServiceError(404, refusal(exc)) from None
        if not isinstance(seats, list) or not seats:
            raise ServiceError(422, T("a table needs a list of seats"))
        names: list[str] = []
        specs: list[AgentSpec] = []
        open_seats: list[int] = []
        mine: list[int] = []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise ServiceError(
                    422, T("seat {seat} must be an object with name and agent", seat=i)
                )
            name = str(seat.get("name") or "").strip()[:40]
            agent = str(seat.get("agent") or "human").strip()
            if seat.get("mine") and account is not None:  # the creator's own seat
                if agent != "human":
                    raise ServiceError(
                        422, T("seat {seat}: only a person's seat can be yours", seat=i)
                    )
                mine.append(i)
                name = name or account.username
            if agent == "open":  # a person's seat anyone may take (see join)
                open_seats.append(i)
                agent, name = "human", f"Open seat {i + 1}"
            specs.append(admission.seat_spec(game_id, i, agent, self.limits.bot_seconds))
            names.append(name or (f"Player {i + 1}" if agent == "human" else f"{agent} {i + 1}"))
        options = admission.web_options(game, [s.name for s in specs], options)
        files = admission.designer_files(game, components_files, options, [s.name for s in specs])
        clean = admission.table_settings(settings or {})
        people = any(s.is_human for s in specs)
        if seed is not None and people and not self.limits.allow_client_seed:
            raise ServiceError(
                422,
                T(
                    "a table with people is dealt from a seed the server draws (whoever chose "
                    "the seed could read every hidden card); leave seed out, or seat only bots"
                ),
            )
        clean["dealt_by"] = "client" if seed is not None else "server"
        try:
            table = Table.create(
                game,
                specs,
                seed=draw_seed() if seed is None else seed,
                options=options,
                names=names,
                components=files or None,
            )
        except MotherlodeError as exc:
            raise ServiceError(422, refusal(exc)) from None
        if files:
            clean[DESIGNER] = files
        minutes = table.state.game_minutes()
        if minutes:  # the rules' time limit runs from now, kept with the table
            clean["game_deadline"] = round(time.time() + 60 * minutes, 3)
        self._check_room(client)
        table.track_undo = True
        tokens = [
            new_token() if s.is_human and i not in open_seats else None
            for i, s in enumerate(table.seats)
        ]
        clock = ppl.clock_of(clean)
        state_of_people = ppl.new_people(clock, len(table.seats), time.time())
        table_id = secrets.token_urlsafe(9)
        salt = new_salt()
        self.db.create_table(
            table_id,
            table.record(),
            [hash_token(t) if t else None for t in tokens],
            clean,
            seed_salt=salt,
            listed=not clean.get("private", False),
            people=state_of_people,
        )
        if account is not None:
            holders.hold_seats(self.db, table_id, mine, account.id)
        live = self._live(table_id, table, clean, salt)
        live.people, live.open_seats = state_of_people, open_seats
        self.scheduler.after_change(live)
        return live, tokens

    def _check_room(self, client: str) -> None:
        open_tables = self.db.running_count()
        if open_tables >= self.limits.max_tables:
            raise ServiceError(
                429,
                T(
                    "the server has {tables} open tables, its limit; "
                    "try again when some have finished",
                    tables=open_tables,
                ),
            )
        if not self.rate.allow(client):
            raise ServiceError(
                429,
                T(
                    "your address has created {tables} tables in the "
                    "last hour, this server's limit; try again later",
                    tables=self.limits.tables_per_client,
                ),
            )

    def _live(
        self, table_id: str, table: Table, settings: dict[str, Any], salt: str | None
    ) -> LiveTable:
        live = LiveTable(table_id, table, settings, salt=salt)
        if salt is not None:
            live.commitment = commitment(table.state.seed, salt)
        self.tables[table_id] = live
        return live

    async def get(self, table_id: str, *, work: bool = True) -> LiveTable:
        """The table, loaded from the database the first time this process is asked for it
        (then, with ``work``, its bots and clock go on here if nobody else runs them)."""
        live = self.tables.get(table_id)
        if live is not None:
            live.used = time.monotonic()
            return live
        async with self._load_lock:
            live = self.tables.get(table_id)
            if live is not None:
                live.used = time.monotonic()
                return live
            info = self.db.table_state(table_id)
            record = self.db.record(table_id) if info is not None else None
            if info is None or record is None:
                raise ServiceError(404, no_table(table_id))
            with_files(record, info)
            try:
                table = Table.from_record(record)
            except MotherlodeError as exc:
                raise ServiceError(
                    500,
                    T(
                        "table {table} cannot be restored: {error}",
                        table=table_id,
                        error=refusal(exc),
                    ),
                ) from None
            table.track_undo = True
            if info.get("undo_floor") is not None:  # undo eligibility, as it was
                table.undo_floor = int(info["undo_floor"])
                seat = info.get("undo_seat")
                table.undo_seat = None if seat is None else int(seat)
            settings = dict(info.get("settings") or {})
            live = self._live(table_id, table, settings, info.get("seed_salt"))
            live.version = int(info.get("version") or 0)
            live.people = dict(info.get("people") or {})
            live.open_seats = self._open_seats(live)
            live.presence = self.db.presence(table_id, ppl.PRESENCE_FRESH)
            if info.get("clock_move") is not None and info.get("clock_deadline") is not None:
                live.timer_key = int(info["clock_move"])  # the clock resumes where it was
                live.deadline = float(info["clock_deadline"])
            if work:
                self.scheduler.after_change(live)
            return live

    def _open_seats(self, live: LiveTable) -> list[int]:
        """People's seats with no token yet (see :meth:`join`)."""
        hashes = self._token_hashes(live.id)
        seats = live.table.seats
        return [i for i, h in enumerate(hashes) if h is None and seats[i].is_human]

    def finished_record(self, live: LiveTable) -> GameRecord:
        """The record of a finished game, with the seed's commitment opened."""
        if not live.finished:
            raise ServiceError(409, T("the record of a game is public once the game is over"))
        record = live.table.record()
        if live.salt is not None:
            record.meta["fairness"] = dict(fairness_meta(live.table.state.seed, live.salt))
        return record

    # ---------------------------------------------------------------- access

    def _token_hashes(self, table_id: str) -> list[str | None]:
        """The seats' token hashes (they never change: kept once read)."""
        hashes = self._hashes.get(table_id)
        if hashes is None:
            hashes = self.db.token_hashes(table_id)
            if hashes:
                if len(self._hashes) >= MAX_CACHED_HASHES:  # the oldest read goes first
                    del self._hashes[next(iter(self._hashes))]
                self._hashes[table_id] = hashes
        return hashes

    def authorize(self, table_id: str, seat: int, token: str | None) -> None:
        """Refuse unless ``token`` is the secret of that human seat: its guest token, or
        the account seat token of the account holding it (looked at only when the guest
        token does not match, so a guest's check costs what it did)."""
        hashes = self._token_hashes(table_id)
        if not hashes:
            raise ServiceError(404, no_table(table_id))
        if not 0 <= seat < len(hashes):
            raise ServiceError(422, T("there is no seat {seat} at this table", seat=seat))
        if not token:
            raise ServiceError(401, T("a seat token is needed to act for a seat"))
        expected = hashes[seat]
        guest = expected is not None and hmac.compare_digest(expected, hash_token(token))
        if not guest and self._account_seat(table_id, token) != seat:
            raise ServiceError(403, T("this token does not belong to that seat"))

    def seat_for_token(self, table_id: str, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        hashes = self._token_hashes(table_id)
        for seat, expected in enumerate(hashes):
            if expected is not None and hmac.compare_digest(expected, digest):
                return seat
        account_seat = self._account_seat(table_id, token) if hashes else None
        if account_seat is not None:
            return account_seat
        raise ServiceError(403, T("this token does not belong to any seat of this table"))

    def _account_seat(self, table_id: str, token: str) -> int | None:
        """The seat ``token`` opens as an account seat token (derived from the seat key of
        the account holding the seat), or None."""
        if not token.startswith(ACCOUNT_TOKEN_PREFIX):
            return None
        now = time.monotonic()
        known = self._account_tokens.get(table_id)
        if known is None or known[0] <= now:
            keys = holders.seat_keys(self.db, table_id)
            tokens = {seat: account_seat_token(key, table_id, seat) for seat, key in keys.items()}
            if table_id not in self._account_tokens and len(self._account_tokens) >= (
                MAX_CACHED_HASHES
            ):
                del self._account_tokens[next(iter(self._account_tokens))]
            known = self._account_tokens[table_id] = (now + ACCOUNT_TOKENS_TTL, tokens)
        sent = token.encode()
        for seat, expected in known[1].items():
            if hmac.compare_digest(expected.encode(), sent):
                return seat
        return None

    def forget_account_tokens(self, table_id: str | None = None) -> None:
        """Derive a table's account seat tokens afresh (None: every table's): a seat was
        claimed, or an account logged out everywhere."""
        if table_id is None:
            self._account_tokens.clear()
        else:
            self._account_tokens.pop(table_id, None)

    # ---------------------------------------------------------------- moves

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        action_data: Any,
        expect_move: Any,
        *,
        reply: bool = True,
    ) -> dict[str, Any] | None:
        """A person's move; refused (and nothing changes) if stale, malformed or illegal.
        Returns the seat's view after it (None without ``reply``: a socket gets it from the
        broadcast anyway).

        The same move sent twice (a double click, a retry after a dropped connection) is
        applied once: the second finds it among the moves since ``expect_move`` and gets
        the current view, marked ``duplicate`` (with or without ``reply``).
        """
        self.authorize(table_id, seat, token)
        if expect_move is not None and (
            isinstance(expect_move, bool) or not isinstance(expect_move, int) or expect_move < 0
        ):
            raise ServiceError(422, T("expect_move must be a move count (a whole number)"))
        live = await self.get(table_id)
        try:
            action = self._players_move(live, action_data)
        except (BadAction, IllegalAction) as exc:
            raise ServiceError(422, refusal(exc)) from None

        def move(locked: LockedTable) -> bool:
            state = live.table.state
            if expect_move is not None and self._already_played(live, seat, action, expect_move):
                return False
            if live.finished:
                raise ServiceError(409, GAME_OVER)
            if live.open_seats:
                raise ServiceError(409, T("the game starts when every open seat is taken"))
            if not live.table.seats[seat].is_human:
                raise ServiceError(409, T("a bot plays your seat now: take it back first"))
            if expect_move is not None and not live.table.is_current(expect_move):
                raise ServiceError(
                    409,
                    T(
                        "the game has moved on since you looked (your view was of move "
                        "{seen}, the table is at move {now}); look again",
                        seen=expect_move,
                        now=state.move_count,
                    ),
                )
            absence.back_if_absent(live, locked, seat)
            self.store_move(live, locked, seat, action)
            return True

        async with live.lock:
            try:
                applied = self.write(live, move)
            except IllegalAction as exc:
                raise ServiceError(422, refusal(exc)) from None
        if not applied:
            return {**self.view(live, seat), "duplicate": True}
        await self.broadcast(live)
        self.scheduler.after_change(live)
        return self.view(live, seat) if reply else None

    async def explain(
        self, table_id: str, seat: int, token: str | None, action_data: Any
    ) -> dict[str, Any]:
        """Whether a move is possible for the seat now and, if not, the rules' reason (what
        the engine says when it refuses it); nothing changes."""
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)
        try:
            live.table.state.check(seat, self._players_move(live, action_data))
        except (BadAction, IllegalAction) as exc:
            reason = render_words(refusal(exc), i18n.translator(LANGUAGE.get()))
            return {"legal": False, "reason": reason}
        return {"legal": True, "reason": None}

    async def unavailable(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """The moves of this game the seat cannot make now, in words, for "Why can't I…?":
        a menu to choose from (the rules' reason comes from :meth:`explain`), never typed
        notation.  At most :data:`WHY_PER_KIND` of each kind, kinds offered now first."""
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)
        game, state = live.table.game, live.table.state
        prompt = game.prompt
        if game.action_space_factory is None or prompt is None or prompt.words is None:
            return {"moves": []}
        space = live.space
        if space is None:
            space = live.space = game.action_space(state.num_players, state.options)
        offered = {type(a) for a in state.legal_actions(seat)}
        translate = i18n.translator(LANGUAGE.get())
        counts: dict[type, int] = {}
        found: list[tuple[bool, int, dict[str, Any]]] = []
        for index in range(space.size):
            action = space.action(index)
            kind = type(action)
            if counts.get(kind, 0) >= WHY_PER_KIND or state.is_table_move(action):
                continue
            try:
                state.check(seat, action)
                continue  # legal now: the board offers it
            except IllegalAction:
                pass
            try:
                text = (prompt.sentence or prompt.words)(state, seat, action)
            except Exception:  # words for a move that makes no sense here (no tile...)
                continue
            counts[kind] = counts.get(kind, 0) + 1
            words = render_words(text, translate)
            found.append((kind not in offered, index, {"action": action.to_json(), "words": words}))
        found.sort(key=lambda item: (item[0], item[1]))
        return {"moves": [entry for _, _, entry in found]}

    @staticmethod
    def _players_move(live: LiveTable, action_data: Any) -> Action:
        """The action a client sent: BadAction if malformed, IllegalAction if it is one only
        the table plays (a clock running out), however legal it would be for the table."""
        action = live.table.game.parse_action(action_data)
        if live.table.state.is_table_move(action):
            raise IllegalAction(f"only the table plays {action}")
        return action

    @staticmethod
    def _already_played(live: LiveTable, seat: int, action: Action, since: int) -> bool:
        """Whether ``seat`` played ``action`` among the moves made after move ``since``."""
        state = live.table.state
        if since >= state.move_count:
            return False
        return any(s == seat and a == action for s, a in state.moves()[since:])

    def store_move(
        self,
        live: LiveTable,
        locked: LockedTable,
        seat: int,
        action: Action,
        *,
        final: bool = False,
    ) -> None:
        """Apply a move (IllegalAction changes nothing) and write it in ``locked``'s
        transaction, with the undo eligibility and, if the game is over, its result.
        ``final``: the table's own move (a clock ran out), never taken back."""
        table = live.table
        table.submit(seat, action, final=final)
        state = table.state
        now = time.time()
        still_open = state.is_simultaneous() and bool(state.committed())
        clock = ppl.clock_of(live.settings)
        if clock is not None and live.people:
            opened = int(live.people.get("opened", 0))
            people = ppl.after_move(
                live.people, clock, seat, opened, state.move_count, still_open, now
            )
            live.people = people
            locked.set_people(people)
        if not still_open:
            live.opened_at = now
        result = None
        if state.is_over():
            result = {"scores": list(state.scores()), "ranking": [list(g) for g in state.ranking()]}
        locked.add_move(
            state.move_count,
            seat,
            action.to_json(),
            result,
            undo=(table.undo_floor, table.undo_seat),
            worker=has_work(live),
        )

    def write(self, live: LiveTable, change: Callable[[LockedTable], Outcome]) -> Outcome:
        """Run ``change`` on the table's latest committed state, in one transaction holding
        its row's lock: a copy that is behind catches up first.  If the database refuses
        after ``change`` touched the copy, the copy is reloaded from what it holds."""
        try:
            with self.db.locked(live.id) as locked:
                if locked.version != live.version:
                    self._apply(live, locked.changes(live.table.state.move_count))
                outcome = change(locked)
                version = locked.version
        except (ServiceError, BadAction, IllegalAction):
            raise  # refused before anything changed
        except KeyError:
            raise ServiceError(404, no_table(live.id)) from None
        except TableClosed:
            log.error("table %s is finished in the database; reloading it", live.id)
            self._reload(live)
            raise ServiceError(409, GAME_OVER) from None
        except Exception as exc:
            live.version = -1  # whatever happens next, the next change reloads it first
            if is_outage(exc):
                self.outage.failed(exc, f"a change to table {live.id}")
                raise ServiceError(503, OUTAGE_MESSAGE) from None
            log.exception("a change to table %s could not be stored; reloading it", live.id)
            with contextlib.suppress(Exception):
                self._reload(live)
            raise ServiceError(500, T("the move could not be saved; please try again")) from None
        live.version = version
        return outcome

    def catch_up(self, live: LiveTable) -> None:
        """Bring this copy up to what the database holds (without locking: read only)."""
        changes = self.db.changes(live.id, live.table.state.move_count)
        if changes is not None:
            self._apply(live, changes)

    def _apply(self, live: LiveTable, changes: TableChanges) -> None:
        """Apply the moves another process committed; after an undo there, replay it all."""
        table = live.table
        if changes.version != live.version:
            count = table.state.move_count
            appended = [m for m in changes.moves if m[0] > count]
            only_appended = len(appended) == changes.version - live.version and all(
                index == count + k for k, (index, _, _) in enumerate(appended, 1)
            )
            if only_appended:
                for _, seat, data in appended:
                    table.state.apply(seat, table.game.parse_action(data))
            else:
                self._reload(live)
            live.version = changes.version
        if changes.undo is not None:
            table.undo_floor, table.undo_seat = changes.undo
        if not live.lease:  # the clock as its runner set it, for the views
            live.timer_key, live.deadline = changes.clock or (-1, None)

    def _reload(self, live: LiveTable) -> None:
        """The table as the database holds it: moves, table events, seats (a seat taken
        by a bot or a person since), the people state."""
        live.sent.clear()  # the log may have changed, not only grown: push it whole
        info = self.db.table_state(live.id)
        record = self.db.record(live.id)
        if record is None or info is None:
            return
        fresh = Table.from_record(with_files(record, info))
        table = live.table
        table.state, table.seats, table.events = fresh.state, fresh.seats, fresh.events
        live.fixed = None  # names and agents may have changed
        self._hashes.pop(live.id, None)
        live.people = dict(info.get("people") or {})
        live.open_seats = self._open_seats(live)
        live.version = int(info.get("version") or 0)
        floor = info.get("undo_floor")
        live.table.undo_floor = live.table.state.move_count if floor is None else int(floor)
        seat = info.get("undo_seat")
        live.table.undo_seat = None if seat is None else int(seat)

    async def undo(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)

        def take_back(locked: LockedTable) -> None:
            if live.finished:
                raise ServiceError(409, GAME_OVER)
            table = live.table
            try:
                table.undo(seat)
            except IllegalAction as exc:
                raise ServiceError(409, refusal(exc)) from None
            live.sent.clear()  # the log has shrunk: push it whole
            locked.delete_moves_after(
                table.state.move_count, undo=(table.undo_floor, table.undo_seat)
            )

        async with live.lock:
            self.write(live, take_back)
        await self.broadcast(live)
        self.scheduler.after_change(live)
        return self.view(live, seat)

    # ----------------------------------------------------------------- views

    def view(
        self,
        live: LiveTable,
        seat: int | None,
        *,
        since: int | None = None,
        lang: str | None = None,
    ) -> dict[str, Any]:
        """Everything one seat (None: a spectator) may see of the table, JSON-ready; with
        ``since``, only the events after that index (``events_from`` says so).  Its words (the
        log, the moves' words) in ``lang``: by default the language being answered in."""
        table = live.table
        state = table.state
        asked = seat is not None and seat in state.pending() and table.seats[seat].is_human
        legal = state.legal_actions(seat) if asked and seat is not None else []
        events = state.events_for(seat)
        if since is None:
            events = events[-MAX_EVENTS:]
        else:
            start = len(events)
            while start and events[start - 1].index > since:
                start -= 1
            events = events[max(start, len(events) - MAX_EVENTS) :]
        over = state.is_over()
        translate = i18n.translator(lang or LANGUAGE.get())
        extra: dict[str, Any] = {} if since is None else {"events_from": since}
        return {
            **extra,
            **self._fixed(live),
            "title": translate(table.game.title) if translate else table.game.title,
            "seat": seat,
            "move_count": state.move_count,
            "status": "finished" if over else "running",
            "observation": without_folder(state.observe(seat), table.components),
            "legal": self._legal(live, seat, legal, translate),
            "events": absence.lines_in(
                [e.to_json(translate) for e in events], table.events, translate
            ),
            "can_undo": seat is not None and table.can_undo(seat),
            "deadline": live.deadline,
            "fairness": self._fairness(live, over),
            **self._people_view(live, seat, over),
        }

    def _people_view(self, live: LiveTable, seat: int | None, over: bool) -> dict[str, Any]:
        """Who is here and who is away, the clock, absent seats and their votes, open seats;
        and what this seat may do about them (vote, call a seat gone, take its seat back)."""
        seats = live.table.seats
        hashes = self._token_hashes(live.id)
        persons = [i for i in range(len(seats)) if i < len(hashes) and hashes[i] is not None]
        presence: list[str | None] = []
        for i in range(len(seats)):
            if i in live.open_seats:
                presence.append("open")
            elif i in persons:
                presence.append(live.presence.get(i, "offline"))
            else:
                presence.append(None)
        out: dict[str, Any] = {"presence": presence, "open_seats": list(live.open_seats)}
        bots_for = [i for i in persons if not seats[i].is_human]
        out["bot_plays"] = bots_for
        out["can_take_back"] = seat is not None and seat in bots_for and not over
        clock = ppl.clock_of(live.settings)
        absent = ppl.absent_seats(live.people)
        if clock is not None and not over:
            asked = [s for s in absence.asked_people(live) if s not in absent]
            out["clock"] = {
                **clock.to_json(),
                "banks": live.people.get("banks"),
                "deadlines": {
                    str(k): v for k, v in ppl.deadlines(live.people, clock, asked).items()
                },
            }
        if absent and not over:
            out["absent"] = {str(k): v for k, v in absent.items()}
            out["can_vote"] = [a for a in absent if seat in absence.voters(live, a)]
        out["can_call_gone"] = [] if over or seat is None else absence.gone(live, seat)
        return out

    @staticmethod
    def _legal(
        live: LiveTable,
        seat: int | None,
        legal: list[Action],
        translate: Callable[[str], str] | None = None,
    ) -> list[dict[str, Any]]:
        """The seat's legal actions as the page lists them: JSON, notation (for the API and
        the terminal), where the game says what a choice does its ``label`` (GOLDFIX: where
        a move lands), and the ``words`` a player reads on a button."""
        entries = [legal_entry(a) for a in legal]
        prompt = live.table.game.prompt
        if prompt is None or seat is None or (prompt.label is None and prompt.words is None):
            return entries
        state = live.table.state
        # English reads the game's English words as they are (the cheaper path); another
        # language its translatable words, rendered
        label = (translate and prompt.label_words) or prompt.label
        words = (translate and prompt.sentence) or prompt.words
        out = []
        for entry, action in zip(entries, legal, strict=True):
            extra = {}
            if label is not None:
                text = label(state, seat, action)
                if text:
                    extra["label"] = render_words(text, translate)
            if words is not None:
                extra["words"] = render_words(words(state, seat, action), translate)
            out.append({**entry, **extra} if extra else entry)
        return out

    @staticmethod
    def _fixed(live: LiveTable) -> dict[str, Any]:
        """The parts of a view that never change at a table, built once (views are built for
        every seat after every move)."""
        if live.fixed is None:
            table = live.table
            live.fixed = {
                "table": live.id,
                "game": table.game.id,
                "title": table.game.title,
                "names": [s.name for s in table.seats],
                "agents": [str(s.spec) for s in table.seats],
                "settings": without_files(
                    {k: v for k, v in live.settings.items() if k != "dealt_by"}
                ),
            }
        return live.fixed

    @staticmethod
    def _fairness(live: LiveTable, over: bool) -> dict[str, Any]:
        return {
            "scheme": SCHEME,
            "commitment": live.commitment,
            "drawn": live.settings.get("dealt_by") == "server",
            # as text: a 63-bit seed is past what a JavaScript number holds exactly
            "seed": str(live.table.state.seed) if over and live.salt else None,
            "salt": live.salt if over else None,
            "record": f"/api/tables/{live.id}/record",
        }

    async def subscribe(
        self, table_id: str, listener: Listener, seat: int | None, *, away: bool = False
    ) -> LiveTable:
        live = await self.get(table_id)
        live.listeners[listener] = seat
        live.languages[listener] = LANGUAGE.get()
        changed = seat is not None and self._connected(live, seat, listener, away)
        await listener.send_text(encode_frame({"type": "state", "view": self.view(live, seat)}))
        if changed:
            await self.broadcast_presence(live)
        return live

    def unsubscribe(self, live: LiveTable, listener: Listener, seat: int | None = None) -> None:
        """A connection closed.  ``seat`` is the one it said hello as: a push that failed on
        the way out may have dropped it from the listeners already, but its presence is
        this connection's to end."""
        known = live.listeners.pop(listener, None)
        live.languages.pop(listener, None)
        seat = known if seat is None else seat
        if seat is not None and self._connected(live, seat, listener, None):
            self._spawn(self.broadcast_presence(live))

    async def set_away(self, live: LiveTable, listener: Listener, away: bool) -> None:
        """A seat's page says whether it is seen (the tab in front) or not (away)."""
        seat = live.listeners.get(listener)
        if seat is not None and self._connected(live, seat, listener, away):
            await self.broadcast_presence(live)

    def _connected(self, live: LiveTable, seat: int, listener: Listener, away: bool | None) -> bool:
        """Note one connection of ``seat`` (``away`` None: it closed); when what this
        process says of the seat changes, tell the database (for every process) and read
        the table's presence back.  True when the table's presence changed."""
        key = (live.id, seat)
        sockets = self._sockets.setdefault(key, {})
        if away is None:
            sockets.pop(listener, None)
        else:
            sockets[listener] = away
        status = None if not sockets else "away" if all(sockets.values()) else "online"
        if not sockets:
            del self._sockets[key]
        if self._presence_said.get(key) == status:
            return False
        if status is None:
            self._presence_said.pop(key, None)
        else:
            self._presence_said[key] = status
        before = dict(live.presence)
        try:
            self.db.set_presence(live.id, seat, self.owner, status)
            live.presence = self.db.presence(live.id, ppl.PRESENCE_FRESH)
        except Exception as exc:
            if not is_outage(exc):
                raise
            self.outage.failed(exc, f"the presence of table {live.id}")
            return False
        return live.presence != before

    async def broadcast_presence(self, live: LiveTable) -> None:
        """Push who is online, away or offline (a small frame: no view is rebuilt)."""
        frame = encode_frame(
            {
                "type": "presence",
                "presence": self._people_view(live, None, live.finished)["presence"],
            }
        )
        for listener in list(live.listeners):
            try:
                await listener.send_text(frame)
            except Exception:
                live.listeners.pop(listener, None)

    async def broadcast(self, live: LiveTable) -> None:
        """Push the table to every connection: each seat's view built and encoded once for each
        language its connections read, however many connections that seat (or the
        spectators) has.

        A connection already holds the log up to what the last push sent its seat, so a push
        carries only the events after that (``events_from``: the last index it had; the page
        appends them).  After an undo or a reload the log may have shrunk: the whole of it
        goes out again."""
        frames: dict[tuple[int | None, str], str] = {}
        sent = dict(live.sent)  # what each seat's connections hold, whatever their language
        for listener, seat in list(live.listeners.items()):
            lang = live.languages.get(listener, i18n.DEFAULT)
            frame = frames.get((seat, lang))
            if frame is None:
                view = self.view(live, seat, since=sent.get(seat), lang=lang)
                events = view["events"]
                if events:
                    live.sent[seat] = events[-1]["index"]
                message = {"type": "state", "view": view}
                frame = encode_frame(message)
                frames[seat, lang] = frame
            try:
                await listener.send_text(frame)
            except Exception:
                live.listeners.pop(listener, None)
        if self.change_hooks:
            self._spawn(self._after_change(live))

    async def _after_change(self, live: LiveTable) -> None:
        """Each change hook in turn: one task a change, not one a hook (most hooks skip at
        once, and a task costs more than the skip)."""
        for hook in self.change_hooks:
            try:
                await hook(live)
            except Exception:  # a hook's own trouble never keeps the next one from running
                log.exception("a change hook failed on table %s", live.id)

    # ---------------------------------------------------------------- people

    async def join(
        self,
        table_id: str,
        seat: Any,
        name: Any,
        client: str = "local",
        *,
        account: Account | None = None,
    ) -> tuple[LiveTable, str]:
        """Take an open seat: the first request (of any process) wins it and gets its token;
        every other is refused (409).  The game starts once every open seat is taken.
        With ``account`` (the signed-in joiner) the seat is the account's."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServiceError(422, T("seat must be the number of an open seat"))
        if not isinstance(name, str | None):
            raise ServiceError(422, T("name must be text"))
        live = await self.get(table_id)
        if seat not in live.open_seats:
            raise ServiceError(409, T("seat {seat} is not open (taken, or never open)", seat=seat))
        if not self.joins.allow(client):
            raise ServiceError(429, T("your address has taken many seats in the last hour; later"))
        clean = (name or "").strip()[:40] or (account.username if account else f"Player {seat + 1}")
        token = new_token()
        if not self.db.claim_seat(table_id, seat, hash_token(token), clean):
            raise ServiceError(409, T("someone else took seat {seat} just now", seat=seat))
        if account is not None:
            holders.hold_seats(self.db, table_id, [seat], account.id)
            self.forget_account_tokens(table_id)
        async with live.lock:
            self._reload(live)  # names and open seats, as the database has them now
            self.scheduler.after_change(live)
        await self.broadcast(live)
        return live, token

    async def vote(
        self, table_id: str, seat: int, token: str | None, absent: Any, choice: Any
    ) -> dict[str, Any]:
        """``seat`` votes on what becomes of an absent seat: ``bot`` or ``end``."""
        self.authorize(table_id, seat, token)
        if choice not in ppl.CHOICES:
            raise ServiceError(422, T("choice must be bot (a bot plays the seat) or end"))
        if isinstance(absent, bool) or not isinstance(absent, int):
            raise ServiceError(422, T("absent must be the number of the absent seat"))
        live = await self.get(table_id)

        def cast_vote(locked: LockedTable) -> None:
            entry = ppl.absent_seats(live.people).get(absent)
            if entry is None or live.table.state.is_over():
                raise ServiceError(409, T("that seat is not absent now; look again"))
            voters = absence.voters(live, absent)
            if seat not in voters:
                raise ServiceError(403, T("only the other people at the table vote on a seat"))
            entry = {**entry, "votes": {**entry.get("votes", {}), str(seat): choice}}
            absentees = {str(k): v for k, v in ppl.absent_seats(live.people).items()}
            live.people = {**live.people, "absent": {**absentees, str(absent): entry}}
            locked.set_people(live.people)
            decided = ppl.outcome(entry["votes"], voters)
            if decided is not None:
                absence.settle_absent(live, locked, absent, decided, "vote")

        async with live.lock:
            self.write(live, cast_vote)
        await self.broadcast(live)
        self.scheduler.after_change(live)
        return self.view(live, seat)

    async def call_gone(
        self, table_id: str, seat: int, token: str | None, gone: Any
    ) -> dict[str, Any]:
        """``seat`` says a person asked to move has gone (offline for a while): absent."""
        self.authorize(table_id, seat, token)
        if isinstance(gone, bool) or not isinstance(gone, int):
            raise ServiceError(422, T("gone must be the number of a seat"))
        live = await self.get(table_id)

        def call(locked: LockedTable) -> None:
            if gone not in absence.gone(live, seat):
                raise ServiceError(
                    409,
                    T(
                        "only a person asked to move who has been offline for a minute can be "
                        "called gone"
                    ),
                )
            absence.mark_absent(live, locked, gone, "gone", time.time())

        async with live.lock:
            self.write(live, call)
        await self.broadcast(live)
        self.scheduler.after_change(live)
        return self.view(live, seat)

    async def take_back(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """A person whose seat a bot plays takes it back (their own token says who)."""
        self.authorize(table_id, seat, token)
        live = await self.get(table_id)

        def back(locked: LockedTable) -> None:
            table = live.table
            if table.state.is_over():
                raise ServiceError(409, GAME_OVER)
            if table.seats[seat].is_human:
                raise ServiceError(409, T("you already play this seat"))
            name = table.seats[seat].name
            event = absence.log_event(table, "back", seat, "plays again", name=name)
            table.seat_to(seat, parse_spec("human"))
            live.fixed = None
            locked.add_table_event(
                event, agent=(seat, "human"), undo=(table.undo_floor, table.undo_seat)
            )
            if live.people:  # their clock starts afresh: the bot had the time before
                live.people = {**live.people, "opened_at": time.time()}
                locked.set_people(live.people)

        async with live.lock:
            self.write(live, back)
        await self.broadcast(live)
        self.scheduler.after_change(live)
        return self.view(live, seat)

    # ------------------------------------------------------- clocks, for tests

    async def _expire(self, live: LiveTable, seconds: float) -> None:
        """The decision clock's end (tests run it at once): see :meth:`Scheduler.expire`."""
        await self.scheduler.expire(live, seconds)

    async def _time_runs_out(self, live: LiveTable, seconds: float) -> None:
        """The game clock's end (tests run it at once): see :meth:`Scheduler.time_runs_out`."""
        await self.scheduler.time_runs_out(live, seconds)
