"""What a search does below its tree: play on with a policy, and value where it stops.

An outcome gives each seat two numbers, whatever a game counts in (gold, points, nuggets):
its share of the win (1/k for each of k winners, else 0) and its *margin*, its score less
the best score among the other seats.  The search blends them into a value in [0, 1] (see
:mod:`motherlode.agents.mcts`): the win share makes it play to win, as a player does; the
margin tells a narrow loss from a rout and a narrow win from a sure one, which matters in
two-player games and in multi-player games where most rollouts are lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from motherlode.engine import Action, Agent, BadOptions, Game, State
from motherlode.engine.words import T

Policy = Callable[[State, int], Action]
"""Chooses a move for an asked seat of a (determinized) state during a rollout."""

Outcome = tuple[list[float], list[float]]
"""Per seat: (share of the win, margin over the best other seat)."""

Evaluator = Callable[[State], Outcome]
"""Values a position that is not over, as if it were the end."""


def margins(points: Sequence[float]) -> list[float]:
    """Every seat's margin over its best rival: the leader's over the runner-up, the others'
    below the leader (a lone seat: its points)."""
    if len(points) == 1:
        return [float(points[0])]
    leader = max(range(len(points)), key=points.__getitem__)
    best = points[leader]
    runner_up = max(p for s, p in enumerate(points) if s != leader)
    out = [float(p - best) for p in points]
    out[leader] = float(best - runner_up)
    return out


def outcome(points: Sequence[float], top: Sequence[int]) -> Outcome:
    """Win shares of the seats in ``top`` and every seat's margin over its best rival."""
    shares = [0.0] * len(points)
    for seat in top:
        shares[seat] = 1.0 / len(top)
    return shares, margins(points)


def final_outcome(state: State) -> Outcome:
    """A finished game: the winners from the rulebook's ranking (tie-breaks included)."""
    return outcome(state.scores(), state.ranking()[0])


def standing(points: Sequence[float]) -> Outcome:
    """An unfinished game valued by per-seat points in any unit (higher is better): the
    leaders by points take the win shares."""
    best = max(points)
    return outcome(points, [s for s, v in enumerate(points) if v == best])


def standing_outcome(state: State) -> Outcome:
    """The generic evaluation at a rollout's cut-off: the game's current ``scores()``."""
    return standing(state.scores())


def random_policy(rng: random.Random) -> Policy:
    """Uniform over the legal actions: fast, unbiased, the default."""
    choice = rng.choice

    def policy(state: State, seat: int) -> Action:
        return choice(state.legal_actions(seat))

    return policy


def bot_policy(agent: Agent, rng: random.Random, epsilon: float = 0.0) -> Policy:
    """A game's own bot plays the rollout; with probability ``epsilon`` a random move instead,
    so that rollouts of a deterministic bot still explore."""
    act = agent.act
    if epsilon <= 0.0:
        return act
    choice = rng.choice
    draw = rng.random

    def policy(state: State, seat: int) -> Action:
        if draw() < epsilon:
            return choice(state.legal_actions(seat))
        return act(state, seat)

    return policy


def game_bot(game: Game, name: str, seed: int | None) -> Agent:
    """Build ``game``'s bot ``name`` (from ``GAME.bots``) with a clear error if it has none."""
    factory = game.bots.get(name)
    if factory is None:
        if not game.bots:
            raise BadOptions(
                T(
                    "{game} has no bot {name!r} to use in the search; its bots: none",
                    game=T(game.title),
                    name=name,
                )
            )
        raise BadOptions(
            T(
                "{game} has no bot {name!r} to use in the search; its bots: {known}",
                game=T(game.title),
                name=name,
                known=", ".join(sorted(game.bots)),
            )
        )
    agent = factory(seed=seed)
    if not isinstance(agent, Agent):
        raise BadOptions(
            T("bot {name!r} of {game} did not build an agent", name=name, game=T(game.title))
        )
    return agent


def bot_evaluator(agent: Agent) -> Evaluator | None:
    """The bot's position evaluation, if it offers one: a method ``evaluate(state, seat)``
    giving that seat's heuristic worth in any unit, higher is better (for example its
    expected final score, or that less its strongest opponent's).  Every seat's worth is
    then taken like scores (:func:`standing`); a bot that also offers
    ``evaluate_seats(state)`` (every seat's ``evaluate`` at once) is asked that instead.
    This is how a game lends its judgement to the search without the search knowing the
    game."""
    evaluate = getattr(agent, "evaluate", None)
    if not callable(evaluate):
        return None
    every_seat = getattr(agent, "evaluate_seats", None)
    if callable(every_seat):
        # one call for the whole table, where valuing a seat already values them all

        def judge_all(state: State) -> Outcome:
            return standing([float(v) for v in every_seat(state)])

        return judge_all

    def judge(state: State) -> Outcome:
        return standing([float(evaluate(state, seat)) for seat in range(state.num_players)])

    return judge
