"""Every game as an OpenSpiel Python game: ``pyspiel.load_game("python_motherlode_gonza",
{"players": 4})`` once this module is imported.  Parameters: ``players``, ``deals`` (the number of
outcomes of the opening chance node, default 1000) and ``options``, the game's options as
JSON text (``'{"stalemate_rounds": 10}'``).

Game type, in OpenSpiel's terms:

* **dynamics**: SIMULTANEOUS for the games with simultaneous secret decisions (Goodwill's
  prices and votes, GOLDFIX's sealed bids), SEQUENTIAL for the others.  At a simultaneous
  node every asked seat chooses at once (``apply_actions``); a seat that is not asked has one
  legal action, ``wait`` (the index after the game's own actions).  Turn-based nodes of
  those games have a current player as usual.
* **chance**: EXPLICIT_STOCHASTIC with one chance node, the first: it draws the deal (the
  engine's seed) uniformly from ``deals`` outcomes.  All later chance (shuffles, dice) comes
  from that seed inside the engine, so a history of actions replays exactly — what
  OpenSpiel's serialization needs.  An algorithm that searches by cloning the state (e.g.
  MCTS) therefore knows the future dice and deck order: fine for "does it run", not a fair
  opponent; a fair search uses the engine's own ``determinize`` (our ``mcts`` bot).
* **information**: IMPERFECT_INFORMATION (hidden deck order, cards, sealed choices, and
  the seed behind the dice), **utility** ZERO_SUM, **reward model** TERMINAL: the ``rank``
  reward of :mod:`motherlode.rl.core` (+1 first ... -1 last).

Observations come from the game's tensor layout (:mod:`motherlode.rl.tensors`): the
observer's ``tensor`` is a seat's encoding, ``string_from`` the seat's JSON observation.
Information states (perfect recall) are not provided: a seat's history of observations is
not cheap to build for games of thousands of moves.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from motherlode.engine import ActionSpace, GameOptions, State, games, get_game
from motherlode.rl.core import final_rewards
from motherlode.rl.tensors import Encoder, encoder, layout_module

__all__ = ["game_ids", "short_name"]

MAX_GAME_LENGTH = 200_000
DEFAULT_DEALS = 1000


def short_name(game_id: str) -> str:
    return f"python_motherlode_{game_id}"


class _Shared:
    """Facts of one loaded game that every state refers to (never copied by clones)."""

    def __init__(self, game_id: str, players: int, options: str = "{}") -> None:
        self.game = get_game(game_id)
        self.players = players
        self.options_text = options
        self.options: GameOptions = self.game.options(json.loads(options))
        self.space: ActionSpace = self.game.action_space(players, self.options)
        self.encoder: Encoder = encoder(self.game, players, self.options)
        self.wait = self.space.size

    def new_state(self, seed: int) -> State:
        """The engine's game from the deal ``seed``, its log off (nobody reads it)."""
        state = self.game.new_state(num_players=self.players, seed=seed, options=self.options)
        state.logging = False
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.game.id, self.players, self.options_text))


class _Engine:
    """The engine state inside an OpenSpiel state: OpenSpiel clones Python states with
    ``copy.deepcopy``, which this turns into the engine's own fast ``clone``."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the deal and the moves (OpenSpiel serializes states with pickle)."""
        state = self.state
        if state is None:
            return (_Engine, (None,))
        moves = json.dumps([[seat, action.to_json()] for seat, action in state.moves()])
        shared = _Shared(state.game.id, state.num_players, json.dumps(state.options.to_dict()))
        return (_replayed, (shared, state.seed, moves))


def _replayed(shared: _Shared, seed: int, moves: str) -> _Engine:
    """The engine state after ``moves`` from the deal ``seed``, played as the adapter plays
    (log off: a Gold am Yukon observation tells the turn's story only while logging)."""
    state = shared.new_state(seed)
    for seat, action in json.loads(moves):
        state.apply(seat, shared.game.parse_action(action))
    return _Engine(state)


