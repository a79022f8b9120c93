"""Gonza Index in the browser: the SVG table against the observation, moves made by clicking
the board (dice, corporations, broker cards, the event track), bots and the Minister AI
answering, a reload mid-game, a finished game watched and replayed by a spectator."""

from __future__ import annotations

from typing import Any

import pytest

from motherlode.games.gonza.components import FACES
from tests.web.browser import (
    create_from_lobby,
    fetch_view,
    open_move_list,
    open_seat,
    wait_drawn,
)

pytestmark = pytest.mark.browser

BOARD = "svg[data-game='gonza']"
TARGET_FACES = ("place", "up", "down", "bid")


def board_move(page: Any) -> int:
    return int(page.get_attribute(".gz-root", "data-move"))


def wait_moved(page: Any, after: int) -> None:
    page.wait_for_function(
        f"Number((document.querySelector('.gz-root') || {{dataset: {{}}}}).dataset.move) > {after}"
    )


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        "['Your move', 'over'].some(t => document.querySelector('#prompt').innerText.includes(t))",
        timeout=15000,
    )


def wait_my_dice(page: Any, server: str, table: str, token: str) -> None:
    """Wait until this seat's turn with its dice, answering any other decision it is asked
    first (discarding down to the hand limit, playing or passing a Safe Harbour) with the
    first move the page offers."""
    for _ in range(20):
        wait_my_turn(page)
        view = fetch_view(page, server, table, token)
        types = {entry["action"]["type"] for entry in view["legal"]}
        if view["status"] == "finished" or types & {"end", "reroll", *FACES}:
            return
        before = board_move(page)
        open_move_list(page)  # a Safe Harbour offered may be listed only there (folded)
        page.locator("#actions button").first.click()
        wait_moved(page, before)
    raise AssertionError("never this seat's turn with its dice")


def log_text(page: Any) -> str:
    text: str = page.inner_text("#log")
    return text


READ_BOARD = """() => {
  const all = (root, sel) => [...root.querySelectorAll(sel)];
  const attr = (root, sel, name) => root.querySelector(sel).getAttribute(name);
  const bySeat = (root, sel, value) => {
    const out = {};
    for (const n of all(root, sel)) {
      const seat = n.getAttribute('data-seat');
      out[seat] = (out[seat] || 0) + value(n);
    }
    return out;
  };
  const board = document.querySelector('svg[data-game="gonza"]');
  return {
    corps: all(board, '[data-corp]').map((c) => ({
      id: c.getAttribute('data-corp'), text: c.textContent,
      spaces: all(c, '.gz-space').length,
      start: Number(attr(c, '[data-start="1"]', 'data-index')),
      value: Number(attr(c, '.gz-marker', 'data-value')),
      position: Number(attr(c, '.gz-marker', 'data-position')),
      credits: bySeat(c, '.gz-credit', () => 1),
    })),
    broker: all(board, '[data-broker]').map((b) => ({
      id: b.getAttribute('data-broker'), text: b.textContent,
      bids: bySeat(b, '.gz-bid', (n) => Number(n.getAttribute('data-count'))),
    })),
    dice: all(board, '[data-die]').map((d) => ({ face: d.getAttribute('data-face'),
      used: d.getAttribute('data-used') === '1', black: d.getAttribute('data-black') === '1' })),
    rerolls: Number(attr(board, '[data-rerolls]', 'data-rerolls')),
    tokens: all(board, '.gz-token').length,
    eventDeck: Number(attr(board, '[data-event-deck]', 'data-event-deck')),
    players: all(board, '[data-player]').map((p) => ({ text: p.textContent,
      credits: Number(attr(p, '[data-credits]', 'data-credits')),
      supply: Number(attr(p, '[data-supply]', 'data-supply')),
      score: Number(attr(p, '[data-score]', 'data-score')),
      hand: all(p, '[data-hand]').map((h) => h.getAttribute('data-hand')),
      you: all(p, '[data-chip="you"]').length === 1 })),
  };
}"""


def by_seat(counts: list[int]) -> dict[str, int]:
    return {str(seat): n for seat, n in enumerate(counts) if n}


