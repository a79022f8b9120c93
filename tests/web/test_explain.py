"""“Why can't I…?”: the rules' reason for a move that is not offered, asked of the server
without changing anything (the engine's own explanation, as when it refuses a move)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from tests.web.browser import SCREENSHOTS

SEEDED = Limits(allow_client_seed=True)


def test_the_server_says_why_a_move_is_not_possible(tmp_path: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'e.db'}", limits=SEEDED)) as client:
        body = {"game": "goldfix", "seats": [{"agent": "human"}] * 3, "seed": 3}
        data = client.post("/api/tables", json=body).json()
        table, ann, bob = data["id"], data["seats"][0]["token"], data["seats"][1]["token"]

        def explain(seat: int, token: str | None, action: Any) -> Any:
            headers = {"X-Seat-Token": token} if token else {}
            return client.post(
                f"/api/tables/{table}/explain",
                json={"seat": seat, "action": action},
                headers=headers,
            )

        before = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": ann}).json()
        answer = explain(0, ann, "headgear Alpaca").json()
        assert answer["legal"] is False and "Alpaca" in answer["reason"]
        assert explain(0, ann, "roll").json() == {"legal": True, "reason": None}
        answer = explain(1, bob, "roll").json()
        assert answer["legal"] is False and "not Player 2's decision" in answer["reason"]
        assert explain(0, ann, {"type": "dance"}).json()["legal"] is False
        assert explain(0, bob, "roll").status_code == 403  # another seat's token
        assert explain(0, None, "roll").status_code in (401, 403)
        after = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": ann}).json()
        assert after["move_count"] == before["move_count"] == 0  # asking changed nothing


def test_the_menu_lists_the_moves_not_open_now_in_words(tmp_path: Any) -> None:
    """The menu of "Why can't I…?": moves of the game the seat cannot make now, in words
    (never notation), the kinds offered now first, and none that is legal."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'e.db'}", limits=SEEDED)) as client:
        body = {"game": "goldfix", "seats": [{"agent": "human"}] * 3, "seed": 3}
        data = client.post("/api/tables", json=body).json()
        table, ann = data["id"], data["seats"][0]["token"]
        url = f"/api/tables/{table}/unavailable"
        moves = client.get(url, params={"seat": 0}, headers={"X-Seat-Token": ann}).json()
        view = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": ann}).json()
        legal = [entry["action"] for entry in view["legal"]]
        listed = moves["moves"]
        assert listed and not any(m["action"] in legal for m in listed)
        words = [m["words"] for m in listed]
        assert any(w.startswith("Build the HEADGEAR of the Alpaca mine") for w in words)
        assert not any("_" in w or w.split(" ")[0].islower() for w in words)
        assert client.get(url, params={"seat": 0}).status_code in (401, 403)


@pytest.mark.browser
def test_the_page_answers_why_not(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    body = {"game": "goldfix", "seats": [{"agent": "human"}] * 3, "seed": 3}
    created = page.request.post(f"{server}/api/tables", data=body)
    seat = created.json()["seats"][0]
    page.goto(server + seat["link"])
    page.wait_for_selector("#why:not(.hidden)")
    page.click("#why summary")  # the menu: moves not open now, in words; nothing to type
    page.wait_for_function("document.querySelectorAll('#why-move option').length > 2")
    options = page.locator("#why-move option").all_inner_texts()
    chosen = next(o for o in options if o.startswith("Build the HEADGEAR of the Alpaca mine"))
    page.select_option("#why-move", label=chosen)
    page.click("#why-form button")
    page.wait_for_function("document.querySelector('#why-answer').textContent.length > 0")
    assert "Alpaca" in page.inner_text("#why-answer")
    page.screenshot(path=str(SCREENSHOTS / "ui-why-not-1400.png"))
    page.close()
