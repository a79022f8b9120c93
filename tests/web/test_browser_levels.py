"""The difficulty levels in the lobby (issue 27): each level's label, sentence and rating for
the chosen game, seat selects that offer the levels first and the raw bots apart, and a whole
game of Gonza Index played by a person against the expert level, on a server whose bot time
limit is small so that the expert's searches finish quickly."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from motherlode.agents import levels
from motherlode.agents.levels import LEVELS
from motherlode.engine import get_game
from motherlode.web.limits import Limits
from tests.web.browser import (
    SCREENSHOTS,
    create_from_lobby,
    fetch_view,
    live_server,
    open_seat,
    play_first_moves,
)

pytestmark = pytest.mark.browser

LABELS = {
    "beginner": "Beginner bot",
    "casual": "Casual bot",
    "strong": "Strong bot",
    "expert": "Expert bot",
}
OTHERS = "Other bots (for experts)"

READ_SELECT = """(select) => [...select.children].map((n) => n.tagName === 'OPTGROUP'
  ? { group: n.label, options: [...n.children].map((o) => [o.value, o.textContent]) }
  : [n.value, n.textContent])"""


def levels_shown(page: Any) -> list[str]:
    """The levels the lobby lists for the chosen game, in order."""
    names: list[str] = page.eval_on_selector_all(
        "#levels [data-level]", "ns => ns.map((n) => n.dataset.level)"
    )
    return names


@pytest.fixture
def fast_server(database_url: str) -> Iterator[str]:
    """A server whose bots think at most 0.05 s a move (``--bot-seconds 0.05``)."""
    limits = Limits(allow_client_seed=True, bot_seconds=0.05)
    with live_server(database_url, limits=limits) as url:
        yield url


def test_lobby_offers_the_levels_with_sentences_and_ratings(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # a measured rating is shown as "rating mu ± sigma": give the expert one in the catalogue
    def rated(route: Any) -> None:
        response = route.fetch()
        data = response.json()
        for game in data["games"]:
            for level in game["levels"]:
                if level["name"] == "expert":
                    level["rating"] = {"mu": 27.34, "sigma": 1.18}
        route.fulfill(response=response, body=json.dumps(data))

    page.route("**/api/games", rated)
    page.goto(server + "/")
    page.select_option("#game", "gonza")
    page.wait_for_selector("#levels [data-level='expert']")
    assert levels_shown(page) == ["beginner", "casual", "strong", "expert"]
    measured = {  # the other levels as the game's levels.toml rates them (or not yet)
        d["name"]: d["rating"] for d in levels.describe(get_game("gonza"))
    }
    for name, level in LEVELS.items():
        text = " ".join(page.inner_text(f"#levels [data-level='{name}']").split())
        assert LABELS[name] in text and level.sentence in text
        rating = {"mu": 27.34, "sigma": 1.18} if name == "expert" else measured[name]
        shown = f"rating {rating['mu']:.1f} ± {rating['sigma']:.1f}" if rating else "not yet rated"
        assert shown in text

    # seats: a person, then the levels by their labels, then the raw bots in their own group;
    # every value is the spec the server takes
    page.select_option("#players", "3")
    assert page.eval_on_selector("#seat-1", READ_SELECT) == [
        ["human", "Person"],
        ["open", "Open seat (anyone may join)"],
        *[[name, LABELS[name]] for name in LEVELS],
        {
            "group": OTHERS,
            "options": [[b, b] for b in ("heuristic", "judge", "mcts", "minister", "random")],
        },
    ]
    assert page.input_value("#seat-0") == "human"
    assert page.input_value("#seat-1") == page.input_value("#seat-2") == "casual"
    assert "private link" in page.inner_text("#seat-help-0")
    help_text = " ".join(page.inner_text("#seat-help-1").split())
    casual = measured["casual"]
    said = f"rating {casual['mu']:.1f} ± {casual['sigma']:.1f}" if casual else "not yet rated"
    assert LEVELS["casual"].sentence in help_text and said in help_text
    page.select_option("#seat-2", "expert")
    help_text = " ".join(page.inner_text("#seat-help-2").split())
    assert LEVELS["expert"].sentence in help_text and "rating 27.3 ± 1.2" in help_text
    page.select_option("#seat-1", "minister")
    assert "not a difficulty level" in page.inner_text("#seat-help-1")
    page.select_option("#seat-1", "strong")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#new-table").screenshot(path=str(SCREENSHOTS / "lobby-levels.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#new-table").screenshot(path=str(SCREENSHOTS / "lobby-levels-phone.png"))

    # the fixture game has no heuristic bot, hence no casual level: it offers the three it has
    page.select_option("#game", "nuggets")
    assert levels_shown(page) == ["beginner", "strong", "expert"]
    assert page.input_value("#seat-1") == "random"
    assert errors == []
    page.close()


def test_a_person_plays_gonza_against_the_expert_to_the_end(
    browser: Any, fast_server: str, caplog: pytest.LogCaptureFixture
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    with caplog.at_level(logging.WARNING, logger="motherlode.web"):
        create_from_lobby(
            page, fast_server, "gonza", ["human", "expert"], options={"event_cards": "3"}
        )
        table, token = open_seat(page, fast_server, "svg[data-game='gonza']")
        view = fetch_view(page, fast_server, table, token)
        assert view["agents"] == ["human", "expert"] and view["names"][1] == "expert 2"
        # the person clicks the first move offered each turn; the expert answers each time
        play_first_moves(page, 400, 0)
    view = fetch_view(page, fast_server, table, token)
    assert view["status"] == "finished" and view["observation"]["over"]
    assert "expert 2" in page.inner_text("#log")
    # the expert searched within the limit: no move of its was played for it by the fallback
    played_for_it = [r.getMessage() for r in caplog.records if "played for it" in r.getMessage()]
    assert played_for_it == []
    assert errors == []
    page.close()
