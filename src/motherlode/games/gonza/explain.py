"""Why a move is not allowed, in words a player understands.

The state decides legality (its ``_legal`` list); this module only explains a refusal,
looking for the first rule the move breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.games.gonza.actions import (
    AddEventToken,
    Bid,
    Decide,
    Discard,
    Earn,
    EndTurn,
    MinisterTurn,
    Pass,
    Place,
    Play,
    Reroll,
    StockDown,
    StockUp,
)
from motherlode.games.gonza.components import BID, DOWN, EARN, EVENT, FACE_TEXT, PLACE, UP
from motherlode.games.gonza.tables import DECIDE, DISCARD, MINISTER, PROTECT, TURN

if TYPE_CHECKING:
    from motherlode.games.gonza.rules import GonzaState


def explain(state: GonzaState, seat: int, action: Action) -> str:
    phase = state.phase
    if phase == MINISTER:
        return (
            f"{state.seat_name(seat)} is played by the Minister AI: its only move is "
            "'minister' (it takes its turn by the SOLO PLAY rules)"
        )
    if isinstance(action, MinisterTurn):
        return f"{state.seat_name(seat)} is not a Minister AI player; 'minister' is its move"
    if phase == DECIDE:
        return _explain_decide(state, action)
    if phase == PROTECT:
        offer = state.protect_offer
        card = state.comp.card[offer[1]].name if offer else "your card"
        return (
            f"an event card is being revealed: play {card} "
            f"(play {offer[1] if offer else ''} .) or pass"
        )
    if phase == DISCARD:
        if isinstance(action, Discard):
            return f"you do not hold the broker card {action.card!r}"
        return (
            f"your turn has ended with {len(state.hands[seat])} broker cards: discard down to "
            f"{state.params.hand_limit} (discard CARD)"
        )
    if phase == TURN:
        return _explain_turn(state, seat, action)
    return f"{action} is not possible now"


def _explain_decide(state: GonzaState, action: Action) -> str:
    decision = state.decision
    choices = ", ".join(decision[2]) if decision else ""
    if isinstance(action, Decide):
        return f"{action.choice!r} is not one of the tied options: {choices}"
    return f"you are deciding a tie for the Minister AI: decide one of {choices}"


def _no_die(face: int) -> str:
    return f"no unused die shows '{FACE_TEXT[face]}'"


def _corporation(state: GonzaState, corp: str) -> int | str:
    """The market slot of a corporation, or why there is none."""
    if corp in state.slot:
        return state.slot[corp]
    listing = ", ".join(c.id for c in state.corps)
    return f"{corp!r} is not a corporation on the market (the market: {listing})"


def _explain_turn(state: GonzaState, seat: int, action: Action) -> str:
    left = state.left
    if isinstance(action, Reroll):
        return _explain_reroll(state, action)
    if isinstance(action, Earn):
        if not left[EARN]:
            return _no_die(EARN)
        return "you have no credits of your colour left in the general supply to earn"
    if isinstance(action, Place | StockUp | StockDown):
        face = PLACE if isinstance(action, Place) else UP if isinstance(action, StockUp) else DOWN
        if not left[face]:
            return _no_die(face)
        corp = _corporation(state, action.corporation)
        if isinstance(corp, str):
            return corp
        name = state.corps[corp].name
        if isinstance(action, Place):
            if not state.personal[seat]:
                return "you have no credits in your personal supply to place"
            return (
                f"{name} already holds the maximum of {state.cap} credits "
                f"for {state.num_players} players"
            )
        if isinstance(action, StockUp):
            return f"{name}'s value marker is at the top of its track"
        return f"{name}'s value marker is at the bottom of its track"
    if isinstance(action, Bid):
        if not left[BID]:
            return _no_die(BID)
        if action.card not in state.face_up:
            return f"{action.card!r} is not a face-up broker card"
        return "you have no credits in your personal supply to bid"
    if isinstance(action, AddEventToken):
        if not left[EVENT]:
            return _no_die(EVENT)
        return "every event card has been activated: no more event tokens are added"
    if isinstance(action, EndTurn):
        return "you rolled the event face: add the event token ('event') before ending your turn"
    if isinstance(action, Play):
        return _explain_play(state, seat, action)
    if isinstance(action, Discard):
        return (
            "you discard only at the end of your turn, when holding more than "
            f"{state.params.hand_limit} broker cards"
        )
    if isinstance(action, Pass):
        return "there is nothing to pass on now"
    if isinstance(action, Decide):
        return "there is no tie to decide for the Minister AI now"
    return f"{action} is not possible now"


def _explain_reroll(state: GonzaState, action: Reroll) -> str:
    count = len(state.dice)
    if not state.rerolls_left:
        if any(state.used):
            return "the dice are kept once you have used one: no more re-rolls this turn"
        return "you have used both re-rolls this turn"
    if not action.dice:
        return "name at least one die to re-roll, e.g. 'reroll 1,3'"
    if any(not 1 <= d <= count for d in action.dice):
        return f"the dice are numbered 1 to {count}"
    if list(action.dice) != sorted(set(action.dice)):
        return "list each die once, in increasing order, e.g. 'reroll 1,3'"
    return f"die {count} is the black die showing the event face: it is fixed (no re-roll)"


def _explain_play(state: GonzaState, seat: int, action: Play) -> str:
    card = state.comp.card.get(action.card)
    if card is None:
        return f"there is no broker card {action.card!r}"
    if action.card not in state.hands[seat]:
        return f"you do not hold {card.name}"
    if card.when == "end":
        return f"{card.name} is an end-game card: it counts at the final scoring, never played"
    if card.when == "event":
        return f"{card.name} can only be played as an event card is revealed"
    effect, targets = card.effect, action.targets
    if effect in ("gain", "search"):
        if targets:
            return f"{card.name} takes no target: play {action.card} ."
        if effect == "gain":
            return "you have no credits of your colour left in the general supply"
        return "the broker deck is empty"
    if effect == "move_type":
        if len(targets) != 1 or targets[0] not in state.types_present:
            present = ", ".join(state.types_present)
            return f"{card.name} names one corporation type on the market: {present}"
        return f"{action} is not possible now"
    if effect == "place":
        return _explain_spree(state, seat, card.amount, targets)
    if len(targets) != 1:
        return f"{card.name} names exactly one corporation"
    corp = _corporation(state, targets[0])
    if isinstance(corp, str):
        return corp
    name = state.corps[corp].name
    if effect == "place_move":
        if not state.personal[seat]:
            return "you have no credits in your personal supply to place"
        return f"{name} already holds the maximum of {state.cap} credits"
    if card.amount > 0:
        return f"{name}'s value marker is at the top of its track"
    return f"{name}'s value marker is at the bottom of its track"


def _explain_spree(state: GonzaState, seat: int, most: int, targets: tuple[str, ...]) -> str:
    if not 1 <= len(targets) <= most:
        return f"name 1 to {most} corporations to place on, e.g. 'play buying-spree a,b'"
    for t in targets:
        corp = _corporation(state, t)
        if isinstance(corp, str):
            return corp
    if len(targets) > state.personal[seat]:
        return f"you have only {state.personal[seat]} credits in your personal supply"
    if list(targets) != sorted(targets):
        return f"list the corporations in alphabetical order: {','.join(sorted(targets))}"
    return f"that would put more than {state.cap} credits on a corporation"
