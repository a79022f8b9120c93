"""Chat at a table: who may read and write, what a message may be, how it reaches everyone.

The rules the server keeps:

- Players write: a seat with a person (its seat token, a guest's or an account's, as
  :meth:`TableService.authorize` accepts).  Spectators read only where the table's settings
  say ``spectator_chat``, and never write.  Anyone else sees nothing: the history is refused
  (403) and chat frames go only to the table's own connections.
- A message is text, whitespace normalised (runs of any Unicode space become one space, the
  ends stripped), NFC, 1 to :data:`MAX_CHARS` characters (code points, as Python counts them;
  an emoji is one), without control characters or the bidirectional overrides that make
  text read in another order than it is stored.  At most :data:`RATES` per seat: a message
  refused for its size or rate is an error to its own connection only, and nothing is stored.
- The text is stored as written; the page shows it as text, never as HTML.
- A seat may mute another: stored, so it survives reloads and restarts; the muted seat's
  messages are left out of the muter's history and never sent to the muter's connections.
- Each message keeps the move count it was written at: a replay shows the chat up to its move.

Delivery: a message is stored (on PostgreSQL, announced as ``TABLE:chat`` when it commits),
then every process serving the table sends each of its connections the messages it has not
sent yet (:meth:`TableChat.deliver`), filtered by that connection's seat's mutes.  The move
path is untouched: chat has its own frames, queries and announcement.
"""

from __future__ import annotations

import asyncio
import logging
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from motherlode.engine.words import T
from motherlode.storage import chat as chat_db
from motherlode.web import i18n
from motherlode.web.languages import LANGUAGE
from motherlode.web.live import Listener, LiveTable
from motherlode.web.outage import is_outage
from motherlode.web.service import ServiceError, TableService, encode_frame

log = logging.getLogger("motherlode.web")

MAX_CHARS = 300
"""The longest message, in characters (code points after NFC)."""
HISTORY = 100
"""Messages a connection gets on arrival, and the REST history returns at most."""
RATES = ((5, 10.0), (60, 3600.0))
"""(messages, seconds): at most 5 in any 10 seconds and 60 in any hour, per seat."""
MAX_MARKS = 6
"""Combining marks one character may carry (a few for Vietnamese or Devanagari; a tower
of hundreds would draw over the page)."""
RECENT = 120.0
"""Seconds of a table's chat each delivery reads again: ids may commit out of order across
processes, so an id below the newest one sent may still be new."""
KINDS = frozenset({"chat", "mute", "unmute"})
"""The socket's chat frames (the app hands these to :meth:`TableChat.receive`)."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: text that would display in another order."""
VISIBLE = ("L", "N", "P", "S")
"""Categories of characters that show (letters, numbers, punctuation, symbols)."""

TEXTS: dict[str, T] = {
    "not_text": T("a chat message is text"),
    "empty": T("a chat message needs at least one letter, digit or sign"),
    "too_long": T("a chat message has at most {most} characters", most=MAX_CHARS),
    "control": T("a chat message cannot hold control characters"),
    "marks": T("a chat message cannot stack that many accents on one letter"),
    "spectator_write": T("spectators cannot write in the chat; open your seat's link"),
    "spectator_read": T("this table's chat is for its players"),
    "spectator_mute": T("only players mute in the chat"),
    "burst": T("you are writing too fast: wait a few seconds"),
    "hourly": T(
        "you have written {count} messages in the last hour, this table's limit; write again later",
        count=RATES[1][0],
    ),
    "mute_seat": T("mute and unmute name another seat of this table by its number"),
}
"""Every user-facing sentence of the chat, in one place (words: each refusal goes out in
its connection's language)."""

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token")]
MoveQuery = Annotated[int | None, Query(ge=0, le=10_000_000)]


def clean_text(value: Any) -> str:
    """The message as stored, or ServiceError 422 saying what is wrong (never quoting it)."""
    if not isinstance(value, str):
        raise ServiceError(422, TEXTS["not_text"])
    if len(value) > 8 * MAX_CHARS:  # long before normalising: refused without the work
        raise ServiceError(422, TEXTS["too_long"])
    if any(unicodedata.category(c) == "Cc" or c in BIDI_CONTROLS for c in value):
        raise ServiceError(422, TEXTS["control"])  # a newline or a tab too: one line of text
    text = " ".join(unicodedata.normalize("NFC", value).split())
    marks = 0
    visible = False
    for char in text:
        category = unicodedata.category(char)
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise ServiceError(422, TEXTS["marks"])
        visible = visible or category[0] in VISIBLE
    if not visible:
        raise ServiceError(422, TEXTS["empty"])
    if len(text) > MAX_CHARS:
        raise ServiceError(422, TEXTS["too_long"])
    return text


