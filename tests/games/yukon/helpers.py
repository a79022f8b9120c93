"""Hand-built positions for the rule tests: teams where a test wants them, dice it chooses."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence

import motherlode
from motherlode.engine import Action
from motherlode.games.yukon.components import Board
from motherlode.games.yukon.rules import FREE, PLAYING, YukonState


class LoadedDie(random.Random):
    """A die that shows the given spots in order (then the real random generator)."""

    def __init__(self, spots: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.spots = list(spots)

    def random(self) -> float:
        if self.spots:
            return (self.spots.pop(0) - 1) / 6 + 0.01
        return super().random()


def new_game(players: int = 3, seed: int = 1, **options: object) -> YukonState:
    state = motherlode.get_game("yukon").new_state(players, seed, options)
    assert isinstance(state, YukonState)
    return state


def space(state: YukonState, label: str) -> int:
    claim, _, hour = label.partition(":")
    return state.board.space_at[int(claim), int(hour)]


def ring(board: Board, claim: int, hours: Sequence[int]) -> list[str]:
    """Labels (canonical names) of claim ``claim``'s spaces at these hours, in that order."""
    return [board.labels[board.ring[claim - 1][h % 12]] for h in hours]


def position(
    players: int,
    chains: Mapping[int, Sequence[str]],
    *,
    mover: int = 0,
    pips: int = 3,
    waiting: Mapping[int, int] | None = None,
    staked: Mapping[int, Sequence[int]] | None = None,
    heading: Mapping[int, bool] | None = None,
    seed: int = 1,
    **options: object,
) -> YukonState:
    """A game in the middle of ``mover``'s turn with ``pips`` to play.

    ``chains`` gives each team's stones from one end to the other (labels ``claim:hour``);
    a team not named has all its stones on claims; ``waiting`` stones are still off the
    board (default: 12 minus the chain and the staked claims); ``staked`` are claim numbers.
    """
    state = new_game(players, seed, **options)
    waiting = waiting or {}
    staked = staked or {}
    state.owner = [FREE] * state.board.num_spaces
    for seat in range(players):
        chain = [space(state, label) for label in chains.get(seat, [])]
        for s in chain:
            assert state.owner[s] == FREE, f"two stones on {state.board.labels[s]}"
            state.owner[s] = seat
        state.chains[seat] = chain
        claims = [c - 1 for c in staked.get(seat, [])]
        state.staked[seat] = claims
        for c in claims:
            state.claim_owner[c] = seat
        state.nuggets[seat] = sum(state.board.claims[c].nuggets for c in claims)
        default_waiting = state.params.stones - len(chain) - len(claims) if seat in chains else 0
        state.waiting[seat] = waiting.get(seat, default_waiting)
        state.heading[seat] = (heading or {}).get(seat, True)
        state.active[seat] = bool(chain or state.waiting[seat])
    state.phase = PLAYING
    state.mover = mover
    state.throws = (pips,)
    state.pips = pips
    state.steered = False
    state.turned_back = False
    state.came_from = FREE
    state.acted = False
    state._advance()
    return state


def labels_of(state: YukonState, seat: int) -> list[str]:
    return [state.board.labels[s] for s in state.chains[seat]]


def notations(actions: Iterable[Action]) -> list[str]:
    return [a.notation() for a in actions]


def play(state: YukonState, *moves: str) -> None:
    """Apply moves in notation for the seat asked."""
    game = motherlode.get_game("yukon")
    for move in moves:
        state.apply(state.pending()[0], game.parse_action(move))


def check_invariants(state: YukonState) -> None:
    """What must hold after every move: one stone per space, every team one chain, 12 stones
    per team accounted for, claims and nuggets consistent."""
    board = state.board
    stones = state.params.stones
    seen: dict[int, int] = {}
    for seat, chain in enumerate(state.chains):
        for s in chain:
            assert s not in seen, f"two stones on {board.labels[s]}"
            seen[s] = seat
            assert state.owner[s] == seat
        for a, b in itertools.pairwise(chain):
            assert b in board.neighbours[a], f"team {seat} is not one chain at {board.labels[a]}"
        staked = state.staked[seat]
        assert len(chain) + state.waiting[seat] + len(staked) + state.guards[seat] == stones
        assert state.nuggets[seat] == sum(board.claims[c].nuggets for c in staked)
        assert all(state.claim_owner[c] == seat for c in staked)
        if state.retired[seat]:
            assert not chain and not state.waiting[seat]
        assert state.is_active(seat) == (
            not state.retired[seat] and bool(chain or state.waiting[seat])
        )
        if state.waiting[seat] and state.phase == PLAYING:
            assert not staked, "the first claim needs all 12 on the board"
    assert sum(1 for o in state.owner if o != FREE) == len(seen)
    assert sum(len(s) for s in state.staked) == sum(1 for o in state.claim_owner if o != FREE)
