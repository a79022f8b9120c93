"""Gonza Index (Cogito Ergo Meeple, 2022): dice, stocks and broker auctions, for 2-5 players,
with the rulebook's Minister AI.  See docs/gonza.md."""

from collections.abc import Sequence

from motherlode.engine import Game
from motherlode.games.gonza.actions import ACTION_TYPES
from motherlode.games.gonza.bots import HeuristicBot, JudgeBot, MinisterBot
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.render import PROMPT, render
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.space import action_space


def minister_seats(agents: Sequence[str]) -> dict[str, str]:
    """A seat played by the ``minister`` bot is a Minister AI player of SOLO PLAY."""
    players = [str(seat + 1) for seat, agent in enumerate(agents) if agent == "minister"]
    return {"minister": ",".join(players)} if players else {}


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
    prompt=PROMPT,
    bots={"minister": MinisterBot, "heuristic": HeuristicBot, "judge": JudgeBot},
    sample_moves=6,
    search_defaults={"cutoff": 40, "eval": "heuristic", "prior": "heuristic", "bias": 1},
    seat_options=minister_seats,
)

__all__ = ["GAME", "GonzaOptions", "GonzaState"]
