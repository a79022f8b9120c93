"""Bots for Gold am Yukon.

``heuristic``: a greedy bot that steers its team towards surrounding the most valuable claim
within reach.  For every legal action it plays the action on a copy of what its seat may see
(:func:`motherlode.engine.seat_view`; Gold am Yukon hides nothing but the future throws) and
scores the team's position: nuggets staked first, then the best claim's nuggets divided by
the work still needed to surround it (stones not yet on its ring, the distance of the
nearer end of the team to the ring, opposing stones in the way).
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import NamedTuple

from motherlode.engine import Action, Agent, State, seat_view
from motherlode.games.yukon.components import HOURS, Board
from motherlode.games.yukon.rules import FREE, YukonState

STAKED_WEIGHT = 100.0
"""A staked nugget outweighs any hope of one."""

FUTURE_PER_STONE = 0.8
"""Nuggets a gold-digger still moving is expected to bring, at the start of the game."""

TRAPPED_PENALTY = 1.0
"""A team with no free space at either end cannot move next turn: avoid that."""

ROOM_WEIGHT = 0.01
"""A little room to manoeuvre breaks ties between otherwise equal moves."""


@lru_cache(maxsize=16)
def ring_distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per claim index, per space: the fewest steps from the space onto the claim's ring."""
    out = []
    far = board.num_spaces
    for ring in board.ring:
        dist = [far] * board.num_spaces
        queue = deque(ring)
        for s in ring:
            dist[s] = 0
        while queue:
            s = queue.popleft()
            for n in board.neighbours[s]:
                if dist[n] == far:
                    dist[n] = dist[s] + 1
                    queue.append(n)
        out.append(tuple(dist))
    return tuple(out)


def claim_prospect(state: YukonState, seat: int, claim: int) -> float:
    """How promising ``claim`` is for the team: its nuggets over the work left to surround it."""
    board = state.board
    chain = state.chains[seat]
    team = len(chain) + state.waiting[seat]
    ring = board.ring_sets[claim]
    on_ring = sum(1 for s in chain if s in ring)
    owner = state.owner
    opponents = sum(1 for s in board.ring[claim] if owner[s] not in (FREE, seat))
    dist = ring_distances(board)[claim]
    reach = min(dist[chain[0]], dist[chain[-1]]) if chain else 0
    crowding = opponents * 3 if not state.staked[seat] else max(0, team + opponents - HOURS) * 3
    work = (team - on_ring) + reach + crowding
    nuggets: float = board.claims[claim].nuggets
    if nuggets == state.params.retiring_nuggets:
        nuggets = max(0.5, nuggets - (team - 1) * stone_worth(state))
    return nuggets / (1.0 + work)


class ClaimTables(NamedTuple):
    """What ``best_prospect`` reads of a board besides the board itself, built once per board."""

    reach_from: tuple[tuple[int, ...], ...]
    """Per space: the steps from it onto each claim's ring (``ring_distances`` turned round)."""
    nuggets: tuple[float, ...]
    """Per claim."""
    sixes: tuple[int, ...]
    """The claims that retire their staker (the 6: their worth depends on the team left
    behind)."""


@lru_cache(maxsize=16)
def claim_tables(board: Board, retiring_nuggets: int) -> ClaimTables:
    dist = ring_distances(board)
    return ClaimTables(
        reach_from=tuple(tuple(d[s] for d in dist) for s in range(board.num_spaces)),
        nuggets=tuple(float(c.nuggets) for c in board.claims),
        sixes=tuple(i for i, c in enumerate(board.claims) if c.nuggets == retiring_nuggets),
    )


def best_prospect(state: YukonState, seat: int) -> float:
    """The best ``claim_prospect`` among the unstaked claims (0 if none), counted in one pass
    over the teams rather than one per claim: ``evaluate`` runs at every rollout step of the
    search, and this was most of its time.  Equal to the plain maximum (by test)."""
    board = state.board
    rings_of = board.rings_of
    reach_from, nuggets, sixes = claim_tables(board, state.params.retiring_nuggets)
    chains = state.chains
    chain = chains[seat]
    team = len(chain) + state.waiting[seat]
    # Per claim, the work beyond team + reach: less the team's stones on its ring, plus the
    # crowding by opposing stones on it (nothing for a claim no stone touches).
    extra = [0] * len(nuggets)
    for s in chain:
        for claim in rings_of[s]:
            extra[claim] -= 1
    crowd: dict[int, int] = {}
    for other, stones in enumerate(chains):
        if other != seat:
            for s in stones:
                for claim in rings_of[s]:
                    crowd[claim] = crowd.get(claim, 0) + 1
    staked = bool(state.staked[seat])
    for claim, k in crowd.items():
        extra[claim] += max(0, team + k - HOURS) * 3 if staked else k * 3
    worth = list(nuggets)
    for claim in sixes:
        worth[claim] = max(0.5, nuggets[claim] - (team - 1) * stone_worth(state))
    if chain:
        reach = list(map(min, reach_from[chain[0]], reach_from[chain[-1]]))
    else:
        reach = [0] * len(nuggets)
    best = 0.0
    for owner, steps, more, value in zip(state.claim_owner, reach, extra, worth, strict=True):
        if owner == FREE:
            best = max(best, value / (1.0 + (team + steps + more)))
    return best


def freedom(state: YukonState, seat: int) -> int:
    """Free spaces next to the ends of the team: where it can go (or enter) next."""
    chain = state.chains[seat]
    if not chain:
        return 0
    owner, nbrs = state.owner, state.board.neighbours
    return len({s for end in (chain[0], chain[-1]) for s in nbrs[end] if owner[s] == FREE})


def stone_worth(state: YukonState) -> float:
    """What a gold-digger still moving is worth in nuggets to come: less as claims run out.

    Staking the 6 sends the rest of the team to guard, so it pays only once this is small.
    """
    unstaked = state.claim_owner.count(FREE)
    return FUTURE_PER_STONE * unstaked / len(state.claim_owner)


def evaluate(state: YukonState, seat: int) -> float:
    """The team's position: nuggets staked and to come, the best claim in prospect, room."""
    value = STAKED_WEIGHT * state.nuggets[seat]
    if not state.is_active(seat):
        return value
    stones = len(state.chains[seat]) + state.waiting[seat]
    value += STAKED_WEIGHT * stones * stone_worth(state)
    best = best_prospect(state, seat)
    room = freedom(state, seat)
    return value + best - (TRAPPED_PENALTY if room == 0 else 0.0) + ROOM_WEIGHT * min(room, 3)


class HeuristicBot(Agent):
    """Greedy one-step bot: plays the action whose outcome ``evaluate`` likes best."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: State, seat: int) -> float:
        """The search's cut-off value of a position (``mcts:cutoff=N,eval=heuristic``)."""
        assert isinstance(state, YukonState)
        return evaluate(state, seat)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = seat_view(state, seat, self.rng)
        assert isinstance(view, YukonState)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            after = view.clone()
            after.logging = False
            after.apply(seat, action)
            value = evaluate(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)
