"""A study as a designer runs it: writes as it goes (an interrupted or piped run keeps what it
played), records what it played with and plays again from its study.json, compares two
runs; and the grid's syntax (ranges, a default value), the terminal, the files and the
heat map."""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import json
import logging
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from motherlode import cli
from motherlode.engine import BadOptions, option, register
from motherlode.engine.registry import unregister
from motherlode.sim import backends, play, report
from motherlode.sim.backends import RAY_AUTH_LOGGER, RayBackend
from motherlode.sim.files import StudyWriter, write_tables
from motherlode.sim.grid import expand_range, parse_vary, plan_study
from motherlode.sim.play import GameRow
from motherlode.sim.plots import HEAT_FLOOR, heat_span, plot_seat_heatmap
from motherlode.sim.report import ResultsConsole, print_summary
from motherlode.sim.sources import motherlode_version
from motherlode.sim.study import Study, run_study
from tests.engine import nuggets

runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "console", Console(width=200, color_system=None))


def invoke(*args: str) -> Any:
    return runner.invoke(cli.app, ["study", *args])


def words(text: str) -> str:
    return " ".join(text.split())


def _csv(path: Path) -> list[list[str]]:
    with path.open() as handle:
        return list(csv.reader(handle))


# ------------------------------------------------------------------------ the grid


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("400:700:100", ["400", "500", "600", "700"]),
        ("1:3", ["1", "2", "3"]),
        ("0.1:0.5:0.1", ["0.1", "0.2", "0.3", "0.4", "0.5"]),
        ("-2:2:2", ["-2", "0", "2"]),
        ("5:6:4", ["5"]),
        ("A", None),
        ("C:/cards", None),
    ],
)
def test_ranges(text: str, values: list[str] | None) -> None:
    assert expand_range(text) == values


