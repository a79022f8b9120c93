"""Gonza Index's direct encoder (the layout is in ``tensors/gonza.py``).

A decision changes a few values (a die used, a reroll, one marker, one player's credits), so
the encoder is written for that: every block is skipped by a comparison of the lists it
encodes with the buffer's copies, and a block that changed is mended value by value (plain
loops and single stores: in CPython a ``map``/``compress`` pipeline or a ``struct`` call
costs more per value than a loop for lists this short).  The seat rotation is worked out
once per viewer in ``setup`` (tables of offsets by absolute seat); each seat's score is
mended by the changes it rests on (markers, credits, end cards).  A seat's first decision
after another seat's turn starts from the buffer written last, seats turned, rather than
from its own, a round behind.
"""

from __future__ import annotations

from array import array
from operator import getitem
from typing import TYPE_CHECKING, Any

import numpy as np

from motherlode.games.gonza.components import FACES
from motherlode.rl.tensors.direct import Buffer, DirectEncoder, item_runs, pack
from motherlode.rl.tensors.schema import Cat, Code, node_at

if TYPE_CHECKING:
    from motherlode.games.gonza.rules import GonzaState
    from motherlode.rl.tensors import Encoder


class _Memory:
    """A buffer's memory of what its game blocks were written from (``keys["mem"]``):
    copies of the state's lists (some mended in place), immutable values, and the scores'
    parts; None: not written yet."""

    __slots__ = (
        *("front", "corps", "tracks", "pos", "placed", "total", "supply", "personal", "paid"),
        *("score", "end", "hedged", "ended", "hands", "counts", "events_done", "event"),
        *("face_up", "bids", "bottom", "dice", "used", "black", "final_dice", "tail"),
    )
    front: Any
    corps: Any
    tracks: Any
    pos: Any
    placed: Any
    total: Any
    supply: Any
    personal: Any
    paid: Any
    score: Any
    end: Any
    hedged: Any
    ended: Any
    hands: Any
    counts: Any
    events_done: Any
    event: Any
    face_up: Any
    bids: Any
    bottom: Any
    dice: Any
    used: Any
    black: Any
    final_dice: Any
    tail: Any

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, None)


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        n, m = self.n, self.max
        root = enc.root
        corp = node_at(root, "corporations", "id", kind=Cat)
        card = node_at(root, "broker", "id", kind=Cat)
        event = node_at(root, "events_done", "id", kind=Cat)
        self.corp_ix = corp.index
        self.card_ix = card.index
        self.event_ix = event.index
        self.kind_ix = node_at(root, "decision", "kind", kind=Cat).index
        self.choice_ix = node_at(root, "decision", "choices", kind=Code).index
        # per viewer: [seat][s] is the slot of absolute seat s
        slot = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self.p_phase = at["phase"]
        self.p_active = at["active"]
        self.p_first = at["first_player"]
        self.p_minister = at["minister"]
        self.p_corps = at["corporations"]
        self.front_at = slice(4 * self.p_phase, 4 * self.p_corps)
        self.fronts: dict[tuple[Any, ...], bytes] = {}
        """The phase-to-minister run by (seat, phase, active, first player, ministers)."""
        self.corp_step = size["corporations"] // len(corp.vocab)
        corps = range(len(corp.vocab))
        self.position_at = [
            self.p_corps + c * self.corp_step + at["corporations[].position"] for c in corps
        ]
        self.total_at = [
            self.p_corps + c * self.corp_step + at["corporations[].total"] for c in corps
        ]
        credits = at["corporations[].credits"] + 1
        self.credit_at = [
            [self.p_corps + c * self.corp_step + credits + 2 * rel for c in corps for rel in row]
            for row in slot
        ]
        """[seat][c * n + s]: where corporation c's credits of seat s are (``placed``'s
        order)."""
        self.p_cap = at["cap"]
        self.p_events_done = at["events_done"]
        self.event_run = item_runs(len(event.vocab))
        self.p_current = at["current_event"]
        self.p_cancelled = at["event_cancelled"]
        self.p_broker = at["broker"]
        self.broker_step = size["broker"] // len(card.vocab)
        bids = at["broker[].bids"] + 1
        self.bid_at = [
            [
                self.p_broker + i * self.broker_step + bids + 2 * rel
                for i in range(len(card.vocab))
                for rel in row
            ]
            for row in slot
        ]
        """[seat][i * n + s]: where face-up slot i's bid of seat s is (``bids``' order)."""
        self.p_broker_deck = at["broker_deck"]
        self.p_bottom = at["broker_deck_bottom"]
        self.card_run = item_runs(len(card.vocab))
        # a face-up card's item: present, one-hot, and its bids' flags
        flags = array("f", bytes(4 * (self.broker_step - len(card.vocab) - 1)))
        flags[0 : 2 * n : 2] = array("f", [1.0] * n)
        self.broker_item = [run + flags.tobytes() for run in self.card_run]
        self.p_players = at["players"]
        step = size["players"] // m
        supply = at["players[].supply"]
        assert at["players[].credits"] == supply + 1 and at["players[].paid"] == supply + 2
        self.supply_at = [[self.p_players + rel * step + supply for rel in row] for row in slot]
        self.cards_at = [
            [self.p_players + rel * step + at["players[].cards"] for rel in row] for row in slot
        ]
        self.score_at = [
            [self.p_players + rel * step + at["players[].score"] for rel in row] for row in slot
        ]
        self.end_memo: tuple[Any, Any, frozenset[str], frozenset[str], dict[Any, int]] = (
            (),
            (),
            frozenset(),
            frozenset(),
            {},
        )
        """The end cards' credits by what ``GonzaState._end_cards`` reads, for one set of
        corporations and broker cards (see ``_end_memo``)."""
        self.p_dice = at["dice"]
        self.dice_step = size["dice"] // 8
        face = node_at(root, "dice", "face", kind=Cat).index
        die: list[tuple[bytes, bytes]] = []
        for f in FACES:
            item = [0.0] * self.dice_step
            item[0] = item[1 + face[f]] = 1.0
            unused = pack(*item)
            item[at["dice[].used"]] = 1.0
            die.append((unused, pack(*item)))
        self.die_run = die
        """Per face, a die's item unused and used (the black flag is set after)."""
        self.die_at = [
            slice(
                4 * (self.p_dice + i * self.dice_step), 4 * (self.p_dice + (i + 1) * self.dice_step)
            )
            for i in range(8)
        ]
        self.black_at = self.p_dice + at["dice[].black"]
        self.used_at = self.p_dice + at["dice[].used"]
        self.p_rerolls = at["rerolls_left"]
        self.p_final_round = at["final_round"]
        self.final_dice_at = [
            [at["dice_in_final_round"] + 2 * rel + 1 for rel in row] for row in slot
        ]
        self.p_decision = at["decision"]
        self.tail_zero = array("f", bytes(4 * (self.size - self.p_decision)))
        self.p_protect = at["protect"]
        self.rotations = self._rotations(len(corp.vocab), len(card.vocab))
        self.game_at = slice(4 * self.p_phase, 4 * self.size)
        self.last = -1
        """The seat written last."""

    def _rotations(self, corps: int, cards: int) -> list[Any]:
        """Per shift d, how a buffer is made from another viewer's, d seats before: the
        seat slots of every per-seat block turn by d.  The players' slots as two runs of
        bytes (destination, source); the other slots' floats as index arrays (dst, src)."""
        at, n = self.at, self.n
        slots = [(self.p_active + 1, 1), (self.p_first, 1), (self.p_minister, 1)]
        slots += [
            (self.p_corps + c * self.corp_step + at["corporations[].credits"], 2)
            for c in range(corps)
        ]
        slots += [
            (self.p_broker + i * self.broker_step + at["broker[].bids"], 2) for i in range(cards)
        ]
        slots += [(at["dice_in_final_round"], 2), (at["decision.for"], 1), (at["protect.seat"], 1)]
        p, w = 4 * self.p_players, 4 * self.sizes["players"] // self.max
        out: list[Any] = [None]
        for d in range(1, n):
            dst = [
                base + r * width + i
                for base, width in slots
                for r in range(n)
                for i in range(width)
            ]
            src = [
                base + (r + d) % n * width + i
                for base, width in slots
                for r in range(n)
                for i in range(width)
            ]
            players = (
                (slice(p, p + (n - d) * w), slice(p + d * w, p + n * w)),
                (slice(p + (n - d) * w, p + n * w), slice(p, p + d * w)),
            )
            out.append((np.array(dst, np.intp), np.array(src, np.intp), players))
        return out

    def _take(self, seat: int, buf: Buffer, keys: dict[Any, Any]) -> _Memory:
        """``seat``'s buffer brought to the state the buffer written last was written from:
        its game blocks copied, seats turned, and its memory taken over (that buffer is
        then as new: its next write takes a memory in turn); or, without one, a new memory
        (nothing written yet).  A seat's first decision in a while is a move or so after
        the last one written, where its own buffer may be a round behind."""
        if "view" not in keys:
            keys["view"] = memoryview(buf.data)
        last, self.last = self.last, seat
        mem: _Memory | None = None
        if last >= 0 and last != seat:
            other = self.buffers[last]
            mem = other.keys.pop("mem", None)
        if mem is None:
            mem = keys.get("mem")
            if mem is None:  # (its blocks as new: they may be another memory's)
                buf.raw[self.game_at] = bytes(4 * (self.size - self.p_phase))
                self.fixed(buf.data)
                mem = _Memory()
        else:
            game = self.game_at
            raw = buf.raw
            raw[game] = other.raw[game]
            dst, src, players = self.rotations[(seat - last) % self.n]
            buf.view[dst] = other.view[src]
            for to, of in players:
                raw[to] = other.raw[of]
            mem.front = None
        keys["mem"] = mem
        return mem

    def fixed(self, data: array[float]) -> None:
        self.seat_flags(data, self.p_players, self.sizes["players"] // self.max)
        self.seat_flags(data, self.at["dice_in_final_round"], 2)

    def _front(self, key: tuple[Any, ...]) -> bytes:
        """The phase, active seat, first player and Minister seats, for the viewer."""
        seat, phase, active, first, ai = key
        n = self.n
        b = self.p_phase
        item = [0.0] * (self.p_corps - b)
        item[phase] = 1.0
        if active is not None:
            item[self.p_active - b] = 1.0
            item[self.p_active - b + 1 + (active - seat) % n] = 1.0
        item[self.p_first - b + (first - seat) % n] = 1.0
        for s, minister in enumerate(ai):
            if minister:
                item[self.p_minister - b + (s - seat) % n] = 1.0
        if len(self.fronts) > 4096:
            self.fronts.clear()
        run = self.fronts[key] = pack(*item)
        return run

    def _end_memo(
        self, st: GonzaState
    ) -> tuple[Any, Any, frozenset[str], frozenset[str], dict[Any, int]]:
        """A new memo of the end cards' credits, for ``st``'s corporations and broker cards:
        those cards that score at the end (``when`` is ``"end"``: the ones
        ``GonzaState._end_cards`` counts), and the hedges among them."""
        cards = st.comp.broker_cards
        memo: tuple[Any, Any, frozenset[str], frozenset[str], dict[Any, int]] = (
            st.corps,
            cards,
            frozenset(c.id for c in cards if c.when == "end"),
            frozenset(c.id for c in cards if c.effect == "hedge"),
            {},
        )
        self.end_memo = memo
        return memo

    def _end(self, st: GonzaState, s: int, values: list[int]) -> tuple[int, bool, bool]:
        """``GonzaState._end_cards`` of seat ``s`` (0 without an end card), kept by what
        it reads: the hand, the credits held, and the markers' values for a hedge alone;
        whether the hand holds a hedge (then its credits move with the markers), and whether
        it holds an end card (then they move with the credits held)."""
        hand = st.hands[s]
        if not hand:
            return 0, False, False
        memo = self.end_memo
        if memo[0] is not st.corps or memo[1] is not st.comp.broker_cards:
            memo = self._end_memo(st)
        _, _, ends, hedges, table = memo
        if ends.isdisjoint(hand):
            return 0, False, False
        held = st.placed[s :: self.n]
        hedged = not hedges.isdisjoint(hand)
        key = (*hand, *held, *values) if hedged else (*hand, *held)
        end = table.get(key)
        if end is None:
            if len(table) > 4096:
                table.clear()
            end = table[key] = st._end_cards(s, held)
        return end, hedged, True

    def _market(self, st: GonzaState, seat: int, buf: Buffer, mem: _Memory, mv: Any) -> None:
        """Every corporation's block and every player's numbers anew (new corporations, or
        a new buffer)."""
        n = self.n
        corps, pos, placed, total = st.corps, st.pos, st.placed, st.total
        self.clear(buf.data, self.p_corps, self.sizes["corporations"])
        cat = self.credit_at[seat]
        for c, corp in enumerate(corps):
            b = self.p_corps + c * self.corp_step
            mv[b] = 1.0
            mv[b + 1 + self.corp_ix[corp.id]] = 1.0
            mv[self.position_at[c]] = pos[c]
            mv[self.total_at[c]] = total[c]
            for s in range(n):
                mv[cat[c * n + s] - 1] = 1.0
        for i, k in enumerate(placed):
            mv[cat[i]] = k
        supply, personal, paid = st.supply, st.personal, st.paid
        at = self.supply_at[seat]
        for s in range(n):
            mv[at[s]] = supply[s] / 10
            mv[at[s] + 1] = personal[s]
            mv[at[s] + 2] = paid[s]
        # GonzaState.score(s): personal credits, stocks at the markers' values, end cards
        tracks = mem.tracks = tuple(corp.track for corp in corps)
        values = list(map(getitem, tracks, pos))
        ends = [self._end(st, s, values) for s in range(n)]
        score = [
            personal[s]
            + sum([k * v for k, v in zip(placed[s::n], values, strict=True)])
            + ends[s][0]
            for s in range(n)
        ]
        at = self.score_at[seat]
        for s in range(n):
            mv[at[s]] = score[s] / 10
        mem.score = score
        mem.end = [end for end, _, _ in ends]
        mem.hedged = [hedged for _, hedged, _ in ends]
        mem.ended = [ended for _, _, ended in ends]
        mem.corps = corps
        mem.pos, mem.placed, mem.total = pos[:], placed[:], total[:]
        mem.supply, mem.personal, mem.paid = supply[:], personal[:], paid[:]

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: GonzaState = state
        n = self.n
        at: Any  # (offsets, runs and the buffer's copies, of each block in turn)
        run: Any
        was: Any
        mem = keys.get("mem")  # what the blocks were written from
        if mem is None or self.last != seat:
            mem = self._take(seat, buf, keys)
        mv: Any = keys["view"]  # the buffer as floats: a store costs less than the array's
        # phase, active, first player, the Minister's seats: one run per combination
        front = (seat, st.phase, st.active, st.first, st.ai)
        if front != mem.front:
            buf.raw[self.front_at] = self.fronts.get(front) or self._front(front)
            mem.front = front
        # the corporations' positions, credits and totals, and the players' numbers, where
        # they changed; each seat's score (``score``) mended by what it rests on
        pos, placed, total = st.pos, st.placed, st.total
        redo: Any = ()  # the seats whose end cards are to be worked out again
        if st.corps is not mem.corps:
            self._market(st, seat, buf, mem, mv)
        else:
            score = mem.score
            held = mem.placed
            if pos != mem.pos:
                was = mem.pos
                tracks = mem.tracks
                at = self.position_at
                sat = self.score_at[seat]
                for c in range(len(pos)):
                    p = pos[c]
                    if p != was[c]:
                        mv[at[c]] = p
                        gain = tracks[c][p] - tracks[c][was[c]]
                        was[c] = p
                        for s in range(n):
                            k = held[c * n + s]
                            if k:
                                score[s] += k * gain
                                mv[sat[s]] = score[s] / 10
                if True in mem.hedged:
                    redo = {s for s, hedged in enumerate(mem.hedged) if hedged}
            if placed != held or total != mem.total:
                tracks = mem.tracks
                ended = mem.ended
                was = mem.total
                at = self.total_at
                cat = self.credit_at[seat]
                sat = self.score_at[seat]
                # a corporation's credits are looked at where its total changed, and all
                # of them only if that was not all (credits that changed hands)
                for c in range(len(total)):
                    if total[c] != was[c]:
                        mv[at[c]] = was[c] = total[c]
                        for i in range(c * n, c * n + n):
                            k = placed[i]
                            if k != held[i]:
                                s = i - c * n
                                mv[cat[i]] = k
                                score[s] += (k - held[i]) * tracks[c][pos[c]]
                                mv[sat[s]] = score[s] / 10
                                held[i] = k
                                if ended[s]:
                                    redo = {*redo, s}
                if placed != held:
                    for i in range(len(placed)):
                        k = placed[i]
                        if k != held[i]:
                            s = i % n
                            mv[cat[i]] = k
                            score[s] += (k - held[i]) * tracks[i // n][pos[i // n]]
                            mv[sat[s]] = score[s] / 10
                            held[i] = k
                            if ended[s]:
                                redo = {*redo, s}
            personal, supply, paid = st.personal, st.supply, st.paid
            if personal != mem.personal or supply != mem.supply or paid != mem.paid:
                was, had, spent = mem.personal, mem.supply, mem.paid
                at = self.supply_at[seat]
                sat = self.score_at[seat]
                for s in range(n):
                    if personal[s] != was[s] or supply[s] != had[s] or paid[s] != spent[s]:
                        b = at[s]
                        mv[b] = supply[s] / 10
                        mv[b + 1] = personal[s]
                        mv[b + 2] = spent[s] = paid[s]
                        score[s] += personal[s] - was[s]
                        mv[sat[s]] = score[s] / 10
                        was[s] = personal[s]
                        had[s] = supply[s]
        # the players' cards
        hands = st.hands
        was = mem.hands
        if hands != was:
            run = self.card_run
            ix = self.card_ix
            at = self.cards_at[seat]
            seats = []
            for s in range(n):
                hand = hands[s]
                if was is None or hand != was[s]:
                    self.put_list(buf, at[s], run, ix, hand, 0 if was is None else len(was[s]))
                    seats.append(s)
            mem.hands = [hand[:] for hand in hands]
            redo = {*redo, *seats}
        if redo:
            # end cards: a seat's score moves by the change of its end cards' credits
            values = list(map(getitem, mem.tracks, pos))
            score, ends, hedged, ended = mem.score, mem.end, mem.hedged, mem.ended
            sat = self.score_at[seat]
            for s in redo:
                end, hedged[s], ended[s] = self._end(st, s, values)
                if end != ends[s]:
                    score[s] += end - ends[s]
                    ends[s] = end
                    mv[sat[s]] = score[s] / 10
        # the decks and the events
        counts = (st.cap, len(st.corp_deck), st.tokens, len(st.event_deck), len(st.broker_deck))
        if counts != mem.counts:
            cap, corp_deck, tokens, event_deck, broker_deck = mem.counts = counts
            p = self.p_cap
            mv[p] = cap
            mv[p + 1] = corp_deck
            mv[p + 2] = tokens
            mv[p + 3] = event_deck
            mv[self.p_broker_deck] = broker_deck
        done = st.events_done
        if done != mem.events_done:
            run, ix, was = self.event_run, self.event_ix, mem.events_done or ()
            self.put_list(buf, self.p_events_done, run, ix, done, len(was))
            mem.events_done = done[:]
        current, cancelled = st.current_event, st.event_cancelled
        if current is not None or cancelled or mem.event:
            p = self.p_current
            self.clear(buf.data, p, self.p_cancelled - p)
            if current is not None:
                mv[p] = 1.0
                mv[p + 1 + self.event_ix[current]] = 1.0
            mv[self.p_cancelled] = 1.0 if cancelled else 0.0
            mem.event = current is not None or cancelled
        # the broker's cards, and the bids that changed
        face_up, bids = st.face_up, st.bids
        if face_up != mem.face_up or bids != mem.bids:
            was = mem.bids
            if face_up != mem.face_up:
                run, ix, old = self.broker_item, self.card_ix, mem.face_up or ()
                self.put_list(buf, self.p_broker, run, ix, face_up, len(old))
                mem.face_up = face_up[:]
                was = None
            at = self.bid_at[seat]
            for i in range(len(face_up) * n):
                if was is None or bids[i] != was[i]:
                    mv[at[i]] = bids[i]
            mem.bids = bids[:]
        bottom = st.broker_deck[st.deck_hidden :]
        if bottom != mem.bottom:
            run, ix, was = self.card_run, self.card_ix, mem.bottom or ()
            self.put_list(buf, self.p_bottom, run, ix, bottom, len(was))
            mem.bottom = bottom
        # dice (each die that changed), rerolls, the final round
        dice, used = st.dice, st.used
        was, flags = mem.dice, mem.used
        if dice != was or used != flags or st.black != mem.black:
            black = st.black
            if was is None or len(dice) != len(was) or black != mem.black:
                run = self.die_run
                self.put_run(
                    buf,
                    self.p_dice,
                    b"".join([run[f][u] for f, u in zip(dice, used, strict=False)]),
                    0 if was is None else 4 * self.dice_step * len(was),
                )
                mem.dice, mem.used, mem.black = dice[:], used[:], black
            elif dice == was:
                at, step = self.used_at, self.dice_step
                for i in range(len(used)):
                    if used[i] != flags[i]:
                        mv[at + i * step] = flags[i] = used[i]
            else:
                raw, at, run = buf.raw, self.die_at, self.die_run
                for i in range(len(dice)):
                    if dice[i] != was[i] or used[i] != flags[i]:
                        raw[at[i]] = run[dice[i]][used[i]]
                        was[i] = dice[i]
                        flags[i] = used[i]
            if black and dice:
                mv[self.black_at + (len(dice) - 1) * self.dice_step] = 1.0
        mv[self.p_rerolls] = st.rerolls_left
        mv[self.p_final_round] = st.final
        final = st.dice_final
        if final != mem.final_dice:
            at = self.final_dice_at[seat]
            for s in range(n):
                mv[at[s]] = final[s]
            mem.final_dice = final[:]
        # the decision taken for a Minister, and a protection offer (the last blocks)
        decision, protect = st.decision, st.protect_offer
        if decision is not None or protect is not None or mem.tail:
            data = buf.data
            data[self.p_decision :] = self.tail_zero
            if decision is not None:
                kind, ai_seat, choices, amount = decision
                b = self.p_decision
                data[b] = 1.0
                data[self.at["decision.kind"] + self.kind_ix[kind]] = 1.0
                data[self.at["decision.for"] + (ai_seat - seat) % n] = 1.0
                c = self.at["decision.choices"]
                for x in choices:
                    data[c] = 1.0
                    data[c + 1] = self.choice_ix[x] + 1.0
                    c += 2
                data[self.at["decision.amount"]] = amount + 0.0
            if protect is not None:
                holder, cid, _ = protect
                data[self.p_protect] = 1.0
                data[self.at["protect.seat"] + (holder - seat) % n] = 1.0
                data[self.at["protect.card"] + self.card_ix[cid]] = 1.0
            mem.tail = decision is not None or protect is not None
