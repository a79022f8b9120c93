"""The routes of the site's languages: the page's catalog and the language switch."""

from __future__ import annotations

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from motherlode.web import i18n
from motherlode.web.errors import ServiceError

YEAR = 365 * 86400


class LanguageIn(BaseModel):
    lang: str = Field(max_length=8)


def request_language(request: Request) -> str:
    """The language to answer ``request`` in (the switch's cookie, the Accept-Language)."""
    return i18n.negotiate(
        request.cookies.get(i18n.COOKIE), None, request.headers.get("accept-language")
    )


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
            raise ServiceError(404, "no such language")
        return JSONResponse(i18n.page_catalog(lang))

    @router.post("/api/language")
    async def choose_language(body: LanguageIn) -> Response:
        """The switch: remember the language in this browser for a year."""
        if body.lang not in i18n.LANGUAGES:
            raise ServiceError(422, f"lang must be one of {', '.join(i18n.LANGUAGES)}")
        response = JSONResponse({"lang": body.lang})
        response.set_cookie(
            i18n.COOKIE, body.lang, max_age=YEAR, path="/", samesite="lax", httponly=True
        )
        return response

    return router
