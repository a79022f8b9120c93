"""The server's words in German (issue 32): a refusal, a table event, the lobby's clocks, an
e-mail and the GOLDFIX DASHBOARD's journal come back in the language the request or the
connection asked for (``Accept-Language``, or the switch's cookie), and in English, word for
word as before, without; and no refusal of the web layer is English-only (checked on the
source: a new ``ServiceError("…")`` without ``T`` fails here).

The German comes from the server catalog (``locale/de``): the tests that read it pass once
the web layer's translations are merged there.
"""

from __future__ import annotations

import ast
import importlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from motherlode.engine import get_game
from motherlode.engine.words import T
from motherlode.games.goldfix import ledger
from motherlode.storage.models import UserRow
from motherlode.table import Table
from motherlode.web import absence, i18n
from motherlode.web.app import create_app
from motherlode.web.people import CLOCKS
from tests.web.test_api import act, view
from tests.web.test_notifications import (  # noqa: F401 (fixtures)
    Mailbox,
    Site,
    account,
    bid,
    mailbox,
    site,
    smtp,
    subject,
    turn_table,
    wait_for,
)

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
WEB = Path(i18n.__file__).parent


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'german.db'}")) as c:
        yield c


def table(client: TestClient, game: str = "carcassonne", people: int = 2) -> tuple[str, list[str]]:
    seats = [{"agent": "human", "name": f"P{i + 1}"} for i in range(people)]
    made = client.post("/api/tables", json={"game": game, "seats": seats})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


def said(response: Any) -> str:
    detail: str = response.json()["detail"]
    return detail


# ------------------------------------------------------------------ refusals over HTTP


def test_a_move_the_rules_refuse_is_refused_in_the_readers_language(client: TestClient) -> None:
    table_id, tokens = table(client)
    move = view(client, table_id, tokens[0])["legal"][0]["action"]  # P1's, not P2's
    headers = {"X-Seat-Token": tokens[1]}
    body = {"seat": 1, "action": move}
    english = client.post(f"/api/tables/{table_id}/actions", json=body, headers=headers)
    german = client.post(
        f"/api/tables/{table_id}/actions", json=body, headers={**headers, **GERMAN}
    )
    assert english.status_code == german.status_code == 422
    assert said(english) == "it is not P2's decision; waiting for P1"
    assert said(german) == "P2 ist nicht am Zug; es wird gewartet auf P1"


def test_a_table_that_does_not_exist_and_another_seats_token(client: TestClient) -> None:
    assert said(client.get("/api/tables/nope")) == "there is no table 'nope'"
    assert said(client.get("/api/tables/nope", headers=GERMAN)) == "Es gibt keinen Tisch 'nope'"
    client.cookies.set(i18n.COOKIE, "de")  # the switch's choice wins over the header
    refused = client.get("/api/tables/nope", headers={"Accept-Language": "en"})
    assert said(refused) == "Es gibt keinen Tisch 'nope'"
    client.cookies.clear()
    table_id, tokens = table(client)
    move = view(client, table_id, tokens[0])["legal"][0]["action"]
    english = act(client, table_id, 0, tokens[1], move)
    assert english.status_code == 403
    assert said(english) == "this token does not belong to that seat"
    german = client.post(
        f"/api/tables/{table_id}/actions",
        json={"seat": 0, "action": move},
        headers={"X-Seat-Token": tokens[1], **GERMAN},
    )
    assert said(german) == "Dieses Token gehört nicht zu diesem Platz"
    # a value the client sent stays an excerpt inside the German sentence
    long = "x" * 500
    refused = client.get(f"/api/tables/{long}", headers=GERMAN)
    assert refused.status_code == 404 and long not in said(refused)
    assert said(refused).startswith("Es gibt keinen Tisch 'xxx")


