"""Balance studies: the grid, the figures against a hand count, comparisons, the probes."""

from __future__ import annotations

import math
import random
import re

import pytest

from motherlode.agents.specs import make_agent, parse_spec
from motherlode.engine import BadOptions, get_game
from motherlode.sim.backends import LocalBackend
from motherlode.sim.figures import key_figures, probe_for
from motherlode.sim.stats import chi_square_sf, chi_square_uniform, holm, two_proportions
from motherlode.sim.study import (
    Cell,
    GameRow,
    Plan,
    Study,
    parse_players,
    parse_seating,
    parse_vary,
    plan_study,
    play_study_game,
    run_study,
    summarise,
)
from motherlode.table import Seat, Table


@pytest.fixture(scope="module")
def small() -> Study:
    """Sealed Nuggets, 2 and 3 players x rounds 2 and 4, random bots, 6 games a cell."""
    plan = plan_study("nuggets", vary={"rounds": ["2", "4"]}, players=[2, 3], games=6, seed=11)
    return run_study(plan)


# ------------------------------------------------------------------------ the grid


def test_the_grid_is_every_combination_in_order() -> None:
    plan = plan_study(
        "nuggets",
        vary={"rounds": ["1", "3"], "challenges": ["false", "true"]},
        players=[2, 4],
        seatings=[("random",), ("random", "mcts:iters=5")],
        games=3,
        options={"start_gold": "4"},
    )
    assert len(plan.cells) == 2 * 2 * 2 * 2 and plan.total == 48
    first, last = plan.cells[0], plan.cells[-1]
    assert first == Cell(0, 2, (("rounds", "1"), ("challenges", "false")), ("random",))
    assert last.players == 4 and last.bots == ("random", "mcts:iters=5")
    assert first.key == "players=2|rounds=1|challenges=false|bots=random"
    assert last.label == "4p rounds=3 challenges=true random+mcts:iters=5"
    assert plan.cell_options(last) == {"start_gold": "4", "rounds": "3", "challenges": "true"}


def test_the_default_grid_is_every_player_count_with_the_default_bot() -> None:
    plan = plan_study("nuggets", games=2)
    assert [c.players for c in plan.cells] == [2, 3, 4]
    assert {c.bots for c in plan.cells} == {("random",)}
    assert [c.bots for c in plan_study("gonza", players=[3]).cells] == [("heuristic",)]


@pytest.mark.parametrize(
    ("text", "counts"), [("3-5", [3, 4, 5]), ("4", [4]), ("2,4", [2, 4]), ("2-3,3", [2, 3])]
)
def test_players(text: str, counts: list[int]) -> None:
    assert parse_players(text, 2, 6) == counts


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_players("3-7", 3, 6), "the game is for 3-6 players, not 7"),
        (lambda: parse_players("x", 3, 6), "--players is a count or a range like 3-6"),
        (lambda: parse_players("5-3", 3, 6), "the range is empty"),
        (lambda: parse_vary(["rounds"]), "--vary is written option=value1,value2"),
        (lambda: parse_vary(["rounds=1", "rounds=2"]), "--vary rounds is given twice"),
        (lambda: parse_vary(["rounds=1,1"]), "a value is listed twice"),
        (lambda: parse_seating("+"), "--bots names bots joined by '+'"),
        (lambda: plan_study("nuggets", vary={"rounds": ["99"]}), "option rounds: 99"),
        (lambda: plan_study("nuggets", vary={"nosuch": ["1"]}), "unknown option(s) nosuch"),
        (
            lambda: plan_study("nuggets", vary={"rounds": ["2"]}, options={"rounds": "3"}),
            "option rounds is both fixed (--option) and varied (--vary)",
        ),
        (lambda: plan_study("nuggets", players=[5]), "is for 2-4 players, not 5"),
        (lambda: plan_study("nuggets", seatings=[("alien",)]), "unknown bot 'alien'"),
        (lambda: plan_study("nuggets", seatings=[("human",)]), "'human' cannot enter"),
        (lambda: plan_study("nuggets", games=0), "the number of games must be at least 1"),
        (
            lambda: plan_study(
                "goldfix", vary={"auction_level": ["B"]}, options={"tabletopia": "no-auctions"}
            ),
            "it cannot be combined with auction_level=B",
        ),
    ],
)
def test_bad_settings_are_refused_before_any_game(call: object, message: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(message)):
        call()  # type: ignore[operator]


def test_seating_specs_are_normalised() -> None:
    assert parse_seating("heuristic") == ("heuristic",)
    assert parse_seating("Random+mcts:iters=5,c=1.4") == ("random", "mcts:iters=5,c=1.4")


# ------------------------------------------------------- figures by a hand count


