"""The ISMCTS agent: legal, reproducible, blind to what its seat cannot see, and strong."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import pytest

import motherlode
from motherlode.agents import make_agent, specs
from motherlode.agents.mcts import MCTSAgent, SearchResult
from motherlode.agents.random_agent import RandomAgent
from motherlode.agents.rollout import bot_evaluator, outcome, standing
from motherlode.engine import Action, Agent, BadOptions, Game, GameOptions, State
from motherlode.engine.actions import JsonValue
from motherlode.sim.stats import wilson_interval
from tests.engine import nuggets
from tests.engine.nuggets import Bid, Challenge, NuggetState

specs._generic()
specs.GENERIC["mcts"] = MCTSAgent

NUGGETS = nuggets.GAME


def nuggets_state(players: int, seed: int, game: Game = NUGGETS, **options: Any) -> NuggetState:
    return cast(NuggetState, game.new_state(players, seed, options))


def search(state: State, seat: int, seed: int = 11, **params: Any) -> SearchResult:
    return MCTSAgent(seed=seed, **params).search(state, seat)


# ------------------------------------------------------------------ fixture variants


class FairNuggets(NuggetState):
    """Nuggets whose re-draw depends only on what the seat knows: the pool of unseen cards
    is sorted before it is shuffled, so hidden *order* cannot steer the sample.  (The
    fixture shuffles the pool in its real order; a seeded search then sees a different
    sample when hidden cards are swapped, though no information reaches it.)"""

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        others = [s for s in range(self.num_players) if s != seat]
        known_bottom = seat in self.peeks
        pool = self.deck[1:] if known_bottom else list(self.deck)
        pool += [self.bonus[s] for s in others]
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            self.bonus[s] = pool.pop()
        self.deck = ([self.deck[0]] if known_bottom else []) + pool
        for s in self.peeks:
            self.peeks[s] = self.deck[0]


FAIR_NUGGETS = dataclasses.replace(NUGGETS, id="fair-nuggets", state_class=FairNuggets)


@dataclass(frozen=True, slots=True)
class Coin(Action):
    TYPE = "coin"
    heads: bool


@dataclass(frozen=True)
class NoOptions(GameOptions):
    pass


class PenniesState(State):
    """Matching pennies, once: both show a coin in secret; seat 1 wins if they match.

    Whoever saw the other's coin would always win, so a search that let one seat peek would
    value the other's moves near 0 (or its own near 1); played blind, both are worth 1/2.
    """

    def _setup(self) -> None:
        self.match: bool | None = None

    def _to_act(self) -> tuple[int, ...]:
        return () if self.match is not None else (0, 1)

    def _legal(self, seat: int) -> list[Action]:
        return [Coin(True), Coin(False)]

    def _play(self, seat: int, action: Action) -> None:
        raise AssertionError("pennies has simultaneous decisions only")

    def _resolve(self, actions: dict[int, Action]) -> None:
        self.match = actions[0] == actions[1]

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        return {"match": self.match}

    def scores(self) -> tuple[float, ...]:
        if self.match is None:
            return (0.0, 0.0)
        return (0.0, 1.0) if self.match else (1.0, 0.0)


PENNIES = Game(
    id="pennies",
    title="Matching pennies",
    min_players=2,
    max_players=2,
    state_class=PenniesState,
    options_class=NoOptions,
    action_types=(Coin,),
    rules_version="1",
)


class SeatOnly:
    """The real state as the agent may touch it; anything else is an AttributeError."""

    def __init__(self, real: State, seat: int) -> None:
        self._real = real
        self._seat = seat

    @property
    def game(self) -> Game:
        return self._real.game

    def legal_actions(self, seat: int) -> list[Action]:
        assert seat == self._seat, "the agent asked for another seat's legal actions"
        return self._real.legal_actions(seat)

    def determinize(self, seat: int, rng: random.Random) -> State:
        assert seat == self._seat, "the agent determinized for another seat"
        return self._real.determinize(seat, rng)

    def _is_simultaneous(self) -> bool:
        return self._real._is_simultaneous()


# ----------------------------------------------------------------------------- tests


def test_outcomes_give_win_shares_and_margins() -> None:
    assert outcome([10.0, 7.0, 3.0], [0]) == ([1.0, 0.0, 0.0], [3.0, -3.0, -7.0])
    assert outcome([5.0, 5.0], [0, 1]) == ([0.5, 0.5], [0.0, 0.0])
    assert outcome([5.0, 5.0], [1]) == ([0.0, 1.0], [0.0, 0.0])  # a tie-break decided it
    assert standing([-4.0, 2.0, 2.0]) == ([0.0, 0.5, 0.5], [-6.0, 0.0, 0.0])


def test_plays_only_legal_actions_to_the_end() -> None:
    for seed in range(3):
        state = NUGGETS.new_state(3, seed)
        agents = [MCTSAgent(seed=seed + k, iters=30) for k in range(3)]
        while not state.is_over():
            seat = state.pending()[0]
            action = agents[seat].act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_same_seed_same_search() -> None:
    state = NUGGETS.new_state(3, 4)
    first = search(state, 1, iters=300)
    second = search(state, 1, iters=300)
    assert first.stats == second.stats
    assert first.action == second.action
    assert first.iterations == 300
    assert sum(s.visits for s in first.stats) == 300


def test_time_budget() -> None:
    state = NUGGETS.new_state(2, 1)
    result = MCTSAgent(seed=1, ms=30).search(state, 0)
    assert result.action in state.legal_actions(0)
    assert result.iterations >= 1
    capped = MCTSAgent(seed=1, ms=60_000, iters=25).search(state, 0)
    assert capped.iterations == 25


def test_a_forced_move_needs_no_search() -> None:
    state = nuggets_state(2, 2)
    state.gold[0] = 0
    result = search(state, 0, iters=50)
    assert (result.action, result.iterations) == (Bid(0), 0)


def test_touches_the_real_state_only_through_the_seat_view() -> None:
    state = NUGGETS.new_state(3, 9)
    state.apply(2, Bid(3))  # a real secret commitment the search must not read
    proxy = cast(State, SeatOnly(state, 0))
    assert search(proxy, 0, iters=200).stats == search(state, 0, iters=200).stats


def test_hidden_cards_do_not_change_the_decision() -> None:
    for seed in range(6):
        state = nuggets_state(3, seed, FAIR_NUGGETS)
        state.apply(1, Bid(2))
        altered = state.clone()
        # swap seat 2's secret bonus with a deck card of another value, reorder the deck,
        # re-seed the hidden future, and change seat 1's sealed bid
        i = next(i for i, v in enumerate(altered.deck) if v != altered.bonus[2])
        altered.bonus[2], altered.deck[i] = altered.deck[i], altered.bonus[2]
        altered.deck.reverse()
        altered.rng.seed(seed + 1000)
        altered._commits[1] = Bid(5)
        assert altered.observe(0) == state.observe(0)
        assert altered.bonus != state.bonus or altered.deck != state.deck
        assert search(altered, 0, iters=250).stats == search(state, 0, iters=250).stats


def test_a_peeked_card_is_used_but_nothing_else() -> None:
    state = nuggets_state(2, 3, FAIR_NUGGETS)
    state.peeks[0] = state.deck[0]
    altered = state.clone()
    altered.deck[1:] = reversed(altered.deck[1:])
    assert altered.observe(0) == state.observe(0)
    assert search(altered, 0, iters=200).stats == search(state, 0, iters=200).stats


def test_simultaneous_choices_are_blind_to_each_other() -> None:
    state = PENNIES.new_state(2, 0)
    result = search(state, 0, iters=600)
    assert set(result.others) == {1}, "the other asked seat keeps its own statistics"
    for stats in (result.stats, result.others[1]):
        assert sum(s.visits for s in stats) == 600
        for s in stats:
            assert 0.3 < s.mean < 0.7, f"a choice was valued as if one seat saw the other: {s}"
    for seat in (0, 1):
        result = search(state, seat, iters=600)
        assert all(0.3 < s.mean < 0.7 for s in result.stats)


def test_a_committed_secret_choice_is_not_read() -> None:
    results = []
    for heads in (True, False):
        state = PENNIES.new_state(2, 0)
        state.apply(1, Coin(heads))
        results.append(search(state, 0, iters=200))
    assert results[0].stats == results[1].stats
    assert set(results[0].others) == {1}, "the sealed choice is modelled, not taken as drawn"
    overall = sum(s.mean * s.visits for s in results[0].stats) / 200
    assert 0.35 < overall < 0.65, "the search played against the real coin"


def test_mixed_strategy_at_simultaneous_decisions() -> None:
    state = PENNIES.new_state(2, 0)
    agent = MCTSAgent(seed=3, iters=100, mix=1)
    choices = {agent.act(state, 0) for _ in range(30)}
    assert choices == {Coin(True), Coin(False)}


class Heads(Agent):
    """An opponent model for the pennies: always heads.  Records what it was shown."""

    name = "heads"
    shown: ClassVar[list[State]] = []

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, state: State, seat: int) -> Action:
        Heads.shown.append(state)
        return Coin(True)


MODELLED_PENNIES = dataclasses.replace(PENNIES, id="modelled-pennies", bots={"heads": Heads})


def test_an_opponent_model_plays_the_other_seats_sealed_choices() -> None:
    state = MODELLED_PENNIES.new_state(2, 0)
    Heads.shown.clear()
    # Seat 0 wins on a mismatch: against a model that always shows heads, tails wins always.
    result = search(state, 0, iters=100, opp="heads")
    assert result.action == Coin(False)
    assert [(s.action, s.visits) for s in result.others[1]] == [(Coin(True), 100)]
    best = next(s for s in result.stats if s.action == Coin(False))
    assert best.mean > 0.95
    # The model chose on a world of its own seat's, never on the search's sample itself.
    assert len(Heads.shown) == 100
    assert all(shown.determinized for shown in Heads.shown)
    assert len({id(shown) for shown in Heads.shown}) == 100
    # Seat 1 wins on a match: it shows heads.  Without the model, nothing is known.
    assert search(state, 1, iters=100, opp="heads").action == Coin(True)
    blind = search(state, 0, iters=600)
    assert all(0.3 < s.mean < 0.7 for s in blind.stats)
    with pytest.raises(BadOptions, match="has no bot 'tails'"):
        MCTSAgent(opp="tails").bind(MODELLED_PENNIES)


class OpenPenniesState(PenniesState):
    """Matching pennies in the open: seat 0 shows its coin, then seat 1 shows, having seen it."""

    def _setup(self) -> None:
        super()._setup()
        self.first: Action | None = None

    def _to_act(self) -> tuple[int, ...]:
        if self.match is not None:
            return ()
        return (0,) if self.first is None else (1,)

    def _play(self, seat: int, action: Action) -> None:
        if seat == 0:
            self.first = action
        else:
            self.match = action == self.first


OPEN_PENNIES = dataclasses.replace(
    MODELLED_PENNIES, id="open-pennies", state_class=OpenPenniesState
)


def test_the_opponent_model_can_play_every_decision_of_the_other_seats() -> None:
    state = OPEN_PENNIES.new_state(2, 0)
    Heads.shown.clear()
    # Seat 1 sees seat 0's coin and matches it: every coin loses against its best reply ...
    assert all(s.mean < 0.2 for s in search(state, 0, iters=200).stats)
    assert all(s.mean < 0.2 for s in search(state, 0, iters=200, opp="heads").stats)
    assert not Heads.shown, "the model plays sealed decisions only unless model=all"
    # ... but a seat that always shows heads is beaten by tails.
    result = search(state, 0, iters=200, opp="heads", model="all")
    assert result.action == Coin(False)
    assert next(s.mean for s in result.stats if s.action == Coin(False)) > 0.95
    assert Heads.shown and all(shown.determinized for shown in Heads.shown)
    with pytest.raises(BadOptions, match="name it with opp="):
        MCTSAgent(model="all")


def test_progressive_widening_limits_the_actions_tried() -> None:
    state = nuggets_state(2, 5, start_gold=9)  # ten bids to choose from
    narrow = search(state, 0, iters=20, widen=2, pw=0.5)
    tried = [s for s in narrow.stats if s.visits]
    assert 2 <= len(tried) <= 5  # max(2, 21 ** 0.5)
    wide = search(state, 0, iters=20, widen=0)
    assert sum(1 for s in wide.stats if s.visits) == 10


def test_beats_random_clearly() -> None:
    wins = 0.0
    games = 30
    for i in range(games):
        state = NUGGETS.new_state(2, 500 + i)
        me = i % 2
        agents: list[Agent] = [RandomAgent(seed=i), RandomAgent(seed=i)]
        agents[me] = MCTSAgent(seed=i, iters=120)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, agents[seat].act(state, seat))
        winners = state.winners()
        wins += (me in winners) / len(winners)
    low, _ = wilson_interval(wins, games)
    assert wins / games >= 0.75, f"MCTS won {wins}/{games} against random"
    assert low > 0.5


class Greedy(Agent):
    """A rollout bot with an evaluation: bids a third of its gold; a seat's worth is its
    score less the leader's."""

    name = "greedy"
    evaluations = 0

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if isinstance(legal[0], Challenge):
            return legal[0]
        return legal[len(legal) // 3]

    def evaluate(self, state: State, seat: int) -> float:
        Greedy.evaluations += 1
        return state.scores()[seat] - max(state.scores())


BOT_NUGGETS = dataclasses.replace(NUGGETS, id="bot-nuggets", bots={"greedy": Greedy})


def test_heuristic_rollouts_and_cutoff_evaluation() -> None:
    state = BOT_NUGGETS.new_state(2, 6)
    Greedy.evaluations = 0
    result = search(state, 0, iters=40, rollout="greedy", cutoff=2)
    assert result.action in state.legal_actions(0)
    assert Greedy.evaluations == 40 * 2  # once per seat at every cut-off
    Greedy.evaluations = 0
    search(state, 0, iters=40, rollout="greedy", cutoff=2, eval="score")
    assert Greedy.evaluations == 0
    search(state, 0, iters=40, cutoff=2, eval="greedy", eps=0.5)
    assert Greedy.evaluations == 40 * 2
    plain = search(state, 0, iters=40, cutoff=2)
    assert plain.action in state.legal_actions(0)


def test_cutoff_zero_values_the_leaf_itself() -> None:
    """``cutoff=0`` plays no rollout move: every evaluation is of a node the tree reached,
    so with one iteration the evaluator sees the state the tree's first step made."""
    state = BOT_NUGGETS.new_state(2, 6)
    Greedy.evaluations = 0
    result = search(state, 0, iters=40, rollout="greedy", cutoff=0, eval="greedy")
    assert result.action in state.legal_actions(0)
    assert Greedy.evaluations == 40 * 2
    seen: list[int] = []

    class Counting(Greedy):
        def evaluate(self, state: State, seat: int) -> float:
            seen.append(state.move_count)
            return super().evaluate(state, seat)

    counting = dataclasses.replace(BOT_NUGGETS, bots={"greedy": Counting})
    start = counting.new_state(2, 6)
    search(start, 0, iters=1, cutoff=0, eval="greedy")
    leaf = seen[0]
    assert leaf > start.move_count and seen == [leaf] * 2  # the tree's step, no more
    seen.clear()
    search(start, 0, iters=1, cutoff=1, eval="greedy")
    assert seen == [leaf + 1] * 2  # one rollout move after the same step
    with pytest.raises(BadOptions, match="cutoff must be at least 0"):
        make_agent("mcts:cutoff=-1", NUGGETS)


def test_the_prior_bot_is_tried_first() -> None:
    state = nuggets_state(2, 6, BOT_NUGGETS)  # 6 gold: greedy bids 2 of 0..6
    for result in (
        search(state, 0, iters=1, prior="greedy"),
        search(state, 0, iters=1, rollout="greedy"),
    ):
        assert [s.action for s in result.stats if s.visits] == [Bid(2)]
    tried = {
        next(s.action for s in search(state, 0, iters=1, prior="none", seed=k).stats if s.visits)
        for k in range(12)
    }
    assert len(tried) > 1


def test_progressive_bias_keeps_to_the_prior_until_shown_better() -> None:
    state = nuggets_state(2, 6, BOT_NUGGETS)  # greedy bids 2 of 0..6

    def visits_to_prior(**params: Any) -> int:
        result = search(state, 0, iters=60, prior="greedy", **params)
        return next(s.visits for s in result.stats if s.action == Bid(2))

    plain, biased = visits_to_prior(), visits_to_prior(bias=5)
    assert biased > plain
    assert search(state, 0, iters=60, prior="greedy", bias=100).action == Bid(2)
    with pytest.raises(BadOptions, match="name one with prior="):
        MCTSAgent(bias=1).bind(NUGGETS)


class Ranking(Greedy):
    """Greedy that also ranks its moves: the highest bids first."""

    name = "heuristic"

    def ranked(self, state: State, seat: int) -> list[Action]:
        return sorted(state.legal_actions(seat), key=lambda a: -getattr(a, "gold", -1))


RANKED_NUGGETS = dataclasses.replace(NUGGETS, id="ranked-nuggets", bots={"heuristic": Ranking})


def test_top_searches_only_the_heuristics_best_moves_in_its_order() -> None:
    state = nuggets_state(2, 6, RANKED_NUGGETS)  # bids 0..6
    first = search(state, 0, iters=1, top=3)
    assert [s.action for s in first.stats if s.visits] == [Bid(6)]
    result = search(state, 0, iters=200, top=3)
    assert {s.action for s in result.stats} == {Bid(6), Bid(5), Bid(4)}
    assert all(s.visits > 0 for s in result.stats)
    assert result.action in {Bid(6), Bid(5), Bid(4)}
    wide = search(state, 0, iters=200)
    assert len(wide.stats) == len(state.legal_actions(0))
    unranked = dataclasses.replace(NUGGETS, id="unranked-nuggets", bots={"heuristic": Greedy})
    with pytest.raises(BadOptions, match="heuristic bot that ranks moves"):
        MCTSAgent(top=2).bind(unranked)
    with pytest.raises(BadOptions, match="no bot 'heuristic'"):
        MCTSAgent(top=2).bind(BOT_NUGGETS)


class Believing(Greedy):
    """Greedy with a belief: the search's worlds come from its ``draw``, which counts them
    and is sure of one world (the same re-draw every time, whatever ``rng`` the search
    passes: here only to see that the search plays in the worlds the belief draws)."""

    name = "heuristic"
    drawn = 0

    def belief(self, state: State, seat: int) -> Callable[[random.Random], State]:
        def draw(rng: random.Random) -> State:
            Believing.drawn += 1
            return state.determinize(seat, random.Random(5))

        return draw


class Slow(Greedy):
    """Greedy whose belief takes all of a 50 ms budget (on the test's clock)."""

    name = "heuristic"
    now: ClassVar[float] = 0.0

    def belief(self, state: State, seat: int) -> None:
        Slow.now += 0.05  # and then nothing to weigh by


def test_the_budget_counts_the_time_before_the_first_iteration() -> None:
    """``ms`` runs from the start of the decision: a belief (or a root ranking) that takes
    the whole budget leaves time for the one iteration every search makes."""
    slow = dataclasses.replace(NUGGETS, id="slow-nuggets", bots={"heuristic": Slow})
    agent = MCTSAgent(seed=1, ms=50, belief="heuristic")

    def tick() -> float:  # a millisecond passes each time the search looks
        Slow.now += 0.001
        return Slow.now

    agent.clock = tick
    assert agent.search(nuggets_state(2, 6, slow), 0).iterations == 1


class Unsure(Greedy):
    """Greedy whose belief has nothing to weigh by."""

    name = "heuristic"

    def belief(self, state: State, seat: int) -> None:
        return None


def test_belief_draws_the_worlds_the_search_plays_in() -> None:
    game = dataclasses.replace(NUGGETS, id="believing-nuggets", bots={"heuristic": Believing})
    state = nuggets_state(2, 6, game)
    Believing.drawn = 0
    believed = search(state, 0, iters=60, belief="heuristic")
    assert Believing.drawn == 60
    assert believed.stats != search(state, 0, iters=60).stats  # other worlds, other values
    # a belief with nothing to weigh by (None) leaves the search's usual worlds
    unsure = dataclasses.replace(NUGGETS, id="unsure-nuggets", bots={"heuristic": Unsure})
    plain = search(nuggets_state(2, 6, unsure), 0, iters=60, belief="heuristic")
    assert plain.stats == search(state, 0, iters=60).stats
    with pytest.raises(BadOptions, match="no belief"):
        MCTSAgent(belief="greedy").bind(BOT_NUGGETS)
    with pytest.raises(BadOptions, match="belief is a bot name"):
        MCTSAgent(belief="")


def test_the_mcts_spec() -> None:
    agent = make_agent("mcts:iters=20,c=1.2,widen=0", NUGGETS, seed=1)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iters, agent.c, agent.widen) == (20, 1.2, 0)
    assert make_agent("mcts:ms=50", NUGGETS).iters is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iters=0", "iters must be at least 1"),
        ("mcts:iters=2.5", "iters must be a whole number"),
        ("mcts:ms=-3", "ms must be at least 1"),
        ("mcts:c=wide", "c must be a number"),
        ("mcts:win=2", "win must be between 0 and 1"),
        ("mcts:top=-1", "top must be at least 0"),
        ("mcts:sim=fictitious", "sim is 'rm' or 'ucb'"),
        ("mcts:eval=score", "give cutoff=N too"),
        ("mcts:bias=-1", "bias must be at least 0"),
        ("mcts:opp=", "opp is a bot name"),
        ("mcts:opp=none,model=all", "name it with opp="),
        ("mcts:opp=heuristic,model=some", "model is 'sealed' or 'all'"),
        ("mcts:depth=3", "bad parameters"),
    ],
)
def test_bad_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_agent(spec, NUGGETS)


