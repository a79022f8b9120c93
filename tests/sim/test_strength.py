"""bench/strength.py, the skill ladder: its matrix, its verdict and its levels.toml."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from bench import strength
from bench.strength import judge, matrix, replace_ratings, run_ladder, write_ratings

from motherlode.agents import levels
from motherlode.engine import get_game
from motherlode.sim.arena import Arena, HeadToHead

BOTS = ["random", "casual", "mcts:iters=4"]


@pytest.fixture(scope="module")
def ladder() -> Arena:
    """Gonza at its smallest table (2 players): 12 games, two full periods of 6."""
    return run_ladder("gonza", BOTS, 12, seed=1)


# ------------------------------------------------------------------------ matrix


def test_the_ladder_plays_at_the_games_smallest_table(ladder: Arena) -> None:
    assert ladder.players == 2 == strength.ladder_players(get_game("gonza"))
    assert strength.ladder_players(get_game("goldfix")) == 3
    assert ladder.bots == BOTS and len(ladder.results) == 12


def test_the_matrix_is_complete_and_each_pairs_shares_add_to_one(ladder: Arena) -> None:
    cells = matrix(ladder)
    k = len(BOTS)
    assert set(cells) == {(a, b) for a in range(k) for b in range(k) if a != b}
    for (a, b), h in cells.items():
        back = cells[b, a]
        assert h.games == back.games == 4  # 2 seatings of the pair in each period of 6
        assert h.wins + back.wins == pytest.approx(h.games)
        assert h.rate + back.rate == pytest.approx(1.0)
        lo, hi = h.interval
        assert 0.0 <= lo <= h.rate <= hi <= 1.0


def test_the_report_shows_the_arenas_numbers_and_each_bots_time(ladder: Arena) -> None:
    text = strength.report_text(ladder)
    for s in ladder.summaries():
        assert f"{s.rating.mu:.1f} ± {s.rating.sigma:.1f}" in text
    assert "Verdict: " in text
    thinking = ladder.thinking()
    assert [t.games for t in thinking] == [s.games for s in ladder.summaries()]
    assert all(t.seconds > 0 and t.decisions > 0 for t in thinking)
    moves = sum(g.moves for g in ladder.results)
    # every move in gonza is some seat's decision, so the bots' decisions are the moves
    assert sum(t.decisions for t in thinking) == moves
    markdown = strength.report_markdown(ladder, "python bench/strength.py gonza")
    assert "| **casual** |" in markdown and "**Verdict:**" in markdown


def test_timings_stay_out_of_the_arenas_own_json(ladder: Arena) -> None:
    assert "think_s" not in ladder.to_json()["games"][0]
    data = strength.to_json(ladder, "cmd")
    assert len(data["games"][0]["think_s"]) == 2
    assert data["ladder"]["verdict"] == judge(BOTS, matrix(ladder), 2).line()
    assert [t["bot"] for t in data["thinking"]] == BOTS


def test_a_saved_run_is_laid_out_again_without_playing(
    ladder: Arena, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--from: the saved JSON gives back the same games, figures and report."""
    saved = tmp_path / "ladder.json"
    saved.write_text(json.dumps(strength.to_json(ladder, "the command")))
    again = Arena.from_json(json.loads(saved.read_text()))
    assert again.results == ladder.results
    assert again.to_json() == ladder.to_json()
    assert [t.to_json() for t in again.thinking()] == [t.to_json() for t in ladder.thinking()]
    assert strength.main(["gonza", "--from", str(saved)]) == 0
    assert strength.report_text(ladder) in capsys.readouterr().out
    assert strength.main(["yukon", "--from", str(saved)]) == 2  # not a ladder of that game


