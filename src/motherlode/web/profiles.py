"""Players' profiles and the leaderboards (issue 32): the public pages of the ratings.

* ``GET /api/players/{username}``: the player's rating in each game (mu, sigma and the
  conservative mu - 3 sigma the leaderboard sorts by) and their finished games, newest
  first, a page at a time: the result, the rating change, the replay (``/t/{id}``, the
  table page replays a finished game) and the fair-deal proof (the record, whose
  ``meta.fairness`` opens the seed's commitment).  Public: names and results only, never an
  e-mail, a token or a private table (its owner sees their own private tables).
* ``GET /api/players/{username}/open``: the player's running games, "your turn" first,
  with their seat links (the account's seat tokens); for the signed-in owner only.
* ``GET /api/leaderboard/{game}``: a game's players by the conservative rating.
* The pages ``/u/{username}`` and ``/leaderboard/{game}`` show them (static/profile.html,
  static/leaderboard.html).

Every input is bounded and checked on arrival: a name as accounts allow them
(:data:`motherlode.web.accounts.USERNAME`), a page number
from 1 to :data:`MAX_PAGE_NUMBER`, a game the server has (else 404).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse

from motherlode.engine import MotherlodeError, get_game
from motherlode.engine.words import T
from motherlode.storage import ratings as store
from motherlode.web.accounts import USERNAME, current_account
from motherlode.web.errors import ServiceError
from motherlode.web.identity import account_seat_token
from motherlode.web.ratings import conservative
from motherlode.web.service import TableService

STATIC = Path(__file__).parent / "static"
GAME = r"^[a-z0-9_\-]{1,40}$"
PROFILE_PAGE = 20
"""Finished games a profile page lists."""
LEADERBOARD_PAGE = 50
MAX_PAGE_NUMBER = 1000
OPEN_GAMES = 30
"""The most running games the owner's list shows (each is looked at in memory)."""
LEADERBOARD_MIN_GAMES = 1
"""Rated games a player needs to be on a leaderboard.  One: the order (mu - 3 sigma)
already puts a player of few games below those who have shown their skill (a first game
leaves sigma near 8, so about 24 points below mu), and a small site's board stays full."""

MESSAGES: dict[str, T] = {
    "no player": T("there is no player of that name"),
    "no game": T("there is no such game"),
    "sign in": T("sign in to see your open games"),
    "not yours": T("only its owner sees a player's open games"),
}
"""What these routes answer in words (one place; each in the request's language)."""

Username = Annotated[str, PathParam(min_length=3, max_length=24, pattern=USERNAME)]
"""A name as accounts allow them (anything else is no player's)."""
GameId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=GAME)]
PageNumber = Annotated[int, Query(ge=1, le=MAX_PAGE_NUMBER)]


