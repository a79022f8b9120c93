"""Chat at a table: players write, spectators read only where the table allows, nobody
outside the table sees a word; bounded in size and rate, stored as written, muted per seat
(across restarts), replayable up to a move, delivered by every process serving the table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from motherlode.storage import chat as chat_db
from motherlode.storage.models import ChatRow
from motherlode.web import chat as chat_rules
from motherlode.web.app import create_app
from tests.web.test_cluster import servers


@pytest.fixture
def db_url(backend_url: str) -> str:
    """Every test runs on a fresh SQLite file and on an empty PostgreSQL database."""
    return backend_url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


NAMES = ("Ann", "Ben", "Cat", "Dan")


def new_table(client: TestClient, people: int = 2, **settings: Any) -> dict[str, Any]:
    seats = [{"agent": "human", "name": n} for n in NAMES[:people]]
    response = client.post(
        "/api/tables", json={"game": "nuggets", "seats": seats, "settings": settings}
    )
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    data["tokens"] = [s.get("token") for s in data["seats"]]
    return data


def history(client: TestClient, table: str, token: str | None = None, **params: Any) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.get(f"/api/tables/{table}/chat", headers=headers, params=params)


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages]


class Socket:
    """A table connection in a test: frames read in order, presence updates skipped."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.history: dict[str, Any] = {}
        """The chat_history frame that followed the first state ({}: none came)."""

    def next(self) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = self.ws.receive_json()
            if frame.get("type") != "presence":
                return frame

    def next_of(self, kind: str) -> dict[str, Any]:
        """The next frame of ``kind``, past state frames (a view after a move)."""
        while True:
            frame = self.next()
            if frame.get("type") == kind:
                return frame
            assert frame.get("type") == "state", frame

    def nothing_more(self) -> None:
        """No chat frame is waiting: a ping is answered before anything sent later, and
        every frame sent to this socket so far arrives before the pong."""
        self.ws.send_json({"type": "ping"})
        assert self.next_of("pong") == {"type": "pong"}

    def say(self, text: Any) -> None:
        self.ws.send_json({"type": "chat", "text": text})


def join(client: TestClient, stack: ExitStack, table: str, token: str | None) -> Socket:
    """Connect to the table as the token's seat (None: a spectator) and read the chat's
    history, which follows the first state where there is any (before any answer)."""
    socket = Socket(stack.enter_context(client.websocket_connect(f"/ws/tables/{table}")))
    socket.ws.send_json({"type": "hello", "token": token})
    assert socket.next()["type"] == "state"
    socket.ws.send_json({"type": "ping"})
    while (frame := socket.next())["type"] != "pong":
        assert frame["type"] == "chat_history" and not socket.history, frame
        socket.history = frame
    return socket


def stored(db_url: str, table: str) -> list[str]:
    from motherlode.storage import Database

    return texts(chat_db.messages(Database(db_url), table, limit=1000))


# ------------------------------------------------------------------ who reads and writes


def test_two_players_exchange_messages(client: TestClient) -> None:
    data = new_table(client)
    table, (ann, ben) = data["id"], data["tokens"]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        b = join(client, stack, table, ben)
        assert a.history == {}  # nothing said yet: no history frame (the view says who writes)
        a.say("  Good luck,\u00a0 Ben!  ")
        frame = b.next_of("chat")
        message = frame["message"]
        assert set(message) == {"id", "seat", "name", "text", "move", "at"}
        assert (message["seat"], message["name"], message["text"], message["move"]) == (
            0,
            "Ann",
            "Good luck, Ben!",
            0,
        )
        assert abs(message["at"] - time.time()) < 60
        assert a.next_of("chat") == frame  # the writer sees its own message as sent
        b.say("Thanks 🙂")
        assert a.next_of("chat")["message"]["text"] == "Thanks 🙂"
        assert b.next_of("chat")["message"]["seat"] == 1
    got = history(client, table, ben).json()
    assert texts(got["messages"]) == ["Good luck, Ben!", "Thanks 🙂"]
    assert got["seat"] == 1 and got["can_write"] is True and got["muted"] == []
    with ExitStack() as stack:  # a new connection gets the chat so far
        again = join(client, stack, table, ann)
        assert texts(again.history["messages"]) == ["Good luck, Ben!", "Thanks 🙂"]


