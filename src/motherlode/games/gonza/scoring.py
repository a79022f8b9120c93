"""ENDGAME scoring: personal credits, placed credits at their current value, broker cards."""

from __future__ import annotations

from motherlode.games.gonza.core import GonzaCore


class GonzaScoring(GonzaCore):
    """A player's score at any moment (their final score once the game is over)."""

    def score_parts(self, seat: int) -> dict[str, int]:
        """ENDGAME scoring: personal credits, placed credits at current value, broker cards."""
        n = self.num_players
        held = self.placed[seat::n]
        corps, pos = self.corps, self.pos
        stocks = sum(k * corps[c].track[pos[c]] for c, k in enumerate(held) if k)
        cards = self._end_cards(seat, held) if self.hands[seat] else 0
        return {"credits": self.personal[seat], "stocks": stocks, "cards": cards}

    def _end_cards(self, seat: int, held: list[int]) -> int:
        """Broker cards that give end-game credits: Inheritance, Diversified, Hedge Fund."""
        bonus = 0
        hedges = 0
        losses: list[int] | None = None
        for cid in self.hands[seat]:
            card = self._card(cid)
            if card.effect == "bonus":
                bonus += card.amount
            elif card.effect == "bonus_types":
                types = {self.corps[c].type for c, k in enumerate(held) if k}
                if len(types) >= card.types:
                    bonus += card.amount
            elif card.effect == "hedge":
                if losses is None:
                    losses = sorted(
                        (
                            k * (self.corps[c].start_value - self.value(c))
                            for c, k in enumerate(held)
                            if k and self.value(c) < self.corps[c].start_value
                        ),
                        reverse=True,
                    )
                if hedges < len(losses):
                    bonus += losses[hedges]
                    hedges += 1
        return bonus

    def score(self, seat: int) -> int:
        """A player's credits if the game ended now (their final score once it is over)."""
        n = self.num_players
        held = self.placed[seat::n]
        corps, pos = self.corps, self.pos
        total = self.personal[seat] + sum(
            k * corps[c].track[pos[c]] for c, k in enumerate(held) if k
        )
        return total + self._end_cards(seat, held) if self.hands[seat] else total

    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.score(s)) for s in range(self.num_players))

    def _tiebreak(self, seat: int) -> tuple[float, ...]:
        """'The player who used the least dice in the final round is declared the winner.'"""
        return (-float(self.dice_final[seat]),)
