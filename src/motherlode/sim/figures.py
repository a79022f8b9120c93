"""What a study reads from each game: turns, rounds, how it ended, and its key figures.

A :class:`Probe` watches one game through the table's move hook and reads the finished
state; it only reads, never changes, the game.  Each game has a short list of key figures,
chosen from its rulebook as the numbers that tell the story of a game (in the game's own
``figures`` module, found through the Game: ``KEY_FIGURES`` and ``PROBE``, a subclass of
:class:`Probe`; documented in docs/studies.md):

* a **turn** is a change of the player whose turn it is (Goodwill: a year);
* a **round** is every player's turn once: turns / players (Goodwill: years; GOLDFIX's
  circuits round the board are a key figure of their own);
* **decisions** are every move any seat made (bids, re-rolls, votes included);
* the **first seat** is the player who moved first: seat 0, except in Gonza Index, which
  draws its first player (SETUP);
* the **end reason** is the rulebook's ending that came, in a few words shared by games
  that ended alike (names and sums are left out so that reasons can be counted).

A game without a probe of its own (a test fixture, a plug-in game) gets the generic one:
turns by the first pending seat, one end reason, no key figures.
"""

from __future__ import annotations

from typing import Any

from motherlode.engine import get_game


class Probe:
    """Counts turns as a game is played and reads its end; see the module docstring."""

    def __init__(self) -> None:
        self.turns = 0
        self._owner: object = None

    def turn_owner(self, state: Any) -> object:
        pending = state.pending()
        return pending[0] if pending else None

    def start(self, state: Any) -> None:
        self._owner = self.turn_owner(state)
        self.turns = 1

    def first_seat(self, state: Any) -> int:
        """The seat that moves first (seat 0 unless the game draws or chooses one)."""
        return 0

    def after_move(self, state: Any) -> None:
        if state.is_over():
            return
        owner = self.turn_owner(state)
        if owner != self._owner:
            self._owner = owner
            self.turns += 1

    def rounds(self, state: Any) -> float:
        return self.turns / int(state.num_players)

    def end_reason(self, state: Any) -> str:
        return "the game's end"

    def figures(self, state: Any) -> dict[str, float]:
        return {}


def _figures_module(game_id: str) -> Any:
    return get_game(game_id).part("figures")


def probe_for(game_id: str) -> Probe:
    """A fresh probe for one game of ``game_id`` (the game's own, or the generic one)."""
    module = _figures_module(game_id)
    probe: type[Probe] = getattr(module, "PROBE", Probe)
    return probe()


def key_figures(game_id: str) -> dict[str, str]:
    """The key figures a game reports, name -> what it counts."""
    module = _figures_module(game_id)
    return dict(getattr(module, "KEY_FIGURES", {}))
