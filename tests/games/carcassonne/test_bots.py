"""The heuristic bot: legal, fair (reads only what its seat may know) and better than random."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from motherlode.agents.random_agent import RandomAgent
from motherlode.agents.specs import make_agent
from motherlode.engine import get_game
from motherlode.games.carcassonne.bots import HeuristicBot
from motherlode.games.carcassonne.rules import TAKE, CarcassonneState
from tests.games.carcassonne.helpers import TakeGold, new_game
from tests.games.carcassonne.reference import referee
from tests.games.carcassonne.test_goldmines import _road_and_city_completed_together


def test_bots_heuristic_is_registered():
    agent = make_agent("heuristic:follower_value=2", get_game("carcassonne"), seed=1)
    assert isinstance(agent, HeuristicBot) and agent.follower_value == 2.0


def test_bots_heuristic_beats_random_and_keeps_to_the_rules():
    game = get_game("carcassonne")
    state = game.new_state(2, 5)
    assert isinstance(state, CarcassonneState)
    bots = [HeuristicBot(seed=5), RandomAgent(seed=5)]
    while not state.is_over():
        (seat,) = state.pending()
        before = state.bag[:]
        action = bots[seat].act(state, seat)
        assert state.bag == before  # the bot looked at a copy
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.scores()[0] > state.scores()[1]
    assert referee(state).points == state.points


def test_bots_heuristic_takes_the_bar_most_players_could_claim():
    g = new_game()
    _road_and_city_completed_together(g)
    assert HeuristicBot(seed=1).act(g, 0) == TakeGold(0, 0)


def test_bots_heuristic_ranks_every_move_from_what_its_seat_knows():
    """The search's root prior (``mcts`` ``top``): every legal move once, the bot's own
    choice among the best valued, and the same list in every world the seat may imagine."""
    game = get_game("carcassonne")
    state = game.new_state(2, 9)
    rng = random.Random(9)
    checked = 0
    for _ in range(30):
        (seat,) = state.pending()
        legal = state.legal_actions(seat)
        ranked = HeuristicBot(seed=1).ranked(state, seat)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))
        view = state.clone()
        assert isinstance(view, CarcassonneState)
        if len(legal) > 1 and view.phase != TAKE:
            bot = HeuristicBot(seed=1)
            best = bot._after(view, seat, ranked[0])
            assert abs(bot._after(view, seat, bot.act(state, seat)) - best) < 1e-9
            for world in range(3):
                sample = state.determinize(seat, random.Random(world))
                assert HeuristicBot(seed=1).ranked(sample, seat) == ranked
            checked += 1
        state.apply(seat, rng.choice(legal))
    assert checked > 5


def test_bots_heuristic_values_are_those_it_always_gave():
    """The heuristic's valuation, pinned along five seeded games (2-5 players, with and
    without The Goldmines): the search's cut-off values every seat from one pass over the
    map (``evaluate_seats``), which must give what ``evaluate`` gave seat by seat before.
    A deliberate change to the valuation rewrites data/heuristic-values.json."""
    pinned = json.loads((Path(__file__).parent / "data" / "heuristic-values.json").read_text())
    game = get_game("carcassonne")
    for case in pinned["games"]:
        seed, players = case["seed"], case["players"]
        state = game.new_state(players, seed, {"goldmines": case["goldmines"]})
        assert isinstance(state, CarcassonneState)
        rng, bot = random.Random(seed), HeuristicBot(seed=seed)
        seen: list[list[float]] = []
        for move in range(400):
            if state.is_over():
                break
            (seat,) = state.pending()
            if move % 7 == 0:
                seen.append(bot.evaluate_seats(state))
                assert seen[-1] == [bot.evaluate(state, s) for s in range(players)]
            mine = bot.act(state, seat) if move % 2 else rng.choice(state.legal_actions(seat))
            state.apply(seat, mine)
        seen.append(bot.evaluate_seats(state))
        assert len(seen) == len(case["values"])
        for got, want in zip(seen, case["values"], strict=True):
            assert got == pytest.approx(want, abs=1e-6)
