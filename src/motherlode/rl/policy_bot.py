"""A trained policy as a bot: the ``policy:path=FILE`` spec of ``play``, ``arena`` and the web.

The bot sees what any bot may see: its seat's observation, encoded by the game's tensor
layout, and its legal actions (the mask).  ``greedy=1`` (default) plays the most probable
legal action; ``greedy=0`` samples from the policy with the bot's seed.  ``path`` is a
policy file (``.npz``, examples/train_policy.py writes one) or the name of one shipped in
``motherlode/rl/policies/``; without it, the policy shipped for the game being played
(``policy`` alone plays Gonza Index's).
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from motherlode.engine import Action, Agent, BadOptions, Game, State
from motherlode.rl.policy import Policy
from motherlode.rl.tensors import encoder

SHIPPED = Path(__file__).resolve().parent / "policies"


def resolve(path: str) -> Path:
    """The policy file a spec's ``path`` names (a shipped policy by bare name)."""
    if not isinstance(path, str) or not path:
        raise ValueError(f"path is a policy file (.npz), got {path!r}")
    shipped = SHIPPED / f"{path}.npz"
    if "/" not in path and "\\" not in path and shipped.is_file():
        return shipped
    file = Path(path)
    if file.suffix != ".npz":
        raise ValueError(f"a policy file ends in .npz, got {path[:60]!r}")
    if not file.is_file():
        raise ValueError(f"no policy file at {path[:60]!r}")
    return file


class PolicyAgent(Agent):
    """Plays a saved :class:`~motherlode.rl.policy.Policy` for the game it was trained on."""

    name = "policy"

    def __init__(self, seed: int | None = None, path: str = "", greedy: int = 1) -> None:
        if greedy not in (0, 1):
            raise ValueError(f"greedy is 1 (best action) or 0 (sample), got {greedy!r}")
        self.policy: Policy | None = _load(resolve(path)) if path != "" else None
        self.greedy = bool(greedy)
        self.rng = random.Random(seed)

    def bind(self, game: Game) -> Policy:
        """The policy, checked against ``game`` (the arena calls this before playing)."""
        if self.policy is None:
            shipped = SHIPPED / f"{game.id}.npz"
            if not shipped.is_file():
                raise BadOptions(f"no trained policy ships for {game.title}; give path=FILE")
            self.policy = _load(shipped)
        if game.id != self.policy.game:
            raise BadOptions(f"this policy was trained for {self.policy.game}, not {game.title}")
        return self.policy

    def act(self, state: State, seat: int) -> Action:
        policy = self.bind(state.game)
        enc = encoder(state.game, state.num_players, state.options)
        space = state.game.action_space(state.num_players, state.options)
        if enc.size != policy.inputs or space.size != policy.actions:
            raise BadOptions(
                f"this policy expects {policy.inputs} inputs and {policy.actions} "
                f"actions; this table has {enc.size} and {space.size}"
            )
        legal = state.legal_actions(seat)
        mask = np.zeros(space.size, dtype=np.int8)
        index = [space.index(a) for a in legal]
        mask[index] = 1
        x = enc.encode(state.observe(seat))[None, :]
        probs = policy.probabilities(x, mask)[0]
        if self.greedy:
            choice = int(np.argmax(probs))
        else:
            choice = self.rng.choices(index, weights=[float(probs[i]) for i in index])[0]
        return space.action(choice)


_LOADED: dict[tuple[str, float], Policy] = {}


def _load(file: Path) -> Policy:
    """The policy in ``file``, read once per version of the file (a table builds its bot
    again for every move; the weights are never changed in place)."""
    try:
        key = (str(file.resolve()), file.stat().st_mtime)
        policy = _LOADED.get(key)
        if policy is None:
            policy = _LOADED[key] = Policy.load(file)
        return policy
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"cannot read the policy file {file.name}: {exc}") from None


def make_policy_agent(seed: int | None = None, **params: object) -> Agent:
    """The spec's factory (``policy:path=FILE,greedy=1``)."""
    return PolicyAgent(seed, **params)  # type: ignore[arg-type]
