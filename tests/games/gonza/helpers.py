"""Hand-built Gonza Index positions for the rule tests.

``new()`` lays out a known market (two financial, one services, one tech, two resource
corporations) with Player 1 to move; the other helpers set dice, cards and decks.
"""

from __future__ import annotations

from typing import Any

import motherlode
from motherlode.games.gonza.components import FACES
from motherlode.games.gonza.rules import GonzaState

GAME = motherlode.get_game("gonza")

MARKET = ("hensler", "azing", "mrtc", "novatek", "helix", "kepler")
"""Hensler (financial, start 2 of 0..7), Azing & Van Trovic (financial, start 3 of 0..6),
MRTC Transit (services, start 2), Novatek (tech, start 1: 0 1 2 3 5 7 9 12),
Helix Mining (resource, start 2), Kepler Ore (resource, start 1)."""


def new(
    players: int = 4, seed: int = 1, market: tuple[str, ...] = MARKET, **options: Any
) -> GonzaState:
    """A new game with this market; Player 1 goes first unless ``first_player`` says."""
    options.setdefault("first_player", 1)
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GonzaState)
    state._lay_market(list(market))
    return state


def roll(state: GonzaState, *faces: str, black: bool | None = None) -> None:
    """Set the active player's dice (the black die last when five are given)."""
    dice = [FACES.index(f) for f in faces]
    state.dice = dice
    state.black = len(dice) == 5 if black is None else black
    state.used = [False] * len(dice)
    state.left = [dice.count(f) for f in range(len(FACES))]
    state.dice_left = len(dice)
    state.rerolls_left = 2


def take(state: GonzaState, card: str) -> None:
    """Take a broker card out of wherever it is (deck, face up, a hand)."""
    if card in state.broker_deck:
        i = state.broker_deck.index(card)
        if i < state.deck_hidden:
            state.deck_hidden -= 1
        state.broker_deck.remove(card)
    elif card in state.face_up:
        state.face_up.remove(card)
    else:
        for hand in state.hands:
            if card in hand:
                hand.remove(card)


def give(state: GonzaState, seat: int, *cards: str) -> None:
    for card in cards:
        take(state, card)
        state.hands[seat].append(card)


def lay_brokers(state: GonzaState, *cards: str) -> None:
    """These cards face up (in this order); the former face-up cards go to the deck's top."""
    old = [c for c in state.face_up if c not in cards]
    for card in cards:
        take(state, card)
    state.face_up = list(cards)
    state.broker_deck[:0] = old
    state.deck_hidden += len(old)


def stack_broker_deck(state: GonzaState, *cards: str) -> None:
    """These cards on top of the broker deck, first on top."""
    for card in cards:
        take(state, card)
    state.broker_deck[:0] = list(cards)
    state.deck_hidden += len(cards)


def stack_events(state: GonzaState, *events: str) -> None:
    """The event deck is exactly these cards, the first to be revealed first."""
    pool = [e for e in state.event_deck + state.event_box if e not in events]
    state.event_deck = list(reversed(events))
    state.event_box = pool


def place(state: GonzaState, seat: int, corp: str, credits: int = 1) -> None:
    """Put credits of a player on a corporation (from the supply, as if placed earlier)."""
    c = state.slot[corp]
    state.supply[seat] -= credits
    state.earned[seat] += credits
    state.placed[c * state.num_players + seat] += credits
    state.total[c] += credits


def fund(state: GonzaState, seat: int, credits: int) -> None:
    """Move credits from a player's general supply to their personal supply."""
    state.supply[seat] -= credits
    state.earned[seat] += credits
    state.personal[seat] += credits


def act(state: GonzaState, seat: int, *moves: str) -> None:
    for move in moves:
        state.apply(seat, GAME.parse_action(move))


def bids_on(state: GonzaState, card: str) -> list[int]:
    n = state.num_players
    slot = state.face_up.index(card)
    return state.bids[slot * n : slot * n + n]


def value(state: GonzaState, corp: str) -> int:
    return state.value(state.slot[corp])


def set_value(state: GonzaState, corp: str, value: int) -> None:
    c = state.slot[corp]
    state.pos[c] = state.corps[c].track.index(value)


def conserved(state: GonzaState) -> bool:
    """Credits are conserved: every colour's 20 are in the general supply (which auction
    payments return to), a personal supply, on corporations or on broker cards; and what
    is held equals the starting credits plus earned minus paid."""
    n = state.num_players
    whole = state.comp.credits_per_colour
    for s in range(n):
        placed = sum(state.placed[s::n])
        bids = sum(state.bids[s::n])
        held = state.personal[s] + placed + bids
        if state.supply[s] + held != whole:
            return False
        p = state.params  # SETUP's credits: 1 for the first player, 2 for the others
        start = p.start_credits_first if s == state.first else p.start_credits_others
        if held + state.paid[s] != start + state.earned[s]:
            return False
        if min(state.supply[s], state.personal[s], placed, bids) < 0:
            return False
    return True