def test_vary_takes_ranges_dotted_names_and_a_default_value() -> None:
    assert parse_vary(["param.start-cash=400:700:100", "components=,mod", "rounds=1,3:4"]) == {
        "param.start_cash": ["400", "500", "600", "700"],
        "components": ["", "mod"],
        "rounds": ["1", "3", "4"],
    }


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("x=1.5:3", "give a step, like lo:hi:step"),
        ("x=1:3:0", "the step must be above 0"),
        ("x=5:1", "1 is below 5"),
        ("x=0:5000", "gives 5001 values; at most 1000"),
        ("x=1:3,2", "a value is listed twice"),
        ("x=,", "--vary is written option=value1,value2"),
    ],
)
def test_bad_ranges_are_refused(item: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        parse_vary([item])


def test_an_empty_value_is_the_baseline_cell(tmp_path: Path) -> None:
    """`--vary rounds=,3`: the empty value is a cell of its own, played at the default."""
    result = invoke(
        "nuggets",
        "-p",
        "2",
        "--vary",
        "rounds=,3",
        "-n",
        "3",
        "-b",
        "random",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    cells = _csv(tmp_path / "cells.csv")
    assert [row[1] for row in cells[1:]] == ["2p rounds=(default) random", "2p rounds=3 random"]
    assert [row[cells[0].index("rounds")] for row in cells[1:]] == ["", "3"]
    study = json.loads((tmp_path / "study.json").read_text())
    turns = {c["label"]: c["length"]["turns"]["mean"] for c in study["cells"]}
    assert turns == {"2p rounds=(default) random": 10.0, "2p rounds=3 random": 6.0}  # 5 rounds


def test_a_seating_given_twice_is_refused() -> None:
    with pytest.raises(BadOptions, match="--bots random is given twice"):
        plan_study("nuggets", seatings=[("random",), ("Random",)])


# ------------------------------------------------------------ the terminal, files


def made_study(game: str = "nuggets", **grid: Any) -> Study:
    """A study whose games are made up (none played): seat 1 wins most."""
    plan = plan_study(game, seed=1, **grid)
    rng = random.Random(3)
    rows = []
    for cell in plan.cells:
        k = cell.players
        for i in range(plan.games):
            w = rng.choices(range(k), weights=[3.0, *[1.0] * (k - 1)])[0]
            scores = tuple(float(rng.randint(0, 30)) for _ in range(k))
            ranking = ((w,), tuple(s for s in range(k) if s != w))
            figures = tuple(float(rng.randint(0, 9)) for _ in study_figures(game))
            rows.append(
                GameRow(
                    cell.index, i, 100 + i, (0,) * k, scores, ranking, 50, 12, 6.0, "x", figures
                )
            )
    return Study(plan, rows, {})


def study_figures(game: str) -> list[str]:
    from motherlode.sim.figures import key_figures

    return list(key_figures(game))


def test_the_terminal_never_cuts_two_labels_to_the_same_text() -> None:
    study = made_study(
        vary={"start_gold": ["1", "2"], "challenges": ["true", "false"]},
        players=[2, 3],
        seatings=[("random",), ("random", "mcts:iters=4")],
        games=4,
    )
    console = Console(width=70, record=True, color_system=None)
    print_summary(study, console)
    lines = console.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "┃ cell" in line) + 2
    labels: list[str] = []
    for line in lines[start:]:
        if not line.startswith("│"):
            break
        columns = line.split("│")
        if columns[2].strip():  # a row begins; else the label goes on
            labels.append("")
        labels[-1] += "".join(columns[1].split())
    assert labels == [c.label.replace(" ", "") for c in study.plan.cells]
    assert len(set(labels)) == len(labels) == 16


def test_one_cell_is_one_cell() -> None:
    console = Console(width=120, record=True, color_system=None)
    print_summary(made_study(players=[2], games=1), console)
    assert "study: 1 cell × 1 game, seed 1" in console.export_text()


def test_no_column_is_written_twice(tmp_path: Path) -> None:
    """Gonza's key figure winner_score is also a column of cells.csv: written figure_..."""
    study = made_study("gonza", players=[2], vary={"event_cards": ["3", "4"]}, games=3)
    write_tables(study, tmp_path)
    for name in ("cells.csv", "effects.csv", "games.csv", "comparisons.csv", "seats.csv"):
        header = _csv(tmp_path / name)[0]
        assert len(header) == len(set(header)), name
    header = _csv(tmp_path / "cells.csv")[0]
    assert "mean_winner_score" in header and "mean_figure_winner_score" in header
    comparisons = _csv(tmp_path / "comparisons.csv")
    assert {"ci95_low", "ci95_high", "method", "mde80"} <= set(comparisons[0])
    effects = _csv(tmp_path / "effects.csv")
    row = dict(zip(effects[0], effects[2], strict=True))  # event_cards=4 against 3
    assert row["baseline"] == "3" and float(row["turns_ci95_low"]) <= 0 <= float(
        row["turns_ci95_high"]
    )


def test_every_difference_prints_its_interval_and_p_never_prints_zero() -> None:
    study = made_study(players=[2], vary={"rounds": ["2", "4"]}, games=30)
    console = Console(width=200, record=True, color_system=None)
    print_summary(study, console)
    text = console.export_text()
    assert "Main effects" in text and "detectable" in text and "95% CI" in text
    assert "first player win rate" in text and "mean margin" in text and "mean turns" in text
    assert "p 0 " not in text and " 0 (Holm)" not in text
    assert "a seat's win rate must be" in text


# ------------------------------------------------------------- writing as it goes


def test_the_writer_keeps_each_game_and_each_finished_cell(tmp_path: Path) -> None:
    plan = plan_study("nuggets", vary={"rounds": ["1", "2"]}, players=[2], games=3, seed=2)
    rows = run_study(plan).rows
    with StudyWriter(tmp_path, plan, {"motherlode": "x"}) as writer:
        assert len(_csv(tmp_path / "games.csv")) == 1  # the header, at once
        writer.add(rows[:2])
        assert len(_csv(tmp_path / "games.csv")) == 3 and len(_csv(tmp_path / "cells.csv")) == 1
        writer.add(rows[2:4])  # the first cell is complete
        cells = _csv(tmp_path / "cells.csv")
        assert [row[1] for row in cells[1:]] == ["2p rounds=1 random"]
        saved = json.loads((tmp_path / "study.json").read_text())
        assert saved["complete"] is False and saved["games_played"] == 4
        assert saved["provenance"] == {"motherlode": "x"}


def test_an_interrupted_study_keeps_what_it_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = play.play_game
    count = iter(range(100))

    def stop_at_the_fifth(*args: Any) -> GameRow:
        if next(count) == 4:
            raise KeyboardInterrupt
        return played(*args)

    monkeypatch.setattr(play, "play_game", stop_at_the_fifth)
    out = tmp_path / "run"
    args = ["nuggets", "-p", "2", "--vary", "rounds=1,2", "-n", "3", "-b", "random"]
    result = invoke(*args, "--out", str(out))
    assert result.exit_code == 130
    assert "interrupted: 4 of 6 games kept in" in words(result.stderr)
    assert len(_csv(out / "games.csv")) == 1 + 4
    assert len(_csv(out / "cells.csv")) == 1 + 1
    saved = json.loads((out / "study.json").read_text())
    assert saved["complete"] is False and len(saved["games"]) == 4
    monkeypatch.setattr(play, "play_game", played)
    again = invoke("nuggets", "--redraw", str(out / "study.json"), "--out", str(tmp_path / "r"))
    assert again.exit_code == 0, again.output
    assert "(interrupted: 4 games played)" in words(again.stdout)
    assert (tmp_path / "r" / "report.html").exists()


class ClosedPipe(io.StringIO):
    """Standard output read by `head`, which has stopped reading."""

    def write(self, text: str) -> int:
        raise BrokenPipeError


def test_a_closed_standard_output_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(report, "console", ResultsConsole(file=ClosedPipe(), width=80))
    result = invoke(
        "nuggets",
        "-p",
        "2",
        "--vary",
        "rounds=1,2",
        "-n",
        "3",
        "-b",
        "random",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    assert f"the results are in {tmp_path}" in words(result.stderr)
    assert len(_csv(tmp_path / "games.csv")) == 7 and (tmp_path / "report.html").exists()
    assert json.loads((tmp_path / "study.json").read_text())["complete"] is True


def test_a_study_piped_into_head_keeps_its_results(tmp_path: Path) -> None:
    """The real thing: a pipe whose reader is gone before the summary is printed."""
    out = tmp_path / "piped"
    command = [sys.executable, "-m", "motherlode.cli", "study", "gonza", "-p", "2", "-b"]
    command += ["random", "-n", "2", "--vary", "event_cards=3,4", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `| head` that has read its lines
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0, error
    assert "standard output was closed before the summary ended" in words(error)
    assert "Traceback" not in error
    assert len(_csv(out / "games.csv")) == 1 + 4 and (out / "report.html").exists()


# ---------------------------------------------- what a study played with, a re-run


@dataclasses.dataclass(frozen=True)
class KitOptions(nuggets.NuggetOptions):
    components: str = option("", "a designer's folder (recorded by studies, not read)")


@pytest.fixture
def kit() -> Iterator[str]:
    """Sealed Nuggets with a components option, as the real games have."""
    game = dataclasses.replace(nuggets.GAME, id="nuggets-kit", options_class=KitOptions)
    register(game, replace=True)
    yield game.id
    unregister(game.id)


def test_study_json_records_the_files_and_a_rerun_plays_them_again(
    kit: str, tmp_path: Path
) -> None:
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "tiles.toml").write_text("gold = 1\n")
    first = tmp_path / "first"
    result = invoke(
        kit,
        "-p",
        "2",
        "-b",
        "random",
        "-n",
        "4",
        "--vary",
        f"components=,{mod}",
        "--out",
        str(first),
    )
    assert result.exit_code == 0, result.output
    data = json.loads((first / "study.json").read_text())
    sources = data["provenance"]
    assert sources["motherlode"] == motherlode_version()
    recorded = sources["components"][str(mod)]
    assert recorded["kind"] == "folder"
    assert recorded["files"]["tiles.toml"] == {
        "sha256": hashlib.sha256(b"gold = 1\n").hexdigest(),
        "text": "gold = 1\n",
    }
    assert data["plan"]["deals"] == "paired"
    assert [c["options"] for c in data["plan"]["cells"]] == [
        {"components": ""},
        {"components": str(mod)},
    ]

    (mod / "tiles.toml").write_text("gold = 2\n")  # the designer edits the file afterwards
    again = tmp_path / "again"
    result = invoke("--rerun", str(first / "study.json"), "--out", str(again))
    assert result.exit_code == 0, result.output
    assert f"components {mod} changed since the study: playing the recorded copy" in words(
        result.stderr
    )
    assert "8 of 8 recorded games came out the same" in words(result.stdout)
    replayed = json.loads((again / "study.json").read_text())["provenance"]["components"]
    assert replayed[str(mod)]["files"]["tiles.toml"]["text"] == "gold = 1\n"
    assert (again / "components-1" / "tiles.toml").read_text() == "gold = 1\n"

    wrong = invoke("nuggets", "--rerun", str(first / "study.json"))
    assert wrong.exit_code == 2 and "is a study of nuggets-kit" in words(wrong.output)


# -------------------------------------------------------------- comparing two runs


def test_two_runs_compared_paired(tmp_path: Path) -> None:
    common = ["nuggets", "-p", "2-3", "-b", "random", "-n", "6", "--seed", "2"]
    for name, rounds in (("a", "3"), ("b", "4")):
        result = invoke(*common, "-o", f"rounds={rounds}", "--out", str(tmp_path / name))
        assert result.exit_code == 0, result.output
    result = invoke(
        "compare", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "c")
    )
    assert result.exit_code == 0, result.output
    text = words(result.stdout)
    assert "option rounds: 3 → 4" in text and "all cells" in text and "paired" in text
    saved = json.loads((tmp_path / "c" / "compare.json").read_text())
    assert len(saved["matched_cells"]) == 2
    turns = next(c for c in saved["overall"] if c["metric"] == "mean turns")
    assert turns["method"] == "paired" and turns["ci95_low"] > 0  # a round more: longer
    rows = _csv(tmp_path / "c" / "comparisons.csv")
    assert rows[1][0] == "all cells" and len(rows) == 1 + len(saved["overall"]) + len(
        saved["cells"]
    )

    same = invoke("compare", str(tmp_path / "a"), str(tmp_path / "a" / "study.json"))
    assert same.exit_code == 0 and "the same setup" in words(same.stdout)
    assert "0 of" in same.stdout and "significant" in same.stdout


def test_runs_of_different_games_are_not_compared(tmp_path: Path) -> None:
    write_tables(made_study(players=[2], games=2), tmp_path / "a")
    write_tables(made_study("gonza", players=[2], games=2), tmp_path / "b")
    result = invoke("compare", str(tmp_path / "a"), str(tmp_path / "b"))
    assert result.exit_code == 2
    assert "the runs are of different games: nuggets and gonza" in words(result.output)


def test_the_command_keeps_its_forms(tmp_path: Path) -> None:
    named = invoke("run", "nuggets", "-p", "2", "-n", "2", "-b", "random", "--out", str(tmp_path))
    assert named.exit_code == 0, named.output
    assert "1 cell × 2 games" in named.stdout
    assert "compare" in invoke("--help").stdout
    assert invoke().exit_code in (0, 2)  # the group's help
    nameless = invoke("-n", "2")
    assert nameless.exit_code == 2 and "name a game" in words(nameless.output)


# ------------------------------------------------------------------ the heat map


def test_the_heat_map_is_readable() -> None:
    study = made_study(players=[2, 4], vary={"rounds": ["2", "4"]}, games=40)
    deviations = [r.rate - 1 / s.cell.players for s in study.summaries for r in s.seats]
    span = heat_span(deviations)
    assert span >= max(abs(d) for d in deviations) and span >= HEAT_FLOOR  # never saturates
    assert heat_span([0.01, -0.02]) == HEAT_FLOOR and heat_span([0.231]) == 0.25
    fig = plot_seat_heatmap(study)
    fig.canvas.draw()
    title = fig._suptitle  # type: ignore[attr-defined]
    box = title.get_window_extent()
    assert title.get_text() and box.x0 >= 0 and box.x1 <= fig.bbox.width  # not cut off
    ax = fig.axes[0]
    for text in ax.texts:
        x, y = text.get_position()
        value = (
            study.summaries[int(y)].seats[int(x)].rate - 1 / study.summaries[int(y)].cell.players
        )
        dark = abs(value) > 0.55 * span
        assert text.get_color() == ("white" if dark else "black")
    assert any(t.get_color() == "white" for t in ax.texts)


# --------------------------------------------------------------------- Ray's notice


class FakeRay:
    """Enough of Ray for a backend to start and stop, saying what Ray says."""

    def __init__(self) -> None:
        self.started = False

    def is_initialized(self) -> bool:
        return self.started

    def init(self, **kwargs: Any) -> None:
        logging.getLogger(RAY_AUTH_LOGGER).warning(
            "Token authentication is enabled for this Ray cluster. Set RAY_AUTH_MODE=disabled"
        )
        self.started = True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, **kwargs: Any) -> Any:
        return lambda fn: fn

    def shutdown(self) -> None:
        self.started = False


