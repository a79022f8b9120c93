"""The heuristic bot: legal, reads only its seat's view, and plays towards valuable claims."""

from __future__ import annotations

import random
import statistics

import motherlode
from motherlode.agents import RandomAgent, make_agent
from motherlode.agents.mcts import MCTSAgent
from motherlode.agents.rollout import standing
from motherlode.engine import Agent
from motherlode.games.yukon.actions import Stake
from motherlode.games.yukon.bots import (
    HeuristicBot,
    best_prospect,
    claim_prospect,
    evaluate,
    ring_distances,
)
from motherlode.games.yukon.rules import FREE
from tests.agents.blind import assert_search_blind
from tests.games.yukon.helpers import new_game, position, ring

GAME = motherlode.get_game("yukon")


def test_the_heuristic_bot_is_registered_by_spec_name() -> None:
    assert GAME.bots["heuristic"] is HeuristicBot
    bot = GAME.bots["heuristic"](seed=3)
    assert isinstance(bot, Agent) and bot.name == "heuristic"


def test_heuristic_bots_play_whole_games_legally() -> None:
    for players in (3, 6):
        state = new_game(players, 11)
        bots = [HeuristicBot(seed=s) for s in range(players)]
        while not state.is_over():
            seat = state.pending()[0]
            action = bots[seat].act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
        assert sum(state.nuggets) > 0


def test_the_heuristic_bot_beats_random_players() -> None:
    heuristic: list[int] = []
    others: list[int] = []
    for seed in range(6):
        state = new_game(4, seed)
        hero = seed % 4
        bots: list[Agent] = [RandomAgent(seed * 10 + s) for s in range(4)]
        bots[hero] = HeuristicBot(seed=seed)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, bots[seat].act(state, seat))
        heuristic.append(state.nuggets[hero])
        others.extend(state.nuggets[s] for s in range(4) if s != hero)
    assert statistics.mean(heuristic) > 1.5 * statistics.mean(others)


def test_it_stakes_a_surrounded_claim() -> None:
    board = new_game().board
    circle = ring(board, 8, range(1, 13))
    state = position(3, {0: circle, 1: ["37:6"], 2: ["34:6"]}, pips=3)
    assert Stake(8) in state.legal_actions(0)
    assert HeuristicBot(seed=1).act(state, 0) == Stake(8)


def test_it_keeps_a_big_team_moving_rather_than_retire_on_the_6() -> None:
    board = new_game().board
    arc = ring(board, 19, range(1, 11))
    early = position(3, {0: arc, 1: ["37:6"], 2: ["34:6"]}, staked={0: [1, 2]}, pips=3)
    assert Stake(19) in early.legal_actions(0)
    assert HeuristicBot(seed=1).act(early, 0) != Stake(19)
    late_claims = [n for n in range(1, 38) if n not in (19, 20, 21)]
    late = position(
        3,
        {0: arc[:2], 1: ["37:6"], 2: ["34:6"]},
        staked={0: late_claims[:10], 1: late_claims[10:21], 2: late_claims[21:]},
        pips=3,
    )
    assert HeuristicBot(seed=1).act(late, 0) == Stake(19)


def test_ring_distances_count_steps_to_a_ring() -> None:
    board = new_game().board
    dist = ring_distances(board)
    for claim, spaces in enumerate(board.ring):
        assert all(dist[claim][s] == 0 for s in spaces)
    outside = board.space_at[1, 9]  # on claim 1's ring, on the edge far from claim 19
    assert dist[18][outside] > 2


def test_the_best_prospect_in_one_pass_equals_the_best_of_each_claim() -> None:
    """``evaluate``'s quick count agrees exactly with ``claim_prospect`` claim by claim,
    through whole games of 3 to 6 teams (entering, crawling, staked, retired)."""
    checked = 0
    for players, seed in ((3, 1), (4, 2), (6, 3), (3, 4)):
        state = new_game(players, seed)
        bots: list[Agent] = [HeuristicBot(seed=s) for s in range(players)]
        bots[0] = RandomAgent(seed)
        while not state.is_over():
            seat = state.pending()[0]
            for s in range(players):
                plain = [
                    claim_prospect(state, s, c)
                    for c, owner in enumerate(state.claim_owner)
                    if owner == FREE
                ]
                assert best_prospect(state, s) == max([0.0, *plain])
                checked += 1
            state.apply(seat, bots[seat].act(state, seat))
    assert checked > 1000


def test_the_bot_acts_on_a_copy() -> None:
    state = new_game(3, 2)
    before = state.observe(0)
    HeuristicBot(seed=0).act(state, 0)
    assert state.observe(0) == before


def test_the_search_can_value_positions_with_the_heuristic() -> None:
    """``mcts:cutoff=N,eval=heuristic`` reads the bot's evaluate: staked nuggets count most."""
    state = new_game(3, 5)
    bot = HeuristicBot(seed=1)
    before = bot.evaluate(state, 0)
    state.nuggets[0] += 4
    assert bot.evaluate(state, 0) - before >= 400.0
    search = make_agent("mcts:iters=30,cutoff=8,eval=heuristic", GAME, seed=2)
    seat = state.pending()[0]
    assert search.act(state, seat) in state.legal_actions(seat)


def test_the_tuned_search_rolls_out_with_the_heuristic_bot() -> None:
    """``mcts`` in Gold am Yukon: heuristic rollouts cut off after 20 moves, valued by the
    bot's ``evaluate``, its choice tried first and favoured (measured in docs/bots.md)."""
    search = make_agent("mcts:iters=20", GAME, seed=4)
    assert isinstance(search, MCTSAgent)
    assert (search.rollout, search.cutoff, search.bias) == ("heuristic", 20, 1.0)
    _, evaluator, first, _ = search.bind(GAME)
    state = new_game(3, 6)
    for _ in range(40):  # into the turns, where the teams crawl
        seat = state.pending()[0]
        state.apply(seat, HeuristicBot(seed=1).act(state, seat))
    seat = state.pending()[0]
    assert evaluator is not None and first is not None
    assert evaluator(state) == standing([evaluate(state, s) for s in range(3)])
    assert first(state, seat) in state.legal_actions(seat)
    assert search.act(state, seat) in state.legal_actions(seat)


def test_the_tuned_search_does_not_read_the_throws_to_come() -> None:
    """Nothing is hidden but the future throws: two games alike but for them (other die
    generators) get the same search, statistics and move."""
    state = new_game(3, 8)
    bot = HeuristicBot(seed=2)
    for _ in range(30):
        seat = state.pending()[0]
        state.apply(seat, bot.act(state, seat))
    twin = state.clone()
    twin.rng = random.Random(12345)
    assert twin.rng.getstate() != state.rng.getstate()
    seat = state.pending()[0]
    assert twin.observe(seat) == state.observe(seat)
    assert_search_blind(GAME, "mcts:iters=40", 3, seat, (state, twin), opp=None)