def test_a_failed_sign_in_and_a_refused_setting(client: TestClient) -> None:
    body = {"username": "nobody_here", "password": "not the password"}
    english = client.post("/api/account/login", json=body)
    german = client.post("/api/account/login", json=body, headers=GERMAN)
    assert english.status_code == german.status_code == 401
    assert said(english) == "wrong name or password"
    assert said(german) == "Name oder Passwort falsch"
    settings = client.patch("/api/account/settings", json={"language": "de"}, headers=GERMAN)
    assert settings.status_code == 401 and said(settings) == "Melde dich zuerst an"


def test_the_lobby_and_the_limits_speak_german(client: TestClient) -> None:
    clocks = client.get("/api/games", headers=GERMAN).json()["clocks"]
    labels = {c["name"]: c["label"] for c in clocks}
    assert labels["hour"] == "Rundenbasiert: eine Stunde pro Zug"
    english = {c["name"]: c["label"] for c in client.get("/api/games").json()["clocks"]}
    assert english == {c.name: str(c.label) for c in CLOCKS.values()}
    settings = {"game": "carcassonne", "seats": [{"agent": "human"}], "settings": {"clock": "x"}}
    refused = client.post("/api/tables", json=settings, headers=GERMAN)
    assert refused.status_code == 422
    assert said(refused).startswith("clock muss eins davon sein: none, fast")
    big = client.post("/api/tables", content=b"{" + b" " * 70_000 + b"}", headers=GERMAN)
    assert big.status_code == 413 and said(big).startswith("Die Anfrage ist zu groß")


# ------------------------------------------------------------------ over the socket


def test_socket_refusals_and_chat_refusals_in_the_connections_language(
    client: TestClient,
) -> None:
    table_id, tokens = table(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url, headers=GERMAN) as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "chat", "text": "   "})
        frame = next_error(ws)
        assert frame["about"] == "chat"
        assert frame["message"] == (
            "Eine Chatnachricht braucht mindestens einen Buchstaben, eine Ziffer oder ein Zeichen"
        )
        ws.send_json({"type": "dance"})
        assert next_error(ws)["message"] == "Unbekannter Nachrichtentyp 'dance'"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "undo"})
        assert next_error(ws)["message"] == "spectators cannot undo"
    with client.websocket_connect(url, headers=GERMAN) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "undo"})
        assert next_error(ws)["message"] == "Zuschauer können nichts zurücknehmen"


def next_error(ws: Any) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame.get("type") == "error":
            return frame


# ------------------------------------------------------------------ the people's table events


def test_a_table_events_line_reads_in_german_from_its_record() -> None:
    """The record keeps the English line and which sentence it is: any process that loads
    the table (after a restart too) shows it in each reader's language."""
    game = get_game("carcassonne")
    playing = Table.create(game, ["human", "human"], seed=1, names=["Ann", "Ben"])
    absence.log_event(playing, "absent", 1, "time", {"reason": "time"}, name="Ben")
    absence.log_event(
        playing, "bot", 1, "bot", {"agent": "casual"}, bot="casual", name="Ben", why="vote"
    )
    absence.log_event(playing, "back", 1, "plays again", name="Ben")
    resumed = Table.from_record(playing.record())
    english = [e.to_json() for e in resumed.state.events_for(None)][-3:]
    assert [e["text"] for e in english] == [
        "Ben ran out of time: the others may let a bot play for them or end the game",
        "A casual bot plays for Ben (the players' vote); Ben may take the seat back",
        "Ben is back and plays again",
    ]
    translate = i18n.translator("de")
    lines = [e.to_json(translate) for e in resumed.state.events_for(None)][-3:]
    german = absence.lines_in(lines, resumed.events, translate)
    assert [e["text"] for e in german] == [
        "Ben hat keine Zeit mehr: Die anderen können einen Bot für Ben spielen lassen oder das "
        "Spiel beenden",
        "Ein Bot (casual) spielt für Ben (Abstimmung der Spieler); Ben kann den Platz zurücknehmen",
        "Ben ist zurück und spielt wieder",
    ]
    # a forged record names no template: its words are not sentences, its line stays
    forged = [{"text": "x", "words": {"say": "{0.__class__}", "name": "Ben"}}]
    assert absence.lines_in([{"text": "x"}], forged, translate) == [{"text": "x"}]
    unfilled = [{"text": "x", "words": {"say": "back"}}]
    assert absence.lines_in([{"text": "x"}], unfilled, translate) == [{"text": "x"}]


