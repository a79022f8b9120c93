"""What a study reads from each game: turns, rounds, how it ended, and its key figures.

A :class:`Probe` watches one game through the table's move hook and reads the finished
state; it only reads, never changes, the game.  Each game has a short list of key figures,
chosen from its rulebook as the numbers that tell the story of a game (documented in
:data:`KEY_FIGURES` and in docs/studies.md):

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

KEY_FIGURES: dict[str, dict[str, str]] = {
    "gonza": {
        "events": "event cards activated (EVENTS; each is followed by the broker auction)",
        "auction_credits": "credits paid for broker cards won at auctions (AUCTIONS)",
        "broker_cards_held": "broker cards in hands at the end (scored at ENDGAME)",
        "winner_score": "the winner's final score",
    },
    "goodwill": {
        "bankruptcies": "companies bankrupt at the end (RESULTS: a capital below zero)",
        "boss_replacements": "bosses replaced, by a shareholders' vote or an event",
        "winner_score": "the winner's final worth (cash + shares, or cash only)",
    },
    "goldfix": {
        "circuits": "circuits of the board completed by the player who went round most",
        "bankruptcies": "players who went BANKRUPT (seven LOAN NOTES)",
        "loan_notes": "LOAN NOTES still held at the end, all players",
        "bullion_made": "gold bullion produced by the mines over the game",
        "goldfix_price": "the GOLDFIX price at the end",
        "deals_proposed": "deals proposed between players (counter-offers included)",
        "deals_made": "deals accepted and settled between players",
    },
    "carcassonne": {
        "road_points": "points scored for roads, all players",
        "city_points": "points scored for cities, all players",
        "cloister_points": "points scored for cloisters, all players",
        "farm_points": "points scored for farms, all players",
        "gold_points": "points scored for gold bars (The Goldmines), all players",
        "gold_bars": "gold bars taken by the players (The Goldmines)",
        "tiles_discarded": "tiles that could not be placed and left the game",
    },
    "yukon": {
        "claims_staked": "claims staked by all teams (Game End: every claim is staked)",
        "nuggets": "nuggets in the staked claims, all teams",
        "teams_retired": "teams that staked the claim for 6 nuggets and so took no further turns",
    },
}


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


class GonzaProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.active

    def first_seat(self, state: Any) -> int:
        """SETUP: the first player is chosen (option ``first_player``; 0 draws one)."""
        return int(state.first)

    def end_reason(self, state: Any) -> str:
        return "all event cards activated"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "events": float(len(state.events_done)),
            "auction_credits": float(sum(state.paid)),
            "broker_cards_held": float(sum(len(hand) for hand in state.hands)),
            "winner_score": max(state.scores()),
        }


class GoodwillProbe(Probe):
    def __init__(self) -> None:
        super().__init__()
        self.replacements = 0
        self._bosses: tuple[int | None, ...] = ()

    def turn_owner(self, state: Any) -> object:
        return state.year

    def start(self, state: Any) -> None:
        super().start(state)
        self._bosses = tuple(state.boss)

    def after_move(self, state: Any) -> None:
        super().after_move(state)
        bosses = tuple(state.boss)
        if bosses != self._bosses:
            self.replacements += sum(
                1
                for old, new in zip(self._bosses, bosses, strict=True)
                if new != old and new is not None
            )
            self._bosses = bosses

    def rounds(self, state: Any) -> float:
        return float(state.options.years)

    def end_reason(self, state: Any) -> str:
        return "the end of 1957"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "bankruptcies": float(sum(state.bankrupt)),
            "boss_replacements": float(self.replacements),
            "winner_score": max(state.scores()),
        }


class GoldfixProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.turn

    def end_reason(self, state: Any) -> str:
        reason: str = state.end_reason
        if "bankrupt" in reason:
            return "every other player bankrupt"
        if "circuit limit" in reason:
            return "circuit limit"
        if "no loan notes" in reason:
            return "a winner reached the target cash"
        return reason or "unknown"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "circuits": float(max(state.circuits)),
            "bankruptcies": float(len(state.eliminated)),
            "loan_notes": float(sum(state.notes)),
            "bullion_made": float(state.bullion_made),
            "goldfix_price": float(state.goldfix),
            "deals_proposed": float(state.deals_proposed),
            "deals_made": float(state.deals_made),
        }


class CarcassonneProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.active

    def end_reason(self, state: Any) -> str:
        return "the last tile was placed"

    def figures(self, state: Any) -> dict[str, float]:
        from motherlode.games.carcassonne.rules import TALLY

        out = {
            f"{kind}_points": float(sum(row[i] for row in state.tally))
            for i, kind in enumerate(TALLY)
        }
        out["gold_bars"] = float(sum(state.bars))
        out["tiles_discarded"] = float(len(state.discarded))
        return out


class YukonProbe(Probe):
    def turn_owner(self, state: Any) -> object:
        return state.mover

    def end_reason(self, state: Any) -> str:
        reason: str = state.end_reason
        if reason.startswith("every claim"):
            return "every claim staked"
        if reason.startswith("only"):
            return "only one team could still move"
        if reason.startswith("no team"):
            return "no team could move"
        if reason.startswith("no claim was staked"):
            return "stalemate (no claim staked for many rounds)"
        return reason or "unknown"

    def figures(self, state: Any) -> dict[str, float]:
        return {
            "claims_staked": float(sum(len(s) for s in state.staked)),
            "nuggets": float(sum(state.nuggets)),
            "teams_retired": float(sum(state.retired)),
        }


PROBES: dict[str, type[Probe]] = {
    "gonza": GonzaProbe,
    "goodwill": GoodwillProbe,
    "goldfix": GoldfixProbe,
    "carcassonne": CarcassonneProbe,
    "yukon": YukonProbe,
}


def probe_for(game_id: str) -> Probe:
    """A fresh probe for one game of ``game_id``."""
    return PROBES.get(game_id, Probe)()


def key_figures(game_id: str) -> dict[str, str]:
    """The key figures a game reports, name -> what it counts."""
    return KEY_FIGURES.get(game_id, {})
