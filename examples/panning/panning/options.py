"""The game's one variant: how much gold wins."""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import GameOptions, option


@dataclass(frozen=True)
class PanningOptions(GameOptions):
    target: int = option(
        30,
        "grains of gold that win the game",
        min=10,
        max=100,
        title="Gold to win",
        sentence="The first prospector to stash this much gold wins.",
    )
