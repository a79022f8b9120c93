"""The game's bots: registered by spec name, playing whole games, through the table."""

import random

from motherlode.agents import RandomAgent, make_agent
from motherlode.games.gonza.bots import HeuristicBot, MinisterBot, worth
from motherlode.games.gonza.rules import GonzaState
from motherlode.sim import simulate
from motherlode.table import Table
from tests.games.gonza.helpers import GAME, conserved


def test_bots_are_registered_by_spec_name() -> None:
    assert set(GAME.bots) == {"minister", "heuristic"}
    assert isinstance(make_agent("minister", GAME, seed=1), MinisterBot)
    assert isinstance(make_agent("heuristic:margin=0.2", GAME, seed=1), HeuristicBot)


def test_heuristic_bot_beats_random_players() -> None:
    wins = 0
    for seed in range(6):
        state = GAME.new_state(3, seed)
        agents = [HeuristicBot(seed=seed), RandomAgent(seed=seed + 1), RandomAgent(seed=seed + 2)]
        while not state.is_over():
            (seat,) = state.pending()
            state.apply(seat, agents[seat].act(state, seat))
        assert isinstance(state, GonzaState) and conserved(state)
        wins += 0 in state.winners()
    assert wins >= 5


def test_heuristic_bot_answers_every_kind_of_decision() -> None:
    """Against Minister AI players it is asked ties and discards as well as turns."""
    for seed in range(3):
        state = GAME.new_state(3, seed, {"minister": "2", "minister_rolls": 2})
        agents = {0: HeuristicBot(seed=seed), 2: HeuristicBot(seed=seed + 9)}
        while not state.is_over():
            (seat,) = state.pending()
            agent = agents.get(seat) or MinisterBot(seed=seed)
            state.apply(seat, agent.act(state, seat))
        assert isinstance(state, GonzaState) and conserved(state)


def test_table_seats_a_minister_ai_player() -> None:
    table = Table.create(
        "gonza", ["heuristic", "minister", "random"], seed=5, options={"minister": "2"}
    )
    state = table.play()
    assert state.is_over()
    moves = [a.TYPE for seat, a in state.moves() if seat == 1]
    assert moves and set(moves) == {"minister"}
    assert table.record().meta["scores"] == list(state.scores())


def test_simulate_with_minister_seats() -> None:
    sim = simulate(
        "gonza", ["minister", "minister", "random"], 3, seed=2, options={"minister": "1"}
    )
    assert len(sim.results) == 3
    assert [s.games for s in sim.seats()] == [3, 3, 3]


def test_the_search_values_cut_off_positions_by_worth() -> None:
    """``eval=heuristic``: the heuristic's worth of a seat (score, bids, cards in hand)."""
    state = GAME.new_state(2, 6)
    assert isinstance(state, GonzaState)
    bot = HeuristicBot(seed=1)
    assert [bot.evaluate(state, s) for s in (0, 1)] == [worth(state, s) for s in (0, 1)]
    search = make_agent("mcts:iters=20,cutoff=6,eval=heuristic", GAME, seed=2)
    seat = state.pending()[0]
    assert search.act(state, seat) in state.legal_actions(seat)


def test_heuristic_ranks_every_move_its_own_choice_first():
    """The search's root prior (``mcts`` ``top``): a permutation of the legal moves that
    starts with the move the bot plays, read from the seat's own view."""
    state = GAME.new_state(2, 3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over():
            break
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        ranked = HeuristicBot(seed=4).ranked(state, seat)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))
        assert ranked[0] == HeuristicBot(seed=4).act(state, seat)
        state.apply(seat, rng.choice(legal))
