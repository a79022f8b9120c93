"""The terminal's picture of the creek, and each move in a player's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motherlode.engine import Action, State
from panning.actions import Stash


def render(obs: Mapping[str, Any], seat: int | None) -> str:
    lines = [f"Gold to win: {obs['target']} grains"]
    for s, poke in enumerate(obs["poke"]):
        here = " <- at the creek" if obs["turn"] == s else ""
        lines.append(f"  Player {s + 1}: {poke:3d} grains{here}")
    if obs["winner"] is not None:
        lines.append(f"Player {obs['winner'] + 1} wins.")
    else:
        roll = obs["last_roll"]
        lines.append(f"Pan: {obs['pan']} grains" + (f" (last roll {roll})" if roll else ""))
    return "\n".join(lines)


def words(state: State, seat: int, action: Action) -> str:
    if isinstance(action, Stash):
        return f"Stash the {state.pan} grains in your pan"  # type: ignore[attr-defined]
    return "Swirl the pan (roll the die)"
