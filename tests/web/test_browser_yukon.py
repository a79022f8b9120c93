"""Gold am Yukon in the browser: the SVG board against the observation, moves made by clicking
start spaces, destination spaces and claims on the board, bots answering, a reload mid-game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import create_from_lobby, fetch_view, open_seat, wait_drawn

pytestmark = pytest.mark.browser

BOARD = "svg[data-game='yukon']"


def board_move(page: Any) -> int:
    return int(page.get_attribute(".yk-root", "data-move"))


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        "['Your move', 'over'].some(t => document.querySelector('#prompt').innerText.includes(t))"
        " && document.querySelector('.yk-root')",
        timeout=15000,
    )


READ_BOARD = """() => {
  const all = (sel) => [...document.querySelectorAll(sel)];
  const stones = {};
  for (const n of all('.yk-stone')) {
    const seat = n.getAttribute('data-seat');
    (stones[seat] = stones[seat] || []).push(n.getAttribute('data-space'));
  }
  return {
    claims: all('.yk-claim').map(n => [Number(n.dataset.claim), Number(n.dataset.nuggets),
                                       n.dataset.owner === '' ? null : Number(n.dataset.owner)]),
    stones,
    guards: all('.yk-guard').map(n => Number(n.dataset.claim)).sort((a, b) => a - b),
    fronts: Object.fromEntries(all('.yk-front').map(n => [n.dataset.seat, n.dataset.space])),
    teams: all('.yk-team').map(n => [Number(n.dataset.nuggets), Number(n.dataset.waiting)]),
    dice: all('.yk-die').map(n => Number(n.dataset.value)),
    targets: all('.yk-target').map(n => n.dataset.action).sort(),
    spaces: all('.yk-space').length,
    me: all('.yk-name').map(n => n.textContent),
  };
}"""


def check_board(page: Any, view: dict[str, Any]) -> None:
    """What the SVG shows is exactly what the observation holds."""
    obs = view["observation"]
    wait_drawn(page, ".yk-root", view["move_count"])
    seen = page.evaluate(READ_BOARD)
    assert seen["claims"] == [[c[0], c[3], c[4]] for c in obs["claims"]]
    assert len(seen["claims"]) == 37
    assert seen["spaces"] == 37 * 12 - 90  # shared spaces drawn once
    for seat, team in enumerate(obs["teams"]):
        assert seen["stones"].get(str(seat), []) == team["chain"]
        if team["front"]:
            assert seen["fronts"][str(seat)] == team["front"]
    staked = sorted(c[0] for c in obs["claims"] if c[4] is not None)
    assert seen["guards"] == staked
    assert seen["teams"] == [[t["nuggets"], t["waiting"]] for t in obs["teams"]]
    if obs["phase"] == "playing":
        assert seen["dice"] == obs["throws"]
    # every board control is a legal action; every legal place/enter/move/stake has one
    legal = sorted(item["text"] for item in view["legal"] if item["action"]["type"] != "pass")
    assert seen["targets"] == legal
    assert f"{view['names'][0]} (you)" in seen["me"]


def click_board(page: Any) -> bool:
    """Make one move by clicking the board (or the Pass control); False if none offered."""
    before = board_move(page)
    targets = page.query_selector_all(".yk-target")
    stakes = page.query_selector_all(".yk-claim.yk-target")
    if stakes:
        stakes[0].click()
    elif targets:
        targets[0].click()
    elif page.query_selector(".yk-pass"):
        page.click(".yk-pass")
    else:
        return False
    page.wait_for_function(
        f"Number((document.querySelector('.yk-root') || {{dataset: {{}}}}).dataset.move) > {before}"
    )
    return True


def test_play_yukon_by_clicking_the_board(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    create_from_lobby(page, server, "yukon", ["human", "heuristic", "heuristic"])
    table, token = open_seat(page, server, BOARD)
    wait_my_turn(page)

    # Preparation: seat 0 places first, on a glowing start space
    view = fetch_view(page, server, table, token)
    assert view["observation"]["phase"] == "placing"
    starts = view["observation"]["start_spaces"]
    assert page.locator(".yk-start").count() == len(starts) > 0
    check_board(page, view)
    assert page.locator(".yk-dest").count() == len(view["legal"])
    first = page.get_attribute(".yk-dest >> nth=0", "data-space")
    before = board_move(page)
    page.click(".yk-dest >> nth=0")
    # wait until the bots have placed too and it is our turn again
    page.wait_for_function(
        f"Number((document.querySelector('.yk-root') || {{dataset: {{}}}}).dataset.move) > {before}"
        " && document.querySelector('#prompt').innerText.includes('Your move')",
        timeout=15000,
    )
    view = fetch_view(page, server, table, token)
    assert view["observation"]["teams"][0]["chain"] == [first]
    # the bots placed theirs and have already thrown and entered stones
    assert all(t["chain"] for t in view["observation"]["teams"])
    log = page.inner_text("#log")
    assert view["names"][1] in log and view["names"][2] in log
    check_board(page, view)

    # play on by clicking the board only; the bots answer between our turns.  One turn may
    # ask us many times (a throw of 1 throws again, so 8 or more pips happen), so click on
    # until a bot's turn line follows our clicks rather than counting on a fixed number.
    bots = (view["names"][1] + " ", view["names"][2] + " ")  # a turn's line: name, then acts

    def last_bot_line(view: dict[str, Any]) -> int:
        said = [e["index"] for e in view["events"] if e["text"].startswith(bots)]
        return max(said, default=-1)

    bot_line = last_bot_line(view)
    moves_before = view["move_count"]
    clicks = 0
    for _ in range(40):
        wait_my_turn(page)
        if "over" in page.inner_text("#prompt"):
            break
        view = fetch_view(page, server, table, token)
        check_board(page, view)
        if clicks >= 5 and last_bot_line(view) > bot_line:
            break
        assert click_board(page)
        clicks += 1
    assert clicks >= 5
    wait_my_turn(page)
    view = fetch_view(page, server, table, token)
    assert view["move_count"] >= moves_before + clicks
    assert last_bot_line(view) > bot_line or view["status"] == "finished"  # the bots moved
    assert len(view["observation"]["teams"][0]["chain"]) > 1

    # reload mid-game: the same board comes back, and play continues by clicking
    page.reload()
    page.wait_for_selector(BOARD)
    wait_my_turn(page)
    view = fetch_view(page, server, table, token)
    check_board(page, view)
    for _ in range(3):
        wait_my_turn(page)
        if "over" in page.inner_text("#prompt"):
            break
        assert click_board(page)
    page.close()


def test_phone_layout_and_spectator(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    create_from_lobby(page, server, "yukon", ["human", "heuristic", "heuristic", "heuristic"])
    spectate = page.get_attribute("a[href^='/t/']:not([data-seat-link])", "href")
    table, token = open_seat(page, server, BOARD)
    wait_my_turn(page)
    assert page.get_attribute(BOARD, "data-layout") == "narrow"
    # the board fits the phone's width: no horizontal scrolling
    width = page.evaluate(
        "document.querySelector('svg[data-game=yukon]').getBoundingClientRect().width"
    )
    assert 250 < width <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    click_board(page)
    wait_my_turn(page)
    view = fetch_view(page, server, table, token)
    check_board(page, view)
    assert spectate
    watcher = browser.new_page(viewport={"width": 1280, "height": 900})
    watcher.goto(server + spectate.split("#")[0])
    watcher.wait_for_selector(BOARD)
    assert watcher.get_attribute(BOARD, "data-layout") == "wide"
    assert watcher.locator(".yk-target").count() == 0  # spectators get no controls
    assert watcher.locator(".yk-stone").count() == sum(
        len(t["chain"]) for t in view["observation"]["teams"]
    )
    watcher.close()
    page.close()