def test_a_spectator_sees_no_chat_and_cannot_write_unless_the_table_allows(
    client: TestClient, db_url: str
) -> None:
    data = new_table(client)
    table, ann = data["id"], data["tokens"][0]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        watcher = join(client, stack, table, None)
        assert watcher.history == {}
        a.say("only for the players")
        a.next_of("chat")
        watcher.nothing_more()  # and no chat frame
        assert join(client, stack, table, None).history == {}  # nor history, coming later
        watcher.say("may I?")
        refused = watcher.next()
        assert refused["type"] == "error" and refused["status"] == 403
        assert refused["about"] == "chat"
        watcher.ws.send_json({"type": "mute", "seat": 0})
        assert watcher.next()["status"] == 403
        a.nothing_more()  # the players heard nothing of it
    assert history(client, table).status_code == 403
    assert "only for the players" not in history(client, table).text
    assert stored(db_url, table) == ["only for the players"]


def test_with_spectator_chat_spectators_read_but_never_write(
    client: TestClient, db_url: str
) -> None:
    data = new_table(client, spectator_chat=True)
    table, ann = data["id"], data["tokens"][0]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        a.say("hello, watchers")
        a.next_of("chat")
        watcher = join(client, stack, table, None)
        assert watcher.history["can_write"] is False
        assert texts(watcher.history["messages"]) == ["hello, watchers"]
        a.say("a second one")
        assert watcher.next_of("chat")["message"]["text"] == "a second one"
        watcher.say("hi from the gallery")
        refused = watcher.next()
        assert (refused["type"], refused["status"], refused["about"]) == ("error", 403, "chat")
        a.next_of("chat")
        a.nothing_more()
    got = history(client, table)
    assert got.status_code == 200 and got.json()["can_write"] is False
    assert texts(got.json()["messages"]) == ["hello, watchers", "a second one"]
    assert stored(db_url, table) == ["hello, watchers", "a second one"]


def test_nobody_outside_the_table_sees_its_chat(client: TestClient) -> None:
    ours = new_table(client, spectator_chat=False)
    theirs = new_table(client, spectator_chat=True)
    table, ann = ours["id"], ours["tokens"][0]
    stranger = theirs["tokens"][0]  # a player, but of another table
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        elsewhere = join(client, stack, theirs["id"], stranger)
        assert elsewhere.history == {}
        a.say("a secret between us")
        a.next_of("chat")
        elsewhere.nothing_more()  # a connection of another table gets none of it
        # the stranger's token opens nothing here, socket or REST
        ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table}"))
        ws.send_json({"type": "hello", "token": stranger})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["status"] == 403
    response = history(client, table, stranger)
    assert response.status_code == 403 and "secret" not in response.text
    assert history(client, "no-such-table", ann).status_code == 404
    assert history(client, table, "u." + "0" * 64).status_code == 403


# ------------------------------------------------------------------------- bounds


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "at least one"),
        ("   \u00a0\u3000 ", "at least one"),
        ("\u200b\u200b", "at least one"),  # nothing that shows
        ("x" * 301, "at most 300"),
        ("é" * 200 + "x" * 101, "at most 300"),
        ("x" * 100_000, None),  # past the frame limit: the socket closes (1009)
        ("line one\nline two", "control"),
        ("tab\there", "control"),
        ("bell\x07", "control"),
        ("abc\u202edcba", "control"),  # a right-to-left override
        ("z" + "\u0301" * 40, "accents"),
        (42, "is text"),
        (None, "is text"),
        (["a"], "is text"),
    ],
)
def test_a_message_out_of_bounds_is_refused_and_nothing_stored(
    client: TestClient, db_url: str, text: Any, why: str | None
) -> None:
    data = new_table(client)
    table, ann = data["id"], data["tokens"][0]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        b = join(client, stack, table, data["tokens"][1])
        a.say(text)
        if why is None:
            closed = a.ws.receive()
            while closed["type"] == "websocket.send":  # presence, as Ben came
                assert json.loads(closed["text"])["type"] == "presence", closed
                closed = a.ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 1009
        else:
            refused = a.next()
            assert refused["type"] == "error" and refused["about"] == "chat", refused
            assert refused["status"] == 422 and why in refused["message"]
            assert len(refused["message"]) < 120  # never the text itself
        b.nothing_more()  # the others hear nothing of a refusal
    assert stored(db_url, table) == []


