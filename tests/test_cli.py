"""The `motherlode` command end to end: games, play, simulate, replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from motherlode import cli
from motherlode.agents.levels import LEVELS
from motherlode.engine import GameRecord

runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide, colourless console so that tables are not wrapped (it writes to sys.stdout)."""
    monkeypatch.setattr(cli, "console", Console(width=200, color_system=None))


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(cli.app, list(args), input=input)


def error_of(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert "error:" in result.output
    return " ".join(result.output.split())


# ------------------------------------------------------------------------ games


def test_games_lists_games_with_players_bots_and_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.output.splitlines() if "nuggets" in ln)
    assert "Sealed Nuggets (test fixture)" in line
    assert "2-4" in line and "random" in line
    assert "rounds=5, start_gold=6, challenges=True" in line


def test_games_one_game_details_its_options() -> None:
    result = run("games", "nuggets")
    assert result.exit_code == 0, result.output
    assert "Sealed Nuggets (test fixture): options" in result.output
    rows = {ln.split("│")[1].strip(): ln for ln in result.output.splitlines() if ln.count("│") > 4}
    assert "1..8" in rows["rounds"] and "rounds played (one card each)" in rows["rounds"]
    assert "int" in rows["start_gold"] and "1..9" in rows["start_gold"]
    assert "bool" in rows["challenges"] and "True" in rows["challenges"]


def test_games_one_game_lists_its_design_numbers() -> None:
    """A designer reads each parameter's name, default and bounds (data/parameters.toml)."""
    result = run("games", "yukon")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "design numbers" in text and "param.stones" in text
    assert "a whole number from 4 to 12" in text


def test_games_one_game_shows_its_difficulty_levels() -> None:
    result = run("games", "gonza")
    assert result.exit_code == 0, result.output
    assert "Gonza Index: levels" in result.output
    rows = {ln.split("│")[1].strip(): ln for ln in result.output.splitlines() if ln.count("│") > 4}
    for name, level in LEVELS.items():
        assert level.sentence in rows[name]
        assert "not yet rated" in rows[name] or "±" in rows[name]
    assert "0.3 s" in rows["strong"] and "1 s" in rows["expert"]
    levels = [ln.split("│")[1].strip() for ln in result.output.splitlines() if "│" in ln]
    assert [n for n in levels if n in LEVELS] == ["beginner", "casual", "strong", "expert"]


def test_games_unknown_game() -> None:
    assert "unknown game 'chess'; known games:" in error_of(run("games", "chess"))


# --------------------------------------------------------------------- simulate


def test_simulate_prints_win_rates_with_confidence_intervals(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = run(
        "simulate", "nuggets", "-n", "20", "-s", "random", "-s", "random", "--json", str(out)
    )
    assert result.exit_code == 0, result.output
    header = next(ln for ln in result.output.splitlines() if "win rate" in ln)
    assert "95% CI" in header and "mean score" in header and "bot" in header
    rows = re.findall(
        r"│\s*([01])\s*│\s*random\s*│\s*([\d.]+)%\s*│\s*([\d.]+)%–([\d.]+)%", result.output
    )
    assert [r[0] for r in rows] == ["0", "1"]
    for _, rate, lo, hi in rows:
        assert float(lo) <= float(rate) <= float(hi)
    assert "20 games, seed 0" in result.output
    assert "mean game length" in result.output

    data = json.loads(out.read_text())
    assert data["game"] == "nuggets" and data["seed"] == 0
    assert len(data["games"]) == 20
    seats = data["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    assert sum(s["wins"] for s in seats) == pytest.approx(20)
    for s, (_, rate, _, _) in zip(seats, rows, strict=True):
        assert s["games"] == 20
        assert s["win_rate"] * 100 == pytest.approx(float(rate), abs=0.05)
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1


def test_simulate_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    for path, seed in ((a, "5"), (b, "5"), (c, "6")):
        result = run("simulate", "nuggets", "-n", "8", "-s", "random", "-p", "3", "--seed", seed,
                     "--json", str(path))  # fmt: skip
        assert result.exit_code == 0, result.output
    games_a = json.loads(a.read_text())["games"]
    assert len(json.loads(a.read_text())["seats"]) == 3
    assert games_a == json.loads(b.read_text())["games"]
    assert games_a != json.loads(c.read_text())["games"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "nuggets", "-o", "rounds=99"], "option rounds: 99 is above the maximum 8"),
        (["simulate", "nuggets", "-o", "nosuch=1"], "unknown option(s) nosuch"),
        (["simulate", "nuggets", "-o", "rounds"], "options are written key=value"),
        (["simulate", "nuggets", "-s", "random", "-s", "random", "-p", "3"], "2 seats given for 3"),
        (["simulate", "nuggets", "-s", "random", "-p", "5"], "is for 2-4 players, not 5"),
        (["simulate", "nuggets", "-s", "human", "-s", "random"], "simulate plays bots only"),
        (["simulate", "nuggets", "-s", "random", "-s", "alien"], "unknown bot 'alien'"),
        (["simulate", "nuggets", "-n", "0"], "the number of games must be at least 1"),
    ],
)
def test_simulate_errors(args: list[str], message: str) -> None:
    assert message in error_of(run(*args))


# ------------------------------------------------------------------ play, replay


def play_to_the_end(path: Path) -> Result:
    args = ["play", "nuggets", "-s", "human", "-s", "random", "--seed", "1", "--save", str(path)]
    return run(*args, input="#1\n" * 40)


