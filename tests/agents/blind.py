"""A check shared by the games' tests: the tuned search decides alike in worlds that the
searching seat cannot tell apart."""

from __future__ import annotations

import random

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


def assert_judge_blind(game: Game, players: int, seed: int, share: float) -> int:
    """Along a game of random moves, at about ``share`` of the decisions, the game's ``judge``
    bot writes down the same holdings and values every seat alike in three worlds drawn from
    the deciding seat's information and in the real game: it reads nothing that seat cannot
    see.  Returns how many positions were checked."""
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    judge = make_agent("judge", game, seed=1)
    holdings, values = judge.holdings, judge.evaluate_seats  # type: ignore[attr-defined]
    checked = 0
    while not state.is_over():
        seat = state.pending()[0]
        if rng.random() < share:
            seen = holdings(state), values(state)
            for world in range(3):
                sample = state.determinize(seat, random.Random(world))
                assert (holdings(sample), values(sample)) == seen
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return checked