def test_chunks_of_one_seed_pool_into_the_whole_run(
    ladder: Arena, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--first: a long ladder played piece by piece (and resumed where it stopped) is the
    same games as one run; a chunk given twice is refused."""
    paths = []
    for first in (0, 6):
        path = tmp_path / f"chunk-{first}.json"
        args = ["gonza", "--bots", *BOTS, "-n", "6", "--seed", "1", "--first", str(first)]
        assert strength.main([*args, "--out", str(path)]) == 0
        paths.append(path)
    pooled = strength.pooled([json.loads(p.read_text()) for p in paths])
    whole = Arena.from_json(pooled)
    assert [(g.seed, g.lineup, g.scores, g.ranking) for g in whole.results] == [
        (g.seed, g.lineup, g.scores, g.ranking) for g in ladder.results
    ]
    capsys.readouterr()
    assert strength.main(["gonza", "--from", *map(str, paths)]) == 0
    assert strength.report_text(ladder).splitlines()[0] in capsys.readouterr().out
    # the pool's own command is what a report (and --write-ratings) records
    assert strength.main(["gonza", "--from", *map(str, paths), "--markdown"]) == 0
    said = capsys.readouterr().out
    assert (
        "--first 0" in said
        and f"2 runs pooled: python bench/strength.py gonza --from {paths[0]}" in said
    )
    assert strength.main(["gonza", "--from", str(paths[0]), str(paths[0])]) == 2
    assert strength.main(["gonza", "--bots", *BOTS, "-n", "1", "--first", "-1"]) == 2


# ----------------------------------------------------------------------- verdict


def cells(*pairs: tuple[int, int, float, int]) -> dict[tuple[int, int], HeadToHead]:
    """A hand-made matrix: (upper, lower, upper's wins, games) and its mirror."""
    out = {}
    for a, b, wins, games in pairs:
        out[a, b] = HeadToHead(a, b, wins, games)
        out[b, a] = HeadToHead(b, a, games - wins, games)
    return out


NAMES = ["random", "casual", "strong"]


def test_a_clear_ladder_is_ordered_and_sure() -> None:
    verdict = judge(NAMES, cells((1, 0, 90, 100), (2, 1, 70, 100), (2, 0, 99, 100)), 2)
    assert verdict.ordered and verdict.sure is True
    assert verdict.line().startswith("ordered and sure")


def test_a_narrow_step_is_ordered_but_not_sure() -> None:
    verdict = judge(NAMES, cells((1, 0, 90, 100), (2, 1, 11, 20)), 2)
    assert verdict.ordered and verdict.sure is False
    assert [s.sure for s in verdict.steps] == [True, False]
    assert "not sure yet" in verdict.line() and "strong over casual" in verdict.line()


def test_a_step_at_or_below_half_breaks_the_ladder() -> None:
    """Only adjacent steps count: strong beating random says nothing about casual."""
    for wins in (50, 30):
        verdict = judge(NAMES, cells((1, 0, 90, 100), (2, 1, wins, 100), (2, 0, 95, 100)), 2)
        assert not verdict.ordered and verdict.sure is False
        assert verdict.line().startswith("NOT ordered: strong does not beat casual")
    upside_down = judge(NAMES, cells((1, 0, 10, 100), (2, 1, 10, 100)), 2)
    assert upside_down.line().count("does not beat") == 2


def test_with_three_players_the_interval_is_not_judged() -> None:
    verdict = judge(NAMES, cells((1, 0, 11, 20), (2, 1, 11, 20)), 3)
    assert verdict.ordered and verdict.sure is None
    assert "3 players" in verdict.line()


def test_bots_that_never_met_are_not_measured() -> None:
    verdict = judge(NAMES, cells((1, 0, 9, 10)), 2)
    assert not verdict.measured and not verdict.ordered
    assert verdict.line().startswith("not measured: strong and casual")


# ------------------------------------------------------------------- levels.toml


def test_written_ratings_read_back_through_levels_rating(ladder: Arena, data_folder: Path) -> None:
    game = get_game("gonza")
    file = data_folder / "levels.toml"
    file.write_text(
        "# tuned by hand\n[strong]\nms = 250  # a comment stays\n\n"
        '[ratings]\ncasual = {mu = 1.0, sigma = 2.0}\nold = "gone"\n\n'
        "[ratings.extra]\nx = 1\n\n[expert]\nms = 900\n"
    )
    for _ in range(2):  # rewriting replaces the table, it does not add a second one
        path, written = write_ratings(ladder, BOTS, "python bench/strength.py gonza")
        levels._levels_file.cache_clear()
    assert path == file and written == ["casual"]
    casual = ladder.summaries()[1]
    read = levels.rating(game, "casual")
    assert read is not None
    assert read["mu"] == pytest.approx(casual.rating.mu, abs=1e-4)
    assert read["sigma"] == pytest.approx(casual.rating.sigma, abs=1e-4)
    assert levels.rating(game, "beginner") is None  # not in the line-up
    assert levels.tuned(game, "strong") == {"ms": 250}
    assert levels.tuned(game, "expert") == {"ms": 900}
    text = file.read_text()
    assert "# tuned by hand" in text and "ms = 250  # a comment stays" in text
    assert text.count("[ratings]") == 1
    data = tomllib.loads(text)["ratings"]
    assert "old" not in data and "extra" not in data
    assert data["command"] == "python bench/strength.py gonza"
    assert data["bots"] == BOTS and data["games"] == 12 and data["seed"] == 1
    assert data["casual"]["games"] == casual.games


def test_the_file_is_created_and_overridden_levels_are_not_written(
    data_folder: Path,
) -> None:
    bots = ["casual", "beginner:iters=2"]
    path, written = write_ratings(run_ladder("gonza", bots, 2), bots, 'a "quoted" command')
    assert written == ["casual"]
    data = tomllib.loads(path.read_text())["ratings"]
    assert data["command"] == 'a "quoted" command' and "beginner" not in data


def test_a_comment_above_the_next_table_stays_with_it() -> None:
    text = (
        "[ratings]\ncasual = {mu = 1.0}\n# about the old ratings: goes with them\n\n"
        "# [strong] searches less\n# (two lines)\n[strong]\nms = 250\n"
    )
    new = replace_ratings(text, {"casual": {"mu": 2.0}})
    assert "# [strong] searches less\n# (two lines)\n[strong]\nms = 250" in new
    assert "about the old ratings" not in new and new.index("[strong]") < new.index("[ratings]")


def test_a_rewrite_that_would_damage_the_file_is_refused() -> None:
    with pytest.raises(ValueError, match="would not parse"):
        replace_ratings("ratings.casual = {mu = 1.0}\n", {"casual": {"mu": 2.0}})


def test_the_script_end_to_end(
    data_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    args = ["gonza", "--bots", "random", "casual", "-n", "2", "--seed", "3"]
    code = strength.main([*args, "--markdown", "--out", str(out), "--write-ratings"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "| **random** |" in printed and "Ratings of casual written" in printed
    assert json.loads(out.read_text())["ladder"]["steps"][0]["upper"] == "casual"
    assert levels.rating(get_game("gonza"), "casual") is not None
    with pytest.raises(SystemExit):
        strength.main([*args, "--out", str(tmp_path / "ladder.csv")])
