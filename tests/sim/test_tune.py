"""``motherlode tune``: the space, the objective's parts, paired deals, successive halving,
resuming a stored study and the report (Sealed Nuggets, random bots, a few games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from motherlode.cli import app
from motherlode.engine import BadOptions
from motherlode.sim.objectives import (
    bootstrap,
    fair_floor,
    fairness,
    ladder_share,
    paired_bootstrap,
    parse_objective,
)
from motherlode.sim.play import Chunk, GameRow, play_chunk
from motherlode.sim.tune import Dimension, Tuning, parse_search, tune
from motherlode.sim.tune_report import outcome, write_report

GAMES = 16
QUICK = {
    "search": ["start_gold", "rounds=2:6"],
    "players": 3,
    "games": GAMES,
    "min_games": 4,
    "seed": 3,
}


class Recorder:
    """Plays chunks as usual and keeps what each chunk was: its options and fixtures."""

    def __init__(self) -> None:
        self.chunks: list[tuple[dict[str, str], list[tuple[int, int, int, tuple[int, ...]]]]] = []

    def __call__(self, chunk: Chunk) -> list[GameRow]:
        self.chunks.append(
            (
                dict(chunk.match.options),
                [(f.number, f.seed, f.bot_seed, f.lineup) for f in chunk.games],
            )
        )
        return play_chunk(chunk)

    def games(self) -> int:
        return sum(len(fixtures) for _, fixtures in self.chunks)


def quick(recorder: Recorder | None = None, **more: object) -> Tuning:
    settings = {**QUICK, **more}
    tuning = Tuning.make("nuggets", **settings)  # type: ignore[arg-type]
    if recorder is not None:
        tuning.play = recorder
    return tuning


def row(index: int, seed: int, ranking: tuple[tuple[int, ...], ...], **more: object) -> GameRow:
    players = sum(len(g) for g in ranking)
    lineup = more.pop("lineup", (0,) * players)
    return GameRow(0, index, seed, lineup, (0.0,) * players, ranking, 10, **more)  # type: ignore[arg-type]


# ------------------------------------------------------------------------ the space


def test_the_space_takes_declared_ranges_or_given_ones() -> None:
    space = parse_search("nuggets", ["start_gold", "rounds=2:6"])
    assert space == (Dimension("start_gold", 1, 9, True), Dimension("rounds", 2, 6, True))
    assert Dimension("x", 0, 1, False).text(0.25) == "0.25"
    assert Dimension("x", 0, 1, False).round(0.123456) == 0.123


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["gold=1:3"], "unknown option(s) gold"),
        (["rounds=0:3"], "below the minimum 1"),
        (["rounds=1.5:3"], "give whole bounds"),
        (["challenges"], "only options holding one number"),
        (["rounds=3:3"], "low bound must be below"),
        (["rounds=3"], "key=low:high"),
        ([], "name at least one option"),
        (["rounds", "rounds=1:2"], "given twice"),
    ],
)
def test_a_bad_search_is_refused_before_any_game(items: list[str], message: str) -> None:
    with pytest.raises(BadOptions, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_search("nuggets", items)


def test_the_objective_is_a_weighted_mix_of_parts(tmp_path: Path) -> None:
    mix = parse_objective("nuggets", "fairness:1,length:0.5", bots=["random"], target_length=20)
    assert mix.weights == (("fairness", 1.0), ("length", 0.5))
    assert mix.length_unit == "moves"  # the fixture game's probe is the generic one
    assert mix.loss({"fairness": 0.1, "length": 30}) == pytest.approx(0.1 + 0.5 * 0.5)
    ladder = parse_objective("nuggets", "ladder", bots=["random", "random"])
    assert ladder.part_loss("ladder", 0.75) == 0.25
    for text, bots, message in [
        ("length", ["random"], "--target-length"),
        ("ladder", ["random"], "two bots"),
        ("fame", ["random"], "parts are"),
        ("fn", ["random"], "--objective-fn"),
        ("fairness:0", ["random"], "above 0"),
    ]:
        with pytest.raises(BadOptions, match=message):
            parse_objective("nuggets", text, bots=bots)
    mine = tmp_path / "mine.py"
    mine.write_text("def shortest(rows):\n    return sum(r.moves for r in rows) / len(rows)\n")
    own = parse_objective("nuggets", None, bots=["random"], fn=f"{mine}:shortest")
    assert own.parts == ["fn"]
    assert own.values([row(0, 1, ((0,), (1,))), row(1, 2, ((1,), (0,)))]) == {"fn": 10.0}
    with pytest.raises(BadOptions, match="no function nothing"):
        parse_objective("nuggets", None, bots=["random"], fn=f"{mine}:nothing")


def test_fairness_and_ladder_against_a_hand_count() -> None:
    # three games of three: seat 1 wins twice, seats 2 and 3 share the third
    rows = [
        row(0, 1, ((0,), (1,), (2,))),
        row(1, 2, ((0,), (2,), (1,))),
        row(2, 3, ((1, 2), (0,))),
    ]
    assert fairness(rows) == pytest.approx(2 / 3 - 1 / 3)
    # the first seat's turn comes first wherever the probe says play began
    moved = [row(0, 1, ((1,), (0,), (2,)), first=1)]
    assert fairness(moved) == pytest.approx(1 - 1 / 3)
    two = [
        row(0, 1, ((0,), (1,)), lineup=(0, 1)),
        row(1, 1, ((0,), (1,)), lineup=(1, 0)),
        row(2, 2, ((0, 1),), lineup=(0, 1)),
    ]
    assert ladder_share(two) == pytest.approx((1 + 0 + 0.5) / 3)
    bounds = bootstrap(rows, {"fairness": fairness}, seed=1)["fairness"]
    assert 0 <= bounds[0] <= bounds[1] <= 2 / 3 + 1e-9
    same = paired_bootstrap(rows, rows, {"fairness": fairness}, seed=1)["fairness"]
    assert same == (0.0, 0.0)
    # a fair table's reading shrinks like 1/sqrt(games): about 2.7 points at 500 of six
    assert fair_floor(6, 2000) < fair_floor(6, 500) < fair_floor(6, 100)
    assert 0.02 < fair_floor(6, 500) < 0.035


# ---------------------------------------------------------------------- the games


def test_every_candidate_plays_the_same_deals_and_the_recheck_fresh_ones() -> None:
    recorder = Recorder()
    tuning = quick(recorder)
    study = tune(tuning, 3)
    by_index: dict[int, set[tuple[int, int, tuple[int, ...]]]] = {}
    settings = set()
    for options, fixtures in recorder.chunks:
        settings.add(tuple(sorted(options.items())))
        for number, seed, bot_seed, lineup in fixtures:
            by_index.setdefault(number, set()).add((seed, bot_seed, lineup))
    assert len(settings) >= 2  # several candidates...
    assert all(len(kinds) == 1 for kinds in by_index.values())  # ...game i the same in each
    first = {number: kinds.pop() for number, kinds in by_index.items()}
    recorder.chunks.clear()
    result = outcome(tuning, study, 6)
    assert result.recheck is not None and result.recheck.games == 6
    played: dict[tuple[tuple[str, str], ...], set[tuple[int, int, int, tuple[int, ...]]]] = {}
    for options, fixtures in recorder.chunks:
        played.setdefault(tuple(sorted(options.items())), set()).update(fixtures)
    assert len(played) == (1 if result.recheck.same else 2)
    games = list(played.values())
    assert all(g == games[0] for g in games)  # defaults and best: the same fresh deals
    assert {f[0] for f in games[0]} == set(range(6))
    assert all(seed != first[number][0] for number, seed, _, _ in games[0])


def test_promising_candidates_play_more_games() -> None:
    tuning = quick(games=16, min_games=2)
    result = outcome(tuning, tune(tuning, 6), 0)
    games: dict[str, set[int]] = {t.state: set() for t in result.trials}
    for t in result.trials:
        games[t.state].add(t.games)
    assert games["complete"] == {16}
    assert games.get("pruned") and max(games["pruned"]) < 16
    assert tuning.steps == [2, 4, 8, 16]
    assert result.trials[0].baseline and result.trials[0].values == {"start_gold": 6, "rounds": 5}


def test_a_stored_study_goes_on_where_it_stopped(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tune.db'}"
    first = Recorder()
    before = tune(quick(first), 2, url)
    done = [(t.number, t.params, t.value) for t in before.trials]
    assert len(done) == 2
    again = Recorder()
    after = tune(quick(again), 3, url)
    assert [(t.number, t.params, t.value) for t in after.trials][:2] == done
    assert len(after.trials) == 3
    assert again.games() <= GAMES  # only the new trial played
    with pytest.raises(BadOptions, match="other settings"):
        tune(quick(seed=4), 4, url)


def test_the_report(tmp_path: Path) -> None:
    tuning = quick()
    result = outcome(tuning, tune(tuning, 3), 8, "motherlode tune nuggets ...")
    written = write_report(result, tmp_path)
    data = json.loads((tmp_path / "tune.json").read_text())
    best = data["best"]
    assert best["trial"] == result.best.number
    assert set(best["measured"]["intervals"]) == {"fairness", "objective"}
    low, high = best["measured"]["intervals"]["fairness"]
    assert low <= best["measured"]["values"]["fairness"] <= high
    assert data["recheck"]["games"] == 8 and data["recheck"]["fresh_seeds"]
    assert {"fairness", "objective", "seat 1", "seat 3"} <= set(data["recheck"]["differences"])
    assert len(data["trials"]) == 3 and data["settings"]["steps"] == tuning.steps
    text = written.read_text()
    for heading in ("## The best setting", "## Re-check on fresh deals", "## Trade-offs"):
        assert heading in text
    assert "motherlode tune nuggets" in text and "Noise floor" in text


def test_the_command(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["tune", "nuggets", "--search", "start_gold=2:8", "-p", "2", "-n", "8"]
    args += ["--min-games", "4", "--trials", "2", "--recheck", "4", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Best: trial" in result.output and "Re-checked on 4 fresh deals" in result.output
    assert (tmp_path / "report.md").is_file() and (tmp_path / "tune.db").is_file()
    again = runner.invoke(app, [*args[:-1], str(tmp_path), "--trials", "3"])
    assert again.exit_code == 0, again.output
    assert again.output.count("trial   0") == 1 and "trial   2" in again.output
    changed = runner.invoke(app, [*args, "--seed", "9"])
    assert changed.exit_code == 2 and "other settings" in changed.output
