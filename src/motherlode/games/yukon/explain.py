"""Why a move is refused: a message in the rulebook's terms for every illegal action.

The state asks here only for actions that are not among the legal ones (``_illegal_reason``),
so the messages may take their time; the legal ones never come this way.  Each is words a
page translates (:class:`~motherlode.engine.words.T`); ``str()`` reads it in English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake
from motherlode.games.yukon.constants import FREE, PLACING, PLAYING

if TYPE_CHECKING:
    from motherlode.games.yukon.rules import YukonState


def why_not(state: YukonState, seat: int, action: Action) -> T:
    """Why ``action`` (not among the legal ones) is refused for ``seat`` now."""
    if isinstance(action, Place | Enter | Move):
        return _why_not_space(state, seat, action)
    if isinstance(action, Stake):
        return _why_not_stake(state, seat, action.claim)
    if isinstance(action, Pass):
        return T("you may pass only when the team cannot move but could stake a claim")
    return _not_now(action)


def _not_now(action: Action) -> T:
    return T("{action} is not possible now", action=str(action))


def _no_claim(state: YukonState, number: int) -> T:
    return T(
        "there is no claim {claim}: claims are 1 to {count}",
        claim=number,
        count=len(state.board.claims),
    )


def _ends(state: YukonState, chain: list[int]) -> T | str:
    """The team's ends by their board codes: one, or ``a and b``."""
    first, last = state.board.labels[chain[0]], state.board.labels[chain[-1]]
    return first if first == last else T("{first} and {last}", first=first, last=last)


def _why_not_space(state: YukonState, seat: int, action: Place | Enter | Move) -> T:
    board = state.board
    space = board.space_at.get((action.claim, action.hour))
    if space is None:
        if not 1 <= action.claim <= len(board.claims):
            return _no_claim(state, action.claim)
        return T(
            "hour {hour} is not on the clock: a claim's spaces are hours 1 to 12",
            hour=action.hour,
        )
    label = board.labels[space]
    if board.names[space] != (action.claim, action.hour):
        notation = f"{action.TYPE} {label.replace(':', ' ')}"
        return T(
            "space {claim}:{hour} is called {label}: write '{notation}'",
            claim=action.claim,
            hour=action.hour,
            label=label,
            notation=notation,
        )
    taken = state.owner[space]
    taken_text = (
        T("{space} is taken by {player}", space=label, player=state.seat_name(taken))
        if taken != FREE
        else None
    )
    if isinstance(action, Place):
        if state.phase != PLACING:
            return T("the start spaces were chosen at the start of the game")
        if not board.is_start[space]:
            return T(
                "{space} is not a start space (they lie on the board's outer edge)", space=label
            )
        return taken_text or _not_now(action)
    if state.phase == PLACING:
        return T("first every player places a gold-digger on a start space")
    chain = state.chains[seat]
    if isinstance(action, Enter):
        if not state.waiting[seat]:
            return T(
                "all {stones} gold-diggers are on the board: the team moves instead",
                stones=state.params.stones,
            )
        return taken_text or T(
            "a new gold-digger must stand next to an end of the team ({ends}) "
            "so that no gap arises",
            ends=_ends(state, chain),
        )
    if state.waiting[seat]:
        return T(
            "{waiting} gold-diggers are still off the board: each pip brings one on (enter)",
            waiting=state.waiting[seat],
        )
    if taken_text:
        return taken_text
    if not state.steered:
        return T(
            "{space} is not next to an end of the team ({ends})",
            space=label,
            ends=_ends(state, chain),
        )
    leads_last = state.heading[seat]
    head = chain[-1] if leads_last else chain[0]
    rear = chain[0] if leads_last else chain[-1]
    if space in board.neighbours[rear] and space not in board.neighbours[head]:
        if state.turned_back:
            return T("the team has already turned back this turn")
        if [s for s in board.neighbours[head] if state.owner[s] == FREE]:
            return T(
                "the direction is kept for the whole turn: a team turns back only when "
                "the next space is held by an opposing team"
            )
        return T(
            "the way ahead of {space} is blocked by your own team: "
            "only an opposing team turns a team back",
            space=board.labels[head],
        )
    return T(
        "{space} is not next to the leading gold-digger on {head}",
        space=label,
        head=board.labels[head],
    )


def _why_not_stake(state: YukonState, seat: int, number: int) -> T:
    board = state.board
    if not 1 <= number <= len(board.claims):
        return _no_claim(state, number)
    owner = state.claim_owner[number - 1]
    if owner != FREE:
        return T(
            "claim {claim} is already staked by {player}",
            claim=number,
            player=state.seat_name(owner),
        )
    if state.phase != PLAYING:
        return T("no claim can be staked now")
    if state.waiting[seat] or not state.staked[seat]:
        return T(
            "for the first claim all {stones} gold-diggers must stand in a "
            "complete, closed circle round claim {claim}",
            stones=state.params.stones,
            claim=number,
        )
    return T(
        "all of the team's gold-diggers must stand in the circle round claim {claim}",
        claim=number,
    )
