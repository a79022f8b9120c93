"""The OpenSpiel game and state of any of our games (the package docstring says what they
promise); :mod:`.registry` makes one subclass per game and registers it."""

from __future__ import annotations

import json
from typing import Any

import pyspiel

from motherlode.engine import Game, get_game
from motherlode.engine import State as EngineState
from motherlode.rl.core import IllegalActionError, rank_rewards
from motherlode.rl.openspiel.chance import BASE, MOVE_OUTCOMES, move_seed
from motherlode.rl.openspiel.engine import Decision, Engine
from motherlode.rl.openspiel.observers import NOT_DEALT, InfoStateObserver, SeatObserver, Step
from motherlode.rl.openspiel.params import parse, specification
from motherlode.rl.openspiel.shared import CHANCE, TERMINAL, Shared, short_name

MAX_GAME_LENGTH = 200_000


def game_type(game: Game, turn_based: bool = False, infostates: bool = False) -> Any:
    dynamics = pyspiel.GameType.Dynamics
    simultaneous = game.simultaneous and not turn_based
    return pyspiel.GameType(
        short_name=short_name(game.id, turn_based),
        long_name=f"motherlode {game.title}" + (" (turn-based)" if turn_based else ""),
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=infostates,
        provides_information_state_tensor=infostates,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=specification(game),
    )


class MotherlodeGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games at the parameters given (see the package docstring)."""

    game_id = ""
    turn_based = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = get_game(self.game_id)
        parsed, _ = parse(game, params)
        self.shared = shared = Shared(self.game_id, self.turn_based, parsed)
        outcomes = shared.deal.max_outcomes
        super().__init__(
            game_type(game, self.turn_based, parsed.infostate_steps > 0),
            pyspiel.GameInfo(
                num_distinct_actions=shared.space.size + (1 if shared.simultaneous else 0),
                max_chance_outcomes=max(outcomes, MOVE_OUTCOMES) if shared.per_move else outcomes,
                num_players=parsed.players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=parsed.horizon or MAX_GAME_LENGTH,
            ),
            parsed.given(game),
        )

    def new_initial_state(self) -> MotherlodeState:
        return MotherlodeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver | InfoStateObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            return SeatObserver(self.shared)
        if iig_obs_type.perfect_recall:
            if not self.shared.steps:
                raise ValueError(
                    "information states (perfect recall) need the parameter infostate_steps"
                )
            return InfoStateObserver(self.shared)
        if not iig_obs_type.public_info:
            raise ValueError("an observation without the public information is not provided")
        return SeatObserver(
            self.shared, public=iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )


class MotherlodeState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal's chance nodes, then the engine's decisions (each
    followed by its chance node with ``chance="move"``)."""

    def __init__(self, game: MotherlodeGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.engine = Engine(game.shared)

    # ------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        return self.engine.player

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        state = engine.state
        shared = self.shared
        if state is None or engine.player == TERMINAL or engine.pending is not None:
            return []
        table = shared.table
        table.state = state
        legal = table.legal_indices(player)
        if not legal and shared.simultaneous and state.is_simultaneous():
            return [shared.wait]
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        engine = self.engine
        if engine.state is None:
            return self.shared.deal.outcomes(engine.node, engine.deal)
        if engine.pending is not None:
            return self.shared.move_outcomes
        return []

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        state = engine.state
        shared = self.shared
        if state is None:
            engine.deal = engine.deal * BASE + action
            engine.node += 1
            if engine.node == shared.deal.nodes:
                state = engine.state = shared.new_state(engine.deal)
                engine.moved()
                if shared.steps:
                    engine.infos = (Step((-1,) * shared.players, state.clone()), None)
            return
        if engine.pending is not None:
            self._resolve(action)
            return
        decision = ((state.pending()[0], action),)
        if shared.per_move:
            self._wait_for_chance(decision)
            return
        table = shared.table
        table.state = state
        table.play(decision[0][0], action)
        engine.moved()
        if shared.steps:
            self._record(decision)

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self.engine
        state = engine.state
        assert state is not None
        decision = tuple((seat, actions[seat]) for seat in state.pending())
        if self.shared.per_move:
            self._wait_for_chance(decision)
            return
        self._play(state, decision)

    def _wait_for_chance(self, decision: Decision) -> None:
        """Hold a decision, checked, until the chance node of its move has drawn."""
        engine = self.engine
        assert engine.state is not None
        table = self.shared.table
        table.state = engine.state
        for seat, action in decision:
            if action not in table.legal_indices(seat):
                raise IllegalActionError(f"action {action} is not legal for seat {seat} now")
        engine.pending = decision
        engine.player = CHANCE

    def _resolve(self, outcome: int) -> None:
        """The chance node of a move: re-draw what no seat can see and the dice to come,
        then play the decision that waited for it."""
        engine = self.engine
        state = engine.state
        decision = engine.pending
        assert state is not None and decision is not None
        engine.redraw(None, move_seed(engine.deal, state._move_count, outcome))
        engine.pending = None
        self._play(state, decision)

    def _play(self, state: EngineState, decision: Decision) -> None:
        """Play a decision's actions in the engine, and record it for the information states."""
        table = self.shared.table
        table.state = state
        for seat, action in decision:
            table.play(seat, action)
        self.engine.moved()
        if self.shared.steps:
            self._record(decision)

    def _record(self, decision: Decision) -> None:
        """A step of every seat's information state (the views worked out when asked)."""
        engine = self.engine
        assert engine.state is not None
        own = [-1] * self.shared.players
        for seat, action in decision:
            own[seat] = action
        engine.infos = (Step(tuple(own), engine.state.clone()), engine.infos)

    def _action_to_string(self, player: int, action: int) -> str:
        shared = self.shared
        if player == CHANCE:
            if self.engine.state is not None:
                return f"chance {action} of {MOVE_OUTCOMES}"
            nodes = shared.deal.nodes
            if nodes == 1:
                return f"deal {action}"
            return f"deal digit {self.engine.node + 1} of {nodes}: {action}"
        if action == shared.wait and shared.simultaneous:
            return "wait"
        return str(shared.space.action(action))

    def is_terminal(self) -> bool:
        return self.engine.player == TERMINAL

    def returns(self) -> list[float]:
        """The ``rank`` rewards of :mod:`motherlode.rl.core` once the game is over (or at the
        horizon: by the scores then)."""
        state = self.engine.state
        if state is None or self.engine.player != TERMINAL:
            return [0.0] * self.shared.players
        return rank_rewards(state.ranking(), state.num_players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MotherlodeState:
        """A copy of this state in which everything ``player_id`` cannot see is re-drawn
        (deck orders, other seats' hidden cards and sealed choices, future dice): a world
        consistent with its information, as ``State.determinize`` draws one.  The seed is
        ``probability_sampler()`` (a number in [0, 1), as OpenSpiel's samplers give)."""
        copy: MotherlodeState = self.clone()
        engine = copy.engine
        if engine.state is not None and engine.player != TERMINAL:
            engine.redraw(player_id, int(float(probability_sampler()) * 2**53))
        return copy

    def __str__(self) -> str:
        engine = self.engine
        if engine.state is None:
            return NOT_DEALT
        text = json.dumps(engine.state.observe(None), sort_keys=True)
        if engine.pending is not None:
            text += f"\ndecided, waiting for chance: {list(engine.pending)}"
        return text
