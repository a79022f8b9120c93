"""Train a small policy for a game and save it as a bot (``policy:path=FILE``).

    python examples/train_policy.py                       # Gonza Index, 2 players
    python examples/train_policy.py --out my.npz --rl-batches 40

Three phases, trained with JAX and optax (``pip install 'motherlode[train]'``; the saved
policy plays with numpy alone):

1. **Imitation**: the game's heuristic bot plays (against itself and against random); every
   one of its decisions becomes an example (the seat's observation tensor, its legal-action
   mask, the action it chose); a one-hidden-layer masked softmax policy learns to predict
   the choice (cross-entropy, optax's Adam: motherlode.rl.policy_train).
2. **DAgger** (``--dagger-rounds N``, off by default: three rounds did not help, see
   docs/rl.md): the policy plays against the heuristic (sampling its moves) and every
   position it reaches is labelled with the heuristic's choice there; the examples join
   the others and training goes on.
3. **REINFORCE** against the heuristic bot: the policy samples its moves; the final score
   margin (``reward="margin"``: its score minus the table's mean, which still tells a close
   loss from a rout when nearly every game is lost), normalized over the batch, weights
   every log-probability.  After every few batches the greedy policy is evaluated against
   the heuristic and random on evaluation seeds; the best evaluated weights are kept.

Prints the training curve (imitation loss and accuracy per epoch; win rates during
REINFORCE) and stores it in the file's header.  Measure the result with the arena, on
seeds the training never saw:

    motherlode arena gonza -b policy:path=src/motherlode/rl/policies/gonza.npz -b random
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import motherlode
from motherlode.agents.specs import make_agent
from motherlode.engine import ActionSpace, Agent, BadOptions, State
from motherlode.rl.core import final_rewards
from motherlode.rl.policy import Policy
from motherlode.rl.policy_train import PolicyTrainer
from motherlode.rl.tensors import encoder
from motherlode.rl.train import load_jax

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src/motherlode/rl/policies/gonza.npz"


def legal_mask(space: ActionSpace, state: State, seat: int) -> np.ndarray:
    """1 at the index of every legal action of ``seat`` (the env's action mask)."""
    mask = np.zeros(space.size, np.int8)
    mask[[space.index(a) for a in state.legal_actions(seat)]] = 1
    return mask


class Sampler(Agent):
    """The policy playing a seat and remembering its decisions (for REINFORCE)."""

    name = "learner"

    def __init__(self, policy: Policy, game: str, players: int, seed: int, greedy: bool) -> None:
        self.policy = policy
        self.enc = encoder(game, players)
        self.space = motherlode.get_game(game).action_space(players)
        self.rng = np.random.default_rng(seed)
        self.greedy = greedy
        self.memory: list[tuple[np.ndarray, np.ndarray, int]] = []

    def act(self, state: State, seat: int) -> Any:
        mask = legal_mask(self.space, state, seat)
        x = self.enc.encode(state.observe(seat))
        probs = self.policy.probabilities(x[None, :], mask)[0].astype(np.float64)
        if self.greedy:
            choice = int(np.argmax(probs))
        else:
            choice = int(self.rng.choice(len(probs), p=probs / probs.sum()))
            self.memory.append((x, mask, choice))
        return self.space.action(choice)


class Recorder(Agent):
    """A bot whose decisions are recorded as imitation examples."""

    def __init__(self, bot: Agent, game: str, players: int, out: list[Any]) -> None:
        self.bot = bot
        self.enc = encoder(game, players)
        self.space = motherlode.get_game(game).action_space(players)
        self.out = out

    def act(self, state: State, seat: int) -> Any:
        action = self.bot.act(state, seat)
        mask = legal_mask(self.space, state, seat)
        self.out.append((self.enc.encode(state.observe(seat)), mask, self.space.index(action)))
        return action


class Labeller(Agent):
    """The policy playing (sampling its moves), each of its positions recorded with the
    heuristic's choice there: DAgger's data, the positions the policy itself reaches."""

    def __init__(self, learner: Sampler, expert: Recorder) -> None:
        self.learner = learner
        self.expert = expert

    def act(self, state: State, seat: int) -> Any:
        self.expert.act(state, seat)  # (recorded, not played)
        return self.learner.act(state, seat)


def play(game_id: str, agents: list[Agent], seed: int, reward: str = "rank") -> list[float]:
    """One game (log off, as the arena plays), each seat's reward (see rl.core)."""
    state = motherlode.get_game(game_id).new_state(num_players=len(agents), seed=seed)
    state.logging = False
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, agents[seat].act(state, seat))
    return final_rewards(state, reward)


def win_rate(policy: Policy, game: str, players: int, opponent: str, seeds: range) -> float:
    """Share of games the greedy policy wins (ties half), its seat rotating."""
    won = 0.0
    for seed in seeds:
        seat = seed % players
        agents: list[Agent] = [
            make_agent(opponent, motherlode.get_game(game), seed * 7 + s) for s in range(players)
        ]
        agents[seat] = Sampler(policy, game, players, seed, greedy=True)
        reward = play(game, agents, seed)[seat]
        won += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return won / len(seeds)