# ------------------------------------------------------------------ "your turn" by e-mail


def test_a_german_accounts_turn_mail_is_in_german(
    site: Callable[..., Site],  # noqa: F811
    mailbox: Mailbox,  # noqa: F811
) -> None:
    s = site(smtp(mailbox.port))
    ann, _ = account(s.db, "Ann", "ann@example.org")
    ben, _ = account(s.db, "Ben", "ben@example.org")
    with s.db.session() as session:
        session.execute(update(UserRow).where(UserRow.id == ben).values(language="de"))
    table_id, tokens = turn_table(s, ann, ben)
    bid(s, table_id, 0, tokens[0])
    mail = wait_for(lambda: mailbox.to("ben@example.org"))
    assert subject(mail[0]) == "Du bist dran bei Sealed Nuggets (test fixture)"
    body = mail[0].get_payload(decode=True).decode()
    assert "Hallo Ben" in body and "Rundenbasiert: eine Stunde pro Zug; noch" in body


# ------------------------------------------------------------------ the GOLDFIX DASHBOARD


def test_the_dashboards_refusals_and_journal_in_german(client: TestClient) -> None:
    made = client.post(
        "/api/dashboards", json={"players": ["Alf", "Bryan", "Chris"], "quickstart": True}
    )
    dash = made.json()["id"]
    assert made.json()["log"][0]["effect"] == (
        "QUICKSTART: every player takes 1 MINE LEASE + 1 HEADGEAR for $275M"
    )
    books = client.get(f"/api/dashboards/{dash}", headers=GERMAN).json()
    assert books["log"][0]["effect"] == (
        "QUICKSTART: Jeder Spieler nimmt 1 MINE LEASE + 1 HEADGEAR für $275M"
    )
    url = f"/api/dashboards/{dash}/transactions"
    english = client.post(url, json={"kind": "goldfix_down"})
    german = client.post(url, json={"kind": "goldfix_down"}, headers=GERMAN)
    assert english.status_code == german.status_code == 422
    assert said(english) == "the GOLDFIX is already at the bottom of the ladder ($1,000)"
    assert said(german) == "Der GOLDFIX steht schon unten auf der Leiter ($1,000)"
    booked = client.post(url, json={"kind": "goldfix_up"}, headers=GERMAN).json()
    assert booked["log"][0]["effect"] == "GOLDFIX steigt auf $1,100"
    stale = client.post(f"/api/dashboards/{dash}/undo", json={"expect_entries": 1}, headers=GERMAN)
    assert stale.status_code == 409 and said(stale).startswith("Die Bücher sind weiter")
    missing = client.get("/api/dashboards/nope", headers=GERMAN)
    assert missing.status_code == 404 and said(missing) == "Kein Dashboard 'nope'"


