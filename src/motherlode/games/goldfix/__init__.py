"""GOLDFIX, the ultimate game of speculation (Kandi Games): 3-6 players.

Players win MINE LEASE and DRILL REPORT auctions, build HEADGEAR, mine gold bullion as
they pass their mines and sell it through brokered BULLION MARKETs while the GOLDFIX
rises and falls; the first with $1,000M cash and no loan notes wins.  Money rules live in
``money`` (shared with the DASHBOARD), the rules in ``rules`` (the state, composed once
of one part per rule module).
"""

from motherlode.engine import Game, PromptHelp
from motherlode.games.goldfix.actions import ACTION_TYPES, action_space
from motherlode.games.goldfix.bots import BOTS, scripted
from motherlode.games.goldfix.options import GoldfixOptions
from motherlode.games.goldfix.prompt import consequence, label, score_parts
from motherlode.games.goldfix.render import render
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.games.goldfix.words import said, words

GAME = Game(
    id="goldfix",
    title="GOLDFIX",
    min_players=3,
    max_players=6,
    state_class=GoldfixState,
    options_class=GoldfixOptions,
    action_types=ACTION_TYPES,
    rules_version="1",
    summary="Auction mine leases, build headgear, mine and sell gold as the GOLDFIX moves.",
    action_space_factory=action_space,
    render=render,
    prompt=PromptHelp(
        label=label,
        score_parts=score_parts,
        words=words,
        label_words=consequence,
        sentence=said,
    ),
    bots=BOTS,
    scripted=scripted,
    simultaneous=True,
    sample_moves=12,
    search_defaults={"rollout": "heuristic", "cutoff": 20, "bias": 1, "opp": "heuristic"},
    timed_decisions=True,
)

__all__ = ["GAME", "GoldfixOptions", "GoldfixState"]