def test_a_local_ray_says_nothing_of_token_authentication(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(backends, "import_module", lambda name: FakeRay())
    with caplog.at_level(logging.INFO):
        RayBackend(workers=1).close()
    assert "Token authentication" not in caplog.text
    with caplog.at_level(logging.INFO):  # a cluster of someone else's: Ray's words stand
        RayBackend(address="ray://cluster:10001").close()
    assert "Token authentication is enabled" in caplog.text
    assert logging.getLogger(RAY_AUTH_LOGGER).level == logging.NOTSET


def test_a_study_json_from_before_pairing_is_read_and_played_again(tmp_path: Path) -> None:
    """An old study.json (no deals, no provenance, cells only in its figures) redraws, and
    --rerun plays its games again: each cell dealt from its own settings, as then."""
    old = run_study(
        plan_study(
            "nuggets",
            vary={"rounds": ["1", "2"]},
            players=[2],
            games=3,
            seed=6,
            deals="independent",
        )
    )
    write_tables(old, tmp_path / "old")
    data = json.loads((tmp_path / "old" / "study.json").read_text())
    for key in ("deals", "cells"):
        del data["plan"][key]
    for key in ("provenance", "complete", "main_effects", "games_played"):
        del data[key]
    (tmp_path / "old" / "study.json").write_text(json.dumps(data))
    back = Study.from_json(data)
    assert back.plan.deals == "independent" and back.rows == old.rows
    result = invoke("--rerun", str(tmp_path / "old"), "--out", str(tmp_path / "new"))
    assert result.exit_code == 0, result.output
    assert "6 of 6 recorded games came out the same" in words(result.stdout)
