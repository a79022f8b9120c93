"""Chat at a table in real browsers: two players talk (one on a phone), a third context (a
spectator of the table, which does not let spectators read, and a player of another table)
never receives a word of it; markup shows as the text it is; a mute hides a player; the
finished game's replay shows the chat as it stood at each move."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS

pytestmark = pytest.mark.browser

IMG = '<img src=x onerror="window.__pwned = 1">'
SCRIPT = "<script>window.__pwned = 2</script><b>bold?</b>"


def person(browser: Any, width: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def listen(page: Any) -> list[str]:
    """Every WebSocket frame the page receives, as text."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(str(p))))
    return frames


def new_table(page: Any, server: str, names: tuple[str, str], **settings: Any) -> dict[str, Any]:
    body = {
        "game": "nuggets",
        "seats": [{"agent": "human", "name": n} for n in names],
        "options": {"rounds": 1, "challenges": False},
        "settings": {"bot_delay_ms": 0, **settings},
    }
    response = page.request.post(f"{server}/api/tables", data=body)
    assert response.ok, response.text()
    created: dict[str, Any] = response.json()
    return created


def write(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def shows(page: Any, text: str) -> None:
    """Wait until a message with exactly this text is in the page's chat."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat-list .chat-text')]"
        ".some(n => n.textContent === t)",
        arg=text,
        timeout=5000,
    )


def chat_texts(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all("#chat-list .chat-text", "ns => ns.map(n => n.textContent)")
    )


def bid(page: Any, server: str, table: str, seat: int, token: str, gold: int) -> None:
    response = page.request.post(
        f"{server}/api/tables/{table}/actions",
        data={"seat": seat, "action": {"type": "bid", "gold": gold}},
        headers={"X-Seat-Token": token},
    )
    assert response.ok, response.text()


def no_sideways_scroll(page: Any) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the screen"


def test_two_players_chat_and_nobody_else_sees_it(browser: Any, server: str) -> None:
    ann_ctx, ann, ann_errors = person(browser, 1400)
    ben_ctx, ben, ben_errors = person(browser, 390)
    other_ctx, watcher, other_errors = person(browser, 1400)
    cat = other_ctx.new_page()
    cat.on("pageerror", lambda e: other_errors.append(str(e)))
    watcher_frames, cat_frames = listen(watcher), listen(cat)
    ours = new_table(ann, server, ("Ann", "Ben"))
    theirs = new_table(ann, server, ("Cat", "Dan"))
    tid = ours["id"]
    tokens = [s["token"] for s in ours["seats"]]
    try:
        ann.goto(server + ours["seats"][0]["link"])
        ben.goto(server + ours["seats"][1]["link"])
        watcher.goto(f"{server}/t/{tid}")
        cat.goto(server + theirs["seats"][0]["link"])
        for page in (ann, ben, cat):
            page.wait_for_selector("#chat-card:not(.hidden)")
        watcher.wait_for_selector("#prompt:text('Watching')")
        # on the phone the chat is folded under the board, with a count of what is new
        assert ben.evaluate("document.getElementById('chat').open") is False
        assert ann.evaluate("document.getElementById('chat').open") is True

        write(ann, "Hello Ben, good luck!")
        shows(ann, "Hello Ben, good luck!")
        ben.wait_for_selector("#chat-unread:text('1 new')")
        ben.click("#chat > summary")
        shows(ben, "Hello Ben, good luck!")
        # the details' toggle event comes a task after the click: wait for it
        ben.wait_for_selector("#chat-unread", state="hidden")
        write(ben, "Thanks Ann 🙂 you too")
        shows(ann, "Thanks Ann 🙂 you too")

        # markup is text: shown as written, nothing of it runs or is built
        write(ann, IMG)
        write(ann, SCRIPT)
        for page in (ann, ben):
            shows(page, IMG)
            shows(page, SCRIPT)
            assert page.eval_on_selector_all("#chat-list img, #chat-list script, #chat-list b",
                                             "ns => ns.length") == 0  # fmt: skip
            assert page.evaluate("window.__pwned") is None
        ben.wait_for_timeout(300)  # an image's error would have fired by now
        assert ben.evaluate("window.__pwned") is None

        no_sideways_scroll(ben)
        ben.screenshot(path=str(SCREENSHOTS / "chat-players-390.png"), full_page=True)
        ann.screenshot(path=str(SCREENSHOTS / "chat-players-1400.png"), full_page=True)

        # Ben mutes Ann: her next message never reaches his page; unmuted, it is back
        ben.click("[data-mute='0']")
        ben.wait_for_selector("[data-mute='0'][aria-pressed='true']")
        assert chat_texts(ben) == ["Thanks Ann 🙂 you too"]
        write(ann, "Ben has muted me")
        shows(ann, "Ben has muted me")
        ben.wait_for_timeout(500)
        assert "Ben has muted me" not in chat_texts(ben)
        ben.screenshot(path=str(SCREENSHOTS / "chat-muted-390.png"), full_page=True)
        ben.click("[data-mute='0']")
        shows(ben, "Ben has muted me")

        # the game: a bid each, a word between them and one after the end
        bid(ann, server, tid, 0, tokens[0], 2)
        write(ben, "after your bid")
        shows(ann, "after your bid")
        bid(ann, server, tid, 1, tokens[1], 1)
        ann.wait_for_selector("#status:not(.hidden)")
        write(ann, "gg")
        shows(ben, "gg")

        # the third context never received a word of it
        said = ["Hello Ben", "Thanks Ann", "onerror", "bold?", "muted me", "after your bid"]
        for frames in (watcher_frames, cat_frames):
            assert frames, "the pages were connected"
            for frame in frames:
                assert not any(s in frame for s in said), frame[:200]
                empty = "chat_history" in frame and '"messages":[]' in frame  # Cat's own
                assert '"chat' not in frame or empty, frame[:200]
        assert watcher.is_hidden("#chat-card")
        assert not any(s in watcher.inner_text("body") for s in said)
        assert chat_texts(cat) == []
        assert not any(s in cat.inner_text("body") for s in said)

        # the replay shows the chat as it stood at each move (never to the spectator here)
        ann.click("#first")
        ann.wait_for_selector("#chat-mode:text('up to move 0')")
        assert chat_texts(ann) == [
            "Hello Ben, good luck!",
            "Thanks Ann 🙂 you too",
            IMG,
            SCRIPT,
            "Ben has muted me",
        ]
        assert ann.is_hidden("#chat-form")
        ann.click("#next")
        ann.wait_for_selector("#chat-mode:text('up to move 1')")
        assert chat_texts(ann)[-1] == "after your bid"
        ann.screenshot(path=str(SCREENSHOTS / "chat-replay-1400.png"), full_page=True)
        ann.click("#last")
        shows(ann, "gg")
        assert ann.is_visible("#chat-form")
        watcher.wait_for_selector("#replay-card:not(.hidden)")
        watcher.click("#first")
        watcher.wait_for_timeout(500)
        assert watcher.is_hidden("#chat-card")
        watcher.screenshot(path=str(SCREENSHOTS / "chat-spectator-1400.png"), full_page=True)
        assert ann_errors == ben_errors == other_errors == []
    finally:
        for ctx in (ann_ctx, ben_ctx, other_ctx):
            ctx.close()


def test_spectators_read_along_where_the_table_allows(browser: Any, server: str) -> None:
    ann_ctx, ann, errors = person(browser, 1400)
    watch_ctx, watcher, watch_errors = person(browser, 390)
    table = new_table(ann, server, ("Ann", "Ben"), spectator_chat=True)
    try:
        ann.goto(server + table["seats"][0]["link"])
        ann.wait_for_selector("#chat-card:not(.hidden)")
        write(ann, "welcome, watchers")
        shows(ann, "welcome, watchers")
        watcher.goto(f"{server}/t/{table['id']}")
        watcher.wait_for_selector("#chat-card:not(.hidden)")
        watcher.click("#chat > summary")
        shows(watcher, "welcome, watchers")
        assert watcher.is_hidden("#chat-form") and watcher.is_visible("#chat-mode")
        assert watcher.eval_on_selector_all("[data-mute]", "ns => ns.length") == 0
        write(ann, "a second word")
        shows(watcher, "a second word")
        long_word = "Goldgräberstimmung" * 16  # 288 letters, no place to break
        write(ann, long_word)
        shows(watcher, long_word)
        no_sideways_scroll(watcher)
        watcher.screenshot(path=str(SCREENSHOTS / "chat-spectator-reads-390.png"), full_page=True)
        assert errors == watch_errors == []
    finally:
        ann_ctx.close()
        watch_ctx.close()
