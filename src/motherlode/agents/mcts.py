"""Information-set Monte Carlo tree search for any motherlode game: the ``mcts`` bot.

Each iteration samples a world the searching seat cannot tell from the real one,
``state.determinize(seat, rng)``, and plays it down one tree shared by every sample
(single-observer ISMCTS; a perfect-information game is the case where every sample is the
real state).  The real state is read only through ``determinize``, ``legal_actions(seat)``
and ``_is_simultaneous()``: nothing hidden from the seat can reach the decision.

* Selection is UCT over per-seat edge statistics with availability counts: an action's
  exploration term uses how often it was *legal* on visits to the node, since samples differ
  in what is legal (a drawn card, a tile that fits).
* Every seat picks its own moves in the tree to maximise its own value (max-n backups).
  A seat's value lies in [0, 1] in every game: ``win`` × its share of the win plus the
  rest × its margin over the best other seat, normalised between the lowest and highest
  margins met in this search (see :mod:`motherlode.agents.rollout`).
* At a secret simultaneous decision every asked seat selects from its own statistics without
  knowing the others' choice (decoupled search); then all choices are applied and the joint
  choice keys the child.  The searching seat chooses by UCT (its best reply); the other
  seats by regret matching, a sampled opponent model that tends to an equilibrium mix and
  cannot fall into step with a deterministic chooser (two UCT choosers can: in matching
  pennies one then "always" guesses the other's coin).  ``sim=ucb`` makes every seat use
  UCT.  Commitments already made in the real game are never read: ``determinize``
  re-draws them, and the search reopens the decision in its sample to model them.
* Progressive widening bounds how many of a seat's actions a node considers, growing with
  its visits, so that wide decisions (tile placements, bid sizes) are still searched deep;
  the first action tried is a prior bot's choice when there is one.
* Below the tree a rollout policy (random, or one of the game's own bots) plays on, to the
  end or to a cut-off where the position is valued by the game's evaluation if its bot
  offers one, else by its current scores.

Parameters of the spec ``mcts:key=value,...`` are documented in ``docs/agents.md`` and on
:class:`MCTSAgent`.
"""

from __future__ import annotations

import logging
import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from motherlode.agents import plugins
from motherlode.agents.rollout import (
    Evaluator,
    Outcome,
    Policy,
    bot_evaluator,
    bot_policy,
    final_outcome,
    game_bot,
    random_policy,
    standing_outcome,
)
from motherlode.engine import Action, Agent, BadOptions, Game, State
from motherlode.engine.words import T

log = logging.getLogger("motherlode.agents")

_WARNED: set[tuple[str, str]] = set()
"""The games whose missing or unusable evaluator was logged already (and why)."""

