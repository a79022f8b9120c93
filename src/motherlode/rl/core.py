"""What every adapter shares: a game at a table seen through tensors, masks and rewards.

:class:`Table` owns one engine state and translates it to numbers: integer actions through
the game's fixed :class:`~motherlode.engine.ActionSpace`, observations through the game's
tensor :class:`~motherlode.rl.tensors.Encoder`, the end of a game into rewards.  The
PettingZoo, Gymnasium and OpenSpiel adapters are thin layers over it, so they all agree on
what a seat sees and what is legal.

Rewards come only at the end (0 before):

``rank`` (default)  +1 for first place, -1 for last, evenly spaced between; seats tied
                    after the rulebook's tie-breaks share the mean of their places.  Sums
                    to 0; in a 2-player game: +1 win, -1 loss, 0 tie.
``margin``          the seat's final score minus the mean of all seats' scores, in the
                    game's own unit (points, dollars, credits).  Also sums to 0.

Seats are named as the environments name their agents, ``player_0`` ... ``player_{n-1}``,
in the engine too (its errors, the JSON observations' names; a rendering that says
"Player 1" is renamed), so nothing says "Player 2" of the agent ``player_1``.

The terminal mask: where an agent's episode has ended, its mask is 1 at index 0 alone, so
a sampler always finds a legal index; the index is never played (a vector env resets
instead, a finished PettingZoo agent steps None; see :func:`terminal_mask`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from motherlode.engine import Action, ActionSpace, Game, GameOptions, IllegalAction, State, get_game
from motherlode.rl.tensors import TensorEncoder, Vector, tensor_encoder
from motherlode.rl.tensors.direct import DirectEncoder, direct_encoder

Mask = npt.NDArray[np.int8]
_PLAYER = re.compile(r"\bPlayer (\d)\b")
REWARDS = ("rank", "margin")
SEED_BOUND = 2**63


def opponent_specs(opponents: Sequence[str] | str, players: int, seat: int | None) -> list[str]:
    """The bot specs of a single learner's opponents: one for all, or one per other seat in
    turn order (ValueError otherwise, or for a seat outside the table)."""
    specs = [opponents] if isinstance(opponents, str) else list(opponents)
    if len(specs) == 1:
        specs *= players - 1
    if len(specs) != players - 1:
        raise ValueError(f"give one opponent spec, or one for each of the {players - 1} others")
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"seat is 0..{players - 1} or None (drawn at each reset), not {seat!r}")
    return specs


class IllegalActionError(IllegalAction, ValueError):
    """An integer action that is not legal for the agent now (out of range, masked off, or
    not this agent's turn); the game is left untouched."""


def rank_rewards(ranking: tuple[tuple[int, ...], ...], num_players: int) -> list[float]:
    """+1 first ... -1 last, ties sharing the mean of their places (see module doc)."""
    out = [0.0] * num_players
    if num_players < 2:
        return out
    place = 0
    for group in ranking:
        mean = place + (len(group) - 1) / 2
        for seat in group:
            out[seat] = 1.0 - 2.0 * mean / (num_players - 1)
        place += len(group)
    return out


def agent_name(seat: int) -> str:
    """The agent of ``seat`` in every adapter (PettingZoo's convention)."""
    return f"player_{seat}"


def terminal_mask(size: int) -> Mask:
    """The mask of an agent whose episode has ended: 1 at index 0 alone.

    Never all zeros, so a loop that samples every mask it is given (a vector env's autoreset
    step, a masked softmax) cannot fail on it; the action drawn is never played (a vector
    env resets instead; the AEC env still wants ``None`` for a finished agent, PettingZoo's
    rule)."""
    mask = np.zeros(size, dtype=np.int8)
    mask[0] = 1
    return mask


def final_rewards(state: State, kind: str) -> list[float]:
    if kind == "margin":
        scores = [float(s) for s in state.scores()]
        mean = sum(scores) / len(scores)
        return [s - mean for s in scores]
    return rank_rewards(state.ranking(), state.num_players)


LegalSets = dict[tuple[int, ...], tuple[tuple[Action, ...], list[int], Mask | None]]


class _Kind:
    """What the tables of one game, table size and options share: engines make their
    action objects once (often on first use) for the whole process and offer the same ones,
    often the same lists of them, again and again; so an action's index is kept by the id
    of the object, and a list's indices and mask by the ids of its actions.  Every object
    whose id is a key is kept alive here, so no other object can have its id."""

    def __init__(self) -> None:
        self.known: dict[int, int] = {}
        self.seen: list[Action] = []
        self.sets: LegalSets = {}


_KINDS: dict[tuple[str, int, str], _Kind] = {}


class Table:
    """One game, a seat's view of it as numbers, and moves given as integers."""

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
        reward: str = "rank",
        observation: str = "full",
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.num_players = self.game.check_players(
            self.game.min_players if num_players is None else num_players
        )
        self.options = self.game.options(options)
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward = reward
        self.space: ActionSpace = self.game.action_space(self.num_players, self.options)
        # "full" (the layout, with a fast direct encoder where the game has one) or "compact"
        # (a few hundred floats a player decides by: the game's own ``compact`` part)
        self.encoder: TensorEncoder = tensor_encoder(
            self.game, self.num_players, self.options, observation
        )
        self.direct: DirectEncoder | None = direct_encoder(self.encoder)
        key = (self.game.id, self.num_players, repr(sorted(self.options.to_dict().items())))
        kind = _KINDS.get(key)
        if kind is None:
            kind = _KINDS[key] = _Kind()
        self._known, self._seen, self._sets = kind.known, kind.seen, kind.sets
        self._legal: tuple[State, int, int, list[Action], list[int], Mask | None] | None = None
        self._size = self.space.size
        self._small = self._size <= 4096
        """Whether masks are small enough to keep one per list of legal actions."""
        self.agent_names = tuple(agent_name(s) for s in range(self.num_players))
        """The seats' names in the engine: the agents' (see the module doc)."""
        self.state: State = self.new_state(0)

    @property
    def num_actions(self) -> int:
        return self.space.size

    def new_state(self, seed: int) -> State:
        """A new game from ``seed`` (its log off: nobody reads it, and it plays the same)."""
        state = self.game.new_state(
            num_players=self.num_players, seed=seed, options=self.options, names=self.agent_names
        )
        state.logging = False
        self.state = state
        return state

    def tensor(self, seat: int | None) -> Vector:
        """``seat``'s observation tensor now (None: a spectator's), by the game's direct
        encoder where it has one: the same array as :meth:`reference_tensor`."""
        if self.direct is None or seat is None:
            return self.reference_tensor(seat)
        return self.direct.encode(self.state, seat)

    def reference_tensor(self, seat: int | None) -> Vector:
        """The tensor by its definition: the encoding of ``observe(seat)``."""
        return self.encoder.encode(self.state.observe(seat))

    def _legal_now(self, seat: int) -> tuple[list[Action], list[int], Mask | None]:
        """``seat``'s legal actions, their indices and (for a small action space) their
        mask, worked out once per position; never to be changed by the caller."""
        state = self.state
        cached = self._legal
        count = state._move_count
        if cached is not None and cached[0] is state and cached[1] == count and cached[2] == seat:
            return cached[3], cached[4], cached[5]
        legal = state.legal_actions(seat)
        ids = tuple(map(id, legal))  # (by identity: a dataclass's hash is slow; see _Kind)
        hit = self._sets.get(ids)
        if hit is not None:
            indices, mask = hit[1], hit[2]
        else:
            indices = self._indices(legal)
            mask = self._new_mask(indices) if self._small else None
            if len(self._sets) >= 4096:  # (at most a few MiB of masks)
                self._sets.clear()
            self._sets[ids] = (tuple(legal), indices, mask)
        self._legal = (state, count, seat, legal, indices, mask)
        return legal, indices, mask

    def _indices(self, legal: list[Action]) -> list[int]:
        known = self._known
        try:
            return [known[id(action)] for action in legal]
        except KeyError:
            if len(known) > 2 * self.space.size + 1024:
                known.clear()
                self._seen.clear()
            index = self.space.index
            for action in legal:
                if id(action) not in known:
                    known[id(action)] = index(action)
                    self._seen.append(action)
            return [known[id(action)] for action in legal]

    def mask(self, seat: int) -> Mask:
        """1 at the index of every legal action of ``seat`` now (all 0 when not asked)."""
        _, indices, mask = self._legal_now(seat)
        if mask is not None:
            return mask.copy()
        return self._new_mask(indices)

    def _new_mask(self, indices: list[int]) -> Mask:
        mask = np.zeros(self._size, dtype=np.int8)
        if len(indices) < 8:  # (numpy's fancy indexing costs more for a few)
            for i in indices:
                mask[i] = 1
        else:
            mask[indices] = 1
        return mask

    def terminal_mask(self) -> Mask:
        return terminal_mask(self._size)

    def legal_indices(self, seat: int) -> list[int]:
        return sorted(self._legal_now(seat)[1])

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation as PettingZoo's classic environments give it: the tensor
        and the action mask, both new arrays."""
        return {"observation": self.tensor(seat), "action_mask": self.mask(seat)}

    def final_observation(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation once its episode has ended: the terminal mask."""
        return {"observation": self.tensor(seat), "action_mask": terminal_mask(self._size)}

    @property
    def state_size(self) -> int:
        return self.num_players * self.encoder.size

    def global_state(self) -> Vector:
        """Every seat's tensor, seat 0's first: the union of what the players know (each
        one's hand and sealed choices included), not what nobody knows yet (the order of a
        deck, future dice).  What a centralised critic reads."""
        return np.concatenate([self.tensor(seat) for seat in range(self.num_players)])

    def play(self, seat: int, action: object) -> None:
        """Play integer ``action`` for ``seat``; raises :class:`IllegalActionError` (and
        changes nothing) unless it is legal now."""
        if type(action) is not int:
            if not isinstance(action, np.integer):
                raise IllegalActionError(f"an action is a whole number, got {action!r}")
            action = int(action)
        legal, indices, _ = self._legal_now(seat)
        try:
            offered = legal[indices.index(action)]  # the very object: apply skips a check
        except ValueError:
            if not 0 <= action < self._size:
                raise IllegalActionError(
                    f"action {action} is outside 0..{self.space.size - 1}"
                ) from None
            who = self.state.seat_name(seat)
            if not legal:
                raise IllegalActionError(
                    f"it is not {who}'s decision now (action {action})"
                ) from None
            move = self.space.action(action)
            raise IllegalActionError(
                f"action {action} ({move}) is not legal for {who} now"
            ) from None
        self.state.apply(seat, offered)

    def rewards(self) -> list[float]:
        """Each seat's reward: the final one once the game is over, else 0."""
        if not self.state.is_over():
            return [0.0] * self.num_players
        return final_rewards(self.state, self.reward)

    def render_text(self, seat: int | None = None) -> str:
        """The game's terminal rendering of ``seat``'s view (None: a spectator's), its
        seats named as the agents: a game whose rendering calls them "Player 1" ... (its
        observation carries no names) has them renamed ``player_0`` ...."""
        observation = self.state.observe(seat)
        if self.game.render is None:
            return str(observation)
        drawn = self.game.render(observation, seat)
        if isinstance(drawn, str):
            text = drawn
        else:
            from io import StringIO

            from rich.console import Console

            buffer = StringIO()
            Console(file=buffer, width=100, color_system=None).print(drawn)
            text = buffer.getvalue()
        return _PLAYER.sub(self._rename, text)

    def _rename(self, match: re.Match[str]) -> str:
        number = int(match.group(1))
        if 1 <= number <= self.num_players:
            return self.agent_names[number - 1]
        return match.group(0)

    def render_rgb(self, seat: int | None = None) -> np.ndarray:
        """An HxWx3 uint8 picture of ``seat``'s view: the scores, who is to act, and the
        terminal rendering (see :mod:`motherlode.rl.rgb`)."""
        from motherlode.rl.rgb import draw

        state = self.state
        if state.is_over():
            status = "game over"
        else:
            status = "to act: " + ", ".join(self.agent_names[s] for s in state.pending())
        title = f"{self.game.title}, move {state.move_count}: {status}"
        scores = [float(x) for x in state.scores()]
        return draw(title, list(self.agent_names), scores, state.pending(), self.render_text(seat))


def draw_seed(rng: np.random.Generator) -> int:
    """An engine seed drawn from an adapter's seeded generator."""
    return int(rng.integers(0, SEED_BOUND))
