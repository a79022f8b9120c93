"""Difficulty levels: what each means in every game, how a game's own values and a spec's
overrides combine, and how the web server treats them."""

from __future__ import annotations

from pathlib import Path

import pytest

import motherlode
from motherlode.agents import levels
from motherlode.agents.mcts import MCTSAgent
from motherlode.agents.specs import bot_names, check_agent, make_agent, parse_spec
from motherlode.engine import BadOptions
from motherlode.web.bots import is_quick, limit_spec

REAL = ("carcassonne", "goldfix", "gonza", "goodwill", "yukon")
GAMES = [motherlode.get_game(g) for g in REAL]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_offers_the_four_levels_first(game: motherlode.Game) -> None:
    names = bot_names(game)
    assert names[:4] == ["beginner", "casual", "strong", "expert"]
    assert "policy" not in names
    described = levels.describe(game)
    assert [d["name"] for d in described] == names[:4]
    assert all(d["sentence"].endswith(".") for d in described)
    for name in names[:4]:
        check_agent(name, game)  # builds, with everything it will use


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_level_is_the_bot_underneath_with_the_games_settings(game: motherlode.Game) -> None:
    casual = make_agent("casual", game, seed=1)
    assert type(casual) is type(make_agent("heuristic", game, seed=1))
    strong = make_agent("strong", game, seed=1)
    _, params = levels.expand("strong", {}, game)
    assert isinstance(strong, MCTSAgent) and strong.ms == params["ms"]
    # the game's search settings, unless its levels.toml tuned them
    assert params["cutoff"] == levels.tuned(game, "strong").get(
        "cutoff", game.search_defaults["cutoff"]
    )
    assert strong.cutoff == params["cutoff"]
    expert = make_agent("expert:ms=250", game, seed=1)
    assert isinstance(expert, MCTSAgent) and expert.ms == 250
    # the learned evaluator, unless the game's levels.toml says it does not help there
    assert expert.eval == levels.tuned(game, "expert").get("eval", "learned")
    beginner = make_agent("beginner", game, seed=1)
    # a handful of iterations: the levels' 24, unless the game's levels.toml says fewer
    iters = levels.tuned(game, "beginner").get("iters", 24)
    assert iters <= 24
    assert isinstance(beginner, MCTSAgent) and beginner.iters == iters and beginner.ms is None


def test_beginner_plays_a_whole_game_of_legal_moves() -> None:
    game = motherlode.get_game("gonza")
    bots = [make_agent("beginner", game, seed=s) for s in range(2)]
    state = game.new_state(2, seed=5)
    while not state.is_over():
        seat = state.pending()[0]
        action = bots[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_games_levels_file_sits_between_the_defaults_and_the_spec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = motherlode.get_game("gonza")
    (tmp_path / "levels.toml").write_text(
        "[strong]\nms = 450\nc = 0.5\n\n[ratings]\nstrong = {mu = 30.5, sigma = 1.25}\n"
    )
    monkeypatch.setattr(levels, "data_folder", lambda g: tmp_path)
    levels._levels_file.cache_clear()
    try:
        name, params = levels.expand("strong", {}, game)
        assert name == "mcts" and params["ms"] == 450 and params["c"] == 0.5
        assert params["cutoff"] == game.search_defaults["cutoff"]
        _, params = levels.expand("strong", {"ms": 100}, game)
        assert params["ms"] == 100
        assert levels.rating(game, "strong") == {"mu": 30.5, "sigma": 1.25}
        assert levels.rating(game, "expert") is None
        strong = next(d for d in levels.describe(game) if d["name"] == "strong")
        assert strong["ms"] == 450 and strong["rating"] == {"mu": 30.5, "sigma": 1.25}
    finally:
        levels._levels_file.cache_clear()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("casual:ms=5", "the casual level takes no parameters"),
        ("strong:tuned=0", "always uses the game's search settings"),
        ("expert:ms=0", "mcts parameter ms must be at least 1"),
        ("strong:colour=3", "it takes no colour"),
    ],
)
def test_bad_level_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_agent(spec, motherlode.get_game("gonza"), seed=1)


def test_the_web_thinks_with_searching_levels_in_the_search_lane_within_its_limit() -> None:
    assert is_quick(parse_spec("casual")) and is_quick(parse_spec("heuristic"))
    for name in ("beginner", "strong", "expert"):
        assert not is_quick(parse_spec(name))
    # a level keeps its own time within the operator's limit, and is capped above it
    assert limit_spec(parse_spec("strong"), 2.0) == parse_spec("strong")
    assert limit_spec(parse_spec("expert"), 0.5).params["ms"] == 500
    assert limit_spec(parse_spec("beginner"), 2.0).params == {"ms": 2000.0}  # and its 24 iterations
    with pytest.raises(BadOptions, match="expert ms is at most 500"):
        limit_spec(parse_spec("expert:ms=900"), 0.5)
    assert limit_spec(parse_spec("casual"), 0.5) == parse_spec("casual")
