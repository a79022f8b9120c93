"""The game registry: lookup, clear errors, duplicates, and entry-point plugins."""

from __future__ import annotations

import dataclasses
import importlib
from importlib.metadata import EntryPoint
from typing import Any

import pytest

import motherlode
from motherlode.engine import Game, UnknownGame, games, get_game, register, registry
from tests.engine import nuggets

PLUGGED = dataclasses.replace(nuggets.GAME, id="plugged", title="Plugged In")
"""A game that another package would declare under the entry-point group."""

NOT_A_GAME = {"id": "fake"}


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A private copy of the registry's state; monkeypatch puts the real one back."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded_entry_points", False)
    monkeypatch.setattr(registry, "_broken", {})
    return monkeypatch


def fake_entry_points(*eps: EntryPoint) -> Any:
    def entry_points(*, group: str) -> list[EntryPoint]:
        assert group == "motherlode.games"
        return list(eps)

    return entry_points


def ep(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group="motherlode.games")


def test_games_and_get_game() -> None:
    assert "nuggets" in games()
    assert games() == sorted(games())
    game = get_game("nuggets")
    assert game is nuggets.GAME
    assert motherlode.get_game("nuggets") is game
    assert (game.id, game.title, game.min_players, game.max_players) == (
        "nuggets",
        "Sealed Nuggets (test fixture)",
        2,
        4,
    )


def test_the_public_games_function_survives_loading_a_game() -> None:
    importlib.import_module("motherlode.games")  # what loading a real game's entry point does
    assert motherlode.games() == games()


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'; known games: .*nuggets"):
        get_game("chess")
    assert issubclass(UnknownGame, motherlode.MotherlodeError)


def test_unknown_game_with_nothing_installed(isolated: pytest.MonkeyPatch) -> None:
    isolated.setattr(registry, "_registered", {})
    isolated.setattr(registry, "entry_points", fake_entry_points())
    assert games() == []
    with pytest.raises(UnknownGame, match="unknown game 'nuggets'; known games: none installed"):
        get_game("nuggets")


def test_a_second_game_with_the_same_id_is_refused(isolated: pytest.MonkeyPatch) -> None:
    impostor = dataclasses.replace(nuggets.GAME, title="Impostor")
    with pytest.raises(ValueError, match="a game with id 'nuggets' is already registered"):
        register(impostor)
    assert get_game("nuggets") is nuggets.GAME
    assert register(nuggets.GAME) is nuggets.GAME, "registering the same game again is harmless"
    assert register(impostor, replace=True) is impostor
    assert get_game("nuggets") is impostor
    registry.unregister("nuggets")
    assert "nuggets" not in games()


def test_registry_state_is_restored_after_isolation() -> None:
    assert get_game("nuggets") is nuggets.GAME
    assert "plugged" not in games()


def test_entry_points_add_games(isolated: pytest.MonkeyPatch) -> None:
    before = set(registry._registered)
    isolated.setattr(
        registry, "entry_points", fake_entry_points(ep("plugged", f"{__name__}:PLUGGED"))
    )
    assert games() == sorted(before | {"plugged"})
    game = get_game("plugged")
    assert game is PLUGGED and isinstance(game, Game)
    state = game.new_state(2, 1)
    assert state.observe(None)["game"] == "plugged"
    assert state.record().game == "plugged"


def test_entry_points_load_once(isolated: pytest.MonkeyPatch) -> None:
    calls = []

    def entry_points(*, group: str) -> list[EntryPoint]:
        calls.append(group)
        return [ep("plugged", f"{__name__}:PLUGGED")]

    isolated.setattr(registry, "entry_points", entry_points)
    games()
    get_game("plugged")
    games()
    assert calls == ["motherlode.games"]


def test_an_explicit_registration_is_kept_over_an_entry_point(
    isolated: pytest.MonkeyPatch,
) -> None:
    mine = dataclasses.replace(PLUGGED, title="Mine")
    register(mine)
    isolated.setattr(
        registry, "entry_points", fake_entry_points(ep("plugged", f"{__name__}:PLUGGED"))
    )
    assert get_game("plugged") is mine


def test_an_entry_point_that_is_not_a_game(isolated: pytest.MonkeyPatch) -> None:
    isolated.setattr(
        registry, "entry_points", fake_entry_points(ep("fake", f"{__name__}:NOT_A_GAME"))
    )
    assert "fake" not in games()  # a broken game package does not hide the others
    with pytest.raises(UnknownGame, match="'fake' is installed but cannot be loaded: TypeError"):
        get_game("fake")


def test_an_entry_point_whose_name_is_not_the_game_id(isolated: pytest.MonkeyPatch) -> None:
    isolated.setattr(
        registry, "entry_points", fake_entry_points(ep("other", f"{__name__}:PLUGGED"))
    )
    assert "other" not in games() and "plugged" not in games()
    with pytest.raises(UnknownGame, match="has the id 'plugged'"):
        get_game("other")


def test_a_game_that_fails_to_import_does_not_hide_the_others(
    isolated: pytest.MonkeyPatch,
) -> None:
    isolated.setattr(
        registry,
        "entry_points",
        fake_entry_points(
            ep("broken", "motherlode.no_such_module:GAME"), ep("plugged", f"{__name__}:PLUGGED")
        ),
    )
    assert "plugged" in games()
    with pytest.raises(UnknownGame, match="cannot be loaded: ModuleNotFoundError"):
        get_game("broken")
