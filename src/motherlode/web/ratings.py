"""Ratings per game (issue 32): OpenSkill's Plackett-Luce over the rated tables of people.

* **Who is rated.** A table is rated when it was made with ``settings["rated"]``.  When it
  is finished, every seat an account holds is rated from the game's final ranking (seats
  tied in it are tied here): the account's seat, even where a bot finished it for them (a
  player who walks away from a lost game still loses it).  A guest's seat (a link, no
  account) takes no part, and neither does a table where one account holds two seats.
* **Bots** take part only where the table also says ``rate_bots``, each with a fixed
  reference rating: its level's measured rating in that game (``levels.toml``'s
  ``[ratings]``, what the lobby shows, written by ``bench/strength.py``).  Those were
  measured with this very model and its defaults (:mod:`motherlode.sim.ratings`: mu 25,
  sigma 25/3, beta 25/6), so they are on the players' scale as they are: a new player
  starts at 25 ± 8.3, where every bot of the ladder started.  A bot's rating never changes
  (what the model says of it is dropped); a bot with no measured rating (a raw bot spec, a
  level given parameters, a level not yet measured) takes no part.
* **Exactly once, off the request path.** :meth:`Ratings.on_change` is one of the
  service's change hooks: it runs in the background after the move that ended the game was
  committed and told to the table, in every process that holds the table, and does its
  database work in a thread.  The storage (:func:`motherlode.storage.ratings.apply_result`)
  writes the result in one transaction keyed by the table, so the first writer wins and the
  others find it done.  A sweep every :data:`SWEEP_SECONDS` rates what a process stopping
  between the commit and its hook left unrated.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from motherlode.agents import levels
from motherlode.agents.specs import parse_spec
from motherlode.engine import Game, MotherlodeError, get_game
from motherlode.storage import ratings as store
from motherlode.storage.db import Database
from motherlode.web.live import LiveTable
from motherlode.web.outage import is_outage

if TYPE_CHECKING:
    from motherlode.web.service import TableService

log = logging.getLogger("motherlode.web")

MODEL = PlackettLuce()
"""OpenSkill's defaults, as the bots' ladder (:mod:`motherlode.sim.ratings`) was rated."""
START: store.Rating = (MODEL.mu, MODEL.sigma)
"""A player's rating before their first rated game of a game: 25 ± 8.3."""
SWEEP_SECONDS = 30.0
"""How often the sweep looks for finished rated tables left unrated."""
SWEEP_DAYS = 7.0
"""How far back the sweep looks (a server down longer than that is rated by hand)."""
REMEMBERED = 10_000
"""Tables this process remembers it has dealt with (the hook's cheap skip)."""


def conservative(mu: float, sigma: float) -> float:
    """The rating the leaderboard sorts by: mu - 3 sigma, the skill shown beyond doubt."""
    return mu - 3.0 * sigma


def reference_rating(game: Game, agent: str) -> store.Rating | None:
    """A bot's fixed rating: its level's measured one in ``game`` (None: takes no part)."""
    try:
        spec = parse_spec(agent)
    except MotherlodeError:
        return None
    if spec.params or not levels.is_level(spec.name):
        return None
    measured = levels.rating(game, spec.name)
    if measured is None:
        return None
    return (measured["mu"], measured["sigma"] or START[1])


@dataclass(frozen=True)
class Entrant:
    """One rated seat: an account (``user``), or a bot at its fixed rating."""

    seat: int
    place: int
    """0 for the first; tied seats share a place."""
    user: int | None = None
    fixed: store.Rating | None = None


def lineup(table: store.FinishedTable, game: Game) -> list[Entrant]:
    """Who a finished table rates, in the ranking's order; [] when nobody is: it is not
    rated, has no ranking, has no account at a seat, one account holds two seats, or fewer
    than two take part."""
    if not table.rated or not table.ranking:
        return []
    seats = {s.seat: s for s in table.seats}
    users = [s.user_id for s in table.seats if s.user_id is not None]
    if not users or len(set(users)) != len(users):
        return []
    out: list[Entrant] = []
    for place, group in enumerate(table.ranking):
        for number in group:
            seat = seats.get(number)
            if seat is None:
                continue
            if seat.user_id is not None:
                out.append(Entrant(number, place, user=seat.user_id))
            elif not seat.guest and table.rate_bots:
                fixed = reference_rating(game, seat.agent)
                if fixed is not None:
                    out.append(Entrant(number, place, fixed=fixed))
    return out if len(out) >= 2 else []


