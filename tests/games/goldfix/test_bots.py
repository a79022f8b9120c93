"""The heuristic bot: legal, sensible, and better than random play."""

import random

import pytest

from motherlode.agents.specs import make_agent
from motherlode.engine import Agent
from motherlode.games.goldfix import GAME, money
from motherlode.games.goldfix.actions import Bid, Move, Pass, Sell
from motherlode.games.goldfix.bots import HeuristicBot
from motherlode.games.goldfix.core import BID
from motherlode.games.goldfix.rules import GoldfixState
from tests.agents.blind import assert_search_blind
from tests.games.goldfix.helpers import at_move, new


def play(state: GoldfixState, agents: list[Agent], max_moves: int = 20_000) -> GoldfixState:
    for _ in range(max_moves):
        if state.is_over():
            return state
        seat = state.pending()[0]
        action = agents[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    raise AssertionError("the game did not end")


def test_the_heuristic_bot_is_registered_with_parameters() -> None:
    bot = make_agent("heuristic:reserve=150,greed=1.5", GAME, seed=3)
    assert isinstance(bot, HeuristicBot) and bot.reserve == 150 and bot.greed == 1.5


@pytest.mark.parametrize(
    "options",
    [
        {"circuit_limit": 4},
        {"circuit_limit": 4, "auction_level": "EZ2", "quickstart": True},
        {"circuit_limit": 4, "auction_level": "B", "bullion_market_level": "B"},
    ],
)
def test_heuristic_bots_play_whole_games(options: dict[str, object]) -> None:
    for players in (3, 6):
        state = GAME.new_state(players, 11, options)
        assert isinstance(state, GoldfixState)
        play(state, [HeuristicBot(seed=s) for s in range(players)])


def test_heuristic_beats_random_play() -> None:
    wins = 0
    games = 12
    for seed in range(games):
        state = GAME.new_state(4, seed, {"circuit_limit": 6})
        assert isinstance(state, GoldfixState)
        rng = random.Random(seed)
        agents: list[Agent] = [HeuristicBot(seed=seed)]
        agents += [make_agent("random", GAME, seed=rng.getrandbits(32)) for _ in range(3)]
        play(state, agents)
        wins += state.winners() == (0,)
    assert wins >= games * 2 // 3


def test_it_bids_up_to_value_and_no_further() -> None:
    state = new(3)
    at_move(state, 1, 3, (1, 6))
    state.apply(1, Move(1))  # Red lands on the MINE LEASE AUCTION
    bot = HeuristicBot(seed=1)
    for seat in (0, 1, 2):
        value = bot.lot_value(state, seat, state.lots[0])
        action = bot.act(state, seat)
        assert isinstance(action, Bid | Pass)
        if isinstance(action, Bid):
            assert state.minimum_bid() <= action.amount
            assert action.amount * 11 // 10 <= value  # the 10% commission included
        state.apply(seat, action)


def test_it_sells_more_when_the_goldfix_is_high() -> None:
    bot = HeuristicBot(seed=2)
    low, high = new(3), new(3)
    high.goldfix = 1800
    for state in (low, high):
        state.vault = [100, 100, 100]
        state.cash = [2000, 2000, 2000]
        state.notes = [0, 0, 0]
        at_move(state, 0, 11, (1, 6))
        state.apply(0, Move(1))
        state.apply(0, state.legal_actions(0)[1])  # the broker sets 10%
    sold_low = bot.act(low, 1)
    sold_high = bot.act(high, 1)
    assert isinstance(sold_low, Sell) and isinstance(sold_high, Sell)
    assert sold_high.percent > sold_low.percent


def test_evaluate_values_net_worth_cash_and_the_win() -> None:
    bot = HeuristicBot(seed=0)
    state = new(3)
    # $500M in hand and two $250M notes: net worth 0, and no cash free of debt
    assert (state.cash[0], state.notes[0]) == (500, 2)
    assert bot.evaluate(state, 0) == 0
    state.cash[1] = 900
    assert bot.evaluate(state, 1) == 400 + 400 / 5  # a fifth of the cash beyond the notes
    state.cash[1] += money.LOAN_NOTE
    state.notes[1] += 1
    assert bot.evaluate(state, 1) == 400 + 400 / 5  # borrowing brings the WINNER no nearer
    state.notes[1] = 0
    state.cash[1] = 1000
    state._check_winner(1)
    assert bot.evaluate(state, 1) == 1000 + 200 + 1000


def test_the_tuned_search_and_its_opponent_model_read_nothing_hidden() -> None:
    """At a sealed auction the tuned search (the heuristic bot modelling the rivals' bids)
    decides alike whatever a rival has already bid and whatever the decks' order: neither
    reaches the search or its model."""

    def auction(first: Bid | Pass, deck_seed: int) -> GoldfixState:
        state = new(3)
        at_move(state, 0, 3, (1, 6))
        state.apply(0, Move(1))
        assert state.phase == BID
        state.apply(0, first)
        random.Random(deck_seed).shuffle(state.lease_deck.cards)
        random.Random(deck_seed).shuffle(state.risk_deck.cards)
        return state

    high, low = auction(Bid(90), 1), auction(Pass(), 2)
    assert high.lease_deck.cards != low.lease_deck.cards
    assert high.observe(1) == low.observe(1)
    assert_search_blind(GAME, "mcts:iters=30", 4, 1, (high, low), opp="heuristic")
