"""Hand-built Carcassonne positions for the rule tests.

``lay`` puts tiles (and followers) on the map directly, as if earlier turns had placed
them; ``deal`` makes a chosen tile the one just drawn; the decisive turn is then played
with real actions through ``apply``, so scoring runs exactly as in a game.
"""

from __future__ import annotations

from motherlode.engine import Action, get_game
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.components import KINDS
from motherlode.games.carcassonne.geometry import HALVES, OPPOSITE, SIDES, STEP, pack
from motherlode.games.carcassonne.rules import PLACE, CarcassonneState

__all__ = [
    "Follower",
    "GoldBar",
    "Pass",
    "Place",
    "TakeGold",
    "deal",
    "feature",
    "gold",
    "lay",
    "new_game",
    "play",
    "stack",
    "stand",
]


def new_game(players: int = 2, goldmines: bool = True, **options: object) -> CarcassonneState:
    state = get_game("carcassonne").new_state(
        players, seed=1, options={"goldmines": goldmines, **options}
    )
    assert isinstance(state, CarcassonneState)
    return state


def feature(state: CarcassonneState, tile_id: str, kind: str, where: str = "") -> int:
    """The index of the ``kind`` feature of a tile (north up) reaching edge or half ``where``."""
    tile = state.tileset.by_id[tile_id]
    for i, f in enumerate(tile.features):
        if KINDS[f.kind] != kind:
            continue
        names = [SIDES[s] for s in f.sides] + [HALVES[h] for h in f.halves]
        if not where or where in names:
            return i
    raise AssertionError(f"{tile_id} has no {kind} at {where!r}")


def _take_from_bag(state: CarcassonneState, tile_id: str) -> int:
    index = state.tileset.by_id[tile_id].index
    if index in state.bag:
        state.bag.remove(index)
    return index


def lay(
    state: CarcassonneState,
    x: int,
    y: int,
    tile_id: str,
    rotation: int = 0,
    *followers: tuple[int, int],
) -> None:
    """Put a tile on the map as an earlier turn would have, with (seat, feature) followers.

    The edges must match the tiles already around it (checked), as in a real game.
    """
    index = _take_from_bag(state, tile_id)
    variant = state.tileset.variants[index * 4 + rotation]
    pos = pack(x, y)
    assert pos not in state.board, f"({x}, {y}) is taken"
    for side in range(4):
        neighbour = state.board.get(pos + STEP[side])
        if neighbour is not None:
            other = state.tileset.variants[state.placed[neighbour][1]]
            assert other.edges[OPPOSITE[side]] == variant.edges[side], (
                f"{tile_id} at ({x}, {y}) does not match its {SIDES[side]} neighbour"
            )
    k = state._lay(pos, index * 4 + rotation)
    base = state.placed[k][2]
    for seat, f in followers:
        state._stand(seat, base + f)


def stand(state: CarcassonneState, x: int, y: int, seat: int, feature: int) -> None:
    """A follower of ``seat`` already standing on feature ``feature`` of the tile at (x, y)."""
    state._stand(seat, state.placed[state.board[pack(x, y)]][2] + feature)


def stack(state: CarcassonneState, *tile_ids: str) -> None:
    """The next tiles drawn from the bag will be these, in this order."""
    for tile_id in reversed(tile_ids):
        state.bag.append(_take_from_bag(state, tile_id))


def gold(state: CarcassonneState, x: int, y: int, bars: int) -> None:
    """Gold bars lying on the tile at (x, y), as earlier gold tiles would have left them."""
    pos = pack(x, y)
    assert pos in state.board
    state.gold_on[pos] = state.gold_on.get(pos, 0) + bars


def deal(
    state: CarcassonneState, tile_id: str, *, seat: int | None = None, last: bool = False
) -> None:
    """Make ``tile_id`` the tile just drawn by the active player (or by ``seat``, whose turn
    it becomes); ``last``: it is the last tile of the game."""
    assert state.phase == PLACE
    if seat is not None:
        state.active = seat
    state.bag.append(state.tile)
    index = _take_from_bag(state, tile_id)
    if last:
        state.bag.clear()
    state.tile = index
    state._choices = state._placements(index)
    state._asked = (state.active,)
    state._legal_cache = None
    assert state._choices, f"{tile_id} fits nowhere"


def play(state: CarcassonneState, *actions: Action) -> None:
    """The active player's actions for this turn, through the public ``apply``."""
    for action in actions:
        (seat,) = state.pending()
        state.apply(seat, action)