def test_a_missing_rollout_bot_is_named() -> None:
    agent = MCTSAgent(rollout="heuristic")
    with pytest.raises(BadOptions, match="has no bot 'heuristic'"):
        agent.bind(NUGGETS)
    with pytest.raises(BadOptions, match="no evaluate"):
        MCTSAgent(eval="greedy", cutoff=3).bind(
            dataclasses.replace(NUGGETS, id="plain-bots", bots={"greedy": RandomAgent})
        )


def test_a_game_lends_its_search_settings_unless_told_otherwise() -> None:
    tuned_game = dataclasses.replace(
        BOT_NUGGETS, search_defaults={"cutoff": 3, "eval": "greedy", "prior": "greedy", "bias": 2}
    )
    tuned = make_agent("mcts:iters=10", tuned_game, seed=1)
    assert isinstance(tuned, MCTSAgent)
    assert (tuned.cutoff, tuned.eval, tuned.prior, tuned.bias) == (3, "greedy", "greedy", 2)
    mine = make_agent("mcts:iters=10,cutoff=7,bias=0", tuned_game, seed=1)
    assert isinstance(mine, MCTSAgent)
    assert (mine.cutoff, mine.eval, mine.bias) == (7, "greedy", 0)
    plain = make_agent("mcts:iters=10,tuned=0", tuned_game, seed=1)
    assert isinstance(plain, MCTSAgent)
    assert (plain.cutoff, plain.eval, plain.prior, plain.bias) == (None, None, None, 0)
    with pytest.raises(BadOptions, match="tuned is 1"):
        make_agent("mcts:tuned=2", tuned_game)


