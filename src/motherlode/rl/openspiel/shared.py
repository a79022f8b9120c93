"""What every state of one loaded game refers to: its parameters, its action space and
tensors, and who is to act in an engine position, in OpenSpiel's terms."""

from __future__ import annotations

from typing import Any

import pyspiel

from motherlode.engine import ActionSpace, Game, GameOptions, State, get_game
from motherlode.rl.core import Table
from motherlode.rl.openspiel.chance import MOVE_OUTCOMES, Deal
from motherlode.rl.openspiel.params import Params, parse
from motherlode.rl.tensors import Vector

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)

_TABLES: dict[tuple[str, int, str], Table] = {}


def short_name(game_id: str, turn_based: bool = False) -> str:
    """The name OpenSpiel loads a game by; ``turn_based``: the turn-based registration of
    a game with simultaneous decisions."""
    return f"python_motherlode_{game_id}" + ("_turn_based" if turn_based else "")


def _table(game: Game, players: int, options_text: str, options: GameOptions) -> Table:
    """The action indices and tensors of a game at a table size and options, made once
    per process (the encoders and the index caches are big, and never depend on a game)."""
    key = (game.id, players, options_text)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = Table(game, players, options)
    return table


class Shared:
    """The facts of one loaded game that every state refers to (never copied by clones)."""

    def __init__(self, game_id: str, turn_based: bool, params: Params) -> None:
        self.game = get_game(game_id)
        self.turn_based = turn_based
        self.params = params
        self.options = parse(self.game, {**vars(params)})[1]
        self.players = params.players
        self.table = _table(self.game, params.players, params.options, self.options)
        self.space: ActionSpace = self.table.space
        self.encoder = self.table.encoder
        self.simultaneous = self.game.simultaneous and not turn_based
        """Whether OpenSpiel sees simultaneous nodes (``apply_actions``)."""
        self.wait = self.space.size
        """A seat's one action at a simultaneous node that does not ask it."""
        self.deal = Deal(params.deals)
        self.per_move = params.chance == "move"
        """Whether a chance node stands between each decision and its effect."""
        self.move_outcomes = [(k, 1.0 / MOVE_OUTCOMES) for k in range(MOVE_OUTCOMES)]
        self.horizon = params.horizon
        self.steps = params.infostate_steps

    def new_state(self, seed: int) -> State:
        """The engine's game from the deal ``seed``, its log off (nobody reads it)."""
        state = self.game.new_state(num_players=self.players, seed=seed, options=self.options)
        state.logging = False
        return state

    def current(self, state: State) -> int:
        """OpenSpiel's current player of a dealt game (TERMINAL once over by the rules, or
        at the horizon)."""
        seats = state.pending()
        if not seats or (self.horizon and state._move_count >= self.horizon):
            return TERMINAL
        if self.simultaneous and state.is_simultaneous():
            return SIMULTANEOUS
        return seats[0]

    def seat_tensor(self, state: State, seat: int) -> Vector:
        """``seat``'s observation tensor, by the game's direct encoder where it has one."""
        direct = self.table.direct
        if direct is None:
            return self.encoder.encode(state.observe(seat))
        return direct.encode(state, seat)

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Shared, (self.game.id, self.turn_based, self.params))
