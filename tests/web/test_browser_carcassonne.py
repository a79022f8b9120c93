"""Carcassonne in the browser: the SVG table against the observation, turns played by clicking
the map (an open square, the tile's rotation, a follower spot or "No follower", gold tiles),
the bots answering, a reload mid-game, the phone layout, and the bag's order never shown."""

from __future__ import annotations

import json
import random
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from motherlode.engine import get_game
from motherlode.games.carcassonne.components import KINDS, load_tileset
from motherlode.games.carcassonne.rules import CarcassonneState

pytestmark = pytest.mark.browser

MY_DECISION = "[data-place], [data-feature], [data-pass], [data-gold], [data-take]"


def create_from_lobby(page: Any, server: str, seats: list[str]) -> tuple[str, str, str]:
    """A Carcassonne table made in the lobby; returns its id, seat 0's link and token."""
    page.goto(server + "/")
    page.select_option("#game", "carcassonne")
    page.select_option("#players", str(len(seats)))
    for i, agent in enumerate(seats):
        page.select_option(f"#seat-{i}", agent)
    page.select_option("#bot_delay_ms", "0")
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link='0']")
    link = page.get_attribute("[data-seat-link='0']", "href")
    assert link is not None
    parts = urlsplit(link)
    token = parse_qs(parts.fragment)["token"][0]
    return parts.path.rsplit("/", 1)[1], link, token


