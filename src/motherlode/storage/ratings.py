"""Storage for ratings, profiles and leaderboards (issue 32): the SQL only.

The rating model (OpenSkill) lives in :mod:`motherlode.web.ratings`; it hands
:func:`apply_result` a function from the players' current ratings to their new ones, which
runs inside the one transaction that writes them.  That transaction is what makes a table
rated exactly once, whichever process (or sweep) gets there first and however many try:

* a :class:`RatingChangeRow` per rated account, whose primary key ``(table_id, user_id)``
  refuses a second writer (``IntegrityError``: it finds the rows and does nothing);
* the players' :class:`RatingRow`\\ s are read ``FOR UPDATE`` (PostgreSQL) before the new
  ratings are computed, so two tables finishing at once for one player never lose an update;
  within a process a lock per database does the same for SQLite (one process serves a
  SQLite file, and it has one writer at a time anyway).

Every list is bounded (a page of at most :data:`MAX_PAGE` rows) and reads only the columns
it shows: a table's settings may hold a designer's files, so they are never loaded whole.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import exists, func, select, true
from sqlalchemy.exc import IntegrityError

from motherlode.storage.accounts import username_key
from motherlode.storage.db import Database
from motherlode.storage.models import (
    RatingChangeRow,
    RatingRow,
    SeatRow,
    TableRow,
    UserRow,
    utcnow,
)

__all__ = [
    "MAX_PAGE",
    "FinishedTable",
    "SeatFacts",
    "apply_result",
    "finished_games",
    "finished_table",
    "is_rated",
    "leaderboard",
    "open_games",
    "ratings_of",
    "seat_key",
    "unrated_tables",
    "user_named",
    "username_key",
]

MAX_PAGE = 100
"""The most rows one list returns (a page)."""

Rating = tuple[float, float]
"""(mu, sigma)."""
Compute = Callable[[Mapping[int, Rating]], Mapping[int, Rating]]
"""From each player's current rating in the game to the new one."""

_WRITERS: weakref.WeakKeyDictionary[Database, threading.Lock] = weakref.WeakKeyDictionary()
_WRITERS_LOCK = threading.Lock()


def _writing(db: Database) -> threading.Lock:
    """One rating write at a time through ``db`` (the hooks run in threads)."""
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(db, threading.Lock())


@dataclass(frozen=True)
class SeatFacts:
    """A seat as rating sees it: who holds it (an account, a guest's link, or a bot)."""

    seat: int
    name: str
    agent: str
    user_id: int | None
    guest: bool
    """A person's seat reached by its link (it has a token)."""


@dataclass(frozen=True)
class FinishedTable:
    id: str
    game: str
    rated: bool
    rate_bots: bool
    ranking: list[list[int]]
    seats: list[SeatFacts]


def _flag(name: str) -> Any:
    """A boolean table setting as a column (JSON; absent: NULL, which no filter takes)."""
    return TableRow.settings[name].as_boolean()


def finished_table(db: Database, table_id: str) -> FinishedTable | None:
    """What rating a table needs: its game, flags, final ranking and seats; None unless
    the table exists and is finished."""
    with db.session() as s:
        row = s.execute(
            select(TableRow.game, TableRow.result, _flag("rated"), _flag("rate_bots")).where(
                TableRow.id == table_id, TableRow.status == "finished"
            )
        ).first()
        if row is None:
            return None
        game, result, rated, rate_bots = row
        seats = s.execute(
            select(SeatRow.seat, SeatRow.name, SeatRow.agent, SeatRow.user_id, SeatRow.token_hash)
            .where(SeatRow.table_id == table_id)
            .order_by(SeatRow.seat)
        )
        return FinishedTable(
            id=table_id,
            game=game,
            rated=bool(rated),
            rate_bots=bool(rate_bots),
            ranking=[list(g) for g in (result or {}).get("ranking") or []],
            seats=[
                SeatFacts(seat, name, agent, user_id, token is not None)
                for seat, name, agent, user_id, token in seats
            ],
        )


def is_rated(db: Database, table_id: str) -> bool:
    """Whether the table's rating result is stored (a cheap look before any work)."""
    with db.session() as s:
        return _rated(s, table_id)


def _rated(s: Any, table_id: str) -> bool:
    query = select(RatingChangeRow.user_id).where(RatingChangeRow.table_id == table_id)
    return s.scalar(query.limit(1)) is not None


