"""Checks shared by the games' fitted judges (``judge`` bots, :mod:`motherlode.agents.judge`)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from motherlode.agents import make_agent
from motherlode.engine import Agent, Game


def assert_search_plays_with(game: Game, spec: str, seed: int, moves: int = 6) -> None:
    """The search built from ``spec`` (with ``eval=judge``) makes ``moves`` legal moves of a
    fresh 2-player game."""
    agent = make_agent(spec, game, seed=seed)
    state = game.new_state(2, seed)
    for _ in range(moves):
        seat = state.pending()[0]
        action = agent.act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def judge_with_bad_weights(
    bots: ModuleType,
    text: str,
    title: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> Agent:
    """The game's ``JudgeBot`` built with a shipped weights file holding ``text``: it has no
    weights, and the log names the game and the file."""
    corrupt = tmp_path / "judge.toml"
    corrupt.write_text(text)
    monkeypatch.setattr(bots, "JUDGE_FILE", corrupt)
    with caplog.at_level("WARNING"):
        judge: Agent = bots.JudgeBot(seed=1)
    assert judge.weights is None  # type: ignore[attr-defined]
    assert f"{title} judge" in caplog.text and str(corrupt) in caplog.text
    assert "judges as the heuristic does" in caplog.text
    return judge