def test_play_to_the_end_and_save_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play_to_the_end(path)
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Sealed Nuggets (test fixture) · seed 1 · Player 1, random 2" in text
    assert "Player 1, your move:" in text and "#1 bid 0" in text
    assert "Game left unfinished" not in text
    assert "Final result" in text
    last = text.index("the last moves of the game")
    assert last < text.index("Final result"), "the final events come before the ranking"
    assert "Bids: Player 1 0, random 2" in text[last:], "the last round, not only the ranking"
    assert f"Record saved to {path}" in text
    record = GameRecord.load(path)
    assert record.game == "nuggets" and record.seed == 1
    assert record.seats == [
        {"name": "Player 1", "agent": "human"},
        {"name": "random 2", "agent": "random"},
    ]
    final = record.replay()
    assert final.is_over()
    assert record.meta["scores"] == list(final.scores())
    # the human answered "#1" each time: bid nothing, never challenge
    assert {a.notation() for s, a in final.moves() if s == 0} <= {"bid 0", "challenge no"}
    for place, group in enumerate(final.ranking(), 1):
        for seat in group:
            name = record.seats[seat]["name"]
            assert re.search(rf"│ {place}\s+│ {seat}\s+│ {name}\s+│ {final.scores()[seat]:g}", text)


def test_play_quit_saves_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    args = ["play", "nuggets", "-s", "human", "-s", "random", "--seed", "3", "--save", str(path)]
    result = run(*args, input="#1\n#1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Game left unfinished." in result.output and "Final result" not in result.output
    state = GameRecord.load(path).replay()
    assert not state.is_over() and state.move_count >= 2


def test_play_hotseat_passes_the_keyboard(tmp_path: Path) -> None:
    path = tmp_path / "hot.json"
    args = ["play", "nuggets", "-s", "human", "-s", "human", "--name", "Ann", "--name", "Bob",
            "--seed", "2", "-o", "rounds=2", "--save", str(path)]  # fmt: skip
    result = run(*args, input="\n#1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard to Ann and press Enter" in result.output
    assert "Pass the keyboard to Bob and press Enter" in result.output
    assert "Final result" in result.output
    assert GameRecord.load(path).replay().is_over()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "nuggets", "-s", "human"], "is for 2-4 players, not 1"),
        (["play", "nuggets", "-s", "human", "-s", "alien"], "unknown bot 'alien'"),
        (["play", "nuggets", "-s", "human", "-s", "random", "-o", "rounds=0"], "option rounds"),
        (["play", "nuggets", "-s", "human", "-s", "random", "-o", "x"], "key=value"),
        (["play", "nuggets", "-s", "human", "-s", "random", "--name", "A"], "1 names given"),
    ],
)
def test_play_errors(args: list[str], message: str, tmp_path: Path) -> None:
    assert message in error_of(run(*args, "--save", str(tmp_path / "never.json")))
    assert not (tmp_path / "never.json").exists()


def test_replay_at_a_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play_to_the_end(path).exit_code == 0
    record = GameRecord.load(path)
    total = len(record.moves)
    seat, action = record.replay().moves()[2]
    result = run("replay", str(path), "--at", "3")
    assert result.exit_code == 0, result.output
    name = record.seats[seat]["name"]
    assert f"move 3/{total}: {name} played {action}" in result.output
    assert "'seat': None" in result.output and "my_bonus" not in result.output
    start = run("replay", str(path), "--at", "0", "--seat", "0")
    assert start.exit_code == 0, start.output
    assert f"start of the game ({total} moves recorded)" in start.output
    assert "'seat': 0" in start.output and "'my_bonus'" in start.output
    assert f"--at must be between 0 and {total}" in error_of(
        run("replay", str(path), "--at", str(total + 1))
    )


def test_replay_without_a_terminal_lists_every_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play_to_the_end(path).exit_code == 0
    record = GameRecord.load(path)
    moves = record.replay().moves()
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    listed = re.findall(r"^\s*(\d+)\. (.+?): (.+)$", result.output, flags=re.MULTILINE)
    assert [(int(k), who, what) for k, who, what in listed] == [
        (k, str(record.seats[s]["name"]), a.notation()) for k, (s, a) in enumerate(moves, 1)
    ]
    assert f"move {len(moves)}/{len(moves)}" in result.output
    assert "'over': True" in result.output


def test_replay_bad_records(tmp_path: Path) -> None:
    assert "cannot read record" in error_of(run("replay", str(tmp_path / "missing.json")))
    bad = tmp_path / "bad.json"
    bad.write_text("{broken")
    assert "the JSON is malformed" in error_of(run("replay", str(bad)))
    path = tmp_path / "game.json"
    assert play_to_the_end(path).exit_code == 0
    data = json.loads(path.read_text())
    data["rules_version"] = "0"
    path.write_text(json.dumps(data))
    assert "rules version 0" in error_of(run("replay", str(path)))


def test_play_default_seats(tmp_path: Path) -> None:
    path = tmp_path / "three.json"
    args = ["play", "nuggets", "-p", "3", "--seed", "4", "-o", "rounds=2", "--save", str(path)]
    result = run(*args, input="1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "seed 4 · Player 1, random 2, random 3" in result.output
    record = GameRecord.load(path)
    assert [s["agent"] for s in record.seats] == ["human", "random", "random"]
    assert record.options["rounds"] == 2 and record.replay().is_over()


@pytest.mark.parametrize("seat", ["2", "-1"])
def test_replay_refuses_a_seat_that_is_not_in_the_game(tmp_path: Path, seat: str) -> None:
    path = tmp_path / "game.json"
    assert play_to_the_end(path).exit_code == 0
    assert "seat" in error_of(run("replay", str(path), "--seat", seat, "--at", "0"))