def check_board_matches(page: Any, view: dict[str, Any]) -> None:
    """Everything the observation holds is on the board: corporations, tracks, markers,
    credits by colour, broker cards and bids, dice, event track, players."""
    obs = view["observation"]
    wait_drawn(page, ".gz-root", view["move_count"])
    board = page.evaluate(READ_BOARD)
    assert [c["id"] for c in board["corps"]] == [c["id"] for c in obs["corporations"]]
    for drawn, corp in zip(board["corps"], obs["corporations"], strict=True):
        assert corp["name"] in drawn["text"] and corp["type"].upper() in drawn["text"]
        assert drawn["spaces"] == len(corp["track"]) and drawn["start"] == corp["start"]
        assert (drawn["value"], drawn["position"]) == (corp["value"], corp["position"])
        assert drawn["credits"] == by_seat(corp["credits"])
        assert f"{corp['total']}/{obs['cap']}" in drawn["text"]
    assert [b["id"] for b in board["broker"]] == [b["id"] for b in obs["broker"]]
    for drawn, card in zip(board["broker"], obs["broker"], strict=True):
        assert card["name"] in drawn["text"]
        assert drawn["bids"] == by_seat(card["bids"])
    assert board["dice"] == obs["dice"]
    assert board["rerolls"] == obs["rerolls_left"]
    assert board["tokens"] == obs["event_tokens"]
    assert board["eventDeck"] == obs["event_deck"]
    assert len(board["players"]) == len(obs["players"])
    for seat, (drawn, player) in enumerate(zip(board["players"], obs["players"], strict=True)):
        assert view["names"][seat] in drawn["text"]
        assert drawn["credits"] == player["credits"] and drawn["supply"] == player["supply"]
        assert drawn["score"] == player["score"]
        assert drawn["hand"] == [c["id"] for c in player["cards"]]
        assert drawn["you"] == (seat == view["seat"])


def use_a_die(page: Any, view: dict[str, Any]) -> bool:
    """Use one die by clicking it and then what it applies to; False if none can be used."""
    legal = [entry["action"] for entry in view["legal"]]
    for i, die in enumerate(view["observation"]["dice"]):
        face = die["face"]
        uses = [a for a in legal if a["type"] == face]
        if die["used"] or not uses:
            continue
        before = board_move(page)
        page.click(f"[data-die='{i}']")
        if face in ("place", "up", "down"):
            corp = uses[-1]["corporation"]
            page.click(f"[data-corp='{corp}'].gz-target")
        elif face == "bid":
            page.click(f"[data-broker='{uses[0]['card']}'].gz-target")
        else:
            page.click(f"{BOARD} [data-button='{face}']")
        wait_moved(page, before)
        return True
    return False


