"""The table page as strangers can trust it: the deal's commitment shown during play and
checked in the browser at the end, no undo once the game is over, one move per click."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS, fetch_view, play_first_moves

pytestmark = pytest.mark.browser

VERIFIED = "✓ Fair deal, verified in your browser: it was fixed before the first move"
MISMATCH = "✗ The revealed seed does not match the commitment"
DIFFERS = "✗ The commitment differs from the one shown during play"


def create(page: Any, server: str, agents: list[str], **options: Any) -> dict[str, Any]:
    """A nuggets table made through the API as the lobby makes it: no seed, bots without pause."""
    seats = [{"name": f"P{i + 1}", "agent": agent} for i, agent in enumerate(agents)]
    response = page.request.post(
        f"{server}/api/tables",
        data={
            "game": "nuggets",
            "seats": seats,
            "options": options,
            "settings": {"bot_delay_ms": 0},
        },
    )
    assert response.status == 201, response.text()
    created: dict[str, Any] = response.json()
    return created


def act_frames(page: Any) -> list[dict[str, Any]]:
    """Every ``act`` the page sends over its WebSockets, collected as they go."""
    sent: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        def on_frame(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if frame.get("type") == "act":
                sent.append(frame)

        ws.on("framesent", on_frame)

    page.on("websocket", on_socket)
    return sent


def wait_until(page: Any, condition: Callable[[], bool], seconds: float = 5) -> None:
    """Let Playwright deliver events (a routed socket's messages) until ``condition`` holds."""
    deadline = time.time() + seconds
    while not condition():
        assert time.time() < deadline, "timed out"
        page.wait_for_timeout(50)


def undo_visible(page: Any) -> bool:
    return bool(page.is_visible("#undo"))


def wait_finished(page: Any, server: str, table: str) -> dict[str, Any]:
    deadline = time.time() + 20
    while time.time() < deadline:
        view = fetch_view(page, server, table, None)
        if view["status"] == "finished":
            return view
        time.sleep(0.1)
    raise AssertionError("the bots' game did not end")


def test_fair_deal_checked_in_the_browser_and_final(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    created = create(page, server, ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector("#actions button")
    # during play: the commitment's first 16 hex digits, the whole of it in the tooltip
    fair = fetch_view(page, server, table, token)["fairness"]
    assert fair["drawn"] is True and fair["seed"] is None and fair["salt"] is None
    commitment = fair["commitment"]
    page.wait_for_selector("#fair-line:not(.hidden)")
    assert page.inner_text("#fair-line") == f"Deal committed: {commitment[:16]}…"
    assert page.get_attribute("#fair-short", "title") == commitment
    assert page.evaluate(f"localStorage.getItem('motherlode-commit-{table}')") == commitment
    assert page.is_hidden("#fair-card")
    # play to the end by clicking the first legal move each time
    play_first_moves(page, 60, 100)
    assert not undo_visible(page)
    # the end screen opens the commitment and checks it here, in the browser
    page.wait_for_function(
        "document.querySelector('#fair-verdict').innerText.startsWith('✓')", timeout=5000
    )
    assert page.inner_text("#fair-verdict") == VERIFIED
    assert page.is_hidden("#fair-line")
    # the player reads the verdict; seed, salt and commands are folded for those who want them
    assert page.is_hidden("#fair-seed") and page.is_hidden("#fair-verify")
    page.click("#fair-details > summary")
    record = page.request.get(f"{server}/api/tables/{table}/record").json()
    assert page.inner_text("#fair-seed") == str(record["seed"])
    assert page.inner_text("#fair-salt") == record["meta"]["fairness"]["salt"]
    assert page.inner_text("#fair-commitment") == commitment
    assert record["meta"]["fairness"]["commitment"] == commitment
    command = page.inner_text("#fair-verify")
    assert command == (
        f"motherlode verify {server}/api/tables/{table}/record --commitment {commitment}"
    )
    # the command a player can run without motherlode gives the commitment
    opening = f"motherlode-deal:{record['meta']['fairness']['salt']}:{record['seed']}"
    assert hashlib.sha256(opening.encode()).hexdigest() == commitment
    assert page.inner_text("#fair-printf") == f"printf %s '{opening}' | sha256sum"
    assert page.get_attribute("#fair-record", "href") == f"/api/tables/{table}/record"
    page.screenshot(path=str(SCREENSHOTS / "fair-deal.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "fair-deal-phone.png"), full_page=True)
    # replay: no undo there either, and the check stays
    page.click("#first")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 0')")
    assert not undo_visible(page)
    page.click("#next")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 1')")
    assert not undo_visible(page)
    assert page.inner_text("#fair-verdict") == VERIFIED
    page.close()


def test_a_double_click_plays_once(browser: Any, server: str) -> None:
    page = browser.new_page()
    sent = act_frames(page)
    created = create(page, server, ["human", "human"], challenges=False)
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector("#actions button[data-action='bid 3']")
    page.dblclick("#actions button[data-action='bid 3']")
    page.wait_for_selector("text=You have decided")
    page.wait_for_timeout(300)  # a second move, had it gone, would be answered by now
    assert page.is_hidden("#error")
    assert not page.evaluate("document.body.classList.contains('moving')")
    assert [f["action"] for f in sent] == [{"type": "bid", "gold": 3}]
    assert fetch_view(page, server, table, token)["move_count"] == 1
    # two clicks in the same instant, on the next round's decision
    other = browser.new_page()
    other.goto(server + created["seats"][1]["link"])
    other.click("#actions button[data-action='bid 1']")
    other.close()
    page.wait_for_selector("#actions button[data-action='bid 2']")
    moves = fetch_view(page, server, table, token)["move_count"]
    page.eval_on_selector("#actions button[data-action='bid 2']", "b => { b.click(); b.click(); }")
    page.wait_for_selector("text=You have decided")
    page.wait_for_timeout(300)
    assert page.is_hidden("#error")
    assert len(sent) == 2
    assert fetch_view(page, server, table, token)["move_count"] == moves + 1
    page.close()


def test_an_answer_or_a_lost_socket_frees_the_controls(browser: Any, server: str) -> None:
    """While a move awaits its answer the prompt's buttons look disabled and clicks are
    ignored; an error frame or a dropped connection gives them back."""
    page = browser.new_page()
    created = create(page, server, ["human", "human"], challenges=False)
    held: list[str] = []
    mode = {"hold": True}
    sockets: list[Any] = []  # the page's connections, as the route sees them

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if mode["hold"] and json.loads(message).get("type") == "act":
                held.append(str(message))  # the server never hears of it
            else:
                upstream.send(message)

        ws.on_message(from_page)
        upstream.on_message(ws.send)
        sockets.append(ws)

    page.route_web_socket("**/ws/tables/**", route)
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector("#actions button[data-action='bid 3']")
    page.click("#actions button[data-action='bid 3']")
    page.wait_for_function("document.body.classList.contains('moving')")
    page.click("#actions button[data-action='bid 4']")
    page.wait_for_timeout(200)
    assert len(held) == 1
    # an error answers the move: the buttons come back
    sockets[-1].send(json.dumps({"type": "error", "status": 409, "message": "refused for a test"}))
    page.wait_for_function("!document.body.classList.contains('moving')")
    assert page.inner_text("#error") == "refused for a test"
    page.click("#actions button[data-action='bid 4']")
    wait_until(page, lambda: len(held) == 2)
    assert page.evaluate("document.body.classList.contains('moving')")
    # the connection drops while a move is in flight: the buttons come back, the page reconnects
    sockets[-1].close(code=1011, reason="gone")
    page.wait_for_function("!document.body.classList.contains('moving')")
    wait_until(page, lambda: len(sockets) == 2)
    mode["hold"] = False
    page.wait_for_selector("#actions button[data-action='bid 5']")
    page.click("#actions button[data-action='bid 5']")
    page.wait_for_selector("text=You have decided")
    assert fetch_view(page, server, created["id"], created["seats"][0]["token"])["move_count"] == 1
    page.close()


def finished_bot_table(page: Any, server: str) -> tuple[str, dict[str, Any]]:
    created = create(page, server, ["random", "random"])
    return created["id"], wait_finished(page, server, created["id"])


def test_a_tampered_opening_or_a_changed_commitment_is_caught(browser: Any, server: str) -> None:
    setup = browser.new_page()
    table, finished = finished_bot_table(setup, server)
    setup.close()
    seed = int(finished["fairness"]["seed"])
    assert finished["can_undo"] is False

    # a server that reveals another seed, and offers undo at a finished table
    page = browser.new_page()

    def tamper(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "state":
                frame["view"]["fairness"]["seed"] = str(seed + 1)
                frame["view"].update(seat=0, can_undo=True)
            ws.send(json.dumps(frame))

        upstream.on_message(to_page)

    page.route_web_socket("**/ws/tables/**", tamper)
    page.goto(f"{server}/t/{table}")
    page.wait_for_function("document.querySelector('#fair-verdict').innerText.startsWith('✗')")
    assert page.inner_text("#fair-verdict") == MISMATCH
    assert page.inner_text("#fair-seed") == str(seed + 1)
    assert not undo_visible(page)
    page.close()

    # a commitment other than the one this browser remembered from play
    page = browser.new_page()
    page.add_init_script(f"localStorage.setItem('motherlode-commit-{table}', '{'0' * 64}')")
    page.goto(f"{server}/t/{table}")
    page.wait_for_function("document.querySelector('#fair-verdict').innerText.startsWith('✗')")
    assert page.inner_text("#fair-verdict") == DIFFERS
    assert "--commitment " + "0" * 64 in page.inner_text("#fair-verify")
    page.close()

    # untouched, opened by a spectator who never saw the table during play
    page = browser.new_page()
    page.goto(f"{server}/t/{table}")
    page.wait_for_function("document.querySelector('#fair-verdict').innerText.startsWith('✓')")
    assert page.inner_text("#fair-verdict") == VERIFIED
    assert page.is_hidden("#fair-seed")  # verified: the details stay folded
    assert "did not see the table during play" in page.inner_text("#fair-note")
    page.click("#fair-details > summary")
    assert page.inner_text("#fair-seed") == str(seed)
    assert "--commitment" not in page.inner_text("#fair-verify")
    page.close()

    # where the browser offers no SHA-256 (not a secure context), the page says so
    page = browser.new_page()
    page.add_init_script(
        "Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined })"
    )
    page.goto(f"{server}/t/{table}")
    page.wait_for_selector("#fair-card:not(.hidden)")
    assert "could not run here" in page.inner_text("#fair-verdict")
    assert page.inner_text("#fair-seed") == str(seed)
    page.close()