def title_of(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except MotherlodeError:
        return game_id


def rating_json(mu: float, sigma: float) -> dict[str, float]:
    return {
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "conservative": round(conservative(mu, sigma), 2),
    }


def result_of(ranking: list[list[int]], seat: int, seats: int) -> dict[str, Any] | None:
    """Where ``seat`` finished: its place (1 for the first; tied seats share the place the
    first of them has, and the next place skips as many), of how many, and whether tied."""
    before = 0
    for group in ranking:
        if seat in group:
            return {"place": before + 1, "of": seats, "tied": len(group) > 1}
        before += len(group)
    return None


def public_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A table's seats as anyone may see them: the name, a bot's spec, an account's name."""
    return [
        {
            "seat": s["seat"],
            "name": s["name"],
            "bot": None if s["user_id"] is not None or s["agent"] == "human" else s["agent"],
            "username": s["username"],
        }
        for s in seats
    ]


def finished_entry(game: dict[str, Any], user_id: int) -> dict[str, Any]:
    mine = [s["seat"] for s in game["seats"] if s["user_id"] == user_id]
    table = game["table"]
    change = game["change"]
    if change is not None:
        before = rating_json(change["mu_before"], change["sigma_before"])
        after = rating_json(change["mu_after"], change["sigma_after"])
        change = {
            "before": before,
            "after": after,
            "mu": round(change["mu_after"] - change["mu_before"], 2),
            "conservative": round(after["conservative"] - before["conservative"], 2),
        }
    return {
        "table": table,
        "game": game["game"],
        "title": title_of(game["game"]),
        "finished_at": game["finished_at"],
        "rated": game["rated"],
        "seats": public_seats(game["seats"]),
        "your_seats": mine,
        "result": result_of(game["ranking"], mine[0], len(game["seats"])) if mine else None,
        "change": change,
        "replay": f"/t/{table}",
        "proof": f"/api/tables/{table}/record",
    }


def profiles_router(service: TableService) -> APIRouter:
    """The profile and leaderboard routes on ``service``'s tables and database."""
    router = APIRouter()
    db = service.db

    async def player(username: str) -> dict[str, Any]:
        user = await asyncio.to_thread(store.user_named, db, username)
        if user is None:
            raise ServiceError(404, MESSAGES["no player"])
        return user

    @router.get("/u/{username}", include_in_schema=False)
    async def profile_page(username: str) -> FileResponse:
        return FileResponse(STATIC / "profile.html")

    @router.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html")

    @router.get("/api/players/{username}")
    async def profile(username: Username, request: Request, page: PageNumber = 1) -> Any:
        """A player's ratings and one page of their finished games (public)."""
        user = await player(username)
        viewer = await current_account(request)
        own = viewer is not None and viewer.id == user["id"]
        ratings = await asyncio.to_thread(store.ratings_of, db, user["id"])
        games, more = await asyncio.to_thread(
            store.finished_games,
            db,
            user["id"],
            offset=(page - 1) * PROFILE_PAGE,
            limit=PROFILE_PAGE,
            private=own,
        )
        return {
            "username": user["username"],
            "you": own,
            "ratings": [
                {
                    "game": r["game"],
                    "title": title_of(r["game"]),
                    "games": r["games"],
                    "leaderboard": f"/leaderboard/{r['game']}",
                    **rating_json(r["mu"], r["sigma"]),
                }
                for r in ratings
            ],
            "games": [finished_entry(g, user["id"]) for g in games],
            "page": page,
            "more": more,
            "open": f"/api/players/{user['username']}/open" if own else None,
        }

    @router.get("/api/players/{username}/open")
    async def open_games(username: Username, request: Request) -> Any:
        """The owner's running games, theirs to move first, with their seat links."""
        viewer = await current_account(request)
        if viewer is None:
            raise ServiceError(401, MESSAGES["sign in"])
        user = await player(username)
        if viewer.id != user["id"]:
            raise ServiceError(403, MESSAGES["not yours"])
        games = await asyncio.to_thread(store.open_games, db, user["id"], limit=OPEN_GAMES)
        key = await asyncio.to_thread(store.seat_key, db, user["id"])
        out = [await open_entry(g, user["id"], key) for g in games]
        out.sort(key=lambda g: not g["your_turn"])  # stable: the most recent first within
        return {"username": user["username"], "games": out}

    async def open_entry(game: dict[str, Any], user_id: int, key: str | None) -> dict[str, Any]:
        """A running game as its player's list shows it.  Whose turn it is comes from the
        table as this process holds it (loaded if it is not: the list is bounded by
        :data:`OPEN_GAMES`, and a player's tables are most often in memory already)."""
        table = game["table"]
        mine = [s["seat"] for s in game["seats"] if s["user_id"] == user_id]
        your_turn, waiting, bot_plays = False, False, []
        try:
            live = await service.get(table, work=False)
            state = live.table.state
            asked = set(state.pending())
            waiting = bool(live.open_seats)
            your_turn = not waiting and any(
                s in asked and live.table.seats[s].is_human for s in mine
            )
            bot_plays = [s for s in mine if not live.table.seats[s].is_human]
        except ServiceError:
            pass  # a table that cannot be loaded now: listed, not marked
        links = [
            {"seat": s, "link": f"/t/{table}#seat={s}&token={account_seat_token(key, table, s)}"}
            for s in mine
            if key
        ]
        return {
            "table": table,
            "game": game["game"],
            "title": title_of(game["game"]),
            "updated_at": game["updated_at"],
            "seats": public_seats(game["seats"]),
            "your_seats": mine,
            "your_turn": your_turn,
            "waiting_for_players": waiting,
            "bot_plays": bot_plays,
            "links": links,
        }

    @router.get("/api/leaderboard/{game}")
    async def leaderboard(game: GameId, page: PageNumber = 1) -> Any:
        """A game's players by their conservative rating, a page of them."""
        try:
            title = get_game(game).title
        except MotherlodeError:
            raise ServiceError(404, MESSAGES["no game"]) from None
        rows, total = await asyncio.to_thread(
            store.leaderboard,
            db,
            game,
            offset=(page - 1) * LEADERBOARD_PAGE,
            limit=LEADERBOARD_PAGE,
            min_games=LEADERBOARD_MIN_GAMES,
        )
        first = (page - 1) * LEADERBOARD_PAGE
        return {
            "game": game,
            "title": title,
            "page": page,
            "per_page": LEADERBOARD_PAGE,
            "total": total,
            "pages": max(1, -(-total // LEADERBOARD_PAGE)),
            "min_games": LEADERBOARD_MIN_GAMES,
            "players": [
                {
                    "rank": first + i + 1,
                    "username": r["username"],
                    "games": r["games"],
                    "profile": f"/u/{r['username']}",
                    **rating_json(r["mu"], r["sigma"]),
                }
                for i, r in enumerate(rows)
            ],
        }

    return router