def test_characters_are_counted_as_a_person_counts_them(client: TestClient, db_url: str) -> None:
    data = new_table(client)
    table, ann = data["id"], data["tokens"][0]
    emoji = "🙂" * 300  # 300 characters (600 UTF-16 units, 1200 bytes)
    decomposed = "e\u0301" * 300  # NFC makes each pair one é: 300 characters
    vietnamese = "Việt Nam ơi, thế nào?"  # letters with two marks each
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        for text in (emoji, decomposed, vietnamese):
            a.say(text)
            frame = a.next()
            assert frame["type"] == "chat", frame
    assert stored(db_url, table) == [emoji, "é" * 300, vietnamese]


def test_a_seat_writing_too_fast_is_refused_and_nothing_stored(
    client: TestClient, db_url: str
) -> None:
    data = new_table(client)
    table, (ann, ben) = data["id"], data["tokens"]
    burst, _ = chat_rules.RATES[0]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        b = join(client, stack, table, ben)
        for i in range(burst):
            a.say(f"message {i}")
            assert a.next()["type"] == "chat"
        a.say("one too many")
        refused = a.next()
        assert (refused["type"], refused["status"], refused["about"]) == ("error", 429, "chat")
        a.say("and again")  # refused again (without asking the database)
        assert a.next()["status"] == 429
        for i in range(burst):
            assert b.next_of("chat")["message"]["text"] == f"message {i}"
        b.nothing_more()  # the refused ones never reached anyone
        b.say("Ben has his own allowance")
        assert b.next_of("chat")["message"]["seat"] == 1
    assert stored(db_url, table) == [f"message {i}" for i in range(burst)] + [
        "Ben has his own allowance"
    ]


def test_a_seat_has_an_hourly_allowance_counted_from_the_database(db_url: str) -> None:
    """Sixty an hour, counted over what is stored: a restarted server counts the same."""
    hourly, _ = chat_rules.RATES[1]
    with TestClient(create_app(db_url)) as client:
        data = new_table(client)
        table, ann = data["id"], data["tokens"][0]
        db = client.app.state.service.db  # type: ignore[attr-defined]
        now = time.time()
        chat_db.add_message(db, table, 0, "Ann", "an old one", 0, now - 3700)
        for i in range(hourly - 1):
            chat_db.add_message(db, table, 0, "Ann", f"earlier {i}", 0, now - 3000 + i)
    with TestClient(create_app(db_url)) as client, ExitStack() as stack:
        a = join(client, stack, table, ann)
        a.say("the sixtieth this hour")
        assert a.next()["type"] == "chat"
        a.say("the sixty-first")
        refused = a.next()
        assert refused["status"] == 429 and "in the last hour" in refused["message"]
    assert stored(db_url, table)[-1] == "the sixtieth this hour"


def test_markup_is_stored_and_sent_exactly_as_written(client: TestClient, db_url: str) -> None:
    data = new_table(client)
    table, ann = data["id"], data["tokens"][0]
    written = [
        "<script>alert('x')</script>",
        '<img src=x onerror="alert(1)">',
        "&lt;b&gt; &amp; \"quotes\" 'single'",
    ]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        for text in written:
            a.say(text)
            assert a.next()["message"]["text"] == text
    assert texts(history(client, table, ann).json()["messages"]) == written
    assert stored(db_url, table) == written


# -------------------------------------------------------------------------- mutes


