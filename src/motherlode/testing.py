"""The conformance kit: the engine contract checked on any game, in one line.

In a game's tests::

    from motherlode.testing import ConformanceSuite

    class TestConformance(ConformanceSuite):
        game_id = "gonza"

pytest collects the ``test_*`` methods below.  They play many seeded random games and
check, at every step, the promises of DESIGN.md: someone is always asked, every asked seat
has a legal action, illegal actions raise and change nothing, observations are JSON and
determinizing does not change what a seat sees, replays are exact, clones are independent,
and every action survives its JSON form, its text notation and its integer index.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motherlode.engine import (
    Action,
    ActionSpace,
    BadRecord,
    Game,
    GameRecord,
    IllegalAction,
    State,
    get_game,
    replay,
)


def quick_fingerprint(state: State) -> str:
    """What changes whenever a state changes: every view, the RNG, the move and log counts.

    Cheaper than :func:`fingerprint` (no whole log or history), for checks at every step.
    """
    views = [state.observe(None)] + [state.observe(s) for s in range(state.num_players)]
    logs = [len(state.events_for(s)) for s in [None, *range(state.num_players)]]
    rng = hash(state.rng.getstate())
    return json.dumps([views, logs, state.move_count, rng], sort_keys=True, default=str)


def fingerprint(state: State) -> str:
    """Everything observable about a state (every seat's view, logs, RNG, history)."""
    views = [state.observe(None)] + [state.observe(s) for s in range(state.num_players)]
    logs = [[e.to_json() for e in state.events_for(s)] for s in [None, *range(state.num_players)]]
    moves = [[s, a.to_json()] for s, a in state.moves()]
    rng = hash(state.rng.getstate())
    legal = [[a.to_json() for a in state.legal_actions(s)] for s in state.pending()]
    return json.dumps([views, logs, moves, rng, legal], sort_keys=True, default=str)


def random_step(state: State, rng: random.Random) -> tuple[int, Action]:
    """Apply one uniformly random legal action of a random pending seat."""
    pending = state.pending()
    assert pending, "a game that is not over must ask someone"
    seat = rng.choice(pending)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is asked but has no legal action"
    action = rng.choice(legal)
    state.apply(seat, action)
    return seat, action


class ConformanceSuite:
    """Subclass with ``game_id`` set; override the class attributes to tune the effort."""

    game_id: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """Player counts to test; empty: every count the game supports."""
    options: ClassVar[dict[str, Any]] = {}
    random_games: ClassVar[int] = 12
    """Random games per player count for the full-length checks."""
    deep_games: ClassVar[int] = 2
    """Games per player count in which every single step is checked in depth."""
    max_moves: ClassVar[int] = 200_000
    property_examples: ClassVar[int] = 10
    """Games hypothesis plays (each choice drawn by hypothesis, so failures shrink)."""

    # --------------------------------------------------------------- helpers

    @property
    def game(self) -> Game:
        return get_game(self.game_id)

    def counts(self) -> tuple[int, ...]:
        g = self.game
        return self.player_counts or tuple(range(g.min_players, g.max_players + 1))

    def space(self, state: State) -> ActionSpace:
        """The game's action space for this state's player count (built once per count)."""
        cache: dict[int, ActionSpace] = self.__dict__.setdefault("_spaces", {})
        if state.num_players not in cache:
            cache[state.num_players] = self.game.action_space(state.num_players, state.options)
        return cache[state.num_players]

    def new(self, players: int, seed: int) -> State:
        return self.game.new_state(players, seed, self.options)

    def play_out(self, state: State, rng: random.Random) -> Iterator[State]:
        """Yield the state before every move of a random play to the end."""
        for _ in range(self.max_moves):
            if state.is_over():
                return
            yield state
            random_step(state, rng)
        raise AssertionError(f"game did not end within {self.max_moves} moves")

    # ----------------------------------------------------------------- tests

    def test_random_games_end(self) -> None:
        for n in self.counts():
            for seed in range(self.random_games):
                state = self.new(n, seed)
                for _ in self.play_out(state, random.Random(seed)):
                    pass
                assert state.is_over() and state.pending() == ()
                scores = state.scores()
                assert len(scores) == n
                ranking = state.ranking()
                assert sorted(s for group in ranking for s in group) == list(range(n))
                json.dumps(state.observe(None))

    def test_property_any_legal_play_keeps_the_contract(self) -> None:
        """Whatever legal moves are chosen, in whatever order the asked seats answer,
        the game goes on without error, always asks someone, and ends (hypothesis draws
        every choice, so a failure shrinks to a short game)."""

        @settings(
            max_examples=self.property_examples,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            derandomize=True,
            database=None,
        )
        @given(data=st.data())
        def play(data: st.DataObject) -> None:
            players = data.draw(st.sampled_from(self.counts()), label="players")
            state = self.new(players, data.draw(st.integers(0, 2**32), label="seed"))
            for _ in range(self.max_moves):
                if state.is_over():
                    break
                pending = state.pending()
                assert pending
                seat = pending[0] if len(pending) == 1 else data.draw(st.sampled_from(pending))
                legal = state.legal_actions(seat)
                assert legal
                index = data.draw(st.integers(0, len(legal) - 1)) if len(legal) > 1 else 0
                state.apply(seat, legal[index])
            assert state.is_over()

        play()

    def test_same_seed_same_game(self) -> None:
        n = self.counts()[0]
        a, b = self.new(n, 99), self.new(n, 99)
        assert fingerprint(a) == fingerprint(b)
        ra, rb = random.Random(5), random.Random(5)
        for _ in self.play_out(a, ra):
            random_step(b, rb)
        assert b.is_over() and fingerprint(a) == fingerprint(b)

    def test_logging_changes_nothing_but_the_log(self) -> None:
        """Simulations and searches play with the log off: the game must be the same game."""
        for n in self.counts():
            logged, quiet = self.new(n, 31), self.new(n, 31)
            quiet.logging = False
            ra, rb = random.Random(31), random.Random(31)
            for _ in self.play_out(logged, ra):
                pending = logged.pending()
                assert quiet.pending() == pending
                for seat in pending:
                    assert quiet.legal_actions(seat) == logged.legal_actions(seat)
                random_step(quiet, rb)
            assert quiet.is_over()
            assert (quiet.scores(), quiet.ranking()) == (logged.scores(), logged.ranking())
            assert quiet.record().moves == logged.record().moves

    def test_every_step_in_depth(self) -> None:
        """Illegal actions change nothing; views are JSON; determinize keeps a seat's view."""
        for n in self.counts():
            for seed in range(self.deep_games):
                state = self.new(n, 1000 + seed)
                rng = random.Random(seed)
                for s in self.play_out(state, rng):
                    self.check_step(s, rng)

    def check_step(self, state: State, rng: random.Random) -> None:
        before = quick_fingerprint(state)
        pending = state.pending()
        # observations: JSON-ready, and determinizing changes nothing a seat can see
        for seat in range(state.num_players):
            view = state.observe(seat)
            json.dumps(view)
            det = state.determinize(seat, random.Random(rng.random()))
            assert det.observe(seat) == view, "determinize changed what the seat sees"
            if seat in pending:
                assert det.legal_actions(seat) == state.legal_actions(seat)
        # illegal actions raise and leave the state untouched
        for seat in range(state.num_players):
            if seat not in pending:
                other = state.legal_actions(pending[0])
                if other:
                    self.expect_illegal(state, seat, other[0])
        self.expect_illegal(state, pending[0], "not an action")  # type: ignore[arg-type]
        self.expect_illegal(state, state.num_players, state.legal_actions(pending[0])[0])
        legal = set(state.legal_actions(pending[0]))
        for candidate in self.candidate_actions(state):
            if candidate not in legal:
                self.expect_illegal(state, pending[0], candidate)
                break
        # every legal action survives its JSON, text and integer forms
        for seat in pending:
            for action in state.legal_actions(seat):
                self.check_codec(action, state)
        assert quick_fingerprint(state) == before, "checking a state changed it"

    def candidate_actions(self, state: State) -> list[Action]:
        """Actions the game knows but which may be illegal now (from its action space)."""
        space = self.space(state)
        rng = random.Random(state.move_count)
        indices = rng.sample(range(space.size), min(20, space.size))
        return [space.action(i) for i in indices]

    def expect_illegal(self, state: State, seat: int, action: Action) -> None:
        before = quick_fingerprint(state)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            assert str(exc), "IllegalAction needs a message a player understands"
        else:
            raise AssertionError(f"{action!r} by seat {seat} was accepted")
        assert quick_fingerprint(state) == before, f"a rejected {action!r} changed the state"

    def check_codec(self, action: Action, state: State) -> None:
        game = self.game
        assert game.parse_action(action.to_json()) == action
        assert game.parse_action(json.dumps(action.to_json())) == action
        assert game.parse_action(action.notation()) == action, action.notation()
        hash(action)
        space = self.space(state)
        assert space.action(space.index(action)) == action

    def test_masks_match_legal_actions(self) -> None:
        for n in self.counts():
            space = self.game.action_space(n, self.options)
            state = self.new(n, 7)
            for s in self.play_out(state, random.Random(7)):
                for seat in s.pending():
                    legal = s.legal_actions(seat)
                    mask = space.mask(legal)
                    assert sum(mask) == len(set(legal)) == len(legal)

    def test_replays_are_exact(self) -> None:
        for n in self.counts():
            state = self.new(n, 31)
            rng = random.Random(31)
            checkpoints: list[tuple[int, str]] = []
            for s in self.play_out(state, rng):
                if rng.random() < 0.05:
                    checkpoints.append((s.move_count, fingerprint(s)))
            record = GameRecord.from_json(json.dumps(state.record().to_json()))
            assert fingerprint(replay(record)) == fingerprint(state)
            for upto, fp in checkpoints:
                assert fingerprint(record.replay(upto)) == fp

    def _plays(self, players: int, seed: int, moves: list[list[Any]]) -> bool:
        """Whether ``moves`` (seat, JSON action) are legal one after another from the deal."""
        state = self.new(players, seed)
        try:
            for seat, action in moves:
                state.apply(seat, self.game.parse_action(action))
        except IllegalAction:
            return False
        return True

    def test_corrupt_records_are_refused(self) -> None:
        n = self.counts()[0]
        state = self.new(n, 3)
        rng = random.Random(3)
        for _ in range(5):
            if state.is_over():
                break
            random_step(state, rng)
        good = state.record().to_json()
        bad_cases: list[Any] = [
            "{not json",
            [],
            {**good, "format": "chess"},
            {**good, "rules_version": "0-unknown"},
            {**good, "game": "no-such-game"},
            {**good, "seed": "seven"},
            {**good, "moves": [[0]]},
            {**good, "moves": [[0, {"type": "no-such-action"}]]},
            {**good, "options": {"no_such_option": 1}},
        ]
        if good["moves"]:
            seat, action = good["moves"][0]
            bad_cases.append({**good, "moves": [[n, action]]})  # no such seat
            repeated = [[seat, action], [seat, action]] * 3
            if not self._plays(n, 3, repeated):  # (a move some games allow again and again)
                bad_cases.append({**good, "moves": repeated})
        for bad in bad_cases:
            try:
                text = bad if isinstance(bad, str) else json.dumps(bad)
                replay(GameRecord.from_json(text))
            except BadRecord as exc:
                assert str(exc)
            else:
                raise AssertionError(f"a corrupt record was accepted: {str(bad)[:80]}")

    def test_clones_are_independent(self) -> None:
        for n in self.counts():
            state = self.new(n, 77)
            rng = random.Random(77)
            for s in self.play_out(state, rng):
                if rng.random() < 0.1:
                    before = fingerprint(s)
                    twin = s.clone()
                    assert fingerprint(twin) == before
                    play_rng = random.Random(s.move_count)
                    for _ in self.play_out(twin, play_rng):
                        pass
                    assert fingerprint(s) == before, "playing a clone changed the original"

    def test_spectators_see_no_private_events(self) -> None:
        n = self.counts()[-1]
        state = self.new(n, 55)
        for _ in self.play_out(state, random.Random(55)):
            pass
        public = state.events_for(None)
        assert all(e.seats is None for e in public)
        for seat in range(n):
            assert all(e.visible_to(seat) for e in state.events_for(seat))
