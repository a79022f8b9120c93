"""Every move a player can be offered reads as words (issue 28): in every game, in sampled
positions of random games, each legal action's ``words`` (what a web button says) is
neither the notation nor holds it, and holds no component's code: no Carcassonne tile or
half-edge code, no Gonza corporation or card id, no GOLDFIX asset code, no Gold am Yukon
space code.  The log of those games is checked for the same codes."""

from __future__ import annotations

import random
import re

import pytest

from motherlode.engine import State, games, get_game
from motherlode.table import Table

REAL_GAMES = sorted(g for g in games() if g != "nuggets")
SEEDS = (1, 2, 3)
MAX_MOVES = 400


def codes(state: State) -> list[re.Pattern[str]]:
    """The codes of ``state``'s components that must never reach a player."""
    game = state.game.id
    found: list[re.Pattern[str]] = [re.compile(r"\{|\}|_")]  # JSON, internal keys
    if game == "carcassonne":
        tileset = state.tileset  # type: ignore[attr-defined]
        ids = [t.id for t in tileset.types if not t.id.isalpha() or len(t.id) <= 8]
        found.append(re.compile("|".join(rf"(?<![\w/]){re.escape(i)}(?![\w/])" for i in ids)))
        found.append(re.compile(r"\b[NESW][nesw]?(-[NESW][nesw]?)+\b"))  # half-edge codes
    elif game == "gonza":
        comp = state.comp  # type: ignore[attr-defined]
        ids = [*comp.corporation, *comp.card]
        found.append(re.compile("|".join(rf"\b{re.escape(i)}\b" for i in ids)))
    elif game == "goldfix":
        found.append(re.compile(r"\b(ML|DR|HG)-\w+"))
    elif game == "yukon":
        found.append(re.compile(r"\b\d+:\d+\b"))
    return found


def offered(state: State) -> list[tuple[int, object]]:
    return [(seat, a) for seat in state.pending() for a in state.legal_actions(seat)]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_offered_move_reads_as_words(game_id: str) -> None:
    game = get_game(game_id)
    assert game.prompt is not None and game.prompt.words is not None
    words = game.prompt.words
    checked = 0
    for seed in SEEDS:
        table = Table.create(game, ["random"] * game.min_players, seed=seed)
        rng = random.Random(seed)
        patterns = codes(table.state)
        for _ in range(MAX_MOVES):
            state = table.state
            if state.is_over():
                break
            for seat, action in offered(state):
                text = words(state, seat, action)  # type: ignore[arg-type]
                notation = action.notation()  # type: ignore[attr-defined]
                assert text and text[0].isupper(), (notation, text)
                assert text != notation, (notation, text)
                if " " in notation:  # one word ("roll") may be a word of the sentence
                    assert notation not in text, (notation, text)
                for pattern in patterns:
                    assert not pattern.search(text), (notation, text, pattern.pattern)
                checked += 1
            seat = state.pending()[0]
            table.submit(seat, rng.choice(state.legal_actions(seat)))
        for event in table.state.events_for(None):
            for pattern in patterns:
                assert not pattern.search(event.text), (event.text, pattern.pattern)
    assert checked > 100
