"""The learned evaluator: training it (``motherlode train --quick``), the files it lives in,
what it may read, and the search that uses it."""

from __future__ import annotations

import logging
import random
import zipfile
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import motherlode
from motherlode.agents import mcts as mcts_module
from motherlode.agents.mcts import MCTSAgent
from motherlode.agents.specs import check_agent, make_agent
from motherlode.cli import app
from motherlode.engine import BadOptions, State
from motherlode.rl import value as value_module
from motherlode.rl.tensors import encoder
from motherlode.rl.value import BadValueFile, LearnedEvaluator, ValueNet, fingerprint

GONZA = motherlode.get_game("gonza")

pytestmark = pytest.mark.jax  # the quick training imports JAX (see the marker in pyproject)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One quick training run for the whole module (about ten seconds)."""
    out = tmp_path_factory.mktemp("train") / "gonza"
    result = CliRunner().invoke(app, ["train", "gonza", "--quick", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "evaluator written" in result.output
    return out / "evaluator.npz"


def test_quick_training_makes_a_loadable_evaluator(trained: Path) -> None:
    net = ValueNet.load(trained)
    assert net.game == "gonza"
    assert net.layout == fingerprint(encoder(GONZA, 2).layout())
    assert net.inputs == encoder(GONZA, 2).size
    assert net.info["games"] > 0 and net.info["positions"] > 0
    assert net.info["command"] == "motherlode train gonza --quick --players 2 --seed 0"
    assert trained.stat().st_size < 5 * 1024 * 1024
    folder = trained.parent
    for k in range(2):  # every round left its data, its evaluator and its figures
        for suffix in ("samples.npz", "value.npz", "json"):
            assert (folder / f"round-{k}.{suffix}").is_file()


def test_training_resumes_from_its_folder(trained: Path) -> None:
    before = ValueNet.load(trained)
    again = CliRunner().invoke(app, ["train", "gonza", "--quick", "--out", str(trained.parent)])
    assert again.exit_code == 0, again.output
    assert "kept from before" in again.output
    kept = ValueNet.load(trained)
    assert [w.tobytes() for w, _ in kept.layers] == [w.tobytes() for w, _ in before.layers]
    other = CliRunner().invoke(
        app, ["train", "gonza", "--quick", "--seed", "5", "--out", str(trained.parent)]
    )
    assert other.exit_code == 2
    assert "holds a run with other settings (fit, seed)" in " ".join(other.output.split())


def test_the_expert_search_uses_the_learned_evaluator(trained: Path) -> None:
    agent = make_agent(f"expert:iters=30,value={trained}", GONZA, seed=1)
    assert isinstance(agent, MCTSAgent)
    _, evaluator, _, _ = agent.bind(GONZA)
    assert isinstance(evaluator, LearnedEvaluator)
    calls = []
    original = evaluator.net.predict

    def counting(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        calls.append(x.shape)
        return original(x)

    evaluator.net.predict = counting  # type: ignore[method-assign]
    try:
        state = GONZA.new_state(2, seed=3)
        while not state.is_over() and not calls:
            seat = state.pending()[0]
            action = agent.act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    finally:
        evaluator.net.predict = original  # type: ignore[method-assign]
    assert calls and calls[0] == (2, encoder(GONZA, 2).size)


def _states(game_id: str, players: int, count: int) -> list[State]:
    """Positions along a few random games (secret decisions half made included)."""
    game = motherlode.get_game(game_id)
    rng = random.Random(7)
    out: list[State] = []
    for seed in range(3):
        state = game.new_state(players, seed=seed)
        while not state.is_over() and len(out) < count * (seed + 1):
            if rng.random() < 0.3:
                out.append(state.clone())
            seat = state.pending()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("gonza", 2), ("goodwill", 3), ("goldfix", 3), ("carcassonne", 2), ("yukon", 3)],
)
def test_the_evaluator_reads_only_each_seats_own_view(game_id: str, players: int) -> None:
    """The net's row for a seat is that seat's observation tensor: the same for every world
    the seat cannot tell from the real one, and equal to the reference encoding of
    ``observe(seat)``, on which tests/rl states the leak properties."""
    game = motherlode.get_game(game_id)
    enc = encoder(game, players)
    net = _random_net(game_id, enc.size, fingerprint(enc.layout()))
    evaluator = LearnedEvaluator(net, game)
    rng = random.Random(1)
    for state in _states(game_id, players, 12):
        rows = evaluator.inputs(state)
        for seat in range(players):
            reference = enc.encode(state.observe(seat))
            assert np.array_equal(rows[seat], reference)
            world = state.determinize(seat, rng)
            assert np.array_equal(evaluator.inputs(world)[seat], rows[seat])


def _random_net(game: str, inputs: int, layout: str) -> ValueNet:
    rng = np.random.default_rng(0)
    layers = [
        (rng.standard_normal((inputs, 8)).astype(np.float32) * 0.1, np.zeros(8, np.float32)),
        (rng.standard_normal((8, 2)).astype(np.float32), np.zeros(2, np.float32)),
    ]
    return ValueNet(game, layout, layers, 10.0)


def test_a_corrupt_or_foreign_file_is_refused_with_a_clear_error(
    tmp_path: Path, trained: Path
) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"this is not a zip file")
    with pytest.raises(BadOptions, match="not a readable evaluator file"):
        check_agent(f"expert:value={junk}", GONZA)
    # a real zip without the header, and one whose arrays were tampered with
    bare = tmp_path / "bare.npz"
    np.savez(bare, w0=np.zeros((3, 2)))
    with pytest.raises(BadOptions, match="not a readable evaluator file"):
        check_agent(f"expert:value={bare}", GONZA)
    broken = tmp_path / "broken.npz"
    with zipfile.ZipFile(trained) as src, zipfile.ZipFile(broken, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "w1.npy":
                data = data[:-40]
            dst.writestr(item, data)
    with pytest.raises(BadOptions, match="evaluator file"):
        check_agent(f"expert:value={broken}", GONZA)
    with pytest.raises(BadOptions, match=r"ends in \.npz"):
        check_agent(f"expert:value={tmp_path / 'x.txt'}", GONZA)
    with pytest.raises(BadOptions, match="no evaluator file"):
        check_agent(f"expert:value={tmp_path / 'missing.npz'}", GONZA)
    with pytest.raises(BadOptions, match="trained for gonza, not Goodwill"):
        # (Goodwill's expert values by the score: the learned evaluator is asked for by name)
        check_agent(f"expert:eval=learned,value={trained}", motherlode.get_game("goodwill"))
    with pytest.raises(BadOptions, match="give eval=learned"):
        check_agent(f"mcts:value={trained}", GONZA)


def test_a_file_for_another_layout_is_refused_when_named(tmp_path: Path, trained: Path) -> None:
    net = ValueNet.load(trained)
    net.layout = "0" * 16
    other = tmp_path / "other.npz"
    net.save(other)
    agent = make_agent(f"mcts:iters=20,cutoff=5,eval=learned,value={other}", GONZA, seed=1)
    with pytest.raises(BadValueFile, match="another tensor layout"):
        agent.act(GONZA.new_state(2, seed=1), 0)


def test_a_shipped_evaluator_that_does_not_fit_falls_back(
    tmp_path: Path, trained: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    net = ValueNet.load(trained)
    net.layout = "0" * 16  # as if trained with other options
    shipped = tmp_path / "evaluator.npz"
    net.save(shipped)
    monkeypatch.setattr(value_module, "shipped_path", lambda game: shipped)
    agent = make_agent("expert:iters=30", GONZA, seed=2)
    state = GONZA.new_state(2, seed=4)
    with caplog.at_level(logging.WARNING, logger="motherlode.agents"):
        for _ in range(6):
            seat = state.pending()[0]
            state.apply(seat, agent.act(state, seat))
    assert "another tensor layout" in caplog.text
    # a shipped file that cannot be read at all: logged, and the search plays without it
    shipped.write_bytes(b"garbage")
    caplog.clear()
    monkeypatch.setattr(mcts_module, "_WARNED", set())
    with caplog.at_level(logging.WARNING, logger="motherlode.agents"):
        fresh = make_agent("expert:iters=10", GONZA, seed=3)
        seat = state.pending()[0]
        assert fresh.act(state, seat) in state.legal_actions(seat)
    assert "no learned evaluator" in caplog.text


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    net = _random_net("gonza", 20, "abc")
    net.info = {"command": "motherlode train gonza", "seed": 3}
    net.save(tmp_path / "v.npz")
    again = ValueNet.load(tmp_path / "v.npz")
    assert again.info == net.info and again.margin_scale == 10.0
    x = np.random.default_rng(1).standard_normal((4, 20)).astype(np.float32)
    win, margin = again.predict(x)
    assert win.shape == (4,) and np.all((win > 0) & (win < 1))
    np.testing.assert_allclose(margin, net.predict(x)[1], rtol=1e-2, atol=1e-2)  # float16
