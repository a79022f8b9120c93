"""The heuristic bot: legal, fair (it reads only its seat's information), and sensible."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from statistics import fmean

import pytest

from motherlode.agents import RandomAgent, make_agent
from motherlode.agents.judge import foretell, load_weights
from motherlode.agents.mcts import MCTSAgent
from motherlode.engine import Agent, BadOptions, get_game
from motherlode.games.goodwill import bots
from motherlode.games.goodwill.actions import Price
from motherlode.games.goodwill.bots import (
    HOLDINGS,
    JUDGE_FILE,
    HeuristicBot,
    JudgeBot,
    believed,
    forecast,
    holdings,
    left,
    weighed_worth,
)
from motherlode.games.goodwill.components import COMPONENTS
from motherlode.games.goodwill.rules import GoodwillState
from tests.agents.blind import assert_search_blind
from tests.agents.judges import judge_with_bad_weights
from tests.games.goodwill.helpers import GAME, card, check_invariants, new, set_prices


def play(state: GoodwillState, agents: list[Agent]) -> GoodwillState:
    while not state.is_over():
        seat = state.pending()[0]
        action = agents[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        check_invariants(state)
    return state


def test_the_heuristic_bot_is_registered() -> None:
    bot = make_agent("heuristic:samples=2", GAME, seed=3)
    assert isinstance(bot, HeuristicBot) and bot.samples == 2


@pytest.mark.parametrize("players", [3, 6])
def test_heuristic_bots_play_whole_games(players: int) -> None:
    state = new(players, seed=players, dividends=True)
    play(state, [HeuristicBot(seed=s, samples=2) for s in range(players)])
    assert state.is_over()


def test_the_bot_reads_only_what_its_seat_may_know() -> None:
    """Change the informations Player 1 cannot see: its decision does not change."""
    a, b = new(4, seed=8), new(4, seed=8)
    used = {c for _, c in b.information}
    unused = [e for e in range(len(COMPONENTS.events)) if e not in used]
    b.information = (*b.information[:2], (b.information[2][0], unused[0]), (1, unused[1]))
    assert [HeuristicBot(seed=5).act(s, 0) for s in (a, b)] == [HeuristicBot(seed=5).act(a, 0)] * 2


def test_the_bot_prices_from_the_informations_it_saw() -> None:
    """Player 1 saw oil go up twice: Amber, which burns only oil, is worth less than Black."""
    state = new(3, seed=4)
    state.boss = [None, None, None]
    state.resources = [[3, 0, 0], [0, 3, 0], [0, 0, 3]]
    others = [c for _, c in state.information[2:]]
    seen = (card("Oil +10", "Advertising 1"), card("Oil +5", "Innovation 1"))
    assert not set(seen) & set(others)
    state.information = ((95, seen[0]), (90, seen[1]), *state.information[2:])
    bot = HeuristicBot(seed=1, samples=6)
    values = [forecast(world) for world in bot.worlds(state, 0)]
    amber, black = (fmean(v[c] for v in values) for c in (0, 1))
    assert amber < black
    price = bot.act(state, 0)
    assert isinstance(price, Price) and price.dollars <= round(amber) + 1


def test_the_heuristic_bot_beats_random_players() -> None:
    wins = 0.0
    games = 12
    for i in range(games):
        state = new(4, seed=100 + i)
        agents: list[Agent] = [RandomAgent(seed=i * 10 + s) for s in range(4)]
        agents[i % 4] = HeuristicBot(seed=i, samples=3)
        play(state, agents)
        winners = state.winners()
        if i % 4 in winners:
            wins += 1 / len(winners)
    assert wins >= games * 0.6


def test_the_search_values_cut_off_positions_by_forecast() -> None:
    """``eval=heuristic``: cash plus shares at their forecast worth, in the world searched;
    the real game is valued over worlds drawn from what the seat saw (nothing else)."""
    state = new(3, 4)
    bot = HeuristicBot(seed=1)
    world = state.determinize(0, random.Random(3))
    values = forecast(world)
    expected = world.cash[1] + sum(k * v for k, v in zip(world.shares[1], values, strict=True))
    assert bot.evaluate(world, 1) == pytest.approx(expected)
    twin = state.clone()
    twin.information = state.determinize(0, random.Random(8)).information  # unseen by seat 0
    assert twin.information != state.information
    assert HeuristicBot(seed=2).evaluate(state, 0) == HeuristicBot(seed=2).evaluate(twin, 0)
    search = make_agent("mcts:iters=20,cutoff=6,eval=heuristic", GAME, seed=2)
    seat = state.pending()[0]
    assert search.act(state, seat) in state.legal_actions(seat)


def twins(state: GoodwillState) -> tuple[GoodwillState, GoodwillState]:
    """``state`` and a twin that seat 0 cannot tell from it: the informations it has not
    seen differ, and so does the price seat 1 has sealed in this transaction."""
    twin = state.clone()
    twin.information = state.determinize(0, random.Random(8)).information  # unseen by seat 0
    assert twin.information != state.information
    state.apply(1, Price(3))
    twin.apply(1, Price(37))
    assert state.observe(0) == twin.observe(0)
    return state, twin


def test_the_tuned_search_and_its_opponent_model_read_nothing_hidden() -> None:
    """The tuned search (the heuristic bot modelling the other seats' secret prices) decides
    alike when the informations seat 0 has not seen, and the price a rival has already
    sealed, differ: neither reaches the search or its model."""
    state, twin = twins(new(3, 4))
    assert_search_blind(GAME, "mcts:iters=40", 9, 0, (state, twin), opp="heuristic")
    assert_search_blind(GAME, "mcts:iters=40,top=3", 9, 0, (state, twin), opp="heuristic")


def test_the_heuristic_ranks_prices_by_their_distance_from_its_own() -> None:
    """The search's root prior (``mcts`` ``top``): every legal move once, the bot's own
    price first and the nearest prices after it."""
    state = new(3, 4)
    seat = state.pending()[0]
    ranked = HeuristicBot(seed=5).ranked(state, seat)
    own = HeuristicBot(seed=5).act(state, seat)
    assert isinstance(own, Price) and ranked[0] == own
    assert sorted(map(str, ranked)) == sorted(map(str, state.legal_actions(seat)))
    distances = [abs(a.dollars - own.dollars) for a in ranked if isinstance(a, Price)]
    assert distances == sorted(distances)
    search = make_agent("mcts:iters=30,top=3", GAME, seed=5)
    assert isinstance(search, MCTSAgent)
    result = search.search(state, seat)
    searched = sorted(s.action.dollars for s in result.stats if isinstance(s.action, Price))
    assert len(searched) == len(result.stats) == 3  # three neighbouring prices, near its own
    assert searched == list(range(searched[0], searched[0] + 3))
    assert abs(searched[1] - own.dollars) <= 2


def oil_shock() -> GoodwillState:
    """Amber burns only oil; the informations seat 0 cannot see (spaces 2 and 3) raise oil
    by 15, which bankrupts it.  Seat 2 saw both, seat 1 the first; each priced Amber's first
    share by what it saw (honestly, as the heuristic does), and seat 0 from its own two."""
    state = new(3, seed=4)
    state.boss = [None, None, None]
    state.resources = [[3, 0, 0], [0, 3, 0], [0, 0, 3]]
    hot = (card("Oil +10", "Advertising 1"), card("Oil +5", "Innovation 1"))
    assert not set(hot) & {c for _, c in state.information[:2]}
    state.information = (*state.information[:2], (95, hot[0]), (90, hot[1]))
    set_prices(state, [HeuristicBot(seed=s, samples=12).price(state, s).dollars for s in range(3)])
    assert state.year_prices[0][0] == 0 and forecast(state)[0] == 0  # Amber is doomed
    return state


def test_the_others_prices_tell_what_they_saw() -> None:
    """Worlds weighed by the others' prices (``believed``) value Amber near what the hidden
    informations make it (nothing); unweighed, the same worlds value it as seat 0's
    informations alone do."""
    state = oil_shock()
    said = state.year_prices[0][1]
    assert said[0] > 10 and said[1] <= 5 and said[2] <= 5
    weighed, unweighed = [], []
    for seed in range(4):
        out = believed(state, 0, random.Random(seed), 32, 6, 4.0)
        assert out is not None
        worlds = out[0]
        assert all(w.information[:2] == state.information[:2] for w in worlds)
        unweighed.append(fmean(forecast(w)[0] for w in worlds))
        weighed.append(weighed_worth(out, 0))
    assert fmean(weighed) < 0.6 * fmean(unweighed)
    # before anyone has priced this year there is nothing to weigh by; inside a search's
    # world (determinized) nothing is hidden any more
    assert believed(new(3, seed=4), 0, random.Random(0), 8, 2, 4.0) is None
    world = state.determinize(0, random.Random(1))
    assert believed(world, 0, random.Random(0), 8, 2, 4.0) is None


def test_the_search_with_belief_reads_nothing_hidden() -> None:
    """``belief=heuristic``: the search's worlds and its root ranking come from the weighed
    worlds, and it decides alike when the informations seat 0 has not seen, and the price
    a rival has already sealed for the second transaction, differ."""
    state, twin = twins(oil_shock())
    spec = "mcts:iters=40,top=3,cutoff=8,eval=heuristic,belief=heuristic"
    assert_search_blind(GAME, spec, 9, 0, (state, twin), opp="heuristic")
    # the ranking is centred on the weighed worth: lower than seat 0's own price
    search = make_agent(spec, GAME, seed=9)
    assert isinstance(search, MCTSAgent)
    result = search.search(state, 0)
    searched = [s.action.dollars for s in result.stats if isinstance(s.action, Price)]
    assert max(searched) < state.year_prices[0][1][0] - 2


def test_the_years_prices_are_kept_until_the_year_ends() -> None:
    """``year_prices``: every transaction's prices, said aloud, in order; a new year starts
    with none (its informations are new)."""
    state = new(3, seed=2)
    assert not state.year_prices
    bots = [HeuristicBot(seed=s, samples=2) for s in range(3)]
    year, kept = state.year, 0
    while state.year == year:
        pricing, company = state.phase == "price", state.company
        for seat in state.pending():
            state.apply(seat, bots[seat].act(state, seat))
        if state.year != year:
            break
        if pricing:
            kept += 1
            assert state.year_prices == (*state.year_prices[:-1], (company, state.last_prices))
        assert len(state.year_prices) == kept
    assert kept >= 6 and state.year_prices == ()  # two a company, and none yet this year


def test_belief_names_a_bot_that_can_weigh_worlds() -> None:
    yukon = get_game("yukon")  # its heuristic bot draws no weighed worlds
    search = make_agent("mcts:iters=5,belief=heuristic", yukon, seed=1)
    assert isinstance(search, MCTSAgent)
    with pytest.raises(BadOptions, match="belief"):
        search.bind(yukon)


# ------------------------------------------------------------------ the fitted judge


def test_the_judge_is_registered_and_ships_weights_for_every_holding() -> None:
    assert isinstance(make_agent("judge", GAME, seed=1), JudgeBot)
    shipped = load_weights(JUDGE_FILE, HOLDINGS)
    assert len(shipped) == len(HOLDINGS) - 1 and any(any(w) for w in shipped)


def test_the_judge_holdings_read_one_world() -> None:
    world = new(3, 4).determinize(0, random.Random(3))
    assert isinstance(world, GoodwillState)
    world.shares[1] = [4, 0, 2]
    world.cash[1] = 37
    rows = holdings(world)
    named = dict(zip(HOLDINGS, rows[1], strict=True))
    now = [world.share_value(c) for c in range(3)]
    ahead = forecast(world)
    assert named["points"] == world.scores()[1] == 37 + 4 * now[0] + 2 * now[2]
    assert named["cash"] == 37 and named["shares"] == 6 and named["most shares held"] == 4
    assert named["forecast gain"] == pytest.approx(
        4 * (ahead[0] - now[0]) + 2 * (ahead[2] - now[2])
    )
    assert named["shares under review"] == world.shares[1][world.company]
    best = max(0.0, *(a - v for a, v in zip(ahead, now, strict=True)))
    assert named["cash x best gain"] == pytest.approx(37 * best)


def test_the_judge_share_left_runs_from_one_to_nothing() -> None:
    state = new(3, 5)
    seen = [left(state)]
    play(state, [HeuristicBot(seed=s, samples=2) for s in range(3)])
    seen.append(left(state))
    assert seen == [1.0, 0.0]
    state = new(3, 6)
    shares = []
    agents = [HeuristicBot(seed=s, samples=2) for s in range(3)]
    while not state.is_over():
        shares.append(left(state))
        seat = state.pending()[0]
        state.apply(seat, agents[seat].act(state, seat))
    assert all(b <= a for a, b in itertools.pairwise(shares)) and 0 < shares[-1] < 1


def test_the_judge_values_a_world_by_its_weights_and_the_real_game_as_the_heuristic() -> None:
    """In a search's world (every information known there) the judge foretells from the
    holdings; asked about the real game, which hides informations from some seats, it values
    each seat as the heuristic does from worlds drawn from that seat's information, and
    what seat 0 has not seen changes nothing of its value."""
    state = new(3, 4)
    world = state.determinize(0, random.Random(3))
    judge = JudgeBot(seed=1)
    assert judge.weights is not None
    assert judge.evaluate_seats(world) == foretell(holdings(world), left(world), judge.weights)
    assert judge.evaluate(state, 1) == HeuristicBot(seed=1).evaluate(state, 1)
    heuristic = HeuristicBot(seed=5)
    assert JudgeBot(seed=5).evaluate_seats(state) == [
        heuristic.evaluate(state, s) for s in range(3)
    ]
    twin = state.clone()
    twin.information = state.determinize(0, random.Random(8)).information
    assert twin.information != state.information
    assert JudgeBot(seed=2).evaluate(state, 0) == JudgeBot(seed=2).evaluate(twin, 0)


def test_the_search_with_the_judge_reads_nothing_hidden() -> None:
    state, twin = twins(new(3, 4))
    spec = "mcts:iters=40,cutoff=4,eval=judge,top=5"
    assert_search_blind(GAME, spec, 9, 0, (state, twin), opp="heuristic")


def test_the_judge_without_its_weights_judges_as_the_heuristic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    judge = judge_with_bad_weights(bots, "[weights]\n", "Goodwill", tmp_path, monkeypatch, caplog)
    assert isinstance(judge, JudgeBot)
    world = new(3, 4).determinize(0, random.Random(3))
    assert judge.evaluate_seats(world) == [
        HeuristicBot(seed=1).evaluate(world, s) for s in range(3)
    ]
