"""AUCTIONS: the broker auction that follows every event, and the fresh face-up cards."""

from __future__ import annotations

from motherlode.engine.words import T
from motherlode.games.gonza.core import GonzaCore


class AuctionRules(GonzaCore):
    """The broker auction (bids are placed with the bid die, in ``rules``)."""

    def _auction(self) -> None:
        """'The player with the most credits on each card adds that card to their hand' and
        pays; ties go to the activating player, else the card is discarded; bids refunded."""
        n = self.num_players
        bids = self.bids
        won: list[tuple[int, str]] = []
        for slot, cid in enumerate(self.face_up):
            row = bids[slot * n : slot * n + n]
            top = max(row)
            if not top:
                continue
            leaders = [s for s in range(n) if row[s] == top]
            if len(leaders) == 1:
                winner: int | None = leaders[0]
            elif self.activator in leaders:
                winner = self.activator
            else:
                winner = None
            for s in range(n):
                if row[s]:
                    if s == winner:
                        self.supply[s] += row[s]
                        self.paid[s] += row[s]
                    else:
                        self.personal[s] += row[s]
            if winner is not None:
                won.append((winner, cid))
                self.hands[winner].append(cid)
            if self.logging:
                name = self._card_name(cid)
                if winner is None:
                    self.log(
                        T("{card}: a tie without the activating player, card discarded", card=name)
                    )
                elif len(leaders) > 1:
                    self.log(
                        T(
                            "{player} wins {card} for {bid} (a tie, broken in favour of the "
                            "activating player)",
                            player=self._who(winner),
                            card=name,
                            bid=top,
                        )
                    )
                else:
                    self.log(
                        T(
                            "{player} wins {card} for {bid}",
                            player=self._who(winner),
                            card=name,
                            bid=top,
                        )
                    )
        self.bids = [0] * (self.params.broker_cards_face_up * n)
        for _, cid in won:
            self.face_up.remove(cid)
        for seat, cid in reversed(won):
            if self.ai[seat]:
                self.tasks.append(("ai_card", seat, cid))

    def _refresh(self) -> None:
        """'All four face-up broker cards are discarded to the bottom of the deck and 4 new
        cards are revealed.'"""
        for cid in self.face_up:
            self._to_bottom(cid)
        self.face_up = []
        self._reveal_broker_cards()