def imitation_data(game: str, players: int, games: int) -> tuple[np.ndarray, ...]:
    examples: list[Any] = []
    g = motherlode.get_game(game)
    for seed in range(games):
        agents: list[Agent] = []
        for s in range(players):
            if seed % 2 and s != seed % players:  # half the games: heuristic vs random
                agents.append(make_agent("random", g, seed * 11 + s))
            else:
                agents.append(
                    Recorder(make_agent("heuristic", g, seed * 11 + s), game, players, examples)
                )
        play(game, agents, 100_000 + seed)
    x, mask, action = zip(*examples, strict=True)
    return np.stack(x), np.stack(mask), np.array(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gonza")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--imitation-games", type=int, default=200)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--dagger-rounds", type=int, default=0)
    parser.add_argument("--dagger-games", type=int, default=60)
    parser.add_argument("--dagger-epochs", type=int, default=6)
    parser.add_argument("--rl-batches", type=int, default=40)
    parser.add_argument("--rl-games", type=int, default=16, help="games per REINFORCE batch")
    parser.add_argument("--rl-lr", type=float, default=1e-3)
    parser.add_argument("--eval-every", type=int, default=5)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    try:
        load_jax()  # before the minutes of imitation games, not after
    except BadOptions as exc:
        sys.exit(str(exc))
    game, players = args.game, args.players
    started = time.perf_counter()
    curve: list[dict[str, Any]] = []
    eval_seeds = range(500_000, 500_000 + args.eval_games)

    x, mask, action = imitation_data(game, players, args.imitation_games)
    print(
        f"imitation: {len(action)} decisions of the heuristic bot from {args.imitation_games} games"
    )
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(action))
    held = order[: len(order) // 10]  # the first games' decisions stay held out throughout
    train = list(order[len(order) // 10 :])
    policy = Policy.new(game, x.shape[1], mask.shape[1], args.hidden, args.seed)
    trainer = PolicyTrainer(policy, lr=1e-3)

    def fit(epochs: int, phase: str) -> None:
        rows_all = np.array(train)
        for epoch in range(1, epochs + 1):
            rng.shuffle(rows_all)
            losses = trainer.run(
                (x[rows], mask[rows], action[rows], np.ones(len(rows), np.float32))
                for rows in (rows_all[a : a + 128] for a in range(0, len(rows_all), 128))
            )
            probs = policy.probabilities(x[held], mask[held])
            accuracy = float(np.mean(probs.argmax(1) == action[held]))
            row = {
                "phase": phase,
                "epoch": epoch,
                "examples": len(rows_all),
                "loss": round(float(np.mean(losses)), 4),
                "held_out_accuracy": round(accuracy, 3),
            }
            curve.append(row)
            print(row)

    fit(args.epochs, "imitation")

    def evaluate(step: int, phase: str = "reinforce") -> float:
        vs_random = win_rate(policy, game, players, "random", eval_seeds)
        vs_heuristic = win_rate(policy, game, players, "heuristic", eval_seeds)
        row = {
            "phase": phase,
            "batch": step,
            "win_vs_random": vs_random,
            "win_vs_heuristic": vs_heuristic,
        }
        curve.append(row)
        print(row)
        return vs_heuristic

    g = motherlode.get_game(game)
    for round_ in range(1, args.dagger_rounds + 1):
        extra: list[Any] = []
        for k in range(args.dagger_games):
            seed = 200_000 + round_ * 1000 + k
            seat = k % players
            seats: list[Agent] = [make_agent("heuristic", g, seed * 5 + s) for s in range(players)]
            learner = Sampler(policy, game, players, seed, greedy=False)
            expert = Recorder(make_agent("heuristic", g, seed * 5 + seat), game, players, extra)
            seats[seat] = Labeller(learner, expert)
            play(game, seats, seed)
        new_x, new_mask, new_action = (np.stack(a) for a in zip(*extra, strict=True))
        train.extend(range(len(action), len(action) + len(new_action)))
        x = np.concatenate([x, new_x])
        mask = np.concatenate([mask, new_mask])
        action = np.concatenate([action, new_action])
        print(f"dagger round {round_}: {len(new_action)} positions of the policy, labelled")
        fit(args.dagger_epochs, f"dagger {round_}")
        if round_ < args.dagger_rounds:
            evaluate(round_, "dagger")

    best = evaluate(0)
    best_params = [p.copy() for p in policy.params()]
    reinforce = PolicyTrainer(policy, lr=args.rl_lr)  # a fresh Adam
    for batch in range(1, args.rl_batches + 1):
        xs, masks, acts, weights = [], [], [], []
        rewards = []
        for k in range(args.rl_games):
            seed = args.seed * 1_000_003 + batch * 1000 + k
            seat = k % players
            learner = Sampler(policy, game, players, seed, greedy=False)
            agents: list[Agent] = [make_agent("heuristic", g, seed * 3 + s) for s in range(players)]
            agents[seat] = learner
            reward = play(game, agents, seed, "margin")[seat]
            rewards.append(reward)
            for xi, mi, ai in learner.memory:
                xs.append(xi)
                masks.append(mi)
                acts.append(ai)
                weights.append(reward)
        spread = float(np.std(rewards)) or 1.0
        w = (np.array(weights, np.float32) - float(np.mean(rewards))) / spread
        if np.any(w):
            reinforce.run([(np.stack(xs), np.stack(masks), np.array(acts), w)])
        if batch % args.eval_every == 0:
            score = evaluate(batch)
            if score > best:
                best, best_params = score, [p.copy() for p in policy.params()]
    policy.w1, policy.b1, policy.w2, policy.b2 = best_params
    policy.info = {
        "players": players,
        "hidden": args.hidden,
        "trained_by": "examples/train_policy.py " + " ".join(sys.argv[1:]),
        "best_eval_win_vs_heuristic": best,
        "curve": curve,
        "seconds": round(time.perf_counter() - started),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    policy.save(args.out)
    print(f"saved {args.out} ({args.out.stat().st_size // 1024} KiB) in {policy.info['seconds']} s")


if __name__ == "__main__":
    main()
