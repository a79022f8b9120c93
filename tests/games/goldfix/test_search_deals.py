"""Issue 28: a searching bot's GOLDFIX deals are planned by the deal bot's own value rule,
at once, so its whole turn stays within its time and it never offers what no sane player
would (it once gave "$90M + 2 LOAN NOTES" for nothing, after 80 s of searching each edit).
Its bids are the heuristic's too: a lot's worth lies past the search's cut-off."""

from __future__ import annotations

from motherlode.agents.mcts import MCTSAgent
from motherlode.engine import get_game
from motherlode.games.goldfix.actions import Propose
from motherlode.games.goldfix.core import BID, NEGOTIATE, RESPOND, WANT
from motherlode.games.goldfix.deal_bot import SWEETENER_PERCENT
from motherlode.games.goldfix.deals import Side
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.table import Table


def test_the_search_leaves_deals_and_bids_to_the_heuristic() -> None:
    game = get_game("goldfix")
    table = Table.create(
        game,
        ["mcts:iters=6", "heuristic", "mcts:iters=6"],
        seed=4,
        options={"circuit_limit": 3},
    )
    searched = {0, 2}
    proposals = scripted = bids = 0
    while not table.state.is_over() and table.state.move_count < 3000:
        state = table.state
        assert isinstance(state, GoldfixState)
        seat = state.pending()[0]
        agent = table.seats[seat].agent
        assert agent is not None
        action = agent.act(state, seat)
        if seat in searched and state.phase in (NEGOTIATE, RESPOND, BID, WANT):
            assert isinstance(agent, MCTSAgent) and agent.last is not None
            assert agent.last.iterations == 0  # planned by the rule, not searched edit by edit
            scripted += 1
            bids += state.phase in (BID, WANT) and len(state.legal_actions(seat)) > 1
        if seat in searched and isinstance(action, Propose):
            deal = state.deal
            assert deal is not None and deal.drafter == seat
            given_away = -state.deal_gain(seat, deal.gives, Side())
            gain = state.deal_gain(seat, deal.gives, deal.gets)
            # at worst the sweetener the deal bot pays for what fits its own mines
            assert gain >= -given_away * (SWEETENER_PERCENT + 1) / 100, (deal, gain)
            proposals += 1
        table.submit(seat, action)
    assert scripted > bids > 0 and proposals > 0, (scripted, bids, proposals)
