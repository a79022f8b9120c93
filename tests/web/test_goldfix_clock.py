"""GOLDFIX's clocks on the web table: the TIMED AUCTIONS version times the sealed bids by its
own ``auction_timer`` and nothing else; the lobby's decision timer is a separate setting."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from motherlode.web.app import create_app
from motherlode.web.limits import Limits
from tests.web.goldfix_play import play_until

SEEDED = Limits(allow_client_seed=True)


def goldfix_table(
    client: TestClient, options: dict[str, Any], **extra: Any
) -> tuple[str, list[str]]:
    body = {
        "game": "goldfix",
        "seats": [{"agent": "human"}] * 3,
        "options": options,
        "seed": 5,
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["id"], [s["token"] for s in data["seats"]]


def driver(client: TestClient, table: str) -> tuple[Any, Any]:
    def get(token: str) -> dict[str, Any]:
        response = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": token})
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def post(seat: int, token: str, action: dict[str, Any]) -> None:
        response = client.post(
            f"/api/tables/{table}/actions",
            json={"seat": seat, "action": action},
            headers={"X-Seat-Token": token},
        )
        assert response.status_code == 200, response.text

    return get, post


def is_bid(view: dict[str, Any]) -> bool:
    decision = view["observation"]["decision"]
    return bool(decision) and decision["kind"] == "bid"


def test_timed_auctions_are_timed_by_their_own_option_and_expire_as_passes(tmp_path: Any) -> None:
    options = {"tabletopia": "timed-auctions", "auction_timer": 20}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", limits=SEEDED)) as client:
        table, tokens = goldfix_table(client, options)
        get, post = driver(client, table)
        # nothing before the auction ran on a clock (no decision_timer was set)
        seen_untimed: list[str] = []

        def stop(view: dict[str, Any]) -> bool:
            if not is_bid(view):
                assert view["deadline"] is None, view["observation"]["decision"]
                seen_untimed.append(view["observation"]["decision"]["kind"])
                return False
            return True

        view = play_until(get, post, tokens, stop)
        assert {"pre-roll", "move"} <= set(seen_untimed)
        assert view["deadline"] is not None
        assert 15 < view["deadline"] - time.time() <= 20
        # the clock runs out: whoever has not bid passes, and the lot is decided
        service = client.app.state.service  # type: ignore[attr-defined]
        live = service.tables[table]
        bidders = list(view["observation"]["pending"])
        live.timer_task.cancel()
        client.portal.call(service._expire, live, 0)  # type: ignore[union-attr]
        after = get(tokens[0])
        texts = [e["text"] for e in after["events"]]
        bids = [t for t in texts if t.startswith("Bids on the")]
        assert bids and bids[-1].count(" pass") == len(bidders) >= 2
        assert after["move_count"] == view["move_count"] + len(bidders)


def test_without_the_timed_version_an_auction_has_no_clock(tmp_path: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}", limits=SEEDED)) as client:
        table, tokens = goldfix_table(client, {})
        get, post = driver(client, table)
        view = play_until(get, post, tokens, is_bid)
        assert view["deadline"] is None


def test_the_time_limit_ends_the_game_by_net_worth(tmp_path: Any) -> None:
    """TIME LIMIT: the game clock runs from the table's creation; when it runs out the round
    is finished and the game ranks by net worth."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}", limits=SEEDED)) as client:
        started = time.time()
        table, tokens = goldfix_table(client, {"time_limit": 45})
        get, post = driver(client, table)
        view = get(tokens[0])
        deadline = view["settings"]["game_deadline"]
        assert started + 45 * 60 - 5 <= deadline <= time.time() + 45 * 60
        service = client.app.state.service  # type: ignore[attr-defined]
        live = service.tables[table]
        assert live.game_task is not None and not live.game_task.done()
        # the clock runs out now instead of in 45 minutes
        live.game_task.cancel()
        live.game_task = None
        client.portal.call(service._time_runs_out, live, 0)  # type: ignore[union-attr]
        view = get(tokens[0])
        assert view["observation"]["time_up"] is True
        assert view["can_undo"] is False  # the table's move is never taken back
        assert "The 45-minute time limit is up: this round is the last" in [
            e["text"] for e in view["events"]
        ]
        end = play_until(get, post, tokens, lambda v: False, finished=True)
        assert end["status"] == "finished"
        assert end["observation"]["end"] == "the 45-minute time limit is up"
        worth = [p["net_worth"] for p in end["observation"]["players"]]
        order = [s for group in end["observation"]["ranking"] for s in group]
        assert [worth[s] for s in order] == sorted(worth, reverse=True)


def test_the_legal_actions_say_what_they_do(tmp_path: Any) -> None:
    """The page's choices carry the game's words for their consequences (``label``)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.db'}", limits=SEEDED)) as client:
        table, tokens = goldfix_table(client, {})
        get, post = driver(client, table)
        view = play_until(get, post, tokens, lambda v: v["observation"]["phase"] == "move")
        moves = [e for e in view["legal"] if e["action"]["type"] == "move"]
        assert moves and all(e["label"].startswith("to ") for e in moves)
        spectator = client.get(f"/api/tables/{table}").json()
        assert spectator["legal"] == []


def test_a_client_cannot_play_the_tables_time_up(tmp_path: Any) -> None:
    """``time-up`` is the table's move: sent by a person it is refused and changes nothing,
    however legal it would be for the table."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'f.db'}", limits=SEEDED)) as client:
        table, tokens = goldfix_table(client, {"time_limit": 30})
        get, _ = driver(client, table)
        response = client.post(
            f"/api/tables/{table}/actions",
            json={"seat": 0, "action": {"type": "time-up"}},
            headers={"X-Seat-Token": tokens[0]},
        )
        assert response.status_code == 422 and "only the table" in response.json()["detail"]
        answer = client.post(
            f"/api/tables/{table}/explain",
            json={"seat": 0, "action": "time-up"},
            headers={"X-Seat-Token": tokens[0]},
        ).json()
        assert answer["legal"] is False
        view = get(tokens[0])
        assert view["move_count"] == 0 and view["observation"]["time_up"] is False
