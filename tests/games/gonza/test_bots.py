"""The game's bots: registered by spec name, playing whole games, through the table."""

import itertools
import random
from pathlib import Path

import pytest

from motherlode.agents import RandomAgent, make_agent
from motherlode.agents.judge import load_weights
from motherlode.games.gonza import bots
from motherlode.games.gonza.bots import (
    HOLDINGS,
    JUDGE_FILE,
    HeuristicBot,
    JudgeBot,
    MinisterBot,
    holdings,
    left,
    worth,
)
from motherlode.games.gonza.rules import GonzaState
from motherlode.sim import simulate
from motherlode.table import Table
from tests.agents.blind import assert_judge_blind
from tests.agents.judges import assert_search_plays_with, judge_with_bad_weights
from tests.games.gonza.helpers import GAME, conserved


def test_bots_are_registered_by_spec_name() -> None:
    assert set(GAME.bots) == {"minister", "heuristic", "judge"}
    assert isinstance(make_agent("judge", GAME, seed=1), JudgeBot)
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


# ------------------------------------------------------------------ the fitted judge


def _two_seat_market() -> GonzaState:
    """A 2-player game with a hand-set market: seat 0 holds 2 credits alone on the first
    corporation, both hold the second (seat 1 more), seat 1 bids on the first broker card."""
    state = GAME.new_state(2, 11)
    assert isinstance(state, GonzaState)
    state.placed = [0] * len(state.placed)
    state.total = [0] * len(state.total)
    for corp, seat, k in ((0, 0, 2), (1, 0, 1), (1, 1, 3)):
        state.placed[corp * 2 + seat] = k
        state.total[corp] += k
    state.bids = [0] * len(state.bids)
    state.bids[0 * 2 + 1] = 2
    state.personal = [4, 1]
    state.supply = [9, 12]
    state.hands = [[], []]
    return state


def test_judge_holdings_count_what_each_seat_has() -> None:
    state = _two_seat_market()
    rows = holdings(state)
    assert len(rows) == 2 and all(len(row) == len(HOLDINGS) for row in rows)
    named = [dict(zip(HOLDINGS, row, strict=True)) for row in rows]
    v0, v1 = state.value(0), state.value(1)
    assert named[0]["points"] == state.score(0) == 4 + 2 * v0 + v1
    assert named[0]["credits in hand"] == 4 and named[1]["credits to earn"] == 12
    assert named[0]["stock value"] == 2 * v0 + v1 and named[1]["stock value"] == 3 * v1
    assert named[0]["credits placed"] == 3 and named[1]["credits placed"] == 3
    assert named[0]["stock held alone"] == 2 * v0 and named[1]["stock held alone"] == 0
    assert named[0]["stock others lead"] == v1 and named[1]["stock others lead"] == 0
    track, pos = state.corps[0].track, state.pos[0]
    up = track[min(pos + 1, len(track) - 1)] - track[pos]
    assert named[0]["stock step up"] == 2 * up + (state.corps[1].track[state.pos[1] + 1] - v1)
    assert named[1]["bids"] == 2 and named[1]["bids leading"] == 2
    assert named[0]["bids"] == 0 and named[0]["leading card worth"] == 0
    active = state.active
    assert named[active]["to move"] == 1 and named[1 - active]["to move"] == 0
    assert named[active]["dice to use"] == state.dice_left > 0
    assert left(state) == 1.0


def test_judge_share_left_falls_to_nothing_by_the_final_round() -> None:
    state = GAME.new_state(2, 4)
    assert isinstance(state, GonzaState)
    agents = [HeuristicBot(seed=1), HeuristicBot(seed=2)]
    seen = [left(state)]
    while not state.is_over():
        (seat,) = state.pending()
        state.apply(seat, agents[seat].act(state, seat))
        seen.append(left(state))
        if state.final:
            assert seen[-1] == 0.0
    assert seen[0] == 1.0 and seen[-1] == 0.0
    assert all(b <= a for a, b in itertools.pairwise(seen))


def test_judge_reads_nothing_a_seat_cannot_see() -> None:
    """The unseen order of the event and broker decks is re-drawn in every world a seat may
    imagine; the judge's holdings and values are the same in all of them."""
    assert assert_judge_blind(GAME, 2, 8, 0.1) > 5
    assert assert_judge_blind(GAME, 3, 9, 0.05) > 5


def test_judge_plays_to_the_end_and_values_a_finished_game_by_its_scores() -> None:
    state = GAME.new_state(2, 3)
    assert isinstance(state, GonzaState)
    judge = JudgeBot(seed=3)
    agents = [judge, HeuristicBot(seed=3)]
    while not state.is_over():
        (seat,) = state.pending()
        action = agents[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert judge.evaluate_seats(state) == [float(state.score(s)) for s in range(2)]
    assert conserved(state)


def test_judge_is_the_search_judgement_where_asked() -> None:
    assert_search_plays_with(GAME, "expert:iters=8,eval=judge", 2)


def test_judge_ships_weights_for_every_holding() -> None:
    shipped = load_weights(JUDGE_FILE, HOLDINGS)
    assert len(shipped) == len(HOLDINGS) - 1 and any(any(w) for w in shipped)


def test_judge_without_its_weights_judges_as_the_heuristic_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    text = '[weights]\n"bids" = [1, 2]\n'
    judge = judge_with_bad_weights(bots, text, "Gonza Index", tmp_path, monkeypatch, caplog)
    assert isinstance(judge, JudgeBot)
    state = _two_seat_market()
    assert judge.evaluate_seats(state) == [worth(state, 0), worth(state, 1)]
    assert judge.evaluate(state, 1) == HeuristicBot(seed=1).evaluate(state, 1)
