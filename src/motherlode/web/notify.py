""" "Your turn" notifications at turn-based tables: e-mail, Web Push, and reminders.

A table whose clock is turn-based (``settings["clock"]`` names a clock of kind ``turn``,
hours or days a move: :mod:`motherlode.web.people`) waits for people who are not looking.
When a decision opens for an account's seat and that seat has no connection anywhere (no
page open, in any server process), the account is told once:

* by **e-mail**, where the operator configured SMTP and the player opted in with an
  address: the link opens the table at the player's seat on any device (the account's seat
  link, see :func:`~motherlode.web.identity.account_seat_token`);
* by **Web Push**, where the operator configured VAPID keys and the player's browser
  subscribed (``static/sw.js`` shows it; a click opens the same link).

A seat whose page is open (seen or in the background) hears of its turn from the page.
One **reminder** per decision goes out when the clock has :func:`reminder_lead` left (a
quarter of its time or an hour, whichever is shorter), unless the seat is looking at the
table right then.  Each notification is claimed in the database before it is sent
(:func:`motherlode.storage.notifications.claim`): whichever process gets there first sends
it, and none sends it twice.

Everything runs after the move's commit, in the background (the service's
``change_hooks`` and a sweep every :data:`SWEEP_SECONDS`); SMTP and the push services are
called in a thread.  A mail server or push service that fails is logged once (until it
works again) and never touches a move.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import functools
import ipaddress
import json
import logging
import os
import smtplib
import ssl
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Body, Depends
from pydantic import BaseModel, Field

from motherlode.engine.words import T
from motherlode.storage import accounts as users
from motherlode.storage import notifications as store
from motherlode.web import i18n
from motherlode.web import people as ppl
from motherlode.web.absence import asked_people
from motherlode.web.accounts import require_account, require_csrf
from motherlode.web.errors import ServiceError
from motherlode.web.identity import Account, account_seat_token
from motherlode.web.live import LiveTable
from motherlode.web.outage import is_outage
from motherlode.web.service import TableService

log = logging.getLogger("motherlode.web.notify")

SWEEP_SECONDS = 60.0
"""How often a process looks for decisions whose clock runs out soon (the reminders)."""
REMINDER_MOST = 3600.0
"""A reminder goes at most this long before the clock runs out (see :func:`reminder_lead`)."""
SMTP_TIMEOUT = 20.0
PUSH_TIMEOUT = 10.0
SEEN_KEEP = 10_000
"""Decisions this process remembers having handled (so a hook after every change is cheap)."""
MAX_ENDPOINT = 800
PUSH_SERVICE_PORTS = (None, 443)

ENVIRONMENT = {
    "smtp_host": "MOTHERLODE_SMTP_HOST",
    "smtp_port": "MOTHERLODE_SMTP_PORT",
    "smtp_username": "MOTHERLODE_SMTP_USERNAME",
    "smtp_password": "MOTHERLODE_SMTP_PASSWORD",
    "smtp_from": "MOTHERLODE_SMTP_FROM",
    "smtp_starttls": "MOTHERLODE_SMTP_STARTTLS",
    "vapid_private_key": "MOTHERLODE_VAPID_PRIVATE_KEY",
    "vapid_public_key": "MOTHERLODE_VAPID_PUBLIC_KEY",
    "vapid_subject": "MOTHERLODE_VAPID_SUBJECT",
    "base_url": "MOTHERLODE_BASE_URL",
}
"""Each operator setting's environment variable (``motherlode serve`` reads the same)."""

