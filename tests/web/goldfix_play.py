"""Play a GOLDFIX table through the HTTP API until a given decision (for the clock tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

AUCTION_SQUARES = {4, 11, 22, 32, 38}
"""The MINE LEASE and DRILL REPORT AUCTION squares of the board (docs/goldfix.md)."""


def play_until(
    get: Callable[[str], dict[str, Any]],
    post: Callable[[int, str, dict[str, Any]], Any],
    tokens: list[str],
    stop: Callable[[dict[str, Any]], bool],
    limit: int = 400,
    *,
    finished: bool = False,
) -> dict[str, Any]:
    """Make moves for every seat (``get(token)`` a seat's view, ``post(seat, token, action)``
    a move) until ``stop(view)`` holds for the view of a seat that is asked (or, with
    ``finished``, until the game is over); prefers moves that land on an auction square,
    declines everything optional.  Returns that view."""
    for _ in range(limit):
        views = [get(token) for token in tokens]
        if finished and views[0]["status"] == "finished":
            return views[0]
        for seat, view in enumerate(views):
            if seat in view["observation"]["pending"] and stop(view):
                return view
        seat = next(s for s, v in enumerate(views) if s in v["observation"]["pending"])
        view = views[seat]
        post(seat, tokens[seat], choose(view))
    raise AssertionError("the decision never came")


def choose(view: dict[str, Any]) -> dict[str, Any]:
    legal: list[dict[str, Any]] = [item["action"] for item in view["legal"]]
    obs = view["observation"]
    for action in legal:
        if action["type"] == "move":
            where = (obs["players"][view["seat"]]["position"] + action["steps"]) % 40
            if where in AUCTION_SQUARES:
                return action
    for wanted in ({"type": "roll"}, {"type": "pass"}, {"type": "overdraft"}):
        if wanted in legal:
            return wanted
    for action in legal:
        if action["type"] in ("loan", "draw", "answer", "reshuffle", "counter"):
            return {**action, **{k: False for k in ("take", "yes") if k in action}}
    return legal[0]
