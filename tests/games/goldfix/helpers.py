"""Hand-built GOLDFIX positions for focused rule tests."""

from __future__ import annotations

import random
from typing import Any

from motherlode.games.goldfix import GAME
from motherlode.games.goldfix.core import MOVE, PRE_ROLL
from motherlode.games.goldfix.rules import GoldfixState


class LoadedDice(random.Random):
    """An RNG whose dice come out as listed (shuffles still work)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test rolled more dice than it loaded"
        return self.faces.pop(0)


def new(players: int = 3, seed: int = 1, **options: Any) -> GoldfixState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GoldfixState)
    return state


def mine(state: GoldfixState, name: str) -> int:
    number = state.board.mine_number(name)
    assert number >= 0
    return number


def take_card(deck: list[int], card: int) -> None:
    if card in deck:
        deck.remove(card)


def give_mine(
    state: GoldfixState, seat: int, name: str, *, headgear: bool = True, reports: int = 0
) -> int:
    """``seat`` owns the MINE LEASE of ``name`` (and its HEADGEAR, and DRILL REPORTS)."""
    m = mine(state, name)
    take_card(state.lease_deck.cards, m)
    state.lease_deck.unknown = min(state.lease_deck.unknown, len(state.lease_deck))
    state.lease_owner[m] = seat
    state.headgear[m] = headgear
    for k in range(reports):
        give_report(state, seat, name, k)
    return m


def give_report(state: GoldfixState, seat: int, name: str, which: int = 0) -> None:
    card = 2 * mine(state, name) + which
    take_card(state.report_deck.cards, card)
    state.report_deck.unknown = min(state.report_deck.unknown, len(state.report_deck))
    state.report_owner[card] = seat


def at_move(state: GoldfixState, seat: int, square: int, dice: tuple[int, int]) -> None:
    """``seat`` stands on ``square`` and has just rolled ``dice``."""
    state.turn = seat
    state.position[seat] = square
    state.dice = dice
    state._ask(MOVE, (seat,))


def at_pre_roll(state: GoldfixState, seat: int) -> None:
    state._start_turn(seat)
    assert state.phase == PRE_ROLL


def texts(state: GoldfixState, seat: int | None = None) -> list[str]:
    return [e.text for e in state.events_for(seat)]


def last_texts(state: GoldfixState, count: int = 8) -> str:
    return "\n".join(texts(state)[-count:])