def test_play_gonza_by_clicking_the_board(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(
        page, server, "gonza", ["human", "heuristic", "heuristic"], options={"first_player": "1"}
    )
    table, token = open_seat(page, server, BOARD)
    wait_my_turn(page)
    view = fetch_view(page, server, table, token)
    assert view["observation"]["active"] == 0
    check_board_matches(page, view)

    # re-roll: click two dice (the black die is fixed on its event face), then the button
    rerollable = [
        i
        for i, d in enumerate(view["observation"]["dice"])
        if not (d["black"] and d["face"] == "event")
    ]
    picked = rerollable[:2]
    before = board_move(page)
    for i in picked:
        page.click(f"[data-die='{i}']")
    label = page.text_content(f"{BOARD} [data-button='reroll']")
    assert "Re-roll 2 dice" in label
    page.click(f"{BOARD} [data-button='reroll']")
    wait_moved(page, before)
    assert "re-rolls" in log_text(page)
    view = fetch_view(page, server, table, token)
    assert view["observation"]["rerolls_left"] == 1
    check_board_matches(page, view)

    # a die selected and cleared again changes nothing
    page.click(f"[data-die='{picked[0]}']")
    assert page.get_attribute(f"[data-die='{picked[0]}']", "data-selected") == "1"
    page.click(f"{BOARD} [data-button='clear']")
    assert board_move(page) == view["move_count"]

    # use every die that can be used, by clicking the die and then its target
    used = 0
    while view["legal"] and view["observation"]["active"] == 0 and use_a_die(page, view):
        used += 1
        view = fetch_view(page, server, table, token)
        if view["observation"]["active"] == 0 and view["legal"]:
            check_board_matches(page, view)
    assert used >= 1
    end = page.locator(f"{BOARD} [data-button='end']")
    if view["observation"]["active"] == 0 and view["legal"] and end.count():
        before = board_move(page)
        page.click(f"{BOARD} [data-button='end']")
        wait_moved(page, before)
    # the bots answer: both play their turns and it is our turn again (a discard at the hand
    # limit, or a Safe Harbour offered in a bot's turn, is answered on the way)
    wait_my_dice(page, server, table, token)
    log = log_text(page)
    names = fetch_view(page, server, table, token)["names"]
    assert f"{names[1]} rolls" in log and f"{names[2]} rolls" in log, "the log uses seat names"
    view = fetch_view(page, server, table, token)
    check_board_matches(page, view)

    # reload mid-game: the same table, and play goes on by clicking
    page.reload()
    page.wait_for_selector(BOARD)
    wait_my_turn(page)
    assert board_move(page) == view["move_count"]
    check_board_matches(page, view)
    # the deal is the server's: our turn may open on a die to use, the end of the turn, or
    # another decision the board offers (a broker card to discard or play, an event token)
    offered = page.locator(f"{BOARD} [data-button], {BOARD} .gz-target, {BOARD} [data-hand]")
    assert use_a_die(page, view) or offered.count()
    assert errors == []
    page.close()


def test_minister_ai_acts_and_a_person_decides_its_ties(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # seed 0: the Minister AI goes first and its place-a-stock die ties between two
    # corporations; the one person at the table decides (SOLO PLAY)
    response = page.request.post(
        f"{server}/api/tables",
        data={
            "game": "gonza",
            "seats": [{"name": "Ada", "agent": "human"}, {"name": "AI", "agent": "minister"}],
            "options": {"minister": "2", "first_player": 2},
            "settings": {"bot_delay_ms": 0},
            "seed": 0,
        },
    )
    assert response.ok
    created = response.json()
    table, token = created["id"], created["seats"][0]["token"]
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_selector(BOARD)
    assert page.get_attribute(".gz-root", "data-width") == "360"  # the phone layout
    wait_my_turn(page)
    view = fetch_view(page, server, table, token)
    obs = view["observation"]
    assert obs["phase"] == "decide" and obs["decision"]["for"] == 1
    assert f"{view['names'][1]} (Minister AI) rolls" in log_text(page)
    assert page.locator("[data-player='1'] [data-chip='ai']").count() == 1
    choices = obs["decision"]["choices"]
    targets = page.locator("[data-corp].gz-target")
    assert sorted(targets.nth(i).get_attribute("data-corp") for i in range(targets.count())) == (
        sorted(choices)
    )
    before = board_move(page)
    page.click(f"[data-corp='{choices[-1]}'].gz-target")
    wait_moved(page, before)
    assert f"decides for the Minister AI: {choices[-1]}" in log_text(page)
    # answer any further ties by clicking, until it is our own turn with dice
    for _ in range(10):
        wait_my_turn(page)
        view = fetch_view(page, server, table, token)
        if view["observation"]["phase"] != "decide":
            break
        choice = view["legal"][0]["action"]["choice"]
        before = board_move(page)
        page.click(f".gz-target[data-corp='{choice}'], .gz-target[data-broker='{choice}']")
        wait_moved(page, before)
    assert view["observation"]["phase"] == "turn" and view["observation"]["active"] == 0
    check_board_matches(page, view)
    credits_ai = fetch_view(page, server, table, token)["observation"]["corporations"]
    assert any(c["credits"][1] for c in credits_ai)  # the AI invested
    # our turn: the event token (if rolled) is added by clicking the event track
    if any(entry["action"]["type"] == "event" for entry in view["legal"]):
        before = board_move(page)
        page.click("[data-button='event-track']")
        wait_moved(page, before)
        view = fetch_view(page, server, table, token)
    while view["observation"]["active"] == 0 and view["legal"] and use_a_die(page, view):
        view = fetch_view(page, server, table, token)
    if view["observation"]["active"] == 0 and view["legal"]:
        end = page.locator(f"{BOARD} [data-button='end']")
        if end.count():
            end.click()
    # the Minister AI takes its next turn
    ai_rolls = f"{view['names'][1]} (Minister AI) rolls"
    page.wait_for_function(
        f"document.querySelector('#log').innerText.split({ai_rolls!r}).length > 2",
        timeout=15000,
    )
    # on the web a Minister AI seat is a seat's bot ("minister"), chosen once: the option
    # that makes a person's seat a Minister AI seat is the terminal's (motherlode play)
    response = page.request.post(
        f"{server}/api/tables",
        data={
            "game": "gonza",
            "seats": [{"agent": "human"}, {"agent": "heuristic"}],
            "options": {"minister": "1", "first_player": 1},
            "settings": {"bot_delay_ms": 0},
        },
    )
    assert response.status == 422
    assert "not offered at web tables" in response.json()["detail"]
    assert errors == []
    page.close()


def test_spectator_sees_a_finished_bot_game_and_replays_it(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_from_lobby(
        page, server, "gonza", ["heuristic", "minister"], options={"event_cards": "3"}
    )
    spectate = page.get_attribute("text=Spectator link", "href")
    table = spectate.rsplit("/", 1)[1]
    for _ in range(100):
        if fetch_view(page, server, table, None)["status"] == "finished":
            break
        page.wait_for_timeout(100)
    page.goto(server + spectate)
    page.wait_for_selector(BOARD)
    page.wait_for_selector("#status:not(.hidden)")
    view = fetch_view(page, server, table, None)
    obs = view["observation"]
    assert view["seat"] is None and obs["over"] and obs["final_round"]
    check_board_matches(page, view)
    assert "Game over" in page.text_content("[data-status]")
    assert page.locator(".gz-target, .gz-click").count() == 0  # a spectator has no controls
    for seat, dice in enumerate(obs["dice_in_final_round"]):
        assert f"final turn: {dice} dice" in page.locator(f"[data-player='{seat}']").text_content()
    assert page.get_attribute("[data-final-dice]", "data-final-dice") == "3"
    # the replay draws the table as it was, move by move
    page.click("#first")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('move 0')")
    assert page.locator(".gz-credit").count() == 0
    assert page.locator("[data-die]").count() in (0, 5)
    k = min(40, view["move_count"])
    page.eval_on_selector(
        "#replay-slider", f"s => {{ s.value = {k}; s.dispatchEvent(new Event('input')); }}"
    )
    page.wait_for_function(
        f"document.querySelector('#replay-pos').innerText.startsWith('move {k} ')"
    )
    replayed = page.request.get(f"{server}/api/tables/{table}/replay/{k}").json()["observation"]
    assert page.locator(".gz-credit").count() == sum(
        sum(c["credits"]) for c in replayed["corporations"]
    )
    assert errors == []
    page.close()


MOUNT = """([view]) => {
  window.__acts = [];
  const ui = { act: (a) => window.__acts.push(a), legal: view.legal, seat: view.seat,
    names: view.names, controls: document.getElementById('custom-controls'),
    svg: Motherlode.svg, el: Motherlode.el };
  document.getElementById('board').replaceChildren(Motherlode.renderers.gonza.draw(view, ui));
}"""


def entry(action: dict[str, Any]) -> dict[str, Any]:
    return {"action": action, "text": action["type"]}


def test_broker_card_controls_send_the_legal_actions(browser: Any, server: str) -> None:
    """Cards from the hand, Safe Harbour and discards, driven on the renderer with the
    legal actions the server would send (a short game rarely deals them to a person)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.request.post(
        f"{server}/api/tables",
        data={
            "game": "gonza",
            "seats": [{"agent": "human"}, {"agent": "heuristic"}],
            "options": {"first_player": 1},
            "settings": {"bot_delay_ms": 0},
        },
    )
    created = response.json()
    page.goto(server + created["seats"][0]["link"])
    wait_my_turn(page)
    view = fetch_view(page, server, created["id"], created["seats"][0]["token"])
    obs = view["observation"]
    corps = [c["id"] for c in obs["corporations"]]
    a, b = sorted(corps)[:2]
    kind = obs["corporations"][0]["type"]
    obs["players"][0]["cards"] = [
        {"id": "buying-spree", "name": "Buying Spree", "when": "turn"},
        {"id": "sector-surge", "name": "Sector Surge", "when": "turn"},
        {"id": "dividend", "name": "Dividend", "when": "turn"},
    ]
    spree = [[a], [b], [a, a], [a, b], [b, b], [a, a, b]]
    view["legal"] = [
        entry({"type": "play", "card": "buying-spree", "targets": t}) for t in spree
    ] + [
        entry({"type": "play", "card": "sector-surge", "targets": [t]})
        for t in sorted({c["type"] for c in obs["corporations"]})
    ]
    view["legal"] += [
        entry({"type": "play", "card": "dividend", "targets": []}),
        entry({"type": "end"}),
    ]
    view["move_count"] += 1000
    page.evaluate(MOUNT, [view])
    acts = "window.__acts"

    # Buying Spree: pick two corporations on the board, then play
    page.click("[data-hand='buying-spree']")
    assert page.locator("[data-corp].gz-target").count() == 2
    page.click(f"[data-corp='{b}'].gz-target")
    page.click(f"[data-corp='{a}'].gz-target")
    assert page.locator(f"[data-corp='{b}'].gz-target").count() == 0  # no [a, b, b] play
    page.click(f"{BOARD} [data-button='play']")
    assert page.evaluate(acts)[-1] == {"type": "play", "card": "buying-spree", "targets": [a, b]}
    # Sector Surge: click any corporation of the type to move
    page.click("[data-hand='sector-surge']")
    assert page.locator("[data-corp].gz-target").count() == 6
    page.click(f"[data-corp='{corps[0]}'].gz-target")
    assert page.evaluate(acts)[-1] == {"type": "play", "card": "sector-surge", "targets": [kind]}
    # Dividend has no target: select it, then the play button (here: in ui.controls)
    page.click("[data-hand='dividend']")
    page.click("#custom-controls [data-gz='play']")
    assert page.evaluate(acts)[-1] == {"type": "play", "card": "dividend", "targets": []}
    page.click(f"{BOARD} [data-button='end']")
    assert page.evaluate(acts)[-1] == {"type": "end"}

    # an event is revealed and the viewer holds Safe Harbour: play it, or let it happen
    obs["phase"] = "protect"
    obs["protect"] = {"seat": 0, "card": "safe-harbour"}
    obs["events_done"] = [{"id": "data-breach", "name": "Data Breach", "text": "tech -2"}]
    obs["current_event"] = "data-breach"
    obs["players"][0]["cards"] = [{"id": "safe-harbour", "name": "Safe Harbour", "when": "event"}]
    view["legal"] = [
        entry({"type": "play", "card": "safe-harbour", "targets": []}),
        entry({"type": "pass"}),
    ]
    view["move_count"] += 1
    page.evaluate(MOUNT, [view])
    assert "Revealed now" in page.text_content("[data-section='events']")
    assert "Data Breach" in page.text_content("[data-section='events']")
    page.click(f"{BOARD} [data-button='pass']")
    assert page.evaluate(acts)[-1] == {"type": "pass"}
    page.click("[data-hand='safe-harbour']")
    assert page.evaluate(acts)[-1] == {"type": "play", "card": "safe-harbour", "targets": []}

    # over the hand limit at the end of the turn: click a card to discard it
    obs["phase"], obs["protect"], obs["current_event"] = "discard", None, None
    obs["players"][0]["cards"] = [
        {"id": "rally", "name": "Market Rally", "when": "turn"},
        {"id": "hedge", "name": "Hedge Fund", "when": "end"},
        {"id": "inheritance", "name": "Inheritance", "when": "end"},
    ]
    view["legal"] = [
        entry({"type": "discard", "card": c["id"]}) for c in obs["players"][0]["cards"]
    ]
    view["move_count"] += 1
    page.evaluate(MOUNT, [view])
    assert page.locator("[data-hand].gz-target").count() == 3
    page.click("[data-hand='hedge']")
    assert page.evaluate(acts)[-1] == {"type": "discard", "card": "hedge"}

    # a bid die and a tie for the Minister AI between two broker cards
    obs["phase"] = "decide"
    obs["decision"] = {
        "kind": "bid",
        "for": 1,
        "choices": [c["id"] for c in obs["broker"][:2]],
        "amount": 0,
        "text": "Decide for Player 2 which broker card it bids on",
    }
    view["legal"] = [entry({"type": "decide", "choice": c}) for c in obs["decision"]["choices"]]
    view["move_count"] += 1
    page.evaluate(MOUNT, [view])
    assert page.locator("[data-broker].gz-target").count() == 2
    second = obs["broker"][1]["id"]
    page.click(f"[data-broker='{second}'].gz-target")
    assert page.evaluate(acts)[-1] == {"type": "decide", "choice": second}
    assert errors == []
    page.close()
