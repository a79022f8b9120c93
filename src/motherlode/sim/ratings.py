"""OpenSkill (Plackett-Luce) ratings from finished multi-player games.

Each seat is a one-player team; seats are ranked by the game's own ranking (tied seats share
a place).  When a bot holds several seats of one game (fewer bots than players) every seat
is rated as a copy and the bot's new rating is the mean of its copies' updates.

OpenSkill updates one game at a time, so the last games weigh most: two equal bots can end
a run rated apart by the luck of its final games.  The final ratings are therefore the mean
over :data:`ORDERINGS` orders of the games (their index order and seeded shuffles of it),
nearly independent of the order in which the games happened to be played; the history (for
plots) follows the index order.  Everything is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

ORDERINGS = 10


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate, mu - 3 sigma: what leaderboards sort by."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True)
class RatedGame:
    """One game for rating: the entrant in each seat, and each seat's place (0 is first)."""

    lineup: Sequence[int]
    places: Sequence[int]


def _replay(
    model: PlackettLuce, entrants: int, games: Sequence[RatedGame], history: bool
) -> list[list[Rating]]:
    """Rate ``games`` in the order given; each entrant's ratings (all, or the last only)."""
    start = model.rating()
    current = [Rating(start.mu, start.sigma) for _ in range(entrants)]
    out: list[list[Rating]] = [[r] for r in current]
    for game in games:
        teams = [[model.rating(mu=current[e].mu, sigma=current[e].sigma)] for e in game.lineup]
        rated = model.rate(teams, ranks=[float(p) for p in game.places])
        updates: dict[int, list[Rating]] = {}
        for entrant, team in zip(game.lineup, rated, strict=True):
            updates.setdefault(entrant, []).append(Rating(team[0].mu, team[0].sigma))
        for entrant, copies in updates.items():
            current[entrant] = Rating(
                sum(r.mu for r in copies) / len(copies),
                sum(r.sigma for r in copies) / len(copies),
            )
        if history:
            for entrant, rating in enumerate(current):
                out[entrant].append(rating)
    if not history:
        return [[r] for r in current]
    return out


def rate(
    entrants: int, games: Sequence[RatedGame], orderings: int = ORDERINGS
) -> tuple[list[Rating], list[list[Rating]]]:
    """Final ratings of ``entrants`` (mean over ``orderings`` orders of the games), and each
    one's rating before the first game and after every game in index order
    (``history[e][k]``: after ``k`` games)."""
    model = PlackettLuce()
    history = _replay(model, entrants, games, history=True)
    finals = [[h[-1] for h in history]]
    shuffler = random.Random(0x5EED)
    order = list(games)
    for _ in range(orderings - 1):
        shuffler.shuffle(order)
        finals.append([r[-1] for r in _replay(model, entrants, order, history=False)])
    final = [
        Rating(
            sum(f[e].mu for f in finals) / len(finals),
            sum(f[e].sigma for f in finals) / len(finals),
        )
        for e in range(entrants)
    ]
    return final, history