class Asked:
    """A translation that keeps each sentence it was asked for (and marks what it gave)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, text: str) -> str:
        self.seen.add(text)
        return "§" + text


def test_every_journal_line_and_refusal_is_made_of_catalog_sentences() -> None:
    """Random books, booked and refused: each line's sentences are literals the catalog
    extracts, they fill all their places, and the English is what ``str()`` reads."""
    rng = random.Random(7)
    asked = Asked()
    kinds = list(ledger.KINDS)
    for _ in range(40):
        books = ledger.Ledger(["Alf", "Bryan", "Chris", "Dora"])
        for _ in range(40):
            kind = rng.choice(kinds)
            tx = {"kind": kind, "player": rng.randrange(4), "rate": rng.choice([0, 10])}
            tx |= {"bidder": rng.randrange(4), "red": rng.randrange(1, 7), "black": 1}
            tx |= {"dice": rng.randrange(1, 14), "percent": rng.choice([25, 50, 30])}
            tx |= {"sales": [[rng.randrange(4), 50]], "seller": rng.randrange(4), "buyer": "bank"}
            tx |= {"asset": "mine_lease", "mine_leases": rng.randrange(2), "price": 0}
            tx |= {"payer": "bank", "payee": rng.randrange(4), "amount": 10, "memo": "RISK"}
            try:
                entry = books.apply(ledger.Transaction.from_json(tx))
            except ledger.LedgerError as exc:
                words = exc.args[0]
                assert isinstance(words, T), tx
                assert "{" not in words.render(asked)
                continue
            assert entry.words.render() == entry.effect
            assert "{" not in entry.words.render(asked)
    catalog = {str(m.id) for m in i18n.extract("server") if m.id}
    assert asked.seen and asked.seen <= catalog, asked.seen - catalog


# ------------------------------------------------------------------ no English-only refusal

REFUSERS = {"ServiceError": (1, "message"), "refused": (1, "words"), "in_language": (0, "text")}
"""Who takes words, and where (position, keyword): a refusal's message, and what is
rendered for an answer in its language."""
ENGINES_WORDS = {"refusal"}
"""The engine's own message: its words where the game wrote words (``IllegalAction(T)``)."""
TECHNICAL = {"without_folder"}
"""A designer's-files loader message (a TOML key and line), quoted as the loader wrote it."""
RENDERED = {"in_language"}
"""What an HTTPException's detail may be: words already in the request's language."""


