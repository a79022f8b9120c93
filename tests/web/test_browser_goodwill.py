"""Goodwill in the browser: the SVG table against the observation, a year played by clicking
the board (the price wheel, a boss proposal, votes), the bots answering, a reload mid-game, a
partner chosen by clicking a player on a phone, and two people at one table who each see only
their own information pairs and their own secret price before the reveal."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

pytestmark = pytest.mark.browser

MY_DECISION = "[data-wheel='active'], [data-candidate][data-partner], [data-propose], [data-vote]"


def create_from_lobby(page: Any, server: str, seats: list[str]) -> tuple[str, dict[int, str]]:
    """A Goodwill table made in the lobby; returns its id and each human seat's link."""
    page.goto(server + "/")
    page.select_option("#game", "goodwill")
    page.select_option("#players", str(len(seats)))
    for i, agent in enumerate(seats):
        page.select_option(f"#seat-{i}", agent)
    page.select_option("#bot_delay_ms", "0")
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link='0']")
    links: dict[int, str] = {}
    for i, agent in enumerate(seats):
        if agent == "human":
            link = page.get_attribute(f"[data-seat-link='{i}']", "href")
            assert link is not None
            links[i] = link
    return urlsplit(links[0]).path.rsplit("/", 1)[1], links


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).fragment)["token"][0]