def _game_type(game_id: str) -> Any:
    game = get_game(game_id)
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"motherlode {game.title}",
        dynamics=dynamics.SIMULTANEOUS if game.simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": game.min_players,
            "deals": DEFAULT_DEALS,
            "options": "{}",
        },
    )


class MotherlodeGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games, at the player count of the ``players`` parameter."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = get_game(self.game_id)
        params = dict(params or {})
        players = int(params.get("players", game.min_players))
        deals = int(params.get("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, got {deals}")
        options = str(params.get("options", "{}"))
        self.shared = _Shared(self.game_id, game.check_players(players), options)
        self.deals = deals
        extra = 1 if game.simultaneous else 0
        super().__init__(
            _game_type(self.game_id),
            pyspiel.GameInfo(
                num_distinct_actions=self.shared.space.size + extra,
                max_chance_outcomes=deals,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            {"players": players, "deals": deals, "options": options},
        )

    def new_initial_state(self) -> MotherlodeState:
        return MotherlodeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MotherlodeObserver:
        return MotherlodeObserver(self.shared, iig_obs_type, params)


class MotherlodeState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal's chance node, then the engine's decisions."""

    def __init__(self, game: MotherlodeGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.deals = game.deals
        self.engine = _Engine(None)

    # ------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        state = self.engine.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        pending = state.pending()
        if not pending:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.shared.game.simultaneous and state.is_simultaneous():
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return pending[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine.state
        if state is None or state.is_over():
            return []
        legal = state.legal_actions(player)
        if not legal:
            simultaneous = self.shared.game.simultaneous and state.is_simultaneous()
            return [self.shared.wait] if simultaneous else []
        index = self.shared.space.index
        return sorted(index(a) for a in legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(deal, p) for deal in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        state = self.engine.state
        if state is None:
            self.engine.state = self.shared.new_state(action)
            return
        seat = state.pending()[0]
        state.apply(seat, self.shared.space.action(action))

    def _apply_actions(self, actions: list[int]) -> None:
        state = self.engine.state
        assert state is not None
        for seat in state.pending():
            state.apply(seat, self.shared.space.action(actions[seat]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if action == self.shared.wait and self.shared.game.simultaneous:
            return "wait"
        return str(self.shared.space.action(action))

    def is_terminal(self) -> bool:
        state = self.engine.state
        return state is not None and state.is_over()

    def returns(self) -> list[float]:
        state = self.engine.state
        if state is None or not state.is_over():
            return [0.0] * self.shared.players
        return final_rewards(state, "rank")

    def __str__(self) -> str:
        state = self.engine.state
        if state is None:
            return "the deal is not drawn yet"
        return json.dumps(state.observe(None), sort_keys=True)


class MotherlodeObserver:
    """OpenSpiel's PyObserver: a seat's tensor (``tensor``, ``dict["observation"]``) and its
    observation as JSON text.  Only observations, not perfect-recall information states."""

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("information states (perfect recall) are not provided")
        self.shared = shared
        self.tensor = np.zeros(shared.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MotherlodeState, player: int) -> None:
        engine = state.engine.state
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.shared.encoder.encode(engine.observe(player))

    def string_from(self, state: MotherlodeState, player: int) -> str:
        engine = state.engine.state
        if engine is None:
            return "the deal is not drawn yet"
        return json.dumps(engine.observe(player), sort_keys=True)


def game_ids() -> list[str]:
    """The registered games OpenSpiel can load: those with an integer action space and a
    tensor layout (their own ``tensors`` module)."""
    return [
        g
        for g in games()
        if get_game(g).action_space_factory is not None and layout_module(get_game(g))
    ]


def _register() -> None:
    for game_id in game_ids():
        cls = type(f"Motherlode{game_id.title()}Game", (MotherlodeGame,), {"game_id": game_id})
        pyspiel.register_game(_game_type(game_id), cls)


_register()
