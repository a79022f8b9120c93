"""The engine contract, checked by the conformance kit for 3 to 6 players.

The kit's in-depth test fingerprints every step, the whole log included, so its cost grows
with the square of a game's length; a short stalemate keeps those games to a few hundred
steps.  Full-length games are checked for the rules' invariants in test_invariants.py.
"""

from typing import Any, ClassVar

from motherlode.testing import ConformanceSuite


class TestConformance(ConformanceSuite):
    game_id = "yukon"
    options: ClassVar[dict[str, Any]] = {"stalemate_rounds": 5}
    random_games = 4
    deep_games = 1
