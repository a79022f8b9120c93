"""Game: the static facts of one game (players, options, actions) and its factory."""

from __future__ import annotations

import importlib
import importlib.util
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from motherlode.engine.actions import Action, ActionCodec, ActionSpace
from motherlode.engine.errors import BadOptions, MotherlodeError
from motherlode.engine.options import GameOptions
from motherlode.engine.words import SeatName, T

if TYPE_CHECKING:
    from motherlode.engine.state import State

Renderer = Callable[[Mapping[str, Any], "int | None"], Any]
"""Draws an observation for the terminal: returns a Rich renderable or plain text."""


@dataclass(frozen=True)
class PromptHelp:
    """What a game adds to the terminal's prompt so that a menu reads as words; each optional.

    ``label``: words shown beside an action's notation (a Carcassonne field by its position).
    ``same_as``: the legal action that an illegal one means (a rotation that looks the same,
    a shared space called by its other name): the terminal plays it instead of refusing.
    ``board``: the board drawn with this decision's targets marked (the legal actions given).
    ``score_parts``: at the end, how a seat's final score adds up, from the spectators'
    observation (``2 in personal supply + Hensler 3 × 3 = 9 + broker cards +1``).
    ``read``: a game's own short answers (a Yukon target's letter on the map), read before
    the notation; None where the text is not one of them.
    ``words``: the move in a player's words, standing alone (see below).
    """

    label: Callable[[State, int, Action], str | None] | None = None
    same_as: Callable[[State, int, Action], Action | None] | None = None
    board: Callable[[State, int, list[Action]], Any] | None = None
    score_parts: Callable[[Mapping[str, Any], int], str] | None = None
    read: Callable[[State, int, str], Action | None] | None = None
    words: Callable[[State, int, Action], str] | None = None
    """The move in a player's own words, standing alone (a web button, the "why can't I"
    menu): never the notation, never a component's code."""
    label_words: Callable[[State, int, Action], str | T | None] | None = None
    """``label`` as words a page translates (:class:`~motherlode.engine.words.T`); the web
    page uses it where given, the terminal ``label`` (English)."""
    sentence: Callable[[State, int, Action], str | T] | None = None
    """``words`` as words a page translates; the web page uses it where given."""


