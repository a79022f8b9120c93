"""Gold am Yukon's compact observation: the claims as a team sees them, the teams, the turn.

What the heuristic bot weighs, read from the seat's view (the board is component data):
per claim its nuggets, who staked it, how many of the seat's own and the other teams'
gold-diggers stand on its ring and how far each end of the seat's team is from the ring;
per team what it has on the board, still to enter and staked; and the turn's throw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from motherlode.games.yukon.bots import ring_distances
from motherlode.rl.tensors.compact import Features, Write

if TYPE_CHECKING:
    from motherlode.engine import State

PHASES = {"placing": 0, "playing": 1, "over": 2}
FAR = 10
"""Ring distances are counted up to this many steps (farther is as far)."""


def writer(probe: State) -> Write:
    board = probe.board  # type: ignore[attr-defined]
    stones = probe.params.stones  # type: ignore[attr-defined]
    space_of = {label: s for s, label in enumerate(board.labels)}
    rings_of = board.rings_of
    claims = len(board.claims)
    starts = max(1, len(board.start_spaces))
    top = max(c.nuggets for c in board.claims) or 1
    dist = ring_distances(board)
    reach = tuple(tuple(min(d[s], FAR) for d in dist) for s in range(board.num_spaces))
    far = (FAR,) * claims
    # (the rounds without a stake that end the game: an option)
    stall = max(1, probe.options.stalemate_rounds)  # type: ignore[attr-defined]

    def write(obs: Mapping[str, Any], f: Features) -> None:
        me = f.seat
        teams = obs["teams"]
        mine = [0] * claims
        theirs = [0] * claims
        for s, team in enumerate(teams):
            counts = mine if s == me else theirs
            for label in team["chain"]:
                for claim in rings_of[space_of[label]]:
                    counts[claim] += 1
        chain = teams[me]["chain"]
        front = teams[me]["front"]
        if chain:
            ahead = reach[space_of[front]]
            back = chain[-1] if chain[0] == front else chain[0]
            behind = reach[space_of[back]]
        else:
            ahead = behind = far
        rows = obs["claims"]
        f.nums("claims.nuggets", (r[3] for r in rows), claims, top, "nuggets per claim")
        f.nums("claims.mine", (r[4] == me for r in rows), claims, 1, "staked by the viewer")
        f.nums(
            "claims.taken",
            (r[4] is not None and r[4] != me for r in rows),
            claims,
            1,
            "staked by another team",
        )
        f.nums("claims.my_ring", mine, claims, stones, "the viewer's gold-diggers on its ring")
        f.nums("claims.their_ring", theirs, claims, stones, "other teams' gold-diggers on its ring")
        f.nums(
            "claims.front", ahead, claims, FAR, f"steps from the leading end to its ring (<= {FAR})"
        )
        f.nums(
            "claims.back", behind, claims, FAR, f"steps from the other end to its ring (<= {FAR})"
        )
        f.seats(
            "teams.on_board", [len(t["chain"]) for t in teams], stones, "gold-diggers on the board"
        )
        f.seats(
            "teams.waiting", [t["waiting"] for t in teams], stones, "gold-diggers still to enter"
        )
        f.seats("teams.nuggets", [t["nuggets"] for t in teams], 20, "nuggets staked")
        f.seats("teams.claims", [len(t["claims"]) for t in teams], 10, "claims staked")
        f.seats("teams.guards", [t["guards"] for t in teams], stones, "gold-diggers guarding")
        f.seats("teams.retired", [t["retired"] for t in teams], 1, "retired (0/1)")
        f.seats("teams.active", [t["active"] for t in teams], 1, "still playing (0/1)")
        f.seats("teams.walled", [t["walled"] for t in teams], 5, "turns walled in")
        f.onehot("phase", PHASES, obs["phase"], "the phase")
        f.seat_hot("turn", obs["turn"], "whose turn it is")
        f.num("pips", obs["pips"], 6, "pips left to use this turn")
        f.num("throws", len(obs["throws"]), 3, "throws this turn")
        f.flag("steered", obs["steered"], "the turn's direction is fixed")
        f.flag("turned_back", obs["turned_back"], "the team has turned back this turn")
        f.num("start_spaces", len(obs["start_spaces"]), starts, "free start spaces (placing)")
        f.num("rounds_without_stake", obs["rounds_without_stake"], stall, "rounds without a stake")

    return write
