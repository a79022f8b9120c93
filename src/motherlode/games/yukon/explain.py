"""Why a move is refused: a message in the rulebook's terms for every illegal action.

The state asks here only for actions that are not among the legal ones (``_illegal_reason``),
so the messages may take their time; the legal ones never come this way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.games.yukon.actions import Enter, Move, Pass, Place, Stake
from motherlode.games.yukon.constants import FREE, PLACING, PLAYING

if TYPE_CHECKING:
    from motherlode.games.yukon.rules import YukonState


def why_not(state: YukonState, seat: int, action: Action) -> str:
    """Why ``action`` (not among the legal ones) is refused for ``seat`` now."""
    if isinstance(action, Place | Enter | Move):
        return _why_not_space(state, seat, action)
    if isinstance(action, Stake):
        return _why_not_stake(state, seat, action.claim)
    if isinstance(action, Pass):
        return "you may pass only when the team cannot move but could stake a claim"
    return f"{action} is not possible now"


def _why_not_space(state: YukonState, seat: int, action: Place | Enter | Move) -> str:
    board = state.board
    space = board.space_at.get((action.claim, action.hour))
    if space is None:
        if not 1 <= action.claim <= len(board.claims):
            return f"there is no claim {action.claim}: claims are 1 to {len(board.claims)}"
        return f"hour {action.hour} is not on the clock: a claim's spaces are hours 1 to 12"
    label = board.labels[space]
    if board.names[space] != (action.claim, action.hour):
        return (
            f"space {action.claim}:{action.hour} is called {label}: "
            f"write '{action.TYPE} {label.replace(':', ' ')}'"
        )
    taken = state.owner[space]
    taken_text = f"{label} is taken by {state.seat_name(taken)}" if taken != FREE else ""
    if isinstance(action, Place):
        if state.phase != PLACING:
            return "the start spaces were chosen at the start of the game"
        if not board.is_start[space]:
            return f"{label} is not a start space (they lie on the board's outer edge)"
        return taken_text or f"{action} is not possible now"
    if state.phase == PLACING:
        return "first every player places a gold-digger on a start space"
    chain = state.chains[seat]
    ends = " and ".join(dict.fromkeys(board.labels[e] for e in (chain[0], chain[-1])))
    if isinstance(action, Enter):
        if not state.waiting[seat]:
            return (
                f"all {state.params.stones} gold-diggers are on the board: the team moves instead"
            )
        return taken_text or (
            f"a new gold-digger must stand next to an end of the team ({ends}) "
            "so that no gap arises"
        )
    if state.waiting[seat]:
        return (
            f"{state.waiting[seat]} gold-diggers are still off the board: "
            "each pip brings one on (enter)"
        )
    if taken_text:
        return taken_text
    if not state.steered:
        return f"{label} is not next to an end of the team ({ends})"
    leads_last = state.heading[seat]
    head = chain[-1] if leads_last else chain[0]
    rear = chain[0] if leads_last else chain[-1]
    if space in board.neighbours[rear] and space not in board.neighbours[head]:
        if state.turned_back:
            return "the team has already turned back this turn"
        if [s for s in board.neighbours[head] if state.owner[s] == FREE]:
            return (
                "the direction is kept for the whole turn: a team turns back only when "
                "the next space is held by an opposing team"
            )
        return (
            f"the way ahead of {board.labels[head]} is blocked by your own team: "
            "only an opposing team turns a team back"
        )
    return f"{label} is not next to the leading gold-digger on {board.labels[head]}"


def _why_not_stake(state: YukonState, seat: int, number: int) -> str:
    board = state.board
    if not 1 <= number <= len(board.claims):
        return f"there is no claim {number}: claims are 1 to {len(board.claims)}"
    owner = state.claim_owner[number - 1]
    if owner != FREE:
        return f"claim {number} is already staked by {state.seat_name(owner)}"
    if state.phase != PLAYING:
        return "no claim can be staked now"
    if state.waiting[seat] or not state.staked[seat]:
        return (
            f"for the first claim all {state.params.stones} gold-diggers must stand in a "
            f"complete, closed circle round claim {number}"
        )
    return f"all of the team's gold-diggers must stand in the circle round claim {number}"
