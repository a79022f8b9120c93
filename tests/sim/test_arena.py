"""The arena: balanced seats, honest statistics, ratings, files, and the command."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from motherlode.agents import specs
from motherlode.agents.mcts import MCTSAgent
from motherlode.cli_sim import arena_command
from motherlode.engine import BadOptions, get_game
from motherlode.sim.arena import Arena, default_players, run_arena, schedule
from motherlode.sim.ratings import RatedGame, rate
from motherlode.sim.stats import wilson_interval

specs._generic()
specs.GENERIC["mcts"] = MCTSAgent

app = typer.Typer()
app.command("arena")(arena_command)


@app.callback()
def _root() -> None:
    """A one-command app, as the real CLI registers it."""


runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["arena", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def match() -> Arena:
    """A strong bot against two random ones, 2 players: 24 games, 4 full periods."""
    return run_arena("nuggets", ["mcts:iters=60", "random", "random"], 24, players=2, seed=3)


# ------------------------------------------------------------------------ schedule


@pytest.mark.parametrize(("bots", "players"), [(1, 2), (2, 2), (3, 2), (2, 4), (3, 4), (5, 3)])
def test_every_bot_plays_every_seat_equally_often(bots: int, players: int) -> None:
    period = schedule(bots, players)
    assert all(len(lineup) == players for lineup in period)
    seats = Counter((e, s) for lineup in period for s, e in enumerate(lineup))
    assert len(set(seats.values())) == 1
    assert {e for e, _ in seats} == set(range(bots))
    if bots > players:  # every pair of bots meets equally often
        pairs = Counter((a, b) for lineup in period for a in lineup for b in lineup if a < b)
        assert len(set(pairs.values())) == 1
        assert len(pairs) == bots * (bots - 1) // 2


def test_fewer_bots_than_players_cycle_round_the_table() -> None:
    assert schedule(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    game = get_game("nuggets")  # 2-4 players
    assert [default_players(game, k) for k in (1, 2, 3, 4, 6)] == [2, 2, 3, 4, 4]


def test_games_follow_the_schedule_on_shared_deals(match: Arena) -> None:
    period = schedule(3, 2)
    assert [g.lineup for g in match.results] == [period[i % 6] for i in range(24)]
    assert [g.index for g in match.results] == list(range(24))
    for start in range(0, 24, 6):
        assert len({g.seed for g in match.results[start : start + 6]}) == 1
    assert len({g.seed for g in match.results}) == 4
    assert len({g.bot_seed for g in match.results}) == 24


# ---------------------------------------------------------------------- statistics


def test_win_rates_and_intervals(match: Arena) -> None:
    summaries = match.summaries()
    assert [s.bot for s in summaries] == ["mcts:iters=60", "random", "random #2"]
    assert all(s.games == 16 and s.seats == 16 for s in summaries)
    assert sum(s.wins for s in summaries) == pytest.approx(24)
    for s in summaries:
        assert s.interval == wilson_interval(s.wins, s.games)
        assert s.fair_share == pytest.approx(0.5)
    strong = summaries[0]
    assert strong.win_rate >= 0.75
    assert strong.interval[0] > 0.5


def test_the_strong_bot_is_rated_above_random(match: Arena) -> None:
    strong, *randoms = match.summaries()
    for weak in randoms:
        assert strong.rating.mu > weak.rating.mu
        assert strong.rating.ordinal > weak.rating.ordinal
    assert len(match.rating_history[0]) == 25


def test_head_to_head(match: Arena) -> None:
    pairs = {(h.bot, h.other): h for h in match.head_to_head()}
    assert set(pairs) == {(a, b) for a in range(3) for b in range(3) if a != b}
    for (a, b), h in pairs.items():
        assert h.games == 8
        assert h.wins + pairs[b, a].wins == pytest.approx(8)
    assert pairs[0, 1].rate > 0.5 and pairs[0, 2].rate > 0.5


def test_ratings_follow_the_places() -> None:
    games = [RatedGame((0, 1, 2), (0, 1, 2)) for _ in range(10)]
    final, history = rate(3, games)
    assert final[0].mu > final[1].mu > final[2].mu
    assert all(len(h) == 11 for h in history)
    tied, _ = rate(2, [RatedGame((0, 1), (0, 0))] * 5)
    assert tied[0].mu == pytest.approx(tied[1].mu)
    shared, _ = rate(2, [RatedGame((0, 1, 0, 1), (0, 1, 2, 3))] * 5)
    assert shared[0].mu > shared[1].mu


def test_seats_held_twice_count_both_shares() -> None:
    arena = run_arena("nuggets", ["random", "random"], 4, players=4, seed=1)
    for s in arena.summaries():
        assert (s.games, s.seats, s.fair_share) == (4, 8, 0.5)
    assert sum(s.wins for s in arena.summaries()) == pytest.approx(4)


def test_bad_runs_are_refused() -> None:
    with pytest.raises(BadOptions, match="at least one bot"):
        run_arena("nuggets", [], 2)
    with pytest.raises(BadOptions, match="'human' cannot enter"):
        run_arena("nuggets", ["random", "human"], 2)
    with pytest.raises(BadOptions, match="2-4 players"):
        run_arena("nuggets", ["random"], 2, players=5)
    with pytest.raises(BadOptions, match="at least 1"):
        run_arena("nuggets", ["random"], 0)


# --------------------------------------------------------------------- the command


def test_command_prints_the_leaderboard(tmp_path: Path) -> None:
    out, plot = tmp_path / "results.json", tmp_path / "arena.png"
    code, text = invoke(
        "nuggets", "--bot", "mcts:iters=30", "--bot", "random", "-n", "6", "--seed", "2",
        "--out", str(out), "--plot", str(plot),
    )  # fmt: skip
    assert code == 0, text
    assert "win rate" in text and "95% CI" in text and "Head to head" in text
    assert "mcts:iters=30" in text
    data = json.loads(out.read_text())
    assert data["game"] == "nuggets" and data["players"] == 2 and len(data["games"]) == 6
    assert {row["bot"] for row in data["summary"]} == {"mcts:iters=30", "random"}
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert plot.stat().st_size > 10_000


def test_command_writes_csv(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "results.csv"
    code, text = invoke("nuggets", "-b", "random", "-b", "random", "-b", "random", "-n", "5",
                        "-p", "3", "--out", str(out))  # fmt: skip
    assert code == 0, text
    assert "balanced every 3 games" in text
    rows = list(csv.DictReader(out.open()))
    assert [r["bot"] for r in rows] == ["random", "random #2", "random #3"]
    assert sum(float(r["wins"]) for r in rows) == pytest.approx(5)
    assert all(0.0 <= float(r["ci95_low"]) <= float(r["ci95_high"]) <= 1.0 for r in rows)


def test_results_are_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.json"
        code, text = invoke("nuggets", "-b", "mcts:iters=15", "-b", "random", "-n", "8",
                            "--seed", "5", "--jobs", jobs, "--out", str(out))  # fmt: skip
        assert code == 0, text
        files.append(out.read_text())
    assert files[0] == files[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nuggets", "-b", "random", "-b", "wizard"], "unknown bot 'wizard'"),
        (["nuggets", "-b", "mcts:iters=0"], "iters must be at least 1"),
        (["nuggets", "-b", "mcts:rollout=heuristic"], "has no bot 'heuristic'"),
        (["nuggets", "-b", "mcts:depth=2"], "bad parameters for bot"),
        (["nuggets", "-b", "human"], "'human' cannot enter"),
        (["nuggets"], "at least one bot"),
        (["nuggets", "-b", "random", "-p", "9"], "2-4 players"),
        (["nuggets", "-b", "random", "-o", "rounds=99"], "rounds"),
        (["nowhere", "-b", "random"], "unknown game 'nowhere'"),
        (["nuggets", "-b", "random", "--out", "r.txt"], ".json or .csv"),
        (["nuggets", "-b", "random", "--plot", "p.svg"], "PNG"),
        (["nuggets", "-b", "random", "-j", "0"], "--jobs"),
    ],
)
def test_command_errors_are_clear(args: list[str], message: str) -> None:
    code, text = invoke(*args, "-n", "2")
    assert code == 2
    assert "error:" in text and message in text
