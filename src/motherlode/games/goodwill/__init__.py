"""Goodwill (Julien Dauxert, PixieGames): invest in Amber, Black and Crimson in the 1950s.

Rules in ``rules.py`` (with ``rulebook.py``, ``transactions.py``, ``events.py``,
``results.py``, ``market.py``), what a seat sees in ``view.py``, components in
``data/*.toml``; notes and every ambiguity in ``docs/goodwill.md``.
"""

from motherlode.engine import Game
from motherlode.games.goodwill.actions import ACTION_TYPES, action_space
from motherlode.games.goodwill.bots import BOTS
from motherlode.games.goodwill.options import GoodwillOptions
from motherlode.games.goodwill.render import PROMPT, render
from motherlode.games.goodwill.rules import GoodwillState

GAME = Game(
    id="goodwill",
    title="Goodwill",
    min_players=3,
    max_players=6,
    state_class=GoodwillState,
    options_class=GoodwillOptions,
    action_types=ACTION_TYPES,
    rules_version="1",
    summary=(
        "Investors price shares of three 1950s companies in secret, replace their bosses "
        "by vote, and bet on the news only they have seen."
    ),
    action_space_factory=action_space,
    render=render,
    prompt=PROMPT,
    bots=BOTS,
    simultaneous=True,
    sample_moves=3,
    search_defaults={
        "rollout": "heuristic",
        "cutoff": 20,
        "eval": "score",
        "bias": 1,
        "widen": 2,
        "opp": "heuristic",
    },
)

__all__ = ["GAME", "GoodwillOptions", "GoodwillState"]