WORDS: dict[str, T] = {
    "turn_subject": T("Your turn at {title}"),
    "turn_body": T(
        "Hello {name},\n\n"
        "it is your turn at {title}.\n\n"
        "Open the table at your seat:\n{link}\n\n"
        "{clock}; {left} left for this move.\n"
    ),
    "reminder_subject": T("Reminder: {left} left for your move at {title}"),
    "reminder_body": T(
        "Hello {name},\n\n"
        "your move at {title} is still open, and the clock runs out in {left}.\n"
        "When it does, the others may let a bot play your seat or end the game.\n\n"
        "Open the table at your seat:\n{link}\n"
    ),
    "push_turn_title": T("Your turn at {title}"),
    "push_reminder_title": T("{left} left for your move"),
    "push_body": T("{title}: open the table at your seat"),
    "footer": T(
        "\n--\nYou get this because you asked for e-mail when it is your turn; "
        "your account's settings turn it off."
    ),
    "minutes": T("{n} minutes"),
    "minute": T("1 minute"),
    "hours": T("{n} hours"),
    "hour": T("1 hour"),
    "days": T("{n} days"),
    "day": T("1 day"),
}
"""Everything this module writes in words, in one place: each message in its recipient's
language (the account's, else English), filled by :func:`say`."""

REFUSALS: dict[str, T] = {
    "no_push": T("this server sends no Web Push (its operator set no VAPID keys)"),
    "endpoint": T("endpoint must be a push service's https URL (on port 443, by host name)"),
    "keys": T("keys must be the browser's p256dh (a P-256 public key) and auth (16 bytes)"),
    "unknown": T("no such subscription for this account"),
}
"""The push routes' refusals."""


def say(key: str, **values: str | T) -> T:
    """:data:`WORDS`' sentence ``key`` with its places filled."""
    return T(WORDS[key].template, **values)


def reminder_lead(clock: ppl.Clock) -> float:
    """How long before a turn clock runs out its reminder goes: a quarter of the clock's
    time, but never more than an hour (an hour clock: at 15 minutes left; a day or three:
    at an hour left).  The shorter of the two, so that a reminder comes when the move is
    really due, not in the middle of a player's day of thinking."""
    return min(clock.move / 4, REMINDER_MOST)


def in_words(seconds: float) -> T:
    """A time left as a person says it: minutes, hours, or days."""
    minutes = max(1, round(seconds / 60))
    if minutes < 120:
        return WORDS["minute"] if minutes == 1 else say("minutes", n=str(minutes))
    hours = round(seconds / 3600)
    if hours < 48:
        return WORDS["hour"] if hours == 1 else say("hours", n=str(hours))
    days = round(seconds / 86400)
    return WORDS["day"] if days == 1 else say("days", n=str(days))


# ------------------------------------------------------------------ the operator's settings


def _flag(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "yes", "true", "on"):
        return True
    if value in ("0", "no", "false", "off", ""):
        return False
    raise ValueError(f"a yes/no setting must be yes or no, not {text[:20]!r}")


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64url(text: str) -> bytes:
    """base64url with or without its padding (ValueError if it is not)."""
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except binascii.Error as exc:
        raise ValueError(str(exc)) from None