DEFAULT_ITERATIONS = 1000
Ranker = Callable[[State, int], list[Action]]
"""A bot's moves for a seat, best first (``top``)."""
Sampler = Callable[[random.Random], State]
"""One world for an iteration, drawn from the searching seat's information (``belief``)."""
Believer = Callable[[State, int], Sampler | None]
"""A bot's sampler for a seat's decision; None where it has nothing to weigh by."""
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What an ``ms`` budget counts (the spec's ``clock``)."""
MAX_COUNT = 10_000_000
"""The most any whole-number parameter may be (iterations, cut-off, widening): more is a typo
or an attack, not a setting."""


class Edge:
    """One seat's action at a node: visits, that seat's summed win shares ``w`` and margins
    ``m``, availability, and (at simultaneous nodes) its cumulative regret."""

    __slots__ = ("action", "avail", "bonus", "child", "m", "n", "regret", "seat", "w")

    def __init__(self, seat: int, action: Action, bonus: float = 0.0) -> None:
        self.seat = seat
        self.action = action
        self.n = 0
        self.w = 0.0
        self.m = 0.0
        self.avail = 1
        self.regret = 0.0
        self.bonus = bonus
        """Progressive bias: added to the value as bonus / visits (the prior's choice)."""
        self.child: Node | None = None


class Node:
    """A point in the tree: edges by seat then action; children of joint (simultaneous)
    choices by the tuple of the seats' edges."""

    __slots__ = ("edges", "joint", "n")

    def __init__(self) -> None:
        self.n = 0
        self.edges: dict[int, dict[Action, Edge]] = {}
        self.joint: dict[tuple[Edge, ...], Node] | None = None


@dataclass(frozen=True)
class ActionStats:
    action: Action
    visits: int
    mean: float


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the action chosen and the root statistics behind it.

    ``others`` holds, at a simultaneous root, the statistics the search kept for the other
    asked seats: its model of their secret choices (decoupled UCT).
    """

    action: Action
    iterations: int
    seconds: float
    stats: tuple[ActionStats, ...]
    others: dict[int, tuple[ActionStats, ...]]

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def _number(name: str, value: object, *, low: float, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BadOptions(
            T(
                "mcts parameter {name} must be a number (finite), got {value!r}",
                name=name,
                value=value,
            )
        )
    if value < low or (high is not None and value > high):
        if high is None:
            raise BadOptions(
                T(
                    "mcts parameter {name} must be at least {low:g}, got {value!r}",
                    name=name,
                    low=low,
                    value=value,
                )
            )
        raise BadOptions(
            T(
                "mcts parameter {name} must be between {low:g} and {high:g}, got {value!r}",
                name=name,
                low=low,
                high=high,
                value=value,
            )
        )
    return float(value)


def _whole(name: str, value: object, *, low: int, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOptions(
            T("mcts parameter {name} must be a whole number, got {value!r}", name=name, value=value)
        )
    if value < low:
        raise BadOptions(
            T(
                "mcts parameter {name} must be at least {low}, got {value}",
                name=name,
                low=low,
                value=value,
            )
        )
    if value > high:
        raise BadOptions(
            T(
                "mcts parameter {name} must be at most {high:,}, got {value:,}",
                name=name,
                high=high,
                value=value,
            )
        )
    return value


class MCTSAgent(Agent):
    """ISMCTS bot (spec ``mcts``).  Parameters, all optional:

    ``iters``   iterations per decision (default 1000 when ``ms`` is not given)
    ``ms``      milliseconds per decision; with ``iters`` too, whichever ends first
    ``clock``   what ``ms`` counts: ``wall`` (default: the time a person waits) or ``cpu``
                (this thread's processor time: the same search on a busy machine as on an
                idle one, for measurements on a shared machine); the environment variable
                ``MOTHERLODE_CLOCK`` sets the default for every search of a process
    ``c``       UCT exploration constant for values in [0, 1] (default 0.7)
    ``rollout`` ``random`` (default) or the name of one of the game's bots (``heuristic``)
    ``eps``     with a bot rollout, probability of a random move instead (default 0)
    ``cutoff``  stop a rollout after this many moves and evaluate (default: play to the end;
                0 values the node the tree has just reached, with no rollout at all, as
                AlphaZero values its leaves)
    ``eval``    evaluation at the cut-off: ``score`` (normalised current scores), ``learned``
                (the game's trained evaluator, :mod:`motherlode.rl.value`: each seat's
                chance to win and margin, read from that seat's own view) or a game
                bot's name whose bot has ``evaluate(state, seat)``; default: the rollout
                bot's ``evaluate`` if it has one, else ``score``
    ``value``   with ``eval=learned``, an evaluator file (``.npz``) instead of the one the
                game ships; a file that cannot be used is refused when the bot is built.
                A shipped evaluator that does not fit a table (other options) or cannot be
                read is logged and the search values by its default instead
    ``widen``   progressive widening: a node considers at most max(widen, visits**pw) of a
                seat's actions (default 16; 0 turns widening off)
    ``pw``      the widening exponent (default 0.5)
    ``win``     weight of the win share in a seat's value, the rest is its normalised margin
                (default 0.8)
    ``sim``     how the seats choose at a secret simultaneous decision, each from its own
                statistics only: ``rm`` (default) the other seats by regret matching and the
                searching seat by UCT; ``ucb`` every seat by UCT (plain decoupled UCT)
    ``gamma``   uniform exploration mixed into regret matching (default 0.1)
    ``prior``   the game bot whose choice a node tries first, before widening admits others
                in random order (default: the rollout bot, if any; ``none``: no prior)
    ``bias``    progressive bias towards the prior's choice (Chaslot et al. 2008): its UCT
                value gets ``bias / visits`` more, so with few iterations the search keeps to
                the prior bot's move unless the rollouts show a better one (default 0)
    ``opp``     the game bot that models the other seats at a secret simultaneous decision
                instead of regret matching: each plays that bot's choice on a world drawn
                from its own information (``determinize`` for that seat), so it never reads
                the searching seat's secrets either (default: none; ``none`` turns off a
                game's tuned model)
    ``model``   where ``opp`` plays the other seats: ``sealed`` (default) at secret
                simultaneous decisions only; ``all`` at every decision of theirs in the tree,
                so the search answers that bot's play rather than each seat's best reply
    ``mix``     1: at a simultaneous decision, play an action with probability proportional to
                its visits (a mixed strategy) instead of the most visited one (default 0)
    ``top``     search only the ``top`` moves the game's heuristic bot ranks best at the root
                (its ``ranked(state, seat)``, read from the seat's own view), trying them in
                that order: a policy prior where a decision has dozens of moves and a few
                hundred iterations; ``prior`` and ``bias`` then apply below the root only
                (default 0: every move, in random order)
    ``belief``  the game bot whose ``belief(state, seat)`` draws the search's worlds instead
                of ``determinize``'s uniform re-draw: worlds weighed by what the others
                have shown (their prices in Goodwill), still drawn from the seat's own
                information only; where it has nothing to weigh by, the uniform re-draw
                (default: none).  With ``top`` and ``belief=heuristic`` the same bot ranks
                the root, from those worlds

    With the same seed and an iteration budget a decision is reproducible; an ``ms`` budget
    depends on the machine's speed.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iters: int | None = None,
        ms: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        eps: float = 0.0,
        cutoff: int | None = None,
        eval: str | None = None,
        widen: int = 16,
        pw: float = 0.5,
        win: float = 0.8,
        mix: int = 0,
        sim: str = "rm",
        gamma: float = 0.1,
        prior: str | None = None,
        bias: float = 0.0,
        opp: str | None = None,
        model: str = "sealed",
        value: str | None = None,
        clock: str | None = None,
        top: int = 0,
        belief: str | None = None,
    ) -> None:
        self.seed = seed
        clock = clock or os.environ.get("MOTHERLODE_CLOCK") or "wall"
        if clock not in CLOCKS:
            raise BadOptions(T("mcts clock is 'wall' or 'cpu', got {clock!r}", clock=clock))
        self.clock = CLOCKS[clock]
        self.rng = random.Random(seed)
        self.ms = None if ms is None else _number("ms", ms, low=1)
        if iters is None:
            self.iters: int | None = DEFAULT_ITERATIONS if ms is None else None
        else:
            self.iters = _whole("iters", iters, low=1)
        self.c = _number("c", c, low=0)
        if not isinstance(rollout, str) or not rollout:
            raise BadOptions(
                T("mcts rollout is 'random' or a bot name, got {rollout!r}", rollout=rollout)
            )
        self.rollout = rollout
        self.eps = _number("eps", eps, low=0, high=1)
        self.cutoff = None if cutoff is None else _whole("cutoff", cutoff, low=0)
        if eval is not None and (not isinstance(eval, str) or not eval):
            raise BadOptions(T("mcts eval is 'score' or a bot name, got {eval!r}", eval=eval))
        if eval is not None and cutoff is None:
            raise BadOptions(T("mcts eval values the position at a cut-off; give cutoff=N too"))
        self.eval = eval
        if value is not None and (not isinstance(value, str) or not value):
            raise BadOptions(
                T("mcts value is an evaluator file (.npz), got {value!r}", value=value)
            )
        if value is not None and eval != "learned":
            raise BadOptions(T("mcts value is the file of a learned evaluator: give eval=learned"))
        self.value = value
        self.widen = _whole("widen", widen, low=0)
        self.pw = _number("pw", pw, low=0, high=1)
        self.win = _number("win", win, low=0, high=1)
        self.mix = bool(_whole("mix", mix, low=0, high=1))
        self.top = _whole("top", top, low=0)
        if belief is not None and (not isinstance(belief, str) or not belief):
            raise BadOptions(T("mcts belief is a bot name, got {belief!r}", belief=belief))
        self.belief = belief
        self._beliefs: dict[str, Believer] = {}
        self._rankers: dict[str, Ranker] = {}
        self._root: Node | None = None
        self._seat = -1
        self._root_moves: list[Action] | None = None
        if sim not in ("rm", "ucb"):
            raise BadOptions(T("mcts sim is 'rm' or 'ucb', got {sim!r}", sim=sim))
        self.matching = sim == "rm"
        self.gamma = _number("gamma", gamma, low=0, high=1)
        if prior is not None and (not isinstance(prior, str) or not prior):
            raise BadOptions(T("mcts prior is 'none' or a bot name, got {prior!r}", prior=prior))
        self.prior = prior
        self.bias = _number("bias", bias, low=0)
        if opp is not None and (not isinstance(opp, str) or not opp):
            raise BadOptions(T("mcts opp is a bot name or 'none', got {opp!r}", opp=opp))
        self.opp = None if opp == "none" else opp
        if model not in ("sealed", "all"):
            raise BadOptions(T("mcts model is 'sealed' or 'all', got {model!r}", model=model))
        if model == "all" and self.opp is None:
            raise BadOptions(T("mcts model=all plays the other seats by a bot: name it with opp="))
        self.model_all = model == "all"
        self._model: Policy | None = None
        self._bound: dict[str, tuple[Policy, Evaluator | None, Policy | None, Policy | None]] = {}
        self._scripts: dict[str, Agent] = {}
        self._first: Policy | None = None
        self._low = math.inf  # the lowest and highest margins seen in the current search
        self._high = -math.inf
        self.last: SearchResult | None = None

    # ------------------------------------------------------------ game-specific parts

    def bind(self, game: Game) -> tuple[Policy, Evaluator | None, Policy | None, Policy | None]:
        """The rollout policy, cut-off evaluation, prior and opponent model for ``game``
        (built once per game).

        Raises :class:`BadOptions` when ``rollout`` or ``eval`` names a bot the game lacks;
        the arena calls this before playing so a bad spec fails at once.
        """
        bound = self._bound.get(game.id)
        if bound is not None:
            return bound
        seeder = random.Random(self.seed)
        evaluator: Evaluator | None = None
        first: Policy | None = None
        if self.rollout == "random":
            policy = random_policy(self.rng)
        else:
            bot = game_bot(game, self.rollout, seeder.getrandbits(63))
            policy = bot_policy(bot, self.rng, self.eps)
            evaluator = bot_evaluator(bot)
            first = bot.act
        if self.prior == "none":
            first = None
        elif self.prior is not None:
            first = game_bot(game, self.prior, seeder.getrandbits(63)).act
        if self.eval == "score":
            evaluator = None
        elif self.eval == "learned":
            evaluator = self._learned(game, evaluator, seeder)
        elif self.eval is not None:
            judge = game_bot(game, self.eval, seeder.getrandbits(63))
            evaluator = bot_evaluator(judge)
            if evaluator is None:
                raise BadOptions(
                    T(
                        "bot {name!r} of {game} has no evaluate(state, seat) to use as eval",
                        name=self.eval,
                        game=T(game.title),
                    )
                )
        if self.bias and first is None:
            raise BadOptions(T("mcts bias favours the prior bot's choice: name one with prior="))
        model = None if self.opp is None else game_bot(game, self.opp, seeder.getrandbits(63)).act
        helper = None
        if self.belief is not None:
            helper = game_bot(game, self.belief, seeder.getrandbits(63))
            believer = getattr(helper, "belief", None)
            if not callable(believer):
                raise BadOptions(
                    T(
                        "bot {name!r} of {game} has no belief(state, seat) to draw worlds by",
                        name=self.belief,
                        game=T(game.title),
                    )
                )
            self._beliefs[game.id] = believer
        if self.top:
            if self.belief != "heuristic":  # else the same bot: it ranks from its belief
                helper = game_bot(game, "heuristic", seeder.getrandbits(63))
            ranker = getattr(helper, "ranked", None)
            if not callable(ranker):
                raise BadOptions(
                    T(
                        "mcts top needs a heuristic bot that ranks moves, which {game} lacks",
                        game=T(game.title),
                    )
                )
            self._rankers[game.id] = ranker
        bound = (policy, evaluator, first, model)
        self._bound[game.id] = bound
        return bound

    def _script(self, game: Game) -> Agent | None:
        """The game's heuristic bot for the decisions it scripts (``Game.scripted``)."""
        if game.scripted is None or "heuristic" not in game.bots:
            return None
        if game.id not in self._scripts:
            seed = None if self.seed is None else self.seed ^ 0x5C41
            self._scripts[game.id] = game_bot(game, "heuristic", seed)
        return self._scripts[game.id]

    def _learned(
        self, game: Game, default: Evaluator | None, seeder: random.Random
    ) -> Evaluator | None:
        """The learned evaluator (``eval=learned``), falling back where it cannot serve.

        A file named by ``value`` must load (a bad one is refused here, so a spec with it
        fails before play).  The game's shipped file may be missing, unreadable, or made
        for other options: then the search keeps the evaluation it has without it (the
        game's heuristic ``evaluate``, else the rollout bot's, else the scores), and says so
        in the log once per game and table kind.  The evaluator comes from the ``rl`` layer,
        registered as ``learned`` in the entry-point group ``motherlode.evaluators``."""
        if "heuristic" in game.bots:
            judge = bot_evaluator(game_bot(game, "heuristic", seeder.getrandbits(63)))
            default = judge or default
        try:
            factory = plugins.load(plugins.EVALUATORS, "learned")
            if factory is None:
                raise BadOptions(T("no learned evaluator is installed (the rl extra)"))
            learned = factory(game, self.value)
        except BadOptions as exc:
            if self.value is not None:
                raise
            if (game.id, str(exc)) not in _WARNED:  # once a process: bots are built per move
                _WARNED.add((game.id, str(exc)))
                log.warning(
                    "%s: no learned evaluator (%s); the search goes without", game.title, exc
                )
            return default
        if self.value is not None:  # a file asked for by name serves, or the search stops
            served: Evaluator = learned
            return served
        with_fallback: Evaluator = learned.with_fallback(default)
        return with_fallback

    # ----------------------------------------------------------------- the search

    def act(self, state: State, seat: int) -> Action:
        return self.search(state, seat).action

    def search(self, state: State, seat: int) -> SearchResult:
        """Search from ``seat``'s information set in ``state`` within the budget."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"{state.seat_name(seat)} is not asked to decide now")
        policy, evaluator, self._first, self._model = self.bind(state.game)
        start = time.perf_counter()
        clock = self.clock
        deadline = None if self.ms is None else clock() + self.ms / 1000.0  # ranking and belief too
        script = self._script(state.game)
        scripted = state.game.scripted
        if script is not None and scripted is not None and scripted(state, seat):
            chosen = script.act(state, seat)  # a step the game's heuristic plans
            seconds = time.perf_counter() - start
            result = SearchResult(chosen, 0, seconds, (ActionStats(chosen, 0, 0.0),), {})
            self.last = result
            return result
        if len(legal) == 1:
            result = SearchResult(legal[0], 0, 0.0, (ActionStats(legal[0], 0, 0.0),), {})
            self.last = result
            return result
        root = Node()
        self._root, self._root_moves, self._seat = root, None, seat
        believer = self._beliefs.get(state.game.id)
        sampler = None if believer is None else believer(state, seat)
        if self.top:
            ranked = self._rankers[state.game.id](state, seat)
            allowed = set(legal)
            moves = [a for a in ranked if a in allowed][: self.top]
            if moves:
                self._root_moves = legal = moves
        self._low, self._high = math.inf, -math.inf
        limit = self.iters
        done = 0
        while True:
            self._iterate(state, seat, root, policy, evaluator, sampler)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and clock() >= deadline:
                break
        seconds = time.perf_counter() - start
        blend = self._blend()
        stats = _stats(root, seat, legal, blend)
        simultaneous = state._is_simultaneous()
        others = {s: _stats(root, s, list(root.edges[s]), blend) for s in root.edges if s != seat}
        result = SearchResult(self._choose(stats, simultaneous), done, seconds, stats, others)
        self.last = result
        return result

    def _choose(self, stats: tuple[ActionStats, ...], simultaneous: bool) -> Action:
        if self.mix and simultaneous:
            total = sum(s.visits for s in stats)
            pick = self.rng.random() * total
            for s in stats:
                pick -= s.visits
                if pick < 0:
                    return s.action
        best = stats[0]
        for s in stats[1:]:
            if (s.visits, s.mean) > (best.visits, best.mean):
                best = s
        return best.action

    def _iterate(
        self,
        real: State,
        seat: int,
        root: Node,
        policy: Policy,
        evaluator: Evaluator | None,
        sampler: Sampler | None = None,
    ) -> None:
        """One iteration: sample a world (by ``sampler`` if given), descend and grow the
        tree, roll out, back up."""
        state = real.determinize(seat, self.rng) if sampler is None else sampler(self.rng)
        if state._commits:
            # Seats that already sealed their part of this simultaneous decision chose
            # without knowing ours: reopen it in the sample, so the tree models their choice
            # (regret matching) instead of taking determinize's uniform re-draw.  The bot
            # then plays alike whether it is asked first or last.
            state._commits.clear()
        node = root
        nodes = [root]
        path: list[Edge] = []
        matched: list[tuple[list[Edge], Edge, float]] = []
        while True:
            pending = state.pending()
            if not pending:
                break
            if len(pending) > 1 and state._is_simultaneous():
                # Every asked seat chooses before any choice is applied: a sealed decision.
                chosen = []
                for s in pending:
                    if s != seat and self._model is not None:
                        edge = self._modelled(node, state, s)
                    else:
                        regrets = matched if self.matching and s != seat else None
                        edge = self._select(node, state, s, regrets)
                    chosen.append(edge)
                for edge in chosen:
                    state.apply(edge.seat, edge.action)
                path.extend(chosen)
                key = tuple(chosen)
                if node.joint is None:
                    node.joint = {}
                child = node.joint.get(key)
                if child is None:
                    child = node.joint[key] = Node()
                    nodes.append(child)
                    break
            else:
                s = pending[0]
                if s != seat and self.model_all:
                    edge = self._modelled(node, state, s)
                else:
                    edge = self._select(node, state, s, None)
                state.apply(s, edge.action)
                path.append(edge)
                child = edge.child
                if child is None:
                    child = edge.child = Node()
                    nodes.append(child)
                    break
            node = child
            nodes.append(node)
        shares, margins = self._playout(state, policy, evaluator)
        low, high = min(margins), max(margins)
        self._low = min(self._low, low)
        self._high = max(self._high, high)
        for n in nodes:
            n.n += 1
        for e in path:
            e.n += 1
            e.w += shares[e.seat]
            e.m += margins[e.seat]
        if not matched:
            return
        weight, scale, base = self._blend()
        for options, picked, probability in matched:
            value = weight * shares[picked.seat] + scale * margins[picked.seat] + base
            for e in options:
                e.regret -= value
            picked.regret += value / probability

    def _select(
        self,
        node: Node,
        state: State,
        seat: int,
        matched: list[tuple[list[Edge], Edge, float]] | None,
    ) -> Edge:
        """One seat's choice at a node: an untried action while widening allows (the prior
        bot's choice first, then in random order), else UCT with availability counts or,
        when ``matched`` collects the choices (another seat at a simultaneous node), regret
        matching."""
        root_moves = self._root_moves if node is self._root and seat == self._seat else None
        ranked = root_moves is not None
        legal = root_moves if root_moves is not None else state.legal_actions(seat)
        table = node.edges.get(seat)
        if table is None:
            table = node.edges[seat] = {}
            if self._first is not None and len(legal) > 1 and not ranked:
                favourite = self._first(state, seat)
                if favourite in legal:
                    chosen = table[favourite] = Edge(seat, favourite, self.bias)
                    return chosen
        get = table.get
        tried: list[Edge] = []
        untried: list[Action] = []
        for action in legal:
            edge = get(action)
            if edge is None:
                untried.append(action)
            else:
                edge.avail += 1
                tried.append(edge)
        if untried and (
            not tried or not self.widen or len(tried) < max(self.widen, (node.n + 1) ** self.pw)
        ):
            if ranked or len(untried) == 1:
                action = untried[0]  # the ranking's order at the root
            else:
                action = untried[self.rng.randrange(len(untried))]
            edge = table[action] = Edge(seat, action)
            return edge
        if matched is not None:
            return self._match(tried, matched)
        c = self.c
        log = math.log
        sqrt = math.sqrt
        weight, scale, base = self._blend()
        best = tried[0]
        best_value = -1.0
        for edge in tried:
            n = edge.n
            value = (weight * edge.w + scale * edge.m + edge.bonus) / n + base
            value += c * sqrt(log(edge.avail) / n)
            if value > best_value:
                best, best_value = edge, value
        return best

    def _modelled(self, node: Node, state: State, seat: int) -> Edge:
        """Another seat's choice (a sealed one, or any with ``model=all``) as the opponent
        model (``opp``) makes it, on a world drawn from that seat's own information: the
        model sees what that seat could see, not the search's sample."""
        assert self._model is not None
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = self._model(state.determinize(seat, self.rng), seat)
            if action not in legal:
                return self._select(node, state, seat, None)
        table = node.edges.setdefault(seat, {})
        edge = table.get(action)
        if edge is None:
            edge = table[action] = Edge(seat, action)
        return edge

    def _match(self, tried: list[Edge], matched: list[tuple[list[Edge], Edge, float]]) -> Edge:
        """Regret matching with outcome sampling (Lanctot et al., SM-MCTS): play in proportion
        to positive regret, mixed with ``gamma`` uniform exploration; the chosen edge and its
        probability are kept for the regret update after the rollout."""
        gamma = self.gamma
        positive = [e.regret if e.regret > 0.0 else 0.0 for e in tried]
        total = sum(positive)
        uniform = 1.0 / len(tried)
        if total > 0.0:
            scale = (1.0 - gamma) / total
            probs = [gamma * uniform + scale * r for r in positive]
        else:
            probs = [uniform] * len(tried)
        pick = self.rng.random()
        chosen = len(tried) - 1
        for i, p in enumerate(probs):
            if pick < p:
                chosen = i
                break
            pick -= p
        matched.append((tried, tried[chosen], probs[chosen]))
        return tried[chosen]

    def _blend(self) -> tuple[float, float, float]:
        """The value in [0, 1] of a mean win share ``w`` and margin ``m`` is
        ``weight·w + scale·m + base``: ``win`` weighs the win share, the rest the margin
        normalised between the lowest and highest margins seen so far in this search (a
        linear map, so it applies to means and sums alike, and is exact whenever read)."""
        weight = self.win
        span = self._high - self._low
        if span <= 0.0:
            return weight, 0.0, 0.5 * (1.0 - weight)
        scale = (1.0 - weight) / span
        return weight, scale, -self._low * scale

    def _playout(self, state: State, policy: Policy, evaluator: Evaluator | None) -> Outcome:
        """Play on with the rollout policy; value the end, or the cut-off position."""
        cutoff = self.cutoff
        moves = 0
        while True:
            pending = state.pending()
            if not pending:
                return final_outcome(state)
            if cutoff is not None and moves >= cutoff:
                if evaluator is not None:
                    return evaluator(state)
                return standing_outcome(state)
            seat = pending[0]
            state.apply(seat, policy(state, seat))
            moves += 1


def _stats(
    root: Node, seat: int, actions: list[Action], blend: tuple[float, float, float]
) -> tuple[ActionStats, ...]:
    weight, scale, base = blend
    table = root.edges.get(seat, {})
    out = []
    for action in actions:
        edge = table.get(action)
        if edge is None or not edge.n:
            out.append(ActionStats(action, 0, 0.0))
        else:
            mean = (weight * edge.w + scale * edge.m) / edge.n + base
            out.append(ActionStats(action, edge.n, mean))
    return tuple(out)
