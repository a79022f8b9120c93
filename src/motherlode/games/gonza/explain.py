"""Why a move is not allowed, in words a player understands.

The state decides legality (its ``_legal`` list); this module only explains a refusal,
looking for the first rule the move breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.engine.words import T
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
from motherlode.games.gonza.components import BID, DOWN, EARN, EVENT, PLACE, UP
from motherlode.games.gonza.tables import DECIDE, DISCARD, MINISTER, PROTECT, TURN
from motherlode.games.gonza.terms import FACE_TEXT, Words, named

if TYPE_CHECKING:
    from motherlode.games.gonza.rules import GonzaState


def explain(state: GonzaState, seat: int, action: Action) -> T:
    """The first rule ``action`` breaks, in words (each sentence kept for translation)."""
    phase = state.phase
    if phase == MINISTER:
        return T(
            "{player} is played by the Minister AI: its only move is 'minister' (it takes its "
            "turn by the SOLO PLAY rules)",
            player=state._who(seat),
        )
    if isinstance(action, MinisterTurn):
        return T(
            "{player} is not a Minister AI player; 'minister' is its move",
            player=state._who(seat),
        )
    if phase == DECIDE:
        return _explain_decide(state, action)
    if phase == PROTECT:
        offer = state.protect_offer
        card: Words = named(state.comp.card[offer[1]].name) if offer else T("your card")
        return T(
            "an event card is being revealed: play {card} (play {id} .) or pass",
            card=card,
            id=offer[1] if offer else "",
        )
    if phase == DISCARD:
        if isinstance(action, Discard):
            return T("you do not hold the broker card {card}", card=repr(action.card))
        return T(
            "your turn has ended with {held} broker cards: discard down to {limit} (discard CARD)",
            held=len(state.hands[seat]),
            limit=state.params.hand_limit,
        )
    if phase == TURN:
        return _explain_turn(state, seat, action)
    return _not_now(action)


def _not_now(action: Action) -> T:
    return T("{action} is not possible now", action=str(action))


def _explain_decide(state: GonzaState, action: Action) -> T:
    decision = state.decision
    choices = ", ".join(decision[2]) if decision else ""
    if isinstance(action, Decide):
        return T(
            "{choice} is not one of the tied options: {choices}",
            choice=repr(action.choice),
            choices=choices,
        )
    return T("you are deciding a tie for the Minister AI: decide one of {choices}", choices=choices)


def _no_die(face: int) -> T:
    return T("no unused die shows '{face}'", face=FACE_TEXT[face])


def _corporation(state: GonzaState, corp: str) -> int | T:
    """The market slot of a corporation, or why there is none."""
    if corp in state.slot:
        return state.slot[corp]
    listing = ", ".join(c.id for c in state.corps)
    return T(
        "{corporation} is not a corporation on the market (the market: {market})",
        corporation=repr(corp),
        market=listing,
    )


def _explain_turn(state: GonzaState, seat: int, action: Action) -> T:
    left = state.left
    if isinstance(action, Reroll):
        return _explain_reroll(state, action)
    if isinstance(action, Earn):
        if not left[EARN]:
            return _no_die(EARN)
        return T("you have no credits of your colour left in the general supply to earn")
    if isinstance(action, Place | StockUp | StockDown):
        face = PLACE if isinstance(action, Place) else UP if isinstance(action, StockUp) else DOWN
        if not left[face]:
            return _no_die(face)
        corp = _corporation(state, action.corporation)
        if isinstance(corp, T):
            return corp
        name = state.corps[corp].name
        if isinstance(action, Place):
            if not state.personal[seat]:
                return T("you have no credits in your personal supply to place")
            return T(
                "{corporation} already holds the maximum of {cap} credits for {players} players",
                corporation=name,
                cap=state.cap,
                players=state.num_players,
            )
        if isinstance(action, StockUp):
            return _at_top(name)
        return _at_bottom(name)
    if isinstance(action, Bid):
        if not left[BID]:
            return _no_die(BID)
        if action.card not in state.face_up:
            return T("{card} is not a face-up broker card", card=repr(action.card))
        return T("you have no credits in your personal supply to bid")
    if isinstance(action, AddEventToken):
        if not left[EVENT]:
            return _no_die(EVENT)
        return T("every event card has been activated: no more event tokens are added")
    if isinstance(action, EndTurn):
        return T("you rolled the event face: add the event token ('event') before ending your turn")
    if isinstance(action, Play):
        return _explain_play(state, seat, action)
    if isinstance(action, Discard):
        return T(
            "you discard only at the end of your turn, when holding more than {limit} broker cards",
            limit=state.params.hand_limit,
        )
    if isinstance(action, Pass):
        return T("there is nothing to pass on now")
    if isinstance(action, Decide):
        return T("there is no tie to decide for the Minister AI now")
    return _not_now(action)


def _at_top(name: str) -> T:
    return T("{corporation}'s value marker is at the top of its track", corporation=name)


def _at_bottom(name: str) -> T:
    return T("{corporation}'s value marker is at the bottom of its track", corporation=name)


def _explain_reroll(state: GonzaState, action: Reroll) -> T:
    count = len(state.dice)
    if not state.rerolls_left:
        if any(state.used):
            return T("the dice are kept once you have used one: no more re-rolls this turn")
        return T("you have used both re-rolls this turn")
    if not action.dice:
        return T("name at least one die to re-roll, e.g. 'reroll 1,3'")
    if any(not 1 <= d <= count for d in action.dice):
        return T("the dice are numbered 1 to {count}", count=count)
    if list(action.dice) != sorted(set(action.dice)):
        return T("list each die once, in increasing order, e.g. 'reroll 1,3'")
    return T(
        "die {number} is the black die showing the event face: it is fixed (no re-roll)",
        number=count,
    )


def _explain_play(state: GonzaState, seat: int, action: Play) -> T:
    card = state.comp.card.get(action.card)
    if card is None:
        return T("there is no broker card {card}", card=repr(action.card))
    name = named(card.name)
    if action.card not in state.hands[seat]:
        return T("you do not hold {card}", card=name)
    if card.when == "end":
        return T(
            "{card} is an end-game card: it counts at the final scoring, never played", card=name
        )
    if card.when == "event":
        return T("{card} can only be played as an event card is revealed", card=name)
    effect, targets = card.effect, action.targets
    if effect in ("gain", "search"):
        if targets:
            return T("{card} takes no target: play {id} .", card=name, id=action.card)
        if effect == "gain":
            return T("you have no credits of your colour left in the general supply")
        return T("the broker deck is empty")
    if effect == "move_type":
        if len(targets) != 1 or targets[0] not in state.types_present:
            present = ", ".join(state.types_present)
            return T(
                "{card} names one corporation type on the market: {types}", card=name, types=present
            )
        return _not_now(action)
    if effect == "place":
        return _explain_spree(state, seat, card.amount, targets)
    if len(targets) != 1:
        return T("{card} names exactly one corporation", card=name)
    corp = _corporation(state, targets[0])
    if isinstance(corp, T):
        return corp
    corp_name = state.corps[corp].name
    if effect == "place_move":
        if not state.personal[seat]:
            return T("you have no credits in your personal supply to place")
        return T(
            "{corporation} already holds the maximum of {cap} credits",
            corporation=corp_name,
            cap=state.cap,
        )
    if card.amount > 0:
        return _at_top(corp_name)
    return _at_bottom(corp_name)


def _explain_spree(state: GonzaState, seat: int, most: int, targets: tuple[str, ...]) -> T:
    if not 1 <= len(targets) <= most:
        return T(
            "name 1 to {most} corporations to place on, e.g. 'play buying-spree a,b'", most=most
        )
    for t in targets:
        corp = _corporation(state, t)
        if isinstance(corp, T):
            return corp
    if len(targets) > state.personal[seat]:
        return T(
            "you have only {credits} credits in your personal supply", credits=state.personal[seat]
        )
    if list(targets) != sorted(targets):
        return T(
            "list the corporations in alphabetical order: {order}", order=",".join(sorted(targets))
        )
    return T("that would put more than {cap} credits on a corporation", cap=state.cap)