def test_mutes_filter_frames_and_history_and_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        data = new_table(client, people=3)
        table, (ann, ben, cat) = data["id"], data["tokens"]
        with ExitStack() as stack:
            a = join(client, stack, table, ann)
            b = join(client, stack, table, ben)
            c = join(client, stack, table, cat)
            b.say("before the mute")
            for s in (a, b, c):
                s.next_of("chat")
            a.ws.send_json({"type": "mute", "seat": 1})
            again = a.next_of("chat_history")  # the history again, without Ben
            assert again["muted"] == [1] and again["messages"] == []
            b.say("Ann cannot read this")
            assert c.next_of("chat")["message"]["text"] == "Ann cannot read this"
            b.next_of("chat")
            a.nothing_more()
            c.say("Cat still reaches Ann")
            assert a.next_of("chat")["message"]["seat"] == 2
            for refused in (0, 7, -1, True, "1", None):  # herself, no such seat, not a number
                a.ws.send_json({"type": "mute", "seat": refused})
                error = a.next()
                assert (error["type"], error["status"], error["about"]) == ("error", 422, "chat")
        assert texts(history(client, table, ann).json()["messages"]) == ["Cat still reaches Ann"]
        assert len(history(client, table, cat).json()["messages"]) == 3
    with TestClient(create_app(db_url)) as client, ExitStack() as stack:  # a restart
        a = join(client, stack, table, ann)
        assert a.history["muted"] == [1]
        assert texts(a.history["messages"]) == ["Cat still reaches Ann"]
        b = join(client, stack, table, ben)
        b.say("still muted after the restart")
        b.next_of("chat")
        a.nothing_more()
        a.ws.send_json({"type": "unmute", "seat": 1})
        back = a.next_of("chat_history")
        assert back["muted"] == []
        assert texts(back["messages"]) == [
            "before the mute",
            "Ann cannot read this",
            "Cat still reaches Ann",
            "still muted after the restart",
        ]
        b.say("heard again")
        assert a.next_of("chat")["message"]["text"] == "heard again"
        assert history(client, table, ben).json()["muted"] == []  # Ben muted nobody


# ------------------------------------------------------------------------ replays


def test_the_chat_replays_up_to_a_move(client: TestClient) -> None:
    data = new_table(client)
    table, (ann, ben) = data["id"], data["tokens"]
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        a.say("before any move")
        a.next_of("chat")
        a.ws.send_json({"type": "act", "action": {"type": "bid", "gold": 2}, "expect_move": 0})
        assert a.next()["view"]["move_count"] == 1
        a.say("after the first move")
        assert a.next_of("chat")["message"]["move"] == 1
    everything = history(client, table, ben).json()
    assert [m["move"] for m in everything["messages"]] == [0, 1]
    at_start = history(client, table, ben, move=0).json()
    assert texts(at_start["messages"]) == ["before any move"] and at_start["move"] == 0
    assert texts(history(client, table, ann, move=1).json()["messages"]) == [
        "before any move",
        "after the first move",
    ]
    for bad in (-1, "x", 10**9):
        assert history(client, table, ann, move=bad).status_code == 422
    assert history(client, table, None, move=0).status_code == 403  # no spectator_chat


