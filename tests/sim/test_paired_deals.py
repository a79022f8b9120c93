"""Paired cells: every cell of a study plays the same deals, so that its comparisons are
paired; every difference has a 95% interval and the effect its sample could detect."""

from __future__ import annotations

import math

import pytest

from motherlode.sim.differences import (
    PAIRED,
    PROPORTIONS,
    WELCH,
    difference,
    paired,
    pairs,
    seat_detectable,
    welch,
)
from motherlode.sim.play import GameRow
from motherlode.sim.stats import (
    Z80,
    Z95,
    detectable,
    format_p,
    newcombe_interval,
    t_critical,
    t_two_sided,
)
from motherlode.sim.study import Study, deal_key, plan_study, run_study, study_seed


@pytest.fixture(scope="module")
def twins() -> Study:
    """Two cells that are the same game: rounds at its default (an empty value) and rounds=5
    (the default), and a third that differs; 3 players, 8 games a cell."""
    plan = plan_study("nuggets", vary={"rounds": ["", "5", "2"]}, players=[3], games=8, seed=4)
    return run_study(plan)


def test_two_identical_cells_play_identical_games(twins: Study) -> None:
    default, five, _ = twins.plan.cells
    assert default.label == "3p rounds=(default) random" and five.label == "3p rounds=5 random"
    a, b = twins.rows_of(default), twins.rows_of(five)
    assert len(a) == 8 and [r.index for r in a] == list(range(8))
    # the same rows, but for the cell they belong to
    assert [(r.seed, r.bot_seed, r.scores, r.ranking, r.decisions, r.turns) for r in a] == [
        (r.seed, r.bot_seed, r.scores, r.ranking, r.decisions, r.turns) for r in b
    ]
    assert [r.__class__(**{**r.__dict__, "cell": 0}) for r in b] == a


def test_their_paired_difference_is_exactly_zero(twins: Study) -> None:
    found = [c for c in twins.comparisons if (c.a, c.b) == (0, 1)]
    assert {c.metric for c in found} >= {"first player win rate", "mean margin", "mean turns"}
    for c in found:
        assert c.method == PAIRED
        assert c.difference == 0 and c.low == 0 and c.high == 0 and c.p == 1
    effect = [m for m in twins.main_effects if m.value == "5"]
    assert effect and all(m.difference.estimate == 0 and m.difference.p == 1 for m in effect)


def test_every_cell_shares_the_deals_and_the_bots_seeds(twins: Study) -> None:
    seeds = {tuple((r.seed, r.bot_seed) for r in twins.rows_of(c)) for c in twins.plan.cells}
    assert len(seeds) == 1
    cell = twins.plan.cells[2]
    assert twins.rows_of(cell)[3].seed == study_seed(4, deal_key(twins.plan, cell), 3)
    # different rules, same deals: the comparison with rounds=2 is paired too
    shorter = [c for c in twins.comparisons if (c.a, c.b) == (0, 2)]
    assert shorter and {c.method for c in shorter} == {PAIRED}
    turns = next(c for c in shorter if c.metric == "mean turns")
    assert turns.high < 0 and turns.p < 0.001  # 5 rounds to 2: shorter, surely


def test_independent_deals_are_the_studies_made_before_pairing() -> None:
    plan = plan_study(
        "nuggets", vary={"rounds": ["2", "3"]}, players=[2], games=3, seed=1, deals="independent"
    )
    study = run_study(plan)
    for cell in plan.cells:
        assert [r.seed for r in study.rows_of(cell)] == [
            study_seed(1, cell.key, i) for i in range(3)
        ]
    assert {c.method for c in study.comparisons} <= {WELCH, PROPORTIONS}


def _row(index: int, seed: int, turns: int) -> GameRow:
    return GameRow(0, index, seed, (0, 0), (1.0, 0.0), ((0,), (1,)), 10, turns)


