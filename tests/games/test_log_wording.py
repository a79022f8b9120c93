"""The logs read as English (issue 19): articles, plurals, and no decision in silence.

Random games of each game, their whole public logs checked line by line.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import motherlode

BAD = [
    re.compile(r"\ba [AEIOU]\w+ share"),
    re.compile(r"\(1 nuggets\)"),
    re.compile(r"\b1 unclaimed gold bar leave\b"),
    re.compile(r"informations"),
]


@cache
def logs(game_id: str, players: int, games: int = 6) -> tuple[str, ...]:
    game = motherlode.get_game(game_id)
    lines: list[str] = []
    for seed in range(games):
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        lines += [e.text for e in state.events_for(None)]
    return tuple(lines)


@pytest.mark.parametrize(
    ("game_id", "players"), [("goodwill", 3), ("carcassonne", 2), ("yukon", 3), ("gonza", 3)]
)
def test_no_broken_grammar_in_the_log(game_id: str, players: int) -> None:
    for line in logs(game_id, players):
        for bad in BAD:
            assert not bad.search(line), line


def test_goodwill_says_every_decision_and_every_event() -> None:
    text = "\n".join(logs("goodwill", 3))
    assert re.search(r"sells an Amber share to", text)
    assert re.search(r"Player \d chooses Player \d as trading partner", text)
    assert re.search(r"Player \d passes: no new boss proposed for \w+", text)
    assert re.search(r"\w+ \d: no boss has \w+ \d, nothing happens", text)


def test_yukon_a_single_nugget_is_singular() -> None:
    text = "\n".join(logs("yukon", 3))
    assert re.search(r"stakes claim \d+ \(\d+ nuggets?\)", text)
