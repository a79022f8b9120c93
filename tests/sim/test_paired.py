"""bench/paired.py: two runs of one match compared deal by deal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bench import paired


def run(path: Path, firsts: list[tuple[int, tuple[int, ...], list[list[int]]]]) -> Path:
    """An arena file of 3-player games: (deal seed, line-up, ranking by seat)."""
    games: list[dict[str, Any]] = [
        {
            "index": i,
            "seed": seed,
            "bot_seed": seed + 1,
            "lineup": list(lineup),
            "scores": [0.0, 0.0, 0.0],
            "ranking": ranking,
            "moves": 10,
        }
        for i, (seed, lineup, ranking) in enumerate(firsts)
    ]
    data = {"game": "goodwill", "bots": ["a", "b", "c"], "players": 3, "seed": 0, "games": games}
    path.write_text(json.dumps(data))
    return path


def test_games_pair_by_deal_and_seating_and_ties_share(tmp_path: Path) -> None:
    before = run(
        tmp_path / "before.json",
        [
            (1, (0, 1, 2), [[0], [1], [2]]),  # won
            (1, (1, 2, 0), [[0], [1], [2]]),  # lost (entrant 0 sits in seat 2)
            (2, (0, 1, 2), [[0, 1], [2]]),  # shared first: half a win
            (3, (0, 1, 2), [[1], [0], [2]]),  # only in this run
        ],
    )
    after = run(
        tmp_path / "after.json",
        [
            (1, (1, 2, 0), [[2], [0], [1]]),  # now won
            (1, (0, 1, 2), [[0], [1], [2]]),  # still won
            (2, (0, 1, 2), [[1], [0], [2]]),  # now lost
        ],
    )
    shares = paired.win_shares(paired.load([before]), bot=0)
    assert shares[(2, (0, 1, 2))] == 0.5
    result = paired.compare(shares, paired.win_shares(paired.load([after]), bot=0))
    assert (result.games, result.before, result.after) == (3, 1.5, 2.0)
    assert (result.better, result.worse) == (1, 1)
    assert result.p_value == 1.0


def test_the_sign_test_is_exact_and_two_sided() -> None:
    assert paired.sign_test(0, 0) == 1.0
    assert paired.sign_test(5, 0) == pytest.approx(2 / 32)
    assert paired.sign_test(0, 5) == pytest.approx(2 / 32)
    # the GOLDFIX bids change: 23 games better, 9 worse (docs/bots.md)
    assert paired.sign_test(23, 9) == pytest.approx(0.0200, abs=5e-4)


def test_a_game_twice_or_a_missing_entrant_is_refused(tmp_path: Path) -> None:
    twice = run(tmp_path / "twice.json", [(1, (0, 1, 2), [[0]]), (1, (0, 1, 2), [[1]])])
    with pytest.raises(SystemExit, match="in twice"):
        paired.win_shares(paired.load([twice]), bot=0)
    with pytest.raises(SystemExit, match="entrants 0 to 2"):
        paired.win_shares(paired.load([twice]), bot=3)


def test_the_command_line_prints_the_split(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = run(tmp_path / "a.json", [(1, (0, 1, 2), [[1], [0], [2]])])
    b = run(tmp_path / "b.json", [(1, (0, 1, 2), [[0], [1], [2]])])
    assert paired.main(["--before", str(a), "--after", str(b)]) == 0
    assert (
        "1 paired games: 0 wins before, 1 after; better in 1, worse in 0" in capsys.readouterr().out
    )
    c = run(tmp_path / "c.json", [(9, (0, 1, 2), [[0]])])
    assert paired.main(["--before", str(a), "--after", str(c)]) == 1
