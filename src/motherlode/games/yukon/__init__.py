"""Gold am Yukon (Reinhold Wittig, Amigo 1991) for 3-6 players: the game ``yukon``.

Teams of 12 gold-diggers crawl as caterpillars round the rings of 37 claims; surround a claim
to stake it.  Rules in :mod:`.rules`, the board in :mod:`.board` and ``data/board.toml``,
notes and every ambiguity in ``docs/yukon.md``.
"""

from __future__ import annotations

from functools import lru_cache

from motherlode.engine import ActionSpace, Game, GameOptions
from motherlode.games.yukon.actions import ACTION_TYPES, actions_for
from motherlode.games.yukon.bots import HeuristicBot
from motherlode.games.yukon.components import Board
from motherlode.games.yukon.options import YukonOptions
from motherlode.games.yukon.render import PROMPT, render
from motherlode.games.yukon.rules import YukonState


@lru_cache(maxsize=16)
def _board_action_space(board: Board) -> ActionSpace:
    return ActionSpace(actions_for(board).all_actions())


def action_space(num_players: int, options: GameOptions) -> ActionSpace:
    """Every action the board allows: places, enters, leads, moves per space, stakes, pass.

    The same for every player count (905 actions on the built-in board).
    """
    assert isinstance(options, YukonOptions)
    return _board_action_space(options.load_board())


GAME = Game(
    id="yukon",
    title="Gold am Yukon",
    min_players=3,
    max_players=6,
    state_class=YukonState,
    options_class=YukonOptions,
    action_types=ACTION_TYPES,
    rules_version="1",
    summary="Teams of gold-diggers crawl round the claims; surround one to stake its nuggets.",
    action_space_factory=action_space,
    render=render,
    prompt=PROMPT,
    bots={"heuristic": HeuristicBot},
    sample_moves=24,
    search_defaults={"rollout": "heuristic", "cutoff": 20, "bias": 1},
)

__all__ = ["GAME", "HeuristicBot", "YukonOptions", "YukonState"]
