"""OpenSpiel for research: with a chance node per move a searching copy does not know the
future, the deal is one of 2**31 - 1, games and states pickle, simultaneous games play
turn-based under OpenSpiel's MCTS and RL environment, information states carry CFR on a
small game, and the observer writes the direct encoder's tensor."""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts, random_agent

import motherlode
from motherlode.rl import openspiel
from motherlode.rl.openspiel.chance import Deal
from motherlode.rl.tensors import encoder
from tests.rl.conftest import GAMES


def load(game_id: str, **params: int | str) -> pyspiel.Game:
    """The game at its smallest table, turn-based where it has simultaneous decisions."""
    game = motherlode.get_game(game_id)
    name = openspiel.short_name(game_id, turn_based=game.simultaneous)
    return pyspiel.load_game(name, {"players": game.min_players, **params})


def chance(state: pyspiel.State, rng: random.Random) -> None:
    """Play chance nodes until a decision (or the end)."""
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))


def dealt(game: pyspiel.Game, rng: random.Random, moves: int) -> pyspiel.State:
    """A random deal, then ``moves`` random decisions (fewer if the game ends), with their
    chance nodes."""
    state = game.new_initial_state()
    chance(state, rng)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        chance(state, rng)
    return state


def steps_until_apart(
    a: pyspiel.State, b: pyspiel.State, rng: random.Random, luck: tuple[random.Random, ...]
) -> int | None:
    """Play the same random decisions in both, chance by ``luck[0]`` in ``a`` and by the
    last of ``luck`` in ``b``, until their public views differ: the decisions played
    (None: the same until the end, or 300 decisions)."""
    for step in range(300):
        chance(a, luck[0])
        chance(b, luck[-1])
        if str(a) != str(b) or a.legal_actions() != b.legal_actions():
            return step
        if a.is_terminal():
            return None
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
    return None


# ------------------------------------------------------- chance a copy cannot see


@pytest.mark.parametrize("game_id", GAMES)
def test_with_a_chance_node_per_move_a_copy_does_not_know_the_future(game_id: str) -> None:
    game = load(game_id, chance="move")
    apart = []
    for seed in range(4):
        state = dealt(game, random.Random(seed), 5 + 7 * seed)
        if state.is_terminal():
            continue
        copy = state.clone()
        twin = state.clone()
        seat = state.current_player()
        assert copy.observation_string(seat) == state.observation_string(seat)
        assert copy.history() == state.history()
        same = random.Random(seed), random.Random(seed)
        assert steps_until_apart(state.clone(), twin, random.Random(seed), same) is None
        own = random.Random(seed), random.Random(100 + seed)
        apart.append(steps_until_apart(state, copy, random.Random(seed), own))
    assert apart
    assert all(steps is not None for steps in apart), apart


@pytest.mark.parametrize("game_id", GAMES)
def test_without_it_a_copy_plays_the_real_future(game_id: str) -> None:
    state = dealt(load(game_id), random.Random(0), 12)
    luck = random.Random(0), random.Random(1)  # (no chance node after the deal: unused)
    assert steps_until_apart(state.clone(), state, random.Random(0), luck) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_chance_node_per_move_passes_openspiel_checks(game_id: str) -> None:
    options = "stalemate_rounds:8" if game_id == "yukon" else ""
    game = load(game_id, chance="move", options=options)
    state = dealt(game, random.Random(0), 1)
    assert not state.is_chance_node()
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and len(state.chance_outcomes()) == 16
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_resample_from_infostate_draws_worlds_the_player_cannot_tell_apart() -> None:
    game = load("goodwill")  # 3 seats, each facing 2 of the 4 information pairs
    state = dealt(game, random.Random(3), 0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(6)]
    assert {w.observation_string(0) for w in worlds} == {state.observation_string(0)}
    assert len({w.observation_string(1) for w in worlds}) > 1  # what another seat sees
    world = worlds[0]
    twin = pickle.loads(pickle.dumps(world))  # a re-drawn world replays
    assert str(twin) == str(world) and twin.observation_string(1) == world.observation_string(1)
    pick = random.Random(2)
    for _ in range(40):
        action = pick.choice(world.legal_actions())
        world.apply_action(action)
        twin.apply_action(action)
        assert str(twin) == str(world)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        2.0,
        4,
        random_state=rng,
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


# ----------------------------------------------------------------- the deal


@pytest.mark.parametrize("deals", [1, 7, 256, 257, 1000, 70_000])
def test_every_deal_is_equally_likely(deals: int) -> None:
    deal = Deal(deals)
    odds: dict[int, Fraction] = {}

    def walk(node: int, prefix: int, p: Fraction) -> None:
        if node == deal.nodes:
            odds[prefix] = p
            return
        for digit, q in deal.outcomes(node, prefix):
            walk(node + 1, prefix * 256 + digit, p * Fraction(q).limit_denominator(10**9))

    walk(0, 0, Fraction(1))
    assert sorted(odds) == list(range(deals))
    assert set(odds.values()) == {Fraction(1, deals)}


def test_the_default_deal_is_one_of_two_billion_drawn_by_four_small_nodes() -> None:
    game = pyspiel.load_game("python_motherlode_gonza", {"players": 2})
    assert openspiel.DEFAULT_DEALS == 2**31 - 1 and "deals" not in str(game)
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    seed = 1_234_567_890
    for digit in Deal(2**31 - 1).digits(seed):
        assert state.is_chance_node() and len(state.chance_outcomes()) <= 256
        state.apply_action(digit)
    assert not state.is_chance_node()
    assert state.engine.state.seed == seed


