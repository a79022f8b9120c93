"""A person at the terminal: sees the board and their own log, picks a move by number or text.

How a typed answer is read, so that nothing typed means two things:

- a move's notation (``price 13``, ``place 4 1``) is that move;
- a bare number, where the legal moves include exactly one kind that takes one number
  (Goodwill's price, a bid, a Yukon stake), is that number: ``13`` at the price prompt is
  ``price 13``, never the 13th line of the menu;
- ``#N`` is always line N of the menu, and a bare ``N`` is line N only where no legal move
  takes one number (the prompt says which reading applies).

A kind of move with many legal values is shown as one line of its values (``price 0–38``,
``reroll`` any of the dice) rather than a line each.  A move the game calls by another name
(a Carcassonne rotation that looks the same, a Yukon space shared by two claims) is played
as the legal move it means; anything else illegal is refused with the rules' reason and
changes nothing.
"""

from __future__ import annotations

import select
import sys
import time
import typing
from collections.abc import Callable, Sequence
from dataclasses import fields
from itertools import combinations

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from motherlode.engine import Action, Agent, BadAction, IllegalAction, State


def english(text: object) -> str | None:
    """A game's words for the terminal: English (``T`` words rendered), None kept."""
    return None if text is None else str(text)


class QuitGame(Exception):
    """The person asked to leave the game."""


HELP = (
    "Type a move's notation (the text of a menu line, e.g. 'price 13'), #N for menu line N,\n"
    "or, where the prompt says so, a bare number for the move that takes one number.\n"
    "  board  show the board again      log   show your whole log\n"
    "  help   this text                 quit  leave (the game so far is saved)"
)

GROUP_AT = 8
"""A kind of move with this many legal values or more is shown as one line of values."""

PANEL_LINES = 60
"""The "since your last move" panel shows up to this many lines and says what it left out."""


def _hints(cls: type[Action]) -> list[tuple[str, object]]:
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name]) for f in fields(cls)]


def takes_one_number(cls: type[Action]) -> bool:
    """Whether a move of this kind is one whole number (``price 13``, ``stake 7``)."""
    spec = _hints(cls)
    return len(spec) == 1 and spec[0][1] is int


