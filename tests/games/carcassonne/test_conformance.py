"""The engine contract, checked by the conformance kit for 2-5 players, with and without
The Goldmines."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from motherlode.engine import Action, State
from motherlode.games.carcassonne.actions import Follower, GoldBar, Place, TakeGold
from motherlode.games.carcassonne.geometry import unpack
from motherlode.games.carcassonne.rules import CarcassonneState
from motherlode.testing import ConformanceSuite


class CarcassonneConformance(ConformanceSuite):
    """The kit, with candidate illegal actions drawn near the play rather than by listing
    the whole action space (76,000 actions) at every step, which would dominate the run."""

    def candidate_actions(self, state: State) -> list[Action]:
        assert isinstance(state, CarcassonneState)
        rng = random.Random(state.move_count)
        near: list[Action] = []
        for pos in list(state.frontier)[:6]:
            x, y = unpack(pos)
            near += [Place(x, y, r) for r in range(4)]
        for pos in list(state.board)[-3:]:
            x, y = unpack(pos)
            near += [Place(x, y, 0), GoldBar(x, y), TakeGold(x, y)]
        near += [Follower(f) for f in range(state.tileset.max_features)]
        rng.shuffle(near)
        space = self.game.action_space(state.num_players, state.options)
        far = [space.action(rng.randrange(space.size)) for _ in range(10)]
        return [a for a in near + far if state.goldmines or a.TYPE not in ("gold", "take")][:30]


class TestConformance(CarcassonneConformance):
    game_id = "carcassonne"
    random_games = 6
    deep_games = 1


class TestConformanceBaseGame(CarcassonneConformance):
    """The base game alone, at one player count (the checks do not depend on it)."""

    game_id = "carcassonne"
    options: ClassVar[dict[str, Any]] = {"goldmines": False}
    player_counts = (3,)
    random_games = 6
    deep_games = 1
