"""Sample tables for the rules pages: a few moves into a seeded game, as a spectator sees it.

``static/rules.html`` draws each game's sample with the game's own renderer, so the pictures
on a rules page are the pictures of the table.  The files in ``static/samples/`` are made by
``python -m motherlode.web.samples``; a test checks that they match the engine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import motherlode

SAMPLES = Path(__file__).parent / "static" / "samples"
MOVES = {"carcassonne": 14, "goldfix": 12, "gonza": 6, "goodwill": 3, "yukon": 24}
"""How many random moves into a game each sample is: far enough to show a table in play."""
PLAYERS = 3
"""Players at every sample table."""


def sample_view(game_id: str, seed: int = 7) -> dict[str, Any]:
    """The view a spectator's page gets, ``MOVES[game_id]`` random moves into a game."""
    game = motherlode.get_game(game_id)
    names = [f"Player {i + 1}" for i in range(PLAYERS)]
    state = game.new_state(PLAYERS, seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(MOVES[game_id]):
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


def write_samples() -> None:
    SAMPLES.mkdir(exist_ok=True)
    for game_id in MOVES:
        (SAMPLES / f"{game_id}.json").write_text(sample_text(game_id))


if __name__ == "__main__":
    write_samples()
