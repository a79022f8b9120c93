"""The engine contract, checked by the conformance kit for 2-5 players, with and without
Minister AI players."""

from typing import Any, ClassVar

from motherlode.testing import ConformanceSuite


class TestConformance(ConformanceSuite):
    game_id = "gonza"
    random_games = 8
    deep_games = 1


class TestConformanceWithMinister(ConformanceSuite):
    """A human against Minister AI players: its turns, its ties decided by the human."""

    game_id = "gonza"
    player_counts = (3,)
    options: ClassVar[dict[str, Any]] = {"minister": "2,3", "minister_rolls": 2, "event_cards": 3}
    random_games = 10
    deep_games = 1


class TestConformanceAllMinisters(ConformanceSuite):
    """Every seat a Minister AI: ties drawn from the game's seed, nobody is asked."""

    game_id = "gonza"
    player_counts = (3,)
    options: ClassVar[dict[str, Any]] = {"minister": "1,2,3"}
    random_games = 6
    deep_games = 1
