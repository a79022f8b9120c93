"""Terminal drawing of a Gold am Yukon observation (Rich), from the observation alone.

The map puts every claim's ring of 12 spaces round its number and nuggets, shared spaces
where two rings touch, and the gold-diggers as their player's number (the leading end of a
team in reverse video).  It is 57 columns wide; with the panel and the tables everything
fits an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import Action, PromptHelp, State
from motherlode.engine.words import T, kept
from motherlode.games.yukon.actions import Enter, Move, Place, Stake
from motherlode.games.yukon.components import (
    GRID_HOUR_OFFSET,
    NEIGHBOUR_AT_HOUR,
    Board,
    grid_position,
)
from motherlode.games.yukon.story import listed
from motherlode.games.yukon.words import sentence, words

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
"""One colour per seat."""

FREE_SPACE, SHARED_SPACE, START_SPACE, NUGGET = "·", "•", "s", "◆"


def seat_colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def _parse_label(label: str) -> tuple[int, int]:
    claim, _, hour = label.partition(":")
    return int(claim), int(hour)


class _Canvas:
    """A grid of characters with a style each, turned into one Rich Text."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, col: int, row: int, text: str, style: str = "") -> None:
        line = self.cells[row]
        for k, ch in enumerate(text):
            if 0 <= col + k < self.width:
                line[col + k] = (ch, style)

    def to_text(self) -> Text:
        out = Text()
        for r, line in enumerate(self.cells):
            if r:
                out.append("\n")
            run, style = "", ""
            for ch, st in line:
                if st != style and run:
                    out.append(run, style=style)
                    run = ""
                style = st
                run += ch
            out.append(run.rstrip() if not style else run, style=style)
        return out


