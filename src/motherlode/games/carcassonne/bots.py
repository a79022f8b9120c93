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
from pathlib import Path

from motherlode.agents.judge import foretell, weights_or_none
from motherlode.agents.rollout import margins
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
        return margins(value)

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

(
    _POINTS,
    _CITY_SIZE,
    _CITY_SIZE_LEFT,
    _CITY_SIZE_FINISH,
    _CITIES,
    _CITY_OPEN_EDGES,
    _ROAD_TILES,
    _ROAD_TILES_LEFT,
    _ROADS_LEFT,
    _CLOISTER_TILES,
    _CLOISTER_GAPS_LEFT,
    _CLOISTERS,
    _FARM_DONE,
    _FARM_OPEN,
    _FARM_OPEN_LEFT,
    _FARMS,
    _FARMS_LEFT,
    _SUPPLY,
    _SUPPLY_LEFT,
    _GOLD_POINTS,
    _GOLD_REACH,
    _FOLLOWERS_OUT,
    _BAG_LEFT,
    _ONE,
) = range(len(HOLDINGS))


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
        rows[seat][_FOLLOWERS_OUT] += 1
    for root, counts in standing(state).items():
        kind = graph.kind[root]
        f = [0.0] * len(HOLDINGS)
        if kind == CLOISTER:
            pos = placed[graph.tile[root]][0]
            around = sum(pos + d in board for d in AROUND)
            f[_CLOISTER_TILES], f[_CLOISTER_GAPS_LEFT] = 1 + around, (8 - around) * left
            f[_CLOISTERS] = 1
        elif kind == FIELD:
            done: set[int] = set()
            undone: set[int] = set()
            for node in graph.members(root):
                _, variant, base = placed[graph.tile[node]]
                for c in types[variant >> 2].features[node - base].cities:
                    city = find(base + c)
                    (undone if graph.open[city] else done).add(city)
            f[_FARM_DONE], f[_FARM_OPEN], f[_FARM_OPEN_LEFT] = (
                len(done),
                len(undone),
                len(undone) * left,
            )
            f[_FARMS], f[_FARMS_LEFT] = 1, left
        else:
            tiles = graph.tiles(root)
            open_edges = graph.open[root]
            finish = left / (1.0 + 0.5 * open_edges)
            if kind == ROAD:
                f[_ROAD_TILES], f[_ROAD_TILES_LEFT], f[_ROADS_LEFT] = (
                    len(tiles),
                    len(tiles) * left,
                    left,
                )
            else:
                size = len(tiles) + graph.pennants[root]
                f[_CITY_SIZE], f[_CITY_SIZE_LEFT], f[_CITY_SIZE_FINISH] = (
                    size,
                    size * left,
                    size * finish,
                )
                f[_CITIES], f[_CITY_OPEN_EDGES] = 1, open_edges
            if gold_on:
                f[_GOLD_REACH] = finish * sum(gold_on.get(placed[k][0], 0) for k in tiles)
        most = max(counts)
        for seat in range(n):
            if counts[seat] == most:
                row = rows[seat]
                for i, v in enumerate(f):
                    row[i] += v
    for seat, row in enumerate(rows):
        row[_POINTS] = float(state.points[seat])
        row[_SUPPLY] = state.supply[seat]
        row[_SUPPLY_LEFT] = state.supply[seat] * left
        row[_GOLD_POINTS] = gold_points(state.bars[seat], state.params) if state.goldmines else 0
        row[_BAG_LEFT] = left
        row[_ONE] = 1.0
    return rows


JUDGE_FILE = Path(__file__).parent / "data" / "judge.toml"


class JudgeBot(HeuristicBot):
    """The heuristic's greedy play with a judgement fitted to how games end (``judge``).

    Where :class:`HeuristicBot` guesses what an unfinished feature, a farm or a follower in
    hand will be worth from rules of thumb, this bot weighs the same holdings (:func:`holdings`)
    by weights fitted on thousands of games' final margins (``bench/carcassonne_judge.py``),
    weights that change smoothly as the bag empties.  It is meant as the search's judgement at
    its cut-off (``mcts eval=judge``); it plays as a greedy bot too."""

    name = "judge"
    HOLDINGS = HOLDINGS

    def __init__(self, seed: int | None = None, follower_value: float = 1.5) -> None:
        super().__init__(seed, follower_value)
        self.weights = weights_or_none("Carcassonne", JUDGE_FILE, HOLDINGS)

    def holdings(self, state: State) -> list[list[float]]:
        assert isinstance(state, CarcassonneState)
        return holdings(state)

    def left(self, state: State) -> float:
        """The share of the bag still to draw."""
        assert isinstance(state, CarcassonneState)
        return len(state.bag) / max(1, state.reach)

    def evaluate_seats(self, state: CarcassonneState) -> list[float]:
        """Each seat's foretold final score less its strongest opponent's (the heuristic's
        valuation where the weights could not be read)."""
        if self.weights is None:
            return super().evaluate_seats(state)
        if state.is_over():
            return margins([float(p) for p in state.points])
        return margins(foretell(holdings(state), self.left(state), self.weights))


__all__ = ["HOLDINGS", "HeuristicBot", "JudgeBot", "holdings"]
