"""What one client may ask of the server: sizes, tables, bot time, all set by the operator.

Everything here is checked when a request arrives, before any work is done for it, and a
refusal quotes at most a short excerpt of what was sent.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from motherlode.engine.record import MAX_FILE_BYTES, MAX_FILES
from motherlode.engine.words import T, render
from motherlode.web.i18n import LANGUAGE, in_language, translator

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

EXCERPT = 60
MAX_PARAMETER_OPTIONS = 32
"""The most ``param.*`` options one new table may carry (more go in a parameters.toml)."""
DESIGNER_BYTES = 2 * MAX_FILES * MAX_FILE_BYTES
"""What a new table's request may carry beyond the usual body: a designer's files, each
character of them at most two in JSON (``\\n``, ``\\"``: valid TOML has no other escapes)."""
FINISHED_UNLOAD = 30.0
"""Seconds a finished table nobody watches stays in memory (for the replays that follow)."""


@dataclass(frozen=True)
class Limits:
    """The operator's limits (``motherlode serve`` options)."""

    bot_seconds: float = 2.0
    """The most a bot may think per move."""
    bot_workers: int = 1
    """How many searching bots think at once (worker processes)."""
    max_tables: int = 500
    """Open (running) tables on the server."""
    tables_per_client: int = 30
    """Tables one client address may create per hour."""
    max_bytes: int = 64 * 1024
    """The largest request body or WebSocket frame."""
    allow_client_seed: bool = False
    """Take a seed from the client at tables with people (private test servers only: whoever
    picks the seed can read every hidden card)."""
    unload_after: float = 600.0
    """Seconds a table nobody watches, with no bot or clock running here, stays in memory
    once idle (a finished one: :data:`FINISHED_UNLOAD` at most); the database holds it."""

    def __post_init__(self) -> None:
        if not 0 < self.bot_seconds <= 600:
            raise ValueError("bot_seconds must be more than 0 and at most 600")
        if not 0 <= self.unload_after <= 7 * 24 * 3600:
            raise ValueError("unload_after must be between 0 and a week (seconds)")
        for name in ("bot_workers", "max_tables", "tables_per_client", "max_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A short, printable excerpt of something a client sent (never the whole of it)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)[: limit * 4]
    text = text.replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def clip(message: str, limit: int = 300) -> str:
    """A message held to ``limit`` characters, whatever it quotes."""
    return message if len(message) <= limit else message[:limit] + "…"


VALIDATION_WORDS: dict[str, tuple[T, ...]] = {
    "missing": (T("Field required"),),
    "json_invalid": (T("JSON decode error"), T("Invalid JSON: {error}")),
    "int_type": (T("Input should be a valid integer"),),
    "int_parsing": (T("Input should be a valid integer, unable to parse string as an integer"),),
    "int_from_float": (T("Input should be a valid integer, got a number with a fractional part"),),
    "float_type": (T("Input should be a valid number"),),
    "float_parsing": (T("Input should be a valid number, unable to parse string as a number"),),
    "bool_type": (T("Input should be a valid boolean"),),
    "bool_parsing": (T("Input should be a valid boolean, unable to interpret input"),),
    "string_type": (T("Input should be a valid string"),),
    "string_too_short": (T("String should have at least {min_length} characters"),),
    "string_too_long": (T("String should have at most {max_length} characters"),),
    "too_short": (
        T("List should have at least {min_length} item after validation, not {actual_length}"),
        T("List should have at least {min_length} items after validation, not {actual_length}"),
    ),
    "too_long": (
        T("List should have at most {max_length} item after validation, not {actual_length}"),
        T("List should have at most {max_length} items after validation, not {actual_length}"),
    ),
    "dict_type": (T("Input should be a valid dictionary"),),
    "model_attributes_type": (
        T("Input should be a valid dictionary or object to extract fields from"),
    ),
    "list_type": (T("Input should be a valid list"),),
    "greater_than": (T("Input should be greater than {gt}"),),
    "greater_than_equal": (T("Input should be greater than or equal to {ge}"),),
    "less_than": (T("Input should be less than {lt}"),),
    "less_than_equal": (T("Input should be less than or equal to {le}"),),
    "literal_error": (T("Input should be {expected}"),),
    "extra_forbidden": (T("Extra inputs are not permitted"),),
}
"""What pydantic says of a field, by the error's type, as words (its English, word for word:
a message none of these match, a singular, a custom validator's, stays as pydantic wrote it)."""


def validation_words(error: Mapping[str, Any]) -> str | T:
    """One of FastAPI's validation errors, as words where :data:`VALIDATION_WORDS` knows it."""
    msg = str(error.get("msg", "invalid"))
    context = error.get("ctx") or {}
    for words in VALIDATION_WORDS.get(str(error.get("type", "")), ()):
        try:
            said = T(words.template, **{str(k): v for k, v in context.items()})
            if str(said) == msg:
                return said
        except (KeyError, IndexError, TypeError, ValueError):  # a place its context lacks
            continue
    return msg


async def validation_error(_: Request, exc: Exception) -> JSONResponse:
    """FastAPI's 422, without echoing the input: where it failed and why, in a line each,
    in the request's language (its English as pydantic says it)."""
    assert isinstance(exc, RequestValidationError)
    translate = translator(LANGUAGE.get())
    problems = []
    for error in exc.errors()[:10]:
        where = ".".join(str(part) for part in error.get("loc", ()))
        problems.append(
            {"loc": where, "msg": clip(render(validation_words(error), translate), 120)}
        )
    summary = "; ".join(
        in_language(T("{where}: {why}", where=p["loc"], why=p["msg"])) for p in problems
    )
    return JSONResponse({"detail": clip(summary), "errors": problems}, status_code=422)


class BodyLimit:
    """Refuse request bodies above ``max_bytes`` with 413, whether or not they say their
    length (a body sent in chunks is counted as it arrives).  ``larger``: a bigger limit
    for some ``(method, path)`` (a new table, which may carry a designer's files)."""

    def __init__(
        self, app: ASGIApp, max_bytes: int, larger: dict[tuple[str, str], int] | None = None
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get((scope.get("method", ""), scope.get("path", "")), self.max_bytes)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = limit + 1
                if declared > limit:
                    await self._refuse(send, limit)
                    return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:  # FastAPI passes HTTPException through
                    raise HTTPException(413, self._message(limit))
            return message

        await self.app(scope, counted, send)

    @staticmethod
    def _message(limit: int) -> str:
        """The refusal, in the request's language (this runs inside the language's
        middleware)."""
        return in_language(T("the request is too large: at most {limit} bytes", limit=limit))

    async def _refuse(self, send: Send, limit: int) -> None:
        body = json.dumps({"detail": self._message(limit)}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class CreationRate:
    """How many tables each client address created in the last hour (a sliding window)."""

    def __init__(self, per_hour: int, window: float = 3600.0) -> None:
        self.per_hour = per_hour
        self.window = window
        self._times: defaultdict[str, deque[float]] = defaultdict(deque)

    def allow(self, client: str, now: float | None = None) -> bool:
        """Count one creation for ``client`` if it is under the limit; False if not."""
        now = time.monotonic() if now is None else now
        times = self._times[client]
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.per_hour:
            return False
        times.append(now)
        if len(self._times) > 10_000:  # forget addresses that have gone quiet
            for key in [k for k, v in self._times.items() if not v or v[-1] <= now - self.window]:
                del self._times[key]
        return True