def spans(values: Sequence[int]) -> str:
    """Whole numbers as runs: ``0–38`` or ``1, 3, 5–9``."""
    out: list[str] = []
    ordered = sorted(set(values))
    start = prev = ordered[0]
    for v in [*ordered[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        out.append(str(start) if start == prev else f"{start}–{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(out)


def _group_line(cls: type[Action], actions: list[Action]) -> str | None:
    """One menu line for many moves of one kind, or None where they do not fold."""
    spec = _hints(cls)
    name = cls.TYPE
    if len(spec) == 1 and spec[0][1] is int:
        values = [getattr(a, spec[0][0]) for a in actions]
        return f"{name} N  (N: {spans(values)})"
    if len(spec) == 1 and typing.get_origin(spec[0][1]) is tuple:
        picks = [tuple(getattr(a, spec[0][0])) for a in actions]
        pool = sorted({v for p in picks for v in p})
        every = {c for k in range(1, len(pool) + 1) for c in combinations(pool, k)}
        if set(picks) == every:
            example = ",".join(map(str, pool[:2]))
            return f"{name} any of {','.join(map(str, pool))}  (e.g. {name} {example})"
        return None
    if len(spec) >= 2 and all(h is int for _, h in spec):
        heads: dict[tuple[int, ...], list[int]] = {}
        for a in actions:
            values = [getattr(a, n) for n, _ in spec]
            heads.setdefault(tuple(values[:-1]), []).append(values[-1])
        last = spec[-1][0]
        return "\n".join(
            f"{name} {' '.join(map(str, head))} {last} {spans(tails)}"
            for head, tails in heads.items()
        )
    return None


class Menu:
    """The legal moves as a person reads them: numbered lines and folded kinds."""

    def __init__(
        self, legal: list[Action], label: Callable[[Action], str | None] | None = None
    ) -> None:
        self.legal = legal
        kinds: dict[type[Action], list[Action]] = {}
        for action in legal:
            kinds.setdefault(type(action), []).append(action)
        self.number_kinds = [cls for cls in kinds if takes_one_number(cls)]
        self.numbered: list[Action] = []
        self.example: Action | None = None
        self.lines: list[tuple[int | None, str]] = []
        done: set[type[Action]] = set()
        for action in legal:
            cls = type(action)
            if cls in done:
                continue
            group = kinds[cls]
            folded = _group_line(cls, group) if len(group) >= GROUP_AT else None
            if folded is not None:
                done.add(cls)
                self.example = self.example or group[0]
                self.lines.extend((None, line) for line in folded.split("\n"))
                continue
            words = label(action) if label else None
            text = action.notation() + (f" — {words}" if words else "")
            self.numbered.append(action)
            self.lines.append((len(self.numbered), text))

    @property
    def number_is_value(self) -> bool:
        """A bare number is the value of the one kind of move that takes a number."""
        return len(self.number_kinds) == 1

    def how_to_answer(self) -> str:
        if self.number_is_value:
            name = self.number_kinds[0].TYPE
            return f"A bare number N means '{name} N'; #N picks menu line N (e.g. #1)."
        if self.number_kinds:
            names = " or ".join(f"'{c.TYPE} 3'" for c in self.number_kinds)
            return f"Type the move with its word ({names}); #N picks menu line N."
        if self.example is not None:
            return (
                f"Type a move as shown (e.g. '{self.example.notation()}'), "
                "or the number of a numbered line."
            )
        return ""

    def show(self, console: Console) -> None:
        mark = "#{n}" if self.number_kinds else "{n})"
        items = [
            (f"[bold]{mark.format(n=n)}[/] " if n is not None else "  ") + escape(text)
            for n, text in self.lines
        ]
        if len(items) <= 12:
            for item in items:
                console.print("  " + item)
        else:
            console.print(Columns(items, padding=(0, 3)))
        hint = self.how_to_answer()
        if hint:
            console.print(f"[dim]{escape(hint)}[/]")

    def line(self, number: int) -> Action | str:
        """The action on numbered line ``number``, or why there is none."""
        if 1 <= number <= len(self.numbered):
            return self.numbered[number - 1]
        if not self.numbered:
            return "this menu has no numbered lines: type the move"
        return f"Choose a menu line from #1 to #{len(self.numbered)}."


class HumanAgent(Agent):
    """Asks a person for every decision of one seat, showing only that seat's information.

    With ``hotseat`` (several people at one screen) the screen is cleared and the next
    player is asked to take the keyboard before anything private is shown.
    """

    name = "human"

    def __init__(
        self,
        console: Console,
        *,
        hotseat: bool = False,
        ask: Callable[[str], str] | None = None,
        seat_names: list[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.console = console
        self.hotseat = hotseat
        self.ask = ask or console.input
        self._scripted = ask is not None
        """Whether answers come from a given ``ask`` (timed by their arrival) rather than
        the terminal (whose wait a timed decision cuts off).  Not ``ask is console.input``:
        each read of a bound method is a new object."""
        self.clock = clock
        self.seat_names = seat_names
        self._seen_events: dict[int, int] = {}

    def _name(self, state: State, seat: int) -> str:
        if self.seat_names and seat < len(self.seat_names):
            return self.seat_names[seat]
        return state.seat_name(seat)

    def show(self, state: State, seat: int, legal: list[Action] | None = None) -> None:
        help_ = state.game.prompt
        if help_ is not None and help_.board is not None and legal is not None:
            self.console.print(help_.board(state, seat, legal))
        elif state.game.render is not None:
            self.console.print(state.game.render(state.observe(seat), seat))
        self._news(state, seat, "since your last move")

    def _news(self, state: State, seat: int | None, title: str) -> None:
        """Every event this seat has not yet seen; past PANEL_LINES, says what it left out."""
        events = state.events_for(seat)
        key = -1 if seat is None else seat
        start = self._seen_events.get(key, 0)
        fresh = [e.text for e in events if e.index >= start]
        if len(fresh) > PANEL_LINES:
            left = len(fresh) - PANEL_LINES
            fresh = [
                f"… {left} earlier line{'s' if left != 1 else ''} left out: type log to see them",
                *fresh[-PANEL_LINES:],
            ]
        if fresh:
            self.console.print(Panel(Text("\n".join(fresh)), title=title, expand=False))
        if events:
            self._seen_events[key] = events[-1].index + 1

    def show_end(self, state: State, seats: Sequence[int]) -> None:
        """At the end of a game: what happened since the people here last looked (the last
        auction, the bots' last turns), before the ranking."""
        if not seats:
            return
        start = min(self._seen_events.get(s, 0) for s in seats)
        self._seen_events[-1] = start
        self._news(state, None, "the last moves of the game")

    def act(self, state: State, seat: int) -> Action:
        name = self._name(state, seat)
        if self.hotseat:
            self.console.clear()
            self.ask(f"Pass the keyboard to {name} and press Enter ")
            self.console.clear()
        legal = state.legal_actions(seat)
        help_ = state.game.prompt
        label = help_.label if help_ is not None else None
        menu = Menu(legal, (lambda a: english(label(state, seat, a))) if label else None)
        self.show(state, seat, legal)
        self.console.print(f"[bold]{escape(name)}[/], your move:")
        menu.show(self.console)
        timeout = state.timeout_action(seat)
        seconds = state.rules_clock() if timeout is not None else None
        deadline = None if seconds is None else self.clock() + seconds
        if seconds is not None:
            self.console.print(f"[bold red]{seconds} s to decide[/] (then: {timeout})")
        while True:
            answer = self._answer(f"{name}> ", deadline)
            if answer is None or (deadline is not None and self.clock() > deadline):
                assert timeout is not None
                self.console.print(f"[red]Time is up ({seconds} s): {timeout}[/]")
                return timeout
            answer = answer.strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("help", "?"):
                self.console.print(escape(HELP))
                continue
            if word == "board":
                self._seen_events.pop(seat, None)
                self.show(state, seat, legal)
                menu.show(self.console)
                continue
            if word == "log":
                for event in state.events_for(seat):
                    self.console.print(event.text, markup=False)
                continue
            if word in ("quit", "exit"):
                raise QuitGame
            chosen = self._read(state, seat, answer, menu)
            if isinstance(chosen, str):
                self.console.print(f"[red]{escape(chosen)}[/]")
                continue
            return chosen

    def _answer(self, prompt: str, deadline: float | None) -> str | None:
        """A line typed at the prompt; None if a timed decision's clock ran out first.  At a
        real terminal the wait itself is cut off; a scripted ``ask`` is timed by the answer's
        arrival (a late answer counts as the clock running out)."""
        if deadline is None or self._scripted or not _waitable(sys.stdin):
            return self.ask(prompt)
        self.console.print(prompt, end="")
        left = max(0.0, deadline - self.clock())
        ready, _, _ = select.select([sys.stdin], [], [], left)
        if not ready:
            self.console.print()
            return None
        line = sys.stdin.readline()
        return line if line else None

    def _read(self, state: State, seat: int, answer: str, menu: Menu) -> Action | str:
        """The action ``answer`` means, or the message saying why it is refused."""
        text = answer
        help_ = state.game.prompt
        if help_ is not None and help_.read is not None:
            own = help_.read(state, seat, answer)
            if own is not None and own in menu.legal:
                return own
        if answer.startswith("#"):
            digits = answer[1:].strip()
            if not (digits.isascii() and digits.isdigit()):
                return "#N picks menu line N: write a number after #"
            return menu.line(int(digits))
        if answer.isascii() and answer.isdigit():
            if not menu.number_kinds:
                return menu.line(int(answer))
            if not menu.number_is_value:
                names = " or ".join(f"'{c.TYPE} {answer}'" for c in menu.number_kinds)
                return f"Say which move: {names}; #N picks menu line N."
            text = f"{menu.number_kinds[0].TYPE} {answer}"
        try:
            action = state.game.parse_action(text)
            if state.is_table_move(action):
                return f"only the table plays {action}"
            state.check(seat, action)
        except BadAction as exc:
            return str(exc)
        except IllegalAction as exc:
            same = help_.same_as(state, seat, action) if help_ and help_.same_as else None
            if same is not None and same in menu.legal:
                return same
            return str(exc)
        return action


def _waitable(stream: typing.TextIO) -> bool:
    """Whether a timed prompt can wait on ``stream`` with ``select`` (a POSIX terminal)."""
    try:
        return stream.isatty() and sys.platform != "win32" and stream.fileno() >= 0
    except (AttributeError, ValueError, OSError):
        return False
