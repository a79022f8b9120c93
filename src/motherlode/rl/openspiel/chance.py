"""Chance as OpenSpiel sees it: the deal, drawn by explicit chance nodes, and the re-draw
of what no one can see, by which chance acts between a decision and its effect.

**The deal.**  The engine's seed, uniform over ``range(deals)``, is drawn digit by digit
in base 256, most significant first: one chance node per digit, at most 256 outcomes each
(2**31 - 1 deals: four nodes).  A digit below the bound's own is followed by any digit;
the bound's digit only by those that stay under it, and the probabilities count the deals
below each choice, so every deal is equally likely.  All later chance (shuffles, dice)
comes from the seed inside the engine: a history of actions replays exactly.

**Chance at every move** (``chance="move"``).  The engine rolls its dice and draws from its
decks inside a move, and a state holds their order: a copy of it knows the future.  With a
chance node between each decision and its effect, of :data:`MOVE_OUTCOMES` equally likely
outcomes, the outcome re-draws what no seat can see (the unknown order of the decks, the
cards no one has looked at) and re-seeds the engine's generator (the dice to come) before
the move is played: a search that copies the state meets that chance node and samples it,
as it samples a die.  The re-draw is a function of the deal, the move count and the
outcome, so a history still replays exactly.

**A re-draw from a seat's view** (``resample_from_infostate``) re-draws everything that seat
cannot see, as the engine's ``State.determinize``, but keeps the move history, so the copy
replays: each re-draw is recorded as (move count, seat, seed) and done again on replay.
"""

from __future__ import annotations

import random

from motherlode.engine import State

BASE = 256
MOVE_OUTCOMES = 16
"""Outcomes of the chance node of a move: 16 re-drawn worlds, equally likely."""


class Deal:
    """The chance nodes that draw the deal: how many, and each one's outcomes."""

    def __init__(self, deals: int) -> None:
        self.deals = deals
        last = deals - 1
        digits = [last % BASE]
        while last >= BASE:
            last //= BASE
            digits.append(last % BASE)
        self.bound = digits[::-1]
        """The digits of the last deal, most significant first."""
        self.nodes = len(self.bound)
        self.max_outcomes = min(deals, BASE)
        self._cache: dict[tuple[int, bool], list[tuple[int, float]]] = {}

    def digits(self, deal: int) -> list[int]:
        """The chance outcomes, node by node, that draw ``deal`` (to play a chosen seed)."""
        if not 0 <= deal < self.deals:
            raise ValueError(f"deal {deal} is not among the {self.deals} deals")
        out = []
        for _ in range(self.nodes):
            deal, digit = divmod(deal, BASE)
            out.append(digit)
        return out[::-1]

    def outcomes(self, node: int, prefix: int) -> list[tuple[int, float]]:
        """The digits chance may draw at ``node`` after the digits ``prefix``, with their
        probabilities (a list shared by every state: not to be changed)."""
        rest = self.nodes - 1 - node
        tight = prefix == (self.deals - 1) // BASE ** (rest + 1)
        key = (node, tight)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if not tight:
            out = [(d, 1.0 / BASE) for d in range(BASE)]
        else:
            below = BASE**rest
            total = (self.deals - 1) % (below * BASE) + 1
            top = self.bound[node]
            last = (self.deals - 1) % below + 1
            out = [(d, below / total) for d in range(top)] + [(top, last / total)]
        self._cache[key] = out
        return out


def move_seed(deal: int, count: int, outcome: int) -> int:
    """The seed of the re-draw that outcome ``outcome`` of the chance node of move
    ``count`` makes (one number per deal, move and outcome)."""
    return (deal << 40) | (count << 8) | outcome


Redraw = tuple[int, int | None, int]
"""A re-draw as recorded: the engine's move count then, the seat whose view it kept (None:
nobody's), and the seed of its generator."""


def redraw(state: State, seat: int | None, seed: int) -> None:
    """Re-draw in ``state`` (a copy) what ``seat`` cannot see, or what nobody can (None),
    and re-seed its generator; the same ``seed`` on the same position re-draws the same."""
    rng = random.Random(seed)
    state.rng = random.Random(rng.getrandbits(64))  # future dice and shuffles
    state._legal_cache = None  # the re-drawn world may differ in what is legal
    if seat is not None:
        state._redraw_hidden(seat, rng)
        commits = state._commits
        for other in commits:  # others' sealed choices: that they chose is public, not what
            if other != seat:
                commits[other] = rng.choice(state._legal(other))
        return
    state._redraw_unseen(rng)
