"""Panning for Gold's rules: one pan, one die, a poke per prospector.

A turn is a run of swirls (die rolls) ended by a stash or by a washed-out pan (a 1).
Nothing is hidden but the future rolls, which come from the state's own seeded RNG, so a
search that determinizes the state cannot see them.
"""

from __future__ import annotations

from motherlode.engine import Action, State
from motherlode.engine.actions import JsonValue
from panning.actions import Stash, Swirl
from panning.options import PanningOptions

WASH_OUT = 1
"""The face that empties the pan."""


class PanningState(State):
    options: PanningOptions

    def _setup(self) -> None:
        self.poke = [0] * self.num_players
        self.pan = 0
        self.turn = 0
        self.last_roll: int | None = None
        self.washed = [0] * self.num_players
        self.winner: int | None = None

    def _to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def _legal(self, seat: int) -> list[Action]:
        # the safe move first: a player who always takes the first legal move ends the game
        return [Stash(), Swirl()] if self.pan else [Swirl()]

    def _illegal_reason(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Stash) and not self.pan:
            return "your pan is empty: swirl it first"
        return None

    def _play(self, seat: int, action: Action) -> None:
        name = self.seat_name(seat)
        if isinstance(action, Stash):
            self.poke[seat] += self.pan
            self.log(f"{name} stashes {self.pan} grains ({self.poke[seat]} in the poke)")
            self.pan = 0
            if self.poke[seat] >= self.options.target:
                self.winner = seat
                self.log(f"{name} has {self.poke[seat]} grains and wins")
            else:
                self._pass_turn()
            return
        roll = self.rng.randint(1, 6)
        self.last_roll = roll
        if roll == WASH_OUT:
            self.log(f"{name} rolls a 1: the pan washes out ({self.pan} grains lost)")
            self.washed[seat] += 1
            self.pan = 0
            self._pass_turn()
        else:
            self.pan += roll
            self.log(f"{name} rolls a {roll}: {self.pan} grains in the pan")

    def _pass_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        return {
            "target": self.options.target,
            "turn": None if self.winner is not None else self.turn,
            "pan": self.pan,
            "last_roll": self.last_roll,
            "poke": list(self.poke),
            "winner": self.winner,
        }

    def clone(self) -> PanningState:
        new = super().clone()
        new.poke = list(self.poke)
        new.washed = list(self.washed)
        return new

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.poke)
