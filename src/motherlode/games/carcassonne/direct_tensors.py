"""Carcassonne's direct encoder (the layout is in ``tensors/carcassonne.py``)."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from motherlode.games.carcassonne.geometry import OFFSET, ROW_MASK, SHIFT
from motherlode.games.carcassonne.rules import TAKE, TALLY
from motherlode.rl.tensors.direct import Buffer, DirectEncoder, item_runs
from motherlode.rl.tensors.schema import Cat, node_at

if TYPE_CHECKING:
    from motherlode.games.carcassonne.rules import CarcassonneState
    from motherlode.rl.tensors import Encoder


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        self.p_phase = at["phase"]
        self.p_active = at["active"]
        self.p_tile = at["tile"]
        self.p_bag = at["bag"]
        self.small_zero = array("f", bytes(4 * (self.p_bag - self.p_phase)))
        self.p_remaining = at["remaining"]
        self.p_discarded = at["discarded"]
        self.p_board = at["board"]
        self.p_last = at["last"]
        self.p_followers = at["followers"]
        self.p_points = at["points"]
        self.p_supply = at["supply"]
        self.p_tally = [at[f"tally.{kind}"] for kind in TALLY]
        self.gold = bool(getattr(enc.options, "goldmines", False))
        self.p_gold = at["gold"]
        self.p_bars = at["bars"]
        self.p_claims = at["claims"]
        self.p_gold_turn = at["gold_turn"]
        self.tail_zero = array("f", bytes(4 * (self.size - self.p_claims)))
        self.ntypes = size["remaining"]
        self.room = size["discarded"] // (1 + self.ntypes)
        self.tile_ix = node_at(enc.root, "tile", kind=Cat).index
        self.tileset: object = None
        self.tix: tuple[int, ...] = ()
        """Per tile type of the tile set, its place in the layout's one-hot."""
        self.tile_run = item_runs(self.ntypes)

    def fixed(self, data: array[float]) -> None:
        for p in (self.p_points, self.p_supply, *self.p_tally):
            self.seat_flags(data, p, 2)
        if self.gold:
            data[self.p_gold] = 1.0
            data[self.p_bars] = 1.0
            self.seat_flags(data, self.p_bars + 1, 2)

    def _tiles(self, state: CarcassonneState) -> None:
        self.tileset = state.tileset
        self.tix = tuple(self.tile_ix[t.id] for t in state.tileset.types)

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: CarcassonneState = state
        if st.tileset is not self.tileset:
            self._tiles(st)
            for s in range(self.n):
                self.reset(s)
        n = self.n
        data = buf.data
        # phase, active, tile: side by side, always rewritten
        p = self.p_phase
        data[p : self.p_bag] = self.small_zero
        data[p + st.phase] = 1.0
        data[self.p_active + (st.active - seat) % n] = 1.0
        if st.tile >= 0:
            data[self.p_tile] = 1.0
            data[self.p_tile + 1 + self.tix[st.tile]] = 1.0
        bag = st.bag
        data[self.p_bag] = len(bag) / 10
        if bag != keys.get("bag"):
            was = keys.get("bag")
            tix = self.tix
            r = self.p_remaining
            k = len(bag)
            if was is not None and k < len(was) and bag == was[:k]:
                for t in was[k:]:  # tiles drawn from the end of the bag since
                    data[r + tix[t]] -= 1.0
            else:
                self.clear(data, r, self.ntypes)
                for t in bag:
                    data[r + tix[t]] += 1.0
            keys["bag"] = bag[:]
        discarded = st.discarded
        if discarded != keys.get("discarded"):
            if len(discarded) > self.room:
                raise ValueError("more discarded tiles than the layout has room for")
            old = keys.get("discarded") or ()
            self.put_list(buf, self.p_discarded, self.tile_run, self.tix, discarded, len(old))
            keys["discarded"] = discarded[:]
        placed = st.placed
        was = keys.get("placed")
        k = 0 if was is None else len(was)
        grown = len(placed) > k and (was is None or placed[:k] == was)
        moved = not grown and placed != was  # (a board that is not this one grown)
        if grown or moved:
            if len(placed) > self.room:
                raise ValueError("more tiles than the layout has room for")
            item = 3 + self.ntypes + 4
            if grown:  # tiles laid since: only they are written (on zeros)
                start = k
            else:
                start = 0
                self.clear(data, self.p_board, item * max(k, len(placed)))
            b = self.p_board + start * item
            tix, nt = self.tix, self.ntypes
            for pos, v, _ in placed[start:]:
                data[b] = 1.0
                data[b + 1] = ((pos >> SHIFT) - OFFSET) / 10
                data[b + 2] = ((pos & ROW_MASK) - OFFSET) / 10
                data[b + 3 + tix[v >> 2]] = 1.0
                data[b + 3 + nt + (v & 3)] = 1.0
                b += item
            if grown and was is not None:
                was.extend(placed[k:])  # (the buffer's own copy)
            else:
                keys["placed"] = placed[:]
        last = self.p_last
        if st.last >= 0:
            data[last] = 1.0
            data[last + 1] = ((st.last >> SHIFT) - OFFSET) / 10
            data[last + 2] = ((st.last & ROW_MASK) - OFFSET) / 10
        else:
            data[last] = data[last + 1] = data[last + 2] = 0.0
        followers = list(st.followers.items())
        old = keys.get("followers")
        if moved or followers != old:
            # (a tile under a follower moved: all rewritten; else those after the ones
            # the buffer shows already, when it shows the first ones as they are)
            count = 0 if old is None else len(old)
            step = 4 + self.max
            if moved or old is None or followers[:count] != old:
                start = 0
                self.clear(data, self.p_followers, step * max(count, len(followers)))
            else:
                start = count
            b = self.p_followers + start * step
            tile = st.graph.tile
            for node, s in followers[start:]:
                pos, _, base = placed[tile[node]]
                data[b] = 1.0
                data[b + 1] = ((pos >> SHIFT) - OFFSET) / 10
                data[b + 2] = ((pos & ROW_MASK) - OFFSET) / 10
                data[b + 3] = node - base + 0.0
                data[b + 4 + (s - seat) % n] = 1.0
                b += step
            keys["followers"] = followers
        per_seat = (st.points, st.supply, st.tally, st.bars)
        if per_seat != keys.get("per_seat"):
            for s in range(n):
                r = 1 + 2 * ((s - seat) % n)
                data[self.p_points + r] = st.points[s] / 10
                data[self.p_supply + r] = st.supply[s] + 0.0
                row = st.tally[s]
                for i, p in enumerate(self.p_tally):
                    data[p + r] = row[i] / 10
                if self.gold:
                    data[self.p_bars + 1 + r] = st.bars[s] + 0.0
            keys["per_seat"] = (st.points[:], st.supply[:], [r[:] for r in st.tally], st.bars[:])
        if self.gold:
            gold = list(st.gold_on.items())
            if gold != keys.get("gold"):
                b = self.p_gold + 1
                self.clear(data, b, 4 * max(len(gold), len(keys.get("gold") or ())))
                for pos, bars in gold:
                    data[b] = 1.0
                    data[b + 1] = ((pos >> SHIFT) - OFFSET) / 10
                    data[b + 2] = ((pos & ROW_MASK) - OFFSET) / 10
                    data[b + 3] = bars + 0.0
                    b += 4
                keys["gold"] = gold
        # the take phase's claims and gold turn (the last blocks), written when shown
        take = st.phase == TAKE
        if take or keys.get("take"):
            data[self.p_claims :] = self.tail_zero
            if take:
                b = self.p_claims
                data[b] = 1.0
                b += 1
                step = 3 + self.max
                gold_on = st.gold_on
                for pos, mask in st.claims.items():
                    if pos not in gold_on:
                        continue
                    data[b] = 1.0
                    data[b + 1] = ((pos >> SHIFT) - OFFSET) / 10
                    data[b + 2] = ((pos & ROW_MASK) - OFFSET) / 10
                    for s in range(n):
                        if mask >> s & 1:
                            data[b + 3 + (s - seat) % n] = 1.0
                    b += step
                data[self.p_gold_turn] = 1.0
                data[self.p_gold_turn + 1 + (st.gold_seat - seat) % n] = 1.0
            keys["take"] = take