@dataclass(frozen=True, eq=False)
class Game:
    """What a game is, independent of any one play of it.

    ``action_space`` builds the fixed integer numbering of actions for a player count and
    options (RL adapters and OpenSpiel need a size that never changes during a game).
    """

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[State]
    options_class: type[GameOptions]
    action_types: tuple[type[Action], ...]
    rules_version: str
    summary: str = ""
    action_space_factory: Callable[[int, GameOptions], ActionSpace] | None = None
    render: Renderer | None = None
    prompt: PromptHelp | None = None
    """The terminal prompt's game-specific help (menu words, other names for a move)."""
    seat_options: Callable[[Sequence[str]], Mapping[str, Any]] | None = None
    """Options implied by who sits at the table, from the seats' bot names (Gonza Index's
    Minister AI seats are rules of the game, not only a bot).  The table service applies
    them unless the option is given outright."""
    timed_decisions: bool = False
    """Some decisions may run on a clock (State.timeout_action says what running out does)."""
    bots: Mapping[str, Any] = field(default_factory=dict)
    """The game's own bots by spec name (``heuristic``, ``minister``...): BotFactory values."""
    scripted: Callable[[State, int], bool] | None = None
    """Decisions a search leaves to the game's heuristic bot: the steps of a move made in
    several (GOLDFIX's deals: drafted edit by edit, then answered).  The heuristic plans
    them at once by its own value rule, so a searching bot's whole turn stays within its
    time, and it never offers what no sane player would."""
    search_defaults: Mapping[str, Any] = field(default_factory=dict)
    """The search's settings that play this game best (``cutoff``, ``eval``, ``prior``,
    ``bias``...), measured in docs/bots.md: ``mcts`` takes them unless the spec says
    otherwise or ``tuned=0``."""
    simultaneous: bool = False
    """Some decisions are taken by several seats at once, in secret (Goodwill's prices and
    votes, GOLDFIX's sealed bids): OpenSpiel plays such a game as SIMULTANEOUS."""
    usual_players: int | None = None
    """The table most often played, where benchmarks and examples start (Carcassonne: 2,
    the size BoardGameGeek's players call best); None: four, or the most the game seats."""
    sample_moves: int = 10
    """How many random moves into a seeded game the rules page's picture of the table is
    (far enough to show a table in play): ``python -m motherlode.web.samples``."""
    codec: ActionCodec = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "codec", ActionCodec(self.action_types))

    @property
    def package(self) -> str:
        """The Python package the game lives in (its state class's).

        Everything else of the game is found there by name, never through a list of games:
        its parts (:meth:`part`: ``figures``, ``tensors``, ``direct_tensors``), its data
        files (``data/``) and its browser renderer (``web/``)."""
        module = self.state_class.__module__
        return module.rpartition(".")[0] or module

    def part(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (``figures``, ``tensors``...), or None where the game
        has none; an error inside an existing module is raised, not hidden."""
        return _part(self.package, name)

    def folder(self, name: str) -> Path:
        """A folder beside the game's rules (``data``, ``web``), whether or not it exists."""
        module = sys.modules[self.state_class.__module__]
        return Path(module.__file__ or ".").resolve().parent / name

    def usual_table(self) -> int:
        """Players at the usual table (:attr:`usual_players`)."""
        return self.usual_players or max(self.min_players, min(4, self.max_players))

    def options(self, values: Mapping[str, Any] | GameOptions | None = None) -> GameOptions:
        """Validated options; defaults are the rulebook's."""
        if isinstance(values, GameOptions):
            if not isinstance(values, self.options_class):
                raise BadOptions(f"options of another game given to {self.title}")
            return self.options_class.from_dict(values.to_dict())
        return self.options_class.from_dict(values)

    def check_players(self, num_players: object) -> int:
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise BadOptions(
                T(
                    "the number of players must be a whole number, got {value}",
                    value=repr(num_players),
                )
            )
        if not self.min_players <= num_players <= self.max_players:
            raise BadOptions(
                T(
                    "{game} is for {low}-{high} players, not {players}",
                    game=T(self.title),
                    low=self.min_players,
                    high=self.max_players,
                    players=num_players,
                )
            )
        return num_players

    @staticmethod
    def check_seed(seed: object) -> int:
        """``seed`` if it is a whole number; None draws a fresh random one."""
        if seed is None:
            return secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadOptions(f"a seed is a whole number, got {seed!r}")
        return seed

    def new_state(
        self,
        num_players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        names: Sequence[str] | None = None,
    ) -> State:
        """A new game after the rulebook's setup.  No seed: a fresh random one.

        ``names`` are the players' names for the log (default "Player 1", ...)."""
        players = self.check_players(self.min_players if num_players is None else num_players)
        seed = self.check_seed(seed)
        if names is not None and len(names) != players:
            raise BadOptions(f"{len(names)} names given for {players} players")
        named = (
            None if names is None else tuple(SeatName.of(str(n), i) for i, n in enumerate(names))
        )
        return self.state_class(self, players, seed, self.options(options), named)

    def parse_action(self, data: object) -> Action:
        """An action from its JSON object (or JSON text) or its text notation."""
        return self.codec.parse(data)

    def action_space(
        self, num_players: int, options: Mapping[str, Any] | GameOptions | None = None
    ) -> ActionSpace:
        if self.action_space_factory is None:
            raise MotherlodeError(f"{self.title} defines no integer action space")
        return self.action_space_factory(self.check_players(num_players), self.options(options))

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.min_players}-{self.max_players} players>"


_parts: dict[tuple[str, str], ModuleType | None] = {}


def _part(package: str, name: str) -> ModuleType | None:
    key = (package, name)
    if key not in _parts:
        full = f"{package}.{name}"
        try:
            spec = importlib.util.find_spec(full)
        except ModuleNotFoundError:  # the game lives in a module, not a package
            spec = None
        _parts[key] = importlib.import_module(full) if spec else None
    return _parts[key]