# ------------------------------------------------------------------ pickling


@pytest.mark.parametrize("where", ["deal", "move"])
def test_games_and_states_pickle(where: str) -> None:
    options = '{"circuit_limit": 1, "auction_level": "B"}'
    game = load("goldfix", options=options, chance=where)
    assert "auction_level:B;circuit_limit:1" in str(game)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = dealt(game, random.Random(5), 30)
    twin = pickle.loads(pickle.dumps(state))
    assert str(twin) == str(state) and twin.history() == state.history()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(restored) == str(state)
    rng = random.Random(6)
    for _ in range(30):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin = pickle.loads(pickle.dumps(twin))  # (a decision waiting for chance, too)
        twin.apply_action(action)
        assert str(twin) == str(state)
        while state.is_chance_node():
            outcome = rng.choice([a for a, _ in state.chance_outcomes()])
            state.apply_action(outcome)
            twin.apply_action(outcome)
        assert str(twin) == str(state)


# ------------------------------------------------------- simultaneous games


def test_a_turn_based_secret_decision_shows_each_choice_only_to_its_seat() -> None:
    game = load("goodwill")
    state = dealt(game, random.Random(0), 0)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert state.current_player() == 0
    low, high = state.child(state.legal_actions()[0]), state.child(state.legal_actions()[-1])
    assert low.current_player() == high.current_player() == 1
    assert low.observation_string(1) == high.observation_string(1)
    assert low.observation_string(0) != high.observation_string(0)


@pytest.mark.parametrize(("game_id", "options"), [("goodwill", ""), ("goldfix", "circuit_limit:1")])
def test_openspiel_mcts_plays_a_simultaneous_game_turn_based(game_id: str, options: str) -> None:
    game = load(game_id, options=options, chance="move")
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=20,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    state = dealt(game, random.Random(2), 0)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        chance(state, random.Random(2))


@pytest.mark.parametrize(("game_id", "options"), [("goodwill", ""), ("goldfix", "circuit_limit:1")])
def test_rl_environment_steps_random_agents_through_a_game(game_id: str, options: str) -> None:
    env = rl_environment.Environment(load(game_id, options=options), seed=3)
    players = env.num_players
    agents = [random_agent.RandomAgent(p, env.action_spec()["num_actions"]) for p in range(players)]
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        player = time_step.observations["current_player"]
        time_step = env.step([agents[player].step(time_step).action])
        steps += 1
    assert steps > 20
    assert sorted(time_step.rewards)[0] < 0 < sorted(time_step.rewards)[-1] or not any(
        time_step.rewards
    )


# ---------------------------------------------- information states and CFR


def test_information_states_have_perfect_recall_and_pass_openspiel_checks() -> None:
    name, params = openspiel.SMALL_CFR
    game = pyspiel.load_game(name, params)
    steps = int(params["infostate_steps"])
    size = encoder(
        "gonza",
        2,
        motherlode.get_game("gonza").options(
            {"param.rerolls": 0, "param.market_size": 2, "param.broker_cards_face_up": 1}
        ),
    ).size
    assert game.information_state_tensor_shape() == [steps * (2 + size)]
    state = dealt(game, random.Random(0), 0)
    before = [state.information_state_string(p) for p in range(2)]
    while not state.is_terminal():
        acting = state.current_player()
        action = state.legal_actions()[-1]
        state.apply_action(action)
        for p in range(2):
            now = state.information_state_string(p)
            assert now.startswith(before[p] + "\n")  # everything it knew, and one step more
            own = now.rsplit("\n", 1)[1].split(" ", 1)[0]
            assert own == (str(action) if p == acting else "-")
            before[p] = now
    tensor = np.asarray(state.information_state_tensor(0)).reshape(steps, 2 + size)
    used = int(tensor[:, 0].sum())
    assert used == len(before[0].split("\n"))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_cfr_lowers_exploitability_on_the_small_game() -> None:
    name, params = openspiel.SMALL_CFR
    game = pyspiel.convert_to_cached_tree(pyspiel.load_game(name, params))
    solver = cfr.CFRSolver(game)
    curve = []
    for iteration in range(1, 17):
        solver.evaluate_and_update_policy()
        if iteration in (1, 4, 16):
            curve.append(exploitability.exploitability(game, solver.average_policy()))
    assert curve[0] > curve[1] > curve[2]
    assert curve[2] < curve[0] / 4


# ------------------------------------------------------------- the observer


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observer_writes_the_reference_tensor(game_id: str) -> None:
    game = load(game_id)
    n = game.num_players()
    enc = encoder(game_id, n)
    seat_view = game.make_py_observer()
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    state = dealt(game, random.Random(4), 0)
    rng = random.Random(4)
    for _ in range(60):
        if state.is_terminal():
            break
        engine = state.engine.state
        for seat in range(n):
            seat_view.set_from(state, seat)
            np.testing.assert_array_equal(seat_view.tensor, enc.encode(engine.observe(seat)))
        public.set_from(state, 0)
        np.testing.assert_array_equal(public.tensor, enc.encode(engine.observe(None)))
        assert json.loads(public.string_from(state, 0))["seat"] is None
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observer_takes_the_fast_path_without_building_the_json_view(game_id: str) -> None:
    game = load(game_id)
    state = dealt(game, random.Random(5), 3)
    engine = state.engine.state
    views = []
    engine.observe = lambda seat=None: views.append(seat)
    observer = game.make_py_observer()
    observer.set_from(state, state.current_player())
    assert observer.tensor.any()
    assert views == []
