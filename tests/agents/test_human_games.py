"""The terminal prompt in the real games: what a newcomer types is read as they mean it.

Every answer goes through ``HumanAgent.act`` with a scripted keyboard; a refused answer
changes nothing and is asked again.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import motherlode
from motherlode.agents import human as human_module
from motherlode.agents.human import HumanAgent
from motherlode.engine import Action, State


class Script:
    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)

    def __call__(self, prompt: str) -> str:
        assert self.answers, f"asked once more than scripted: {prompt!r}"
        return self.answers.pop(0)


def ask(state: State, seat: int, *answers: str) -> tuple[Action, str]:
    out = io.StringIO()
    agent = HumanAgent(Console(file=out, width=160), ask=Script(list(answers)))
    return agent.act(state, seat), out.getvalue()


def advance(state: State, rng: random.Random, until: Any, limit: int = 3000) -> Any:
    for _ in range(limit):
        if until(state):
            return state
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the situation never came up")


def test_goodwill_a_bare_number_is_the_price() -> None:
    """The issue's trap: with the menu starting at price 0, 13 set the price to $12."""
    state = motherlode.get_game("goodwill").new_state(3, seed=5)
    seat = state.pending()[0]
    before = state.move_count
    action, text = ask(state, seat, "#1", "price 999", "13")
    assert action.notation() == "price 13"
    assert "price N  (N: 0–" in text and "1) price 0" not in text, "one line, not 39"
    assert "A bare number N means 'price N'" in text
    assert "this menu has no numbered lines: type the move" in text
    assert state.move_count == before and not state.committed(), "refusals change nothing"


def test_the_panel_shows_everything_since_the_last_move_or_says_what_it_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = motherlode.get_game("goodwill").new_state(3, seed=5)
    advance(state, random.Random(2), lambda s: len(s.events_for(0)) > 30 and 0 in s.pending())
    events = [e.text for e in state.events_for(0)]
    _, text = ask(state, 0, *_any_move(state, 0))
    assert events[0] in text and events[-1] in text, "no line scrolls out unsaid"
    monkeypatch.setattr(human_module, "PANEL_LINES", 10)
    _, text = ask(state, 0, *_any_move(state, 0))
    left = len(events) - 10
    assert f"… {left} earlier lines left out: type log to see them" in text
    assert events[-1] in text and events[0] not in text


def _any_move(state: State, seat: int) -> list[str]:
    return [state.legal_actions(seat)[0].notation()]


def test_carcassonne_fields_by_position_and_equivalent_rotations() -> None:
    game = motherlode.get_game("carcassonne")
    state = game.new_state(2, seed=5)
    place = state.legal_actions(state.pending()[0])[0]
    state.apply(state.pending()[0], place)
    action, text = ask(state, state.pending()[0], "follower 9", "#3")
    assert "#3 follower 2 — field in the north-west corner" in text
    assert "field all but the north-west corner" in text and "Nw-Wn" not in text
    assert "2 field in the north-west corner" in text, "a feature that is not there: the list"
    assert action.notation() == "follower 2"

    def symmetric(s: State) -> bool:
        tiles = s.tileset  # type: ignore[attr-defined]
        return s.tile >= 0 and any(  # type: ignore[attr-defined]
            tiles.variants[s.tile * 4 + r].same_as != r  # type: ignore[attr-defined]
            for r in range(4)
        )

    state = advance(game.new_state(2, seed=3), random.Random(4), symmetric)
    tiles, tile = state.tileset, state.tile
    turn = next(r for r in range(4) if tiles.variants[tile * 4 + r].same_as != r)
    seat = state.pending()[0]
    same = tiles.variants[tile * 4 + turn].same_as
    legal: list[Any] = state.legal_actions(seat)
    spot = next(a for a in legal if a.rotation == same)
    action, _ = ask(state, seat, f"place {spot.x} {spot.y} {turn}")
    assert action == spot, "a rotation that looks the same is the same placement"


