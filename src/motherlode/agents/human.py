"""A person at the terminal: sees the board and their own log, picks a move by number or text."""

from __future__ import annotations

from collections.abc import Callable

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from motherlode.engine import Action, Agent, BadAction, IllegalAction, State


class QuitGame(Exception):
    """The person asked to leave the game."""


HELP = (
    "Type the number of a move, or its notation (e.g. the text shown after the number).\n"
    "  board  show the board again      log   show your whole log\n"
    "  help   this text                 quit  leave (the game so far is saved)"
)


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
    ) -> None:
        self.console = console
        self.hotseat = hotseat
        self.ask = ask or console.input
        self.seat_names = seat_names
        self._seen_events: dict[int, int] = {}

    def _name(self, state: State, seat: int) -> str:
        if self.seat_names and seat < len(self.seat_names):
            return self.seat_names[seat]
        return state.seat_name(seat)

    def show(self, state: State, seat: int) -> None:
        render = state.game.render
        obs = state.observe(seat)
        if render is not None:
            self.console.print(render(obs, seat))
        events = state.events_for(seat)
        start = self._seen_events.get(seat, 0)
        fresh = [e for e in events if e.index >= start][-12:]
        if fresh:
            body = Text("\n".join(e.text for e in fresh))
            self.console.print(Panel(body, title="since your last move", expand=False))
        if events:
            self._seen_events[seat] = events[-1].index + 1

    def list_moves(self, legal: list[Action]) -> None:
        items = [f"[bold]{i}[/]) {a.notation()}" for i, a in enumerate(legal, 1)]
        if len(items) <= 12:
            for item in items:
                self.console.print("  " + item)
        else:
            self.console.print(Columns(items, padding=(0, 3)))

    def act(self, state: State, seat: int) -> Action:
        name = self._name(state, seat)
        if self.hotseat:
            self.console.clear()
            self.ask(f"Pass the keyboard to {name} and press Enter ")
            self.console.clear()
        self.show(state, seat)
        legal = state.legal_actions(seat)
        self.console.print(f"[bold]{name}[/], your move:")
        self.list_moves(legal)
        while True:
            answer = self.ask(f"{name}> ").strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("help", "?"):
                self.console.print(HELP)
                continue
            if word == "board":
                self._seen_events.pop(seat, None)
                self.show(state, seat)
                self.list_moves(legal)
                continue
            if word == "log":
                for event in state.events_for(seat):
                    self.console.print(event.text)
                continue
            if word in ("quit", "exit"):
                raise QuitGame
            if answer.isascii() and answer.isdigit():
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.console.print(f"[red]Choose a number from 1 to {len(legal)}.[/]")
                continue
            try:
                action = state.game.parse_action(answer)
                state.check(seat, action)
            except (BadAction, IllegalAction) as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]")
                continue
            return action