def test_every_game_s_search_settings_name_its_own_bots() -> None:
    for game_id in motherlode.games():
        game = motherlode.get_game(game_id)
        agent = make_agent("mcts:iters=4", game, seed=1)
        assert isinstance(agent, MCTSAgent)
        agent.bind(game)  # raises BadOptions for a bot the game lacks
        state = game.new_state(game.min_players, 3)
        seat = state.pending()[0]
        assert agent.act(state, seat) in state.legal_actions(seat)


def test_an_ms_budget_counts_the_clock_the_spec_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """``clock=cpu`` counts this thread's processor time (a measurement on a busy machine
    searches as much as on an idle one); the default is the wall clock a person waits."""
    import time

    from motherlode.agents.mcts import MCTSAgent

    assert MCTSAgent(ms=10).clock is time.perf_counter
    assert MCTSAgent(ms=10, clock="cpu").clock is time.thread_time
    monkeypatch.setenv("MOTHERLODE_CLOCK", "cpu")
    assert MCTSAgent(ms=10).clock is time.thread_time
    assert MCTSAgent(ms=10, clock="wall").clock is time.perf_counter
    with pytest.raises(BadOptions, match="clock is 'wall' or 'cpu'"):
        MCTSAgent(clock="gpu")
    monkeypatch.setenv("MOTHERLODE_CLOCK", "sundial")
    with pytest.raises(BadOptions, match="got 'sundial'"):
        MCTSAgent()


def test_a_bot_that_values_every_seat_at_once_is_asked_once_a_cut_off() -> None:
    """``evaluate_seats`` (Carcassonne's heuristic): one call values the table, and the
    cut-off takes its values as it would the seats' ``evaluate`` one by one."""

    class Table(Agent):
        calls = 0

        def act(self, state: State, seat: int) -> Action:
            return state.legal_actions(seat)[0]

        def evaluate(self, state: State, seat: int) -> float:
            raise AssertionError("evaluate_seats is there: the search asks that")

        def evaluate_seats(self, state: State) -> list[float]:
            Table.calls += 1
            return [3.0, 5.0]

    judge = bot_evaluator(Table())
    assert judge is not None
    state = BOT_NUGGETS.new_state(2, 6)
    assert judge(state) == standing([3.0, 5.0])
    assert Table.calls == 1