def test_the_history_holds_the_last_hundred(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        data = new_table(client)
        table, ann = data["id"], data["tokens"][0]
        db = client.app.state.service.db  # type: ignore[attr-defined]
        for i in range(chat_rules.HISTORY + 20):
            chat_db.add_message(db, table, 1, "Ben", f"m{i}", 0, time.time() - 7200)
        got = texts(history(client, table, ann).json()["messages"])
        assert got == [f"m{i}" for i in range(20, chat_rules.HISTORY + 20)]


# ---------------------------------------------------------------------- delivery


def test_a_message_committed_out_of_order_is_still_delivered(client: TestClient) -> None:
    """Ids may commit out of order across processes: a delivery reads the recent chat
    again and sends what it has not sent, once."""
    data = new_table(client)
    table, ann = data["id"], data["tokens"][0]
    service = client.app.state.service  # type: ignore[attr-defined]
    portal: Any = client.portal
    with ExitStack() as stack:
        a = join(client, stack, table, ann)
        a.say("the newest id")
        newest = a.next_of("chat")["message"]["id"]
        with service.db.session() as s:  # as if another process committed it just now
            s.add(ChatRow(id=newest + 1000, table_id=table, seat=1, move=0, name="Ben",
                          text="late", at=time.time()))  # fmt: skip
        live = service.tables[table]
        portal.call(service.announcements["chat"], table)
        assert a.next_of("chat")["message"]["text"] == "late"
        with service.db.session() as s:  # an id below the newest one sent, committed later
            s.add(ChatRow(id=newest + 500, table_id=table, seat=1, move=0, name="Ben",
                          text="later still", at=time.time()))  # fmt: skip
        portal.call(service.announcements["chat"], table)
        assert a.next_of("chat")["message"]["text"] == "later still"
        portal.call(service.announcements["chat"], "*")
        a.nothing_more()  # nothing is sent twice
        assert live.listeners


@pytest.mark.slow
def test_a_message_reaches_a_player_on_another_process(postgres_url: str) -> None:
    """Two `motherlode serve` processes on one PostgreSQL database: a message written on
    one reaches the others' connections (NOTIFY ``TABLE:chat``), filtered by their mutes."""
    with servers(postgres_url, 2) as (one, two):
        seats = [{"agent": "human", "name": n} for n in ("Ann", "Ben", "Cat")]
        table = one.call("/api/tables", {"game": "gonza", "seats": seats})
        tid, tokens = table["id"], [s["token"] for s in table["seats"]]
        with ExitStack() as stack:
            sockets = []
            for server, token in ((one, tokens[0]), (two, tokens[1]), (one, tokens[2])):
                url = f"ws://127.0.0.1:{server.port}/ws/tables/{tid}"
                ws = stack.enter_context(connect(url))
                ws.send(json.dumps({"type": "hello", "token": token}))
                sockets.append(ws)

            def frame_of(ws: Any, kind: str, seconds: float = 10) -> dict[str, Any]:
                deadline = time.time() + seconds
                while time.time() < deadline:
                    frame: dict[str, Any] = json.loads(ws.recv(timeout=deadline - time.time()))
                    if frame["type"] == kind:
                        return frame
                raise AssertionError(f"no {kind} frame came")

            def chat_of(ws: Any) -> str:
                return str(frame_of(ws, "chat")["message"]["text"])

            for ws in sockets:  # each connected, its (empty) history behind it
                frame_of(ws, "state")
                ws.send(json.dumps({"type": "ping"}))
                frame_of(ws, "pong")
            ann, ben, cat = sockets
            ann.send(json.dumps({"type": "chat", "text": "hello from process one"}))
            got = frame_of(ben, "chat")["message"]
            assert (got["seat"], got["name"], got["text"]) == (0, "Ann", "hello from process one")
            ben.send(json.dumps({"type": "chat", "text": "and back from two"}))
            assert chat_of(ben) == "and back from two"
            assert chat_of(ann) == "hello from process one"
            assert chat_of(ann) == "and back from two"  # from process two to process one
            ben.send(json.dumps({"type": "mute", "seat": 0}))  # on process two
            assert frame_of(ben, "chat_history")["muted"] == [0]
            ann.send(json.dumps({"type": "chat", "text": "Ben has muted me"}))
            assert chat_of(ann) == "Ben has muted me"  # stored and announced before Cat's
            cat.send(json.dumps({"type": "chat", "text": "Cat, after Ann"}))
            assert chat_of(ben) == "Cat, after Ann"  # Ann's message never came before it
            with pytest.raises(TimeoutError):
                frame_of(ben, "chat", seconds=0.5)  # nor after
        assert [m["text"] for m in two.call(f"/api/tables/{tid}/chat", token=tokens[1])[
            "messages"
        ]] == ["and back from two", "Cat, after Ann"]  # fmt: skip
