"""The fixed integer action space, numbered by arithmetic (it is too large to list).

Squares are those a tile can ever reach: within Manhattan distance ``reach`` of the start
tile (``reach`` = tiles in the bag), numbered row by row.  The space is, in order:
``place`` for every square and rotation, ``follower`` for every feature number, ``pass``,
and with The Goldmines ``gold`` and ``take`` for every square.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from motherlode.engine import Action, ActionSpace, BadAction, GameOptions
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import load_tileset
from motherlode.games.carcassonne.geometry import within_reach
from motherlode.games.carcassonne.options import CarcassonneOptions


class CarcassonneActionSpace(ActionSpace):
    def __init__(self, reach: int, features: int, goldmines: bool) -> None:
        super().__init__(())
        self.reach = reach
        self.features = features
        self.goldmines = goldmines
        # first square number of each row y = -reach .. reach
        self._rows: list[int] = []
        total = 0
        for y in range(-reach, reach + 1):
            self._rows.append(total)
            total += 2 * (reach - abs(y)) + 1
        self.squares = total
        self._follower = 4 * total
        self._pass = self._follower + features
        self._gold = self._pass + 1
        self._take = self._gold + total
        self._size = self._take + total if goldmines else self._gold
        self._made: dict[int, Action] = {}

    @property
    def size(self) -> int:
        return self._size

    def square(self, x: int, y: int) -> int:
        if not within_reach(x, y, self.reach):
            raise BadAction(f"square ({x}, {y}) is beyond the reach of any tile")
        row = y + self.reach
        return self._rows[row] + x + self.reach - abs(y)

    def _xy(self, square: int) -> tuple[int, int]:
        row = bisect_right(self._rows, square) - 1
        y = row - self.reach
        return square - self._rows[row] - (self.reach - abs(y)), y

    def index(self, action: Action) -> int:
        if isinstance(action, Place) and 0 <= action.rotation <= 3:
            return 4 * self.square(action.x, action.y) + action.rotation
        if isinstance(action, Follower) and 0 <= action.feature < self.features:
            return self._follower + action.feature
        if isinstance(action, Pass):
            return self._pass
        if self.goldmines and isinstance(action, GoldBar):
            return self._gold + self.square(action.x, action.y)
        if self.goldmines and isinstance(action, TakeGold):
            return self._take + self.square(action.x, action.y)
        raise BadAction(f"{action} has no index in this game's action space")

    def action(self, index: int) -> Action:
        made = self._made.get(index)
        if made is not None:
            return made
        if not 0 <= index < self._size:
            raise BadAction(f"action index {index} is outside 0..{self._size - 1}")
        action: Action
        if index < self._follower:
            x, y = self._xy(index // 4)
            action = Place(x, y, index % 4)
        elif index < self._pass:
            action = Follower(index - self._follower)
        elif index == self._pass:
            action = Pass()
        elif index < self._take:
            action = GoldBar(*self._xy(index - self._gold))
        else:
            action = TakeGold(*self._xy(index - self._take))
        self._made[index] = action
        return action


@lru_cache(maxsize=16)
def _space(reach: int, features: int, goldmines: bool) -> CarcassonneActionSpace:
    return CarcassonneActionSpace(reach, features, goldmines)


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    """The action space for these options (the same for every player count)."""
    assert isinstance(options, CarcassonneOptions)
    tiles = load_tileset(options.components)
    return _space(tiles.reach(options.expansions), tiles.max_features, options.goldmines)
