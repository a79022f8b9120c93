"""What a bot's departures from the game's heuristic are worth, decision by decision.

    MOTHERLODE_CLOCK=cpu python bench/departures.py goldfix strong -p 3
    python bench/departures.py gonza expert:ms=250 strong -p 2 --worlds 80 --rate 0.05

Positions are sampled along seeded games of heuristic bots (``--games`` of them, a decision
with a choice kept with probability ``--rate``).  At each, the bot under test and the
heuristic choose; where they differ, both moves are played out to the end by heuristic bots
on the same ``--worlds`` worlds re-drawn from the seat's information (paired: each world
once with each move), and the difference in the seat's win share is what that departure is
worth.  Grouped by the kind of move, it says where a search's judgement beats the
heuristic's and where it loses, at a fraction of a match's cost: GOLDFIX's search lost
on its bids (docs/bots.md, "GOLDFIX's auctions").

A proxy, not a match: the rest of each playout is the heuristic's, so a departure that only
pays with a plan the heuristic lacks reads low, and one decision's worth is small against
a game's hundreds (read the mean with its standard error, over positions).  GOLDFIX's moves
read as losses here, yet leaving them to the heuristic lost whole games (docs/bots.md, "How
far to move"): confirm any departure kind with a paired match (bench/paired.py).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import motherlode
from motherlode.agents.rollout import final_outcome
from motherlode.agents.specs import make_agent
from motherlode.engine import Action, Game, State

HEURISTIC = "casual"


@dataclass(frozen=True)
class Departure:
    """One position where the bot and the heuristic chose differently."""

    position: int
    """Its number in the sample (:class:`Playouts` keeps its playouts by it)."""
    kind: str
    """The heuristic's move's type (``Bid``, ``Move``...): what kind of decision it was."""
    mine: Action
    theirs: Action
    worth: float
    """The seat's mean win share after ``mine`` less after ``theirs``, on paired worlds."""


def sample_positions(
    game: Game, players: int, games: int, rate: float, seed: int
) -> list[tuple[State, int]]:
    """Decisions with a choice, each kept with probability ``rate``, along ``games`` seeded
    games of heuristic bots; moves a search leaves to the heuristic (``Game.scripted``) are
    not kept."""
    out: list[tuple[State, int]] = []
    for g in range(games):
        state = game.new_state(players, seed + g)
        state.logging = False
        rng = random.Random(seed * 7919 + g)
        bots = [make_agent(HEURISTIC, game, seed=seed + g + s) for s in range(players)]
        while not state.is_over():
            seat = state.pending()[0]
            choice = len(state.legal_actions(seat)) > 1
            searched = choice and not (game.scripted and game.scripted(state, seat))
            if searched and rng.random() < rate:
                out.append((state.clone(), seat))
            state.apply(seat, bots[seat].act(state, seat))
    return out


def win_share(world: State, seat: int, move: Action, seed: int) -> float:
    """``seat``'s share of the win when it plays ``move`` in ``world`` and heuristic bots
    play every move after."""
    state = world.clone()
    state.apply(seat, move)
    bots = [make_agent(HEURISTIC, state.game, seed=seed + s) for s in range(state.num_players)]
    while not state.is_over():
        s = state.pending()[0]
        state.apply(s, bots[s].act(state, s))
    return final_outcome(state)[0][seat]


class Playouts:
    """Each (position, move)'s win shares on the position's worlds, kept: several bots
    departing to the same move share its playouts."""

    def __init__(self, positions: list[tuple[State, int]], worlds: int, seed: int) -> None:
        self.positions = positions
        self.worlds = worlds
        self.seed = seed
        self._kept: dict[tuple[int, Action], list[float]] = {}

    def shares(self, index: int, move: Action) -> list[float]:
        kept = self._kept.get((index, move))
        if kept is None:
            state, seat = self.positions[index]
            rng = random.Random(self.seed * 104729 + index)
            kept = []
            for k in range(self.worlds):
                world = state.determinize(seat, random.Random(rng.getrandbits(64)))
                kept.append(win_share(world, seat, move, rng.getrandbits(32) + k))
            self._kept[(index, move)] = kept
        return kept


def departures(spec: str, playouts: Playouts) -> tuple[int, list[Departure]]:
    """The positions asked and each departure of ``spec`` from the heuristic, with its worth.
    Both bots are seeded by the position's number, so a run is reproducible where the bot's
    budget is iterations (a time budget depends on the machine)."""
    found = []
    for i, (state, seat) in enumerate(playouts.positions):
        game = state.game
        mine = make_agent(spec, game, seed=i).act(state, seat)
        theirs = make_agent(HEURISTIC, game, seed=i).act(state, seat)
        if mine == theirs:
            continue
        a = playouts.shares(i, mine)
        # the heuristic's move's playouts are drawn from the same worlds as the bot's
        b = playouts.shares(i, theirs)
        worth = math.fsum(x - y for x, y in zip(a, b, strict=True)) / len(a)
        found.append(Departure(i, type(theirs).__name__, mine, theirs, worth))
    return len(playouts.positions), found


def summary(
    asked: int, found: list[Departure]
) -> tuple[float, float, dict[str, tuple[int, float]]]:
    """The mean worth of a decision (a decision that keeps to the heuristic is worth 0), its
    standard error over positions, and per kind of move the departures and their mean."""
    per = [d.worth for d in found] + [0.0] * (asked - len(found))
    mean = math.fsum(per) / asked
    spread = math.fsum((x - mean) ** 2 for x in per) / max(1, asked - 1)
    kinds: dict[str, list[float]] = defaultdict(list)
    for d in found:
        kinds[d.kind].append(d.worth)
    by_kind = {k: (len(v), math.fsum(v) / len(v)) for k, v in sorted(kinds.items())}
    return mean, math.sqrt(spread / asked), by_kind


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("specs", nargs="+", help="bot specs to compare with the heuristic")
    parser.add_argument("-p", "--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=3, help="heuristic games to sample")
    parser.add_argument("--rate", type=float, default=0.05, help="share of decisions kept")
    parser.add_argument("--worlds", type=int, default=60, help="paired playouts a move")
    parser.add_argument("--seed", type=int, default=200)
    args = parser.parse_args(argv)
    game = motherlode.get_game(args.game)
    players = args.players or game.min_players
    positions = sample_positions(game, players, args.games, args.rate, args.seed)
    print(f"{game.id}, {players} players: {len(positions)} positions, {args.worlds} worlds a move")
    playouts = Playouts(positions, args.worlds, args.seed)
    for spec in args.specs:
        asked, found = departures(spec, playouts)
        mean, se, kinds = summary(asked, found)
        print(
            f"{spec}: departs at {len(found)} of {asked}; a decision is worth "
            f"{mean * 1000:+.1f} ± {se * 1000:.1f} thousandths of a win against the heuristic's"
        )
        for kind, (n, worth) in kinds.items():
            print(f"    {kind:16} {n:4} departures, {worth * 1000:+7.1f} each")


if __name__ == "__main__":
    main()
