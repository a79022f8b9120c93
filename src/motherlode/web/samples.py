"""Sample tables for the rules pages: a few moves into a seeded game, as a spectator sees it.

``static/rules.html`` draws each game's sample with the game's own renderer, so the pictures
on a rules page are the pictures of the table.  Each game's ``web/sample.json`` is made by
``python -m motherlode.web.samples`` (``Game.sample_moves`` random moves into a seeded game);
a test checks that they match the engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import motherlode

PLAYERS = 3
"""Players at every sample table."""


def sample_view(game_id: str, seed: int = 7) -> dict[str, Any]:
    """The view a spectator's page gets, ``sample_moves`` random moves into a game."""
    game = motherlode.get_game(game_id)
    names = [f"Player {i + 1}" for i in range(PLAYERS)]
    state = game.new_state(PLAYERS, seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(game.sample_moves):
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return {
        "game": game_id,
        "title": game.title,
        "names": names,
        "agents": ["random"] * PLAYERS,
        "seat": None,
        "status": "running",
        "move_count": state.move_count,
        "observation": state.observe(None),
        "legal": [],
        "events": [],
        "sample": True,
    }


def sample_text(game_id: str) -> str:
    return json.dumps(sample_view(game_id), separators=(",", ":"), sort_keys=True) + "\n"


def sample_file(game_id: str) -> Path:
    """Where a game's sample lives: its package's ``web/sample.json``."""
    return motherlode.get_game(game_id).folder("web") / "sample.json"


def write_samples() -> None:
    """Write the sample of every registered game that has a web folder of its own."""
    for game_id in motherlode.games():
        file = sample_file(game_id)
        if file.parent.is_dir():
            file.write_text(sample_text(game_id))


if __name__ == "__main__":
    write_samples()
