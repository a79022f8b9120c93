"""Every game loads as an OpenSpiel game, passes ``pyspiel.random_sim_test``, and one of
OpenSpiel's own algorithms (its MCTS bot) plays on it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from motherlode.rl import openspiel_game
from motherlode.rl.tensors import encoder
from tests.rl.conftest import TABLE_IDS, TABLES


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_random_sim(game: str, players: int) -> None:
    params: dict[str, int | str] = {"players": players}
    if game == "yukon":  # random teams wander for thousands of moves; the stalemate rule ends it
        params["options"] = '{"stalemate_rounds": 8}'
    loaded = pyspiel.load_game(openspiel_game.short_name(game), params)
    simultaneous = game in ("goldfix", "goodwill")  # secret bids, prices and votes
    dynamics = pyspiel.GameType.Dynamics
    expected = dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL
    assert loaded.get_type().dynamics == expected
    assert loaded.num_players() == players
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_observer_gives_the_seats_tensor_and_nothing_before_the_deal() -> None:
    game = pyspiel.load_game("python_motherlode_goodwill", {"players": 4, "deals": 7})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 7
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert not observer.tensor.any()
    state.apply_action(3)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    for seat in range(4):
        observer.set_from(state, seat)
        expected = encoder("goodwill", 4).encode(state.engine.state.observe(seat))
        np.testing.assert_array_equal(observer.tensor, expected)
        assert f'"seat": {seat}' in observer.string_from(state, seat)


def test_a_simultaneous_node_asks_everyone_and_hides_nothing_it_should_not() -> None:
    game = pyspiel.load_game("python_motherlode_goodwill", {"players": 3, "deals": 100})
    state = game.new_initial_state()
    state.apply_action(0)
    actions = [state.legal_actions(p)[0] for p in range(3)]
    before = state.engine.state.move_count
    state.apply_actions(actions)
    assert state.engine.state.move_count == before + 3


def test_openspiel_mcts_bot_plays_gonza() -> None:
    game = pyspiel.load_game("python_motherlode_gonza", {"players": 2, "deals": 100})
    rng = np.random.RandomState(4)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=6,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]
