"""The site's languages at the server: which language a request or a connection is answered
in, the page's catalog and the language switch.

The language of what is being answered is a context variable (:data:`LANGUAGE`), set for each
request by :class:`LanguageMiddleware` and for a table connection's lifetime by its socket:
views, refusals and log lines read it, so no call in between passes a language along.  A
broadcast to many connections names each one's language itself.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from motherlode.engine.words import T
from motherlode.web import i18n
from motherlode.web.errors import ServiceError

YEAR = 365 * 86400
LANGUAGE = i18n.LANGUAGE
"""The language of the request or connection being answered (kept in :mod:`i18n`, which
every part of the web layer may import without a cycle)."""


in_language = i18n.in_language


class LanguageIn(BaseModel):
    lang: str = Field(max_length=8)


def request_language(request: Request) -> str:
    """The language to answer ``request`` in (the switch's cookie, the Accept-Language)."""
    return i18n.negotiate(
        request.cookies.get(i18n.COOKIE), None, request.headers.get("accept-language")
    )


def scope_language(scope: Any) -> str:
    """The language of an HTTP request or a WebSocket, from its raw headers."""
    cookie = accept = None
    for name, value in scope.get("headers") or ():
        if name == b"cookie" and len(value) <= 8192:
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header: as if none were sent
                continue
            if i18n.COOKIE in jar:
                cookie = jar[i18n.COOKIE].value
        elif name == b"accept-language":
            accept = value[:1000].decode("latin-1")
    return i18n.negotiate(cookie, None, accept)


class LanguageMiddleware:
    """Sets :data:`LANGUAGE` for each request and connection (pure ASGI: the context
    variable reaches the route, which a task-switching middleware would not promise)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = LANGUAGE.set(scope_language(scope))
        try:
            await self.app(scope, receive, send)
        finally:
            LANGUAGE.reset(token)


def languages_router() -> APIRouter:
    router = APIRouter()

    @router.get("/i18n/messages.js", include_in_schema=False)
    async def messages_script(request: Request) -> Response:
        """The page's catalog, as a script every page loads before its own: it sets
        ``window.MOTHERLODE_I18N`` (static/i18n.js reads it), so nothing is drawn in English
        first and translated after."""
        data = i18n.page_catalog(request_language(request))
        body = b"window.MOTHERLODE_I18N = " + orjson.dumps(data) + b";\n"
        return Response(
            body,
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"},
        )

    @router.get("/i18n/{lang}.json")
    async def messages_json(lang: str) -> JSONResponse:
        """One language's browser catalog as JSON (English: empty, the ids are English)."""
        if lang not in i18n.LANGUAGES:
            raise ServiceError(404, T("no such language"))
        return JSONResponse(i18n.page_catalog(lang))

    @router.post("/api/language")
    async def choose_language(body: LanguageIn) -> Response:
        """The switch: remember the language in this browser for a year."""
        if body.lang not in i18n.LANGUAGES:
            choices = ", ".join(i18n.LANGUAGES)
            raise ServiceError(422, T("lang must be one of {choices}", choices=choices))
        response = JSONResponse({"lang": body.lang})
        response.set_cookie(
            i18n.COOKIE, body.lang, max_age=YEAR, path="/", samesite="lax", httponly=True
        )
        return response

    return router
