"""A table as this server process holds it: the game, its connections, its running work.

The service (:mod:`motherlode.web.service`) changes it; the scheduler
(:mod:`motherlode.web.scheduler`) runs its bots and clocks.  Both read it here, so neither
imports the other's module for the type.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from motherlode.engine import ActionSpace
from motherlode.table import Table


class Listener(Protocol):
    async def send_json(self, data: Any) -> None: ...

    async def send_text(self, data: str) -> None: ...


@dataclass
class LiveTable:
    id: str
    table: Table
    settings: dict[str, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[Listener, int | None] = field(default_factory=dict)
    languages: dict[Listener, str] = field(default_factory=dict)
    """The language each connection reads (the site's languages, web/i18n.py)."""
    bot_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    game_task: asyncio.Task[None] | None = None
    """The game clock (a rules' time limit): ends the game's time at its deadline."""
    deadline: float | None = None
    timer_key: int = -1
    """Move count at which the running timer's decision opened."""
    salt: str | None = None
    """The salt of the seed's commitment (None for tables made before commitments)."""
    commitment: str | None = None
    version: int = 0
    """The database version of the moves this copy holds (see ``TableRow.version``)."""
    sent: dict[int | None, int] = field(default_factory=dict)
    """Per seat, the last event index the connections were pushed (empty: push it all)."""
    lease: bool = False
    """Whether this process runs the table's bots and clock now."""
    fixed: dict[str, Any] | None = None
    """The parts of its views that never change (see :meth:`TableService._fixed`)."""
    used: float = field(default_factory=time.monotonic)
    """When a request or a connection last asked for the table (for
    :meth:`TableService.unload_idle`)."""
    people: dict[str, Any] = field(default_factory=dict)
    """The clock's banks, when the decision opened, absent seats and their votes
    (:mod:`motherlode.web.people`), as stored with the table."""
    people_task: asyncio.Task[None] | None = None
    """The table clock and the votes' deadlines (this process holds the lease)."""
    presence: dict[int, str] = field(default_factory=dict)
    """Each seat with a connection somewhere: ``online`` or ``away`` (else offline)."""
    opened_at: float = field(default_factory=time.time)
    """When the decision now asked opened, as this process saw it (a person asked and
    offline since before ``GONE_SECONDS`` may be called absent)."""
    open_seats: list[int] = field(default_factory=list)
    """People's seats nobody has taken yet: the game starts when they are all taken."""
    space: ActionSpace | None = None
    """The game's numbering of every move (built on the first "Why can't I…?")."""

    @property
    def finished(self) -> bool:
        return self.table.state.is_over()

    @property
    def tasks(self) -> list[asyncio.Task[None]]:
        """The table's running work: its bots, its decision clock, its game clock."""
        tasks = (self.bot_task, self.timer_task, self.game_task, self.people_task)
        return [t for t in tasks if t is not None]
