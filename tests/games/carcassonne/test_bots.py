"""The heuristic bot and the fitted judge: legal, fair (they read only what their seat may
know) and better than random."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from motherlode.agents.judge import load_weights
from motherlode.agents.random_agent import RandomAgent
from motherlode.agents.specs import make_agent
from motherlode.engine import get_game
from motherlode.games.carcassonne import bots
from motherlode.games.carcassonne.bots import (
    HOLDINGS,
    JUDGE_FILE,
    HeuristicBot,
    JudgeBot,
    holdings,
)
from motherlode.games.carcassonne.rules import TAKE, CarcassonneState
from tests.agents.blind import assert_judge_blind
from tests.agents.judges import assert_search_plays_with, judge_with_bad_weights
from tests.games.carcassonne.helpers import TakeGold, feature, lay, new_game, stand
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


def _holding(row: list[float], name: str) -> float:
    return row[HOLDINGS.index(name)]


def test_bots_holdings_count_what_each_seat_leads():
    """A city of two tiles and a pennant led by seat 0, a one-tile city of seat 1, and a
    monk of seat 0 with 7 of its 8 neighbours: each counted for the seat that leads it."""
    g = new_game(goldmines=False)
    stand(g, 0, 0, 0, feature(g, "RCr", "city"))
    lay(g, 1, 0, "RCr", 0, (1, feature(g, "RCr", "city")))
    lay(g, 0, -1, "Cc+", 2)  # joins the start city: 2 tiles and a pennant
    lay(g, 0, 1, "L", 0, (0, feature(g, "L", "cloister")))
    for x, y, tile, rotation in ((-1, 0, "RFr", 0), (-1, 1, "L", 0), (1, 1, "L", 0)):
        lay(g, x, y, tile, rotation)
    lay(g, -1, 2, "C", 2)
    lay(g, 1, 2, "C", 2)
    left = len(g.bag) / g.reach
    mine, theirs = holdings(g)
    assert _holding(mine, "city size") == 3 and _holding(theirs, "city size") == 1
    assert _holding(mine, "cities") == 1 and _holding(theirs, "cities") == 1
    assert _holding(mine, "city size x bag left") == pytest.approx(3 * left)
    # the cloister at (0, 1) has every neighbour but (0, 2): 1 + 7 tiles, one gap
    assert _holding(mine, "cloisters") == 1 and _holding(mine, "cloister tiles") == 8
    assert _holding(mine, "cloister gaps x bag left") == pytest.approx(left)
    assert _holding(theirs, "cloisters") == 0
    assert [_holding(r, "followers out") for r in (mine, theirs)] == [2, 1]
    assert [_holding(r, "supply") for r in (mine, theirs)] == g.supply
    assert [r[0] for r in (mine, theirs)] == g.points


def test_bots_judge_reads_only_what_its_seat_knows():
    """The fitted judgement (the search's cut-off with ``eval=judge``) is the same in every
    world the seat may imagine: it reads the map, the scores and how many tiles are left,
    never the bag's order or another seat's secrets."""
    assert assert_judge_blind(get_game("carcassonne"), 2, 11, 0.2) > 10


def test_bots_judge_plays_to_the_end_and_values_a_finished_game_by_its_points():
    game = get_game("carcassonne")
    state = game.new_state(2, 3)
    assert isinstance(state, CarcassonneState)
    bots = [JudgeBot(seed=3), HeuristicBot(seed=3)]
    while not state.is_over():
        (seat,) = state.pending()
        action = bots[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    a, b = state.points
    assert bots[0].evaluate_seats(state) == [a - b, b - a]
    assert referee(state).points == state.points


def test_bots_judge_is_the_search_judgement_where_asked():
    assert_search_plays_with(get_game("carcassonne"), "expert:iters=6,eval=judge", 2)


def test_bots_judge_ships_weights_for_every_holding():
    shipped = load_weights(JUDGE_FILE, HOLDINGS)
    assert len(shipped) == len(HOLDINGS) - 1 and any(any(w) for w in shipped)


def test_bots_judge_without_its_weights_judges_as_the_heuristic_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    """A shipped weights file that is missing or corrupt does not stop the levels that use
    the judge: the search goes on with the heuristic's judgement, and the log says why."""
    title = "Carcassonne"
    judge = judge_with_bad_weights(bots, "[weights\n", title, tmp_path, monkeypatch, caplog)
    assert isinstance(judge, JudgeBot)
    state = get_game("carcassonne").new_state(2, 4)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(4)
    for _ in range(30):
        (seat,) = state.pending()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert judge.evaluate_seats(state) == HeuristicBot(seed=1).evaluate_seats(state)
    assert JudgeBot(seed=2).weights is None