def test_every_figure_matches_a_hand_count(small: Study) -> None:
    """Each game is played again here, by hand, from its seeds; the summaries must count
    what these games show."""
    plan = small.plan
    for cell in plan.cells:
        rows = small.rows_of(cell)
        assert [r.index for r in rows] == list(range(6))
        wins = [0.0] * cell.players
        turns: list[int] = []
        for row in rows:
            game = get_game("nuggets")
            state = game.new_state(cell.players, row.seed, plan.cell_options(cell))
            seeder = random.Random(_bot_seed(plan, cell, row.index))
            seats = [
                Seat(
                    f"s{s}",
                    parse_spec("random"),
                    make_agent("random", game, seeder.getrandbits(63)),
                )
                for s in range(cell.players)
            ]
            count, owner = 1, state.pending()[0]
            table = Table(game, state, seats)
            while not state.is_over():
                seat = state.pending()[0]
                table.submit(seat, seats[seat].agent.act(state, seat))  # type: ignore[union-attr]
                if not state.is_over() and state.pending()[0] != owner:
                    count, owner = count + 1, state.pending()[0]
            assert state.scores() == row.scores and state.ranking() == row.ranking
            assert state.move_count == row.decisions
            turns.append(count)
            for s in state.ranking()[0]:
                wins[s] += 1 / len(state.ranking()[0])
        summary = small.summaries[cell.index]
        assert [r.wins for r in summary.seats] == pytest.approx(wins)
        assert [r.rate for r in summary.seats] == pytest.approx([w / 6 for w in wins])
        assert [r.turns for r in rows] == turns
        assert summary.turns.mean == pytest.approx(sum(turns) / 6)
        assert summary.rounds.mean == pytest.approx(sum(turns) / 6 / cell.players)
        assert summary.ends == {"the game's end": 6}


def _bot_seed(plan: Plan, cell: Cell, index: int) -> int:
    from motherlode.sim.arena import BOT_SEEDS
    from motherlode.sim.study import deal_key, study_seed

    return study_seed(plan.seed, deal_key(plan, cell), index) ^ BOT_SEEDS


def test_summary_of_known_games() -> None:
    """Four 3-player games written out; every figure worked out by hand."""
    cell = Cell(0, 3, (), ("random",))
    rows = [
        GameRow(0, 0, 1, (0, 0, 0), (10.0, 4.0, 7.0), ((0,), (2,), (1,)), 30, 9, 3.0, "x", (1.0,)),
        GameRow(0, 1, 2, (0, 0, 0), (9.0, 6.0, 2.0), ((0,), (1,), (2,)), 40, 12, 4.0, "x", (3.0,)),
        GameRow(0, 2, 3, (0, 0, 0), (1.0, 8.0, 5.0), ((1,), (2,), (0,)), 20, 6, 2.0, "y", (2.0,)),
        GameRow(0, 3, 4, (0, 0, 0), (5.0, 3.0, 5.0), ((0, 2), (1,)), 50, 15, 5.0, "x", (6.0,)),
    ]
    s = summarise(cell, rows, ["bars"])
    assert [r.wins for r in s.seats] == [2.5, 1.0, 0.5]
    assert s.seats[0].rate == 0.625
    # chi-square: expected 4/3 a seat; (1.1667² + 0.3333² + 0.8333²) / 1.3333 = 1.625
    assert s.chi_square == pytest.approx(1.625)
    assert s.chi_square_p == pytest.approx(math.exp(-1.625 / 2))  # 2 degrees of freedom
    assert [r.margin for r in rows] == [3.0, 3.0, 3.0, 2.0]
    assert s.margin.mean == 2.75 and s.margin.min == 2.0
    assert s.winner_scores.mean == pytest.approx((10 + 9 + 8 + 5) / 4)
    assert s.decisions.mean == 35 and s.decisions.median == 35
    assert s.turns.p25 == pytest.approx(8.25)  # 6, 9, 12, 15: linear interpolation
    assert s.rounds.max == 5.0
    assert s.ends == {"x": 3, "y": 1}
    assert s.figures["bars"].mean == 3.0
    assert s.scores.n == 12 and s.scores.mean == pytest.approx(65 / 12)
    assert [r.wins for r in s.dealt] == [2.5, 1.0, 0.5]


def test_seats_are_counted_from_the_first_player() -> None:
    """Gonza Index draws its first player: seat 1 of the figures is whoever moved first."""
    cell = Cell(0, 3, (), ("heuristic",))
    won = [(0, (2,)), (2, (2,)), (1, (0,)), (1, (1, 2))]  # (first seat, winners)
    rows = [
        GameRow(0, i, i, (0, 0, 0), (1.0, 1.0, 1.0), (w, (3 - sum(w),)), 9, 3, 1.0, "x", (), f)
        for i, (f, w) in enumerate(won)
    ]
    s = summarise(cell, rows, [])
    # turn positions of the winners: 2; 0; 2; 0 and 1 (half each)
    assert [r.wins for r in s.seats] == [1.5, 0.5, 2.0]
    assert [r.wins for r in s.dealt] == [1.0, 0.5, 2.5]


def test_gonza_reports_its_drawn_first_player() -> None:
    rows = [
        play_study_game("gonza", {}, ("heuristic",), 0, (i, 100 + i, i, (0, 0, 0)))
        for i in range(6)
    ]
    firsts = {r.first for r in rows}
    assert len(firsts) > 1
    for r in rows:
        assert r.first == get_game("gonza").new_state(3, r.seed, {}).first  # type: ignore[attr-defined]