@dataclass(frozen=True)
class NotifySettings:
    """What the operator configured: an SMTP server for e-mail, VAPID keys for Web Push,
    and the site's public address for the links in them.  Either half may be left out:
    that channel is off."""

    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_username: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    smtp_from: str | None = None
    """The sender's address (``From``); e-mail is off without it."""
    smtp_starttls: bool = True
    """Upgrade the connection with STARTTLS before logging in (off: a local relay only)."""
    vapid_private_key: str | None = field(default=None, repr=False)
    """The private key: PEM text, a PEM or DER file's path, or base64url (raw or DER)."""
    vapid_public_key: str | None = None
    """Its public key, base64url (derived from the private key when left out)."""
    vapid_subject: str | None = None
    """How push services may reach the operator: ``mailto:…`` or ``https://…``."""
    base_url: str = "http://127.0.0.1:8000"
    """The site as its players reach it (``https://games.example.org``): links are absolute."""

    def __post_init__(self) -> None:
        if not 0 < self.smtp_port < 65536:
            raise ValueError("the SMTP port must be between 1 and 65535")
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("the base URL must be the site's http(s) address")
        object.__setattr__(self, "base_url", self.base_url.rstrip("/"))
        if self.vapid_private_key:
            if not self.vapid_subject or not self.vapid_subject.startswith(("mailto:", "https:")):
                raise ValueError("Web Push needs a VAPID subject: mailto:you@… or https://…")
            public = _b64url(_public_bytes(self.vapid))
            if self.vapid_public_key and self.vapid_public_key.rstrip("=") != public:
                raise ValueError("the VAPID public key is not the private key's")
            object.__setattr__(self, "vapid_public_key", public)

    @property
    def email_on(self) -> bool:
        return bool(self.smtp_host and self.smtp_from)

    @property
    def push_on(self) -> bool:
        return bool(self.vapid_private_key and self.vapid_public_key)

    @functools.cached_property
    def vapid(self) -> Any:
        """The VAPID key as pywebpush signs with it (read once)."""
        from py_vapid import Vapid

        key = (self.vapid_private_key or "").strip()
        if "-----BEGIN" not in key and "\n" not in key and Path(key).is_file():
            key = Path(key).read_text().strip()
        if "-----BEGIN" in key:
            return Vapid.from_pem(key.encode())
        return Vapid.from_string(key)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **given: Any) -> NotifySettings:
        """The settings from ``MOTHERLODE_SMTP_*``, ``MOTHERLODE_VAPID_*`` and
        ``MOTHERLODE_BASE_URL`` (see :data:`ENVIRONMENT`); ``given`` values win."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for name, var in ENVIRONMENT.items():
            text = env.get(var)
            if text is None or text == "":
                continue
            if name == "smtp_port":
                values[name] = int(text)
            elif name == "smtp_starttls":
                values[name] = _flag(text)
            else:
                values[name] = text
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)


def _public_bytes(vapid: Any) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    data: bytes = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return data


# --------------------------------------------------------------------- sending, in threads


def send_email(settings: NotifySettings, message: EmailMessage) -> None:
    """Hand one message to the operator's SMTP server (blocking: run it in a thread)."""
    assert settings.smtp_host is not None
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT) as smtp:
        if settings.smtp_starttls:
            smtp.starttls(context=ssl.create_default_context())
        if settings.smtp_username:
            smtp.login(settings.smtp_username, settings.smtp_password or "")
        smtp.send_message(message)


def send_push(
    settings: NotifySettings, subscription: store.Subscription, payload: dict[str, Any], ttl: int
) -> int:
    """Encrypt ``payload`` for the browser and POST it to its push service (blocking: run
    it in a thread).  Returns the push service's HTTP status; redirects are not followed."""
    import requests
    from pywebpush import WebPushException, webpush

    session = requests.Session()
    session.max_redirects = 0
    claims: dict[str, str | int] = {"sub": settings.vapid_subject or ""}
    try:
        response = webpush(
            subscription.info(),
            json.dumps(payload),
            vapid_private_key=settings.vapid,
            vapid_claims=claims,
            timeout=PUSH_TIMEOUT,
            ttl=ttl,
            requests_session=session,
        )
    except WebPushException as exc:
        if exc.response is not None:
            return int(exc.response.status_code)
        raise
    finally:
        session.close()
    return int(getattr(response, "status_code", 201))


