"""Table: a game with its seats (people or bots), run move by move.

Interfaces ask the table what to do next: bots are asked by the table itself
(:meth:`Table.run_bots`), people submit through :meth:`Table.submit`.  Every applied move
goes to the ``on_move`` hooks (the web server persists there before acknowledging).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from motherlode.agents.specs import AgentSpec, make_agent, parse_spec
from motherlode.engine import (
    Action,
    Agent,
    BadOptions,
    Game,
    GameRecord,
    IllegalAction,
    State,
    get_game,
)
from motherlode.engine.actions import JsonValue
from motherlode.engine.record import (
    COMPONENTS,
    HASHED,
    TABLE_EVENTS,
    files_digest,
    materialise,
    record_files,
    table_events,
)
from motherlode.table.undo import is_private_move

MoveHook = Callable[["Table", int, Action], None]

BOT_SEEDS = 0x5EA7
"""Keeps a table's bots' seeds apart from its deal's seed (each bot: a draw of this seeder)."""


@dataclass
class Seat:
    """One place at the table: a person (``agent`` None until attached) or a bot."""

    name: str
    spec: AgentSpec
    agent: Agent | None = None
    seed: int = 0
    """The bot's seed (drawn from the table's), so a bot rebuilt elsewhere plays alike."""

    @property
    def is_human(self) -> bool:
        return self.spec.is_human

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "agent": str(self.spec)}


