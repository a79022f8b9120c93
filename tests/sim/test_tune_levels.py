"""bench/tune_levels.py: the search space, a trial's games and the written levels.toml
(Gonza, searches of 8 iterations, 2 games a trial)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import optuna
import pytest
from bench import tune_levels
from bench.tune_levels import SPACE, Param, Tuning, tune

from motherlode.agents import levels
from motherlode.engine import BadOptions, get_game
from motherlode.sim.arena import run_arena

TINY = ["--games", "2", "--iters", "8", "--seed", "3"]


def test_the_space_is_the_issues() -> None:
    wanted = {
        "c": Param(0.2, 1.6, log=True),
        "cutoff": Param(4, 60, log=True, integer=True),
        "bias": Param(0, 4),
        "widen": Param(2, 32, log=True, integer=True),
        "win": Param(0.4, 1.0),
        "top": Param(0, 16, integer=True),
    }
    assert dict(SPACE) == wanted
    assert "c [0.2, 1.6] log; cutoff [4, 60] int, log" in tune_levels.describe_space(SPACE)


def test_the_space_fits_the_level(data_folder: Path) -> None:
    gonza = Tuning.make("gonza", "strong", games=2, iters=8)
    assert list(gonza.space) == list(SPACE)
    _, today = levels.expand("strong", {}, get_game("gonza"))
    # the game's settings, and the search's defaults where the game has none
    assert gonza.baseline() == {
        "c": 0.7,
        "cutoff": today["cutoff"],
        "bias": 1.0,
        "widen": 16,
        "win": 0.8,
        "top": 0,
    }
    assert "rollout" not in gonza.spec(gonza.baseline())  # Gonza rolls out at random
    carcassonne = Tuning.make("carcassonne", "strong", games=2)
    assert "top" in carcassonne.space  # its heuristic ranks the placements
    yukon = Tuning.make("yukon", "strong", games=2)
    assert "top" not in yukon.space and any("does not rank" in n for n in yukon.notes)
    assert "bias" not in carcassonne.space and carcassonne.notes  # no prior bot to favour
    assert carcassonne.spec({"c": 0.5}) == "strong:c=0.5"
    goldfix = Tuning.make("goldfix", "expert", games=2, ms=250, space=["c", "win"])
    assert goldfix.players == 3 and list(goldfix.space) == ["c", "win"]
    assert goldfix.spec({"c": 0.5, "win": 0.9}) == "expert:ms=250,c=0.5,win=0.9"
    for bad in ({"space": ["rollout"]}, {"ms": 1, "iters": 1}, {"players": 1}):
        with pytest.raises(BadOptions):
            Tuning.make("gonza", "strong", games=2, **bad)
    with pytest.raises(BadOptions):
        Tuning.make("gonza", "casual", games=2)


def test_a_trial_plays_the_level_against_casual_and_replays(data_folder: Path) -> None:
    lines: list[str] = []
    tuning = Tuning.make("gonza", "strong", games=2, iters=8, seed=3, report=lines.append)
    study = tune(tuning, trials=2)
    first, second = study.trials
    assert first.params == tuning.baseline() and first.user_attrs["baseline"]
    assert len(lines) == 2 and lines[0].endswith("(today)")
    result = tune_levels.Result.of(second)
    assert result.games == 2 and result.fair_share == 0.5
    assert second.value == result.win_rate
    assert f"c={result.params['c']!r}," in result.spec
    assert result.spec.startswith("mcts:") and "iters=8" in result.spec and "ms=" not in result.spec
    lo, hi = result.interval
    assert lo <= result.win_rate <= hi
    again = run_arena("gonza", [result.spec, "casual"], 2, players=2, seed=result.seed)
    assert again.summaries()[0].wins == result.wins


def test_a_stored_study_resumes_and_the_best_is_written(data_folder: Path) -> None:
    levels_toml = data_folder / "levels.toml"
    levels_toml.write_text("[ratings]\nstrong = {mu = 30.0}\n\n[strong]\nms = 280\n")
    storage = f"sqlite:///{data_folder / 'tune.db'}"
    args = ["gonza", "--level", "strong", *TINY, "--storage", storage]
    assert tune_levels.main([*args, "--trials", "1"]) == 0
    assert tune_levels.main([*args, "--trials", "2", "--space", "c"]) == 2  # other settings
    assert tune_levels.main([*args, "--trials", "2", "--write"]) == 0
    study = optuna.load_study(study_name="gonza-strong-2p", storage=storage)
    assert [t.number for t in study.trials] == [0, 1]  # trial 0 was not played twice
    best = max(study.trials, key=lambda t: (t.value, -t.number))
    with open(levels_toml, "rb") as f:
        data = tomllib.load(f)
    assert data["ratings"] == {"strong": {"mu": 30.0}}
    played = tune_levels.Result.of(best).params  # floats rounded to 3 decimals
    assert played.keys() == best.params.keys()
    assert all(
        round(v, 3) == v == pytest.approx(best.params[k], abs=5e-4) for k, v in played.items()
    )
    assert data["strong"] == {"ms": 280, **played}
    text = levels_toml.read_text()
    assert "# [strong] tuned by Optuna TPE against casual: python bench/tune_levels.py" in text
    assert "2 trials of 2 games each, 2 players, iters=8" in text
    assert "c [0.2, 1.6] log" in text and f"best: trial {best.number}, win rate" in text
    assert levels.expand("strong", {}, get_game("gonza"))[1]["cutoff"] == best.params["cutoff"]


def test_same_deals_and_ranges(data_folder: Path) -> None:
    """``--same-deals``: every trial plays trial 0's deals and bot seeds; ``--range`` moves a
    parameter's range (evenly sampled from 0), and bad ranges are refused."""
    tuning = Tuning.make(
        "gonza",
        "strong",
        games=2,
        iters=8,
        seed=3,
        space=["c", "cutoff"],
        ranges={"cutoff": (0, 12)},
        same_deals=True,
        report=lambda line: None,
    )
    assert tuning.space["cutoff"] == Param(0, 12, log=False, integer=True)
    assert tuning.space["c"] == SPACE["c"]
    assert tuning.settings()["deals"] == "same"
    assert "deals" not in Tuning.make("gonza", "strong", games=2, iters=8).settings()
    with pytest.warns(UserWarning, match="out of range"):  # today's 40, outside 0-12
        study = tune(tuning, trials=3)
    seeds = {t.user_attrs["seed"] for t in study.trials}
    assert seeds == {tune_levels.trial_seed(3, 0)}
    assert study.trials[0].user_attrs["baseline"]  # today's cut-off, which may lie outside
    assert all(0 <= t.params["cutoff"] <= 12 for t in study.trials[1:])
    fresh = tune(Tuning.make("gonza", "strong", games=2, iters=8, seed=3, space=["c"]), trials=2)
    assert len({t.user_attrs["seed"] for t in fresh.trials}) == 2
    assert tune_levels.ranged(SPACE["cutoff"], "cutoff", (2, 30)).log  # above 0: still log
    assert tune_levels.parse_ranges(["cutoff=1:30", "c=0.1:2"]) == {
        "cutoff": (1, 30),
        "c": (0.1, 2),
    }
    for bad in (
        {"cutoff": (5, 5)},  # empty
        {"cutoff": (1.5, 9)},  # not whole
        {"cutoff": (-1, 9)},  # below 0
        {"win": (0.5, 1.2)},  # a share above 1
        {"widen": (2, 9)},  # not tuned
    ):
        with pytest.raises(BadOptions):
            Tuning.make(
                "gonza", "strong", games=2, iters=8, space=["c", "cutoff", "win"], ranges=bad
            )
    for text in ("cutoff", "cutoff=1", "cutoff=a:b"):
        with pytest.raises(BadOptions, match="NAME=LOW:HIGH"):
            tune_levels.parse_ranges([text])
    assert tune_levels.main(["gonza", *TINY, "--trials", "1", "--range", "cutoff=9"]) == 2
