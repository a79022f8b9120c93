"""A rated game between two friends, as people play it: Ann signs up in the lobby and makes a
rated table with an open seat; Ben, on his phone, signs up and takes the seat from the
lobby; they play to the end on the table page; both ratings change (one up, one down) and
the game is in both histories, with its replay and its fair-deal proof."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import pytest

from tests.web.accounts_kit import PASSWORD, cheap, hasher, person
from tests.web.browser import SCREENSHOTS

__all__ = ["cheap", "hasher"]  # the fixtures, used by name

pytestmark = pytest.mark.browser


def sign_up(page: Any, server: str, username: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#show-signup")
    page.click("#show-signup")
    page.wait_for_selector("#account-card:not(.hidden)")
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.press("#account-password", "Enter")
    page.wait_for_selector("#account-in:not(.hidden)")


def play_to_the_end(pages: list[Any], server: str, table: str, seconds: float = 120.0) -> None:
    """Each person clicks their first offered move whenever they have one, until the table
    says the game is over."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if pages[0].request.get(f"{server}/api/tables/{table}").json()["status"] == "finished":
            return
        for page in pages:
            button = page.locator("#actions button:not([disabled])").first
            if button.count():
                with contextlib.suppress(Exception):  # the page redrew under the click
                    button.click(timeout=2000)
        time.sleep(0.1)
    raise AssertionError("the game did not end in time")


def test_a_rated_game_between_friends_changes_both_ratings(browser: Any, server: str) -> None:
    ann_ctx, ann, ann_errors = person(browser, 1400)
    ben_ctx, ben, ben_errors = person(browser, 390)
    sign_up(ann, server, "Ann")
    ann.select_option("#game", "nuggets")
    ann.select_option("#players", "2")
    ann.select_option("#seat-1", "open")
    ann.check("#rated")
    ann.click("#create-button")
    ann.wait_for_selector("#created:not(.hidden)")
    link = ann.get_attribute("[data-seat-link='0']", "href")
    table = link.split("#")[0].rsplit("/", 1)[1]

    sign_up(ben, server, "Ben")  # takes the open seat from the lobby, signed in
    ben.wait_for_selector("#tables [data-join='1']")
    ben.locator("#tables [data-join='1']").first.click()
    ben.wait_for_function("location.pathname.startsWith('/t/')")
    ann.goto(server + link)
    for page in (ann, ben):
        page.wait_for_selector("#players")
    play_to_the_end([ann, ben], server, table)
    ann.screenshot(path=str(SCREENSHOTS / "rated-game-over-1400.png"))

    # the ratings are written after the game, off the move's path: wait for them
    profiles: dict[str, Any] = {}
    deadline = time.time() + 30
    while time.time() < deadline:
        profiles = {n: ann.request.get(f"{server}/api/players/{n}").json() for n in ("Ann", "Ben")}
        if all(p["ratings"] for p in profiles.values()):
            break
        time.sleep(0.3)
    results = {}
    for name, data in profiles.items():
        (rating,) = data["ratings"]  # one game rated: Sealed Nuggets
        assert rating["game"] == "nuggets" and rating["games"] == 1, (name, data)
        (game,) = data["games"]  # the game in the history
        assert game["table"] == table and game["rated"] is True
        change = game["change"]
        assert change is not None and change["after"]["sigma"] < change["before"]["sigma"]
        assert (change["after"]["mu"], change["after"]["sigma"]) == (rating["mu"], rating["sigma"])
        results[name] = (game["result"]["place"], change["mu"])
        assert game["replay"] == f"/t/{table}"
        proof = ann.request.get(server + game["proof"]).json()  # the fair-deal proof opens
        assert proof["meta"]["fairness"]["salt"]
    (ann_place, ann_mu), (ben_place, ben_mu) = results["Ann"], results["Ben"]
    if ann_place != ben_place:  # the winner's rating goes up, the loser's down
        winner, loser = (ann_mu, ben_mu) if ann_place < ben_place else (ben_mu, ann_mu)
        assert winner > 0 > loser, results

    # and both see it on their profile pages
    for name, page, width in (("Ann", ann, 1400), ("Ben", ben, 390)):
        page.goto(f"{server}/u/{name}")
        page.wait_for_selector(f"#history a[href='/t/{table}']")
        text = page.inner_text("body")
        assert "Sealed Nuggets" in text and "±" in text
        page.screenshot(path=str(SCREENSHOTS / f"rated-game-profile-{width}.png"), full_page=True)
    assert ann_errors == [] and ben_errors == []
    ann_ctx.close()
    ben_ctx.close()
