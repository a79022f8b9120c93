"""A check shared by the games' tests: the tuned search decides alike in worlds that the
searching seat cannot tell apart."""

from __future__ import annotations

from motherlode.agents import make_agent
from motherlode.agents.mcts import MCTSAgent
from motherlode.engine import Game, State


def assert_search_blind(
    game: Game, spec: str, seed: int, seat: int, worlds: tuple[State, ...], *, opp: str | None
) -> None:
    """A fresh search built from ``spec`` with ``seed`` (with the opponent model ``opp``)
    finds the same statistics and the same move for ``seat`` in each of ``worlds``."""
    results = []
    for world in worlds:
        search = make_agent(spec, game, seed=seed)
        assert isinstance(search, MCTSAgent) and search.opp == opp
        results.append(search.search(world, seat))
    for other in results[1:]:
        assert other.stats == results[0].stats
        assert other.action == results[0].action
