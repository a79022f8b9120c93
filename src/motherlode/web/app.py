"""The FastAPI app: lobby and table pages, a JSON API and one WebSocket per open table page.

Routes only translate HTTP and WebSocket messages into :class:`TableService` calls.
Seat tokens travel in the ``X-Seat-Token`` header or the WebSocket's first message, never
in a URL the server logs (the browser keeps them in the page's ``#fragment``).

Every client is assumed hostile: bodies and frames are bounded (:mod:`motherlode.web.limits`),
a malformed frame gets an ``error`` frame or a clean close, and no error echoes the input.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from motherlode.agents import levels
from motherlode.agents.specs import bot_names
from motherlode.engine import Game, GameRecord, MotherlodeError, games, get_game
from motherlode.engine.components import PARAMETERS
from motherlode.engine.record import (
    MAX_FILE_BYTES,
    MAX_FILES,
    record_files,
    table_events,
    without_folder,
)
from motherlode.engine.words import T
from motherlode.engine.words import render as render_words
from motherlode.storage import Database
from motherlode.web import absence, game_assets, i18n
from motherlode.web.accounts import accounts_router, writing_account
from motherlode.web.chat import KINDS as CHAT_KINDS
from motherlode.web.chat import TableChat
from motherlode.web.dashboard import dashboard_router
from motherlode.web.errors import refusal
from motherlode.web.languages import (
    LANGUAGE,
    LanguageMiddleware,
    in_language,
    languages_router,
    request_language,
)
from motherlode.web.limits import (
    DESIGNER_BYTES,
    MAX_PARAMETER_OPTIONS,
    BodyLimit,
    Limits,
    excerpt,
    validation_error,
)
from motherlode.web.notify import NotifySettings, install_notifier, push_router
from motherlode.web.outage import MESSAGE as OUTAGE_MESSAGE
from motherlode.web.outage import OUTAGE_ERRORS, RETRY_AFTER, is_outage
from motherlode.web.people import CLOCKS
from motherlode.web.profiles import profiles_router
from motherlode.web.ratings import Ratings
from motherlode.web.service import TIMER_CHOICES, ServiceError, TableService, without_files

STATIC = Path(__file__).parent / "static"
DESIGNER_TABLES = "/api/designer/tables"
"""Where a new table with a designer's files is made: as ``POST /api/tables``, with room in
the body for the files (other requests keep the operator's ``max_bytes``)."""

TokenHeader = Annotated[str | None, Header(alias="X-Seat-Token")]
SeatNumber = Annotated[int, Field(ge=0, lt=8, strict=True)]
"""A seat as JSON gives it: a whole number, never ``true`` or ``"1"`` taken for 1."""


class SeatIn(BaseModel):
    name: str = Field("", max_length=40)
    agent: str = Field("human", max_length=120)
    mine: bool = Field(False, strict=True)
    """The signed-in creator's own seat (held by their account); ignored for a guest."""


class CreateTable(BaseModel):
    game: str = Field(max_length=40)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    settings: dict[str, Any] = Field(default_factory=dict, max_length=10)
    seed: int | None = Field(None, ge=0, lt=2**63, strict=True)
    components_files: dict[str, Any] = Field(default_factory=dict)
    """A designer's files, name to TOML text (checked in :func:`admission.designer_files`)."""


class ActionIn(BaseModel):
    seat: SeatNumber
    action: dict[str, Any] | str
    expect_move: int | None = Field(None, ge=0, strict=True)


class ExplainIn(BaseModel):
    seat: SeatNumber
    action: dict[str, Any] | str


class UndoIn(BaseModel):
    seat: SeatNumber


class JoinIn(BaseModel):
    seat: SeatNumber
    name: str | None = Field(default=None, max_length=80)


class VoteIn(BaseModel):
    seat: SeatNumber
    absent: SeatNumber
    choice: str = Field(max_length=8)


class GoneIn(BaseModel):
    seat: SeatNumber
    gone: SeatNumber


def error_message(exc: ServiceError) -> dict[str, Any]:
    """A refusal as a socket frame, in the connection's language."""
    message = exc.message_in(i18n.translator(LANGUAGE.get()))
    return {"type": "error", "status": exc.status, "message": message}


def game_catalogue(lang: str = i18n.DEFAULT) -> list[dict[str, Any]]:
    """What the lobby offers for each game: options, bot specs (the difficulty levels first)
    and each level's sentence and measured rating, so a player can choose an opponent; its
    words in ``lang`` (the server's catalog)."""
    out = []
    for game_id in games():
        game = get_game(game_id)
        out.append(
            {
                "id": game.id,
                "title": i18n.translate(lang, game.title),
                "summary": i18n.translate(lang, game.summary),
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [option_words(o, lang) for o in game.options_class.describe()],
                "bots": bot_names(game),
                "levels": [
                    {**lv, "sentence": i18n.translate(lang, lv["sentence"])}
                    for lv in levels.describe(game)
                ],
                "timed_decisions": game.timed_decisions,
                "howto": game_assets.howto(game, lang),
                "renderer": game_assets.has_renderer(game),
                "data": game_assets.game_data(game) is not None,
                "designer": designer(game),
            }
        )
    return out


def option_words(option: dict[str, Any], lang: str) -> dict[str, Any]:
    """An option as the lobby shows it, its words (title, sentence, help, its choices'
    labels) in ``lang``."""
    out = dict(option)
    for key in i18n.OPTION_WORDS:
        if out.get(key):
            out[key] = i18n.translate(lang, out[key])
    if out.get("labels"):
        out["labels"] = {k: i18n.translate(lang, v) for k, v in out["labels"].items()}
    return out


def designer(game: Game) -> dict[str, Any] | None:
    """What a designer may change at a web table: the component files it may upload and
    the design numbers (``param.*``) it may set; None for a game that reads no such files."""
    files = game.options_class.component_files
    if files is None:
        return None
    return {
        "files": sorted({*files, PARAMETERS}),
        "max_files": MAX_FILES,
        "max_file_bytes": MAX_FILE_BYTES,
        "max_parameters": MAX_PARAMETER_OPTIONS,
        "parameters": [
            {"name": p["name"], "default": p["default"], "allowed": p["allowed"]}
            for p in game.options_class.describe_parameters()
        ],
    }


GC_THRESHOLDS = (20_000, 20, 50)
"""The collector's thresholds in a server process: a young collection every 20,000 new
objects (not 700), a full one about fifty times more rarely than Python's default."""


def settle_collector() -> None:
    """Set the garbage collector for a server whose every move waits behind its pauses.

    A full collection walks every object the process holds: under load (bench/web_load.py,
    50 tables) each took 20-50 ms, and every move in flight waited behind it, which made the
    p99 latency (docs/web.md, "Latency").  What is loaded at the start (modules, the games'
    data) lives as long as the process: frozen, no collection walks it again; and with
    fewer, larger young collections, full ones come about fifty times more rarely.  Most of
    a server's garbage is freed by reference counting the moment it is dropped; only cycles
    wait for the collector, and young ones are still collected within 20,000 new objects."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(
    database_url: str | None = None,
    *,
    limits: Limits | None = None,
    notify: NotifySettings | None = None,
    own_process: bool = False,
) -> FastAPI:
    """The server on ``database_url``, under the operator's ``limits``; ``notify``: its SMTP
    server and Web Push keys (None: from the environment, web/notify.py).  ``own_process``:
    the process serves nothing else (``motherlode serve``), so its garbage collector is set
    for a server (:func:`settle_collector`)."""
    limits = limits or Limits()
    db = Database(database_url)
    service = TableService(db, limits)
    ratings = Ratings(service)
    ratings.install()  # a rated table's ratings, after its last move (a change hook)
    notifier = install_notifier(service, notify)  # "your turn" by e-mail and Web Push

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        ratings.start()  # the sweep: rates what a stopped process left unrated
        notifier.start()
        if own_process:
            settle_collector()
        yield
        await notifier.close()
        await service.close()

    app = FastAPI(title="motherlode", lifespan=lifespan)
    app.state.service = service
    with_files = limits.max_bytes + DESIGNER_BYTES  # room for a designer's files
    app.add_middleware(
        BodyLimit, max_bytes=limits.max_bytes, larger={("POST", DESIGNER_TABLES): with_files}
    )
    app.add_exception_handler(RequestValidationError, validation_error)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(dashboard_router(db))  # the books of a physical GOLDFIX table
    app.include_router(accounts_router(db, service))  # sign-up, sessions, claims, settings
    app.include_router(push_router(notifier))  # Web Push: the server's key, subscriptions
    app.include_router(profiles_router(service))  # players' profiles, the leaderboards
    app.include_router(languages_router())  # the page's catalog, the language switch
    app.add_middleware(LanguageMiddleware)  # each request's and connection's language
    chat = TableChat(service)  # a table's chat: its socket frames, its history
    app.include_router(chat.router())

    @app.exception_handler(ServiceError)
    async def service_error(_: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(RETRY_AFTER)} if exc.status == 503 else None
        detail = exc.message_in(i18n.translator(LANGUAGE.get()))
        return JSONResponse({"detail": detail}, status_code=exc.status, headers=headers)

    async def database_out_of_reach(request: Request, exc: Exception) -> JSONResponse:
        """Any request the database could not answer: 503, counted, never a traceback."""
        service.outage.failed(exc, request.url.path)
        return JSONResponse(
            {"detail": in_language(OUTAGE_MESSAGE)},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    for error in OUTAGE_ERRORS:
        app.add_exception_handler(error, database_out_of_reach)

    # ---------------------------------------------------------------- pages

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    # ------------------------------------------------------------------ API

    @app.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        lang = request_language(request)
        return {
            "games": game_catalogue(lang),
            "timer_choices": list(TIMER_CHOICES),
            "clocks": [c.to_json(i18n.translator(lang)) for c in CLOCKS.values()],
        }

    @app.get("/games/{game_id}/data.json")
    async def game_data(game_id: str) -> JSONResponse:
        """What a game's renderer needs of its rules' data (Carcassonne's tiles), from the
        game itself (its ``web_data`` module), so the page copies none of it."""
        try:
            game = get_game(game_id)
        except MotherlodeError:
            raise ServiceError(404, T("no such game")) from None
        data = game_assets.game_data(game)
        if data is None:
            raise ServiceError(404, T("this game sends no data"))
        return JSONResponse(data)

    @app.get("/games/{game_id}/{name}")
    async def game_file(game_id: str, name: str) -> FileResponse:
        """A game's own browser file (its renderer, how-to, sample), from its package."""
        try:
            game = get_game(game_id)
        except MotherlodeError:
            raise ServiceError(404, T("no such game")) from None
        file = game_assets.web_file(game, name)
        if file is None:
            raise ServiceError(404, T("no such file"))
        return FileResponse(file, media_type=game_assets.media_type(name))

    @app.get("/api/tables")
    async def list_tables(status: str | None = None) -> dict[str, Any]:
        if status not in (None, "running", "finished"):
            raise ServiceError(422, T("status must be running or finished"))
        tables = db.list_tables(status)
        for table in tables:  # a designer's files by name only
            table["settings"] = without_files(table.get("settings") or {})
        return {"tables": tables}

    @app.post("/api/tables", status_code=201)
    @app.post(DESIGNER_TABLES, status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """A new table.  A designer's files may come with any; the body of one sent to
        :data:`DESIGNER_TABLES` may be larger, by room for sixteen full files."""
        live, tokens = service.create(
            body.game,
            [s.model_dump() for s in body.seats],
            body.options,
            body.settings,
            body.seed,
            client=request.client.host if request.client else "unknown",
            components_files=body.components_files,
            account=await writing_account(request),  # signed in: its seats marked mine
        )
        seats = []
        for i, seat in enumerate(live.table.seats):
            entry: dict[str, Any] = {"seat": i, "name": seat.name, "agent": str(seat.spec)}
            if tokens[i]:
                entry["token"] = tokens[i]
                entry["link"] = f"/t/{live.id}#seat={i}&token={tokens[i]}"
            seats.append(entry)
        return {"id": live.id, "seats": seats, "spectate": f"/t/{live.id}"}

    @app.get("/api/tables/{table_id}")
    async def table_view(table_id: str, token: TokenHeader = None) -> dict[str, Any]:
        """The view of the seat the token belongs to; without a token, a spectator's."""
        live = await service.get(table_id)
        seat = service.seat_for_token(table_id, token)
        return service.view(live, seat)

    @app.post("/api/tables/{table_id}/actions")
    async def play_action(table_id: str, body: ActionIn, token: TokenHeader = None) -> Any:
        return await service.act(table_id, body.seat, token, body.action, body.expect_move)

    @app.post("/api/tables/{table_id}/explain")
    async def explain(table_id: str, body: ExplainIn, token: TokenHeader = None) -> Any:
        return await service.explain(table_id, body.seat, token, body.action)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: UndoIn, token: TokenHeader = None) -> Any:
        return await service.undo(table_id, body.seat, token)

    @app.get("/api/tables/{table_id}/unavailable")
    async def unavailable(table_id: str, seat: int, token: TokenHeader = None) -> Any:
        """The moves the seat cannot make now, in words: the menu of "Why can't I…?"."""
        if not 0 <= seat < 8:
            raise ServiceError(422, T("seat must be a seat number"))
        return await service.unavailable(table_id, seat, token)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        """Take an open seat: its token and link, for whoever asked first."""
        client = request.client.host if request.client else "unknown"
        account = await writing_account(request)  # signed in: the seat is the account's
        live, token = await service.join(table_id, body.seat, body.name, client, account=account)
        return {
            "seat": body.seat,
            "name": live.table.seats[body.seat].name,
            "token": token,
            "link": f"/t/{table_id}#seat={body.seat}&token={token}",
        }

    @app.post("/api/tables/{table_id}/vote")
    async def vote(table_id: str, body: VoteIn, token: TokenHeader = None) -> Any:
        """What becomes of an absent seat: ``bot`` plays it, or ``end`` the game."""
        return await service.vote(table_id, body.seat, token, body.absent, body.choice)

    @app.post("/api/tables/{table_id}/gone")
    async def gone(table_id: str, body: GoneIn, token: TokenHeader = None) -> Any:
        """Say that a person asked to move has gone (offline a while): the vote opens."""
        return await service.call_gone(table_id, body.seat, token, body.gone)

    @app.post("/api/tables/{table_id}/back")
    async def back(table_id: str, body: UndoIn, token: TokenHeader = None) -> Any:
        """Take one's seat back from the bot that played it."""
        return await service.take_back(table_id, body.seat, token)

    async def finished_record(table_id: str) -> GameRecord:
        return service.finished_record(await service.get(table_id))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        return (await finished_record(table_id)).to_json()

    @app.get("/api/tables/{table_id}/replay/{move}")
    async def replay_view(table_id: str, move: int) -> dict[str, Any]:
        """A finished game as a spectator saw it after ``move`` moves."""
        rec = await finished_record(table_id)
        if not 0 <= move <= len(rec.moves):
            raise ServiceError(422, T("move must be between 0 and {last}", last=len(rec.moves)))
        last = None
        translate = i18n.translator(LANGUAGE.get())
        try:
            state = rec.replay(max(0, move - 1))
            if move:
                seat, data = rec.moves[move - 1]
                action = state.game.parse_action(data)
                prompt = state.game.prompt
                words = (prompt.sentence or prompt.words) if prompt else None
                # the move in the game's words, from the position it was made in (the page
                # writes no notation of its own)
                text = render_words(
                    words(state, seat, action) if words else action.notation(), translate
                )
                state.apply(seat, action)
                last = {"seat": seat, "action": data, "text": text}
        except MotherlodeError as exc:
            raise ServiceError(500, refusal(exc)) from None
        return {
            "table": table_id,
            "game": state.game.id,
            "title": state.game.title,
            "names": [str(s.get("name")) for s in rec.seats],
            "move": move,
            "moves": len(rec.moves),
            "last": last,
            "observation": without_folder(state.observe(None), record_files(rec)),
            "events": absence.lines_in(
                [e.to_json(translate) for e in state.events_for(None)][-300:],
                table_events(rec),
                translate,
            ),
        }

    # ------------------------------------------------------------ WebSocket

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            hello = await receive_frame(websocket)
            if hello is None:
                return
            token = hello.get("token")
            if hello.get("type", "hello") != "hello" or not isinstance(token, str | None):
                raise ServiceError(400, T('the first message is {"type": "hello", "token": "..."}'))
            seat = service.seat_for_token(table_id, token)
            away = hello.get("away") is True
            live = await service.subscribe(table_id, websocket, seat, away=away)
        except ServiceError as exc:
            await refuse(websocket, exc, close=True)
            return
        except WebSocketDisconnect:
            return
        except Exception as exc:
            if not is_outage(exc):
                raise
            service.outage.failed(exc, "a connection")
            await refuse(websocket, ServiceError(503, OUTAGE_MESSAGE), close=True)
            return
        try:
            await chat.welcome(live, websocket, seat)  # the chat so far, if it may read it
            while True:
                try:
                    message = await receive_frame(websocket)
                except ServiceError as exc:
                    await refuse(websocket, exc)
                    continue
                if message is None:
                    return
                await handle_message(live.id, websocket, seat, token, message)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(live, websocket, seat)

    async def receive_frame(websocket: WebSocket) -> dict[str, Any] | None:
        """The next frame as a JSON object; None once the socket is closed (a frame above
        the size limit closes it with 1009).  A malformed frame raises ServiceError 400."""
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        data = message.get("text")
        if data is None:
            data = message.get("bytes") or b""
        if len(data) > limits.max_bytes:
            await websocket.close(code=1009, reason="message too large")
            return None
        try:
            frame = orjson.loads(data)
        except (ValueError, UnicodeDecodeError):
            raise ServiceError(
                400, T("a message must be JSON, got {sent!r}", sent=excerpt(data))
            ) from None
        if not isinstance(frame, dict):
            raise ServiceError(400, T("a message must be a JSON object with a type"))
        return frame

    async def refuse(websocket: WebSocket, exc: ServiceError, *, close: bool = False) -> None:
        await websocket.send_json(error_message(exc))
        if close:
            await websocket.close(code=4000 + exc.status)

    async def handle_message(
        table_id: str, websocket: WebSocket, seat: int | None, token: str | None, message: Any
    ) -> None:
        kind = message.get("type")
        try:
            if kind == "act":
                if seat is None:
                    raise ServiceError(401, T("spectators cannot act; open your seat's link"))
                if "action" not in message:
                    raise ServiceError(400, T("an act message needs an action"))
                view = await service.act(
                    table_id,
                    seat,
                    token,
                    message["action"],
                    message.get("expect_move"),
                    reply=False,
                )
                if view is not None:  # a duplicate: the first was applied; show where it stands
                    await websocket.send_json({"type": "state", "view": view})
            elif kind == "undo":
                if seat is None:
                    raise ServiceError(401, T("spectators cannot undo"))
                await service.undo(table_id, seat, token)
            elif kind == "ping":
                await websocket.send_json({"type": "pong"})
            elif kind == "presence":
                if not isinstance(message.get("away"), bool):
                    raise ServiceError(
                        400, T('a presence message is {"type": "presence", "away": …}')
                    )
                live = await service.get(table_id)
                await service.set_away(live, websocket, message["away"])
            elif kind in CHAT_KINDS:
                await chat.receive(table_id, websocket, seat, token, message)
            else:
                raise ServiceError(422, T("unknown message type {kind!r}", kind=excerpt(kind, 30)))
        except ServiceError as exc:
            await refuse(websocket, exc)
        except Exception as exc:
            if not is_outage(exc):
                raise
            service.outage.failed(exc, f"a message to table {table_id}")
            await refuse(websocket, ServiceError(503, OUTAGE_MESSAGE))

    return app