def new_ratings(
    entrants: list[Entrant], current: Mapping[int, store.Rating]
) -> dict[int, store.Rating]:
    """The accounts' ratings after the game: one Plackett-Luce update over every entrant
    (each seat its own team, places as the ranking gave them), the bots' results dropped."""
    teams = []
    for e in entrants:
        mu, sigma = current[e.user] if e.user is not None else e.fixed or START
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(e.place) for e in entrants])
    return {
        e.user: (float(team[0].mu), float(team[0].sigma))
        for e, team in zip(entrants, rated, strict=True)
        if e.user is not None
    }


def rate_table(db: Database, table_id: str) -> str:
    """Rate one finished table if it is rated and not yet done (blocking: run it in a
    thread).  Returns ``rated`` (this call stored it), ``done`` (it was already) or
    ``nobody`` (nothing to rate: see :func:`lineup`)."""
    if store.is_rated(db, table_id):
        return "done"
    table = store.finished_table(db, table_id)
    if table is None:
        return "nobody"
    try:
        game = get_game(table.game)
    except MotherlodeError:
        return "nobody"  # a game this server no longer has
    entrants = lineup(table, game)
    if not any(e.user is not None for e in entrants):
        return "nobody"
    users = [e.user for e in entrants if e.user is not None]
    stored = store.apply_result(
        db, table_id, table.game, users, lambda current: new_ratings(entrants, current), start=START
    )
    return "rated" if stored else "done"


class Ratings:
    """The service's rating work: the change hook and the sweep (see the module's text)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.db = service.db
        self._seen: dict[str, None] = {}
        """Finished rated tables this process has dealt with, oldest first."""
        self._nobody: dict[str, None] = {}
        """Tables the sweep found nobody to rate at (it passes them over)."""

    def install(self) -> None:
        """Hook into the service: every change is looked at (cheaply: most are skipped)."""
        self.service.change_hooks.append(self.on_change)

    async def on_change(self, live: LiveTable) -> None:
        """After a change to ``live`` was committed and pushed: rate it if it is a rated
        table just finished (once per table in this process; the storage makes it once in
        all of them)."""
        if not live.settings.get("rated") or live.id in self._seen or not live.finished:
            return
        self._remember(self._seen, live.id)
        try:
            await asyncio.to_thread(rate_table, self.db, live.id)
        except Exception as exc:
            self._seen.pop(live.id, None)  # the sweep (or the next change) tries again
            if is_outage(exc):
                self.service.outage.failed(exc, f"the ratings of table {live.id}")
            else:
                log.exception("table %s could not be rated; the sweep tries again", live.id)

    async def sweep(self) -> list[str]:
        """Rate the finished rated tables left unrated (a process stopped between a game's
        end and its hook); the ids rated now.  Bounded: 50 tables a sweep."""
        skip = list(self._nobody)
        found = await asyncio.to_thread(
            store.unrated_tables, self.db, days=SWEEP_DAYS, skip=skip, limit=50
        )
        rated = []
        for table_id in found:
            try:
                outcome = await asyncio.to_thread(rate_table, self.db, table_id)
            except Exception as exc:
                if is_outage(exc):
                    raise
                log.exception("table %s could not be rated; the sweep passes it over", table_id)
                outcome = "nobody"
            if outcome == "rated":
                rated.append(table_id)
                log.info("rated table %s, which had been left unrated", table_id)
            elif outcome == "nobody":
                self._remember(self._nobody, table_id, limit=500)
        return rated

    async def sweep_forever(self) -> None:
        """:meth:`sweep` at once (a process starting after one stopped), then every
        :data:`SWEEP_SECONDS`."""
        while True:
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if is_outage(exc):
                    self.service.outage.failed(exc, "the ratings sweep")
                else:
                    log.exception("the ratings sweep failed; it tries again")
            await asyncio.sleep(SWEEP_SECONDS)

    def start(self) -> None:
        """Start the sweep as one of the service's tasks (cancelled when it closes)."""
        task = asyncio.get_running_loop().create_task(self.sweep_forever())
        self.service._tasks.append(task)

    @staticmethod
    def _remember(memory: dict[str, None], table_id: str, limit: int = REMEMBERED) -> None:
        memory[table_id] = None
        while len(memory) > limit:
            del memory[next(iter(memory))]