class Trouble:
    """A channel's failures, told once: one warning when it starts failing, one line when
    it works again (a mail server down for an hour is not a log line per move)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.failing = False
        self.failures = 0

    def failed(self, exc: BaseException, *, trace: bool = False) -> None:
        """Count a failure; the first of a run is logged (``trace``: with its traceback,
        for a failure that is a bug rather than a server out of reach)."""
        self.failures += 1
        if not self.failing:
            self.failing = True
            log.warning(
                "%s failed (%s: %s); notifications by it are dropped until it works again",
                self.what,
                type(exc).__name__,
                str(exc).strip()[:200],
                exc_info=exc if trace else None,
            )

    def worked(self) -> None:
        if self.failing:
            self.failing = False
            log.warning("%s works again", self.what)


# ------------------------------------------------------------------------------ the notifier


@dataclass(frozen=True)
class Message:
    """What one account is told: subject and text (e-mail), title and body (push), link."""

    subject: str
    text: str
    title: str
    body: str
    link: str
    tag: str


class Notifier:
    """Sends the notifications of one server process (see the module's docstring)."""

    def __init__(self, service: TableService, settings: NotifySettings) -> None:
        self.service = service
        self.db = service.db
        self.settings = settings
        self.mail_trouble = Trouble("sending e-mail")
        self.push_trouble = Trouble("sending Web Push")
        self.sweep_trouble = Trouble("the reminder sweep")
        self._seen: dict[tuple[str, int, tuple[int, ...]], None] = {}
        self._task: asyncio.Task[None] | None = None
        self._reminded: dict[tuple[str, int], None] = {}
        """Decisions whose reminders the sweep has settled here (skipped from then on)."""
        self.sent: deque[tuple[str, int, int, str]] = deque(maxlen=1000)
        """(table, account, decision, kind) of the latest notifications this process sent."""

    @property
    def on(self) -> bool:
        return self.settings.email_on or self.settings.push_on

    # -------------------------------------------------------------------- lifecycle

    def start(self) -> None:
        """Run the reminder sweep every :data:`SWEEP_SECONDS` (nothing when neither
        e-mail nor Web Push is configured)."""
        if self.on and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._sweeps())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _sweeps(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
                self.sweep_trouble.worked()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.sweep_trouble.failed(exc, trace=not is_outage(exc))

    # ------------------------------------------------------------------- your turn

    async def after_change(self, live: LiveTable) -> None:
        """The service's change hook: a decision opened (or goes on) at a turn-based table;
        tell the accounts asked who are not at the table."""
        if not self.on:
            return
        clock = ppl.clock_of(live.settings)
        if clock is None or clock.kind != "turn" or not live.people:
            return
        if live.finished or live.open_seats:
            return
        absent = ppl.absent_seats(live.people)
        asked = tuple(s for s in asked_people(live) if s not in absent)
        opened = int(live.people.get("opened", 0))
        key = (live.id, opened, asked)
        if not asked or key in self._seen:
            return  # nobody to tell, or told (or found at the table) already
        if len(self._seen) >= SEEN_KEEP:
            del self._seen[next(iter(self._seen))]
        self._seen[key] = None
        deadline = float(live.people.get("opened_at", time.time())) + clock.move
        try:
            await self._notify(live, list(asked), opened, "turn", deadline)
        except Exception as exc:
            self._seen.pop(key, None)  # the next change tries again
            if is_outage(exc):
                self.service.outage.failed(exc, f"the notifications of table {live.id}")
            else:
                log.exception("the notifications of table %s failed", live.id)

    # -------------------------------------------------------------------- reminders

    async def sweep(self, now: float | None = None) -> int:
        """Send the reminders due now (``now``: tests move the time); returns how many
        accounts were reminded.  Only tables this process holds are looked at: a running
        turn-based table is always held by the process that runs its clock."""
        if not self.on:
            return 0
        now = time.time() if now is None else now
        turn = {c.name: c for c in ppl.CLOCKS.values() if c.kind == "turn"}
        windows = {name: (float(c.move), reminder_lead(c)) for name, c in turn.items()}
        due = await asyncio.to_thread(store.due_tables, self.db, windows, now)
        reminded = 0
        for table in due:
            live = self.service.tables.get(table.table_id)
            if live is None or live.finished or live.open_seats or not live.people:
                continue
            if int(live.people.get("opened", -1)) != table.opened:
                continue  # this copy is behind: the next sweep looks again
            absent = ppl.absent_seats(live.people)
            asked = [s for s in asked_people(live) if s not in absent]
            deadline = table.opened_at + turn[table.clock].move
            key = (table.table_id, table.opened)
            if key in self._reminded:
                continue  # settled: every account asked was reminded, here or elsewhere
            told, waiting = await self._notify(live, asked, table.opened, "reminder", deadline, now)
            reminded += told
            if not waiting:
                if len(self._reminded) >= SEEN_KEEP:
                    del self._reminded[next(iter(self._reminded))]
                self._reminded[key] = None
        return reminded

    # --------------------------------------------------------------------- sending

    async def _notify(
        self,
        live: LiveTable,
        asked: list[int],
        opened: int,
        kind: str,
        deadline: float,
        now: float | None = None,
    ) -> tuple[int, int]:
        """Tell each account holding an ``asked`` seat, once (claimed first); returns how
        many were told, and how many were not because they are looking at the table."""
        people = await asyncio.to_thread(store.recipients, self.db, live.id, asked)
        if not people:
            return 0, 0
        # who is at the table now, in any process (this copy's may be older)
        presence = await asyncio.to_thread(self.db.presence, live.id, ppl.PRESENCE_FRESH)
        told = waiting = 0
        for person in people:
            here = presence.get(person.seat)
            if here == "online" or (kind == "turn" and here == "away"):
                waiting += 1
                continue  # looking at the table (or its page in the background tells them)
            email = person.email if self.settings.email_on else None
            pushes = person.subscriptions if self.settings.push_on else []
            if not email and not pushes:
                continue
            at = time.time() if now is None else now
            if not await asyncio.to_thread(
                store.claim, self.db, live.id, person.user_id, opened, kind, at
            ):
                continue  # another process (or an earlier change) sent it
            user = await asyncio.to_thread(users.user_by_id, self.db, person.user_id)
            lang = (user.language if user is not None else None) or i18n.DEFAULT
            message = self.message(live, person, kind, max(0.0, deadline - at), lang)
            self.sent.append((live.id, person.user_id, opened, kind))
            told += 1
            if email:
                await self._email(email, message)
            for subscription in pushes:
                await self._push(subscription, message, max(60, int(deadline - at)))
        return told, waiting

    def message(
        self,
        live: LiveTable,
        person: store.Recipient,
        kind: str,
        left: float,
        lang: str = i18n.DEFAULT,
    ) -> Message:
        """What ``person`` is told, in ``lang`` (their account's language)."""
        table = live.id
        token = account_seat_token(person.seat_key, table, person.seat)
        link = f"{self.settings.base_url}/t/{table}#seat={person.seat}&token={token}"
        clock = ppl.clock_of(live.settings)
        words: dict[str, str | T] = {
            "name": person.username,
            "title": live.table.game.title,
            "link": link,
            "left": in_words(left),
            "clock": clock.label if clock is not None else "",
        }
        translate = i18n.translator(lang)
        title = "push_turn_title" if kind == "turn" else "push_reminder_title"
        body = say(f"{kind}_body", **words).render(translate)
        return Message(
            subject=say(f"{kind}_subject", **words).render(translate),
            text=body + WORDS["footer"].render(translate),
            title=say(title, **words).render(translate),
            body=say("push_body", **words).render(translate),
            link=link,
            tag=f"motherlode-{table}",
        )

    async def _email(self, to: str, message: Message) -> None:
        try:
            mail = EmailMessage()
            mail["From"] = self.settings.smtp_from or ""
            mail["To"] = to
            mail["Subject"] = message.subject
            mail.set_content(message.text)
            await asyncio.to_thread(send_email, self.settings, mail)
        except Exception as exc:
            self.mail_trouble.failed(exc)
            return
        self.mail_trouble.worked()

    async def _push(self, subscription: store.Subscription, message: Message, ttl: int) -> None:
        payload = {
            "title": message.title,
            "body": message.body,
            "url": message.link,
            "tag": message.tag,
        }
        try:
            status = await asyncio.to_thread(send_push, self.settings, subscription, payload, ttl)
        except Exception as exc:
            self.push_trouble.failed(exc)
            return
        if status in (404, 410):  # the browser unsubscribed: the push service forgot it
            await asyncio.to_thread(store.drop_endpoint, self.db, subscription.endpoint)
        elif status >= 400:
            self.push_trouble.failed(RuntimeError(f"the push service answered {status}"))
        else:
            self.push_trouble.worked()


# ------------------------------------------------------------------------------- the routes


class PushKeys(BaseModel):
    p256dh: str = Field(max_length=100)
    auth: str = Field(max_length=40)


class PushIn(BaseModel):
    """A browser's ``PushSubscription.toJSON()`` (its expiry, if any, is left out)."""

    endpoint: str = Field(max_length=MAX_ENDPOINT)
    keys: PushKeys


Signed = Annotated[Account, Depends(require_account)]


class PushOut(BaseModel):
    endpoint: str = Field(max_length=MAX_ENDPOINT)


def push_endpoint(url: str) -> str:
    """The endpoint if it can be a browser's push service: https on port 443, by a host
    name (never an address, never this machine), bounded; else a 422."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise ServiceError(422, REFUSALS["endpoint"]) from None
    host = (parts.hostname or "").lower()
    if (
        len(url) > MAX_ENDPOINT
        or parts.scheme != "https"
        or port not in PUSH_SERVICE_PORTS
        or parts.username
        or parts.password
        or "." not in host
        or host.endswith((".localhost", ".local", ".internal", "."))
        or any(c.isspace() for c in url)
    ):
        raise ServiceError(422, REFUSALS["endpoint"])
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host.strip("[]"))
        raise ServiceError(422, REFUSALS["endpoint"])
    return url


def push_keys(keys: PushKeys) -> dict[str, str]:
    """The browser's keys if they are what Web Push encrypts to: a P-256 point and a
    16-byte secret, base64url; else a 422."""
    from cryptography.hazmat.primitives.asymmetric import ec

    try:
        point = _unb64url(keys.p256dh)
        auth = _unb64url(keys.auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise ServiceError(422, REFUSALS["keys"]) from None
    if len(point) != 65 or len(auth) != 16:
        raise ServiceError(422, REFUSALS["keys"])
    return {"p256dh": keys.p256dh.rstrip("="), "auth": keys.auth.rstrip("=")}


def push_router(notifier: Notifier) -> APIRouter:
    """The Web Push routes: the server's public key, and a signed-in account's browser
    subscribing and unsubscribing (a write: the session's CSRF token, from this site)."""
    router = APIRouter()
    settings = notifier.settings
    db = notifier.db

    def need_push() -> None:
        if not settings.push_on:
            raise ServiceError(404, REFUSALS["no_push"])

    @router.get("/api/push/key")
    async def push_key() -> dict[str, str]:
        """The VAPID public key a browser subscribes with (404: no Web Push here)."""
        need_push()
        return {"key": settings.vapid_public_key or ""}

    @router.post("/api/account/push", status_code=201, dependencies=[Depends(require_csrf)])
    async def subscribe(body: PushIn, who: Signed) -> dict[str, Any]:
        """Keep this browser's subscription for the signed-in account."""
        need_push()
        endpoint = push_endpoint(body.endpoint)
        keys = push_keys(body.keys)
        await asyncio.to_thread(store.add_subscription, db, who.id, endpoint, keys, time.time())
        return {"subscribed": True, "most": store.MAX_SUBSCRIPTIONS}

    @router.delete("/api/account/push", dependencies=[Depends(require_csrf)])
    async def unsubscribe(body: Annotated[PushOut, Body()], who: Signed) -> dict[str, Any]:
        """Forget this browser's subscription (its page unsubscribed)."""
        gone = await asyncio.to_thread(store.remove_subscription, db, who.id, body.endpoint)
        if not gone:
            raise ServiceError(404, REFUSALS["unknown"])
        return {"subscribed": False}

    return router


def install_notifier(service: TableService, settings: NotifySettings | None) -> Notifier:
    """A notifier for ``service`` (``settings`` None: from the environment), its change
    hook added."""
    notifier = Notifier(service, settings or NotifySettings.from_env())
    service.change_hooks.append(notifier.after_change)
    return notifier
