"""The State every game implements: the engine contract of DESIGN.md.

A game subclasses :class:`State` and fills in a handful of hooks; the base class owns what
every game needs done the same way:

* who is asked (``pending``), including simultaneous secret decisions, which are held
  here until every asked seat has committed and then resolved together;
* validation before any change, so ``apply`` either raises :class:`IllegalAction` or
  advances the game, never half of each;
* the state's own seeded RNG for dice and shuffles, re-seeded by ``determinize`` so a
  search never learns the real future;
* the move history (for records and replay) and the event log with per-event visibility,
  both kept as shared linked chains so that ``clone`` costs O(1) for them; the log is read
  out once and then only extended (``_LogView``), so a live table's readers do not walk the
  whole log again after every move.

Hooks a game implements:

``_setup()``                 the rulebook's setup, drawing from ``self.rng``
``_to_act()``                the seats asked at this decision point (empty when over)
``_legal(seat)``             every legal action for that seat, in a stable order
``_play(seat, action)``      carry out one seat's (already validated) action
``_resolve(actions)``        resolve a simultaneous decision once everyone committed
``_observe(seat)``           the game-specific, JSON-ready view for a seat (None: spectator)
``scores()``                 final value per seat in the game's unit
``clone()``                  ``super().clone()`` then copy the game's own mutable fields
``_redraw_hidden(seat, rng)`` re-draw what ``seat`` cannot see (only for hidden-info games)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Self

from motherlode.engine.actions import Action, JsonValue
from motherlode.engine.errors import BadSeat, IllegalAction
from motherlode.engine.record import GameRecord
from motherlode.engine.words import SeatName, T, render

if TYPE_CHECKING:
    from motherlode.engine.game import Game
    from motherlode.engine.options import GameOptions


class Event:
    """One line of the game's log.  ``seats`` is None for a public event, else who may see it.

    The text may be given as a function that writes it: a game that logs on its hot path
    (a line per turn, thousands a game) then pays for the words only when someone reads
    them.  The function must capture only values that never change.
    """

    __slots__ = ("_text", "data", "index", "seats")

    def __init__(
        self,
        index: int,
        text: str | T | Callable[[], str | T],
        seats: frozenset[int] | None = None,
        data: Mapping[str, JsonValue] | None = None,
    ) -> None:
        self.index = index
        self._text = text
        self.seats = seats
        self.data = data

    @property
    def text(self) -> str:
        """The line in English."""
        text = self._text
        if isinstance(text, str):
            return text
        if not isinstance(text, T):
            text = text()
            if isinstance(text, str):
                self._text = text
                return text
            self._text = text  # the words, kept for the other languages
        return text.render()

    def text_in(self, translate: Callable[[str], str] | None) -> str:
        """The line in a language (``translate``: English sentence to translation)."""
        if translate is None:
            return self.text
        text = self._text
        if not isinstance(text, str | T):
            text = self._text = text()
        return render(text, translate)

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self, translate: Callable[[str], str] | None = None) -> dict[str, JsonValue]:
        """The line as JSON; its text in a language where ``translate`` is given."""
        text = self._text
        if not isinstance(text, str) or translate is not None:
            text = self.text_in(translate)
        out: dict[str, JsonValue] = {"index": self.index, "text": text}
        if self.seats is not None:
            out["private"] = True
        if self.data:
            out["data"] = dict(self.data)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.index, self.text, self.seats, self.data) == (
            other.index,
            other.text,
            other.seats,
            other.data,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.index}, {self.text!r}, {self.seats!r}, {self.data!r})"


_CLONE_RNG: ContextVar[random.Random | None] = ContextVar("_CLONE_RNG", default=None)
"""The RNG the copy made by ``State.clone`` gets instead of a copy of the original's, while
:meth:`State.determinize` clones (its copy is re-seeded anyway; copying a Mersenne Twister
costs most of a clone)."""

# Linked chains shared between clones: (item, previous link) or None.
_Chain = tuple[Any, Any] | None


def _chain_items(chain: _Chain) -> list[Any]:
    out = []
    while chain is not None:
        item, chain = chain
        out.append(item)
    out.reverse()
    return out


class _LogView:
    """The event log read out at one head of its chain: every event, and each viewer's share.

    A pure function of ``head`` (a chain never changes once made), so clones that share the
    head share the view, and a later view is the earlier one plus the events added since:
    a live table's log is walked once in all, not once per reader per move.
    """

    __slots__ = ("by_viewer", "events", "head")

    def __init__(self, head: _Chain, events: tuple[Event, ...]) -> None:
        self.head = head
        self.events = events
        self.by_viewer: dict[int | None, tuple[Event, ...]] = {}

    def following(self, head: _Chain) -> _LogView:
        """The view at ``head``: this one extended when ``head`` only adds events to it."""
        added: list[Event] = []
        chain = head
        stop = self.head
        while chain is not None and chain is not stop:
            item, chain = chain
            added.append(item)
        added.reverse()
        if chain is not stop:  # another history (not only appended to): read it all
            return _LogView(head, tuple(added))
        view = _LogView(head, self.events + tuple(added))
        for seat, seen in self.by_viewer.items():
            view.by_viewer[seat] = seen + tuple(e for e in added if e.visible_to(seat))
        return view


def _nobody() -> tuple[int, ...]:
    """Who acts in a game its table has ended (:meth:`State.end_by_table`): nobody."""
    return ()


class State(ABC):
    """Base class of every game state.  See the module docstring for the hooks."""

    game: Game
    num_players: int
    seed: int
    options: GameOptions
    rng: random.Random

    def __init__(
        self,
        game: Game,
        num_players: int,
        seed: int,
        options: GameOptions,
        names: tuple[str, ...] | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = random.Random(seed)
        self.logging = True
        self.names = names
        """Players' names for the log, set by the table; None: "Player 1", "Player 2"..."""
        self._commits: dict[int, Action] = {}
        self._moves: _Chain = None
        self._move_count = 0
        self._events: _Chain = None
        self._event_count = 0
        self._log_view = _LogView(None, ())
        self._determinized = False
        self._legal_cache: tuple[int, int, tuple[Action, ...]] | None = None
        self._setup()

    # ----------------------------------------------------------------- hooks

    @abstractmethod
    def _setup(self) -> None:
        """The rulebook's setup."""

    @abstractmethod
    def _to_act(self) -> tuple[int, ...]:
        """Seats asked at the current decision point; empty once the game is over."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (which is asked now), in a stable order."""

    @abstractmethod
    def _play(self, seat: int, action: Action) -> None:
        """Carry out a validated action of a decision taken by one seat alone."""

    def _resolve(self, actions: dict[int, Action]) -> None:
        """Resolve a simultaneous decision; ``actions`` holds every asked seat's choice."""
        raise IllegalAction(f"{self.game.title} has no simultaneous decisions")

    def _is_simultaneous(self) -> bool:
        """Whether the current decision is secret and simultaneous (default: several seats)."""
        return len(self._to_act()) > 1

    def _illegal_reason(self, seat: int, action: Action) -> str | T | None:
        """Why ``action`` is illegal for ``seat`` now, or None if it is legal.

        The default checks membership in ``_legal``; games override it to explain better.
        """
        if action in self._legal(seat):
            return None
        return f"{action} is not a legal action for {self.seat_name(seat)} now"

    @abstractmethod
    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        """The game's JSON-ready view for ``seat`` (None: a spectator); nothing hidden."""

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-draw, in this clone, everything hidden from ``seat`` (decks, hands...)."""

    def _redraw_unseen(self, rng: random.Random) -> None:
        """Re-draw, in this clone, what no seat can see (the unknown order of a deck, cards
        nobody has looked at), keeping what any seat knows: a copy that must not know the
        future (OpenSpiel's chance at every move) yet looks the same to every player.
        Default: nothing is hidden from every seat at once."""

    def timeout_action(self, seat: int) -> Action | None:
        """What ``seat`` does when a timed decision runs out (e.g. GOLDFIX's TIMED AUCTIONS:
        a seat that has not bid passes).  None: this decision cannot be timed."""
        return None

    def game_minutes(self) -> int | None:
        """Minutes the rules give the whole game (GOLDFIX's TIME LIMIT), which a table runs
        on its clock and then ends with :meth:`time_up_action`; None: no time limit."""
        return None

    def time_up_action(self) -> Action | None:
        """The action a table applies (for the first seat asked) once the game's time has
        run out, when it can be applied now (not in the middle of a secret simultaneous
        decision); None: not now, or no limit, or already applied.  It is recorded like any
        move, so a replay ends the game the same way, but it is never among the legal
        actions: only the table's clock plays it."""
        return None

    def is_table_move(self, action: Action) -> bool:
        """Whether ``action`` is one only the table plays (:meth:`time_up_action`): a
        person or a client sending it is refused before the rules are asked."""
        return False

    def time_is_up(self) -> bool:
        """Whether :meth:`time_up_action` has been played (the game ends by its rules)."""
        return False

    def rules_clock(self) -> int | None:
        """Seconds the rules themselves give the decision now asked (GOLDFIX's TIMED
        AUCTIONS: 20 or 30), which a table runs on its clock; None: the rules time nothing
        here (a table may still time decisions by its own setting)."""
        return None

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's value in the game's unit (final once the game is over)."""

    def _tiebreak(self, seat: int) -> tuple[float, ...]:
        """Rulebook tie-break key among equal scores; higher is better."""
        return ()

    # ------------------------------------------------------------ the contract

    def pending(self) -> tuple[int, ...]:
        """Seats that owe a decision now (several for a simultaneous secret decision)."""
        seats = self._to_act()
        if not self._commits:
            return seats
        return tuple(s for s in seats if s not in self._commits)

    def is_over(self) -> bool:
        return not self._to_act()

    def committed(self) -> tuple[int, ...]:
        """Seats that have made their secret choice in the current simultaneous decision."""
        return tuple(sorted(self._commits))

    def is_simultaneous(self) -> bool:
        """Whether the current decision is a secret simultaneous one."""
        return bool(self._to_act()) and self._is_simultaneous()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` in a stable order; empty if it is not asked."""
        if seat not in self._to_act() or seat in self._commits:
            return []
        legal = self._legal(seat)
        self._legal_cache = (self._move_count, seat, tuple(legal))
        return legal

    def check(self, seat: int, action: object) -> None:
        """Raise :class:`IllegalAction` if ``seat`` may not play ``action`` now."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction(f"a seat is a number from 0 to {self.num_players - 1}")
        if not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat} in a {self.num_players}-player game")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action of {self.game.title}")
        if type(action) not in self.game.action_types:
            raise IllegalAction(f"{action} is not an action of {self.game.title}")
        seats = self._to_act()
        if not seats:
            raise IllegalAction(T("the game is over"))
        if seat in self._commits:
            raise IllegalAction(
                T("{player} has already decided; waiting for others", player=self.seat_name(seat))
            )
        if seat not in seats:
            waiting = ", ".join(self.seat_name(s) for s in self.pending())
            raise IllegalAction(
                T(
                    "it is not {player}'s decision; waiting for {waiting}",
                    player=self.seat_name(seat),
                    waiting=waiting,
                )
            )
        reason = self._illegal_reason(seat, action)
        if reason is not None:
            raise IllegalAction(reason)

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; raises IllegalAction and changes nothing if illegal."""
        cache = self._legal_cache
        if (
            cache is None
            or cache[0] != self._move_count
            or cache[1] != seat
            or type(seat) is not int
        ):
            self.check(seat, action)  # not simply one offered by legal_actions() just now
        else:
            for offered in cache[2]:  # by identity first: no dataclass __eq__ on the hot path
                if offered is action:
                    break
            else:
                if action not in cache[2]:
                    self.check(seat, action)
        self._moves = ((seat, action), self._moves)
        self._move_count += 1
        if self._is_simultaneous():
            self._commits[seat] = action
            if self.logging:
                self.log(T("{player} has decided", player=self.seat_name(seat)))
            if len(self._commits) == len(self._to_act()):
                commits, self._commits = self._commits, {}
                self._resolve(commits)
        else:
            self._play(seat, action)

    def observe(self, seat: int | None = None) -> dict[str, JsonValue]:
        """A JSON-ready view holding exactly what ``seat`` may know (None: a spectator)."""
        self._check_viewer(seat)
        seats = self._to_act()
        view: dict[str, JsonValue] = {
            "game": self.game.id,
            "num_players": self.num_players,
            "seat": seat,
            "options": self.options.to_dict(),
            "pending": list(self.pending()),
            "committed": list(self.committed()),
            "simultaneous": self.is_simultaneous(),
            "over": not seats,
        }
        if seat is not None and seat in self._commits:
            view["my_commitment"] = self._commits[seat].to_json()
        if not seats:
            view["scores"] = list(self.scores())
            view["ranking"] = [list(group) for group in self.ranking()]
        view.update(self._observe(seat))
        return view

    def end_by_table(self, text: str) -> None:
        """End the game now, outside the rules: its table decided so (the players' vote when
        a seat is absent).  Nobody is asked any more, a secret decision half made is
        dropped, and the game ranks by :meth:`scores` as they stand.  It is not a move: a
        record keeps it among its table events (``meta["table"]``, see
        :func:`motherlode.engine.record.replay`), and ``text`` goes into the log."""
        self._commits = {}
        # An instance attribute shadows the game's own hook, so every check that asks who
        # is to act (pending, is_over, check, observe) sees the end at no cost to the hot
        # path; clone() copies it along with the rest of __dict__.
        self._to_act = _nobody  # type: ignore[method-assign]
        self._legal_cache = None
        self._ended_by_table()
        self.log(text)

    def _ended_by_table(self) -> None:
        """Hook for a game whose hot paths skip ``_to_act`` (Gold am Yukon keeps who is
        asked at hand): make them say nobody is asked too."""

    @property
    def ended_by_table(self) -> bool:
        return self.__dict__.get("_to_act") is _nobody

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Places from first down; seats in one group are still tied after the tie-breaks."""
        scores = self.scores()
        keys = {s: (scores[s], *self._tiebreak(s)) for s in range(self.num_players)}
        order = sorted(keys, key=lambda s: keys[s], reverse=True)
        groups: list[list[int]] = []
        for s in order:
            if groups and keys[groups[-1][0]] == keys[s]:
                groups[-1].append(s)
            else:
                groups.append([s])
        return tuple(tuple(g) for g in groups)

    def winners(self) -> tuple[int, ...]:
        return self.ranking()[0]

    def clone(self) -> Self:
        """An independent copy.  Games extend this to copy their own mutable fields."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        rng = _CLONE_RNG.get()
        if rng is None:
            rng = random.Random.__new__(random.Random)  # no OS seeding: the state is set next
            rng.setstate(self.rng.getstate())
        new.rng = rng
        new._commits = dict(self._commits)
        # The legal-action cache stays: the copy is the same position.  Bots that try each
        # legal move on a copy then skip re-validating it (a third of a lookahead's time).
        return new

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is re-drawn from ``rng``.

        The copy's own RNG is re-seeded (future dice are hidden too); other seats' secret
        commitments to the current simultaneous decision are re-drawn uniformly from their
        legal actions (that they committed is public, to what is not); logging is off: the
        copy is for search, not for people.  It keeps no record.
        """
        reset = _CLONE_RNG.set(random.Random(rng.getrandbits(64)))
        try:
            new = self.clone()
        finally:
            _CLONE_RNG.reset(reset)
        new.seed = -1  # the real seed would replay the real deal
        new._moves = None  # the history holds others' sealed choices
        new._determinized = True
        new._legal_cache = None  # the re-drawn world may differ in what is legal
        new.logging = False
        new._redraw_hidden(seat, rng)
        for other in new._commits:
            if other != seat:
                new._commits[other] = rng.choice(new._legal(other))
        return new

    # --------------------------------------------------------------- the log

    def log(
        self,
        text: str | T | Callable[[], str | T],
        *,
        to: int | frozenset[int] | None = None,
        **data: JsonValue,
    ) -> None:
        """Add a line to the event log, public or (``to``) seen by some seats only."""
        if not self.logging:
            return
        seats = frozenset((to,)) if isinstance(to, int) else to
        self._events = (Event(self._event_count, text, seats, data or None), self._events)
        self._event_count += 1

    def events_for(self, seat: int | None = None) -> list[Event]:
        """The log as ``seat`` may read it (None: a spectator sees public events only)."""
        self._check_viewer(seat)
        view = self._log_view
        if view.head is not self._events:
            view = self._log_view = view.following(self._events)
        seen = view.by_viewer.get(seat)
        if seen is None:
            seen = view.by_viewer[seat] = tuple(e for e in view.events if e.visible_to(seat))
        return list(seen)

    def _check_viewer(self, seat: int | None) -> None:
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_players):
            raise BadSeat(f"there is no seat {seat!r} in a {self.num_players}-player game")

    def seat_name(self, seat: int) -> str:
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return SeatName(f"Player {seat + 1}")

    # ---------------------------------------------------------------- records

    @property
    def determinized(self) -> bool:
        """True for a copy made by :meth:`determinize` (a sample world, not the real game)."""
        return self._determinized

    @property
    def move_count(self) -> int:
        return self._move_count

    def moves(self) -> list[tuple[int, Action]]:
        """Every (seat, action) applied since setup, in order."""
        return _chain_items(self._moves)

    def record(self, seats: list[dict[str, JsonValue]] | None = None) -> GameRecord:
        """The game so far as a :class:`GameRecord` that replays to this very state."""
        if self._determinized:
            raise ValueError("a determinized copy has no true history to record")
        return GameRecord(
            game=self.game.id,
            rules_version=self.game.rules_version,
            options=self.options.to_dict(),
            seed=self.seed,
            seats=seats or [{"name": self.seat_name(s)} for s in range(self.num_players)],
            moves=[(s, a.to_json()) for s, a in self.moves()],
        )

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.id} players={self.num_players} "
            f"seed={self.seed} moves={self._move_count}>"
        )