def api_view(server: str, table: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = httpx.get(f"{server}/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def svg_attr(page: Any, name: str) -> str:
    value: str = page.get_attribute("svg[data-game='goodwill']", name)
    return value


def attrs(page: Any, selector: str, *names: str) -> list[tuple[str, ...]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        selector, "(nodes, names) => nodes.map((n) => names.map((a) => n.getAttribute(a)))", names
    )
    return sorted(tuple(row) for row in rows)


def wait_for_move(page: Any, move: int) -> None:
    """Until the board shows the table at move ``move`` or later."""
    page.wait_for_function(
        "n => { const s = document.querySelector(\"svg[data-game='goodwill']\");"
        " return s && Number(s.dataset.move) >= n; }",
        arg=move,
        timeout=10000,
    )


def wait_for_my_decision(page: Any, after: int) -> None:
    """Until the board shows a decision of mine (or the end) taken after move ``after``."""
    page.wait_for_function(
        """([n, sel]) => {
            const s = document.querySelector("svg[data-game='goodwill']");
            return s && Number(s.dataset.move) > n &&
                (s.querySelector(sel) || s.dataset.phase === 'over');
        }""",
        arg=[after, MY_DECISION],
        timeout=15000,
    )


def check_board_against_view(page: Any, view: dict[str, Any]) -> None:
    """What the observation holds is drawn: companies, bosses, prices, informations, players."""
    obs = view["observation"]
    assert int(svg_attr(page, "data-move")) == view["move_count"]
    assert svg_attr(page, "data-phase") == obs["phase"]
    assert int(svg_attr(page, "data-year")) == obs["year"]
    for comp in obs["companies"]:
        panel = f"[data-company='{comp['name']}']"
        assert page.get_attribute(f"{panel} [data-capital]", "data-capital") == str(comp["capital"])
        assert page.get_attribute(f"{panel} [data-market]", "data-market") == str(
            comp["market_share"]
        )
        shown = attrs(page, f"{panel} [data-token]", "data-token")
        held = sorted((r,) for r, k in comp["resources"].items() for _ in range(k))
        assert shown == held
        boss = page.query_selector(f"{panel} [data-company-boss]")
        if comp["boss"] is None:
            assert boss is None
        else:
            assert boss is not None and boss.get_attribute("data-boss") == comp["boss"]["name"]
    bar = attrs(page, "[data-market-bar]", "data-market-bar", "data-pct")
    assert bar == sorted((c["name"], str(c["market_share"])) for c in obs["companies"])
    assert sum(int(p) for _, p in bar) == 100
    prices = attrs(page, "[data-resource-price]", "data-resource-price", "data-price")
    assert prices == sorted((r, str(p)) for r, p in obs["resource_prices"].items())
    spaces = attrs(page, "[data-info-space]", "data-info-space", "data-face", "data-card")
    assert spaces == sorted(
        (str(i["space"]), "up" if "card" in i else "down", str(i["card"]) if "card" in i else None)
        for i in obs["information"]
    )
    revealed = attrs(page, "[data-revealed-space]", "data-revealed-space", "data-percentage")
    assert revealed == sorted((str(p["space"]), str(p["percentage"])) for p in obs["revealed"])
    players = attrs(page, "[data-player]", "data-player", "data-shares")
    assert players == [
        (str(s), ",".join(str(p["shares"][c["name"]]) for c in obs["companies"]))
        for s, p in enumerate(obs["players"])
    ]
    cash = [c for (c,) in attrs(page, "[data-player] [data-cash]", "data-cash")]
    assert cash == sorted(str(p["cash"]) for p in obs["players"])
    available = attrs(page, "[data-available-boss]", "data-available-boss")
    assert available == sorted((b["name"],) for b in obs["available_bosses"])
    committed = attrs(page, "[data-player][data-committed]", "data-player")
    assert committed == sorted((str(s),) for s in obs["committed"])
    last = obs["last_transaction"]
    shown_prices = attrs(page, "[data-revealed-price]", "data-revealed-price", "data-price")
    assert shown_prices == (
        [] if last is None else sorted((str(s), str(p)) for s, p in enumerate(last["prices"]))
    )


def set_price_on_wheel(page: Any, dollars: int) -> None:
    """Pick a price on the wheel (one below, then +1) and set it."""
    page.click(f"[data-wheel-price='{max(0, dollars - 1)}']")
    if dollars:
        page.wait_for_selector(f"[data-picked-price='{dollars - 1}']")
        page.click("[data-price-step='1']")
    page.wait_for_selector(f"[data-picked-price='{dollars}']")
    assert page.get_attribute(f"[data-wheel-price='{dollars}']", "data-chosen") == "true"
    page.click(f"[data-set-price='{dollars}']")


def quick_price(page: Any, dollars: int) -> None:
    page.click(f"[data-wheel-price='{dollars}']")
    page.click(f"[data-set-price='{dollars}']")


def test_play_a_year_against_bots_by_clicking_the_board(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table, links = create_from_lobby(page, server, ["human", "random", "random"])
    token = token_of(links[0])
    page.goto(server + links[0])
    page.wait_for_selector("[data-wheel='active']")
    view = api_view(server, table, token)
    check_board_against_view(page, view)
    assert svg_attr(page, "data-layout") == "wide"
    assert page.get_attribute("[data-player='0']", "data-me") == "true"
    assert page.get_attribute("[data-viewer]", "data-viewer") == "0"
    # the first price, set on the wheel; the bots have set theirs and the prices are revealed
    before = view["move_count"]
    set_price_on_wheel(page, 12)
    page.wait_for_selector("[data-revealed-price='0'][data-price='12']")
    log = page.inner_text("#log")
    assert "Amber, transaction 1: Player 1 $12, random 2 $" in log
    assert len(page.query_selector_all("[data-revealed-price]")) == 3
    wait_for_move(page, before + 1)
    check_board_against_view(page, api_view(server, table, token))

    # play the rest of the year by clicking the board: prices, a proposal, votes, partners
    used: set[str] = {"price"}
    for _ in range(60):
        if svg_attr(page, "data-year") != "1953":
            break
        move = int(svg_attr(page, "data-move"))
        if not page.query_selector(MY_DECISION):
            wait_for_my_decision(page, move - 1)
            continue
        if page.query_selector("[data-wheel='active']"):
            quick_price(page, 3 + move % 20)
            used.add("price")
        elif page.query_selector("[data-propose]"):
            if "propose" not in used:
                boss = page.get_attribute("[data-propose] >> nth=0", "data-propose")
                page.click("[data-propose] >> nth=0")
                page.wait_for_selector(f"[data-proposed='{boss}']")
                used.add("propose")
            else:
                page.click("[data-pass]")
        elif page.query_selector("[data-vote]"):
            page.click("[data-vote='yes']")
            used.add("vote")
        else:
            page.click("[data-candidate][data-partner] >> nth=0")
            used.add("partner")
        wait_for_my_decision(page, move)
    assert svg_attr(page, "data-year") == "1954"
    assert {"price", "propose", "vote"} <= used
    # the year's events were played and are shown in their order, the lowest one dropped
    log = page.inner_text("#log")
    assert "The information cards are revealed" in log and "is dropped" in log
    assert "proposes" in log and "Votes:" in log
    view = api_view(server, table, token)
    check_board_against_view(page, view)
    dropped = attrs(page, "[data-revealed-space][data-dropped]", "data-percentage")
    assert dropped == [(str(min(p["percentage"] for p in view["observation"]["revealed"])),)]

    # a reload mid-game shows the same table, and play goes on
    page.reload()
    page.wait_for_selector("[data-wheel='active']")
    check_board_against_view(page, api_view(server, table, token))
    move = int(svg_attr(page, "data-move"))
    set_price_on_wheel(page, 9)
    wait_for_move(page, move + 1)
    page.wait_for_selector("[data-revealed-price='0'][data-price='9']")
    check_board_against_view(page, api_view(server, table, token))
    assert errors == []
    page.close()


def test_partner_chosen_by_clicking_a_player_on_a_phone(browser: Any, server: str) -> None:
    body = {
        "game": "goodwill",
        "seed": 4,
        "seats": [{"name": "Ada"}, {"name": "Bruno"}, {"name": "Chloé"}],
        "settings": {"bot_delay_ms": 0},
    }
    created = httpx.post(f"{server}/api/tables", json=body).json()
    table = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    obs = api_view(server, table, tokens[2])["observation"]
    assert obs["players"][2]["shares"]["Amber"] > 0
    # Ada and Bruno both name $30 for Amber; Chloé, a holder, names $0 by clicking
    for seat in (0, 1):
        move = api_view(server, table, tokens[seat])["move_count"]
        response = httpx.post(
            f"{server}/api/tables/{table}/actions",
            headers={"X-Seat-Token": tokens[seat]},
            json={"seat": seat, "action": {"type": "price", "dollars": 30}, "expect_move": move},
        )
        assert response.status_code == 200, response.text
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/t/{table}#seat=2&token={tokens[2]}")
    page.wait_for_selector("[data-wheel='active']")
    assert svg_attr(page, "data-layout") == "phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the two who have set their price are shown as such, without the price
    assert attrs(page, "[data-player][data-committed]", "data-player") == [("0",), ("1",)]
    for section in ("decision", "players"):
        assert "$30" not in (page.text_content(f"[data-section='{section}']") or "")
    # the slider under the prompt moves the wheel too
    page.fill("#gw-price-range", "0")
    page.wait_for_selector("[data-picked-price='0']")
    move = int(svg_attr(page, "data-move"))
    page.click("[data-set-price='0']")
    wait_for_my_decision(page, move)
    # two buyers for one seller: Chloé chooses her buyer by clicking a player
    assert svg_attr(page, "data-phase") == "partner"
    assert attrs(page, "[data-candidate][data-partner]", "data-partner") == [("0",), ("1",)]
    assert attrs(page, "[data-player][data-partner]", "data-partner") == [("0",), ("1",)]
    box = page.query_selector("[data-candidate='1']").bounding_box()
    assert box["height"] >= 40
    page.click("[data-candidate='1']")
    page.wait_for_function(
        "document.querySelector('#log').innerText.includes('Chloé sells an Amber share to Bruno')"
    )
    view = api_view(server, table, tokens[2])
    assert (
        view["observation"]["players"][1]["shares"]["Amber"]
        == obs["players"][1]["shares"]["Amber"] + 1
    )
    wait_for_move(page, view["move_count"])
    check_board_against_view(page, view)
    page.close()


def test_two_people_see_only_their_own_pairs_and_price(browser: Any, server: str) -> None:
    lobby = browser.new_page()
    table, links = create_from_lobby(lobby, server, ["human", "human", "random"])
    lobby.close()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    views = []
    for seat, page in enumerate(pages):
        page.goto(server + links[seat])
        page.wait_for_selector("[data-wheel='active']")
        views.append(api_view(server, table, token_of(links[seat])))
        check_board_against_view(page, views[seat])
    everything = {
        i["space"]: i for v in views for i in v["observation"]["information"] if "card" in i
    }
    assert sorted(everything) == [0, 1, 2]  # seat 0 faces spaces 0 and 1, seat 1 spaces 1 and 2
    for seat, page in enumerate(pages):
        mine = {i["space"] for i in views[seat]["observation"]["information"] if "card" in i}
        assert mine == {seat, seat + 1}
        faces = attrs(page, "[data-info-space]", "data-info-space", "data-face")
        assert faces == [(str(s), "up" if s in mine else "down") for s in range(4)]
        seen_labels = {everything[s][k] for s in mine for k in ("left", "right")}
        info_text = page.text_content("[data-section='information']") or ""
        # what this page may show removed, longest first: "Funding: oil" unseen must not be
        # found inside "Funding: oil, coal" seen
        unseen_text = info_text
        for label in sorted(seen_labels, key=len, reverse=True):
            unseen_text = unseen_text.replace(label, "")
        log = page.inner_text("#log")
        for space, pair in everything.items():
            if space in mine:
                assert re.search(rf"(?<!\d){pair['percentage']} %", info_text)
                assert f"Information {space + 1}: {pair['percentage']} %" in log
                continue
            # the other person's pair is nowhere on this page: not on the board, not in the log
            assert not re.search(rf"(?<!\d){pair['percentage']} %", info_text)
            assert f"Information {space + 1}:" not in log
            for label in (pair["left"], pair["right"]):
                if label not in seen_labels:
                    assert label not in unseen_text
            card = page.query_selector(f"[data-info-space='{space}'] [data-percentage-card]")
            assert card is None

    # the first person sets a secret price: the second sees that it is set, never its value
    first, second = pages
    move = views[0]["move_count"]
    second.click("[data-wheel-price='9']")  # the second person is still choosing
    set_price_on_wheel(first, 37)
    first.wait_for_selector("[data-wheel='locked'] [data-my-price='37']")
    second.wait_for_selector("[data-player='0'][data-committed]")
    wait_for_move(second, move + 1)
    assert second.query_selector("[data-my-price]") is None
    assert second.query_selector("[data-revealed-price]") is None
    assert "$37" not in second.inner_text("body")
    assert "$37" not in (second.text_content("svg[data-game='goodwill']") or "")
    assert "dollars" not in str(api_view(server, table, token_of(links[1]))["observation"])
    assert "price set" in (second.text_content("[data-chip='0']") or "")
    # a reload keeps one's own secret price on one's own page only
    first.reload()
    first.wait_for_selector("[data-my-price='37']")
    assert "Your secret choice" not in first.inner_text("#prompt")
    # the second person's pick survived the first one's commitment; they set it; the bot
    # has set its own; all are revealed together
    assert second.get_attribute("[data-picked-price]", "data-picked-price") == "9"
    second.click("[data-set-price='9']")
    for page in pages:
        page.wait_for_selector("[data-revealed-price='0'][data-price='37']")
        assert page.get_attribute("[data-revealed-price='1']", "data-price") == "9"
        assert page.query_selector("[data-my-price]") is None
    for context in contexts:
        context.close()