def api_view(server: str, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = httpx.get(f"{server}/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def page_move(page: Any) -> int:
    return int(page.get_attribute(".cc", "data-move"))


def wait_for_my_decision(page: Any, after: int) -> None:
    """Until the board shows a decision of mine (or the end) taken after move ``after``."""
    page.wait_for_function(
        """([n, sel]) => {
            const root = document.querySelector('.cc');
            return root && Number(root.dataset.move) > n &&
                (root.querySelector(sel) || root.dataset.phase === 'over');
        }""",
        arg=[after, MY_DECISION],
        timeout=15000,
    )


def wait_for_my_decision_or_turn_over(page: Any, after: int) -> None:
    """Until the board has moved on from move ``after`` (whoever is asked next)."""
    page.wait_for_function(
        "n => Number(document.querySelector('.cc').dataset.move) > n", arg=after, timeout=15000
    )


def attrs(page: Any, selector: str, *names: str) -> list[tuple[str, ...]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        selector, "(nodes, names) => nodes.map((n) => names.map((a) => n.getAttribute(a)))", names
    )
    return sorted(tuple(row) for row in rows)


def check_board_against_view(page: Any, view: dict[str, Any]) -> None:
    """Everything the observation holds is drawn: tiles, followers, gold, bag, players."""
    obs = view["observation"]
    assert page_move(page) == view["move_count"]
    tiles = attrs(page, ".cc-map [data-tile]", "data-tile", "data-id", "data-rot")
    assert tiles == sorted((f"{x},{y}", t, str(r)) for x, y, t, r in obs["board"])
    followers = attrs(page, ".cc-map [data-follower]", "data-follower", "data-seat")
    assert followers == sorted((f"{x},{y},{f}", str(s)) for x, y, f, s in obs["followers"])
    gold = attrs(page, ".cc-map [data-gold-on]", "data-gold-on", "data-count")
    assert gold == sorted((f"{x},{y}", str(n)) for x, y, n in obs["gold"])
    assert page.text_content("[data-bag]") == str(obs["bag"])
    cards = attrs(page, "[data-player]", "data-player", "data-points", "data-supply", "data-bars")
    assert cards == [
        (str(s), str(obs["points"][s]), str(obs["supply"][s]), str(obs["bars"][s]))
        for s in range(obs["num_players"])
    ]
    if obs["phase"] == "place" and view["legal"]:
        spots = {tuple(xy.split(",")) for (xy,) in attrs(page, "[data-place]", "data-place")}
        if page.query_selector("[data-preview]"):
            spots.add(tuple(page.get_attribute("[data-preview]", "data-preview").split(",")[:2]))
        assert spots == {(str(x), str(y)) for x, y, _ in obs["placements"]}


def play_my_turn(page: Any, *, follower: bool) -> None:
    """One whole turn by clicking the board: square, rotation, confirm, then gold and follower."""
    page.wait_for_selector("[data-place]")
    spots = page.query_selector_all("[data-place]")
    spots[-1].click()
    page.wait_for_selector("[data-preview]")
    first = page.get_attribute("[data-preview]", "data-preview")
    if page.query_selector("[data-rotate]"):  # more than one rotation fits: turn the preview
        page.click("[data-rotate]")
        page.wait_for_function(
            "p => document.querySelector('[data-preview]').dataset.preview !== p", arg=first
        )
        turned = page.get_attribute("[data-preview]", "data-preview")
        assert turned[: turned.rindex(",")] == first[: first.rindex(",")]
        # the drawn-tile picture turns with the preview
        assert page.get_attribute("[data-drawn]", "data-rotation") == turned.rsplit(",", 1)[1]
    before = page_move(page)
    page.click("[data-confirm]")
    while True:
        wait_for_my_decision(page, before)
        before = page_move(page)
        if page.get_attribute(".cc", "data-phase") in ("place", "over"):
            return
        if page.query_selector("[data-gold]"):
            page.click("[data-gold] >> nth=0")
        elif page.query_selector("[data-take]"):
            page.click("[data-take] >> nth=0")
        elif follower and page.query_selector("[data-feature]"):
            page.click("[data-feature] >> nth=0")
        else:
            page.click("[data-pass]")


def test_play_carcassonne_by_clicking_the_map(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table, link, token = create_from_lobby(page, server, ["human", "heuristic"])
    page.goto(server + link)
    page.wait_for_selector("[data-place]")
    check_board_against_view(page, api_view(server, table, token))
    assert "you" in (page.text_content("[data-player='0']") or "")

    # the renderer's tiles are the engine's: same edges, gold, features in the same order
    # (a follower's number), and each feature named alike in every rotation
    tiles = json.loads(page.evaluate("JSON.stringify(Motherlode.renderers.carcassonne.tiles)"))
    named = page.evaluate(
        """() => { const r = Motherlode.renderers.carcassonne, out = {};
            for (const [id, t] of Object.entries(r.tiles))
                out[id] = [0, 1, 2, 3].map((rot) => t.features.map((f) => r.describe(f, rot)));
            return out; }"""
    )
    tileset = load_tileset()
    assert set(tiles) == set(tileset.by_id)
    for t in tileset.types:
        mine = tiles[t.id]
        assert mine["edges"] == t.edges and bool(mine.get("gold")) == t.gold, t.id
        assert [f["kind"] for f in mine["features"]] == [KINDS[f.kind] for f in t.features]
        assert named[t.id] == [[f.describe(r) for f in t.features] for r in range(4)], t.id
        assert all(0 <= v <= 100 for f in mine["features"] for v in f["at"]), t.id

    # the first turn puts a follower on the new tile, by clicking its spot on the map
    play_my_turn(page, follower=True)
    assert "Player 1 places a follower on" in page.inner_text("#log")
    # the bot has answered: its tile is on the map and in the log
    assert "heuristic 2 places" in page.inner_text("#log")
    view = api_view(server, table, token)
    check_board_against_view(page, view)
    assert len(view["observation"]["board"]) == 3

    play_my_turn(page, follower=False)
    view = api_view(server, table, token)
    check_board_against_view(page, view)
    assert len(view["observation"]["board"]) == 5

    # a reload mid-game shows the same table, and play goes on
    page.reload()
    page.wait_for_selector("[data-place]")
    check_board_against_view(page, view)
    play_my_turn(page, follower=True)
    view = api_view(server, table, token)
    check_board_against_view(page, view)
    assert len(view["observation"]["board"]) == 7
    assert errors == []
    page.close()


def test_phone_layout_and_spectator(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    table, link, _ = create_from_lobby(page, server, ["human", "heuristic", "heuristic"])
    page.goto(server + link)
    page.wait_for_selector("[data-place]")
    # nothing wider than the phone, and the squares to tap are big enough for a finger
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.query_selector("[data-place] rect").bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40
    assert len(page.query_selector_all("[data-player]")) == 3
    # choosing a square and its rotation also works from the controls under the prompt
    page.click("[data-place] >> nth=0")
    page.wait_for_selector("#custom-controls [data-rotation]")
    rotations = page.query_selector_all("#custom-controls [data-rotation]")
    rotations[-1].click()
    chosen = rotations[-1].get_attribute("data-rotation")
    page.wait_for_function(
        "r => document.querySelector('[data-preview]').dataset.preview.endsWith(',' + r)",
        arg=chosen,
    )
    before = page_move(page)
    page.click("#custom-controls [data-confirm-button]")
    wait_for_my_decision(page, before)
    page.close()

    # a spectator sees the same map but no controls and no "you"
    watcher = browser.new_page(viewport={"width": 1280, "height": 900})
    watcher.goto(f"{server}/t/{table}")
    watcher.wait_for_selector(".cc-map [data-tile]")
    view = api_view(server, table)
    assert view["seat"] is None
    assert watcher.get_attribute(".cc", "data-mine") == "no"
    assert not watcher.query_selector(MY_DECISION)
    assert "you" not in (watcher.text_content(".cc-players") or "")
    watcher.close()


def test_the_bag_order_never_reaches_the_page(browser: Any, server: str) -> None:
    seed = 2024
    body = {
        "game": "carcassonne",
        "seed": seed,
        "seats": [{"agent": "human"}, {"agent": "heuristic"}],
        "settings": {"bot_delay_ms": 0},
    }
    created = httpx.post(f"{server}/api/tables", json=body).json()
    table, token = created["id"], created["seats"][0]["token"]
    # the same seed, replayed here, tells what the bag holds in which order
    state = get_game("carcassonne").new_state(2, seed, None)
    assert isinstance(state, CarcassonneState)
    types = state.tileset.types
    upcoming = [types[t].id for t in reversed(state.bag)]
    view = api_view(server, table, token)
    obs = view["observation"]
    assert obs["tile"] == types[state.tile].id
    assert obs["bag"] == len(upcoming)
    assert upcoming[:5] != sorted(upcoming[:5])  # so the sorted contents cannot pass for it

    def order_shown(text: str, start: int) -> bool:
        ids = upcoming[start : start + 5]
        pattern = r".{0,40}?".join(re.escape(f'"{i}"') for i in ids)
        return re.search(pattern, text, re.S) is not None

    def lists_of_ids(node: Any) -> list[list[str]]:
        if isinstance(node, dict):
            return [x for v in node.values() for x in lists_of_ids(v)]
        if isinstance(node, list):
            if len(node) >= 3 and all(isinstance(v, str) for v in node):
                return [node]
            return [x for v in node for x in lists_of_ids(v)]
        return []

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/t/{table}#seat=0&token={token}")
    page.wait_for_selector("[data-place]")
    page.click("summary >> text=What is left in the bag")  # the bag's contents, by type
    page.wait_for_selector("[data-remaining]")
    shown = {r[0] for r in attrs(page, "[data-remaining]", "data-remaining")}
    assert shown == set(obs["remaining"]) == set(upcoming)
    for start in (0, 2):  # at the start and after my first turn
        text = json.dumps(view)
        assert not order_shown(text, start) and not order_shown(page.content(), start)
        for ids in lists_of_ids(view):
            assert not any(
                ids == upcoming[i : i + len(ids)] for i in range(len(upcoming) - len(ids) + 1)
            )
        assert httpx.get(f"{server}/api/tables/{table}/record").status_code == 409
        if start == 0:
            play_my_turn(page, follower=False)
            view = api_view(server, table, token)
            assert view["observation"]["bag"] == len(upcoming) - 2
    page.close()


def test_gold_bars_are_put_and_taken_by_clicking_tiles(browser: Any, server: str) -> None:
    """A seeded 3-player game of people, played here and on the server with the same random
    moves, until a gold tile asks for its second bar and later gold is shared with a choice:
    those two decisions are made by clicking the highlighted tiles on the map."""
    seed, players = 273, 3  # found by search: its random game reaches both decisions
    body = {
        "game": "carcassonne",
        "seed": seed,
        "seats": [{"agent": "human"}] * players,
        "settings": {"bot_delay_ms": 0},
    }
    created = httpx.post(f"{server}/api/tables", json=body).json()
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    state = get_game("carcassonne").new_state(players, seed, None)
    rng = random.Random(seed)
    client = httpx.Client(base_url=server)
    clicked: dict[str, int] = {}
    while "take" not in clicked:
        assert not state.is_over(), "the seeded game no longer reaches a gold choice"
        seat = state.pending()[0]
        phase = state.observe(None)["phase"]
        actions = state.legal_actions(seat)
        followers = [a for a in actions if a.to_json()["type"] == "follower"]
        action = rng.choice(followers) if followers and rng.random() < 0.9 else rng.choice(actions)
        move = action.to_json()
        if phase in ("gold", "take") and phase not in clicked:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server}/t/{table}#seat={seat}&token={tokens[seat]}")
            page.wait_for_selector(f"[data-{phase}]")
            view = api_view(server, table, tokens[seat])
            check_board_against_view(page, view)
            targets = {xy for (xy,) in attrs(page, f"[data-{phase}]", f"data-{phase}")}
            assert targets == {f"{a['action']['x']},{a['action']['y']}" for a in view["legal"]}
            bars = {(x, y): n for x, y, n in view["observation"]["gold"]}
            target = f"{move['x']},{move['y']}"
            page.click(f"[data-{phase}='{target}']")
            wait_for_my_decision_or_turn_over(page, view["move_count"])
            after = api_view(server, table, tokens[seat])
            gold = {(x, y): n for x, y, n in after["observation"]["gold"]}
            xy = (move["x"], move["y"])
            if phase == "gold":  # one more bar lies on the chosen tile
                assert gold.get(xy, 0) == bars.get(xy, 0) + 1
            else:  # the bar went from that tile to the player
                assert after["observation"]["bars"][seat] > view["observation"]["bars"][seat]
            assert page.get_attribute(f"[data-player='{seat}']", "data-bars") == str(
                after["observation"]["bars"][seat]
            )
            clicked[phase] = state.move_count
            page.close()
        else:
            headers = {"X-Seat-Token": tokens[seat]}
            payload = {"seat": seat, "action": move, "expect_move": state.move_count}
            response = client.post(f"/api/tables/{table}/actions", json=payload, headers=headers)
            assert response.status_code == 200, response.text
        state.apply(seat, action)
    assert clicked["gold"] < clicked["take"]
