"""The engine contract (motherlode.testing) for Goodwill, 3 to 6 players."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from motherlode.testing import ConformanceSuite


class TestConformance(ConformanceSuite):
    """The whole kit at 3 to 6 players.

    Its step-by-step check compares ~15 fingerprints of every view and the whole log at
    every step of a game: 4 to 25 s of CPU a game from 3 to 6 players.  It runs for every
    player count in the soak run; ``make test`` runs it at 3 and 4 players
    (TestConformanceStepByStep).
    """

    game_id = "goodwill"
    random_games = 12
    deep_games = 1

    @pytest.mark.soak
    def test_every_step_in_depth(self) -> None:
        super().test_every_step_in_depth()


class TestConformanceStepByStep(ConformanceSuite):
    """Every check of the kit, step by step included, at 3 and 4 players with dividends."""

    game_id = "goodwill"
    player_counts = (3, 4)
    options: ClassVar[dict[str, Any]] = {"dividends": True}
    random_games = 3
    deep_games = 1