def apply_result(
    db: Database,
    table_id: str,
    game: str,
    users: Sequence[int],
    compute: Compute,
    *,
    start: Rating,
    now: float | None = None,
) -> bool:
    """Rate ``users`` (distinct accounts) for ``table_id`` in one transaction: a change row
    each and their ratings, from ``compute`` run on their ratings as the transaction reads
    them (``start`` for a player's first rated game of ``game``).  True if this call stored
    it; False if the table was rated already (by another process, or an earlier call)."""
    if len(set(users)) != len(users) or not users:
        raise ValueError("rate each account once, at least one")
    now = time.time() if now is None else now
    for _ in range(3):
        try:
            with _writing(db), db.session() as s:
                if _rated(s, table_id):
                    return False
                rows = {
                    r.user_id: r
                    for r in s.scalars(
                        select(RatingRow)
                        .where(RatingRow.user_id.in_(users), RatingRow.game == game)
                        .order_by(RatingRow.user_id)  # locks taken in one order: no deadlock
                        .with_for_update()
                    )
                }
                current = {u: (rows[u].mu, rows[u].sigma) if u in rows else start for u in users}
                new = compute(current)
                for user in users:
                    (mu_before, sigma_before), (mu, sigma) = current[user], new[user]
                    row = rows.get(user)
                    if row is None:
                        row = RatingRow(user_id=user, game=game, games=0)
                        s.add(row)
                    row.mu, row.sigma, row.games, row.updated_at = mu, sigma, row.games + 1, now
                    s.add(
                        RatingChangeRow(
                            table_id=table_id,
                            user_id=user,
                            game=game,
                            mu_before=mu_before,
                            sigma_before=sigma_before,
                            mu_after=mu,
                            sigma_after=sigma,
                            at=now,
                        )
                    )
            return True
        except IntegrityError:
            # another writer stored this table first (done), or a first rating of one of
            # these players at the same moment (read again and retry)
            if is_rated(db, table_id):
                return False
    raise RuntimeError(f"table {table_id} could not be rated: its players' rows kept changing")


def unrated_tables(
    db: Database, *, days: float, skip: Collection[str] = (), limit: int = 50
) -> list[str]:
    """Finished rated tables of the last ``days`` with an account at a seat and no rating
    stored: those whose process stopped between the game's end and its rating (the
    sweep's work), newest first.  ``skip``: tables already judged to have nobody to rate."""
    since = utcnow() - timedelta(days=days)
    query = select(TableRow.id).where(
        TableRow.status == "finished",
        TableRow.updated_at >= since,
        _flag("rated") == true(),
        exists().where(SeatRow.table_id == TableRow.id, SeatRow.user_id.is_not(None)),
        ~exists().where(RatingChangeRow.table_id == TableRow.id),
    )
    if skip:
        query = query.where(TableRow.id.not_in(list(skip)))
    with db.session() as s:
        return list(s.scalars(query.order_by(TableRow.updated_at.desc()).limit(limit)))


# ------------------------------------------------------------------- accounts, read only


def user_named(db: Database, username: str) -> dict[str, Any] | None:
    """The account ``username`` names (any case): its id and name as its owner wrote it."""
    with db.session() as s:
        row = s.execute(
            select(UserRow.id, UserRow.username).where(
                UserRow.username_key == username_key(username)
            )
        ).first()
        return None if row is None else {"id": row[0], "username": row[1]}


def seat_key(db: Database, user_id: int) -> str | None:
    """The account's secret seat key (its seat links are made from it): for its owner only."""
    with db.session() as s:
        return s.scalar(select(UserRow.seat_key).where(UserRow.id == user_id))


# ------------------------------------------------------------------------- ratings


def _conservative() -> Any:
    return RatingRow.mu - 3.0 * RatingRow.sigma


