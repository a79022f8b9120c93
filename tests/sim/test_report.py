"""The study report: a self-contained page, JSON and CSV of every figure, the terminal
summary, the ``study`` command, and the page in a real Chromium."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from motherlode import cli
from motherlode.sim import report
from motherlode.sim.report import print_summary, render_html, write_report
from motherlode.sim.study import Study, plan_study, run_study

runner = CliRunner()


@pytest.fixture(scope="module")
def study() -> Study:
    plan = plan_study(
        "nuggets",
        vary={"rounds": ["2", "5"]},
        players=[2, 3],
        seatings=[("random",), ("random", "mcts:iters=4")],
        games=6,
        seed=2,
    )
    return run_study(plan)


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "console", Console(width=200, color_system=None))
    monkeypatch.setattr(report, "console", Console(width=200, color_system=None))


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open() as handle:
        return list(csv.DictReader(handle))


def test_the_report_files_hold_every_figure(study: Study, tmp_path: Path) -> None:
    page = write_report(study, tmp_path, command="motherlode study nuggets ...")
    assert page == tmp_path / "report.html"
    data = json.loads((tmp_path / "study.json").read_text())
    assert data == json.loads(json.dumps(study.to_json()))
    assert data["plan"]["games_per_cell"] == 6 and len(data["cells"]) == 8
    assert len(data["games"]) == 48
    cells = _csv(tmp_path / "cells.csv")
    assert [c["label"] for c in cells] == [c.label for c in study.plan.cells]
    for row, s in zip(cells, study.summaries, strict=True):
        assert float(row["seat1_win_rate"]) == pytest.approx(s.seats[0].rate)
        assert float(row["mean_turns"]) == pytest.approx(s.turns.mean)
        assert row["rounds"] in ("2", "5")
    seats = _csv(tmp_path / "seats.csv")
    assert len(seats) == 2 * sum(c.players for c in study.plan.cells)  # in turn order, as dealt
    assert {s["counted"] for s in seats} == {"in turn order", "as dealt"}
    assert len(_csv(tmp_path / "bots.csv")) == 2 * 4  # the mixed cells, two bots each
    distributions = _csv(tmp_path / "distributions.csv")
    assert {d["measure"] for d in distributions} == {
        "score",
        "winner_score",
        "margin",
        "decisions",
        "turns",
        "rounds",
    }
    ends = _csv(tmp_path / "ends.csv")
    assert all(e["games_ended"] == "6" for e in ends)
    effects = _csv(tmp_path / "effects.csv")
    assert [(e["factor"], e["value"], e["games"]) for e in effects] == [
        ("players", "2", "24"),
        ("players", "3", "24"),
        ("rounds", "2", "24"),
        ("rounds", "5", "24"),
        ("bots", "random", "24"),
        ("bots", "random+mcts:iters=4", "24"),
    ]
    two = [r for r in study.rows if study.plan.cells[r.cell].players == 2]
    first = sum((r.first in r.winners) / len(r.winners) for r in two) / len(two)
    assert float(effects[0]["first_player_win_rate"]) == pytest.approx(first)
    comparisons = _csv(tmp_path / "comparisons.csv")
    assert len(comparisons) == len(study.comparisons) > 0
    games = _csv(tmp_path / "games.csv")
    assert len(games) == 48 and games[0]["cell"] == study.plan.cells[0].label


def test_the_page_is_self_contained_with_its_plots(study: Study) -> None:
    page = render_html(study, command="motherlode study nuggets -n 6")
    images = re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", page)
    assert len(images) >= 5
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert "motherlode study nuggets -n 6" in page
    assert "Win rate by bot" in page and "Differences between cells" in page


def test_the_summary_fits_a_terminal(study: Study) -> None:
    console = Console(width=120, record=True, color_system=None)
    print_summary(study, console)
    text = console.export_text()
    assert "Sealed Nuggets (test fixture) study: 8 cells × 6 games, seed 2" in text
    assert "2p rounds=2" in text and "comparisons between cells are significant" in text


def test_the_study_command_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        cli.app,
        [
            "study",
            "nuggets",
            "-p",
            "2-3",
            "--vary",
            "rounds=1,3",
            "-n",
            "4",
            "-b",
            "random",
            "--seed",
            "5",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "4 cells × 4 games, seed 5" in result.stdout
    assert f"Report: {out / 'report.html'}" in " ".join(result.stdout.split())
    assert "games/s on 1 process" in result.stderr
    assert {p.name for p in out.iterdir()} == {
        "report.html",
        "study.json",
        "cells.csv",
        "seats.csv",
        "bots.csv",
        "effects.csv",
        "distributions.csv",
        "ends.csv",
        "comparisons.csv",
        "games.csv",
    }


def test_a_study_comes_back_from_its_json(study: Study, tmp_path: Path) -> None:
    write_report(study, tmp_path)
    again = Study.from_json(json.loads((tmp_path / "study.json").read_text()))
    assert again.rows == study.rows and again.plan == study.plan
    assert again.to_json() == study.to_json()
    result = runner.invoke(
        cli.app,
        [
            "study",
            "nuggets",
            "--redraw",
            str(tmp_path / "study.json"),
            "--out",
            str(tmp_path / "again"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "again" / "cells.csv").read_text() == (tmp_path / "cells.csv").read_text()
    assert "8 cells × 6 games, seed 2" in result.stdout
    wrong = runner.invoke(cli.app, ["study", "gonza", "--redraw", str(tmp_path / "study.json")])
    assert wrong.exit_code == 2 and "is a study of nuggets" in " ".join(wrong.output.split())
    missing = runner.invoke(cli.app, ["study", "gonza", "--redraw", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "rounds"], "--vary is written option=value1,value2"),
        (["--vary", "rounds=1,99"], "option rounds: 99 is above the maximum 8"),
        (["-p", "7"], "the game is for 2-4 players, not 7"),
        (["-b", "random+alien"], "unknown bot 'alien'"),
        (["-n", "0"], "the number of games must be at least 1"),
        (["--backend", "spark"], "--backend is one of local, ray, not 'spark'"),
    ],
)
def test_the_study_command_errors(args: list[str], message: str) -> None:
    result = runner.invoke(cli.app, ["study", "nuggets", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())


@pytest.mark.browser
def test_the_report_opens_in_chromium_with_every_plot(
    browser: Any, study: Study, tmp_path: Path
) -> None:
    page_path = write_report(study, tmp_path)
    page = browser.new_page()
    try:
        page.goto(page_path.as_uri())
        drawn = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 200)")
        assert len(drawn) >= 5 and all(drawn)
        assert page.title() == "Sealed Nuggets (test fixture) study"
    finally:
        page.close()