def literal_t(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "T"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


class Source:
    """One module of the web layer: its syntax tree and the module itself."""

    def __init__(self, path: Path, package: str = "motherlode.web") -> None:
        self.path = path
        self.tree = ast.parse(path.read_text())
        self.module = importlib.import_module(f"{package}.{path.stem}")
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.functions = {
            n.name: n
            for n in ast.walk(self.tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        }

    def where(self, node: ast.AST) -> str:
        return f"{self.path.name}:{getattr(node, 'lineno', '?')}"

    def enclosing(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                return node
        return None

    def assigned(self, name: str, node: ast.AST) -> list[ast.AST]:
        """What the enclosing function assigns to ``name`` (empty: not a local)."""
        scope = self.enclosing(node)
        if scope is None:
            return []
        return [
            a.value
            for a in ast.walk(scope)
            if isinstance(a, ast.Assign | ast.AnnAssign)
            and a.value is not None
            and any(
                isinstance(t, ast.Name) and t.id == name
                for t in (a.targets if isinstance(a, ast.Assign) else [a.target])
            )
        ]

    def words_parameter(self, name: str, node: ast.AST) -> bool:
        """``name`` is a parameter of the enclosing function annotated as words (its
        callers are checked where they call)."""
        scope = self.enclosing(node)
        if scope is None:
            return False
        return any(
            a.arg == name and a.annotation is not None and "T" in ast.unparse(a.annotation)
            for a in scope.args.args + scope.args.kwonlyargs
        )

    def is_words(self, node: ast.AST) -> bool:
        """Whether ``node`` is words: a literal ``T("…")``, the engine's words, a constant
        of words (or a table of them), a local assigned only words, a parameter of words,
        or a call of a function here that returns only literal words."""
        if literal_t(node):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called = node.func.id
            if called in ENGINES_WORDS | TECHNICAL:
                return True
            function = self.functions.get(called)
            if function is not None and ast.unparse(function.returns or ast.Constant("")) == "T":
                returns = [r.value for r in ast.walk(function) if isinstance(r, ast.Return)]
                return bool(returns) and all(r is not None and literal_t(r) for r in returns)
            return False
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            table = getattr(self.module, node.value.id, None)
            return isinstance(table, dict) and all(isinstance(v, T) for v in table.values())
        if isinstance(node, ast.Name):
            if isinstance(getattr(self.module, node.id, None), T):
                return True
            if self.words_parameter(node.id, node):
                return True
            values = self.assigned(node.id, node)
            return bool(values) and all(self.is_words(v) for v in values)
        return False

    def is_rendered(self, node: ast.AST) -> bool:
        """An HTTPException's detail: words rendered in the request's language."""
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else None
            name = node.func.id if isinstance(node.func, ast.Name) else name
            if name in RENDERED:
                return True
            if name == "clip" and node.args:
                return self.is_rendered(node.args[0])
            function = self.functions.get(name or "")
            if function is not None:
                returns = [r.value for r in ast.walk(function) if isinstance(r, ast.Return)]
                return bool(returns) and all(r is not None and self.is_rendered(r) for r in returns)
            return False
        if isinstance(node, ast.Name):
            values = self.assigned(node.id, node)
            return bool(values) and all(self.is_rendered(v) for v in values)
        return False

    def calls(self, name: str) -> Iterator[ast.Call]:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call):
                called = node.func
                if (isinstance(called, ast.Name) and called.id == name) or (
                    isinstance(called, ast.Attribute) and called.attr == name
                ):
                    yield node


def argument(call: ast.Call, position: int, keyword: str) -> ast.AST | None:
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def web_sources() -> list[Source]:
    return [Source(p) for p in sorted(WEB.glob("*.py")) if p.stem != "__init__"]


def test_every_refusal_of_the_web_layer_is_words() -> None:
    """A refusal's message is words (``T`` with a literal sentence), never an English string
    or an f-string: each goes out in the reader's language.  What may be otherwise is
    named above (the engine's own words; a designer's loader message)."""
    english_only = []
    checked = 0
    for source in web_sources():
        for name, (position, keyword) in REFUSERS.items():
            for call in source.calls(name):
                message = argument(call, position, keyword)
                if message is None:
                    continue  # a definition's own parameters, a call without one
                checked += 1
                if not source.is_words(message):
                    english_only.append(f"{source.where(call)}: {ast.unparse(message)}")
        for call in source.calls("HTTPException"):
            detail = argument(call, 1, "detail")
            checked += 1
            if detail is None or not source.is_rendered(detail):
                english_only.append(f"{source.where(call)}: HTTPException without words")
    assert checked > 100
    assert english_only == [], "write these as T('…', place=value):\n" + "\n".join(english_only)


def test_every_refusal_of_the_dashboards_books_is_words() -> None:
    path = Path(ledger.__file__)
    source = Source(path, "motherlode.games.goldfix")
    english_only = [
        f"{source.where(call)}: {ast.unparse(call.args[0])}"
        for call in source.calls("LedgerError")
        if call.args
        and not source.is_words(call.args[0])
        # what money.py raises that the books did not foresee, as it says it
        and ast.unparse(call.args[0]) != "str(exc)"
    ]
    assert english_only == []


def test_the_check_catches_an_english_refusal(tmp_path: Path) -> None:
    """The source check itself: an f-string, a plain string and ``str(exc)`` are caught."""
    path = tmp_path / "languages.py"  # a module the check can import; its source replaced
    path.write_text(
        "def f(x, exc):\n"
        "    raise ServiceError(404, f'no table {x}')\n"
        "def g():\n"
        "    raise ServiceError(422, 'plain')\n"
        "def h(exc):\n"
        "    raise ServiceError(500, str(exc))\n"
        "def k(x):\n"
        "    raise ServiceError(404, T('there is no table {x}', x=x))\n"
    )
    source = Source(path)
    verdicts = [source.is_words(call.args[1]) for call in source.calls("ServiceError")]
    assert verdicts == [False, False, False, True]