def ratings_of(db: Database, user_id: int) -> list[dict[str, Any]]:
    """The account's rating in each game it has played rated, best first."""
    query = (
        select(RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .where(RatingRow.user_id == user_id)
        .order_by(_conservative().desc(), RatingRow.game)
    )
    with db.session() as s:
        return [
            {"game": game, "mu": mu, "sigma": sigma, "games": games}
            for game, mu, sigma, games in s.execute(query)
        ]


def leaderboard(
    db: Database, game: str, *, offset: int = 0, limit: int = 50, min_games: int = 1
) -> tuple[list[dict[str, Any]], int]:
    """One page of the game's players by their conservative rating (mu - 3 sigma: the
    skill they have shown beyond doubt, so a lucky newcomer does not top it), with
    ``min_games`` rated games at least; and how many such players there are."""
    limit = max(1, min(limit, MAX_PAGE))
    score = _conservative()
    where = (RatingRow.game == game, RatingRow.games >= min_games)
    query = (
        select(UserRow.username, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(*where)
        .order_by(score.desc(), RatingRow.games.desc(), UserRow.username_key)
        .offset(max(0, offset))
        .limit(limit)
    )
    with db.session() as s:
        total = int(s.scalar(select(func.count()).select_from(RatingRow).where(*where)) or 0)
        rows = [
            {"username": name, "mu": mu, "sigma": sigma, "games": games}
            for name, mu, sigma, games in s.execute(query)
        ]
    return rows, total


# ------------------------------------------------------------------------- history


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _seats(s: Any, table_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """Each table's seats: name, agent and the account's name (public) where one holds it."""
    query = (
        select(SeatRow.table_id, SeatRow.seat, SeatRow.name, SeatRow.agent, SeatRow.user_id)
        .add_columns(UserRow.username)
        .outerjoin(UserRow, UserRow.id == SeatRow.user_id)
        .where(SeatRow.table_id.in_(table_ids))
        .order_by(SeatRow.table_id, SeatRow.seat)
    )
    out: dict[str, list[dict[str, Any]]] = {t: [] for t in table_ids}
    for table_id, seat, name, agent, user_id, username in s.execute(query):
        out[table_id].append(
            {"seat": seat, "name": name, "agent": agent, "user_id": user_id, "username": username}
        )
    return out


def finished_games(
    db: Database, user_id: int, *, offset: int = 0, limit: int = 20, private: bool = False
) -> tuple[list[dict[str, Any]], bool]:
    """One page of the finished games where the account held a seat, newest first: game,
    when, seats, result and the rating change it brought; and whether more follow.
    ``private``: with the tables listed nowhere (for their owner only)."""
    limit = max(1, min(limit, MAX_PAGE))
    mine = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
    query = select(
        TableRow.id, TableRow.game, TableRow.updated_at, TableRow.result, _flag("rated")
    ).where(TableRow.id.in_(mine), TableRow.status == "finished")
    if not private:
        query = query.where(TableRow.listed.is_(True))
    query = (
        query.order_by(TableRow.updated_at.desc(), TableRow.id)
        .offset(max(0, offset))
        .limit(limit + 1)
    )
    with db.session() as s:
        rows = list(s.execute(query))
        more = len(rows) > limit
        rows = rows[:limit]
        ids = [r[0] for r in rows]
        seats = _seats(s, ids)
        changes = {
            c.table_id: c
            for c in s.scalars(
                select(RatingChangeRow).where(
                    RatingChangeRow.table_id.in_(ids), RatingChangeRow.user_id == user_id
                )
            )
        }
    games = []
    for table_id, game, finished_at, result, rated in rows:
        change = changes.get(table_id)
        games.append(
            {
                "table": table_id,
                "game": game,
                "finished_at": _when(finished_at),
                "rated": bool(rated),
                "seats": seats[table_id],
                "ranking": [list(g) for g in (result or {}).get("ranking") or []],
                "scores": list((result or {}).get("scores") or []),
                "change": None
                if change is None
                else {
                    "mu_before": change.mu_before,
                    "sigma_before": change.sigma_before,
                    "mu_after": change.mu_after,
                    "sigma_after": change.sigma_after,
                },
            }
        )
    return games, more


def open_games(db: Database, user_id: int, *, limit: int = 50) -> list[dict[str, Any]]:
    """The running tables where the account holds a seat (at most ``limit``, the most
    recently moved first): id, game, seats, when it last changed."""
    limit = max(1, min(limit, MAX_PAGE))
    mine = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
    query = (
        select(TableRow.id, TableRow.game, TableRow.updated_at)
        .where(TableRow.id.in_(mine), TableRow.status == "running")
        .order_by(TableRow.updated_at.desc(), TableRow.id)
        .limit(limit)
    )
    with db.session() as s:
        rows = list(s.execute(query))
        seats = _seats(s, [r[0] for r in rows])
    return [
        {"table": table_id, "game": game, "updated_at": _when(at), "seats": seats[table_id]}
        for table_id, game, at in rows
    ]
