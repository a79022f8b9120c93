"""Sealed Nuggets: a tiny fixture game that exercises every part of the engine contract.

Not a product game.  Each round the top nugget card of a hidden deck is revealed and every
player bids gold for it at once, in secret.  The highest single bid takes the card and pays;
tied highest bids take nothing.  Then the runner-up (mid-turn, in the winner's round) may
challenge: pay 1 gold to the winner to peek privately at the bottom card of the deck.
Each player also holds a secret bonus card, revealed at the end.
Score: nuggets + bonus + gold // 2, ties to more gold left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from motherlode.engine import Action, ActionSpace, Game, GameOptions, IllegalAction, State, option
from motherlode.engine.actions import JsonValue


@dataclass(frozen=True)
class NuggetOptions(GameOptions):
    rounds: int = option(5, "rounds played (one card each)", min=1, max=8)
    start_gold: int = option(6, "gold each player starts with", min=1, max=9)
    challenges: bool = option(True, "the runner-up may challenge to peek at the next card")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    TYPE = "bid"
    gold: int


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    TYPE = "challenge"
    accept: bool


DECK = tuple(v for v in range(1, 7) for _ in range(2))
MAX_GOLD = 9


class NuggetState(State):
    options: NuggetOptions

    def _setup(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.bonus = [deck.pop() for _ in range(self.num_players)]
        self.deck = deck
        self.gold = [self.options.start_gold] * self.num_players
        self.won: list[list[int]] = [[] for _ in range(self.num_players)]
        self.peeks: dict[int, int] = {}  # seat -> the bottom card of the deck, seen in secret
        self.winner: int | None = None
        self.round = 0
        self.card = self.deck.pop()
        self.challenger: int | None = None
        self.log(f"Round 1: a {self.card}-nugget card is up for auction")

    def _to_act(self) -> tuple[int, ...]:
        if self.round >= self.options.rounds:
            return ()
        if self.challenger is not None:
            return (self.challenger,)
        return tuple(range(self.num_players))

    def _is_simultaneous(self) -> bool:
        return self.challenger is None and self.round < self.options.rounds

    def timeout_action(self, seat: int) -> Action | None:
        """A bidder whose time runs out bids nothing (like GOLDFIX's timed auctions)."""
        return Bid(0) if self.challenger is None else None

    def _legal(self, seat: int) -> list[Action]:
        if self.challenger is not None:
            return [Challenge(False), Challenge(True)]
        return [Bid(g) for g in range(self.gold[seat] + 1)]

    def _illegal_reason(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Bid) and self.challenger is None:
            if not 0 <= action.gold <= self.gold[seat]:
                return f"you can bid 0 to {self.gold[seat]} gold, not {action.gold}"
            return None
        if isinstance(action, Challenge) and self.challenger is not None:
            return None
        return f"{action} is not possible now"

    def _play(self, seat: int, action: Action) -> None:
        assert isinstance(action, Challenge)
        winner = self.winner
        self.challenger = None
        if action.accept and winner is not None:
            self.gold[seat] -= 1
            self.gold[winner] += 1
            self.peeks[seat] = self.deck[0]
            self.log(f"{self.seat_name(seat)} challenges and peeks")
            self.log(f"You see a {self.deck[0]} at the bottom of the deck", to=seat)
        self._next_round()

    def _resolve(self, actions: dict[int, Action]) -> None:
        bids = {s: a.gold for s, a in actions.items() if isinstance(a, Bid)}
        self.log("Bids: " + ", ".join(f"{self.seat_name(s)} {b}" for s, b in sorted(bids.items())))
        top = max(bids.values())
        leaders = [s for s, b in bids.items() if b == top]
        self.winner = None
        if len(leaders) == 1:
            w = leaders[0]
            self.winner = w
            self.gold[w] -= top
            self.won[w].append(self.card)
            self.log(f"{self.seat_name(w)} takes the {self.card} for {top}")
            rest = sorted((b, -s) for s, b in bids.items() if s != w)
            runner_up = -rest[-1][1]
            if (
                self.options.challenges
                and len(self.deck) >= 2
                and self.gold[runner_up] >= 1
                and self.round + 1 < self.options.rounds
            ):
                self.challenger = runner_up
                return
        else:
            self.log("A tie: nobody takes the card")
        self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        if self.round < self.options.rounds and self.deck:
            self.card = self.deck.pop()
            if not self.deck:
                self.peeks.clear()
            self.log(f"Round {self.round + 1}: a {self.card}-nugget card is up for auction")
        else:
            self.round = self.options.rounds
            self.log("The game is over")

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        over = self.round >= self.options.rounds
        view: dict[str, JsonValue] = {
            "round": self.round,
            "card": None if over else self.card,
            "deck_size": len(self.deck),
            "gold": list(self.gold),
            "won": [list(w) for w in self.won],
            "challenger": self.challenger,
        }
        if over:
            view["bonus"] = list(self.bonus)
        elif seat is not None:
            view["my_bonus"] = self.bonus[seat]
            if seat in self.peeks:
                view["my_peek"] = self.peeks[seat]
        return view

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        others = [s for s in range(self.num_players) if s != seat]
        known_bottom = seat in self.peeks
        pool = self.deck[1:] if known_bottom else list(self.deck)
        pool += [self.bonus[s] for s in others]
        rng.shuffle(pool)
        for s in others:
            self.bonus[s] = pool.pop()
        self.deck = ([self.deck[0]] if known_bottom else []) + pool
        for s in self.peeks:
            self.peeks[s] = self.deck[0]

    def clone(self) -> NuggetState:
        new = super().clone()
        new.bonus = list(self.bonus)
        new.deck = list(self.deck)
        new.gold = list(self.gold)
        new.won = [list(w) for w in self.won]
        new.peeks = dict(self.peeks)
        return new

    def scores(self) -> tuple[float, ...]:
        return tuple(
            float(sum(self.won[s]) + self.bonus[s] + self.gold[s] // 2)
            for s in range(self.num_players)
        )

    def _tiebreak(self, seat: int) -> tuple[float, ...]:
        return (float(self.gold[seat]),)


def _space(num_players: int, options: GameOptions) -> ActionSpace:
    return ActionSpace([*(Bid(g) for g in range(MAX_GOLD + 1)), Challenge(False), Challenge(True)])


def _render(obs: object, seat: int | None) -> str:
    return f"nuggets: {obs}"


GAME = Game(
    id="nuggets",
    title="Sealed Nuggets (test fixture)",
    min_players=2,
    max_players=4,
    state_class=NuggetState,
    options_class=NuggetOptions,
    action_types=(Bid, Challenge),
    rules_version="1",
    summary="A fixture game for the engine's own tests.",
    action_space_factory=_space,
    render=_render,
    timed_decisions=True,
)

__all__ = ["GAME", "Bid", "Challenge", "IllegalAction", "NuggetState"]