@dataclass
class Table:
    game: Game
    state: State
    seats: list[Seat]
    on_move: list[MoveHook] = field(default_factory=list)
    track_undo: bool = False
    """Interfaces where people play (terminal, web) turn this on; simulations leave it off."""
    undo_floor: int = 0
    undo_seat: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    """What the table's people did that is not a move (a seat absent, given to a bot, taken
    back; the game ended by vote): the record's ``meta["table"]``, see :meth:`table_event`."""
    components: dict[str, str] | None = None
    """A designer's files the game is played with (a web table's upload), kept in the
    record (``meta["components"]``) so that it replays anywhere; None: the game's own."""

    def is_current(self, seen_move: int) -> bool:
        """Whether a choice made looking at move ``seen_move`` still answers today's question:
        the same position, or the same simultaneous decision with only others' commits since
        (in one, every move is a commitment, so it opened that many moves ago)."""
        state = self.state
        count = state.move_count
        if seen_move == count:
            return True
        return state.is_simultaneous() and count - len(state.committed()) <= seen_move < count

    @classmethod
    def create(
        cls,
        game: Game | str,
        seats: Sequence[str | AgentSpec],
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        components: Mapping[str, str] | None = None,
    ) -> Table:
        """A new game; each seat is ``human`` or a bot spec.  Bots are seeded from ``seed``.

        ``components``: a designer's files (name to TOML text), written to a folder of their
        own (:func:`~motherlode.engine.record.materialise`) that the game reads as its
        ``components`` option."""
        game = get_game(game) if isinstance(game, str) else game
        specs = [parse_spec(s) if isinstance(s, str) else s for s in seats]
        options = dict(options or {})
        if components:
            options[COMPONENTS] = str(materialise(components))
        if game.seat_options is not None:  # options the seats imply, unless given outright
            for key, value in game.seat_options([s.name for s in specs]).items():
                options.setdefault(key, value)
        game.check_players(len(specs))
        seed = game.check_seed(seed)
        seat_list = cls._make_seats(game, specs, seed, names)
        state = game.new_state(len(specs), seed, options, [s.name for s in seat_list])
        return cls(game, state, seat_list, components=dict(components) if components else None)

    @classmethod
    def from_record(cls, record: GameRecord) -> Table:
        """Resume a game from its record (after a restart, or to replay it)."""
        state = record.replay()
        game = state.game
        specs = [parse_spec(str(s.get("agent", "human"))) for s in record.seats]
        names = [str(s.get("name", state.seat_name(i))) for i, s in enumerate(record.seats)]
        table = cls(game, state, cls._make_seats(game, specs, state.seed, names))
        table.undo_floor = state.move_count  # what came before a restart stays done
        table.events = [dict(e) for e in table_events(record)]
        table.components = record_files(record)
        return table

    @staticmethod
    def _make_seats(
        game: Game, specs: Sequence[AgentSpec], seed: int, names: Sequence[str] | None
    ) -> list[Seat]:
        if names is not None and len(names) != len(specs):
            raise BadOptions(f"{len(names)} names given for {len(specs)} seats")
        seeder = random.Random(seed ^ BOT_SEEDS)
        seats = []
        for i, spec in enumerate(specs):
            name = (
                names[i] if names else (f"Player {i + 1}" if spec.is_human else f"{spec} {i + 1}")
            )
            bot_seed = seeder.getrandbits(63)
            agent = None if spec.is_human else make_agent(spec, game, bot_seed)
            seats.append(Seat(name, spec, agent, bot_seed))
        return seats

    # ------------------------------------------------------------------ play

    def is_over(self) -> bool:
        return self.state.is_over()

    def waiting_for(self) -> tuple[int, ...]:
        return self.state.pending()

    def submit(self, seat: int, action: Action, *, final: bool = False) -> None:
        """Apply a seat's action (raises IllegalAction, changing nothing) and tell the hooks.
        ``final``: a move the table makes (a clock running out), never taken back."""
        before = self.state.move_count
        private = False
        if self.track_undo and self.seats[seat].is_human and not final:
            self.state.check(seat, action)
            private = is_private_move(self.state, seat, action)
        self.state.apply(seat, action)
        if not private or self.state.is_over():  # the end is final
            self.undo_floor, self.undo_seat = self.state.move_count, None
        elif self.undo_seat != seat or self.undo_floor >= before:
            self.undo_floor, self.undo_seat = before, seat
        for hook in self.on_move:
            hook(self, seat, action)

    def can_undo(self, seat: int) -> bool:
        """Within one's own turn, before anything hidden was revealed or anyone else acted;
        never once the game is over (its result is final)."""
        return (
            self.undo_seat == seat
            and self.state.move_count > self.undo_floor
            and not self.state.is_over()
        )

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move (the state is rebuilt by replaying the record)."""
        if self.state.is_over():
            raise IllegalAction("the game is over: its result is final and cannot be undone")
        if not self.can_undo(seat):
            raise IllegalAction(
                "nothing to undo: only your own moves of this turn, before anything hidden "
                "was revealed or anyone else acted, can be taken back"
            )
        self.state = self.record().replay(self.state.move_count - 1)
        if self.state.move_count <= self.undo_floor:
            self.undo_seat = None

    def run_bots(self, limit: int | None = None) -> int:
        """Let bot seats move until a person is asked or the game ends; returns moves made."""
        made = 0
        while not self.state.is_over() and (limit is None or made < limit):
            bots = [s for s in self.state.pending() if not self.seats[s].is_human]
            if not bots:
                break
            seat = bots[0]
            agent = self.seats[seat].agent
            assert agent is not None
            self.submit(seat, agent.act(self.state, seat))
            made += 1
        return made

    def play(self, humans: Mapping[int, Agent] | None = None) -> State:
        """Play to the end, asking ``humans`` (seat -> agent) for the people's moves."""
        humans = humans or {}
        while not self.state.is_over():
            self.run_bots()
            if self.state.is_over():
                break
            seat = self.state.pending()[0]
            agent = humans.get(seat) or self.seats[seat].agent
            if agent is None:
                raise BadOptions(f"seat {seat} is a person and nobody is there to play it")
            self.submit(seat, agent.act(self.state, seat))
        return self.state

    def table_event(
        self, kind: str, seat: int | None, text: str, **data: JsonValue
    ) -> dict[str, Any]:
        """Record what the people at the table did that is not a move (see
        :data:`motherlode.engine.record.TABLE_EVENTS`), after the moves so far: the log
        says ``text``, an ``end`` ends the game as it stands, and nothing before it can be
        taken back."""
        if kind not in TABLE_EVENTS:
            raise ValueError(f"unknown table event {kind!r}")
        event: dict[str, Any] = {"move": self.state.move_count, "event": kind, "seat": seat}
        event.update(text=text[:300], **data)
        if kind == "end":
            self.state.end_by_table(event["text"])
        else:
            self.state.log(event["text"])
        self.events.append(event)
        self.undo_floor, self.undo_seat = self.state.move_count, None
        return event

    def seat_to(self, seat: int, spec: AgentSpec) -> None:
        """Seat ``spec`` (a bot, or ``human`` again) in ``seat``: same name, same bot seed."""
        old = self.seats[seat]
        agent = None if spec.is_human else make_agent(spec, self.game, old.seed)
        self.seats[seat] = Seat(old.name, spec, agent, old.seed)

    def record(self) -> GameRecord:
        record = self.state.record([s.to_json() for s in self.seats])
        if self.events:
            record.meta["table"] = [dict(e) for e in self.events]
        if self.components:  # the files themselves, named by hash: not this machine's folder
            record.options[COMPONENTS] = HASHED + files_digest(self.components)
            record.meta[COMPONENTS] = dict(self.components)
        if self.state.is_over():
            record.meta["scores"] = list(self.state.scores())
            record.meta["ranking"] = [list(g) for g in self.state.ranking()]
        return record