def test_yukon_start_list_targets_and_both_names_of_a_shared_space() -> None:
    game = motherlode.get_game("yukon")
    state = game.new_state(3, seed=5)
    action, text = ask(state, 0, "place 4 1")
    assert "place 4 hour 1–4, 10–12" in text
    menu = text[text.index("your move:") :]
    assert menu.count("place ") < 25, "one line per claim, not 102 lines"
    board = state.board  # type: ignore[attr-defined]
    shared = {
        s: [n for n, t in board.space_at.items() if t == s] for s in set(board.space_at.values())
    }

    def shared_target(s: State) -> bool:
        if s.phase == "placing" or not s.pending():  # type: ignore[attr-defined]
            return False
        legal: list[Any] = s.legal_actions(s.pending()[0])
        return any(
            len(shared[board.space_at[a.claim, a.hour]]) > 1
            for a in legal
            if a.TYPE in ("enter", "move")
        )

    state = advance(game.new_state(3, seed=5), random.Random(1), shared_target)
    seat = state.pending()[0]
    legal: list[Any] = state.legal_actions(seat)
    target = next(
        a
        for a in legal
        if a.TYPE in ("enter", "move") and len(shared[board.space_at[a.claim, a.hour]]) > 1
    )
    other = next(n for n in shared[board.space_at[target.claim, target.hour]]
                 if n != (target.claim, target.hour))  # fmt: skip
    action, text = ask(state, seat, f"{target.TYPE} {other[0]} {other[1]}")
    assert action == target, "the space's other name is the same space"
    assert f"also called {other[0]}:{other[1]}" in text
    assert "a on the map" in text and "where this move may go: type the letter" in text
    first = next(a for a in legal if a.TYPE in ("enter", "move"))
    action, text = ask(state, seat, "z", "a")
    assert action == first, "a target's letter on the map is the move there"
    assert "unknown action 'z'" in text


def test_gonza_rerolls_fold_into_one_line() -> None:
    state = motherlode.get_game("gonza").new_state(3, seed=5)
    seat = state.pending()[0]
    action, text = ask(state, seat, "reroll 9", "reroll 1,3")
    assert action.notation() == "reroll 1,3"
    menu = text[text.index("your move:") :]
    assert menu.count("\n    reroll") == 1 and "reroll any of 1,2,3,4  (e.g. reroll 1,2)" in menu
    assert "the dice are numbered 1 to 5" in text, "a die that is not there: refused"


def _finished(game_id: str, players: int, seed: int) -> State:
    state = motherlode.get_game(game_id).new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize(
    ("game_id", "players"), [("gonza", 3), ("goodwill", 3), ("yukon", 3), ("carcassonne", 2)]
)
def test_the_end_says_how_each_score_adds_up(game_id: str, players: int) -> None:
    """The parts of each seat's score, as the final table shows them, add up to the score."""
    for seed in range(3):
        state = _finished(game_id, players, seed)
        help_ = state.game.prompt
        assert help_ is not None and help_.score_parts is not None
        obs = state.observe(None)
        for seat, score in enumerate(state.scores()):
            text = help_.score_parts(obs, seat)
            # every "a × b = c" counts c; a plain "word n" (or "$n cash") counts n
            terms = [t.split("=")[-1] if "=" in t else t.split()[-1] for t in text.split(" + ")]
            if game_id == "goodwill":
                terms = [text.split(" + ")[0].split()[0], *terms[1:]]
            if game_id == "gonza":
                terms = [text.split(" + ")[0].split()[0], *terms[1:]]
            numbers = [int(t.strip().lstrip("$").removeprefix("+")) for t in terms if t != "staked"]
            assert sum(numbers) == score, (seat, text, score)


def test_play_shows_the_breakdown_in_the_final_table(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from motherlode.cli import app

    args = ["play", "goodwill", "-s", "random", "-s", "random", "-s", "random", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "--save", str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    table = result.output[result.output.index("Final result") :]
    assert "how" in table and "cash + Amber" in table