def draw_map(obs: Mapping[str, Any], marks: Mapping[str, str] | None = None) -> Text:
    """The board: rings, stones, claim numbers, nuggets and who staked each claim; ``marks``
    (space label -> letter) shows where the move being chosen may go."""
    claims: Sequence[Sequence[Any]] = obs["claims"]
    where = {int(c[0]): (int(c[1]), int(c[2])) for c in claims}
    cells = {(q, r) for q, r in where.values()}
    positions = [grid_position(q, r, hour) for q, r in where.values() for hour in GRID_HOUR_OFFSET]
    left = min(x for x, _ in positions)
    top = min(y for _, y in positions)
    width = max(x for x, _ in positions) - left + 1
    height = max(y for _, y in positions) - top + 1
    canvas = _Canvas(width, height)

    for q, r in where.values():
        for hour in GRID_HOUR_OFFSET:
            x, y = grid_position(q, r, hour)
            offset = NEIGHBOUR_AT_HOUR.get(hour)
            shared = offset is not None and (q + offset[0], r + offset[1]) in cells
            glyph = SHARED_SPACE if shared else FREE_SPACE
            canvas.put(x - left, y - top, glyph, "grey50")
    for label in obs.get("start_spaces", []):
        claim, hour = _parse_label(label)
        q, r = where[claim]
        x, y = grid_position(q, r, hour)
        canvas.put(x - left, y - top, START_SPACE, "cyan")

    for c in claims:
        number, q, r, nuggets, owner = int(c[0]), int(c[1]), int(c[2]), int(c[3]), c[4]
        x, y = grid_position(q, r, 12)[0] - left, grid_position(q, r, 3)[1] - top
        tag = f"#{number}"
        canvas.put(x - len(tag) // 2, y - 1, tag, "dim")
        canvas.put(x - 1, y, f"{NUGGET}{nuggets}", "bold bright_yellow")
        if owner is not None:
            canvas.put(x - 1, y + 1, f"[{int(owner) + 1}]", f"bold {seat_colour(int(owner))}")

    for seat, team in enumerate(obs["teams"]):
        style = f"bold {seat_colour(seat)}"
        for label in team["chain"]:
            claim, hour = _parse_label(label)
            q, r = where[claim]
            x, y = grid_position(q, r, hour)
            lead = " reverse" if label == team.get("front") else ""
            canvas.put(x - left, y - top, str(seat + 1), style + lead)
    for label, letter in (marks or {}).items():
        claim, hour = _parse_label(label)
        q, r = where[claim]
        x, y = grid_position(q, r, hour)
        canvas.put(x - left, y - top, letter, "bold reverse bright_white")
    return canvas.to_text()


def _status(obs: Mapping[str, Any]) -> Text:
    phase = obs["phase"]
    turn = obs.get("turn")
    out = Text()
    if phase == "over":
        out.append("Game over", style="bold")
        if obs.get("end_reason"):
            out.append(f": {obs['end_reason']}.")
        ranking = obs.get("ranking")
        if ranking:
            winners = ", ".join(f"Player {s + 1}" for s in ranking[0])
            out.append(f"  Winner: {winners}", style="bold")
        return out
    if turn is None:
        return out
    who = Text(f"Player {turn + 1}", style=f"bold {seat_colour(int(turn))}")
    if phase == "placing":
        out.append("Preparation: ")
        out.append_text(who)
        out.append(" places a gold-digger on a free start space (s).")
        return out
    out.append_text(who)
    story = obs.get("this_turn") or []
    if not story:
        throws = [int(t) for t in obs.get("throws", [])]
        shown = " + ".join(map(str, throws))
        story = [f"throws {shown}" + (f" = {sum(throws)}" if len(throws) > 1 else "")]
    pips = int(obs["pips"])
    out.append(f" {', '.join(story)}; {pips} pip{'s' if pips != 1 else ''} left")
    if obs.get("turned_back"):
        out.append(" (turned back)")
    out.append(".")
    return out


def _teams_table(obs: Mapping[str, Any]) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for head in ("player", "on board", "to enter", "claims", "nuggets", "leading end", "state"):
        table.add_column(head)
    for seat, team in enumerate(obs["teams"]):
        if team["retired"]:
            state = f"staked the 6: {team['guards']} guards, no more turns"
        elif not team["active"]:
            state = "all gold-diggers on claims"
        elif team.get("walled", 0):
            state = f"could not move for {team['walled']} turn(s)"
        else:
            state = "moving" if not team["waiting"] else "entering"
        claims = ", ".join(str(c) for c in team["claims"]) or "-"
        table.add_row(
            Text(f"Player {seat + 1}", style=f"bold {seat_colour(seat)}"),
            str(len(team["chain"])),
            str(team["waiting"]),
            claims,
            str(team["nuggets"]),
            team.get("front") or "-",
            state,
        )
    return table


LEGEND = (
    "1-6 gold-diggers (reverse: leading end)  · space  • two rings meet  s start\n"
    "#n claim  ◆ nuggets  [n] staked by n  a space: claim:hour (12 at top), move 19 3"
)


def render(
    obs: Mapping[str, Any], seat: int | None, marks: Mapping[str, str] | None = None
) -> RenderableType:
    """The board, the turn in progress and every team, as seen in ``obs``."""
    board = Panel(
        draw_map(obs, marks),
        title=f"Gold am Yukon — board: {obs.get('board', '')}",
        subtitle=None if seat is None else f"you are Player {seat + 1}",
        expand=False,
    )
    legend = LEGEND + ("\na b c… where this move may go: type the letter" if marks else "")
    return Group(board, _status(obs), _teams_table(obs), Text(legend, style="dim"))


# ------------------------------------------------------------------- the terminal prompt


def _targets(state: State, seat: int, legal: list[Action]) -> dict[str, str]:
    """Letters for the spaces this move may go to (not for the start: those are the s)."""
    board: Board = state.board  # type: ignore[attr-defined]
    spaces = [a for a in legal if isinstance(a, Enter | Move)]
    if not spaces or len(spaces) > len(LETTERS):
        return {}
    labels = dict.fromkeys(board.labels[board.space_at[a.claim, a.hour]] for a in spaces)
    return dict(zip(labels, LETTERS, strict=False))


def label_words(state: State, seat: int, action: Action) -> T | str | None:
    """What the prompt shows beside a move: the claim's nuggets, a target's letter on the
    map, a shared space's other name; as words a page translates."""
    if not isinstance(action, Place | Enter | Move | Stake):
        return None
    board: Board = state.board  # type: ignore[attr-defined]
    if isinstance(action, Stake):
        claim = next((c for c in board.claims if c.number == action.claim), None)
        if claim is None:
            return None
        return kept("claim #{claim}, {nuggets} nuggets", claim=action.claim, nuggets=claim.nuggets)
    space = board.space_at.get((action.claim, action.hour))
    if space is None:
        return None
    letter = _targets(state, seat, state.legal_actions(seat)).get(board.labels[space])
    return _space_label(board, space, letter)


@lru_cache(maxsize=1 << 12)
def _space_label(board: Board, space: int, letter: str | None) -> T | str | None:
    """A space's letter on the map and its other names, made once per board, space and
    letter (each view labels every move of a decision)."""
    other = [f"{c}:{h}" for (c, h), s in board.space_at.items() if s == space]
    parts = [T("also called {space}", space=o) for o in other if o != board.labels[space]]
    if letter:
        parts.insert(0, T("{letter} on the map", letter=letter))
    return listed(parts) if parts else None


def _label(state: State, seat: int, action: Action) -> str | None:
    """:func:`label_words` in English (``PromptHelp.label`` wants a ``str``)."""
    words = label_words(state, seat, action)
    return None if words is None else str(words)


def _same_as(state: State, seat: int, action: Action) -> Action | None:
    """A space shared by two claims, called by its other name, is that space."""
    if not isinstance(action, Place | Enter | Move):
        return None
    board: Board = state.board  # type: ignore[attr-defined]
    space = board.space_at.get((action.claim, action.hour))
    if space is None or board.names[space] == (action.claim, action.hour):
        return None
    return type(action)(*board.names[space])


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """A team's nuggets, claim by claim."""
    nuggets = {int(c[0]): int(c[3]) for c in obs["claims"]}
    claims = [f"claim {c}: {nuggets[int(c)]}" for c in obs["teams"][seat]["claims"]]
    return " + ".join(claims) if claims else "no claim staked"


def _read(state: State, seat: int, text: str) -> Action | None:
    """A target's letter on the map (``a``) is the move there."""
    letter = text.strip().lower()
    if len(letter) != 1 or letter not in LETTERS:
        return None
    legal = state.legal_actions(seat)
    label = next((s for s, k in _targets(state, seat, legal).items() if k == letter), None)
    board: Board = state.board  # type: ignore[attr-defined]
    spaces = (a for a in legal if isinstance(a, Enter | Move))
    return next((a for a in spaces if board.labels[board.space_at[a.claim, a.hour]] == label), None)


def _board(state: State, seat: int, legal: list[Action]) -> RenderableType:
    return render(state.observe(seat), seat, _targets(state, seat, legal))


LETTERS = "abcdefghijklmnopqrstuvwxyz"
PROMPT = PromptHelp(
    label=_label,
    same_as=_same_as,
    board=_board,
    score_parts=score_parts,
    read=_read,
    words=words,
    label_words=label_words,
    sentence=sentence,
)
"""Targets lettered on the map, both names of a shared space (see docs/yukon.md)."""
