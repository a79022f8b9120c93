"""Gonza Index (Cogito Ergo Meeple, 2022): dice, stocks and broker auctions, for 2-5 players,
with the rulebook's Minister AI.  See docs/gonza.md."""

from motherlode.engine import Game
from motherlode.games.gonza.actions import ACTION_TYPES
from motherlode.games.gonza.bots import HeuristicBot, MinisterBot
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.render import render
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.space import action_space

GAME = Game(
    id="gonza",
    title="Gonza Index",
    min_players=2,
    max_players=5,
    state_class=GonzaState,
    options_class=GonzaOptions,
    action_types=ACTION_TYPES,
    rules_version="1",
    summary="Roll five dice to trade stocks of space corporations and bid for broker cards.",
    action_space_factory=action_space,
    render=render,
    bots={"minister": MinisterBot, "heuristic": HeuristicBot},
)

__all__ = ["GAME", "GonzaOptions", "GonzaState"]