def test_bots_in_a_mixed_seating_sit_every_seat_and_are_counted(small: Study) -> None:
    plan = plan_study("nuggets", players=[3], seatings=[("random", "mcts:iters=4")], games=6)
    study = run_study(plan)
    rows = study.rows
    seats = {(r.lineup[s], s) for r in rows for s in range(3)}
    assert seats == {(e, s) for e in (0, 1) for s in range(3)}
    bots = study.summaries[0].bots
    for e, bot in enumerate(bots):
        won = sum(sum(1 for s in r.winners if r.lineup[s] == e) / len(r.winners) for r in rows)
        assert bot.rate.wins == pytest.approx(won)
        assert bot.rate.games == 6
    assert sum(b.rate.wins for b in bots) == pytest.approx(6)
    assert [b.bot for b in bots] == ["random", "mcts:iters=4"]
    assert sum(b.fair_share for b in bots) == pytest.approx(1)
    # games of one rotation period share the deal
    assert rows[0].seed == rows[1].seed != rows[2].seed


def test_a_cell_plays_the_same_games_in_any_grid_and_pool(small: Study) -> None:
    alone = run_study(plan_study("nuggets", vary={"rounds": ["4"]}, players=[3], games=6, seed=11))
    cell = next(c for c in small.plan.cells if c.key == alone.plan.cells[0].key)
    assert [(r.seed, r.scores, r.turns) for r in small.rows_of(cell)] == [
        (r.seed, r.scores, r.turns) for r in alone.rows
    ]
    with LocalBackend(2) as pool:
        pooled = run_study(small.plan, backend=pool)
    assert pooled.rows == small.rows


def test_comparisons_pair_cells_differing_in_one_factor(small: Study) -> None:
    comparisons = small.comparisons
    pairs = {(c.a, c.b, c.factor) for c in comparisons}
    # cells: 0 = 2p r2, 1 = 2p r4, 2 = 3p r2, 3 = 3p r4
    assert pairs == {(0, 1, "rounds"), (2, 3, "rounds"), (0, 2, "players"), (1, 3, "players")}
    seat = [c for c in comparisons if c.metric == "first player win rate"]
    assert {(c.a, c.b) for c in seat} == {(0, 1), (2, 3)}  # not across player counts
    assert holm([c.p for c in comparisons]) == [c.p_holm for c in comparisons]
    turns = next(c for c in comparisons if (c.a, c.b, c.metric) == (0, 1, "mean turns"))
    assert turns.value_a == small.summaries[0].turns.mean
    assert turns.value_b == small.summaries[1].turns.mean


def test_holm_and_tests_by_hand() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    assert holm([]) == []
    diff, p = two_proportions(50, 100, 50, 100)
    assert diff == 0 and p == pytest.approx(1.0)
    diff, p = two_proportions(30, 100, 50, 100)  # z = 0.2 / sqrt(0.4 * 0.6 * 0.02) = 2.887
    assert diff == pytest.approx(0.2) and p == pytest.approx(0.00389, abs=1e-5)
    assert chi_square_uniform([10, 10, 10]) == (0.0, 1.0)
    assert chi_square_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_sf(7.814728, 3) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_sf(9.487729, 4) == pytest.approx(0.05, abs=1e-6)


def test_chi_square_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for df in range(1, 8):
        for x in (0.01, 0.7, 2.5, 9.0, 31.0):
            assert chi_square_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-15)


# ------------------------------------------------------------ the games' probes


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("gonza", 3, {"event_cards": "3"}),
        ("goodwill", 3, {"start_year": "1954"}),
        ("goldfix", 3, {}),
        ("carcassonne", 2, {}),
        ("yukon", 3, {}),
    ],
)
def test_each_game_reports_its_key_figures(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    row = play_study_game(game_id, options, ("heuristic",), 0, (0, 5, 6, (0,) * players))
    names = list(key_figures(game_id))
    assert len(row.figures) == len(names) >= 3
    figures = dict(zip(names, row.figures, strict=True))
    assert row.turns >= players and row.decisions >= row.turns
    if game_id == "gonza":
        assert figures["events"] == 3 and row.end == "all event cards activated"
        assert figures["winner_score"] == max(row.scores)
    elif game_id == "goodwill":
        assert row.turns == row.rounds == 4 and row.end == "the end of 1957"
    elif game_id == "goldfix":
        assert row.end in ("a winner reached the target cash", "every other player bankrupt")
        assert figures["circuits"] >= 1
    elif game_id == "carcassonne":
        points = sum(v for k, v in figures.items() if k.endswith("_points"))
        assert points == sum(row.scores)
    else:
        assert row.end in (
            "every claim staked",
            "only one team could still move",
            "no team could move",
        )
        assert figures["claims_staked"] >= 1 and figures["nuggets"] == sum(row.scores)


def test_the_generic_probe_for_other_games() -> None:
    probe = probe_for("nuggets")
    state = get_game("nuggets").new_state(2, 1, {})
    probe.start(state)
    assert probe.turns == 1 and probe.figures(state) == {} and key_figures("nuggets") == {}