def test_pairing_sees_what_welch_misses() -> None:
    """Long and short games alike, each a turn longer in b: paired, the difference is sure;
    unpaired, it drowns in the spread of the games."""
    lengths = [10, 40, 15, 60, 25, 35, 50, 20]
    a = [_row(i, 100 + i, t) for i, t in enumerate(lengths)]
    b = [_row(i, 100 + i, t + 1 + (i % 2)) for i, t in enumerate(lengths)]
    read = lambda r: float(r.turns)  # noqa: E731
    together = difference(a, b, read)
    assert together.method == PAIRED and together.estimate == 1.5
    assert together.low > 1 and together.high < 2 and together.p < 1e-3  # t = 7.9, 7 df
    apart = welch([read(r) for r in a], [read(r) for r in b])
    assert apart.p > 0.8 and apart.low < -10 and apart.mde > 10 * together.mde
    # other seeds: nothing pairs, Welch's test
    moved = [_row(i, 999 + i, r.turns) for i, r in enumerate(b)]
    assert pairs(a, moved) == [] and difference(a, moved, read) == apart


def test_paired_t_by_hand() -> None:
    d = paired([1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 3.0, 7.0])  # differences 1, 2, 0, 3
    se = math.sqrt(1.6666666666666667 / 4)  # sd² of the differences, 5/3
    assert d.estimate == 1.5 and d.n == 4
    assert d.low == pytest.approx(1.5 - 3.182446 * se, abs=1e-5)
    assert d.p == pytest.approx(t_two_sided(1.5 / se, 3))
    assert paired([1.0], [2.0]).low != paired([1.0], [2.0]).low  # NaN: too few games


def test_intervals_and_p_values_agree_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for df in (1, 2, 4.5, 12, 99, 4000):
        for t in (0.0, 0.4, 1.96, 3.0, 9.0, 50.0):
            assert t_two_sided(t, df) == pytest.approx(2 * stats.t.sf(t, df), rel=1e-9, abs=1e-300)
        assert t_critical(0.05, df) == pytest.approx(stats.t.ppf(0.975, df), rel=1e-9)
    a, b = [3.0, 5.0, 4.0, 6.0, 9.0], [7.0, 8.0, 6.0, 9.0, 12.0, 10.0]
    ours, theirs = welch(a, b), stats.ttest_ind(b, a, equal_var=False)
    assert ours.p == pytest.approx(theirs.pvalue, rel=1e-9)


def test_newcombe_interval_of_newcombes_example() -> None:
    """Newcombe (1998), example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339."""
    low, high = newcombe_interval(48, 80, 56, 70)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_p_values_never_print_as_zero() -> None:
    assert format_p(0.0) == "p < 1e-12"
    assert format_p(3e-13) == "p < 1e-12"
    assert format_p(0.04321) == "p 0.043"
    assert format_p(1.0) == "p 1"
    assert 0 < t_two_sided(30.0, 500) < 1e-100  # the tail is computed, not rounded to 0


def test_minimum_detectable_effects() -> None:
    assert detectable(1.0) == pytest.approx(Z95 + Z80) == pytest.approx(2.8016, abs=1e-4)
    assert detectable(1.0, 10) > detectable(1.0)  # fewer degrees of freedom, more needed
    # a seat at 4 players, 100 games: 2.8 * sqrt(0.25 * 0.75 / 100) = 12.1 points
    assert seat_detectable(4, 100) == pytest.approx(0.1213, abs=1e-4)
    assert seat_detectable(4, 400) == pytest.approx(seat_detectable(4, 100) / 2)


def test_main_effects_pool_the_pairs_of_cells() -> None:
    plan = plan_study("nuggets", vary={"rounds": ["2", "4"]}, players=[2, 3], games=6, seed=3)
    study = run_study(plan)
    rounds = [m for m in study.main_effects if m.factor == "rounds"]
    turns = next(m for m in rounds if m.metric == "mean turns")
    assert turns.cells == 2 and turns.difference.n == 12 and turns.difference.method == PAIRED
    by_hand = [
        float(y.turns - x.turns)
        for a, b in ((0, 1), (2, 3))
        for x, y in zip(study.rows_of(plan.cells[a]), study.rows_of(plan.cells[b]), strict=True)
    ]
    assert turns.difference.estimate == pytest.approx(sum(by_hand) / 12)
    players = [m for m in study.main_effects if m.factor == "players"]
    assert players[0].metric == "first player win rate − fair share"
    data = study.to_json()["main_effects"]
    assert len(data) == len(study.main_effects) and "ci95_low" in data[0]
