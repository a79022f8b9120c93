"""Carcassonne bots.

``heuristic``: a greedy player.  For every legal action it plays the rest of its own turn
(tile, gold bar, follower) in a copy of what it may know (``seat_view``: the bag
re-shuffled) and values the result: points already scored, plus the likely worth of the
features its followers hold (completed cities double, surrounded cloisters score 9), the
farms it leads, the gold within reach, and its followers still in supply, minus the same
for its strongest opponent.  So it completes its own features, joins or blocks others',
and keeps followers in hand for the end.
"""

from __future__ import annotations

import random
import tomllib
from functools import cache
from pathlib import Path

from motherlode.engine import Action, Agent, State, seat_view
from motherlode.games.carcassonne.actions import TakeGold
from motherlode.games.carcassonne.components import CITY, CLOISTER, FIELD, ROAD
from motherlode.games.carcassonne.geometry import AROUND, pack
from motherlode.games.carcassonne.rules import FOLLOWER, GOLD, TAKE, CarcassonneState
from motherlode.games.carcassonne.scoring import cloister_points, farm_points, gold_points


class HeuristicBot(Agent):
    """Greedy one-turn lookahead with a hand-tuned valuation (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, follower_value: float = 1.5) -> None:
        self.rng = random.Random(seed)
        self.follower_value = float(follower_value)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = seat_view(state, seat, self.rng)
        assert isinstance(view, CarcassonneState)
        if view.phase == TAKE:
            return self._take(view, legal)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = self._after(view, seat, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def ranked(self, state: State, seat: int) -> list[Action]:
        """Every legal move, the best by this bot's valuation first (ties in the rules'
        order): the search's prior where a tile has dozens of placements (``mcts`` ``top``)."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal
        view = seat_view(state, seat, self.rng)
        assert isinstance(view, CarcassonneState)
        if view.phase == TAKE:
            first = self._take(view, legal)
            return [first, *(a for a in legal if a != first)]
        values = [self._after(view, seat, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order]

    def _after(self, state: CarcassonneState, seat: int, action: Action) -> float:
        """The value of ``action`` with the rest of this seat's own turn played well."""
        child = state.clone()
        child.apply(seat, action)
        if child.pending() == (seat,) and child.phase in (GOLD, FOLLOWER):
            return max(self._after(child, seat, a) for a in child.legal_actions(seat))
        return self.evaluate(child, seat)

    @staticmethod
    def _take(state: CarcassonneState, legal: list[Action]) -> Action:
        """Sharing gold: the bar that the most players may claim (as JCloisterZone does),
        so the others lose what only they could have had."""

        def claimants(action: Action) -> int:
            assert isinstance(action, TakeGold)
            return bin(state.claims.get(pack(action.x, action.y), 0)).count("1")

        return max(legal, key=claimants)

    def evaluate(self, state: CarcassonneState, seat: int) -> float:
        """This seat's expected final score minus its strongest opponent's."""
        return self.evaluate_seats(state)[seat]

    def evaluate_seats(self, state: CarcassonneState) -> list[float]:
        """:meth:`evaluate` for every seat from one pass over the map: the search values all
        seats at each cut-off (:func:`motherlode.agents.rollout.bot_evaluator`)."""
        value = [float(p) for p in state.points]
        if not state.is_over():
            self._add_prospects(state, value)
        best = max(range(len(value)), key=value.__getitem__)
        top = value[best]
        second = max(v for s, v in enumerate(value) if s != best)
        return [v - (second if s == best else top) for s, v in enumerate(value)]

    def _add_prospects(self, state: CarcassonneState, value: list[float]) -> None:
        graph = state.graph
        # the share of the game still to play: how likely open features are to be finished
        left = len(state.bag) / max(1, state.reach)
        board, placed, gold_on, params = state.board, state.placed, state.gold_on, state.params
        n = state.num_players
        for root, counts in standing(state).items():
            kind = graph.kind[root]
            squares: list[int] = []
            if kind == CLOISTER:
                pos = placed[graph.tile[root]][0]  # a cloister is one node, its own root
                around = sum(pos + d in board for d in AROUND)
                worth = cloister_points(around, params) + (8 - around) * 0.8 * left
                squares = [pos, *(pos + d for d in AROUND)]
                finish = 0.8 * left
            elif kind == FIELD:
                cities = state.completed_cities(list(graph.members(root)))
                worth = farm_points(len(cities), params) + 1.5 * left
                finish = 0.0
            else:
                tiles = graph.tiles(root)
                open_edges = graph.open[root]
                finish = left / (1.0 + 0.5 * open_edges)
                if kind == ROAD:
                    worth = len(tiles) + finish
                else:
                    assert kind == CITY
                    worth = (len(tiles) + graph.pennants[root]) * (1.0 + finish)
                squares = [placed[k][0] for k in tiles] if gold_on else []
            if gold_on and finish:
                worth += finish * sum(gold_on.get(p, 0) for p in squares)
            most = max(counts)
            for winner in range(n):
                if counts[winner] == most:
                    value[winner] += worth
        for s in range(state.num_players):
            value[s] += state.supply[s] * self.follower_value * left
            if state.goldmines:
                value[s] += gold_points(state.bars[s], params)


def standing(state: CarcassonneState) -> dict[int, list[int]]:
    """The followers on each feature (its root) counted by seat, features in the order first
    met: who leads what."""
    find = state.graph.find
    n = state.num_players
    out: dict[int, list[int]] = {}
    for node, seat in state.followers.items():
        root = find(node)
        counts = out.get(root)
        if counts is None:
            counts = out[root] = [0] * n
        counts[seat] += 1
    return out


HOLDINGS = (
    "points",
    "city size",
    "city size x bag left",
    "city size x finish",
    "cities",
    "city open edges",
    "road tiles",
    "road tiles x bag left",
    "roads x bag left",
    "cloister tiles",
    "cloister gaps x bag left",
    "cloisters",
    "farm cities done",
    "farm cities open",
    "farm cities open x bag left",
    "farms",
    "farms x bag left",
    "supply",
    "supply x bag left",
    "gold points",
    "gold within reach x finish",
    "followers out",
    "bag left",
    "one",
)
"""What :func:`holdings` writes down for a seat, in its order."""


def holdings(state: CarcassonneState) -> list[list[float]]:
    """Each seat's points and what it holds on the map (:data:`HOLDINGS`), summed over the
    features where it has the most followers: the raw material of a judgement."""
    graph = state.graph
    left = len(state.bag) / max(1, state.reach)
    placed, board, gold_on = state.placed, state.board, state.gold_on
    types = state.tileset.types
    n = state.num_players
    find = graph.find
    rows = [[0.0] * len(HOLDINGS) for _ in range(n)]
    for seat in state.followers.values():
        rows[seat][21] += 1
    for root, counts in standing(state).items():
        kind = graph.kind[root]
        f = [0.0] * len(HOLDINGS)
        if kind == CLOISTER:
            pos = placed[graph.tile[root]][0]
            around = sum(pos + d in board for d in AROUND)
            f[9], f[10], f[11] = 1 + around, (8 - around) * left, 1
        elif kind == FIELD:
            done: set[int] = set()
            undone: set[int] = set()
            for node in graph.members(root):
                _, variant, base = placed[graph.tile[node]]
                for c in types[variant >> 2].features[node - base].cities:
                    city = find(base + c)
                    (undone if graph.open[city] else done).add(city)
            f[12], f[13], f[14], f[15], f[16] = len(done), len(undone), len(undone) * left, 1, left
        else:
            tiles = graph.tiles(root)
            open_edges = graph.open[root]
            finish = left / (1.0 + 0.5 * open_edges)
            if kind == ROAD:
                f[6], f[7], f[8] = len(tiles), len(tiles) * left, left
            else:
                size = len(tiles) + graph.pennants[root]
                f[1], f[2], f[3], f[4], f[5] = size, size * left, size * finish, 1, open_edges
            if gold_on:
                f[20] = finish * sum(gold_on.get(placed[k][0], 0) for k in tiles)
        most = max(counts)
        for seat in range(n):
            if counts[seat] == most:
                row = rows[seat]
                for i, v in enumerate(f):
                    row[i] += v
    for seat, row in enumerate(rows):
        row[0] = float(state.points[seat])
        row[17] = state.supply[seat]
        row[18] = state.supply[seat] * left
        row[19] = gold_points(state.bars[seat], state.params) if state.goldmines else 0
        row[22] = left
        row[23] = 1.0
    return rows


JUDGE_FILE = Path(__file__).parent / "data" / "judge.toml"


@cache
def judge_weights(path: Path = JUDGE_FILE) -> tuple[tuple[float, ...], ...]:
    """The fitted judgement's weights (``data/judge.toml``): per holding after the points,
    its (a, b, c) with the weight at the bag's share t left a + b·t + c·t²."""
    with open(path, "rb") as f:
        table = tomllib.load(f)["weights"]
    if set(table) != set(HOLDINGS[1:]):
        raise ValueError(f"{path}: the weights must name every holding of {HOLDINGS[1:]}")
    rows = []
    for name in HOLDINGS[1:]:
        row = table[name]
        if len(row) != 3 or not all(isinstance(v, int | float) for v in row):
            raise ValueError(f"{path}: {name!r} needs three numbers, got {row!r}")
        rows.append(tuple(float(v) for v in row))
    return tuple(rows)


class JudgeBot(HeuristicBot):
    """The heuristic's greedy play with a judgement fitted to how games end (``judge``).

    Where :class:`HeuristicBot` guesses what an unfinished feature, a farm or a follower in
    hand will be worth from rules of thumb, this bot weighs the same holdings (:func:`holdings`)
    by weights fitted on thousands of games' final margins (``bench/carcassonne_judge.py``),
    weights that change smoothly as the bag empties.  It is meant as the search's judgement at
    its cut-off (``mcts eval=judge``); it plays as a greedy bot too."""

    name = "judge"

    def __init__(self, seed: int | None = None, follower_value: float = 1.5) -> None:
        super().__init__(seed, follower_value)
        self.weights = judge_weights()

    def evaluate_seats(self, state: CarcassonneState) -> list[float]:
        """Each seat's foretold final score less its strongest opponent's."""
        if state.is_over():
            value = [float(p) for p in state.points]
        else:
            t = len(state.bag) / max(1, state.reach)
            coef = [a + t * (b + t * c) for a, b, c in self.weights]
            value = [
                row[0] + sum(h * w for h, w in zip(row[1:], coef, strict=True))
                for row in holdings(state)
            ]
        best = max(range(len(value)), key=value.__getitem__)
        top = value[best]
        second = max(v for s, v in enumerate(value) if s != best)
        return [v - (second if s == best else top) for s, v in enumerate(value)]


__all__ = ["HOLDINGS", "HeuristicBot", "JudgeBot", "holdings", "judge_weights"]