def spectators_read(live: LiveTable) -> bool:
    """Whether the table lets spectators read its chat."""
    return live.settings.get("spectator_chat") is True


@dataclass
class _Room:
    """What this process has sent of one table's chat."""

    mark: int
    """The newest message id sent."""
    sent: dict[int, float] = field(default_factory=dict)
    """The ids sent that a delivery may read again (written within :data:`RECENT`)."""


class TableChat:
    """The chat of every table this process serves: the socket's chat frames, the history
    on arrival and over REST, and delivery to the connections (announced by any process)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.db = service.db
        self.rooms: dict[str, _Room] = {}
        self._quiet: dict[tuple[str, int], tuple[float, str]] = {}
        """Seats refused for their rate: until when, and why (no query until then)."""
        self._tasks: set[asyncio.Task[None]] = set()
        service.announcements[chat_db.ANNOUNCEMENT] = self.heard

    # ------------------------------------------------------------ reading

    def router(self) -> APIRouter:
        """``GET /api/tables/{id}/chat``: the history as the token's seat may read it (the
        last :data:`HISTORY` messages; ``?move=N``: those written by move N, for replays)."""
        router = APIRouter()

        @router.get("/api/tables/{table_id}/chat")
        async def table_chat(
            table_id: str, move: MoveQuery = None, token: TokenHeader = None
        ) -> dict[str, Any]:
            live = await self.service.get(table_id)
            seat = self.service.seat_for_token(table_id, token)
            if seat is None and not spectators_read(live):
                raise ServiceError(403, TEXTS["spectator_read"])
            muted = self._muted(table_id, seat)
            found = chat_db.messages(self.db, table_id, limit=HISTORY, up_to_move=move, hide=muted)
            return {
                "table": table_id,
                "seat": seat,
                "move": move,
                "messages": found,
                "muted": sorted(muted),
                "can_write": seat is not None,
            }

        return router

    def _muted(self, table_id: str, seat: int | None) -> set[int]:
        return set() if seat is None else chat_db.muted_by(self.db, table_id, seat)

    async def welcome(self, live: LiveTable, listener: Listener, seat: int | None) -> None:
        """A new connection (after its first state): the chat so far, as its seat may read
        it; nothing for a spectator where spectators do not read.  A table with no chat yet
        (nothing said, nobody muted) sends no frame: the view says who may read and write
        (a seat, or ``spectator_chat`` in its settings)."""
        if seat is None and not spectators_read(live):
            return
        try:
            self._room(live.id)  # from here on, new messages are delivered to it
            await self._history(live.id, listener, seat, always=False)
        except Exception as exc:
            if not is_outage(exc):
                raise
            self.service.outage.failed(exc, f"the chat of table {live.id}")

    async def _history(
        self, table_id: str, listener: Listener, seat: int | None, *, always: bool = True
    ) -> None:
        muted = self._muted(table_id, seat)
        history = chat_db.messages(self.db, table_id, limit=HISTORY, hide=muted)
        if not (always or history or muted):
            return
        frame = {
            "type": "chat_history",
            "messages": history,
            "muted": sorted(muted),
            "can_write": seat is not None,
        }
        await listener.send_text(encode_frame(frame))

    # ------------------------------------------------------------ writing

    async def receive(
        self,
        table_id: str,
        listener: Listener,
        seat: int | None,
        token: str | None,
        message: dict[str, Any],
    ) -> None:
        """A chat frame from a connection: ``chat`` (write), ``mute`` or ``unmute``.  A
        refusal is an error frame to this connection alone, marked ``"about": "chat"``."""
        try:
            if message.get("type") == "chat":
                await self.say(table_id, seat, token, message.get("text"))
            else:
                on = message.get("type") == "mute"
                await self.mute(table_id, seat, token, message.get("seat"), on=on)
        except ServiceError as exc:
            said = exc.message_in(i18n.translator(LANGUAGE.get()))  # in its language
            error = {"type": "error", "status": exc.status, "message": said}
            await listener.send_text(encode_frame({**error, "about": "chat"}))

    async def say(self, table_id: str, seat: int | None, token: str | None, text: Any) -> None:
        """Store a player's message and deliver it; refused (nothing stored) when the seat
        may not write, the text is out of bounds, or the seat writes too fast."""
        live = await self.service.get(table_id)
        if seat is None:
            raise ServiceError(403, TEXTS["spectator_write"])
        self.service.authorize(table_id, seat, token)
        clean = clean_text(text)
        now = time.time()
        self._check_rate(table_id, seat, now)
        name = live.table.seats[seat].name[:60]
        move = live.table.state.move_count
        chat_db.add_message(self.db, table_id, seat, name, clean, move, now)
        await self.deliver(live)

    def _check_rate(self, table_id: str, seat: int, now: float) -> None:
        """Refuse (429) a seat past :data:`RATES`, counted over what the database holds (so
        every process and a restart count the same); a seat refused is refused without a
        query until the oldest message of the full window leaves it."""
        key = (table_id, seat)
        until, why = self._quiet.get(key, (0.0, ""))
        if until > now:
            raise ServiceError(429, TEXTS[why])
        longest = max(seconds for _, seconds in RATES)
        times = sorted(chat_db.sent_since(self.db, table_id, seat, now - longest))
        for (count, seconds), reason in zip(RATES, ("burst", "hourly"), strict=True):
            window = [t for t in times if t > now - seconds]
            if len(window) >= count:
                if len(self._quiet) > 10_000:
                    self._quiet = {k: v for k, v in self._quiet.items() if v[0] > now}
                self._quiet[key] = (window[-count] + seconds, reason)
                raise ServiceError(429, TEXTS[reason])

    async def mute(
        self, table_id: str, seat: int | None, token: str | None, other: Any, *, on: bool
    ) -> None:
        """``seat`` mutes (``on``) or unmutes ``other``; its connections here get the history again
        (the muted seat's messages gone, or back)."""
        live = await self.service.get(table_id)
        if seat is None:
            raise ServiceError(403, TEXTS["spectator_mute"])
        self.service.authorize(table_id, seat, token)
        seats = len(live.table.seats)
        if isinstance(other, bool) or not isinstance(other, int) or other == seat:
            raise ServiceError(422, TEXTS["mute_seat"])
        if not 0 <= other < seats:
            raise ServiceError(422, TEXTS["mute_seat"])
        if on:
            chat_db.mute(self.db, table_id, seat, other)
        else:
            chat_db.unmute(self.db, table_id, seat, other)
        for listener, at in list(live.listeners.items()):
            if at == seat:
                try:
                    await self._history(table_id, listener, seat)
                except Exception as exc:
                    if is_outage(exc):
                        raise
                    live.listeners.pop(listener, None)

    # ----------------------------------------------------------- delivery

    def _room(self, table_id: str) -> _Room:
        """This process's account of a table's chat, begun at the newest message (those
        before are every connection's history)."""
        room = self.rooms.get(table_id)
        if room is None:
            since = time.time() - RECENT
            recent, _ = chat_db.recent(self.db, table_id, None, since)
            room = _Room(chat_db.last_id(self.db, table_id), {m["id"]: m["at"] for m in recent})
            loaded = self.service.tables
            self.rooms = {k: v for k, v in self.rooms.items() if k in loaded}
            self.rooms[table_id] = room
        return room

    async def deliver(self, live: LiveTable) -> None:
        """Send this process's connections of the table the messages not sent yet: each
        to every player's connection but a muter's, and to spectators where they read."""
        room = self._room(live.id)
        since = time.time() - RECENT
        found, mutes = chat_db.recent(self.db, live.id, room.mark, since)
        new = [m for m in found if m["id"] not in room.sent]
        for m in new:  # marked before any await: a second delivery sends none of them again
            room.sent[m["id"]] = m["at"]
            room.mark = max(room.mark, m["id"])
        room.sent = {k: at for k, at in room.sent.items() if at >= since}
        if not new:
            return
        frames = [(m["seat"], encode_frame({"type": "chat", "message": m})) for m in new]
        spectators = spectators_read(live)
        for listener, seat in list(live.listeners.items()):
            if seat is None and not spectators:
                continue
            hidden = mutes.get(seat, set()) if seat is not None else set()
            try:
                for author, frame in frames:
                    if author not in hidden:
                        await listener.send_text(frame)
            except Exception:
                live.listeners.pop(listener, None)

    def heard(self, table_id: str) -> None:
        """A process stored a message at ``table_id`` (``*``: the announcements resumed,
        any table): deliver what this process's connections have not had."""
        ids = list(self.rooms) if table_id == "*" else [table_id]
        for tid in ids:
            live = self.service.tables.get(tid)
            if live is None or not live.listeners:
                continue
            task = asyncio.get_running_loop().create_task(self._deliver_heard(live))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _deliver_heard(self, live: LiveTable) -> None:
        try:
            await self.deliver(live)
        except Exception as exc:
            if not is_outage(exc):
                log.exception("the chat of table %s could not be delivered", live.id)
                return
            self.service.outage.failed(exc, f"the chat of table {live.id}")
